//! A form page's submission: an `application/x-www-form-urlencoded` body read into the form's
//! [`Content`], the same JSON value a client's answer carries, and judged by the same rules
//! ([`RequestedSchema::validate`]).
//!
//! What the page's form sends ([`FormPage`](super::render::FormPage)): `action` (`accept` or
//! `decline`, the button pressed), each property's value under [`FIELD_PREFIX`] and its name,
//! and any hidden field. Each property is read as its schema says:
//!
//! | property | sent | content |
//! |---|---|---|
//! | text | the text | a string; empty: absent if optional, `""` if required (its rules judge it) |
//! | date-time | `2025-11-25T09:30` (`datetime-local`) | read as UTC: `"2025-11-25T09:30:00Z"` |
//! | integer, number | the digits | a number; text that is none, a string (the rules name it) |
//! | required boolean | a checkbox: `true` when ticked, nothing when not | `true` or `false` |
//! | optional boolean | `true`, `false`, or empty for no answer | `true`, `false`, or absent |
//! | single-select | the option's value, or empty for no answer | a string, or absent (so an option whose value is empty reads as no answer) |
//! | multi-select | each chosen option's value | a list, in the order sent (`[]`: a required one with none) |
//!
//! A property sent more than once where it takes one value becomes the list of its values, which
//! the rules refuse as of the wrong type (so does any judge, the typed parser included); names the
//! form does not have are ignored. Reading is linear in the body's length, and never fails on any
//! bytes: invalid percent-escapes are kept as they are, invalid UTF-8 becomes U+FFFD.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde_json::Value;

use super::render::{FIELD_PREFIX, LOCAL_MINUTES, is_local_date_time};
use crate::error::{ContentError, FieldError};
use crate::schema::{Content, Property, PropertySchema, RequestedSchema, StringFormat};

/// The name of the submit buttons' field.
const ACTION: &str = "action";

/// Which button the person pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `action=accept`: the person answers the form.
    Accept,
    /// `action=decline`: the person declines to answer.
    Decline,
}

impl Action {
    /// The button's value: `"accept"` or `"decline"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline => "decline",
        }
    }
}

/// A submission read: the button pressed, and the content as a JSON answer would carry it (not
/// judged yet; see [`Submission::judge_with`] and [`judge`]).
///
/// Its `Debug` names the properties sent, never their values (a secret may be one of them).
///
/// It may gain fields, so code outside this crate makes one with [`Submission::new`], not with a
/// struct literal.
#[non_exhaustive]
pub struct Submission {
    /// The button pressed.
    pub action: Action,
    /// The values, typed by the form's schema.
    pub content: Content,
}

impl fmt::Debug for Submission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Submission")
            .field("action", &self.action)
            .field("content", &self.content.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// A submission judged.
pub enum Judged {
    /// Accepted, and the content keeps every rule of the form.
    Accepted(Content),
    /// Declined (whatever the fields held).
    Declined,
    /// Accepted, but the content breaks the form's rules: show the page again
    /// ([`FormPage::values`](super::render::FormPage::values) and
    /// [`FormPage::problems`](super::render::FormPage::problems)).
    Invalid {
        /// What was sent, to fill in again, without the form's secret fields
        /// ([`StringSchema::is_secret`](crate::schema::StringSchema::is_secret)), which are never
        /// kept longer than needed.
        values: Content,
        /// Every problem, each naming its field.
        problems: ContentError,
    },
}

/// Names the outcome and the properties, never their values.
impl fmt::Debug for Judged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Judged::Accepted(content) => f
                .debug_tuple("Accepted")
                .field(&content.keys().collect::<Vec<_>>())
                .finish(),
            Judged::Declined => f.write_str("Declined"),
            Judged::Invalid { values, problems } => f
                .debug_struct("Invalid")
                .field("values", &values.keys().collect::<Vec<_>>())
                .field(
                    "problems",
                    &problems
                        .errors()
                        .iter()
                        .map(FieldError::field)
                        .collect::<Vec<_>>(),
                )
                .finish(),
        }
    }
}

/// Why a body is no submission of a page's form: the buttons' `action` field is wrong. (Its
/// properties cannot make it so: what they hold is for the rules to judge.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SubmissionError {
    /// No `action` field: the form was not sent with one of its buttons.
    MissingAction,
    /// An `action` that is neither `accept` nor `decline`.
    UnknownAction,
    /// More than one `action` field.
    RepeatedAction,
}

impl fmt::Display for SubmissionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SubmissionError::MissingAction => {
                "the form was not sent with one of its buttons (it has no `action`)"
            }
            SubmissionError::UnknownAction => {
                "the form's `action` must be \"accept\" or \"decline\""
            }
            SubmissionError::RepeatedAction => "the form has more than one `action`",
        })
    }
}

impl std::error::Error for SubmissionError {}

