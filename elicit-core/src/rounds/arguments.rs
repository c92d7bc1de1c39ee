//! A tool's arguments read into its typed struct, with a form for what the model left out or got
//! wrong: the arguments given and valid are kept, and only the required ones missing and the ones
//! that break their rules are asked for, in one form of exactly those fields.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::RoundError;
use super::item::{Ask, Item, Retry, elicitation_request, judge_form};
use super::slot::{Slot, slot};
use crate::answer::Elicitation;
use crate::error::ContentError;
use crate::form::Elicit;
use crate::lang::Preference;
use crate::request::FormRequest;
use crate::schema::Content;
use crate::version::ProtocolVersion;

/// The key the arguments' form travels under in `inputRequests` (2026-07-28) by default.
pub const ARGUMENTS_KEY: &str = "arguments";

impl<T: Elicit> Ask<T> {
    /// The tool's `arguments` read into `T`, as a round item: settled at once when they keep
    /// every rule of `T` (nothing is asked), otherwise a form of exactly the fields that are
    /// missing (required ones only: an optional argument left out stays `None`) or break their
    /// rules, its message naming every problem.
    ///
    /// The user's answer fills only the fields the form asked for (anything else in it is
    /// ignored), is merged with the arguments given, and the whole is judged again, `validate`
    /// hooks included; an answer that still breaks a rule asks again. Arguments `T` does not
    /// have are ignored, as serde ignores unknown fields. The form's key is this ask's, or
    /// [`ARGUMENTS_KEY`] if it kept the default.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    /// use mcp_elicit::rounds::{Ask, Item};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug)]
    /// #[elicit(rename_all = "lowercase")]
    /// enum Priority {
    ///     Low,
    ///     Normal,
    ///     High,
    /// }
    ///
    /// #[derive(Elicit, Debug)]
    /// #[elicit(message = "Create an issue")]
    /// struct CreateIssue {
    ///     #[elicit(min_length = 3)]
    ///     title: String,
    ///     priority: Priority,
    /// }
    ///
    /// let arguments = json!({"title": "Crash on start"});
    /// let item = Ask::<CreateIssue>::new().arguments_item(arguments.as_object()).unwrap();
    /// assert!(!item.is_settled());
    /// assert_eq!(item.asked().collect::<Vec<_>>(), ["priority"]);
    /// let request = item.request_for(mcp_elicit::ProtocolVersion::V2025_11_25, None).unwrap();
    /// assert_eq!(request["params"]["message"], "Create an issue\n\nPlease correct this:\n- priority: is required");
    /// ```
    ///
    /// # Errors
    ///
    /// When the options supplied for a runtime select cannot be sent ([`RoundError::Choices`]).
    pub fn arguments_item(
        &self,
        arguments: Option<&Map<String, Value>>,
    ) -> Result<ArgumentsItem<T>, RoundError> {
        self.arguments_item_for(arguments, None)
    }

    /// [`Ask::arguments_item`], its form in the language `preference` chooses among `T`'s,
    /// reported as its requests' `contentLanguage`: as [`Ask::item_in`].
    ///
    /// # Errors
    ///
    /// As [`Ask::arguments_item`].
    pub fn arguments_item_in(
        &self,
        arguments: Option<&Map<String, Value>>,
        preference: &Preference,
    ) -> Result<ArgumentsItem<T>, RoundError> {
        self.arguments_item_for(arguments, Some(preference))
    }

    fn arguments_item_for(
        &self,
        arguments: Option<&Map<String, Value>>,
        preference: Option<&Preference>,
    ) -> Result<ArgumentsItem<T>, RoundError> {
        let full = self.request(preference)?;
        let given = arguments.cloned().unwrap_or_default();
        let key = if self.key == super::DEFAULT_KEY {
            Cow::Borrowed(ARGUMENTS_KEY)
        } else {
            self.key.clone()
        };
        let mut item = ArgumentsItem {
            slot: self
                .slot(key)
                .told_in(preference.map(crate::lang::Words::choose)),
            meta: self.meta.clone(),
            reports_language: preference.is_some(),
            partial: None,
            asked: Vec::new(),
            problems: None,
            answer: None,
            given,
            full,
        };
        match super::item::read::<T>(&item.full, &item.given) {
            Ok(value) => item.answer = Some(Elicitation::Accepted(value)),
            Err(problems) => {
                let schema = item.full.schema();
                let asked = schema
                    .properties()
                    .iter()
                    .map(super::super::schema::Property::name)
                    .filter(|name| problems.errors().iter().any(|e| e.field() == *name));
                item.asked = asked.map(str::to_owned).collect();
                if !item.asked.is_empty() {
                    let part = schema.only(|name| item.asked.iter().any(|a| a == name));
                    let message = Cow::Owned(item.full.message().to_owned());
                    let partial = FormRequest::owned(message, part);
                    item.partial = Some(partial.in_language(item.full.language().to_owned()));
                }
                item.problems = Some(problems);
            }
        }
        Ok(item)
    }
}

