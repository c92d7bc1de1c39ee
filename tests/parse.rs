//! The typed parser (`Elicit::from_content`) and the dynamic one (`RequestedSchema::validate`),
//! rule by rule. Every rule is checked on both paths: on the derived schema, and on the same schema
//! written to JSON and read back (as a client would receive it).

use std::collections::{BTreeSet, HashSet};

use mcp_elicit::schema::Number;
use mcp_elicit::{ContentError, Elicit, ErrorKind, Expected, JsonType, RequestedSchema};
use serde_json::{Value, json};

/// The typed result, after checking that the dynamic path finds the same problems (as kinds, in
/// the same order) on the derived schema and on its JSON read back.
#[track_caller]
fn parse<T: Elicit>(content: Value) -> Result<T, ContentError> {
    let content = content
        .as_object()
        .expect("test content is an object")
        .clone();
    let typed = T::from_content(&content);
    let dynamic = T::requested_schema().validate(&content);
    let received: RequestedSchema =
        serde_json::from_value(serde_json::to_value(T::requested_schema()).unwrap())
            .expect("our schema reads back");
    assert_eq!(
        &received,
        T::requested_schema(),
        "the schema reads back unchanged"
    );
    let from_json = received.validate(&content);
    assert_eq!(
        dynamic, from_json,
        "the static and the received schema judge alike"
    );
    match (&typed, &dynamic) {
        (Ok(_), Ok(())) => {}
        (Err(t), Err(d)) => assert_eq!(t, d, "typed and dynamic paths disagree"),
        _ => panic!("typed {:?} but dynamic {dynamic:?}", typed.as_ref().err()),
    }
    typed
}

/// Like [`parse`], for problems only the Rust type can see (its range): the dynamic path passes.
#[track_caller]
fn parse_typed_only<T: Elicit>(content: Value) -> Result<T, ContentError> {
    let content = content.as_object().unwrap().clone();
    assert_eq!(T::requested_schema().validate(&content), Ok(()));
    T::from_content(&content)
}

/// The single problem of a failed parse.
#[track_caller]
fn only_error<T: std::fmt::Debug>(result: Result<T, ContentError>) -> (String, ErrorKind, String) {
    let err = result.expect_err("the content should be refused");
    assert_eq!(err.errors().len(), 1, "one problem expected: {err}");
    let e = &err.errors()[0];
    (e.field().to_owned(), e.kind().clone(), e.to_string())
}

#[derive(Elicit, Debug, PartialEq)]
struct Required {
    name: String,
    age: u8,
}

#[test]
fn required_fields_must_be_present_and_not_null() {
    assert_eq!(
        parse::<Required>(json!({"name": "Ada", "age": 36})).unwrap(),
        Required {
            name: "Ada".into(),
            age: 36
        }
    );
    let (field, kind, text) = only_error(parse::<Required>(json!({"name": "Ada"})));
    assert_eq!((field.as_str(), kind), ("age", ErrorKind::Missing));
    assert_eq!(text, "`age`: is required");
    let (field, kind, _) = only_error(parse::<Required>(json!({"name": null, "age": 1})));
    assert_eq!((field.as_str(), kind), ("name", ErrorKind::Missing));
    let err = parse::<Required>(json!({})).unwrap_err();
    assert_eq!(err.to_string(), "`name`: is required\n`age`: is required");
}

#[derive(Elicit, Debug, PartialEq)]
struct Optional {
    nickname: Option<String>,
    score: Option<i32>,
}

#[test]
fn optional_fields_may_be_absent_or_null() {
    assert_eq!(
        parse::<Optional>(json!({})).unwrap(),
        Optional {
            nickname: None,
            score: None
        }
    );
    assert_eq!(
        parse::<Optional>(json!({"nickname": null, "score": -3})).unwrap(),
        Optional {
            nickname: None,
            score: Some(-3)
        }
    );
}

#[derive(Elicit, Debug, PartialEq)]
struct Types {
    text: Option<String>,
    whole: Option<i64>,
    real: Option<f64>,
    flag: Option<bool>,
    single: Option<Plan>,
    multi: Option<Vec<Topic>>,
}

#[derive(Elicit, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free plan")]
    Free,
    Pro,
}

#[derive(Elicit, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
}

