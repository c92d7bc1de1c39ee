//! `#[elicit(transparent)]`: a newtype as a field type of its inner field's kind, with its inner
//! field's bounds; bounds at the place of use apply too.

use mcp_elicit::Elicit;
use serde_json::json;

mod common;
use common::assert_schema;

/// A user name: 3 to 20 characters.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(transparent)]
struct Username(#[elicit(min_length = 3, max_length = 20)] String);

/// A work e-mail address.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(transparent)]
struct WorkEmail {
    #[elicit(format = "email")]
    address: String,
}

/// A number of seats: 1 to 500.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(transparent)]
struct Seats(#[elicit(minimum = 1, maximum = 500)] u32);

#[derive(Elicit, Debug, PartialEq)]
struct Team {
    owner: Username,
    /// Stricter here than the type
    #[elicit(max_length = 12)]
    deputy: Option<Username>,
    contact: WorkEmail,
    #[elicit(maximum = 50, default = 10)]
    seats: Seats,
}

#[test]
fn a_newtype_renders_its_inner_fields_kind_and_bounds_narrowed_at_the_place_of_use() {
    assert_schema::<Team>(json!({
        "type": "object",
        "properties": {
            "owner": {"type": "string", "minLength": 3, "maxLength": 20},
            "deputy": {"type": "string", "description": "Stricter here than the type", "minLength": 3, "maxLength": 12},
            "contact": {"type": "string", "format": "email"},
            "seats": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}
        },
        "required": ["owner", "contact"]
    }));
}

#[test]
fn a_newtype_reads_and_writes_as_its_inner_value() {
    let answer = json!({"owner": "ada", "contact": "ada@example.com"});
    let team = Team::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(
        team,
        Team {
            owner: Username("ada".to_owned()),
            deputy: None,
            contact: WorkEmail {
                address: "ada@example.com".to_owned()
            },
            seats: Seats(10),
        }
    );
    assert_eq!(Team::from_content(&team.to_content()).unwrap(), team);
    let bad = json!({"owner": "al", "deputy": "a-very-long-name", "contact": "nope", "seats": 0});
    let err = Team::from_content(bad.as_object().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`owner`: must be at least 3 characters long, got 2\n\
         `deputy`: must be at most 12 characters long, got 16\n\
         `contact`: must be an e-mail address, got \"nope\"\n\
         `seats`: must be at least 1, got 0"
    );
}
