//! `Elicitation::from_result`: a whole `ElicitResult` (action and content) into a typed answer.

use mcp_elicit::{Elicit, ElicitResultError, Elicitation, ErrorKind, JsonType};
use serde_json::json;

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Contact {
    name: String,
    #[elicit(format = "email")]
    email: Option<String>,
}

#[derive(Elicit, Debug, PartialEq)]
struct Preferences {
    #[elicit(default = true)]
    newsletter: bool,
    nickname: Option<String>,
}

type Answer<T> = Result<Elicitation<T>, ElicitResultError>;

#[test]
fn accept_with_content() {
    let result = json!({"action": "accept", "content": {"name": "Ada"}, "_meta": {"x": 1}});
    assert_eq!(
        Elicitation::<Contact>::from_result(&result),
        Ok(Elicitation::Accepted(Contact {
            name: "Ada".into(),
            email: None
        }))
    );
}

#[test]
fn decline_and_cancel_ignore_any_content() {
    for (action, expected) in [
        ("decline", Elicitation::Declined),
        ("cancel", Elicitation::Cancelled),
    ] {
        for result in [
            json!({"action": action}),
            json!({"action": action, "content": {"name": 5}}),
            json!({"action": action, "content": "not even an object"}),
        ] {
            assert_eq!(
                Elicitation::<Contact>::from_result(&result),
                Ok(expected.clone())
            );
        }
    }
}

#[test]
fn accept_without_content() {
    // A form with required fields needs content.
    let result = json!({"action": "accept"});
    let err = Elicitation::<Contact>::from_result(&result).unwrap_err();
    assert_eq!(err, ElicitResultError::MissingContent);
    assert_eq!(
        err.to_string(),
        "the user accepted, but the result has no `content` although the form has required fields"
    );
    let null_content = json!({"action": "accept", "content": null});
    assert_eq!(
        Elicitation::<Contact>::from_result(&null_content),
        Err(ElicitResultError::MissingContent)
    );
    // A form with nothing required takes its defaults.
    assert_eq!(
        Elicitation::<Preferences>::from_result(&result),
        Ok(Elicitation::Accepted(Preferences {
            newsletter: true,
            nickname: None
        }))
    );
}

#[test]
fn malformed_results() {
    let cases: [(serde_json::Value, ElicitResultError, &str); 6] = [
        (
            json!("accept"),
            ElicitResultError::NotAnObject {
                found: JsonType::String,
            },
            "an elicitation result must be an object, got text",
        ),
        (
            json!({"content": {"name": "Ada"}}),
            ElicitResultError::MissingAction,
            "the elicitation result has no `action`",
        ),
        (
            json!({"action": "accepted"}),
            ElicitResultError::UnknownAction {
                found: "\"accepted\"".into(),
            },
            "unknown `action` \"accepted\": expected \"accept\", \"decline\" or \"cancel\"",
        ),
        (
            json!({"action": "ACCEPT"}),
            ElicitResultError::UnknownAction {
                found: "\"ACCEPT\"".into(),
            },
            "unknown `action` \"ACCEPT\": expected \"accept\", \"decline\" or \"cancel\"",
        ),
        (
            json!({"action": 1}),
            ElicitResultError::UnknownAction { found: "1".into() },
            "unknown `action` 1: expected \"accept\", \"decline\" or \"cancel\"",
        ),
        (
            json!({"action": "accept", "content": ["Ada"]}),
            ElicitResultError::ContentNotAnObject {
                found: JsonType::Array,
            },
            "the `content` of an elicitation result must be an object, got a list",
        ),
    ];
    for (result, error, text) in cases {
        let answer: Answer<Contact> = Elicitation::from_result(&result);
        assert_eq!(answer, Err(error), "{result}");
        assert_eq!(answer.unwrap_err().to_string(), text);
    }
}

#[test]
fn content_errors_are_kept_whole() {
    let result = json!({"action": "accept", "content": {"email": "nope"}});
    let err = Elicitation::<Contact>::from_result(&result).unwrap_err();
    let ElicitResultError::Content(content) = &err else {
        panic!("{err:?}")
    };
    let kinds: Vec<&ErrorKind> = content
        .errors()
        .iter()
        .map(mcp_elicit::FieldError::kind)
        .collect();
    assert!(matches!(kinds[0], ErrorKind::Missing));
    assert!(matches!(kinds[1], ErrorKind::BadFormat { .. }));
    assert_eq!(
        err.to_string(),
        "`name`: is required\n`email`: must be an e-mail address, got \"nope\""
    );
    let source = std::error::Error::source(&err).expect("the content error is the source");
    assert_eq!(source.to_string(), err.to_string());
}

#[test]
fn answers_are_values() {
    let accepted = Elicitation::Accepted(3);
    assert!(accepted.is_accepted());
    assert_eq!(accepted.action(), "accept");
    assert_eq!(accepted.clone().map(|n| n * 2), Elicitation::Accepted(6));
    assert_eq!(accepted.accepted(), Some(3));
    assert_eq!(Elicitation::<u8>::Declined.accepted(), None);
    assert_eq!(Elicitation::<u8>::Cancelled.action(), "cancel");
    assert_eq!(
        Elicitation::<u8>::Declined.map(|n| n + 1),
        Elicitation::Declined
    );
}
