use super::*;

#[test]
fn excerpts_cut_long_text_on_a_character_boundary() {
    assert_eq!(excerpt("short"), "short");
    let long = "é".repeat(100);
    let cut = excerpt(&long);
    assert_eq!(cut.chars().count(), 65);
    assert!(cut.ends_with('…'));
    assert_eq!(excerpt(&"a".repeat(64)), "a".repeat(64));
}

#[test]
fn values_are_described_without_walking_them() {
    assert_eq!(describe(&Value::from("gold")), "\"gold\"");
    assert_eq!(describe(&Value::from(5)), "5");
    assert_eq!(describe(&Value::Null), "null");
    assert_eq!(describe(&serde_json::json!([[[]]])), "a list");
    assert_eq!(describe(&serde_json::json!({"a": 1})), "an object");
}

#[test]
fn every_kind_reads_as_a_sentence() {
    let n = Number::from_i64;
    let options = Options::new(
        (0..10)
            .map(|i| {
                crate::__private::option(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"][i])
            })
            .collect(),
    );
    let cases = [
        (ErrorKind::Missing, "is required"),
        (
            ErrorKind::WrongType {
                expected: Expected::Integer,
                found: JsonType::String,
            },
            "must be a whole number, got text",
        ),
        (
            ErrorKind::NotAnInteger { found: 30.5 },
            "must be a whole number, got 30.5",
        ),
        (
            ErrorKind::TooSmall {
                minimum: n(13),
                found: n(12),
            },
            "must be at least 13, got 12",
        ),
        (
            ErrorKind::TooLarge {
                maximum: n(255),
                found: n(300),
            },
            "must be at most 255, got 300",
        ),
        (
            ErrorKind::TooShort {
                min_length: 1,
                length: 0,
            },
            "must be at least 1 character long, got 0",
        ),
        (
            ErrorKind::TooLong {
                max_length: 3,
                length: 4,
            },
            "must be at most 3 characters long, got 4",
        ),
        (
            ErrorKind::BadFormat {
                format: StringFormat::Email,
                found: "nope".into(),
            },
            "must be an e-mail address, got \"nope\"",
        ),
        (
            ErrorKind::NotAnOption {
                found: "\"z\"".into(),
                options: options.clone(),
            },
            "must be one of \"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\" (or 2 more), got \"z\"",
        ),
        (
            ErrorKind::TooFewChoices {
                min_items: 1,
                count: 0,
            },
            "must have at least 1 option chosen, got 0",
        ),
        (
            ErrorKind::TooManyChoices {
                max_items: 2,
                count: 3,
            },
            "must have at most 2 options chosen, got 3",
        ),
        (
            ErrorKind::RepeatedChoice {
                choice: "red".into(),
            },
            "chooses \"red\" more than once",
        ),
        (
            ErrorKind::Invalid {
                reason: "must be a user ID like \"u-42\", got \"bob\"".into(),
            },
            "must be a user ID like \"u-42\", got \"bob\"",
        ),
    ];
    for (kind, text) in cases {
        assert_eq!(kind.to_string(), text);
    }
}
