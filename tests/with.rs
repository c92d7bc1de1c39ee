//! `#[elicit(with = module)]`: a type the crate does not know, read and written by a module that
//! provides what `FormField` provides.

use std::time::Duration;

use mcp_elicit::Elicit;
use serde_json::json;

mod common;
use common::assert_schema;

/// A `Duration` as a whole number of seconds.
mod seconds {
    use std::time::Duration;

    use mcp_elicit::field::{FieldKind, FieldShape, Refusal};
    use mcp_elicit::schema::Number;
    use mcp_elicit::{ErrorKind, Expected};
    use serde_json::Value;

    pub const SHAPE: FieldShape = FieldShape::required(FieldKind::Integer {
        min: 0,
        max: u64::MAX as i128,
        zero: true,
        stated_min: Some(Number::from_u64(0)),
        stated_max: None,
    });

    pub fn from_value(value: &Value) -> Result<Duration, Refusal> {
        value
            .as_u64()
            .map(Duration::from_secs)
            .ok_or_else(|| Box::new(ErrorKind::wrong_type(Expected::Integer, value)))
    }

    #[expect(
        clippy::unnecessary_wraps,
        reason = "the shape a `with` module provides"
    )]
    pub fn to_value(duration: &Duration) -> Option<Value> {
        Some(Value::from(duration.as_secs()))
    }
}

#[derive(Elicit, Debug, PartialEq)]
struct Timer {
    /// How long to wait
    #[elicit(with = seconds, maximum = 3600)]
    wait: Duration,
    #[elicit(with = "seconds", default = 30)]
    grace: Duration,
    #[elicit(with = seconds)]
    snooze: Option<Duration>,
}

#[test]
fn renders_what_the_module_says_with_the_attributes() {
    assert_schema::<Timer>(json!({
        "type": "object",
        "properties": {
            "wait": {"type": "integer", "description": "How long to wait", "minimum": 0, "maximum": 3600},
            "grace": {"type": "integer", "minimum": 0, "default": 30},
            "snooze": {"type": "integer", "minimum": 0}
        },
        "required": ["wait"]
    }));
}

#[test]
fn reads_and_writes_through_the_module() {
    let answer = json!({"wait": 90, "snooze": 300});
    let timer = Timer::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(
        timer,
        Timer {
            wait: Duration::from_secs(90),
            grace: Duration::from_secs(30),
            snooze: Some(Duration::from_mins(5)),
        }
    );
    assert_eq!(
        timer.to_content(),
        *json!({"wait": 90, "grace": 30, "snooze": 300})
            .as_object()
            .unwrap()
    );
    let bad = json!({"wait": 7200, "grace": "soon"});
    let err = Timer::from_content(bad.as_object().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`wait`: must be at most 3600, got 7200\n`grace`: must be a whole number, not text"
    );
}
