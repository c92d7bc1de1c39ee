//! `uuid::Uuid` as a form field (feature `uuid`).

use serde_json::Value;
use uuid::Uuid;

use crate::error::{ErrorKind, Expected, excerpt};
use crate::field::{FieldKind, FieldShape, FormField, Refusal};

/// A text field (JSON Schema has no UUID format for MCP forms), read in any form the uuid
/// crate accepts (hyphenated, simple, braced, URN; any case), written hyphenated and in
/// lowercase.
#[diagnostic::do_not_recommend]
impl FormField for Uuid {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Text { format: None });

    fn from_value(value: &Value) -> Result<Self, Refusal> {
        let Value::String(text) = value else {
            return Err(Box::new(ErrorKind::wrong_type(Expected::Text, value)));
        };
        Uuid::try_parse(text).map_err(|_| {
            Box::new(ErrorKind::Invalid {
                reason: format!(
                    "must be a UUID, like 67e55044-10b1-426f-9247-bb680e5fe0c8, got {:?}",
                    excerpt(text)
                ),
            })
        })
    }

    fn to_value(&self) -> Option<Value> {
        Some(Value::String(self.hyphenated().to_string()))
    }
}
