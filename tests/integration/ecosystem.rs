//! Date, time, URL and e-mail types of other crates as fields (features `chrono`, `jiff`,
//! `time`, `url`, `email_address`, all on in this package): the format in the schema, the crate's own parser on the way
//! in (its refusal is the field's format error), the canonical form on the way out.

use mcp_elicit::{ContentError, Elicit, ErrorKind};
use serde_json::{Value, json};

/// The one problem of a refused answer: its field and the format it should have had.
#[track_caller]
fn format_error<T: std::fmt::Debug>(result: Result<T, ContentError>) -> (String, String) {
    let err = result.expect_err("the answer should be refused");
    assert_eq!(err.errors().len(), 1, "{err}");
    let e = &err.errors()[0];
    assert!(matches!(e.kind(), ErrorKind::BadFormat { .. }), "{e}");
    (e.field().to_owned(), e.to_string())
}

#[track_caller]
fn content(value: Value) -> mcp_elicit::Content {
    value.as_object().unwrap().clone()
}
mod chrono_fields {
    use super::*;
    use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};

    #[derive(Elicit, Debug, PartialEq)]
    struct Booking {
        /// The first night
        arrival: NaiveDate,
        departure: Option<NaiveDate>,
        #[elicit(default = "2025-01-01")]
        season_start: NaiveDate,
        placed_at: DateTime<Utc>,
        local_time: Option<DateTime<FixedOffset>>,
    }

    #[test]
    fn schema_states_the_format() {
        let schema = serde_json::to_value(Booking::requested_schema()).unwrap();
        assert_eq!(
            schema["properties"]["arrival"],
            json!({"type": "string", "description": "The first night", "format": "date"})
        );
        assert_eq!(
            schema["properties"]["season_start"],
            json!({"type": "string", "format": "date", "default": "2025-01-01"})
        );
        assert_eq!(
            schema["properties"]["placed_at"],
            json!({"type": "string", "format": "date-time"})
        );
        assert_eq!(schema["required"], json!(["arrival", "placed_at"]));
    }

    #[test]
    fn parses_with_chrono_and_round_trips() {
        let booking = Booking::from_content(&content(json!({
            "arrival": "2024-02-29",
            "placed_at": "2025-11-25T09:30:00+02:00",
            "local_time": "2025-11-25T09:30:00.5+05:30"
        })))
        .unwrap();
        assert_eq!(
            booking.arrival,
            NaiveDate::from_ymd_opt(2024, 2, 29).unwrap()
        );
        assert_eq!(booking.departure, None);
        assert_eq!(
            booking.season_start,
            NaiveDate::from_ymd_opt(2025, 1, 1).unwrap()
        );
        assert_eq!(
            booking.placed_at,
            Utc.with_ymd_and_hms(2025, 11, 25, 7, 30, 0).unwrap()
        );
        let written = booking.to_content();
        assert_eq!(written["placed_at"], json!("2025-11-25T07:30:00Z"));
        assert_eq!(
            written["local_time"],
            json!("2025-11-25T09:30:00.500+05:30")
        );
        assert!(!written.contains_key("departure"));
        assert_eq!(Booking::from_content(&written).unwrap(), booking);
    }

    #[test]
    fn dates_rfc_3339_cannot_write_are_left_out() {
        let far = Booking {
            arrival: NaiveDate::from_ymd_opt(10000, 1, 1).unwrap(),
            departure: NaiveDate::from_ymd_opt(-1, 12, 31),
            season_start: NaiveDate::from_ymd_opt(9999, 12, 31).unwrap(),
            placed_at: Utc.with_ymd_and_hms(10000, 1, 1, 0, 0, 0).unwrap(),
            local_time: FixedOffset::east_opt(3600)
                .unwrap()
                .with_ymd_and_hms(-5, 6, 1, 12, 0, 0)
                .single(),
        };
        let written = far.to_content();
        assert_eq!(
            Value::Object(written),
            json!({"season_start": "9999-12-31"})
        );
    }

    #[test]
    fn impossible_dates_and_missing_offsets_are_format_errors() {
        let base = json!({"arrival": "2025-01-01", "placed_at": "2025-11-25T09:30:00Z"});
        let with = |key: &str, value: &str| {
            let mut c = content(base.clone());
            c.insert(key.into(), value.into());
            Booking::from_content(&c)
        };
        assert_eq!(
            format_error(with("arrival", "2023-02-29")),
            (
                "arrival".into(),
                "`arrival`: must be a date, like 2025-11-25, got \"2023-02-29\"".into()
            )
        );
        let (field, _) = format_error(with("placed_at", "2025-11-25T09:30:00"));
        assert_eq!(field, "placed_at");
        let (field, _) = format_error(with("local_time", "yesterday"));
        assert_eq!(field, "local_time");
    }
}
mod jiff_fields {
    use super::*;
    use jiff::Timestamp;
    use jiff::civil::Date;

