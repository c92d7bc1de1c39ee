//! The sealed state: edited, replayed into another request, sealed with another key, expired, or
//! swollen, it is refused.

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
    let mut state = exchange.seal();
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
        state = exchange.seal();
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
