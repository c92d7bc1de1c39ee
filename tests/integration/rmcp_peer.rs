//! One round of `Ask` against real rmcp clients of each version and capability (feature `rmcp`),
//! in process over a pipe: what it sends, and every reason it refuses to.

use std::collections::HashSet;

use mcp_elicit::rmcp::Ask;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitResult,
    ElicitationAction, ErrorData, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::connect;

#[derive(Elicit, Debug, PartialEq, Eq, Hash)]
enum Plan {
    #[elicit(title = "Free plan")]
    Free,
    Pro,
}

#[derive(Elicit, Debug)]
struct Simple {
    #[elicit(default = Plan::Pro)]
    plan: Plan,
    #[elicit(default = "Ada")]
    name: String,
}

#[derive(Elicit, Debug)]
struct WithMulti {
    plans: HashSet<Plan>,
}

/// A server whose tools ask for a form in every way there is and say what happened.
struct Server;

fn outcome<T: std::fmt::Debug>(result: Result<Elicitation<T>, mcp_elicit::rmcp::Stop>) -> String {
    match result {
        Ok(answer) => format!("{answer:?}"),
        Err(mcp_elicit::rmcp::Stop::Elicit(err)) => format!("error: {err}"),
        Err(mcp_elicit::rmcp::Stop::InputRequired(result)) => {
            format!("input required: {:?}", result.request_state.is_some())
        }
        Err(other) => format!("stopped: {other:?}"),
    }
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
        let text = match request.name.as_ref() {
            "simple" | "simple_again" => {
                let ask = Ask::<Simple>::new().message(request.name.clone()).rounds(1);
                outcome(ask.run(&context, &request).await)
            }
            "multi" => {
                let ask = Ask::<WithMulti>::new().message("multi").rounds(1);
                outcome(ask.run(&context, &request).await)
            }
            other => return Err(ErrorData::invalid_params(other.to_owned(), None)),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

/// Calls `tool` as a client of `version` (with or without elicitation) that answers `answer`;
/// the tool's text, and the elicitation params the client saw.
async fn call(
    version: ProtocolVersion,
    elicitation: bool,
    answer: ElicitResult,
    tool: &'static str,
) -> (String, Vec<Value>) {
    let (text, _, seen) = connect(Server, version, elicitation, vec![answer])
        .await
        .call(tool)
        .await;
    (text, seen)
}

fn accept(content: Value) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(content)
}

#[tokio::test]
async fn asks_and_parses_on_2025_11_25() {
    for tool in ["simple", "simple_again"] {
        let (text, seen) = call(
            ProtocolVersion::V_2025_11_25,
            true,
            accept(json!({"plan": "Free"})),
            tool,
        )
        .await;
        assert_eq!(
            text, "Accepted(Simple { plan: Free, name: \"Ada\" })",
            "{tool}"
        );
        assert_eq!(seen.len(), 1);
        assert_eq!(
            seen[0]["requestedSchema"]["properties"]["plan"],
            json!({"type": "string", "oneOf": [{"const": "Free", "title": "Free plan"}, {"const": "Pro", "title": "Pro"}], "default": "Pro"})
        );
    }
}

#[tokio::test]
async fn decline_and_cancel_are_answers() {
    for (action, expected) in [
        (ElicitationAction::Decline, "Declined"),
        (ElicitationAction::Cancel, "Cancelled"),
    ] {
        let (text, _) = call(
            ProtocolVersion::V_2025_11_25,
            true,
            ElicitResult::new(action),
            "simple",
        )
        .await;
        assert_eq!(text, expected);
    }
}

#[tokio::test]
async fn a_2025_06_18_client_gets_the_legacy_form() {
    let (text, seen) = call(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({"plan": "Pro"})),
        "simple",
    )
    .await;
    assert_eq!(text, "Accepted(Simple { plan: Pro, name: \"Ada\" })");
    assert_eq!(
        seen[0]["requestedSchema"]["properties"],
        json!({
            "plan": {"type": "string", "enum": ["Free", "Pro"], "enumNames": ["Free plan", "Pro"]},
            "name": {"type": "string"}
        })
    );
    let (text, seen) = call(
        ProtocolVersion::V_2025_06_18,
        true,
        accept(json!({})),
        "multi",
    )
    .await;
    assert!(seen.is_empty(), "nothing is sent");
    assert!(
        text.starts_with(
            "error: field `plans` is a multi-select, and protocol 2025-06-18 has none"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn a_client_without_elicitation_is_not_asked() {
    let (text, seen) = call(
        ProtocolVersion::V_2025_11_25,
        false,
        accept(json!({})),
        "simple",
    )
    .await;
    assert!(seen.is_empty());
    assert_eq!(text, "error: the client did not declare form elicitation");
}

#[tokio::test]
async fn on_2026_07_28_no_request_is_sent() {
    let (text, seen) = call(
        ProtocolVersion::V_2026_07_28,
        true,
        accept(json!({})),
        "simple",
    )
    .await;
    assert!(seen.is_empty());
    // The form leaves as the `InputRequiredResult` the handler returns, its state sealed.
    assert_eq!(text, "input required: true");
}
