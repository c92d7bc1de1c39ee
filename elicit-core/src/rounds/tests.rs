//! The rounds, each honest flow beside its hostile twins: the state edited, replayed into another
//! request, sealed with another key, expired, or answered out of turn.

use serde_json::{Value, json};

use super::*;
use crate::Elicitation;

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
        return Ok(exchange.input_required());
    }
    let first = match first.take() {
        Some(Elicitation::Accepted(name)) => name.name,
        other => return Ok(json!({"done": format!("{:?}", other.map(|e| e.action()))})),
    };
    let mut second = Ask::<Name>::new().key("second").rounds(2).item()?;
    if exchange.round(&mut [&mut second])? == Round::InputRequired {
        return Ok(exchange.input_required());
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

#[test]
fn a_two_step_flow_asks_each_step_once_and_completes() {
    let (_, r2) = honest();
    let responses = json!({"second": accept("Grace")});
    let r3 = wizard(
        &keys(),
        "deploy",
        &json!({"target": "web"}),
        Some(&responses),
        Some(state_of(&r2)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(r3, json!({"done": "Ada then Grace"}));
}

#[test]
fn an_edited_state_is_refused_at_every_byte() {
    let (r1, _) = honest();
    let state = state_of(&r1);
    let responses = json!({"first": accept("Ada")});
    let args = json!({"target": "web"});
    for i in (0..state.len()).step_by(3) {
        let mut bytes = state.as_bytes().to_vec();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let edited = String::from_utf8(bytes).unwrap();
        let error = wizard(
            &keys(),
            "deploy",
            &args,
            Some(&responses),
            Some(&edited),
            &capabilities(),
        )
        .unwrap_err();
        assert!(error.is_protocol_error(), "{error}");
        assert_eq!(error.code(), Some(INVALID_PARAMS));
    }
    let error = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&responses),
        Some(&format!("{state}-TAMPERED")),
        &capabilities(),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the `requestState` is refused: its seal does not verify: it was edited, or sealed by a server with another key; call again without `inputResponses` and `requestState` to start over"
    );
}

#[test]
fn a_state_replayed_into_another_request_is_refused() {
    let (r1, _) = honest();
    let responses = json!({"first": accept("Ada")});
    for (tool, args) in [
        ("other_tool", json!({"target": "web"})),
        ("deploy", json!({"target": "db"})),
        ("deploy", json!({"target": "web", "extra": true})),
        ("deploy", json!({})),
    ] {
        let error = wizard(
            &keys(),
            tool,
            &args,
            Some(&responses),
            Some(state_of(&r1)),
            &capabilities(),
        )
        .unwrap_err();
        assert!(
            matches!(error, RoundError::State(StateError::OtherRequest)),
            "{tool} {args}: {error}"
        );
    }
    // Another method with the same name and arguments.
    let args = json!({"target": "web"});
    let incoming = Incoming::new("prompts/get", "deploy")
        .arguments(args.as_object())
        .request_state(Some(state_of(&r1)));
    assert!(matches!(
        Exchange::open(&keys(), incoming),
        Err(RoundError::State(StateError::OtherRequest))
    ));
    // The same arguments in another order are the same request.
    let reordered = json!({"target": "web"});
    assert!(
        wizard(
            &keys(),
            "deploy",
            &reordered,
            Some(&responses),
            Some(state_of(&r1)),
            &capabilities()
        )
        .is_ok()
    );
}

#[test]
fn a_state_sealed_with_another_key_is_refused_and_a_previous_key_is_accepted() {
    let (r1, _) = honest();
    let responses = json!({"first": accept("Ada")});
    let args = json!({"target": "web"});
    let other = StateKeys::new([8; 32]);
    let error = wizard(
        &other,
        "deploy",
        &args,
        Some(&responses),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap_err();
    assert!(matches!(error, RoundError::State(StateError::Forged)));
    let rotated = StateKeys::new([8; 32]).with_previous([7; 32]);
    let r2 = wizard(
        &rotated,
        "deploy",
        &args,
        Some(&responses),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(r2["inputRequests"]["second"]["method"], FORM);
    // What the rotated server seals, the old one cannot open.
    let error = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&json!({"second": accept("Grace")})),
        Some(state_of(&r2)),
        &capabilities(),
    )
    .unwrap_err();
    assert!(matches!(error, RoundError::State(StateError::Forged)));
}

#[test]
fn an_expired_state_is_refused() {
    let short = keys().with_ttl(std::time::Duration::ZERO);
    let args = json!({"target": "web"});
    let r1 = wizard(&short, "deploy", &args, None, None, &capabilities()).unwrap();
    // Sealed to expire at once: a second later it is refused.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let error = wizard(
        &short,
        "deploy",
        &args,
        Some(&json!({"first": accept("Ada")})),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap_err();
    assert!(
        matches!(error, RoundError::State(StateError::Expired)),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "the `requestState` is refused: it has expired; call again without `inputResponses` and `requestState` to start over"
    );
}

#[test]
fn a_step_answered_out_of_turn_is_not_taken() {
    let args = json!({"target": "web"});
    // Round 1 asked `first` only: an answer to `second` with it is ignored, and `second` is
    // asked in its own round.
    let (r1, _) = honest();
    let both = json!({"first": accept("Ada"), "second": accept("Mallory")});
    let r2 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&both),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(r2["inputRequests"]["second"]["method"], FORM);
    // Without a state, too: only the first round reads responses.
    let r2 = wizard(&keys(), "deploy", &args, Some(&both), None, &capabilities()).unwrap();
    assert_eq!(r2["inputRequests"]["second"]["method"], FORM);
    // Round 2 asked `second`: a new answer to `first` does not replace the sealed one.
    let r2 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&json!({"first": accept("Ada")})),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap();
    let changed = json!({"first": accept("Mallory"), "second": accept("Grace")});
    let r3 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&changed),
        Some(state_of(&r2)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(r3, json!({"done": "Ada then Grace"}));
}

