//! The form of the "own types" issue, every way of bringing a type in at once: a transparent
//! newtype, a foreign type read with `FromStr`, `uuid::Uuid`, a `NonZero` integer, a flattened
//! struct, field and form checks, and a skipped field. It renders in declaration order with every
//! constraint, parses and round-trips, and reports every bad field of a bad answer at once.

use std::net::Ipv4Addr;
use std::num::NonZeroU32;

use mcp_elicit::{ContentError, Elicit, ErrorKind, FieldError};
use serde_json::{Value, json};
use uuid::Uuid;

#[derive(Elicit, Debug, PartialEq)]
#[elicit(transparent)]
struct Username(#[elicit(min_length = 3, max_length = 20)] String);

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Contact {
    /// Where we send the confirmation
    #[elicit(format = "email")]
    email: String,
    #[elicit(title = "Phone", min_length = 6)]
    phone_number: Option<String>,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "the shape of a `validate` hook"
)]
fn even(nights: &u32) -> Result<(), String> {
    if nights.is_multiple_of(2) {
        Ok(())
    } else {
        Err(format!("must be even, got {nights}"))
    }
}

fn nights_in_order(booking: &Booking) -> Result<(), Vec<FieldError>> {
    if booking.last_night < booking.first_night {
        return Err(vec![FieldError::custom(
            "lastNight",
            format!(
                "must not be before the first night ({})",
                booking.first_night
            ),
        )]);
    }
    Ok(())
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase", validate = nights_in_order)]
#[expect(
    clippy::struct_field_names,
    reason = "a booking's id is `booking_id` on the wire"
)]
struct Booking {
    user: Username,
    #[elicit(from_str)]
    server: Ipv4Addr,
    booking_id: Uuid,
    guests: NonZeroU32,
    #[elicit(flatten)]
    contact: Contact,
    #[elicit(validate = even)]
    nights: u32,
    first_night: u32,
    last_night: u32,
    #[elicit(skip)]
    note: Vec<String>,
}

fn parse(content: Value) -> Result<Booking, ContentError> {
    Booking::from_content(content.as_object().unwrap())
}

#[test]
fn renders_in_declaration_order_with_every_constraint() {
    let text = serde_json::to_string(Booking::requested_schema()).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"type":"object","properties":{"#,
            r#""user":{"type":"string","minLength":3,"maxLength":20},"#,
            r#""server":{"type":"string"},"#,
            r#""bookingId":{"type":"string"},"#,
            r#""guests":{"type":"integer","minimum":1},"#,
            r#""email":{"type":"string","description":"Where we send the confirmation","format":"email"},"#,
            r#""phoneNumber":{"type":"string","title":"Phone","minLength":6},"#,
            r#""nights":{"type":"integer","minimum":0},"#,
            r#""firstNight":{"type":"integer","minimum":0},"#,
            r#""lastNight":{"type":"integer","minimum":0}},"#,
            r#""required":["user","server","bookingId","guests","email","nights","firstNight","lastNight"]}"#
        )
    );
}

#[test]
fn parses_a_valid_answer_and_round_trips() {
    let booking = parse(json!({
        "user": "ada",
        "server": "10.0.0.1",
        "bookingId": "67E55044-10B1-426F-9247-BB680E5FE0C8",
        "guests": 2,
        "email": "ada@example.com",
        "nights": 4,
        "firstNight": 10,
        "lastNight": 13
    }))
    .unwrap();
    assert_eq!(
        booking,
        Booking {
            user: Username("ada".into()),
            server: Ipv4Addr::new(10, 0, 0, 1),
            booking_id: Uuid::parse_str("67e55044-10b1-426f-9247-bb680e5fe0c8").unwrap(),
            guests: NonZeroU32::new(2).unwrap(),
            contact: Contact {
                email: "ada@example.com".into(),
                phone_number: None,
            },
            nights: 4,
            first_night: 10,
            last_night: 13,
            note: Vec::new(),
        }
    );
    let content = booking.to_content();
    assert_eq!(
        Value::Object(content.clone()),
        json!({
            "user": "ada",
            "server": "10.0.0.1",
            "bookingId": "67e55044-10b1-426f-9247-bb680e5fe0c8",
            "guests": 2,
            "email": "ada@example.com",
            "nights": 4,
            "firstNight": 10,
            "lastNight": 13
        })
    );
    let keys: Vec<&str> = content.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "user",
            "server",
            "bookingId",
            "guests",
            "email",
            "nights",
            "firstNight",
            "lastNight"
        ]
    );
    assert_eq!(Booking::from_content(&content).unwrap(), booking);
    // The answer is valid under the schema as any client would read it.
    assert!(Booking::requested_schema().validate(&content).is_ok());
}

#[test]
fn reports_every_bad_field_at_once() {
    let err = parse(json!({
        "user": "al",
        "server": "10.0.0.300",
        "bookingId": "not-a-uuid",
        "guests": 0,
        "email": "nobody",
        "phoneNumber": "123",
        "nights": 3,
        "firstNight": 5,
        "lastNight": 4
    }))
    .unwrap_err();
    let fields: Vec<&str> = err.errors().iter().map(FieldError::field).collect();
    // The form's own check runs only once every field has been read: `lastNight` is not judged
    // against `firstNight` while other fields are wrong.
    assert_eq!(
        fields,
        [
            "user",
            "server",
            "bookingId",
            "guests",
            "email",
            "phoneNumber",
            "nights"
        ],
        "{err}"
    );
    let kinds: Vec<&ErrorKind> = err.errors().iter().map(FieldError::kind).collect();
    assert!(matches!(kinds[0], ErrorKind::TooShort { .. }));
    assert!(matches!(kinds[1], ErrorKind::Invalid { .. }));
    assert!(matches!(kinds[2], ErrorKind::Invalid { .. }));
    assert!(matches!(kinds[3], ErrorKind::TooSmall { .. }));
    assert!(matches!(kinds[4], ErrorKind::BadFormat { .. }));
    assert!(matches!(kinds[5], ErrorKind::TooShort { .. }));
    assert_eq!(
        kinds[6],
        &ErrorKind::Invalid {
            reason: "must be even, got 3".into()
        }
    );
}

#[test]
fn the_forms_own_check_reports_once_the_fields_are_valid() {
    let err = parse(json!({
        "user": "ada",
        "server": "10.0.0.1",
        "bookingId": "67e55044-10b1-426f-9247-bb680e5fe0c8",
        "guests": 1,
        "email": "ada@example.com",
        "nights": 2,
        "firstNight": 5,
        "lastNight": 4
    }))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`lastNight`: must not be before the first night (5)"
    );
}
