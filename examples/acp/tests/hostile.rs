//! `acp::ask` against clients on the official Rust ACP crate, in process: the honest flow beside
//! its hostile twins. What comes back from a client is untrusted: an unknown action, content of
//! the wrong shape, a 100,000-item answer, answers that never get better, an error instead of an
//! answer. Each ends in a typed error or a re-ask, never a panic.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::schema::{
    ClientCapabilities, CompleteElicitationNotification, ElicitationCapabilities,
    ElicitationFormCapabilities, ElicitationSessionScope, ElicitationUrlCapabilities,
};
use agent_client_protocol::{Agent, Client};
use mcp_elicit::acp::{self, ElicitError, ElicitationRequest};
use mcp_elicit::request::UrlRequest;
use mcp_elicit::rounds::Ask;
use mcp_elicit::{Elicit, Elicitation};
use serde_json::{Value, json};

#[derive(Elicit, Debug, PartialEq)]
enum Topic {
    Releases,
    Security,
}

#[derive(Elicit, Debug)]
#[elicit(message = "About you")]
struct Profile {
    #[elicit(min_length = 2)]
    name: String,
    #[elicit(minimum = 13)]
    age: u8,
    #[elicit(max_items = 2)]
    topics: Vec<Topic>,
}

/// What the client answers, one per request, in order (an `Err` is a JSON-RPC error), and the
/// params of each request it was sent.
struct Script {
    answers: VecDeque<Result<Value, agent_client_protocol::Error>>,
    seen: Vec<Value>,
}

fn forms() -> ClientCapabilities {
    ClientCapabilities::new()
        .elicitation(ElicitationCapabilities::new().form(ElicitationFormCapabilities::new()))
}

/// Runs `acp::ask_with` on an agent whose client answers from `answers`; the outcome and every
/// request the client saw.
async fn ask(
    client: ClientCapabilities,
    asking: Ask<Profile>,
    answers: Vec<Result<Value, agent_client_protocol::Error>>,
) -> (Result<Elicitation<Profile>, ElicitError>, Vec<Value>) {
    let script = Arc::new(Mutex::new(Script {
        answers: answers.into(),
        seen: Vec::new(),
    }));
    let answering = Arc::clone(&script);
    let editor = Client.v1().on_receive_request(
        async move |request: ElicitationRequest, responder, _cx| {
            let answer = {
                let mut script = answering.lock().unwrap();
                script.seen.push(request.params().clone());
                script.answers.pop_front()
            };
            match answer {
                Some(Ok(answer)) => responder.respond(answer),
                Some(Err(error)) => responder.respond_with_error(error),
                None => responder.respond(json!({"action": "cancel"})),
            }
        },
        agent_client_protocol::on_receive_request!(),
    );
    let outcome = Agent
        .v1()
        .connect_with(editor, async |cx| {
            let scope = ElicitationSessionScope::new("s-1");
            Ok(acp::ask_with(&cx, &client, scope, asking).await)
        })
        .await
        .expect("the connection runs");
    let seen = std::mem::take(&mut script.lock().unwrap().seen);
    (outcome, seen)
}

fn valid() -> Value {
    json!({"action": "accept", "content": {"name": "Ada", "age": 36, "topics": ["Releases"]}})
}

#[tokio::test]
async fn an_honest_answer_is_read() {
    let (outcome, seen) = ask(forms(), Ask::new(), vec![Ok(valid())]).await;
    let Ok(Elicitation::Accepted(profile)) = outcome else {
        panic!("accepted: {outcome:?}")
    };
    assert_eq!(
        (profile.name.as_str(), profile.age, profile.topics),
        ("Ada", 36, vec![Topic::Releases])
    );
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["sessionId"], "s-1");
    assert_eq!(seen[0]["message"], "About you");
}

