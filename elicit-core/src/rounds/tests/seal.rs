//! The sealed state: edited, replayed into another request or by another caller, sealed with
//! another key, expired, or swollen, it is refused; one that would be too long is never made.

use serde_json::json;

use super::*;

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

/// One call of the tool `greet` made by `caller`, bringing back `responses` and `state`: a
/// handler that asks `Name` under "first". Gives the name, or the round's `InputRequiredResult`.
fn greet(
    caller: Option<&str>,
    responses: Option<&Value>,
    state: Option<&str>,
) -> Result<Result<String, Value>, RoundError> {
    let (keys, caps) = (keys(), capabilities());
    let incoming = Incoming::new("tools/call", "greet")
        .input_responses(responses)
        .request_state(state)
        .capabilities(Some(&caps))
        .caller(caller);
    let mut exchange = Exchange::open(&keys, incoming)?;
    let mut first = Ask::<Name>::new().key("first").item()?;
    if exchange.round(&mut [&mut first])? == Round::InputRequired {
        return Ok(Err(exchange.input_required()?));
    }
    match first.take() {
        Some(Elicitation::Accepted(name)) => Ok(Ok(name.name)),
        other => Ok(Ok(format!("{:?}", other.map(|e| e.action())))),
    }
}

#[test]
fn a_state_sealed_for_one_caller_is_refused_for_another_and_for_none() {
    let asked = greet(Some("alice"), None, None).unwrap().unwrap_err();
    let state = state_of(&asked);
    let responses = json!({"first": accept("Ada")});
    // Another user, no user, and an empty name (no user): refused, a protocol error.
    for caller in [
        Some("mallory"),
        Some("alicE"),
        Some("alice "),
        None,
        Some(""),
    ] {
        let error = greet(caller, Some(&responses), Some(state)).unwrap_err();
        assert!(
            matches!(error, RoundError::State(StateError::OtherCaller)),
            "{caller:?}: {error}"
        );
        assert_eq!(error.code(), Some(INVALID_PARAMS));
        assert_eq!(
            error.to_string(),
            "the `requestState` is refused: it was sealed for another caller (the signed-in user of this request is not the one it was asked of); call again without `inputResponses` and `requestState` to start over"
        );
    }
    // The same user: the answer is read.
    assert_eq!(
        greet(Some("alice"), Some(&responses), Some(state)).unwrap(),
        Ok("Ada".to_owned())
    );
    // A state sealed for no user is refused for a user, and read for no user.
    let anonymous = greet(None, None, None).unwrap().unwrap_err();
    let error = greet(Some("alice"), Some(&responses), Some(state_of(&anonymous))).unwrap_err();
    assert!(matches!(error, RoundError::State(StateError::OtherCaller)));
    assert_eq!(
        greet(Some(""), Some(&responses), Some(state_of(&anonymous))).unwrap(),
        Ok("Ada".to_owned())
    );
}

