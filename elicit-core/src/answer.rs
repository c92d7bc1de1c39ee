//! The client's answer: [`Elicitation`] for a whole `ElicitResult`.

use serde_json::Value;

use crate::error::{ElicitResultError, JsonType, describe};
use crate::form::Elicit;
use crate::schema::Content;

/// What the user did with a form: accepted it (with the values), declined it, or dismissed it.
///
/// Declining and cancelling are answers, not errors: a server usually goes on differently after
/// each.
///
/// ```
/// use mcp_elicit::{Elicit, Elicitation};
/// use serde_json::json;
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Confirm {
///     #[elicit(default = false)]
///     also_delete_backups: bool,
/// }
///
/// let accepted = json!({"action": "accept", "content": {"also_delete_backups": true}});
/// assert_eq!(
///     Elicitation::<Confirm>::from_result(&accepted).unwrap(),
///     Elicitation::Accepted(Confirm { also_delete_backups: true })
/// );
/// let declined = json!({"action": "decline"});
/// assert_eq!(Elicitation::<Confirm>::from_result(&declined).unwrap(), Elicitation::Declined);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Elicitation<T> {
    /// `accept`: the user submitted the form; here are the values.
    Accepted(T),
    /// `decline`: the user explicitly said no.
    Declined,
    /// `cancel`: the user dismissed the form without choosing.
    Cancelled,
}

impl<T: Elicit> Elicitation<T> {
    /// Reads a whole `ElicitResult`: `{"action": "accept"|"decline"|"cancel", "content": {..}}`.
    ///
    /// `decline` and `cancel` ignore any content. `accept` parses the content with
    /// [`Elicit::from_content`]; an `accept` without content is accepted only if the form has
    /// no required field (the fields then take their defaults). Any other key (`_meta`) is
    /// ignored.
    ///
    /// # Errors
    ///
    /// When `result` is not an `ElicitResult` (not an object, no `action`, an unknown one, a
    /// `content` that is not an object), or an accepted content breaks the form's rules (each
    /// problem naming its field).
    pub fn from_result(result: &Value) -> Result<Self, ElicitResultError> {
        Outcome::of_result(result)?.read()
    }

    /// Reads an answer given as its parts, as SDKs hand them over: the `action` and the
    /// `content`, if any. See [`Elicitation::from_result`].
    ///
    /// # Errors
    ///
    /// When `action` is none of the three, `content` is not an object, an `accept` without
    /// content leaves required fields unanswered, or the content breaks the form's rules.
    pub fn from_parts(action: &str, content: Option<&Value>) -> Result<Self, ElicitResultError> {
        Outcome::of_parts(action, content)?.read()
    }
}

/// What an `ElicitResult` says before its content is read into a form: the one reading of its
/// `action` and the shape of its `content`, shared by [`Elicitation`] and the rounds' items
/// (which read the content their own way).
pub(crate) enum Outcome<'a> {
    /// `accept`, with its content if it has one (`null` counts as none).
    Accept(Option<&'a Content>),
    Decline,
    Cancel,
}

impl<'a> Outcome<'a> {
    /// A whole `ElicitResult`: an object with an `action` and maybe a `content`. Any other key
    /// (`_meta`) is ignored.
    pub(crate) fn of_result(result: &'a Value) -> Result<Self, ElicitResultError> {
        let (action, content) = Self::envelope(result)?;
        Self::of_parts(action, content)
    }

    /// The `action` and `content` of a whole `ElicitResult`, its envelope checked.
    pub(crate) fn envelope(
        result: &'a Value,
    ) -> Result<(&'a str, Option<&'a Value>), ElicitResultError> {
        let Value::Object(result) = result else {
            return Err(ElicitResultError::NotAnObject {
                found: JsonType::of(result),
            });
        };
        let action = result
            .get("action")
            .ok_or(ElicitResultError::MissingAction)?;
        let Some(action) = action.as_str() else {
            return Err(ElicitResultError::UnknownAction {
                found: describe(action),
            });
        };
        Ok((action, result.get("content")))
    }

    /// An answer given as its `action` and `content`. `decline` and `cancel` ignore any content.
    pub(crate) fn of_parts(
        action: &str,
        content: Option<&'a Value>,
    ) -> Result<Self, ElicitResultError> {
        match action {
            "accept" => match content {
                Some(Value::Object(content)) => Ok(Outcome::Accept(Some(content))),
                None | Some(Value::Null) => Ok(Outcome::Accept(None)),
                Some(other) => Err(ElicitResultError::ContentNotAnObject {
                    found: JsonType::of(other),
                }),
            },
            "decline" => Ok(Outcome::Decline),
            "cancel" => Ok(Outcome::Cancel),
            other => Err(ElicitResultError::UnknownAction {
                found: describe(&Value::from(other)),
            }),
        }
    }

    /// A decline or a cancel as an answer of any form; `None` for an accept, whose content the
    /// caller reads.
    #[cfg(feature = "rounds")]
    pub(crate) fn refusal<T>(&self) -> Option<Elicitation<T>> {
        match self {
            Outcome::Accept(_) => None,
            Outcome::Decline => Some(Elicitation::Declined),
            Outcome::Cancel => Some(Elicitation::Cancelled),
        }
    }

    /// The answer, an accept's content made into `T` by `accepted` as it is (not read into a
    /// form): a URL elicitation's, which has none, or a relayed form's, judged afterwards.
    #[cfg(any(feature = "rmcp", feature = "acp"))]
    pub(crate) fn answer<T>(
        self,
        accepted: impl FnOnce(Option<&'a Content>) -> T,
    ) -> Elicitation<T> {
        match self {
            Outcome::Accept(content) => Elicitation::Accepted(accepted(content)),
            Outcome::Decline => Elicitation::Declined,
            Outcome::Cancel => Elicitation::Cancelled,
        }
    }

    /// The answer as `T`: an `accept` without content is accepted only if the form has no
    /// required field (the fields then take their defaults).
    fn read<T: Elicit>(self) -> Result<Elicitation<T>, ElicitResultError> {
        match self {
            Outcome::Accept(Some(content)) => Ok(Elicitation::Accepted(T::from_content(content)?)),
            Outcome::Accept(None) => {
                if T::requested_schema().required().next().is_some() {
                    Err(ElicitResultError::MissingContent)
                } else {
                    Ok(Elicitation::Accepted(T::from_content(&Content::new())?))
                }
            }
            Outcome::Decline => Ok(Elicitation::Declined),
            Outcome::Cancel => Ok(Elicitation::Cancelled),
        }
    }
}

impl<T> Elicitation<T> {
    /// The values, if the user accepted.
    pub fn accepted(self) -> Option<T> {
        match self {
            Elicitation::Accepted(value) => Some(value),
            Elicitation::Declined | Elicitation::Cancelled => None,
        }
    }

    /// Whether the user accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Elicitation::Accepted(_))
    }

    /// The same answer with the accepted value mapped.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Elicitation<U> {
        match self {
            Elicitation::Accepted(value) => Elicitation::Accepted(f(value)),
            Elicitation::Declined => Elicitation::Declined,
            Elicitation::Cancelled => Elicitation::Cancelled,
        }
    }

    /// The `action` this answer carries: `"accept"`, `"decline"` or `"cancel"`.
    pub fn action(&self) -> &'static str {
        match self {
            Elicitation::Accepted(_) => "accept",
            Elicitation::Declined => "decline",
            Elicitation::Cancelled => "cancel",
        }
    }
}