/// Reads `body`, the `application/x-www-form-urlencoded` submission of the page of `schema`,
/// into the button pressed and the content, typed as the table of [this module](self) says. The
/// content is not judged: see [`judge`].
///
/// ```
/// use mcp_elicit::page::submission::{self, Action};
/// use mcp_elicit::RequestedSchema;
/// use serde_json::json;
///
/// let schema: RequestedSchema = serde_json::from_value(json!({
///     "type": "object",
///     "properties": {
///         "name": {"type": "string"},
///         "age": {"type": "integer"},
///         "when": {"type": "string", "format": "date-time"},
///         "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}}
///     },
///     "required": ["name"]
/// }))
/// .unwrap();
/// let body = b"f.name=Ada+L%C3%B6w&f.age=36&f.when=2025-11-25T09%3A30&f.tags=c&f.tags=a&csrf=x&action=accept";
/// let read = submission::read(&schema, body).unwrap();
/// assert_eq!(read.action, Action::Accept);
/// assert_eq!(
///     serde_json::Value::Object(read.content),
///     json!({"name": "Ada Löw", "age": 36, "when": "2025-11-25T09:30:00Z", "tags": ["c", "a"]})
/// );
/// ```
///
/// # Errors
///
/// [`SubmissionError`] when the body has no `action`, more than one, or one that is neither
/// `accept` nor `decline`.
pub fn read(schema: &RequestedSchema, body: &[u8]) -> Result<Submission, SubmissionError> {
    let properties = schema.properties();
    let lookup = Lookup::new(properties);
    let mut sent: Vec<Sent<'_>> = std::iter::repeat_with(|| Sent::Nothing)
        .take(properties.len())
        .collect();
    let mut action = None;
    for (name, value) in form_urlencoded::parse(body) {
        if name == ACTION {
            if action.is_some() {
                return Err(SubmissionError::RepeatedAction);
            }
            action = Some(match &*value {
                "accept" => Action::Accept,
                "decline" => Action::Decline,
                _ => return Err(SubmissionError::UnknownAction),
            });
        } else if let Some(name) = name.strip_prefix(FIELD_PREFIX)
            && let Some(index) = lookup.find(properties, name)
        {
            sent[index].push(value);
        }
    }
    let action = action.ok_or(SubmissionError::MissingAction)?;
    let mut content = Content::with_capacity(properties.len());
    for (property, sent) in properties.iter().zip(sent) {
        if let Some(value) = typed(property, sent) {
            content.insert(property.name().to_owned(), value);
        }
    }
    Ok(Submission { action, content })
}