#[test]
fn every_field_checks_its_json_type() {
    let cases = [
        ("text", json!(5), Expected::Text, JsonType::Number),
        ("whole", json!("5"), Expected::Integer, JsonType::String),
        ("real", json!(true), Expected::Number, JsonType::Boolean),
        ("flag", json!("true"), Expected::Boolean, JsonType::String),
        ("single", json!(["free"]), Expected::Option, JsonType::Array),
        ("multi", json!("free"), Expected::Options, JsonType::String),
        ("text", json!({"a": 1}), Expected::Text, JsonType::Object),
    ];
    for (field, value, expected, found) in cases {
        let (name, kind, _) = only_error(parse::<Types>(json!({ field: value })));
        assert_eq!(name, field);
        assert_eq!(kind, ErrorKind::WrongType { expected, found }, "{field}");
    }
    let (_, _, text) = only_error(parse::<Types>(json!({"whole": "5"})));
    assert_eq!(text, "`whole`: must be a whole number, not text");
}

#[derive(Elicit, Debug, PartialEq)]
struct Integers {
    count: u32,
}

#[test]
fn integers_accept_integral_floats_and_refuse_fractions() {
    assert_eq!(parse::<Integers>(json!({"count": 30.0})).unwrap().count, 30);
    assert_eq!(parse::<Integers>(json!({"count": -0.0})).unwrap().count, 0);
    let (_, kind, text) = only_error(parse::<Integers>(json!({"count": 30.5})));
    assert_eq!(kind, ErrorKind::NotAnInteger { found: 30.5 });
    assert_eq!(text, "`count`: must be a whole number, got 30.5");
}

#[derive(Elicit, Debug, PartialEq)]
struct Ranges {
    small: Option<u8>,
    unsigned: Option<u32>,
    signed: Option<i64>,
    single: Option<f32>,
    tiny: Option<i8>,
}

#[test]
fn the_rust_type_bounds_every_number() {
    // Stated in the schema (8 and 16 bits): both paths refuse.
    let (_, kind, text) = only_error(parse::<Ranges>(json!({"small": 300})));
    assert_eq!(
        kind,
        ErrorKind::TooLarge {
            maximum: Number::from_u64(255),
            found: Number::from_u64(300)
        }
    );
    assert_eq!(text, "`small`: must be at most 255, got 300");
    let (_, kind, _) = only_error(parse::<Ranges>(json!({"unsigned": -1})));
    assert_eq!(
        kind,
        ErrorKind::TooSmall {
            minimum: Number::from_u64(0),
            found: Number::from_i64(-1)
        }
    );
    let (_, _, text) = only_error(parse::<Ranges>(json!({"tiny": -129})));
    assert_eq!(text, "`tiny`: must be at least -128, got -129");
    // Not stated (wider types): only the Rust type can see it, never a wrap or a saturation.
    let (_, _, text) = only_error(parse_typed_only::<Ranges>(json!({"unsigned": 5e9})));
    assert_eq!(
        text,
        "`unsigned`: must be at most 4294967295, got 5000000000.0"
    );
    let (_, _, text) = only_error(parse_typed_only::<Ranges>(json!({"signed": u64::MAX})));
    assert_eq!(
        text,
        "`signed`: must be at most 9223372036854775807, got 18446744073709551615"
    );
    let (_, _, text) = only_error(parse_typed_only::<Ranges>(json!({"signed": -1e300})));
    assert_eq!(
        text,
        "`signed`: must be at least -9223372036854775808, got -1e300"
    );
    let (_, kind, _) = only_error(parse_typed_only::<Ranges>(json!({"single": 1e300})));
    assert!(matches!(kind, ErrorKind::TooLarge { .. }), "{kind:?}");
    let parsed = parse::<Ranges>(json!({"signed": i64::MIN, "single": 0.1})).unwrap();
    assert_eq!(parsed.signed, Some(i64::MIN));
    assert_eq!(parsed.single, Some(0.1));
}

#[derive(Elicit, Debug, PartialEq)]
struct Bounds {
    #[elicit(minimum = 13, maximum = 130)]
    age: u8,
    #[elicit(minimum = -0.5, maximum = 0.5)]
    offset: f64,
}

#[test]
fn minimum_and_maximum() {
    assert!(parse::<Bounds>(json!({"age": 13, "offset": 0.5})).is_ok());
    assert!(parse::<Bounds>(json!({"age": 130, "offset": -0.5})).is_ok());
    let (_, _, text) = only_error(parse::<Bounds>(json!({"age": 12, "offset": 0})));
    assert_eq!(text, "`age`: must be at least 13, got 12");
    let (_, _, text) = only_error(parse::<Bounds>(json!({"age": 131, "offset": 0})));
    assert_eq!(text, "`age`: must be at most 130, got 131");
    let (_, _, text) = only_error(parse::<Bounds>(json!({"age": 20, "offset": 0.75})));
    assert_eq!(text, "`offset`: must be at most 0.5, got 0.75");
    let (_, _, text) = only_error(parse::<Bounds>(json!({"age": 20, "offset": -1})));
    assert_eq!(text, "`offset`: must be at least -0.5, got -1");
}