/// A state carries the answers settled so far: one whose sealed text would be longer than 64 KiB
/// is refused where it is made, with its size and the limit, and never sent. The longest state
/// allowed is made, and read back.
#[test]
fn a_state_over_64_kib_is_refused_when_made() {
    assert_eq!(MAX_STATE_SIZE, 65_536);
    let args = json!({"target": "web"});
    let caps = capabilities();
    let r1 = wizard(&keys(), "deploy", &args, None, None, &caps).unwrap();
    // The state of round 2 is 48 bytes of prefix, dot and tag, and the payload in base64: 171
    // bytes and the name (its answer's JSON, as the client sent it). A name of 48,945 bytes makes
    // a payload of 49,116 bytes, 65,488 in base64: a state of exactly 65,536 bytes.
    let at_most = "a".repeat(48_945);
    let responses = json!({"first": accept(&at_most)});
    let r2 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&responses),
        Some(state_of(&r1)),
        &caps,
    )
    .unwrap();
    assert_eq!(state_of(&r2).len(), MAX_STATE_SIZE);
    let r3 = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&json!({"second": accept("Grace")})),
        Some(state_of(&r2)),
        &caps,
    )
    .unwrap();
    assert_eq!(r3["done"], format!("{at_most} then Grace"));
    // One byte more: 65,538 bytes (base64 rounds up), refused, and no protocol error.
    let over = "a".repeat(48_946);
    let responses = json!({"first": accept(&over)});
    let error = wizard(
        &keys(),
        "deploy",
        &args,
        Some(&responses),
        Some(state_of(&r1)),
        &caps,
    )
    .unwrap_err();
    assert!(
        matches!(
            error,
            RoundError::StateTooLarge {
                size: 65_538,
                limit: 65_536
            }
        ),
        "{error:?}"
    );
    assert!(!error.is_protocol_error());
    assert_eq!(error.code(), None);
    assert_eq!(
        error.to_string(),
        "the `requestState` of this round would be 65538 bytes, over the 65536 bytes a state may be, so it was not sent: ask fewer or smaller forms in one call (give long texts a `max_length`), and keep large values on the server rather than in the state"
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
fn a_state_carrying_100_000_answers_is_refused_unread_or_read_in_linear_time() {
    // Longer than any state this crate writes: refused before it is decoded.
    let huge = format!("me2.{}", "A".repeat(4_000_000));
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

/// What a handler keeps (a page's id) travels in the state, sealed and bound; a URL request that
/// waits for its page is asked again on every retry, never counted as a spent round.
#[cfg(all(feature = "page", feature = "rmcp"))]
#[test]
fn what_a_handler_keeps_travels_sealed_and_a_waiting_request_is_asked_again() {
    let keys = keys();
    let capabilities = json!({"elicitation": {"url": {}}});
    let params = json!({"mode": "url", "message": "Connect", "url": "https://example.com/p/1"});
    let incoming = Incoming::new("tools/call", "connect").capabilities(Some(&capabilities));
    let mut exchange = Exchange::open(&keys, incoming).unwrap();
    assert_eq!(exchange.kept("page"), None);
    assert_eq!(exchange.response("page"), None);
    exchange.keep("page", "p-1".to_owned());
    let mut waiting = Waiting::new("page".into(), params.clone());
    assert_eq!(
        exchange.round(&mut [&mut waiting]).unwrap(),
        Round::InputRequired
    );
    let mut state = exchange.seal().unwrap();
    let responses = json!({"page": {"action": "accept"}, "other": {"action": "accept"}});
    for _ in 0..300 {
        let incoming = Incoming::new("tools/call", "connect")
            .capabilities(Some(&capabilities))
            .input_responses(Some(&responses))
            .request_state(Some(&state));
        let mut exchange = Exchange::open(&keys, incoming).unwrap();
        assert_eq!(exchange.kept("page"), Some("p-1"));
        assert_eq!(exchange.response("page"), Some(&responses["page"]));
        // A key the state's round did not ask is not read.
        assert_eq!(exchange.response("other"), None);
        let mut waiting = Waiting::new("page".into(), params.clone());
        assert_eq!(
            exchange.round(&mut [&mut waiting]).unwrap(),
            Round::InputRequired
        );
        assert_eq!(exchange.input_requests()["page"]["params"], params);
        state = exchange.seal().unwrap();
    }
    // Bound: the kept id does not travel into another request.
    let incoming = Incoming::new("tools/call", "other").request_state(Some(&state));
    let error = Exchange::open(&keys, incoming).unwrap_err();
    assert_eq!(error.code(), Some(INVALID_PARAMS));
    // A malformed response is refused as any item's.
    let bad = json!({"page": {"action": "maybe"}});
    let incoming = Incoming::new("tools/call", "connect")
        .capabilities(Some(&capabilities))
        .input_responses(Some(&bad))
        .request_state(Some(&state));
    let mut exchange = Exchange::open(&keys, incoming).unwrap();
    let mut waiting = Waiting::new("page".into(), params);
    let error = exchange.round(&mut [&mut waiting]).unwrap_err();
    assert_eq!(error.code(), Some(INVALID_PARAMS));
}