#[test]
fn an_invalid_answer_asks_that_step_again_prefilled_until_its_rounds_are_spent() {
    let args = json!({"target": "web"});
    let (_, r2) = honest();
    let short = json!({"second": accept("Al")});
    let r3 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&short),
        Some(state_of(&r2)),
        &capabilities(),
    )
    .unwrap();
    let again = &r3["inputRequests"]["second"]["params"];
    assert!(r3["inputRequests"].get("first").is_none());
    assert!(
        again["message"].as_str().unwrap().contains("name"),
        "{again}"
    );
    // `second` allows two rounds: the next invalid answer ends it.
    let error = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&short),
        Some(state_of(&r3)),
        &capabilities(),
    )
    .unwrap_err();
    assert!(
        matches!(&error, RoundError::StillInvalid { key, rounds: 2, .. } if key == "second"),
        "{error}"
    );
    assert!(!error.is_protocol_error());
    // Replaying the round-2 state is starting that step over, not more rounds of the third.
    let r3_again = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&short),
        Some(state_of(&r2)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(r3_again["inputRequests"]["second"]["method"], FORM);
}

#[test]
fn a_missing_response_asks_again_and_unknown_keys_are_ignored() {
    let args = json!({"target": "web"});
    let (r1, _) = honest();
    let wrong = json!({"wrong_key": accept("x"), "other": 1});
    let again = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&wrong),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(again["inputRequests"]["first"]["method"], FORM);
    let again = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&wrong),
        None,
        &capabilities(),
    )
    .unwrap();
    assert_eq!(again["inputRequests"]["first"]["method"], FORM);
}

#[test]
fn malformed_responses_are_protocol_errors_naming_what_is_wrong() {
    let args = json!({"target": "web"});
    for (responses, message) in [
        (
            json!(null),
            "`inputResponses` is an object, not null; call again without `inputResponses` and `requestState` to start over",
        ),
        (
            json!([1]),
            "`inputResponses` is an object, not an array; call again without `inputResponses` and `requestState` to start over",
        ),
        (
            json!({"first": 12345}),
            "the response under `first` in `inputResponses` is malformed: ",
        ),
        (
            json!({"first": {"action": "maybe"}}),
            "the response under `first` in `inputResponses` is malformed: ",
        ),
    ] {
        let error = wizard(
            &keys(),
            "deploy",
            &args,
            Some(&responses),
            None,
            &capabilities(),
        )
        .unwrap_err();
        assert_eq!(error.code(), Some(INVALID_PARAMS), "{responses}");
        assert!(error.to_string().starts_with(message), "{error}");
    }
}