/// Reads `body` as [`read`] does, and judges the content by the rules of `schema`
/// ([`RequestedSchema::validate`], as a JSON answer is judged): the content to use, a decline,
/// or what to fill in again with the problems.
///
/// ```
/// use mcp_elicit::Elicit;
/// use mcp_elicit::page::submission::{self, Judged};
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Connect {
///     #[elicit(min_length = 2, max_length = 40)]
///     label: String,
///     #[elicit(minimum = 1)]
///     replicas: Option<u8>,
/// }
///
/// let schema = Connect::requested_schema();
/// let Ok(Judged::Accepted(content)) = submission::judge(schema, b"f.label=Prod&f.replicas=3&action=accept") else {
///     unreachable!()
/// };
/// assert_eq!(
///     Connect::from_content(&content).unwrap(),
///     Connect { label: "Prod".into(), replicas: Some(3) }
/// );
///
/// let Ok(Judged::Invalid { problems, .. }) = submission::judge(schema, b"f.label=P&f.replicas=x&action=accept") else {
///     unreachable!()
/// };
/// assert_eq!(
///     problems.to_string(),
///     "`label`: must be at least 2 characters long, got 1\n`replicas`: must be a whole number, not text"
/// );
/// assert!(matches!(submission::judge(schema, b"action=decline"), Ok(Judged::Declined)));
/// ```
///
/// # Errors
///
/// As [`read`].
pub fn judge(schema: &RequestedSchema, body: &[u8]) -> Result<Judged, SubmissionError> {
    read(schema, body).map(|submission| submission.judge_with(schema, |c| schema.validate(c)))
}

impl Submission {
    /// `action` pressed, with `content` (typed as [`read`] types it): to judge content that came
    /// another way than a page's body, as a page's is judged.
    ///
    /// ```
    /// use mcp_elicit::page::submission::{Action, Judged, Submission};
    /// use mcp_elicit::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {"name": {"type": "string", "minLength": 2}},
    ///     "required": ["name"]
    /// }))
    /// .unwrap();
    /// let content = json!({"name": "A"}).as_object().unwrap().clone();
    /// let judged = Submission::new(Action::Accept, content).judge_with(&schema, |c| schema.validate(c));
    /// assert!(matches!(judged, Judged::Invalid { .. }));
    /// ```
    pub fn new(action: Action, content: Content) -> Self {
        Submission { action, content }
    }

    /// The submission judged by `rules`: [`RequestedSchema::validate`] (what [`judge`] uses),
    /// or a derived form's own reader with its `validate` hooks
    /// (`|c| T::from_content(c).map(drop)`). `schema` says which fields are secret, to leave
    /// them out of what is filled in again.
    pub fn judge_with(
        self,
        schema: &RequestedSchema,
        rules: impl FnOnce(&Content) -> Result<(), ContentError>,
    ) -> Judged {
        let mut content = self.content;
        match self.action {
            Action::Decline => {
                // What was typed before the decline is dropped, zeroed (a secret among it).
                crate::page::zeroize_content(&mut content);
                Judged::Declined
            }
            Action::Accept => match rules(&content) {
                Ok(()) => Judged::Accepted(content),
                Err(problems) => {
                    let mut values = content;
                    values.retain(|name, value| {
                        let secret = schema.property(name).is_some_and(
                            |p| matches!(p.schema(), PropertySchema::String(s) if s.is_secret()),
                        );
                        if secret {
                            crate::page::zeroize_value(value);
                        }
                        !secret
                    });
                    Judged::Invalid { values, problems }
                }
            },
        }
    }
}

/// What the body holds for one property.
enum Sent<'b> {
    Nothing,
    One(Cow<'b, str>),
    Many(Vec<Cow<'b, str>>),
}

impl<'b> Sent<'b> {
    fn push(&mut self, value: Cow<'b, str>) {
        *self = match std::mem::replace(self, Sent::Nothing) {
            Sent::Nothing => Sent::One(value),
            Sent::One(first) => Sent::Many(vec![first, value]),
            Sent::Many(mut values) => {
                values.push(value);
                Sent::Many(values)
            }
        };
    }
}

/// Finds a property by name: a search in a short form, a hash map in a long one, so that reading
/// a body stays linear in its length whatever the form's size.
enum Lookup<'s> {
    Search,
    Indexed(HashMap<&'s str, usize>),
}

/// Up to this many properties, a search beats a hash.
const SEARCHED: usize = 16;

impl<'s> Lookup<'s> {
    fn new(properties: &'s [Property]) -> Self {
        if properties.len() <= SEARCHED {
            Lookup::Search
        } else {
            let mut index = HashMap::with_capacity(properties.len());
            for (i, property) in properties.iter().enumerate() {
                // The first of two equal names, as `RequestedSchema::property` finds it.
                index.entry(property.name()).or_insert(i);
            }
            Lookup::Indexed(index)
        }
    }

    fn find(&self, properties: &[Property], name: &str) -> Option<usize> {
        match self {
            Lookup::Search => properties.iter().position(|p| p.name() == name),
            Lookup::Indexed(index) => index.get(name).copied(),
        }
    }
}

/// The value of `property` in the content, from what was sent; `None` leaves it out.
fn typed(property: &Property, sent: Sent<'_>) -> Option<Value> {
    let required = property.is_required();
    let one = match sent {
        Sent::Many(values) => {
            return Some(Value::Array(
                values
                    .into_iter()
                    .map(|v| Value::String(v.into_owned()))
                    .collect(),
            ));
        }
        Sent::One(value) => Some(value),
        Sent::Nothing => None,
    };
    match property.schema() {
        PropertySchema::String(s) => {
            let text = one?;
            if text.is_empty() && !required {
                return None;
            }
            Some(Value::String(
                if s.format() == Some(StringFormat::DateTime) {
                    utc(text)
                } else {
                    text.into_owned()
                },
            ))
        }
        PropertySchema::Number(_) => {
            let text = one?;
            let trimmed = text.trim_ascii();
            if trimmed.is_empty() {
                return None;
            }
            Some(number(trimmed).unwrap_or_else(|| Value::String(text.into_owned())))
        }
        PropertySchema::Boolean(_) => match one.as_deref() {
            // A checkbox not ticked sends nothing: `false`, for a required boolean shown as one.
            None if required => Some(Value::Bool(false)),
            None | Some("") => None,
            Some("true") => Some(Value::Bool(true)),
            Some("false") => Some(Value::Bool(false)),
            Some(other) => Some(Value::String(other.to_owned())),
        },
        PropertySchema::SingleSelect(_) => {
            let choice = one.filter(|c| !c.is_empty())?;
            Some(Value::String(choice.into_owned()))
        }
        PropertySchema::MultiSelect(_) => match one {
            Some(choice) => Some(Value::Array(vec![Value::String(choice.into_owned())])),
            // No box ticked: none chosen, for a required one; no answer, for an optional one.
            None => required.then(|| Value::Array(Vec::new())),
        },
    }
}

/// `text` as a JSON number: an integer if it is one, else a finite float; `None` for text that
/// is no number (JavaScript's `inf`, `NaN` and numbers too large for a float included).
fn number(text: &str) -> Option<Value> {
    if let Ok(n) = text.parse::<i64>() {
        return Some(Value::from(n));
    }
    if let Ok(n) = text.parse::<u64>() {
        return Some(Value::from(n));
    }
    let n = text.parse::<f64>().ok()?;
    serde_json::Number::from_f64(n).map(Value::Number)
}

/// A `datetime-local` value read as UTC: `2025-11-25T09:30` is `2025-11-25T09:30:00Z`. Any other
/// text is kept as it is, for the rules to judge.
fn utc(text: Cow<'_, str>) -> String {
    if !is_local_date_time(&text) {
        return text.into_owned();
    }
    let mut utc = text.into_owned();
    if utc.len() == LOCAL_MINUTES {
        utc.push_str(":00");
    }
    utc.push('Z');
    utc
}

#[cfg(test)]
mod tests;