#[tokio::test]
async fn an_unknown_action_or_content_of_the_wrong_shape_is_malformed() {
    for answer in [
        json!({"action": "maybe"}),
        json!({"action": "accept", "content": "Ada, 36"}),
        json!("accept"),
        json!({"content": {"name": "Ada"}}),
    ] {
        let (outcome, seen) = ask(forms(), Ask::new(), vec![Ok(answer.clone())]).await;
        let Err(ElicitError::Malformed { reason }) = &outcome else {
            panic!("{answer}: malformed, got {outcome:?}")
        };
        assert!(!reason.is_empty());
        assert_eq!(seen.len(), 1, "{answer}: not asked again");
    }
}

#[tokio::test]
async fn values_of_the_wrong_type_or_outside_the_rules_are_asked_again() {
    let wrong = json!({"action": "accept", "content": {"name": "A", "age": "36", "topics": ["Releases"], "admin": true}});
    let (outcome, seen) = ask(forms(), Ask::new(), vec![Ok(wrong), Ok(valid())]).await;
    assert!(matches!(outcome, Ok(Elicitation::Accepted(_))));
    assert_eq!(seen.len(), 2);
    assert_eq!(
        seen[1]["message"],
        "About you\n\nPlease correct these:\n- name: must be at least 2 characters long, got 1\n- age: must be a whole number, not text"
    );
    // What was right is prefilled; the stray key is not.
    let properties = &seen[1]["requestedSchema"]["properties"];
    assert_eq!(properties["topics"]["default"], json!(["Releases"]));
    assert!(properties.get("admin").is_none());
}

#[tokio::test]
async fn a_hundred_thousand_choices_are_refused_by_their_length() {
    let huge: Vec<&str> = (0..100_000)
        .map(|i| if i % 2 == 0 { "Releases" } else { "Nope" })
        .collect();
    let answer = json!({"action": "accept", "content": {"name": "Ada", "age": 36, "topics": huge}});
    let (outcome, seen) = ask(forms(), Ask::new(), vec![Ok(answer), Ok(valid())]).await;
    assert!(matches!(outcome, Ok(Elicitation::Accepted(_))));
    assert_eq!(seen.len(), 2);
    assert_eq!(
        seen[1]["message"],
        "About you\n\nPlease correct this:\n- topics: must have at most 2 options chosen, got 100000"
    );
    // Refused by its length before any item is looked at, and nothing of it is kept for the
    // next form.
    assert!(
        seen[1]["requestedSchema"]["properties"]["topics"]
            .get("default")
            .is_none()
    );
}

#[tokio::test]
async fn answers_that_never_get_better_end_after_the_rounds() {
    let bad = json!({"action": "accept", "content": {"name": "Ada", "age": 12, "topics": []}});
    let (outcome, seen) = ask(
        forms(),
        Ask::new().rounds(2),
        vec![Ok(bad.clone()), Ok(bad.clone()), Ok(valid())],
    )
    .await;
    let Err(error @ ElicitError::StillInvalid { rounds: 2, .. }) = outcome else {
        panic!("still invalid, got {outcome:?}")
    };
    assert_eq!(
        error.to_string(),
        "the form \"About you\" was asked 2 times, and the last answer still breaks its rules:\n`age`: must be at least 13, got 12"
    );
    assert_eq!(seen.len(), 2, "no third request");
}

#[tokio::test]
async fn a_declined_or_cancelled_form_is_a_value() {
    for (answer, expected) in [("decline", "Declined"), ("cancel", "Cancelled")] {
        let (outcome, _) = ask(forms(), Ask::new(), vec![Ok(json!({"action": answer}))]).await;
        let outcome = format!("{:?}", outcome.unwrap());
        assert_eq!(outcome, expected);
    }
}

#[tokio::test]
async fn an_error_instead_of_an_answer_is_a_failed_request() {
    let (outcome, _) = ask(
        forms(),
        Ask::new(),
        vec![Err(agent_client_protocol::Error::invalid_params())],
    )
    .await;
    let Err(error @ ElicitError::Request(_)) = outcome else {
        panic!("a failed request, got {outcome:?}")
    };
    assert!(error.to_string().starts_with("`elicitation/create` failed"));
}

