//! A tool's arguments: only what is missing or wrong is asked, and the round is bound to the
//! arguments given.

use serde_json::{Value, json};

use super::*;

/// A tool's arguments: a required `title` of at least 3 characters, a required `priority`
/// among three, an optional `note`.
struct Issue {
    title: String,
    priority: String,
    note: Option<String>,
}

impl crate::Elicit for Issue {
    fn requested_schema() -> &'static crate::RequestedSchema {
        static SCHEMA: std::sync::OnceLock<crate::RequestedSchema> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| {
            serde_json::from_value::<crate::RequestedSchema>(json!({
                "type": "object",
                "properties": {
                    "title": {"type": "string", "minLength": 3},
                    "priority": {"type": "string", "enum": ["low", "normal", "high"]},
                    "note": {"type": "string"}
                },
                "required": ["title", "priority"]
            }))
            .unwrap()
        })
    }

    fn from_content(content: &crate::Content) -> Result<Self, crate::ContentError> {
        Self::requested_schema().validate(content)?;
        let text = |name: &str| content.get(name).and_then(Value::as_str).map(str::to_owned);
        Ok(Issue {
            title: text("title").unwrap_or_default(),
            priority: text("priority").unwrap_or_default(),
            note: text("note"),
        })
    }

    fn to_content(&self) -> crate::Content {
        json!({"title": self.title, "priority": self.priority, "note": self.note})
            .as_object()
            .cloned()
            .unwrap_or_default()
    }
}

/// One `tools/call` of `create_issue` with `args`: the issue, or the `InputRequiredResult`.
fn create_issue(
    keys: &StateKeys,
    args: &Value,
    responses: Option<&Value>,
    state: Option<&str>,
) -> Result<Result<String, Value>, RoundError> {
    let caps = capabilities();
    let incoming = Incoming::new("tools/call", "create_issue")
        .arguments(args.as_object())
        .input_responses(responses)
        .request_state(state)
        .capabilities(Some(&caps));
    let mut exchange = Exchange::open(keys, incoming)?;
    let mut item = Ask::<Issue>::new().arguments_item(args.as_object())?;
    if exchange.round(&mut [&mut item])? == Round::InputRequired {
        return Ok(Err(exchange.input_required()?));
    }
    Ok(Ok(match item.take() {
        Some(Elicitation::Accepted(issue)) => {
            format!("{} / {} / {:?}", issue.title, issue.priority, issue.note)
        }
        other => format!("{:?}", other.map(|e| e.action())),
    }))
}

#[test]
fn valid_arguments_ask_nothing_and_unknown_ones_are_ignored() {
    let args = json!({"title": "Crash on start", "priority": "high", "extra": [1, 2]});
    let item = Ask::<Issue>::new()
        .arguments_item(args.as_object())
        .unwrap();
    assert!(item.is_settled());
    assert_eq!(item.asked().count(), 0);
    assert_eq!(
        create_issue(&keys(), &args, None, None).unwrap(),
        Ok("Crash on start / high / None".to_owned())
    );
}

#[test]
fn only_what_is_missing_or_wrong_is_asked_and_an_answer_fills_only_that() {
    let args = json!({"title": "Crash on start", "note": "seen twice"});
    let asked = create_issue(&keys(), &args, None, None)
        .unwrap()
        .unwrap_err();
    let form = &asked["inputRequests"]["arguments"]["params"];
    let names: Vec<&String> = form["requestedSchema"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(names, ["priority"]);
    assert_eq!(form["requestedSchema"]["required"], json!(["priority"]));
    assert_eq!(
        form["message"],
        "Please fill in this form.\n\nPlease correct this:\n- priority: is required"
    );
    // The answer also tries to change the title the model gave: ignored.
    let answer = json!({"arguments": {"action": "accept", "content": {"priority": "low", "title": "evil", "note": "evil"}}});
    let done = create_issue(
        &keys(),
        &args,
        Some(&answer),
        asked["requestState"].as_str(),
    )
    .unwrap();
    assert_eq!(
        done,
        Ok("Crash on start / low / Some(\"seen twice\")".to_owned())
    );
    // Arguments of the wrong type or out of the rules are asked, each with its problem.
    let args = json!({"title": 5, "priority": "urgent"});
    let asked = create_issue(&keys(), &args, None, None)
        .unwrap()
        .unwrap_err();
    let form = &asked["inputRequests"]["arguments"]["params"];
    let names: Vec<&String> = form["requestedSchema"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(names, ["title", "priority"]);
    let message = form["message"].as_str().unwrap();
    assert!(
        message.contains("- title: must be text, not a number"),
        "{message}"
    );
    assert!(message.contains("- priority: must be one of"), "{message}");
}

#[test]
fn the_arguments_round_is_bound_to_the_arguments_given() {
    let args = json!({"title": "Crash on start"});
    let asked = create_issue(&keys(), &args, None, None)
        .unwrap()
        .unwrap_err();
    let answer = json!({"arguments": {"action": "accept", "content": {"priority": "high"}}});
    // The retry changes the title the model gave: refused.
    let changed = json!({"title": "Something else"});
    let refused = create_issue(
        &keys(),
        &changed,
        Some(&answer),
        asked["requestState"].as_str(),
    );
    assert!(matches!(
        refused,
        Err(RoundError::State(StateError::OtherRequest))
    ));
    // An answer still invalid: asked again, the valid part filled in; then the rounds run out.
    let bad = json!({"arguments": {"action": "accept", "content": {"priority": "urgent"}}});
    let again = create_issue(&keys(), &args, Some(&bad), asked["requestState"].as_str())
        .unwrap()
        .unwrap_err();
    assert!(
        again["inputRequests"]["arguments"]["params"]["message"]
            .as_str()
            .unwrap()
            .contains("priority: must be one of")
    );
    // Declined: a typed outcome.
    let declined = json!({"arguments": {"action": "decline"}});
    let done = create_issue(
        &keys(),
        &args,
        Some(&declined),
        asked["requestState"].as_str(),
    )
    .unwrap();
    assert_eq!(done, Ok("Some(\"decline\")".to_owned()));
    // A malformed answer: the protocol's error.
    let malformed = json!({"arguments": {"action": "accept", "content": [1]}});
    let error = create_issue(
        &keys(),
        &args,
        Some(&malformed),
        asked["requestState"].as_str(),
    )
    .unwrap_err();
    assert_eq!(error.code(), Some(INVALID_PARAMS));
}

#[test]
fn a_hundred_thousand_unknown_arguments_are_ignored() {
    let mut args: serde_json::Map<String, Value> =
        (0..100_000).map(|i| (format!("k{i}"), json!(i))).collect();
    args.insert("title".into(), json!("Crash on start"));
    args.insert("priority".into(), json!("normal"));
    let args = Value::Object(args);
    assert_eq!(
        create_issue(&keys(), &args, None, None).unwrap(),
        Ok("Crash on start / normal / None".to_owned())
    );
}
