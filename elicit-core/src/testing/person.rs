//! [`Person`]: what the person at the test client does, one step for each form, page or link they
//! are shown, in order.

use std::collections::VecDeque;

use ::rmcp::model::ElicitResult;
use serde_json::Value;

/// The person at the test client: one step for each form, page or link the call shows them, in
/// order. A call that shows them more than the steps given ends with
/// [`TestError::OutOfSteps`](super::TestError::OutOfSteps), and one that leaves steps unused with
/// [`TestError::LeftOver`](super::TestError::LeftOver): the script says exactly what the person
/// is asked.
///
/// - On a form, [`answer`](Person::answer) accepts with the values as the form's content,
///   [`decline`](Person::decline) and [`cancel`](Person::cancel) say so.
/// - On a page (URL mode, or a link in the result), the browser opens it, fills the values in as
///   a person types them and presses the button; `decline` presses "decline"; `cancel` closes
///   it unanswered.
/// - [`respond`](Person::respond) sends the client's answer exactly as given, whatever was shown:
///   for the hostile cases, such as an accept with no content, or content no form holds.
#[derive(Clone, Debug, Default)]
pub struct Person {
    pub(super) steps: VecDeque<Step>,
}

/// One step of the person's.
#[derive(Clone, Debug)]
pub(super) enum Step {
    Answer(Value),
    Decline,
    Cancel,
    Respond(ElicitResult),
}

impl Step {
    /// What the step is, for a message.
    pub(super) fn describe(&self) -> String {
        match self {
            Step::Answer(values) => format!("answer {values}"),
            Step::Decline => "decline".to_owned(),
            Step::Cancel => "cancel".to_owned(),
            Step::Respond(result) => format!(
                "respond {}",
                serde_json::to_value(result).unwrap_or(Value::Null)
            ),
        }
    }
}

impl Person {
    /// A person who is asked nothing: every step is added with the methods below.
    pub fn new() -> Self {
        Person::default()
    }

    /// Accepts with `values`: the form's content, or what is typed into the page's fields (a
    /// number or a boolean as its text; each value of an array as one choice). `values` must be a
    /// JSON object whose names are the form's fields: a person can only fill in fields that are
    /// there (for anything else, [`respond`](Person::respond)). A value that breaks the form's
    /// rules is sent as it is: the server is to ask again. Values that are not an object end
    /// the call with [`TestError::Unfillable`](super::TestError::Unfillable).
    #[must_use]
    pub fn answer(mut self, values: Value) -> Self {
        self.steps.push_back(Step::Answer(values));
        self
    }

    /// Declines: on a form, `decline`; on a page, the decline button.
    #[must_use]
    pub fn decline(mut self) -> Self {
        self.steps.push_back(Step::Decline);
        self
    }

    /// Cancels: on a form, `cancel` (the person dismissed it); a page or a link is left
    /// unanswered.
    #[must_use]
    pub fn cancel(mut self) -> Self {
        self.steps.push_back(Step::Cancel);
        self
    }

    /// The client answers `result`, exactly, to the next request, whatever it shows: a page is
    /// not opened, a link is not followed.
    #[must_use]
    pub fn respond(mut self, result: ElicitResult) -> Self {
        self.steps.push_back(Step::Respond(result));
        self
    }

    /// The steps not taken yet.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether every step has been taken.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}