    #[derive(Elicit, Debug, PartialEq)]
    struct Event {
        day: Date,
        #[elicit(default = "2025-11-25T09:30:00Z")]
        starts: Timestamp,
        ends: Option<Timestamp>,
    }

    #[test]
    fn parses_with_jiff_and_round_trips() {
        let schema = serde_json::to_value(Event::requested_schema()).unwrap();
        assert_eq!(schema["properties"]["day"]["format"], json!("date"));
        assert_eq!(schema["properties"]["starts"]["format"], json!("date-time"));
        let event = Event::from_content(&content(json!({
            "day": "2025-11-25",
            "ends": "2025-11-25T12:00:00-05:00"
        })))
        .unwrap();
        assert_eq!(event.day, jiff::civil::date(2025, 11, 25));
        assert_eq!(
            event.starts,
            "2025-11-25T09:30:00Z".parse::<Timestamp>().unwrap()
        );
        let written = event.to_content();
        assert_eq!(written["ends"], json!("2025-11-25T17:00:00Z"));
        assert_eq!(Event::from_content(&written).unwrap(), event);
        let (field, _) = format_error(Event::from_content(&content(json!({"day": "2025-02-30"}))));
        assert_eq!(field, "day");
        let (field, _) = format_error(Event::from_content(&content(
            json!({"day": "2025-02-03", "ends": "2025-11-25T12:00:00"}),
        )));
        assert_eq!(field, "ends");
    }

    #[test]
    fn instants_rfc_3339_cannot_write_are_left_out() {
        let event = Event {
            day: jiff::civil::date(-1, 1, 1),
            starts: Timestamp::MIN,
            ends: Some(Timestamp::MAX),
        };
        // jiff's range ends within year 9999 (in UTC), but begins in year -9999.
        assert_eq!(
            Value::Object(event.to_content()),
            json!({"ends": "9999-12-30T22:00:00.999999999Z"})
        );
    }
}
mod time_fields {
    use super::*;
    use time::macros::{date, datetime};
    use time::{Date, OffsetDateTime};

    #[derive(Elicit, Debug, PartialEq)]
    struct Shift {
        day: Date,
        #[elicit(default = "2025-11-25T09:30:00+01:00")]
        starts: OffsetDateTime,
        ends: Option<OffsetDateTime>,
    }

    #[test]
    fn parses_with_time_and_round_trips() {
        let schema = serde_json::to_value(Shift::requested_schema()).unwrap();
        assert_eq!(schema["properties"]["day"]["format"], json!("date"));
        let shift = Shift::from_content(&content(json!({
            "day": "2025-11-25",
            "ends": "2025-11-25T17:00:00.25-05:00"
        })))
        .unwrap();
        assert_eq!(shift.day, date!(2025 - 11 - 25));
        assert_eq!(shift.starts, datetime!(2025-11-25 09:30:00 +01:00));
        let written = shift.to_content();
        assert_eq!(written["starts"], json!("2025-11-25T09:30:00+01:00"));
        assert_eq!(written["ends"], json!("2025-11-25T17:00:00.25-05:00"));
        assert_eq!(Shift::from_content(&written).unwrap(), shift);
        let (field, _) = format_error(Shift::from_content(&content(json!({"day": "2021-02-29"}))));
        assert_eq!(field, "day");
    }
}
mod url_fields {
    use super::*;
    use url::Url;

    #[derive(Elicit, Debug, PartialEq)]
    struct Link {
        #[elicit(title = "Homepage")]
        homepage: Url,
        #[elicit(default = "https://example.com/feed")]
        feed: Url,
    }

