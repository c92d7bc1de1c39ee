//! The exchange of a round: each step asked once and in turn, an invalid answer asked again, a
//! malformed response refused, a request the client cannot take left out.

use serde_json::json;

use super::*;

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
        (
            round,
            exchange.input_required().unwrap(),
            form,
            sample,
            roots,
        )
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
        exchange.input_required().unwrap()["inputRequests"]["form"]["params"]["_meta"],
        json!({"ui": {"resourceUri": "ui://form"}})
    );
    let mut again = Ask::<Name>::new().item().unwrap();
    assert!(matches!(
        exchange.round(&mut [&mut again]),
        Err(RoundError::SameKey { .. })
    ));
}

#[test]
fn a_spent_form_is_named_by_its_message_never_by_its_key() {
    // One round each: the first invalid answer spends it.
    let spent_in = |ask: Ask<Name>, preference: Option<&str>| {
        let caps = capabilities();
        let responses = json!({"release": accept("v1")});
        let incoming = Incoming::new("tools/call", "release")
            .input_responses(Some(&responses))
            .capabilities(Some(&caps));
        let keys = keys();
        let mut exchange = Exchange::open(&keys, incoming).unwrap();
        let ask = ask.key("release").rounds(1);
        let mut item = match preference {
            Some(preference) => ask
                .item_in(&crate::lang::Preference::parse(preference))
                .unwrap(),
            None => ask.item().unwrap(),
        };
        exchange.round(&mut [&mut item]).unwrap_err()
    };
    let spent = |ask: Ask<Name>| spent_in(ask, None);
    let named = spent(Ask::new().message("Name the release"));
    assert!(
        matches!(&named, RoundError::StillInvalid { key, form: Some(form), rounds: 1, .. } if key == "release" && form == "Name the release"),
        "{named:?}"
    );
    assert_eq!(
        named.to_string(),
        "the form \"Name the release\" was asked once, and the last answer still breaks its rules:\n`name`: must be at least 3 characters long, got 2"
    );
    // The default message names nothing: the form is not called by it, nor by its key.
    let unnamed = spent(Ask::new());
    assert_eq!(
        unnamed.to_string(),
        "the form was asked once, and the last answer still breaks its rules:\n`name`: must be at least 3 characters long, got 2"
    );

    // What the person and the model are told: each field by its title (`name` has none), in the
    // crate's English without a preference, reported in no language.
    let told = |error: &RoundError| match error {
        RoundError::StillInvalid { told, .. } => {
            (told.text().to_owned(), told.language().map(str::to_owned))
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(
        told(&named),
        (
            "The form “Name the release” was asked once, and the last answer still breaks its rules:\n- name: must be at least 3 characters long, got 2".to_owned(),
            None
        )
    );
    // A message of several lines is no name: its first line is.
    let long =
        spent(Ask::new().message("Name the release\n\nIt is shown to every user.\nChoose well."));
    assert!(
        long.to_string()
            .starts_with("the form \"Name the release\" was asked once"),
        "{long}"
    );
    assert!(
        told(&long)
            .0
            .starts_with("The form “Name the release” was asked once")
    );
    // For a preference, in the crate's words it chooses, and reported in their language.
    let french = spent_in(
        Ask::new().message("Nommez la version"),
        Some("fr-CA, en;q=0.5"),
    );
    assert_eq!(
        told(&french),
        (
            "Le formulaire «\u{a0}Nommez la version\u{a0}» a été demandé une fois, et la dernière réponse ne respecte toujours pas ses règles\u{a0}:\n- name\u{a0}: doit comporter au moins 3 caractères (actuellement 2)".to_owned(),
            Some("fr".to_owned())
        )
    );
}
