//! [`Pick`] and [`Picks`]: selects whose options are supplied when the form is asked.

use std::fmt::{self, Display};
use std::ops::Deref;
use std::str::FromStr;

use serde_json::Value;

use crate::error::{ErrorKind, Expected};
use crate::field::{FieldKind, FieldShape, FormField, ListField, Refusal};

/// One of options known only at run time ("which of your repositories"), supplied as
/// [`Choices`](super::Choices) when the form is asked: the field's value is the chosen
/// option's value, read with `V`'s `FromStr` (`String` by default) and written with its
/// `Display`.
///
/// The answer is checked against exactly the options that were sent when it is read through
/// the request (`rmcp::Ask`, or `FormRequest::read`); `Elicit::from_content` alone cannot know
/// them, and checks only that the value is text `V` reads.
///
/// ```
/// use mcp_elicit::choices::{Choices, Pick, Picks, SelectOption};
/// use mcp_elicit::request::FormRequest;
/// use mcp_elicit::{Elicit, Elicitation, ProtocolVersion};
/// use serde_json::json;
///
/// #[derive(Elicit, Debug)]
/// struct Deploy {
///     branch: Pick,
///     #[elicit(max_items = 2)]
///     notify: Option<Picks>,
/// }
///
/// let branches = Choices::new([SelectOption::titled("main", "Main"), SelectOption::titled("rc", "Release candidate")]);
/// let request = FormRequest::of::<Deploy>()
///     .with_choices([("branch", &branches), ("notify", &branches)])
///     .unwrap();
/// let params = request.params_for(ProtocolVersion::V2025_11_25).unwrap();
/// assert_eq!(
///     params["requestedSchema"]["properties"]["branch"],
///     json!({"type": "string", "oneOf": [{"const": "main", "title": "Main"}, {"const": "rc", "title": "Release candidate"}]})
/// );
///
/// let answer = json!({"action": "accept", "content": {"branch": "rc"}});
/// let Elicitation::Accepted(deploy) = request.read::<Deploy>(&answer).unwrap() else { panic!() };
/// assert_eq!(deploy.branch.0, "rc");
///
/// let offered_nothing_like_it = json!({"action": "accept", "content": {"branch": "prod"}});
/// let err = request.read::<Deploy>(&offered_nothing_like_it).unwrap_err();
/// assert_eq!(err.to_string(), "`branch`: must be one of \"main\", \"rc\", got \"prod\"");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pick<V = String>(pub V);

/// Any number of options known only at run time: [`Pick`]'s multi-select, the chosen values in
/// the order the answer gives them. `min_items` and `max_items` apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picks<V = String>(pub Vec<V>);

impl<V> Deref for Pick<V> {
    type Target = V;

    fn deref(&self) -> &V {
        &self.0
    }
}

impl<V> Deref for Picks<V> {
    type Target = [V];

    fn deref(&self) -> &[V] {
        &self.0
    }
}

impl<V: Display> fmt::Display for Pick<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<V> FormField for Pick<V>
where
    V: FromStr + Display,
    V::Err: Display,
{
    const SHAPE: FieldShape = FieldShape::required(FieldKind::RuntimeSelect { multi: false });

    fn from_value(value: &Value) -> Result<Self, Refusal> {
        let Value::String(text) = value else {
            return Err(Box::new(ErrorKind::wrong_type(Expected::Text, value)));
        };
        read(text).map(Pick)
    }

    fn to_value(&self) -> Option<Value> {
        Some(Value::String(self.0.to_string()))
    }
}

impl<V> FormField for Picks<V>
where
    V: FromStr + Display,
    V::Err: Display,
{
    const SHAPE: FieldShape = FieldShape::required(FieldKind::RuntimeSelect { multi: true });

    fn from_value(value: &Value) -> Result<Self, Refusal> {
        let wrong = || Box::new(ErrorKind::wrong_type(Expected::Options, value));
        let Value::Array(items) = value else {
            return Err(wrong());
        };
        items
            .iter()
            .map(|item| match item {
                Value::String(text) => read(text),
                _ => Err(wrong()),
            })
            .collect::<Result<Vec<V>, Refusal>>()
            .map(Picks)
    }

    fn to_value(&self) -> Option<Value> {
        Some(Value::Array(
            self.0
                .iter()
                .map(|v| Value::String(v.to_string()))
                .collect(),
        ))
    }
}

impl<V> ListField for Picks<V>
where
    V: FromStr + Display,
    V::Err: Display,
{
}

impl<V> ListField for Option<Picks<V>>
where
    V: FromStr + Display,
    V::Err: Display,
{
}

/// A chosen value, read with `V`'s `FromStr`: its error's text is the field's problem.
fn read<V>(text: &str) -> Result<V, Refusal>
where
    V: FromStr,
    V::Err: Display,
{
    text.parse().map_err(|error: V::Err| {
        Box::new(ErrorKind::Invalid {
            reason: error.to_string(),
        })
    })
}
