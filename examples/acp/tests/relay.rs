//! An agent that is also an MCP client relays an MCP server's form to the person in the editor
//! (`acp::Relay` with `client::fill_form`), on every MCP version: what the ACP client is sent,
//! and what goes back to the MCP server, which reads it with its own typed reader.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::schema::{
    ClientCapabilities, ElicitationCapabilities, ElicitationFormCapabilities,
    ElicitationSessionScope,
};
use agent_client_protocol::{Agent, Client};
use mcp_elicit::acp::{ElicitError, ElicitationRequest, Relay};
use mcp_elicit::client::{NotFilled, fill_form};
use mcp_elicit::request::FormRequest;
use mcp_elicit::rounds::{Ask, Item};
use mcp_elicit::{Content, Elicit, Elicitation, ProtocolVersion};
use serde_json::{Value, json};

#[derive(Elicit, Debug, PartialEq)]
enum Plan {
    #[elicit(title = "Free plan")]
    Free,
    #[elicit(title = "Pro plan")]
    Pro,
}

/// The MCP server's form.
#[derive(Elicit, Debug)]
#[elicit(message = "About you")]
struct Profile {
    #[elicit(title = "Your name", min_length = 2)]
    name: String,
    #[elicit(minimum = 13)]
    age: u8,
    plan: Plan,
    #[elicit(default = true)]
    newsletter: bool,
}

fn forms() -> ClientCapabilities {
    ClientCapabilities::new()
        .elicitation(ElicitationCapabilities::new().form(ElicitationFormCapabilities::new()))
}

/// Relays `params` (an MCP `elicitation/create`'s) to an ACP client answering from `answers`:
/// what `fill_form` gave, the error the relay kept, and every ACP request's params.
async fn relay(
    client: ClientCapabilities,
    params: Value,
    answers: Vec<Result<Value, agent_client_protocol::Error>>,
) -> (Elicitation<Content>, Option<ElicitError>, Vec<Value>) {
    let answers = Arc::new(Mutex::new(VecDeque::from(answers)));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (answering, seeing) = (Arc::clone(&answers), Arc::clone(&seen));
    let editor = Client.v1().on_receive_request(
        async move |request: ElicitationRequest, responder, _cx| {
            seeing.lock().unwrap().push(request.params().clone());
            match answering.lock().unwrap().pop_front() {
                Some(Ok(answer)) => responder.respond(answer),
                Some(Err(error)) => responder.respond_with_error(error),
                None => responder.respond(json!({"action": "cancel"})),
            }
        },
        agent_client_protocol::on_receive_request!(),
    );
    let (answer, error) = Agent
        .v1()
        .connect_with(editor, async |cx| {
            let scope = ElicitationSessionScope::new("s-1").tool_call_id("call-3");
            let relay = Relay::new(&cx, &client, scope);
            let message = params["message"].as_str().unwrap_or_default();
            let answer = match fill_form(&relay, message, &params["requestedSchema"]).await {
                Ok(answer) => answer,
                // What a client answers when its UI gave up (`rmcp::answer_elicitation` does).
                Err(NotFilled::GaveUp(_)) => Elicitation::Cancelled,
                Err(refused) => panic!("a form the specification allows: {refused}"),
            };
            Ok((answer, relay.take_error()))
        })
        .await
        .expect("the connection runs");
    let seen = std::mem::take(&mut *seen.lock().unwrap());
    (answer, error, seen)
}

/// The person accepts with `content`: an answer in the list the client answers from.
#[expect(clippy::unnecessary_wraps, reason = "the list also holds errors")]
fn person(content: &Value) -> Result<Value, agent_client_protocol::Error> {
    Ok(json!({"action": "accept", "content": content}))
}