#[tokio::test]
async fn a_client_without_form_mode_is_sent_nothing() {
    let empty: ClientCapabilities = serde_json::from_value(json!({"elicitation": {}})).unwrap();
    for client in [ClientCapabilities::new(), empty] {
        let (outcome, seen) = ask(client, Ask::new(), vec![Ok(valid())]).await;
        assert!(matches!(outcome, Err(ElicitError::NotSupported)));
        assert!(seen.is_empty());
    }
}

/// URL mode: the request as the client saw it, what `ask_url` gave, and the completion
/// notifications the client received.
async fn ask_url(
    client: ClientCapabilities,
    answer: Value,
) -> (
    Result<Elicitation<()>, ElicitError>,
    Vec<Value>,
    Vec<String>,
) {
    let seen = Arc::new(Mutex::new((Vec::new(), Vec::new())));
    let (requests, completions) = (Arc::clone(&seen), Arc::clone(&seen));
    let editor = Client
        .v1()
        .on_receive_request(
            async move |request: ElicitationRequest, responder, _cx| {
                requests.lock().unwrap().0.push(request.params().clone());
                responder.respond(answer.clone())
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_notification(
            async move |done: CompleteElicitationNotification, _cx| {
                completions
                    .lock()
                    .unwrap()
                    .1
                    .push(done.elicitation_id.to_string());
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        );
    let outcome = Agent
        .v1()
        .connect_with(editor, async |cx| {
            let request = UrlRequest::new(
                "Sign in to connect your account",
                "https://example.com/connect?s=1",
                "connect-1",
            );
            let outcome =
                acp::ask_url(&cx, &client, ElicitationSessionScope::new("s-1"), &request).await;
            if matches!(outcome, Ok(Elicitation::Accepted(()))) {
                acp::url_completed(&cx, "connect-1").expect("sent");
                // A round trip after the notification, so that it has been handled.
                let _ =
                    acp::ask_url(&cx, &client, ElicitationSessionScope::new("s-1"), &request).await;
            }
            Ok(outcome)
        })
        .await
        .expect("the connection runs");
    let (requests, completions) = std::mem::take(&mut *seen.lock().unwrap());
    (outcome, requests, completions)
}

fn urls() -> ClientCapabilities {
    ClientCapabilities::new()
        .elicitation(ElicitationCapabilities::new().url(ElicitationUrlCapabilities::new()))
}

#[tokio::test]
async fn url_mode_is_asked_and_its_completion_told() {
    let (outcome, requests, completions) = ask_url(urls(), json!({"action": "accept"})).await;
    assert!(matches!(outcome, Ok(Elicitation::Accepted(()))));
    assert_eq!(
        requests[0],
        json!({
            "sessionId": "s-1",
            "mode": "url",
            "elicitationId": "connect-1",
            "url": "https://example.com/connect?s=1",
            "message": "Sign in to connect your account"
        })
    );
    // The official crate reads it as a URL-mode request.
    let typed: agent_client_protocol::v1::schema::CreateElicitationRequest =
        serde_json::from_value(requests[0].clone()).unwrap();
    assert!(matches!(
        typed.mode,
        agent_client_protocol::v1::schema::ElicitationMode::Url(_)
    ));
    assert_eq!(completions, ["connect-1"]);
}

#[tokio::test]
async fn url_mode_twins_declined_malformed_or_not_advertised() {
    let (outcome, _, completions) = ask_url(urls(), json!({"action": "decline"})).await;
    assert!(matches!(outcome, Ok(Elicitation::Declined)));
    assert!(completions.is_empty());
    let (outcome, _, _) = ask_url(urls(), json!({"action": "opened"})).await;
    assert!(matches!(outcome, Err(ElicitError::Malformed { .. })));
    // A client with forms only is sent no URL.
    let (outcome, requests, _) = ask_url(forms(), json!({"action": "accept"})).await;
    assert!(matches!(outcome, Err(ElicitError::UrlNotSupported)));
    assert!(requests.is_empty());
}
