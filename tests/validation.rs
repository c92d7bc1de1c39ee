//! `#[elicit(validate = ..)]`: a field's own check after its rules pass, and a form's check once
//! every field has been read, their problems in the same report as every other.

use mcp_elicit::{ContentError, Elicit, ErrorKind, FieldError};
use serde_json::{Value, json};

// A field's `validate` hook takes the value by reference, whatever its size.
#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "the shape of a `validate` hook"
)]
fn even(n: &u32) -> Result<(), String> {
    if n.is_multiple_of(2) {
        Ok(())
    } else {
        Err(format!("must be even, got {n}"))
    }
}

/// A `String` field's check may take `&str`.
fn no_spaces(text: &str) -> Result<(), &'static str> {
    if text.contains(' ') {
        Err("must have no spaces")
    } else {
        Ok(())
    }
}

fn nights_in_order(stay: &Stay) -> Result<(), Vec<FieldError>> {
    if stay.last_night < stay.first_night {
        return Err(vec![FieldError::custom(
            "lastNight",
            format!("must not be before the first night ({})", stay.first_night),
        )]);
    }
    Ok(())
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase", validate = nights_in_order)]
struct Stay {
    #[elicit(validate = even, maximum = 20)]
    guests: u32,
    #[elicit(validate = "no_spaces")]
    code: Option<String>,
    first_night: u32,
    last_night: u32,
}

fn parse(content: Value) -> Result<Stay, ContentError> {
    Stay::from_content(content.as_object().unwrap())
}

#[test]
fn valid_answers_pass_every_check() {
    let stay = parse(json!({"guests": 2, "code": "A7", "firstNight": 3, "lastNight": 5})).unwrap();
    assert_eq!(stay.code.as_deref(), Some("A7"));
    // An absent `Option` is not checked.
    assert_eq!(
        parse(json!({"guests": 4, "firstNight": 1, "lastNight": 1}))
            .unwrap()
            .code,
        None
    );
}

#[test]
fn a_fields_check_runs_after_its_rules_and_joins_the_report() {
    let err =
        parse(json!({"guests": 3, "code": "A 7", "firstNight": "x", "lastNight": 1})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`guests`: must be even, got 3\n\
         `code`: must have no spaces\n\
         `firstNight`: must be a whole number, not text"
    );
    assert_eq!(
        err.errors()[0].kind(),
        &ErrorKind::Invalid {
            reason: "must be even, got 3".to_owned()
        }
    );
    // A value its rules refuse is not handed to the check.
    let err = parse(json!({"guests": 21, "firstNight": 1, "lastNight": 1})).unwrap_err();
    assert_eq!(err.to_string(), "`guests`: must be at most 20, got 21");
}

#[test]
fn the_forms_check_runs_once_every_field_is_read() {
    let err = parse(json!({"guests": 2, "firstNight": 5, "lastNight": 3})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`lastNight`: must not be before the first night (5)"
    );
    assert_eq!(err.errors()[0].field(), "lastNight");
}