#[test]
fn decline_is_an_outcome_carried_like_an_answer() {
    let args = json!({"target": "web"});
    let r1 = wizard(&keys(), "deploy", &args, None, None, &capabilities()).unwrap();
    let declined = json!({"first": {"action": "decline"}});
    let done = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&declined),
        Some(state_of(&r1)),
        &capabilities(),
    )
    .unwrap();
    assert_eq!(done, json!({"done": "Some(\"decline\")"}));
}

#[test]
fn a_request_the_client_cannot_take_is_left_out_of_a_mixed_round() {
    let keys = keys();
    let run = |caps: &Value, responses: Option<&Value>, state: Option<&str>| {
        let incoming = Incoming::new("tools/call", "mixed")
            .input_responses(responses)
            .request_state(state)
            .capabilities(Some(caps));
        let mut exchange = Exchange::open(&keys, incoming).unwrap();
        let mut form = Ask::<Name>::new().key("name").item().unwrap();
        let mut sample = Input::new(
            "greeting",
            "sampling/createMessage",
            json!({"messages": [], "maxTokens": 5}),
        );
        let mut roots = Input::new("roots", "roots/list", json!({}));
        let round = exchange
            .round(&mut [&mut form, &mut sample, &mut roots])
            .unwrap();
        (round, exchange.input_required(), form, sample, roots)
    };
    let sampling_only = json!({"sampling": {}});
    let (round, result, form, _, roots) = run(&sampling_only, None, None);
    assert_eq!(round, Round::InputRequired);
    let keys_asked: Vec<&String> = result["inputRequests"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(keys_asked, ["greeting"]);
    assert!(form.is_unavailable() && roots.is_unavailable());
    let responses = json!({"greeting": {"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"}});
    let (round, _, mut form, mut sample, _) =
        run(&sampling_only, Some(&responses), Some(state_of(&result)));
    assert_eq!(round, Round::Settled);
    assert_eq!(form.take().map(|e| e.action()), None);
    assert_eq!(sample.take().unwrap()["content"]["text"], "hi");
    // Elicitation declared only for URL mode: no form either.
    let (_, _, form, _, _) = run(&json!({"elicitation": {"url": {}}}), None, None);
    assert!(form.is_unavailable());
    let (_, _, form, _, _) = run(&json!({"elicitation": {"form": {}, "url": {}}}), None, None);
    assert!(!form.is_unavailable());
}

#[test]
fn meta_is_passed_through_and_keys_must_differ() {
    let mut meta = serde_json::Map::new();
    meta.insert("ui".into(), json!({"resourceUri": "ui://form"}));
    let caps = capabilities();
    let keys = keys();
    let mut exchange = Exchange::open(
        &keys,
        Incoming::new("tools/call", "t").capabilities(Some(&caps)),
    )
    .unwrap();
    let mut form = Ask::<Name>::new().meta(meta).item().unwrap();
    assert_eq!(
        exchange.round(&mut [&mut form]).unwrap(),
        Round::InputRequired
    );
    assert_eq!(
        exchange.input_required()["inputRequests"]["form"]["params"]["_meta"],
        json!({"ui": {"resourceUri": "ui://form"}})
    );
    let mut again = Ask::<Name>::new().item().unwrap();
    assert!(matches!(
        exchange.round(&mut [&mut again]),
        Err(RoundError::SameKey { .. })
    ));
}

#[test]
fn a_state_carrying_100_000_answers_is_refused_unread_or_read_in_linear_time() {
    // Longer than any state this crate writes: refused before it is decoded.
    let huge = format!("me1.{}", "A".repeat(4_000_000));
    let incoming = Incoming::new("tools/call", "t").request_state(Some(&huge));
    assert!(matches!(
        Exchange::open(&keys(), incoming),
        Err(RoundError::State(StateError::TooLong))
    ));
    // 100,000 unknown responses are ignored.
    let many: serde_json::Map<String, Value> =
        (0..100_000).map(|i| (format!("k{i}"), json!(i))).collect();
    let many = Value::Object(many);
    let result = wizard(
        &keys(),
        "deploy",
        &json!({}),
        Some(&many),
        None,
        &capabilities(),
    )
    .unwrap();
    assert_eq!(result["inputRequests"]["first"]["method"], FORM);
}

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
        return Ok(Err(exchange.input_required()));
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
        message.contains("- title: must be text, got a number"),
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
