//! The rounds, each honest flow beside its hostile twins: the state edited, replayed into another
//! request, sealed with another key, expired, or answered out of turn. The forms and the handlers
//! the tests share are here; the tests live by concern: the sealed state (`seal`), the exchange
//! of a round (`exchange`), a tool's arguments (`arguments`).

use serde_json::{Value, json};

use super::*;
use crate::Elicitation;

mod arguments;
mod exchange;
mod seal;

/// A form of one required text, `name`, and one of a number in 1..=10, `count`.
struct Name {
    name: String,
}

impl crate::Elicit for Name {
    fn requested_schema() -> &'static crate::RequestedSchema {
        static SCHEMA: std::sync::OnceLock<crate::RequestedSchema> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| {
            serde_json::from_value::<crate::RequestedSchema>(json!({
                "type": "object",
                "properties": {"name": {"type": "string", "minLength": 3}},
                "required": ["name"]
            }))
            .unwrap()
        })
    }

    fn from_content(content: &crate::Content) -> Result<Self, crate::ContentError> {
        Self::requested_schema().validate(content)?;
        Ok(Name {
            name: content["name"].as_str().unwrap_or_default().to_owned(),
        })
    }

    fn to_content(&self) -> crate::Content {
        json!({"name": self.name})
            .as_object()
            .cloned()
            .unwrap_or_default()
    }
}

const FORM: &str = "elicitation/create";

fn keys() -> StateKeys {
    StateKeys::new([7; 32])
}

fn capabilities() -> Value {
    json!({"elicitation": {}, "sampling": {}, "roots": {}})
}

/// One call of the tool `tool` with `args`, bringing back `responses` and `state`: a handler
/// that asks `first` (key "first"), then, once answered, `second` (key "second"). Gives the
/// result as JSON, or the round's error.
fn wizard(
    keys: &StateKeys,
    tool: &str,
    args: &Value,
    responses: Option<&Value>,
    state: Option<&str>,
    caps: &Value,
) -> Result<Value, RoundError> {
    let incoming = Incoming::new("tools/call", tool)
        .arguments(args.as_object())
        .input_responses(responses)
        .request_state(state)
        .capabilities(Some(caps));
    let mut exchange = Exchange::open(keys, incoming)?;
    let mut first = Ask::<Name>::new().key("first").item()?;
    if exchange.round(&mut [&mut first])? == Round::InputRequired {
        return exchange.input_required();
    }
    let first = match first.take() {
        Some(Elicitation::Accepted(name)) => name.name,
        other => return Ok(json!({"done": format!("{:?}", other.map(|e| e.action()))})),
    };
    let mut second = Ask::<Name>::new().key("second").rounds(2).item()?;
    if exchange.round(&mut [&mut second])? == Round::InputRequired {
        return exchange.input_required();
    }
    let second = match second.take() {
        Some(Elicitation::Accepted(name)) => name.name,
        other => format!("{:?}", other.map(|e| e.action())),
    };
    Ok(json!({"done": format!("{first} then {second}")}))
}

fn accept(name: &str) -> Value {
    json!({"action": "accept", "content": {"name": name}})
}

fn state_of(result: &Value) -> &str {
    result["requestState"].as_str().expect("a state")
}

/// The honest two-step flow: round 1 asks `first`, round 2 asks `second` with a new state,
/// round 3 completes; the first form is never asked again.
fn honest() -> (Value, Value) {
    let args = json!({"target": "web"});
    let caps = capabilities();
    let r1 = wizard(&keys(), "deploy", &args, None, None, &caps).unwrap();
    assert_eq!(r1["resultType"], "input_required");
    assert_eq!(r1["inputRequests"]["first"]["method"], FORM);
    let responses = json!({"first": accept("Ada")});
    let r2 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&responses),
        Some(state_of(&r1)),
        &caps,
    )
    .unwrap();
    assert_eq!(r2["resultType"], "input_required");
    assert!(r2["inputRequests"].get("first").is_none());
    assert_eq!(r2["inputRequests"]["second"]["method"], FORM);
    assert_ne!(r1["requestState"], r2["requestState"]);
    (r1, r2)
}
