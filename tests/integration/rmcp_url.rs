//! `mcp_elicit::rmcp::AskUrl`: URL mode through the same call on every version that has it,
//! against real rmcp clients in process: the request each version writes, the answer, the
//! completion notification of 2025-11-25, and the refusals.

use std::sync::{Arc, Mutex};

use mcp_elicit::Elicitation;
use mcp_elicit::rmcp::{AskUrl, url_completed};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, ProtocolVersion,
    ServerCapabilities, ServerConfig, UrlElicitationCapability,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::connect_with;

/// Whether the server's notification could be sent.
#[derive(Clone, Default)]
struct Server {
    notified: Arc<Mutex<Vec<String>>>,
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let asking = AskUrl::new("Sign in to connect", "https://example.com/connect", "c-42");
        let text = match asking.run(&context, &request).await {
            Ok(Elicitation::Accepted(())) => {
                let sent = url_completed(&context, "c-42").await;
                self.notified
                    .lock()
                    .unwrap()
                    .push(format!("{:?}", sent.map_err(|e| e.to_string())));
                "accepted".to_owned()
            }
            Ok(answer) => answer.action().to_owned(),
            Err(stop) => return stop.into(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

fn url_client() -> ClientCapabilities {
    ClientCapabilities::builder()
        .enable_elicitation_with(
            ElicitationCapability::new().with_url(UrlElicitationCapability::new()),
        )
        .build()
}

#[tokio::test]
async fn a_url_request_on_each_version_that_has_url_mode() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let server = Server::default();
        let answers = vec![ElicitResult::new(ElicitationAction::Accept)];
        let session = connect_with(server.clone(), version.clone(), url_client(), answers).await;
        let (text, error, seen) = session.call("connect").await;
        assert_eq!((text.as_str(), error), ("accepted", false), "{version}");
        assert_eq!(seen[0]["mode"], "url", "{version}");
        assert_eq!(seen[0]["url"], "https://example.com/connect", "{version}");
        assert_eq!(seen[0]["message"], "Sign in to connect", "{version}");
        let notified = server.notified.lock().unwrap().clone();
        assert_eq!(notified, ["Ok(())"], "{version}");
        if version == ProtocolVersion::V_2025_11_25 {
            assert_eq!(seen[0]["elicitationId"], "c-42");
            // The completion notification, naming the request.
            assert_eq!(
                seen[1],
                json!({"notification": "notifications/elicitation/complete", "params": {"elicitationId": "c-42"}})
            );
            assert_eq!(seen.len(), 2);
        } else {
            // 2026-07-28 has no such notification.
            assert_eq!(seen.len(), 1, "{version}");
        }
    }
}

#[tokio::test]
async fn decline_is_an_answer() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let answers = vec![ElicitResult::new(ElicitationAction::Decline)];
        let session = connect_with(Server::default(), version.clone(), url_client(), answers).await;
        let (text, error, _) = session.call("connect").await;
        assert_eq!((text.as_str(), error), ("decline", false), "{version}");
    }
}

#[tokio::test]
async fn no_url_request_where_it_cannot_be_one() {
    // A client that declared only forms: a tool error on 2025-11-25, the protocol's error on
    // 2026-07-28.
    let forms_only = || ClientCapabilities::builder().enable_elicitation().build();
    let session = connect_with(
        Server::default(),
        ProtocolVersion::V_2025_11_25,
        forms_only(),
        vec![],
    )
    .await;
    let (text, error, seen) = session.call("connect").await;
    assert!(seen.is_empty() && error);
    assert_eq!(text, "the client did not declare URL elicitation");
    let session = connect_with(
        Server::default(),
        ProtocolVersion::V_2026_07_28,
        forms_only(),
        vec![],
    )
    .await;
    let refused = session
        .client
        .call_tool_once(CallToolRequestParams::new("connect"))
        .await
        .unwrap_err();
    let refused = format!("{refused:?}");
    assert!(refused.contains("-32021"), "{refused}");
    assert!(
        refused.contains("the client did not declare URL elicitation (`elicitation.url`)"),
        "{refused}"
    );
    assert!(session.seen().is_empty());
    // 2025-06-18 has no URL mode.
    let session = connect_with(
        Server::default(),
        ProtocolVersion::V_2025_06_18,
        url_client(),
        vec![],
    )
    .await;
    let (text, error, seen) = session.call("connect").await;
    assert!(seen.is_empty() && error);
    assert!(text.contains("2025-06-18"), "{text}");
}

/// On 2026-07-28 the URL request's round is sealed like a form's: an answer under an edited state
/// is refused (-32602), and a malformed answer is the protocol's error too.
#[tokio::test]
async fn a_url_round_is_sealed_on_2026_07_28() {
    let session = connect_with(
        Server::default(),
        ProtocolVersion::V_2026_07_28,
        url_client(),
        vec![],
    )
    .await;
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("connect"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("{first:?}")
    };
    let request = serde_json::to_value(&first.input_requests.as_ref().unwrap()["form"]).unwrap();
    assert_eq!(request["params"]["mode"], "url");
    let state = first.request_state.clone().unwrap();
    let retry = |response: serde_json::Value, state: String| {
        let mut responses = rmcp::model::InputResponses::new();
        responses.insert("form".to_owned(), response);
        session.client.call_tool_once(
            CallToolRequestParams::new("connect")
                .with_input_responses(responses)
                .with_request_state(state),
        )
    };
    let accepted = retry(json!({"action": "accept"}), state.clone())
        .await
        .unwrap();
    let CallToolResponse::Complete(accepted) = accepted else {
        panic!("{accepted:?}")
    };
    assert_eq!(accepted.content[0].as_text().unwrap().text, "accepted");
    for (response, state) in [
        (json!({"action": "accept"}), format!("{state}x")),
        (json!({"action": "maybe"}), state.clone()),
        (json!("accept"), state.clone()),
    ] {
        let refused = format!("{:?}", retry(response, state).await.unwrap_err());
        assert!(refused.contains("-32602"), "{refused}");
    }
    let _ = session.client.cancel().await;
}
