//! [`RoundError`]: why a round has no answer, and how a form whose rounds are spent is named.

use std::fmt;

use serde_json::Value;

use super::slot::Slot;
use super::{Capability, INVALID_PARAMS, MISSING_REQUIRED_CLIENT_CAPABILITY, StateError};
use crate::choices::ChoicesError;
use crate::error::ContentError;
use crate::lang::{Word, Words, args};
use crate::request::FormRequest;
use crate::version::Unrepresentable;

/// What a person (and the model) is told of an error: its text, and the language it is written
/// in when that was chosen for the person's preference (then reported as the result's
/// `contentLanguage`; without a preference nothing is reported).
// Boxed: an error that carries it stays small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told(Box<(String, Option<String>)>);

impl Told {
    /// `text`, written in `language` if that was chosen for the person's preference.
    pub(crate) fn new(text: String, language: Option<&str>) -> Self {
        Told(Box::new((text, language.map(str::to_owned))))
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.0.0
    }

    /// The language it is written in, if it was chosen for the person's preference.
    pub fn language(&self) -> Option<&str> {
        self.0.1.as_deref()
    }

    /// The text, no longer borrowed.
    pub fn into_text(self) -> String {
        self.0.0
    }
}

/// "once", "2 times": how many times a form was asked, in words.
fn times(rounds: u8) -> String {
    if rounds == 1 {
        "once".to_owned()
    } else {
        format!("{rounds} times")
    }
}

/// What is said of a form whose every round had an answer breaking its rules: the form named by
/// `form` (its title or message; never by its key, which means nothing to whoever reads it), how
/// many times it was asked, and the last answer's problems.
pub(crate) fn still_invalid(
    f: &mut fmt::Formatter<'_>,
    form: Option<&str>,
    rounds: u8,
    problems: &ContentError,
) -> fmt::Result {
    match form {
        Some(form) => write!(f, "the form \"{form}\"")?,
        None => f.write_str("the form")?,
    }
    write!(
        f,
        " was asked {}, and the last answer still breaks its rules:\n{problems}",
        times(rounds)
    )
}

/// What the person and the model are told of a form whose rounds are spent: in the crate's words
/// chosen for the person's preference (English without one), the form quoted by its title (or its
/// message's first line) as it was `asked`, each problem beside its field's title.
pub(super) fn told_still_invalid(
    slot: &Slot,
    asked: Option<&FormRequest<'static>>,
    rounds: u8,
    problems: &ContentError,
) -> Told {
    let english;
    let words = if let Some(words) = slot.words() {
        words
    } else {
        english = Words::english();
        &english
    };
    let name = match asked {
        Some(asked) => asked.schema().labels.title.clone().or_else(|| {
            let message = std::borrow::Cow::Owned(asked.message().to_owned());
            (asked.message() != crate::form::DEFAULT_MESSAGE)
                .then(|| super::slot::first_line(message))
        }),
        None => slot
            .name()
            .map(|name| std::borrow::Cow::Owned(name.to_owned())),
    };
    let mut text = match &name {
        Some(form) => words
            .say_with(
                Word::ErrorStillInvalid,
                &args!("form" => form.as_ref(), "rounds" => rounds),
            )
            .into_owned(),
        None => words
            .say_with(Word::ErrorStillInvalidUntitled, &args!("rounds" => rounds))
            .into_owned(),
    };
    crate::request::problem_lines(&mut text, words, asked, problems);
    Told::new(text, slot.words().map(|words| words.language()))
}

/// Why a round has no answer: a protocol fault of the call ([`RoundError::is_protocol_error`]),
/// an answer that kept breaking the form's rules, or a mistake of the server's.
#[derive(Debug)]
#[non_exhaustive]
pub enum RoundError {
    /// The `requestState` is refused (a protocol error, `-32602`).
    State(StateError),
    /// The `inputResponses` are malformed (a protocol error, `-32602`).
    Responses {
        /// The key of the malformed response, if one is.
        key: Option<String>,
        /// What is wrong.
        reason: String,
    },
    /// An answer the server waited for, sent otherwise than in a retried call, is malformed (a
    /// protocol error, `-32602`): the response under `key` in a task's `tasks/update`, or (no
    /// key) the result of a request sent before 2026-07-28. There is no call to retry: the
    /// question is over.
    Answer {
        /// The key of the task's input request it answers, as the client saw it; `None` for the
        /// result of a request.
        key: Option<String>,
        /// What is wrong.
        reason: String,
    },
    /// The client did not declare what a request needs (on 2026-07-28 a protocol error,
    /// `-32021`). A round leaves such items out instead; this is for a handler that cannot go on
    /// without one.
    MissingCapability(Capability),
    /// Every round the form allows had an answer that breaks its rules; these are the last one's
    /// problems.
    StillInvalid {
        /// The form's key.
        key: String,
        /// What the form is called in the error: its title (`#[elicit(title = "..")]` on the
        /// struct) or else its message, unless that is the default one.
        form: Option<String>,
        /// How many rounds were asked.
        rounds: u8,
        /// What was wrong with the last answer.
        problems: ContentError,
        /// What the person and the model are told: in the crate's words chosen for the person's
        /// preference, the form named by its title (or its message's first line) and each field
        /// by its title, as the form was asked.
        told: Told,
    },
    /// The options supplied for the form's runtime selects cannot be sent.
    Choices(ChoicesError),
    /// Two items of a call have one key: their answers could not be told apart.
    SameKey {
        /// The key.
        key: String,
    },
    /// The form says what the protocol version cannot.
    Unrepresentable(Unrepresentable),
    /// The state that would end the call is longer than a state may be
    /// ([`MAX_STATE_SIZE`](super::MAX_STATE_SIZE)): refused when made, never sent. The server's
    /// to mend, not the client's fault (no protocol error): the answers it carries are too long,
    /// or too many.
    StateTooLarge {
        /// How long the sealed state would be, in bytes.
        size: usize,
        /// How long a state may be, in bytes.
        limit: usize,
    },
}