    #[test]
    fn parses_with_url_and_writes_it_normalized() {
        let schema = serde_json::to_value(Link::requested_schema()).unwrap();
        assert_eq!(
            schema["properties"]["homepage"],
            json!({"type": "string", "title": "Homepage", "format": "uri"})
        );
        let link =
            Link::from_content(&content(json!({"homepage": "HTTPS://Example.COM"}))).unwrap();
        assert_eq!(link.homepage.as_str(), "https://example.com/");
        assert_eq!(link.feed.as_str(), "https://example.com/feed");
        let written = link.to_content();
        assert_eq!(written["homepage"], json!("https://example.com/"));
        assert_eq!(Link::from_content(&written).unwrap(), link);
        // Relative: refused by the format rule. A host `url` cannot read: refused by the parser.
        for bad in ["/relative/path", "https://exa%20mple.com/"] {
            let (field, _) = format_error(Link::from_content(&content(json!({"homepage": bad}))));
            assert_eq!(field, "homepage", "{bad}");
        }
    }
}
mod email_fields {
    use super::*;
    use email_address::EmailAddress;

    #[derive(Elicit, Debug, PartialEq)]
    struct Contact {
        email: EmailAddress,
        backup: Option<EmailAddress>,
    }

    #[test]
    fn parses_with_email_address() {
        let schema = serde_json::to_value(Contact::requested_schema()).unwrap();
        assert_eq!(
            schema["properties"]["email"],
            json!({"type": "string", "format": "email"})
        );
        let contact = Contact::from_content(&content(json!({"email": "ada@example.com"}))).unwrap();
        assert_eq!(contact.email.as_str(), "ada@example.com");
        assert_eq!(
            Contact::from_content(&contact.to_content()).unwrap(),
            contact
        );
        let (field, text) = format_error(Contact::from_content(&content(json!({"email": "ada@"}))));
        assert_eq!(field, "email");
        assert_eq!(text, "`email`: must be an e-mail address, got \"ada@\"");
    }
}

/// Without any integration, text with a `format` is the way, and its default is checked at
/// compile time by the same rule (see `tests/ui/attr/default-without-its-format.rs`).
#[test]
fn string_with_a_format_stays_the_plain_way() {
    #[derive(Elicit, Debug)]
    struct Plain {
        #[elicit(format = "date", default = "2024-02-29")]
        day: String,
    }
    let plain = Plain::from_content(&content(json!({}))).unwrap();
    assert_eq!(plain.day, "2024-02-29");
}

mod uuid_fields {
    use super::*;
    use uuid::Uuid;

    #[derive(Elicit, Debug, PartialEq)]
    struct Booking {
        /// The booking to change
        booking_id: Uuid,
        previous: Option<Uuid>,
    }

    #[test]
    fn a_uuid_is_text_read_in_any_form_and_written_hyphenated_lowercase() {
        let schema = serde_json::to_value(Booking::requested_schema()).unwrap();
        assert_eq!(
            schema["properties"],
            json!({
                "booking_id": {"type": "string", "description": "The booking to change"},
                "previous": {"type": "string"}
            })
        );
        let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
        for written in [
            "67e55044-10b1-426f-9247-bb680e5fe0c8",
            "67E55044-10B1-426F-9247-BB680E5FE0C8",
            "67e5504410b1426f9247bb680e5fe0c8",
            "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
            "urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
        ] {
            let booking = Booking::from_content(&content(json!({"booking_id": written}))).unwrap();
            assert_eq!(booking.booking_id, id, "{written}");
        }
        let booking = Booking {
            booking_id: id,
            previous: None,
        };
        assert_eq!(
            booking.to_content(),
            content(json!({"booking_id": "67e55044-10b1-426f-9247-bb680e5fe0c8"}))
        );
        assert_eq!(
            Booking::from_content(&booking.to_content()).unwrap(),
            booking
        );
        let err = Booking::from_content(&content(json!({"booking_id": "67e55044", "previous": 7})))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "`booking_id`: must be a UUID, like 67e55044-10b1-426f-9247-bb680e5fe0c8, got \"67e55044\"\n\
             `previous`: must be text, not a number"
        );
    }
}
