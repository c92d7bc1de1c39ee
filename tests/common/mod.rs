//! Helpers shared by the integration tests.
#![allow(dead_code)]

use mcp_elicit::Elicit;
use serde_json::Value;

/// Asserts that `T`'s schema is exactly `expected`: the same JSON value, and the same text, which
/// also pins the order of properties and keys (the order a client renders the form in).
#[track_caller]
pub fn assert_schema<T: Elicit>(expected: Value) {
    let schema = T::requested_schema();
    let actual = serde_json::to_value(schema).expect("a schema serializes");
    assert_eq!(actual, expected, "schema differs");
    let actual_text = serde_json::to_string(schema).expect("a schema serializes");
    let expected_text = serde_json::to_string(&expected).expect("JSON serializes");
    assert_eq!(
        actual_text, expected_text,
        "order of properties or keys differs"
    );
}

/// The schema of one property of `T`.
#[track_caller]
pub fn property<T: Elicit>(name: &str) -> Value {
    let schema = serde_json::to_value(T::requested_schema()).expect("a schema serializes");
    schema["properties"]
        .get(name)
        .unwrap_or_else(|| panic!("no property `{name}` in {schema}"))
        .clone()
}

/// The `required` list of `T`'s schema (empty when the key is absent).
pub fn required<T: Elicit>() -> Vec<String> {
    let schema = serde_json::to_value(T::requested_schema()).expect("a schema serializes");
    match schema.get("required") {
        None => Vec::new(),
        Some(list) => serde_json::from_value(list.clone()).expect("required is a list of names"),
    }
}