/// A tool's arguments in a round: see [`Ask::arguments_item`].
pub struct ArgumentsItem<T> {
    slot: Slot,
    meta: Option<Map<String, Value>>,
    /// Whether its requests report their language ([`Ask::arguments_item_in`]).
    reports_language: bool,
    /// The arguments as the model gave them.
    given: Content,
    /// The whole form, with its runtime options: what the merged arguments are judged by.
    full: FormRequest<'static>,
    /// The form of the fields asked (`None` if nothing is asked).
    partial: Option<FormRequest<'static>>,
    /// The wire names of the fields asked, in form order.
    asked: Vec<String>,
    /// What was wrong with the arguments given.
    problems: Option<ContentError>,
    answer: Option<Elicitation<T>>,
}

slot!(ArgumentsItem<T>, asked = full);

impl<T: Elicit> ArgumentsItem<T> {
    /// The arguments read into `T` (`Accepted`), or the user's `Declined` or `Cancelled` of the
    /// form: `None` before a round settled it, or when the client could not be asked
    /// ([`ArgumentsItem::problems`] then says what was wrong).
    pub fn take(&mut self) -> Option<Elicitation<T>> {
        self.answer.take()
    }

    /// Whether there is nothing to ask: the arguments kept every rule as given (or, should their
    /// problems name no field of the form, nothing could be asked about them: [`take`] then gives
    /// `None` and [`ArgumentsItem::problems`] says what is wrong). Rounds skip it.
    ///
    /// [`take`]: ArgumentsItem::take
    pub fn is_settled(&self) -> bool {
        self.partial.is_none()
    }

    /// The wire names of the fields the form asks for, in form order.
    pub fn asked(&self) -> impl Iterator<Item = &str> {
        self.asked.iter().map(String::as_str)
    }

    /// What was wrong with the arguments as given, if anything.
    pub fn problems(&self) -> Option<&ContentError> {
        self.problems.as_ref()
    }

    /// Whether the round left it out, the client having declared no form elicitation.
    pub fn is_unavailable(&self) -> bool {
        self.slot.is_unavailable()
    }

    /// The language its form is asked in ([`FormRequest::language`]).
    pub fn language(&self) -> &str {
        self.full.language()
    }
}

impl<T: Elicit + Send> Item for ArgumentsItem<T> {
    fn is_settled(&self) -> bool {
        ArgumentsItem::is_settled(self)
    }

    fn request_for(
        &self,
        version: ProtocolVersion,
        retry: Option<&Retry>,
    ) -> Result<Value, RoundError> {
        let Some(partial) = &self.partial else {
            return Err(RoundError::Responses {
                key: Some(self.key().to_owned()),
                reason: "nothing is asked of the arguments".to_owned(),
            });
        };
        let request = match (retry, &self.problems) {
            (Some(retry), _) => partial.retry(&retry.content, &retry.problems),
            (None, Some(problems)) => partial.retry(&Content::new(), problems),
            (None, None) => partial.clone(),
        };
        elicitation_request(&request, version, self.meta.as_ref(), self.reports_language)
    }

    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError> {
        let (given, asked, full) = (&self.given, &self.asked, &self.full);
        judge_form(&self.slot, response, &mut self.answer, |content| {
            // Only the fields asked for: the rest of the answer cannot touch the arguments given.
            let mut merged = given.clone();
            let mut answered = Content::new();
            for name in asked {
                merged.remove(name);
                if let Some(value) = content.get(name).filter(|v| !v.is_null()) {
                    merged.insert(name.clone(), value.clone());
                    answered.insert(name.clone(), value.clone());
                }
            }
            super::item::read::<T>(full, &merged).map_err(|problems| (answered, problems))
        })
    }
}
