//! `#[elicit(flatten)]`: a struct's form joins another in place, with its docs, constraints,
//! defaults, required-ness and its own names; its problems are reported with the rest.

use mcp_elicit::{ContentError, Elicit, ErrorKind, FieldError};
use serde_json::{Value, json};

fn one_way(contact: &Contact) -> Result<(), Vec<FieldError>> {
    if contact.email.is_none() && contact.phone.is_none() {
        return Err(vec![FieldError::custom(
            "contactEmail",
            "give an e-mail address or a phone number",
        )]);
    }
    Ok(())
}

/// Shared by several forms; its own `rename_all` and check.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase", validate = one_way)]
struct Contact {
    /// Where we write to
    #[elicit(rename = "contactEmail", format = "email")]
    email: Option<String>,
    #[elicit(min_length = 6)]
    phone: Option<String>,
    #[elicit(default = true)]
    may_call: bool,
}

#[derive(Elicit, Debug, PartialEq)]
struct Address {
    street: String,
    #[elicit(min_length = 4, max_length = 10)]
    postcode: String,
}

/// Flatten inside flatten.
#[derive(Elicit, Debug, PartialEq)]
struct Person {
    #[elicit(title = "Full name")]
    name: String,
    #[elicit(flatten)]
    address: Address,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
struct Order {
    #[elicit(minimum = 1, maximum = 9)]
    quantity: u8,
    #[elicit(flatten)]
    buyer: Person,
    gift: Option<bool>,
    #[elicit(flatten)]
    contact: Contact,
}

/// Only flattened fields.
#[derive(Elicit, Debug, PartialEq)]
struct JustContact {
    #[elicit(flatten)]
    contact: Contact,
}

fn order(content: Value) -> Result<Order, ContentError> {
    Order::from_content(content.as_object().unwrap())
}

#[test]
fn properties_join_in_place_in_declaration_order() {
    let schema = serde_json::to_value(Order::requested_schema()).unwrap();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "QUANTITY": {"type": "integer", "minimum": 1, "maximum": 9},
                "name": {"type": "string", "title": "Full name"},
                "street": {"type": "string"},
                "postcode": {"type": "string", "minLength": 4, "maxLength": 10},
                "GIFT": {"type": "boolean"},
                "contactEmail": {"type": "string", "description": "Where we write to", "format": "email"},
                "phone": {"type": "string", "minLength": 6},
                "mayCall": {"type": "boolean", "default": true}
            },
            // A field with a default is not required, flattened or not.
            "required": ["QUANTITY", "name", "street", "postcode"]
        })
    );
    // The order is the form's: compare the text, which a JSON value would not.
    let names: Vec<&str> = Order::requested_schema()
        .properties()
        .iter()
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(
        names,
        [
            "QUANTITY",
            "name",
            "street",
            "postcode",
            "GIFT",
            "contactEmail",
            "phone",
            "mayCall"
        ]
    );
    assert_eq!(
        JustContact::requested_schema().properties(),
        Contact::requested_schema().properties()
    );
}

#[test]
fn a_valid_answer_fills_the_flattened_structs_and_round_trips() {
    let content = json!({
        "QUANTITY": 2,
        "name": "Ada",
        "street": "1 Main St",
        "postcode": "AB12",
        "contactEmail": "ada@example.com",
        "mayCall": false,
        "unknown": "ignored"
    });
    let parsed = order(content).unwrap();
    assert_eq!(
        parsed,
        Order {
            quantity: 2,
            buyer: Person {
                name: "Ada".into(),
                address: Address {
                    street: "1 Main St".into(),
                    postcode: "AB12".into()
                }
            },
            gift: None,
            contact: Contact {
                email: Some("ada@example.com".into()),
                phone: None,
                may_call: false
            }
        }
    );
    let written = parsed.to_content();
    assert_eq!(
        Value::Object(written.clone()),
        json!({
            "QUANTITY": 2,
            "name": "Ada",
            "street": "1 Main St",
            "postcode": "AB12",
            "contactEmail": "ada@example.com",
            "mayCall": false
        })
    );
    // Written in form order.
    let keys: Vec<&str> = written.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "QUANTITY",
            "name",
            "street",
            "postcode",
            "contactEmail",
            "mayCall"
        ]
    );
    assert_eq!(Order::from_content(&written).unwrap(), parsed);
}

#[test]
fn a_flattened_default_fills_an_absent_field() {
    let parsed = order(json!({
        "QUANTITY": 1, "name": "Bo", "street": "s", "postcode": "1234", "phone": "555-0100"
    }))
    .unwrap();
    assert!(parsed.contact.may_call);
}

#[test]
fn every_problem_is_reported_in_form_order() {
    let err = order(json!({
        "QUANTITY": 0,
        "street": 5,
        "postcode": "AB",
        "GIFT": "yes",
        "contactEmail": "not an address"
    }))
    .unwrap_err();
    let found: Vec<(&str, &ErrorKind)> =
        err.errors().iter().map(|e| (e.field(), e.kind())).collect();
    assert_eq!(found.len(), 6, "{err}");
    assert_eq!(found[0].0, "QUANTITY");
    assert!(matches!(found[0].1, ErrorKind::TooSmall { .. }));
    assert_eq!(found[1], ("name", &ErrorKind::Missing));
    assert_eq!(found[2].0, "street");
    assert!(matches!(found[2].1, ErrorKind::WrongType { .. }));
    assert_eq!(found[3].0, "postcode");
    assert!(matches!(found[3].1, ErrorKind::TooShort { .. }));
    assert_eq!(found[4].0, "GIFT");
    assert!(matches!(found[4].1, ErrorKind::WrongType { .. }));
    assert_eq!(found[5].0, "contactEmail");
    assert!(matches!(found[5].1, ErrorKind::BadFormat { .. }));
}

#[test]
fn the_flattened_structs_own_check_runs_and_joins_the_report() {
    let err = order(json!({"QUANTITY": 12, "name": "Ada", "street": "s", "postcode": "1234"}))
        .unwrap_err();
    let found: Vec<(&str, String)> = err
        .errors()
        .iter()
        .map(|e| (e.field(), e.to_string()))
        .collect();
    assert_eq!(found.len(), 2, "{err}");
    assert_eq!(found[0].0, "QUANTITY");
    assert_eq!(found[1].0, "contactEmail");
    assert!(
        found[1]
            .1
            .contains("give an e-mail address or a phone number"),
        "{}",
        found[1].1
    );
    // The same check, for the form that is only the flattened one.
    let err = JustContact::from_content(json!({}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.errors().len(), 1);
    assert_eq!(err.errors()[0].field(), "contactEmail");
}

#[test]
fn an_answer_of_100000_unknown_keys_is_read_past_by_every_flattened_struct() {
    let mut content = json!({
        "QUANTITY": 1, "name": "Ada", "street": "s", "postcode": "1234", "phone": "555-0100"
    })
    .as_object()
    .unwrap()
    .clone();
    for i in 0..100_000 {
        content.insert(format!("extra{i}"), Value::from(i));
    }
    let parsed = Order::from_content(&content).unwrap();
    assert_eq!(parsed.buyer.address.postcode, "1234");
    assert_eq!(parsed.contact.phone.as_deref(), Some("555-0100"));
}
