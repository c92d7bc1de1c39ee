//! Received schemas and answers of 100,000 options, items and properties: read, checked and
//! refused in time linear in their size, with errors that share the options rather than copy them
//! and show a few of them, not all.

use mcp_elicit::{ErrorKind, RequestedSchema};
use serde_json::{Value, json};

const N: usize = 100_000;

fn values(prefix: &str) -> Vec<String> {
    (0..N).map(|i| format!("{prefix}{i}")).collect()
}

fn schema(property: Value) -> RequestedSchema {
    serde_json::from_value(json!({"type": "object", "properties": {"pick": property}})).unwrap()
}

fn content(value: Value) -> mcp_elicit::Content {
    json!({ "pick": value }).as_object().unwrap().clone()
}

#[test]
fn a_single_select_of_100000_options() {
    let schema = schema(json!({"type": "string", "enum": values("o")}));
    assert!(schema.validate(&content(json!("o99999"))).is_ok());
    let err = schema.validate(&content(json!("nope"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`pick`: must be one of \"o0\", \"o1\", \"o2\", \"o3\", \"o4\", \"o5\", \"o6\", \"o7\" (or 99992 more), got \"nope\""
    );
}

#[test]
fn a_multi_select_of_100000_options_answered_with_100000_items() {
    let schema = schema(json!({"type": "array", "items": {"type": "string", "enum": values("o")}}));
    // Every option, in reverse: each found at once, none twice.
    let mut every = values("o");
    every.reverse();
    assert!(schema.validate(&content(json!(every))).is_ok());

    // 100,000 choices the form does not offer: one problem each, all sharing one list.
    let err = schema.validate(&content(json!(values("x")))).unwrap_err();
    assert_eq!(err.errors().len(), N);
    let ErrorKind::NotAnOption { found, options } = err.errors()[N - 1].kind() else {
        panic!("{:?}", err.errors()[N - 1])
    };
    assert_eq!((found.as_str(), options.len()), ("\"x99999\"", N));

    // Half of them twice: each repeat reported once, where the option is first chosen.
    let mut twice = values("o")[..N / 2].to_vec();
    twice.extend_from_within(..);
    let err = schema.validate(&content(json!(twice))).unwrap_err();
    assert_eq!(err.errors().len(), N / 2);
    assert_eq!(
        err.errors()[0].kind(),
        &ErrorKind::RepeatedChoice {
            choice: "o0".to_owned()
        }
    );
}

#[test]
fn a_form_of_100000_required_properties() {
    let names = values("p");
    let properties: serde_json::Map<String, Value> = names
        .iter()
        .map(|name| (name.clone(), json!({"type": "boolean"})))
        .collect();
    let schema: RequestedSchema = serde_json::from_value(json!({
        "type": "object", "properties": properties, "required": names
    }))
    .unwrap();
    assert_eq!(schema.required().count(), N);
    let err = schema.validate(&mcp_elicit::Content::new()).unwrap_err();
    assert_eq!(err.errors().len(), N);
    assert_eq!(err.errors()[N - 1].field(), "p99999");
}

#[test]
fn a_required_name_that_is_no_property_among_100000_is_refused_by_name() {
    let names = values("p");
    let properties: serde_json::Map<String, Value> = names
        .iter()
        .map(|name| (name.clone(), json!({"type": "boolean"})))
        .collect();
    let mut required = names.clone();
    required.push("nowhere".to_owned());
    let err = serde_json::from_value::<RequestedSchema>(json!({
        "type": "object", "properties": properties, "required": required
    }))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`required` names `nowhere`, which is not a property"
    );
}

#[test]
fn a_select_listing_one_of_100000_options_twice_is_refused_by_name() {
    let mut listed = values("o");
    listed.push("o5".to_owned());
    let err = serde_json::from_value::<RequestedSchema>(json!({
        "type": "object", "properties": {"pick": {"type": "string", "enum": listed}}
    }))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "property `pick`: the option \"o5\" is listed twice"
    );
}
