//! `secrecy::SecretString` as a form field (feature `page`): a secret the person types on a page,
//! never in a form.

use secrecy::SecretString;
use serde_json::Value;

use crate::error::{ErrorKind, Expected};
use crate::field::{FieldKind, FieldShape, FormField, Refusal, TextField};

/// A secret ([`FieldKind::Secret`]): its form is asked through a page only (a form holding one
/// cannot be sent to a client), where it is a password input, never refilled. The value is read
/// into a `SecretString`, which never shows it in `Debug`, and is never written back into an
/// answer: `to_value` leaves it out.
#[diagnostic::do_not_recommend]
impl FormField for SecretString {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Secret);

    fn from_value(value: &Value) -> Result<Self, Refusal> {
        match value {
            Value::String(text) => Ok(SecretString::from(text.as_str())),
            // Its JSON type is named, never the value.
            other => Err(Box::new(ErrorKind::wrong_type(Expected::Text, other))),
        }
    }

    fn to_value(&self) -> Option<Value> {
        None
    }
}

/// `min_length`, `max_length` and `pattern` judge a secret as they judge text.
impl TextField for SecretString {}
