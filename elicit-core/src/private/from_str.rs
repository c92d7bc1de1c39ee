//! `#[elicit(from_str)]`: a field of a type the crate does not know (an `Ipv4Addr`, a type of
//! another crate), read as text with its `FromStr` and written with its `Display`. The text
//! rules (`min_length`, `max_length`, `format`) apply to the text; the parser's error is the
//! field's problem.

use std::fmt::Display;
use std::str::FromStr;

use serde_json::Value;

use super::access::{FieldAccess, missing};
use crate::error::{ErrorKind, Expected};
use crate::field::{FieldKind, FieldShape, Refusal};

const TEXT: FieldKind = FieldKind::Text { format: None };

/// The accessor of a required `from_str` field.
pub const fn from_str_access<T>() -> FieldAccess<T>
where
    T: FromStr + Display,
    T::Err: Display,
{
    FieldAccess::with(FieldShape::required(TEXT), parse::<T>, write::<T>, missing)
}

/// The accessor of an `Option` `from_str` field: `None` when the answer leaves it out.
pub const fn from_str_optional_access<T>() -> FieldAccess<Option<T>>
where
    T: FromStr + Display,
    T::Err: Display,
{
    FieldAccess::with(
        FieldShape::required(TEXT).with_optional(true),
        |value| parse::<T>(value).map(Some),
        |value| value.as_ref().and_then(write),
        || Some(None),
    )
}

fn parse<T>(value: &Value) -> Result<T, Refusal>
where
    T: FromStr,
    T::Err: Display,
{
    let Value::String(text) = value else {
        return Err(Box::new(ErrorKind::wrong_type(Expected::Text, value)));
    };
    text.parse().map_err(|error: T::Err| {
        Box::new(ErrorKind::Invalid {
            reason: error.to_string(),
        })
    })
}

#[expect(
    clippy::unnecessary_wraps,
    reason = "the shape of `FormField::to_value`"
)]
fn write<T: Display>(value: &T) -> Option<Value> {
    Some(Value::String(value.to_string()))
}
