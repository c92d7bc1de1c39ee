//! Wire names: `rename`, `rename_all` with serde's rules, and serde's own attributes, so that a
//! struct deriving both `Elicit` and `Deserialize` has one set of names.

mod common;

use common::{assert_schema, required};
use mcp_elicit::Elicit;
use serde_json::{Value, json};

fn names<T: Elicit>() -> Vec<String> {
    T::requested_schema()
        .properties()
        .iter()
        .map(|p| p.name().to_owned())
        .collect()
}

macro_rules! rule_case {
    ($ty:ident, $rule:literal) => {
        #[derive(Elicit)]
        #[elicit(rename_all = $rule)]
        #[allow(dead_code, non_snake_case)]
        struct $ty {
            outcome: String,
            very_tasty: bool,
            a: u8,
            z42: Option<u8>,
        }
    };
}

rule_case!(Lower, "lowercase");
rule_case!(Upper, "UPPERCASE");
rule_case!(Pascal, "PascalCase");
rule_case!(Camel, "camelCase");
rule_case!(Snake, "snake_case");
rule_case!(ScreamingSnake, "SCREAMING_SNAKE_CASE");
rule_case!(Kebab, "kebab-case");
rule_case!(ScreamingKebab, "SCREAMING-KEBAB-CASE");

#[test]
fn every_rename_all_rule() {
    assert_eq!(names::<Lower>(), ["outcome", "very_tasty", "a", "z42"]);
    assert_eq!(names::<Upper>(), ["OUTCOME", "VERY_TASTY", "A", "Z42"]);
    assert_eq!(names::<Pascal>(), ["Outcome", "VeryTasty", "A", "Z42"]);
    assert_eq!(names::<Camel>(), ["outcome", "veryTasty", "a", "z42"]);
    assert_eq!(names::<Snake>(), ["outcome", "very_tasty", "a", "z42"]);
    assert_eq!(
        names::<ScreamingSnake>(),
        ["OUTCOME", "VERY_TASTY", "A", "Z42"]
    );
    assert_eq!(names::<Kebab>(), ["outcome", "very-tasty", "a", "z42"]);
    assert_eq!(
        names::<ScreamingKebab>(),
        ["OUTCOME", "VERY-TASTY", "A", "Z42"]
    );
    assert_eq!(required::<Camel>(), ["outcome", "veryTasty", "a"]);
}

/// The rules give what serde gives: a value serialized by serde under the same rule has exactly
/// the schema's keys.
macro_rules! serde_agrees {
    ($($rule:literal),*) => {{
        $({
            #[derive(Elicit, serde::Serialize, Default)]
            #[serde(rename_all = $rule)]
            struct Case {
                outcome: String,
                very_tasty: bool,
                user_id_2: u8,
                r#type: String,
            }
            let ours = names::<Case>();
            let theirs: Vec<String> = match serde_json::to_value(Case::default()).unwrap() {
                Value::Object(map) => map.keys().cloned().collect(),
                other => panic!("not an object: {other}"),
            };
            assert_eq!(ours, theirs, "rule {}", $rule);
        })*
    }};
}

#[test]
fn rules_agree_with_serde() {
    serde_agrees!(
        "lowercase",
        "UPPERCASE",
        "PascalCase",
        "camelCase",
        "snake_case",
        "SCREAMING_SNAKE_CASE",
        "kebab-case",
        "SCREAMING-KEBAB-CASE"
    );
}

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
struct Renamed {
    #[elicit(rename = "e-mail")]
    email_address: String,
    first_name: String,
    r#type: String,
    #[elicit(rename = "kind")]
    r#enum: Option<String>,
}

/// `rename` wins over `rename_all`; raw identifiers lose their `r#`.
#[test]
fn rename_and_raw_identifiers() {
    assert_schema::<Renamed>(json!({
        "type": "object",
        "properties": {
            "e-mail": {"type": "string"},
            "firstName": {"type": "string"},
            "type": {"type": "string"},
            "kind": {"type": "string"},
        },
        "required": ["e-mail", "firstName", "type"],
    }));
}

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
struct SerdeNames {
    first_name: String,
    #[serde(rename = "mail")]
    email: String,
    #[serde(rename(serialize = "out", deserialize = "in"))]
    direction: String,
    #[serde(rename(serialize = "only-out"))]
    serialize_only: String,
    #[serde(default, skip_serializing_if = "Option::is_none", alias = "years")]
    age_in_years: Option<u8>,
}

/// The derive reads serde's renames, including the `deserialize` half of a split rename (the
/// client's answer is what gets deserialized), and ignores serde keys it does not need.
#[test]
fn serde_renames_are_honoured() {
    assert_eq!(
        names::<SerdeNames>(),
        ["first-name", "mail", "in", "serialize-only", "age-in-years"]
    );
    let answer = json!({
        "first-name": "Ada",
        "mail": "ada@example.com",
        "in": "north",
        "serialize-only": "x",
        "age-in-years": 36,
    });
    let parsed: SerdeNames = serde_json::from_value(answer).expect("serde reads the same names");
    assert_eq!(parsed.first_name, "Ada");
}

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
struct ElicitWins {
    first_name: String,
    #[serde(rename = "serde-name")]
    #[elicit(rename = "elicitName")]
    both: String,
    #[serde(rename = "from-serde")]
    only_serde: String,
}

/// An explicit `#[elicit(..)]` rename wins over serde's.
#[test]
fn elicit_renames_win_over_serde() {
    assert_eq!(
        names::<ElicitWins>(),
        ["firstName", "elicitName", "from-serde"]
    );
}

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "PascalCase"))]
#[allow(dead_code)]
struct SplitRule {
    first_name: String,
}

#[test]
fn split_rename_all_uses_the_deserialize_rule() {
    assert_eq!(names::<SplitRule>(), ["FirstName"]);
}
