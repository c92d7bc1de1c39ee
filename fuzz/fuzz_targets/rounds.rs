//! Any JSON as `[inputResponses, requestState, capabilities, edit, arguments?]`, read by the
//! 2026-07-28 rounds as a server reads a retried call: never a panic; a state that is not the one
//! this server sealed for this request is refused (the honest state edited at the position `edit`
//! names, too); malformed responses are a protocol error; and an answer reaches the typed form
//! only if it keeps every rule (the form is judged again by its own schema). And `arguments` as a
//! tool's arguments, with the responses as the answer to the form of what they lack: the typed
//! value keeps every rule, and every argument the form did not ask is as the model gave it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::rounds::{Ask, Exchange, Incoming, Input, Round, RoundError, StateKeys};
use mcp_elicit::{Elicit, Elicitation};
use serde_json::{Value, json};

#[derive(Elicit, Debug)]
struct Signup {
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 13, maximum = 120)]
    age: u8,
    #[elicit(min_length = 2)]
    name: Option<String>,
}

/// One call with what the fuzzer sent back.
fn call(keys: &StateKeys, responses: Option<&Value>, state: Option<&str>, caps: &Value) -> Result<Round, RoundError> {
    let args = json!({"project": "web"});
    let incoming = Incoming::new("tools/call", "signup")
        .arguments(args.as_object())
        .input_responses(responses)
        .request_state(state)
        .capabilities(Some(caps));
    let mut exchange = Exchange::open(keys, incoming)?;
    let mut form = Ask::<Signup>::new().key("form").item()?;
    let mut roots = Input::new("roots", "roots/list", json!({}));
    let round = exchange.round(&mut [&mut form, &mut roots])?;
    if let Some(Elicitation::Accepted(signup)) = form.take() {
        let content = signup.to_content();
        assert!(Signup::requested_schema().validate(&content).is_ok(), "{content:?}");
    }
    if round == Round::InputRequired {
        let result = exchange.input_required()?;
        assert_eq!(result["resultType"], "input_required");
        assert!(result["requestState"].as_str().is_some_and(|s| s.starts_with("me2.")));
    }
    Ok(round)
}

fuzz_target!(|data: &[u8]| {
    let Ok(Value::Array(parts)) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let (responses, state, caps, edit, arguments) = match parts.as_slice() {
        [r, s, c, e] => (r, s, c, e, None),
        [r, s, c, e, a] => (r, s, c, e, Some(a)),
        _ => return,
    };
    let keys = StateKeys::new([1; 32]);
    let responses = (!responses.is_null()).then_some(responses);
    // Anything as the state: a string read as one, never trusted.
    let state_text = state.as_str().map(str::to_owned).unwrap_or_else(|| state.to_string());
    if let Err(error) = call(&keys, responses, Some(&state_text), caps) {
        let _ = error.to_string();
    }
    // The honest state of round 1, then the fuzzer's responses with it.
    let declared = json!({"elicitation": {}, "roots": {}});
    let mut first = Exchange::open(&keys, Incoming::new("tools/call", "signup")
        .arguments(json!({"project": "web"}).as_object())
        .capabilities(Some(&declared)))
        .expect("no state opens");
    let mut form = Ask::<Signup>::new().key("form").item().expect("the form");
    let mut roots = Input::new("roots", "roots/list", json!({}));
    assert_eq!(first.round(&mut [&mut form, &mut roots]).expect("a round"), Round::InputRequired);
    let honest = first.seal().expect("round 1's state is small");
    match call(&keys, responses, Some(&honest), caps) {
        Ok(_) => {}
        Err(RoundError::State(error)) => panic!("the honest state was refused: {error}"),
        Err(error) => assert!(!matches!(error, RoundError::SameKey { .. })),
    }
    // The honest state edited at one byte: always refused.
    if let Some(position) = edit.as_u64() {
        let mut bytes = honest.clone().into_bytes();
        let i = position as usize % bytes.len();
        let byte = (position >> 32) as u8;
        if bytes[i] != byte && byte.is_ascii_graphic() {
            bytes[i] = byte;
            let edited = String::from_utf8(bytes).expect("ASCII");
            assert!(
                matches!(call(&keys, responses, Some(&edited), caps), Err(RoundError::State(_))),
                "an edited state was accepted"
            );
        }
    }
    if let Some(Value::Object(given)) = arguments {
        arguments_round(&keys, given, responses);
    }
});

/// `given` as a tool's arguments, `responses` as the answer to its form.
fn arguments_round(keys: &StateKeys, given: &serde_json::Map<String, Value>, responses: Option<&Value>) {
    let declared = json!({"elicitation": {}});
    let incoming = Incoming::new("tools/call", "signup")
        .arguments(Some(given))
        .input_responses(responses)
        .capabilities(Some(&declared));
    let Ok(mut exchange) = Exchange::open(keys, incoming) else {
        return;
    };
    let Ok(mut item) = Ask::<Signup>::new().arguments_item(Some(given)) else {
        return;
    };
    let asked: Vec<String> = item.asked().map(str::to_owned).collect();
    if exchange.round(&mut [&mut item]).is_err() {
        return;
    }
    if let Some(Elicitation::Accepted(signup)) = item.take() {
        let content = signup.to_content();
        assert!(Signup::requested_schema().validate(&content).is_ok(), "{content:?}");
        for (name, value) in &content {
            let before = given.get(name).unwrap_or(&Value::Null);
            let same = before == value || before.as_f64().is_some_and(|b| Some(b) == value.as_f64());
            assert!(asked.contains(name) || same, "{name} changed: {before} -> {value}");
        }
    }
}