impl RoundError {
    /// Whether it is a fault of the call that the spec answers with a JSON-RPC error (on
    /// 2026-07-28): a refused state, malformed responses, a missing capability.
    pub fn is_protocol_error(&self) -> bool {
        self.code().is_some()
    }

    /// Its JSON-RPC error code, if it is a protocol error.
    pub fn code(&self) -> Option<i32> {
        match self {
            RoundError::State(_) | RoundError::Responses { .. } | RoundError::Answer { .. } => {
                Some(INVALID_PARAMS)
            }
            RoundError::MissingCapability(_) => Some(MISSING_REQUIRED_CLIENT_CAPABILITY),
            _ => None,
        }
    }

    /// The JSON-RPC error's `data`, if it has any: `{"requiredCapabilities": ..}` for a missing
    /// capability.
    pub fn data(&self) -> Option<Value> {
        match self {
            RoundError::MissingCapability(capability) => {
                Some(serde_json::json!({"requiredCapabilities": capability.required()}))
            }
            _ => None,
        }
    }

    /// This error as met in an answer the server waited for (a task's `tasks/update`, the result
    /// of a request sent before 2026-07-28), where nothing is retried: a malformed response is
    /// [`RoundError::Answer`], named by `key` (the key the client answered under, if any).
    #[cfg(feature = "rmcp")]
    pub(crate) fn answered(self, key: Option<&str>) -> Self {
        match self {
            RoundError::Responses { reason, .. } => RoundError::Answer {
                key: key.map(str::to_owned),
                reason,
            },
            other => other,
        }
    }
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::State(error) => write!(
                f,
                "the `requestState` is refused: {error}; call again without `inputResponses` and `requestState` to start over"
            ),
            RoundError::Responses {
                key: Some(key),
                reason,
            } => write!(
                f,
                "the response under `{key}` in `inputResponses` is malformed: {reason}; call again without `inputResponses` and `requestState` to start over"
            ),
            RoundError::Responses { key: None, reason } => write!(
                f,
                "{reason}; call again without `inputResponses` and `requestState` to start over"
            ),
            RoundError::Answer {
                key: Some(key),
                reason,
            } => write!(
                f,
                "the response under `{key}` in `tasks/update` is malformed: {reason}"
            ),
            RoundError::Answer { key: None, reason } => {
                write!(
                    f,
                    "the client's answer to the request is malformed: {reason}"
                )
            }
            RoundError::MissingCapability(Capability::ElicitationForm) => {
                f.write_str("the client did not declare form elicitation (`elicitation.form`)")
            }
            RoundError::MissingCapability(Capability::ElicitationUrl) => {
                f.write_str("the client did not declare URL elicitation (`elicitation.url`)")
            }
            RoundError::MissingCapability(Capability::Sampling) => {
                f.write_str("the client did not declare sampling")
            }
            RoundError::MissingCapability(_) => {
                f.write_str("the client did not declare the capability a request needs")
            }
            RoundError::StillInvalid {
                form,
                rounds,
                problems,
                ..
            } => still_invalid(f, form.as_deref(), *rounds, problems),
            RoundError::Choices(error) => fmt::Display::fmt(error, f),
            RoundError::SameKey { key } => write!(
                f,
                "two requests of one call have the key `{key}`: give each its own with `Ask::key`"
            ),
            RoundError::Unrepresentable(error) => fmt::Display::fmt(error, f),
            RoundError::StateTooLarge { size, limit } => write!(
                f,
                "the `requestState` of this round would be {size} bytes, over the {limit} bytes a state may be, so it was not sent: ask fewer or smaller forms in one call (give long texts a `max_length`), and keep large values on the server rather than in the state"
            ),
        }
    }
}

impl std::error::Error for RoundError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoundError::State(error) => Some(error),
            RoundError::StillInvalid { problems, .. } => Some(problems),
            RoundError::Choices(error) => Some(error),
            RoundError::Unrepresentable(error) => Some(error),
            _ => None,
        }
    }
}
