//! The submission's reader and judge, on bodies honest and hostile.

use serde_json::json;

use super::*;

fn schema(json: Value) -> RequestedSchema {
    serde_json::from_value(json).unwrap()
}

fn content(schema: &RequestedSchema, body: &str) -> Value {
    Value::Object(read(schema, body.as_bytes()).unwrap().content)
}

#[test]
fn the_action_is_one_of_two() {
    let s = schema(json!({"type": "object", "properties": {}}));
    assert_eq!(read(&s, b"action=accept").unwrap().action, Action::Accept);
    assert_eq!(read(&s, b"action=decline").unwrap().action, Action::Decline);
    assert_eq!(read(&s, b"").unwrap_err(), SubmissionError::MissingAction);
    assert_eq!(
        read(&s, b"f.action=accept").unwrap_err(),
        SubmissionError::MissingAction
    );
    assert_eq!(
        read(&s, b"action=cancel").unwrap_err(),
        SubmissionError::UnknownAction
    );
    assert_eq!(
        read(&s, b"action=Accept").unwrap_err(),
        SubmissionError::UnknownAction
    );
    assert_eq!(
        read(&s, b"action=").unwrap_err(),
        SubmissionError::UnknownAction
    );
    assert_eq!(
        read(&s, b"action=accept&action=accept").unwrap_err(),
        SubmissionError::RepeatedAction
    );
    assert_eq!(
        read(&s, b"action=decline&action=accept").unwrap_err(),
        SubmissionError::RepeatedAction
    );
    assert_eq!(Action::Accept.as_str(), "accept");
}

#[test]
fn a_property_named_action_is_a_property() {
    let s = schema(json!({
        "type": "object",
        "properties": {"action": {"type": "string", "enum": ["approve", "reject"]}}
    }));
    let read = read(&s, b"f.action=approve&action=decline").unwrap();
    assert_eq!(read.action, Action::Decline);
    assert_eq!(Value::Object(read.content), json!({"action": "approve"}));
}

#[test]
fn text_empty_and_required() {
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
        "required": ["a"]
    }));
    assert_eq!(content(&s, "f.a=&f.b=&action=accept"), json!({"a": ""}));
    assert_eq!(content(&s, "action=accept"), json!({}));
    assert_eq!(
        content(&s, "f.a=+x+&f.b=y&action=accept"),
        json!({"a": " x ", "b": "y"})
    );
}

#[test]
fn numbers_parsed_or_kept_as_text() {
    let s = schema(json!({
        "type": "object",
        "properties": {"i": {"type": "integer"}, "n": {"type": "number"}},
        "required": ["i"]
    }));
    assert_eq!(
        content(&s, "f.i=42&f.n=2.5&action=accept"),
        json!({"i": 42, "n": 2.5})
    );
    assert_eq!(
        content(&s, "f.i=-7&f.n=3&action=accept"),
        json!({"i": -7, "n": 3})
    );
    assert_eq!(
        content(&s, "f.i=18446744073709551615&f.n=1e3&action=accept"),
        json!({"i": 18_446_744_073_709_551_615_u64, "n": 1000.0})
    );
    assert_eq!(content(&s, "f.i=+12+&action=accept"), json!({"i": 12}));
    assert_eq!(content(&s, "f.i=&f.n=&action=accept"), json!({}));
    assert_eq!(
        content(&s, "f.i=twelve&f.n=inf&action=accept"),
        json!({"i": "twelve", "n": "inf"})
    );
    assert_eq!(
        content(&s, "f.i=NaN&f.n=1e999&action=accept"),
        json!({"i": "NaN", "n": "1e999"})
    );
    // The same value as a JSON answer's.
    let from_json: Value = serde_json::from_str(r#"{"i": 36, "n": 12.5}"#).unwrap();
    assert_eq!(content(&s, "f.i=36&f.n=12.5&action=accept"), from_json);
}

#[test]
fn date_times_read_as_utc() {
    let s = schema(json!({
        "type": "object",
        "properties": {"t": {"type": "string", "format": "date-time"}}
    }));
    let t = |sent: &str| content(&s, &format!("f.t={sent}&action=accept"))["t"].clone();
    assert_eq!(t("2025-11-25T09%3A30"), "2025-11-25T09:30:00Z");
    assert_eq!(t("2025-11-25T09:30:15"), "2025-11-25T09:30:15Z");
    assert_eq!(t("2025-11-25T09:30:15.5"), "2025-11-25T09:30:15.5Z");
    assert_eq!(
        t("2025-11-25T09:30:00%2B02:00"),
        "2025-11-25T09:30:00+02:00"
    );
    assert_eq!(t("tomorrow"), "tomorrow");
}

#[test]
fn booleans_as_checkbox_or_radios() {
    let s = schema(json!({
        "type": "object",
        "properties": {"r": {"type": "boolean"}, "o": {"type": "boolean"}},
        "required": ["r"]
    }));
    assert_eq!(content(&s, "action=accept"), json!({"r": false}));
    assert_eq!(
        content(&s, "f.r=true&f.o=false&action=accept"),
        json!({"r": true, "o": false})
    );
    assert_eq!(
        content(&s, "f.o=true&action=accept"),
        json!({"r": false, "o": true})
    );
    assert_eq!(content(&s, "f.o=&action=accept"), json!({"r": false}));
    assert_eq!(
        content(&s, "f.r=on&f.o=yes&action=accept"),
        json!({"r": "on", "o": "yes"})
    );
}

#[test]
fn selects() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "one": {"type": "string", "enum": ["x", "y"]},
            "many": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}},
            "some": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}}
        },
        "required": ["many"]
    }));
    assert_eq!(content(&s, "action=accept"), json!({"many": []}));
    assert_eq!(
        content(&s, "f.one=y&f.many=z&f.some=x&f.many=x&action=accept"),
        json!({"one": "y", "many": ["z", "x"], "some": ["x"]})
    );
    assert_eq!(content(&s, "f.one=&action=accept"), json!({"many": []}));
}