#[tokio::test]
async fn a_form_of_every_mcp_version_is_relayed_judged_and_read_back() {
    for version in ProtocolVersion::ALL {
        let params = FormRequest::of::<Profile>().params_for(version).unwrap();
        let (answer, error, seen) = relay(
            forms(),
            params,
            vec![
                // Too young: asked again over ACP, the rest kept.
                person(&json!({"name": "Ada", "age": 12, "plan": "Pro"})),
                person(&json!({"name": "Ada", "age": 36, "plan": "Pro"})),
            ],
        )
        .await;
        assert!(error.is_none(), "{version}: {error:?}");
        assert_eq!(seen.len(), 2, "{version}");
        let first = &seen[0];
        assert_eq!(
            (&first["sessionId"], &first["toolCallId"], &first["mode"]),
            (&json!("s-1"), &json!("call-3"), &json!("form")),
            "{version}"
        );
        let properties = &first["requestedSchema"]["properties"];
        let order: Vec<&String> = properties.as_object().unwrap().keys().collect();
        assert_eq!(order, ["name", "age", "plan", "newsletter"], "{version}");
        // Titles reach ACP as `oneOf`, even from 2025-06-18's `enumNames`.
        assert_eq!(
            properties["plan"],
            json!({"type": "string", "oneOf": [{"const": "Free", "title": "Free plan"}, {"const": "Pro", "title": "Pro plan"}]}),
            "{version}"
        );
        assert_eq!(
            seen[1]["message"],
            "About you\n\nPlease correct this:\n- age: must be at least 13, got 12",
            "{version}"
        );
        assert_eq!(
            seen[1]["requestedSchema"]["properties"]["name"]["default"],
            "Ada"
        );
        // The MCP server reads what the relay answers: what the person left in the form (they
        // left `newsletter` out; nothing fills it in behind their back), its own default then.
        let Elicitation::Accepted(content) = answer else {
            panic!("{version}: accepted")
        };
        assert_eq!(content.get("newsletter"), None, "{version}");
        let result = json!({"action": "accept", "content": content});
        let Ok(Elicitation::Accepted(profile)) = Elicitation::<Profile>::from_result(&result)
        else {
            panic!("{version}: the server reads the answer")
        };
        assert_eq!(
            (profile.age, profile.plan, profile.newsletter),
            (36, Plan::Pro, true)
        );
        // On 2026-07-28 it travels in `inputResponses`, judged by the server's form item.
        if version.has_input_required_rounds() {
            let mut item = Ask::<Profile>::new().item().unwrap();
            assert!(item.judge(&result).unwrap().is_none());
            assert!(matches!(item.take(), Some(Elicitation::Accepted(_))));
        }
    }
}

#[tokio::test]
async fn the_person_declining_is_the_servers_decline() {
    let params = FormRequest::of::<Profile>()
        .params_for(ProtocolVersion::V2025_11_25)
        .unwrap();
    let (answer, error, _) = relay(forms(), params, vec![Ok(json!({"action": "decline"}))]).await;
    assert_eq!(answer, Elicitation::Declined);
    assert!(error.is_none());
}

#[tokio::test]
async fn a_failed_or_malformed_acp_answer_cancels_and_says_why() {
    let params = FormRequest::of::<Profile>()
        .params_for(ProtocolVersion::V2025_11_25)
        .unwrap();
    let (answer, error, _) = relay(
        forms(),
        params.clone(),
        vec![Err(agent_client_protocol::Error::internal_error())],
    )
    .await;
    assert_eq!(answer, Elicitation::Cancelled);
    assert!(matches!(error, Some(ElicitError::Request(_))));
    let (answer, error, _) = relay(forms(), params.clone(), vec![Ok(json!({"action": 7}))]).await;
    assert_eq!(answer, Elicitation::Cancelled);
    assert!(matches!(error, Some(ElicitError::Malformed { .. })));
    // An editor that cannot show forms is sent nothing.
    let (answer, error, seen) = relay(ClientCapabilities::new(), params, vec![]).await;
    assert_eq!(answer, Elicitation::Cancelled);
    assert!(matches!(error, Some(ElicitError::NotSupported)));
    assert!(seen.is_empty());
}

#[tokio::test]
async fn answers_that_never_fit_end_as_cancel_after_the_attempts() {
    let params = FormRequest::of::<Profile>()
        .params_for(ProtocolVersion::V2025_11_25)
        .unwrap();
    let bad = || person(&json!({"name": "A", "age": 12, "plan": "Gold"}));
    let (answer, _, seen) = relay(forms(), params, (0..20).map(|_| bad()).collect()).await;
    assert_eq!(answer, Elicitation::Cancelled);
    assert_eq!(seen.len(), mcp_elicit::client::MAX_ATTEMPTS);
}