#[derive(Elicit, Debug, PartialEq)]
struct Lengths {
    #[elicit(min_length = 2, max_length = 5)]
    name: String,
}

#[test]
fn lengths_count_characters_not_bytes() {
    for ok in ["ab", "héllo", "日本", "👍🏽"] {
        assert_eq!(parse::<Lengths>(json!({"name": ok})).unwrap().name, ok);
    }
    let (_, kind, text) = only_error(parse::<Lengths>(json!({"name": "é"})));
    assert_eq!(
        kind,
        ErrorKind::TooShort {
            min_length: 2,
            length: 1
        }
    );
    assert_eq!(text, "`name`: must be at least 2 characters long, got 1");
    let (_, _, text) = only_error(parse::<Lengths>(json!({"name": "ünïcødé"})));
    assert_eq!(text, "`name`: must be at most 5 characters long, got 7");
}

#[derive(Elicit, Debug, PartialEq)]
struct Formats {
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(format = "uri")]
    uri: Option<String>,
    #[elicit(format = "date")]
    date: Option<String>,
    #[elicit(format = "date-time")]
    date_time: Option<String>,
}

#[test]
fn formats() {
    let good = json!({
        "email": "ada@example.com",
        "uri": "https://example.com/a?b#c",
        "date": "2024-02-29",
        "date_time": "2025-11-25T09:30:00+02:00"
    });
    assert!(parse::<Formats>(good).is_ok());
    let cases = [
        ("email", "ada@", "must be an e-mail address, got \"ada@\""),
        (
            "uri",
            "/relative",
            "must be an absolute URI, like https://example.com, got \"/relative\"",
        ),
        (
            "date",
            "2023-02-29",
            "must be a date, like 2025-11-25, got \"2023-02-29\"",
        ),
        (
            "date_time",
            "2025-11-25T09:30:00",
            "must be a date and time with an offset, like 2025-11-25T09:30:00Z, got \"2025-11-25T09:30:00\"",
        ),
    ];
    for (field, value, message) in cases {
        let (name, kind, text) = only_error(parse::<Formats>(json!({ field: value })));
        assert_eq!(name, field);
        assert!(matches!(kind, ErrorKind::BadFormat { .. }));
        assert_eq!(text, format!("`{field}`: {message}"));
    }
}

#[test]
fn quoted_values_are_cut_short() {
    let long = "x".repeat(10_000);
    let (_, kind, text) = only_error(parse::<Formats>(json!({ "email": long })));
    let ErrorKind::BadFormat { found, .. } = kind else {
        panic!("{kind:?}")
    };
    assert_eq!(found.chars().count(), 65);
    assert!(text.len() < 200, "{text}");
}

#[derive(Elicit, Debug, PartialEq)]
struct Single {
    plan: Plan,
}

#[test]
fn options_by_exact_wire_value() {
    assert_eq!(
        parse::<Single>(json!({"plan": "free"})).unwrap().plan,
        Plan::Free
    );
    for not_an_option in ["Free", "Free plan", "FREE", " free", "gold"] {
        let (_, kind, _) = only_error(parse::<Single>(json!({ "plan": not_an_option })));
        assert!(
            matches!(&kind, ErrorKind::NotAnOption { found, .. } if found == &format!("{not_an_option:?}")),
            "{kind:?}"
        );
    }
    let (_, _, text) = only_error(parse::<Single>(json!({"plan": "gold"})));
    assert_eq!(
        text,
        "`plan`: must be one of \"free\", \"pro\", got \"gold\""
    );
}

#[derive(Elicit, Debug, PartialEq)]
struct Multi {
    #[elicit(min_items = 1, max_items = 2)]
    topics: Vec<Topic>,
    set: Option<HashSet<Topic>>,
    tree: Option<BTreeSet<Topic>>,
}

