//! Roots and sampling through the rounds, typed: `Input::roots` and `Input::sampling` beside a
//! form in one round, their responses read as rmcp's own `ListRootsResult` and
//! `CreateMessageResult`, against a real rmcp client that declares roots and sampling and answers
//! them, on 2025-11-25 (requests of their own) and 2026-07-28 (input requests of the round); a
//! response that is not one is the protocol's error naming what is wrong.
// rmcp marks roots and sampling deprecated after SEP-2577; 2026-07-28 still has them.
#![allow(deprecated)]

use std::sync::{Arc, Mutex};

use mcp_elicit::rmcp::{Ask, Call, Handled, asks};
use mcp_elicit::rounds::Input;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, CreateMessageRequestParams,
    CreateMessageResult, ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData,
    Implementation, InputResponses, ListRootsResult, ProtocolVersion, Root, SamplingMessage,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::{ClientHandler, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[path = "support/scripted_client.rs"]
mod scripted_client;

#[derive(Elicit, Debug)]
struct Confirm {
    sure: bool,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// A form, the client's roots and a question to its model, in one round.
    #[asks]
    #[tool(description = "Looks at the workspace")]
    async fn workspace(&self, call: Call) -> Handled<String> {
        let mut asking = call.asking()?;
        let mut confirm = Ask::<Confirm>::new().key("confirm").item()?;
        let mut roots = Input::roots("roots");
        let question = CreateMessageRequestParams::new(
            vec![SamplingMessage::user_text("Capital of France?")],
            20,
        );
        let mut capital = Input::sampling("capital", &question);
        asking
            .round(&mut [&mut confirm, &mut roots, &mut capital])
            .await?;
        let sure = matches!(
            confirm.take(),
            Some(Elicitation::Accepted(Confirm { sure: true }))
        );
        let roots: Option<ListRootsResult> = roots.take();
        let roots = roots.map_or_else(
            || "no roots".to_owned(),
            |r| {
                let uris: Vec<_> = r.roots.iter().map(|root| root.uri.as_str()).collect();
                uris.join(", ")
            },
        );
        let capital: Option<CreateMessageResult> = capital.take();
        let capital = capital.map_or_else(
            || "no sampling".to_owned(),
            |m| {
                let text = m
                    .message
                    .content
                    .first()
                    .and_then(|c| c.as_text())
                    .map(|t| t.text.clone());
                format!("{} says {}", m.model, text.unwrap_or_default())
            },
        );
        Ok(format!("sure: {sure}; roots: {roots}; {capital}"))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {}

/// A client that declares elicitation, roots and (or not) sampling, says yes to every form,
/// lists one root and answers every question "Paris"; it records the questions it was asked.
#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    sampling: bool,
    questions: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = json!({"elicitation": {}, "roots": {}});
        if self.sampling {
            capabilities["sampling"] = json!({});
        }
        let capabilities: ClientCapabilities = serde_json::from_value(capabilities).unwrap();
        ClientConfig::new(capabilities, Implementation::new("test", "0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"sure": true})))
    }

    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        Ok(ListRootsResult::new(vec![
            Root::new("file:///work/shop").with_name("shop"),
        ]))
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let question = params.messages[0]
            .content
            .first()
            .and_then(|c| c.as_text())
            .map(|t| t.text.clone());
        self.questions
            .lock()
            .unwrap()
            .push(question.unwrap_or_default());
        Ok(CreateMessageResult::new(
            SamplingMessage::assistant_text("Paris"),
            "test-model".into(),
        ))
    }
}

const VERSIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28];

/// Calls `workspace` with a client of `version`: the tool's text and the questions the client's
/// model was asked.
async fn call(version: ProtocolVersion, sampling: bool) -> (String, Vec<String>) {
    let questions = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        version: version.clone(),
        sampling,
        questions: questions.clone(),
    };
    let client = scripted_client::start(
        Server {
            tool_router: Server::tool_router(),
        },
        client,
        version,
    )
    .await;
    let result = client
        .call_tool(CallToolRequestParams::new("workspace"))
        .await
        .expect("the tool answers");
    let _ = client.cancel().await;
    let text = result.content[0].as_text().unwrap().text.clone();
    assert_ne!(result.is_error, Some(true), "{text}");
    let questions = questions.lock().unwrap().clone();
    (text, questions)
}

#[tokio::test]
async fn roots_and_sampling_come_back_as_rmcps_own_types() {
    for version in VERSIONS {
        let (text, questions) = call(version.clone(), true).await;
        assert_eq!(
            text, "sure: true; roots: file:///work/shop; test-model says Paris",
            "{version}"
        );
        assert_eq!(questions, ["Capital of France?"], "{version}");
    }
}

#[tokio::test]
async fn a_client_without_sampling_is_not_asked() {
    for version in VERSIONS {
        let (text, questions) = call(version.clone(), false).await;
        assert_eq!(
            text, "sure: true; roots: file:///work/shop; no sampling",
            "{version}"
        );
        assert!(questions.is_empty(), "{version}");
    }
}

/// On 2026-07-28 a response that is not a `ListRootsResult` (or a `CreateMessageResult`) is the
/// protocol's error, -32602, naming the key, the method and what is wrong.
#[tokio::test]
async fn a_response_that_does_not_parse_is_named() {
    let client = Client {
        version: ProtocolVersion::V_2026_07_28,
        sampling: true,
        questions: Arc::default(),
    };
    let session = scripted_client::start(
        Server {
            tool_router: Server::tool_router(),
        },
        client,
        ProtocolVersion::V_2026_07_28,
    )
    .await;
    let first = match session
        .call_tool_once(CallToolRequestParams::new("workspace"))
        .await
    {
        Ok(rmcp::model::CallToolResponse::InputRequired(first)) => first,
        other => panic!("the round, not {other:?}"),
    };
    let keys: Vec<_> = first.input_requests.as_ref().unwrap().keys().collect();
    assert_eq!(keys, ["capital", "confirm", "roots"]);
    for (key, response, expected) in [
        (
            "roots",
            json!({"roots": "all of them"}),
            "the response under `roots` in `inputResponses` is malformed: the response to `roots/list` does not read as `rmcp::model::ListRootsResult`: invalid type: string \"all of them\", expected a sequence",
        ),
        (
            "capital",
            json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}}),
            "the response under `capital` in `inputResponses` is malformed: the response to `sampling/createMessage` does not read as `rmcp::model::CreateMessageResult`: missing field `model`",
        ),
    ] {
        let mut responses = InputResponses::new();
        responses.insert(
            "confirm".to_owned(),
            json!({"action": "accept", "content": {"sure": true}}),
        );
        responses.insert(
            "roots".to_owned(),
            json!({"roots": [{"uri": "file:///work"}]}),
        );
        responses.insert(
            "capital".to_owned(),
            json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"}),
        );
        responses.insert(key.to_owned(), response);
        let retry = CallToolRequestParams::new("workspace")
            .with_input_responses(responses)
            .with_request_state(first.request_state.clone().unwrap());
        let error = session.call_tool_once(retry).await.unwrap_err();
        let rmcp::service::ServiceError::McpError(error) = error else {
            panic!("a JSON-RPC error, not {error:?}")
        };
        assert_eq!(error.code.0, -32602, "{key}");
        assert!(
            error.message.starts_with(expected),
            "{key}: {}",
            error.message
        );
    }
    let _ = session.cancel().await;
}