#[test]
fn sent_twice_is_a_list_the_rules_refuse() {
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {"type": "string"}, "n": {"type": "integer"}, "b": {"type": "boolean"}},
        "required": ["a", "b"]
    }));
    let read = content(
        &s,
        "f.a=x&f.a=y&f.n=1&f.n=2&f.b=true&f.b=true&action=accept",
    );
    assert_eq!(
        read,
        json!({"a": ["x", "y"], "n": ["1", "2"], "b": ["true", "true"]})
    );
    let problems = s.validate(read.as_object().unwrap()).unwrap_err();
    assert_eq!(
        problems.to_string(),
        "`a`: must be text, not a list\n`n`: must be a whole number, not a list\n`b`: must be true or false, not a list"
    );
}

#[test]
fn judged_leaves_secrets_out_of_what_is_filled_in() {
    let s = schema(json!({
        "type": "object",
        "properties": {"label": {"type": "string", "minLength": 2}},
        "required": ["label"]
    }));
    let Ok(Judged::Invalid { values, problems }) = judge(&s, b"f.label=x&action=accept") else {
        panic!("invalid")
    };
    assert_eq!(Value::Object(values), json!({"label": "x"}));
    assert_eq!(problems.errors().len(), 1);
    assert!(matches!(
        judge(&s, b"f.label=xy&action=accept"),
        Ok(Judged::Accepted(_))
    ));
    assert!(matches!(
        judge(&s, b"f.label=x&action=decline"),
        Ok(Judged::Declined)
    ));
}

#[test]
fn debug_never_shows_values() {
    let s = schema(json!({"type": "object", "properties": {"key": {"type": "string"}}}));
    let read = read(&s, b"f.key=hunter2&action=accept").unwrap();
    assert_eq!(
        format!("{read:?}"),
        r#"Submission { action: Accept, content: ["key"] }"#
    );
    let judged = read.judge_with(&s, |_| Ok(()));
    assert_eq!(format!("{judged:?}"), r#"Accepted(["key"])"#);
}

#[test]
fn any_bytes_read_without_panic() {
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {"type": "string"}, "n": {"type": "number"}}
    }));
    let bodies: [&[u8]; 8] = [
        b"\xff\xfe=\xff&action=accept",
        b"f.a=%ff%fe&action=accept",
        b"f.a=%&f.n=%zz&action=accept",
        b"f.a=%e2%82&action=accept",
        b"&&&==&=&action=accept",
        b"f.%61=1&action=accept",
        b"\0\0\0=\0&action=accept",
        b"f.a",
    ];
    for body in bodies {
        let _ = read(&s, body);
    }
    assert_eq!(
        content(&s, "f.a=%ff&action=accept"),
        json!({"a": "\u{fffd}"})
    );
    assert_eq!(content(&s, "f.a=%zz%&action=accept"), json!({"a": "%zz%"}));
    assert_eq!(content(&s, "f.%61=1&action=accept"), json!({"a": "1"}));
}

#[test]
fn long_forms_are_indexed() {
    let properties: serde_json::Map<String, Value> = (0..100)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let s = schema(json!({"type": "object", "properties": properties}));
    assert_eq!(
        content(&s, "f.p99=z&f.p0=a&f.p100=no&action=accept"),
        json!({"p0": "a", "p99": "z"})
    );
}