#[test]
fn multi_selects() {
    let parsed = parse::<Multi>(json!({
        "topics": ["events", "releases"],
        "set": ["events", "security-notices"],
        "tree": ["events", "releases"]
    }))
    .unwrap();
    assert_eq!(parsed.topics, [Topic::Events, Topic::Releases]);
    assert_eq!(
        parsed.set.unwrap(),
        HashSet::from([Topic::Events, Topic::SecurityNotices])
    );
    assert_eq!(
        parsed.tree.unwrap(),
        BTreeSet::from([Topic::Releases, Topic::Events])
    );

    let (_, _, text) = only_error(parse::<Multi>(json!({"topics": []})));
    assert_eq!(text, "`topics`: must have at least 1 option chosen, got 0");
    let (_, _, text) = only_error(parse::<Multi>(
        json!({"topics": ["events", "releases", "security-notices"]}),
    ));
    assert_eq!(text, "`topics`: must have at most 2 options chosen, got 3");
    let (_, _, text) = only_error(parse::<Multi>(json!({"topics": ["events", "events"]})));
    assert_eq!(text, "`topics`: chooses \"events\" more than once");
    let (_, _, text) = only_error(parse::<Multi>(json!({"topics": ["Events"]})));
    assert_eq!(
        text,
        "`topics`: must be one of \"releases\", \"security-notices\", \"events\", got \"Events\""
    );
    let (_, _, text) = only_error(parse::<Multi>(json!({"topics": [1]})));
    assert_eq!(
        text,
        "`topics`: must be one of \"releases\", \"security-notices\", \"events\", got 1"
    );
    // Without `max_items`, more choices than options cannot be valid: refused by length too.
    let (_, _, text) = only_error(parse::<Multi>(
        json!({"topics": ["events"], "set": ["events", "events", "events", "events"]}),
    ));
    assert_eq!(text, "`set`: must have at most 3 options chosen, got 4");
}

#[test]
fn a_huge_list_is_refused_by_its_length() {
    let huge = Value::Array((0..1_000_000).map(Value::from).collect());
    let mut content = mcp_elicit::Content::new();
    content.insert("topics".into(), huge);
    let typed = Multi::from_content(&content).unwrap_err();
    let dynamic = Multi::requested_schema().validate(&content).unwrap_err();
    assert_eq!(typed, dynamic);
    // One problem, not one per item: the items (numbers, none an option) are never looked at.
    assert_eq!(
        typed
            .errors()
            .iter()
            .map(mcp_elicit::FieldError::kind)
            .collect::<Vec<_>>(),
        [&ErrorKind::TooManyChoices {
            max_items: 2,
            count: 1_000_000
        }]
    );
}

#[test]
fn nested_values_are_refused_by_their_type_not_walked() {
    let mut deep = json!("bottom");
    for _ in 0..1_000 {
        deep = json!([deep]);
    }
    let (_, kind, _) = only_error(parse::<Required>(json!({"name": deep, "age": 1})));
    assert_eq!(
        kind,
        ErrorKind::WrongType {
            expected: Expected::Text,
            found: JsonType::Array
        }
    );
    let (_, kind, _) = only_error(parse::<Single>(json!({"plan": {"a": {"b": {}}}})));
    assert_eq!(
        kind,
        ErrorKind::WrongType {
            expected: Expected::Option,
            found: JsonType::Object
        }
    );
}

#[derive(Elicit, Debug, PartialEq)]
struct Defaults {
    #[elicit(default = "en")]
    language: String,
    #[elicit(default = 8080)]
    port: u16,
    #[elicit(default = 0.5)]
    ratio: f64,
    #[elicit(default = true)]
    newsletter: bool,
    #[elicit(default = Plan::Pro)]
    plan: Plan,
    #[elicit(default = [Topic::Events, Topic::Releases])]
    topics: Vec<Topic>,
    /// The form starts at 3; an absent answer means the user cleared it.
    #[elicit(default = 3)]
    retries: Option<u8>,
}

#[test]
fn absent_fields_take_their_defaults() {
    assert_eq!(
        parse::<Defaults>(json!({})).unwrap(),
        Defaults {
            language: "en".into(),
            port: 8080,
            ratio: 0.5,
            newsletter: true,
            plan: Plan::Pro,
            topics: vec![Topic::Events, Topic::Releases],
            retries: None,
        }
    );
    let given = parse::<Defaults>(json!({"language": "fr", "port": 1, "retries": 5, "plan": null}))
        .unwrap();
    assert_eq!(
        (
            given.language.as_str(),
            given.port,
            given.retries,
            given.plan
        ),
        ("fr", 1, Some(5), Plan::Pro)
    );
}

