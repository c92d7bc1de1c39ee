use std::time::Duration;

use mcp_elicit::Elicit;

mod seconds {
    use std::time::Duration;

    use mcp_elicit::field::{FieldKind, FieldShape, Refusal};
    use serde_json::Value;

    pub const SHAPE: FieldShape = FieldShape::required(FieldKind::Integer {
        min: 0,
        max: u64::MAX as i128,
        zero: true,
        stated_min: None,
        stated_max: None,
    });

    pub fn from_value(value: &Value) -> Result<Duration, Refusal> {
        Ok(Duration::from_secs(value.as_u64().unwrap_or_default()))
    }

    pub fn to_value(duration: &Duration) -> Option<Value> {
        Some(Value::from(duration.as_secs()))
    }
}

/// Reads, but cannot write.
mod half {
    use mcp_elicit::field::{FieldKind, FieldShape, Refusal};
    use serde_json::Value;

    pub const SHAPE: FieldShape = FieldShape::required(FieldKind::Boolean);

    pub fn from_value(value: &Value) -> Result<bool, Refusal> {
        Ok(value.as_bool().unwrap_or_default())
    }
}

#[derive(Elicit)]
struct Timer {
    #[elicit(with = seconds, min_length = 3)]
    wait: Duration,
    #[elicit(with = seconds, minimum = -1)]
    grace: Duration,
    #[elicit(with = half)]
    flag: bool,
}

fn main() {}
