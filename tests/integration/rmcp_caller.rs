//! On 2026-07-28 the `requestState` of a call is bound to its caller (SEP-2322), on a real rmcp
//! server in process: a state made for one signed-in user is refused when another user, or a
//! request with no user, replays it (the hostile twin), and read for the same user; and a round
//! whose state would be over 64 KiB ends in the server's error, never sent.

use mcp_elicit::lang::ACCEPT_LANGUAGE;
use mcp_elicit::rmcp::{Ask, Asking, Caller, Respond, Stop};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorCode, ErrorData,
    InputResponses, ProtocolVersion, RequestMetaObject, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer, ServiceError};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::{Session, connect};

#[derive(Elicit, Debug)]
#[elicit(message = "Send money")]
struct Transfer {
    to: String,
    #[elicit(minimum = 1)]
    amount: u32,
}

#[derive(Elicit, Debug)]
#[elicit(message = "A note for the record")]
struct Note {
    text: String,
}

#[derive(Elicit, Debug)]
struct Confirm {
    sure: bool,
}

/// A server whose authorization found `user` as the signed-in user of every request (none when
/// `None`): it inserts the `Caller` before dispatch, as a tower layer would.
struct Server {
    user: Option<&'static str>,
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Some(user) = self.user {
            context.extensions.insert(Caller::new(user));
        }
        let result = async {
            let mut asking = Asking::new(&context, &request)?;
            let text = if request.name == "transfer" {
                match asking.ask(&Ask::<Transfer>::new()).await? {
                    Elicitation::Accepted(t) => format!("sent {} to {}", t.amount, t.to),
                    other => other.action().to_owned(),
                }
            } else {
                // Two steps: the note's answer travels in the state while the second is asked.
                let note = asking.ask(&Ask::<Note>::new().key("note")).await?;
                let confirm = asking.ask(&Ask::<Confirm>::new().key("confirm")).await?;
                format!("{} / {}", note.action(), confirm.action())
            };
            Ok::<_, Stop>(CallToolResult::success(vec![ContentBlock::text(text)]))
        };
        result.await.respond_to(&context)
    }
}

async fn session(user: Option<&'static str>) -> Session {
    connect(
        Server { user },
        ProtocolVersion::V_2026_07_28,
        true,
        Vec::new(),
    )
    .await
}

/// A call of `tool` bringing back `responses` and `state`, carrying `preference` in its `_meta`.
fn retry(
    tool: &'static str,
    responses: &Value,
    state: &str,
    preference: Option<&str>,
) -> CallToolRequestParams {
    let responses: InputResponses = serde_json::from_value(responses.clone()).unwrap();
    let mut params = CallToolRequestParams::new(tool)
        .with_input_responses(responses)
        .with_request_state(state.to_owned());
    if let Some(preference) = preference {
        let mut meta = RequestMetaObject::new();
        meta.insert(ACCEPT_LANGUAGE.into(), preference.into());
        params.meta = Some(meta);
    }
    params
}

fn text_of(response: &CallToolResponse) -> (&str, bool) {
    let CallToolResponse::Complete(result) = response else {
        panic!("a result, not {response:?}")
    };
    let text = result.content[0].as_text().expect("a text").text.as_str();
    (text, result.is_error == Some(true))
}

/// The state alice's call was asked with, replayed with her answer by mallory's and by an
/// anonymous one: the protocol's error, -32602, saying the state is another caller's (in the
/// person's language when they have a preference). Alice's own retry is answered.
#[tokio::test]
async fn a_state_made_for_one_user_is_refused_for_another_and_read_for_the_same() {
    let alice = session(Some("alice")).await;
    let mallory = session(Some("mallory")).await;
    let anonymous = session(None).await;
    let asked = alice
        .input_required(CallToolRequestParams::new("transfer"))
        .await;
    let state = asked.request_state.clone().expect("a sealed state");
    let responses = json!({"form": {"action": "accept", "content": {"to": "bob", "amount": 100}}});

    for twin in [&mallory, &anonymous] {
        let error = twin
            .client
            .call_tool_once(retry("transfer", &responses, &state, None))
            .await
            .unwrap_err();
        let ServiceError::McpError(error) = error else {
            panic!("a JSON-RPC error, not {error:?}")
        };
        assert_eq!(error.code, ErrorCode(-32602));
        assert_eq!(
            error.message,
            "the `requestState` is refused: it was sealed for another caller (the signed-in user of this request is not the one it was asked of); call again without `inputResponses` and `requestState` to start over"
        );
    }
    let error = mallory
        .client
        .call_tool_once(retry("transfer", &responses, &state, Some("fr")))
        .await
        .unwrap_err();
    let ServiceError::McpError(error) = error else {
        panic!("a JSON-RPC error, not {error:?}")
    };
    assert_eq!(error.code, ErrorCode(-32602));
    assert_eq!(
        error.message,
        "Ces réponses n’appartiennent pas à cet appel. Appelez de nouveau sans `inputResponses` ni `requestState` pour recommencer."
    );

    let answered = alice
        .client
        .call_tool_once(retry("transfer", &responses, &state, None))
        .await
        .unwrap();
    assert_eq!(text_of(&answered), ("sent 100 to bob", false));
    for session in [alice, mallory, anonymous] {
        let _ = session.client.cancel().await;
    }
}

/// A note of 70,000 characters would make the next round's state 93,611 bytes: the call ends in
/// the server's error (a tool error the model reads, in the person's language; no protocol
/// error), and no state is sent.
#[tokio::test]
async fn a_round_whose_state_would_be_over_64_kib_ends_in_the_servers_error() {
    let alice = session(Some("alice")).await;
    let asked = alice
        .input_required(CallToolRequestParams::new("note"))
        .await;
    let state = asked.request_state.clone().expect("a sealed state");
    let long = "a".repeat(70_000);
    let responses = json!({"note": {"action": "accept", "content": {"text": long}}});

    let response = alice
        .client
        .call_tool_once(retry("note", &responses, &state, None))
        .await
        .unwrap();
    assert_eq!(
        text_of(&response),
        (
            "the `requestState` of this round would be 93611 bytes, over the 65536 bytes a state may be, so it was not sent: ask fewer or smaller forms in one call (give long texts a `max_length`), and keep large values on the server rather than in the state",
            true
        )
    );
    let response = alice
        .client
        .call_tool_once(retry("note", &responses, &state, Some("fr")))
        .await
        .unwrap();
    assert_eq!(
        text_of(&response),
        (
            "Les réponses données jusqu’ici sont trop longues pour passer à la question suivante (93\u{202f}611 octets, pour 65\u{202f}536 au plus). Recommencez avec des réponses plus courtes.",
            true
        )
    );
    // A short note is carried on, and the second step asked.
    let responses = json!({"note": {"action": "accept", "content": {"text": "short"}}});
    let response = alice
        .client
        .call_tool_once(retry("note", &responses, &state, None))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(next) = response else {
        panic!("the second step, not {response:?}")
    };
    assert!(next.input_requests.unwrap().contains_key("confirm"));
    let _ = alice.client.cancel().await;
}