#[test]
fn unknown_keys_are_ignored() {
    let parsed =
        parse::<Required>(json!({"name": "Ada", "age": 36, "extra": {"deep": [1, 2]}, "_meta": 1}));
    assert_eq!(parsed.unwrap().age, 36);
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Signup {
    #[elicit(min_length = 3)]
    display_name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 13)]
    age: u8,
    plan: Plan,
    #[elicit(max_items = 2)]
    topics: BTreeSet<Topic>,
}

#[test]
fn every_problem_is_reported_in_form_order() {
    let err = parse::<Signup>(json!({
        "displayName": "Al",
        "email": "al",
        "age": 12,
        "plan": "gold",
        "topics": ["events", "events", "nope"]
    }))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`displayName`: must be at least 3 characters long, got 2\n\
         `email`: must be an e-mail address, got \"al\"\n\
         `age`: must be at least 13, got 12\n\
         `plan`: must be one of \"free\", \"pro\", got \"gold\"\n\
         `topics`: must have at most 2 options chosen, got 3\n\
         `topics`: chooses \"events\" more than once\n\
         `topics`: must be one of \"releases\", \"security-notices\", \"events\", got \"nope\""
    );
    let fields: Vec<&str> = err
        .errors()
        .iter()
        .map(mcp_elicit::FieldError::field)
        .collect();
    assert_eq!(
        fields,
        [
            "displayName",
            "email",
            "age",
            "plan",
            "topics",
            "topics",
            "topics"
        ]
    );
    assert_eq!(err.for_field("age").count(), 1);
    let err: &dyn std::error::Error = &err;
    assert!(err.source().is_none());
}

#[test]
fn one_field_can_have_several_problems() {
    #[derive(Elicit, Debug)]
    #[allow(dead_code)]
    struct Both {
        #[elicit(min_length = 10, format = "email")]
        email: String,
        #[elicit(min_items = 3)]
        topics: Vec<Topic>,
    }
    let err = parse::<Both>(json!({"email": "a@b", "topics": ["events", "events"]})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`email`: must be at least 10 characters long, got 3\n\
         `email`: must be an e-mail address, got \"a@b\"\n\
         `topics`: must have at least 3 options chosen, got 2\n\
         `topics`: chooses \"events\" more than once"
    );
}

#[test]
fn to_content_round_trips() {
    let signup = Signup {
        display_name: "Ada".into(),
        email: "ada@example.com".into(),
        age: 36,
        plan: Plan::Pro,
        topics: BTreeSet::from([Topic::Events, Topic::Releases]),
    };
    let content = signup.to_content();
    assert_eq!(
        serde_json::to_string(&content).unwrap(),
        r#"{"displayName":"Ada","email":"ada@example.com","age":36,"plan":"pro","topics":["releases","events"]}"#
    );
    assert_eq!(Signup::from_content(&content).unwrap(), signup);

    let empty = Optional {
        nickname: None,
        score: None,
    };
    assert!(
        empty.to_content().is_empty(),
        "None is left out, never null"
    );
    assert_eq!(Optional::from_content(&empty.to_content()).unwrap(), empty);
}

#[test]
fn sets_are_written_in_the_enums_order() {
    let multi = Multi {
        topics: vec![Topic::Events, Topic::Releases],
        set: Some(HashSet::from([
            Topic::Events,
            Topic::Releases,
            Topic::SecurityNotices,
        ])),
        tree: Some(BTreeSet::from([Topic::Events, Topic::SecurityNotices])),
    };
    let content = multi.to_content();
    assert_eq!(
        content["topics"],
        json!(["events", "releases"]),
        "a Vec keeps its order"
    );
    assert_eq!(
        content["set"],
        json!(["releases", "security-notices", "events"])
    );
    assert_eq!(content["tree"], json!(["security-notices", "events"]));
    assert_eq!(Multi::from_content(&content).unwrap(), multi);
}

#[test]
fn floats_round_trip_exactly() {
    #[derive(Elicit, Debug, PartialEq)]
    struct Floats {
        single: f32,
        double: f64,
    }
    for (single, double) in [(0.1f32, 0.1f64), (f32::MAX, f64::MAX), (-1.5e-30, 5e-324)] {
        let value = Floats { single, double };
        let content = value.to_content();
        assert_eq!(Floats::from_content(&content).unwrap(), value);
    }
    let content = Floats {
        single: 0.1,
        double: 0.0,
    }
    .to_content();
    assert_eq!(
        content["single"],
        json!(0.1),
        "an f32 is written as its shortest decimal"
    );
}
