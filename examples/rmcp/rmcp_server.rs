//! A real MCP server on stdio, built on the official Rust SDK (rmcp), with one tool, `signup`,
//! that asks the user for a sign-up form and describes what came back.
//!
//! It serves clients of every protocol version from one code path: on 2025-06-18 and 2025-11-25
//! the server asks with an `elicitation/create` request (`elicit_form`); on 2026-07-28, where a
//! server may not send requests, the tool returns an `InputRequiredResult` and the client calls it
//! again with the answer (`input_required` / `from_input_responses`).
//!
//! Run it with `cargo run --bin rmcp_server` (it speaks JSON-RPC on stdin and stdout), or let the
//! example client (`rmcp_client.rs`, beside this file) start it.

use std::collections::BTreeSet;
use std::sync::Arc;

use mcp_elicit::rmcp::{ElicitForm, from_input_responses, input_required};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    Implementation, ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt};

/// The plan: a titled single-select.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free: one project")]
    Free,
    #[elicit(title = "Pro: unlimited projects")]
    Pro,
}

/// What to write about: a multi-select.
#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
}

/// The sign-up form. The properties reach the client in this order.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase", message = "Create your account")]
struct Signup {
    /// We send the confirmation link here
    #[elicit(title = "E-mail", format = "email")]
    email: String,
    /// You must be 13 or older
    #[elicit(minimum = 13, maximum = 120)]
    age: u8,
    #[elicit(title = "Plan", default = Plan::Free)]
    plan: Plan,
    #[elicit(title = "Write to me about", max_items = 2)]
    topics: BTreeSet<Topic>,
}

/// The key the form travels under in an `InputRequiredResult` (2026-07-28).
const SIGNUP: &str = "signup";

struct SignupServer;

impl SignupServer {
    /// What the tool says about the user's answer.
    fn describe(answer: Result<Elicitation<Signup>, String>) -> CallToolResult {
        match answer {
            Ok(Elicitation::Accepted(signup)) => {
                let topics: Vec<String> = signup.topics.iter().map(|t| format!("{t:?}")).collect();
                CallToolResult::success(vec![ContentBlock::text(format!(
                    "signed up {} (age {}) on the {:?} plan; topics: {}",
                    signup.email,
                    signup.age,
                    signup.plan,
                    if topics.is_empty() {
                        "none".to_owned()
                    } else {
                        topics.join(", ")
                    }
                ))])
            }
            Ok(Elicitation::Declined) => {
                CallToolResult::success(vec![ContentBlock::text("the user declined to sign up")])
            }
            Ok(Elicitation::Cancelled) => CallToolResult::success(vec![ContentBlock::text(
                "the user dismissed the sign-up form",
            )]),
            // A bad answer, or none: the caller sees why.
            Err(problem) => CallToolResult::error(vec![ContentBlock::text(problem)]),
        }
    }
}

impl ServerHandler for SignupServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(
            // Its own name, and the version of mcp-elicit it shows.
            Implementation::new("mcp-elicit-signup-example", env!("CARGO_PKG_VERSION"))
                .with_title("mcp-elicit sign-up example"),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let no_arguments = Arc::new(
            serde_json::json!({"type": "object", "properties": {}})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        Ok(ListToolsResult::with_all_items(vec![Tool::new(
            "signup",
            "Sign the user up: asks them for an e-mail address, their age, a plan and topics",
            no_arguments,
        )]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name != "signup" {
            return Err(ErrorData::invalid_params(
                format!("no tool named {}", request.name),
                None,
            ));
        }
        let modern = context
            .protocol_version()
            .is_some_and(|v| v >= ProtocolVersion::V_2026_07_28);
        let answer = if modern {
            // 2026-07-28: the first call returns the form; the retried call carries the answer.
            let Some(responses) = &request.input_responses else {
                let form = input_required::<Signup>(SIGNUP, Signup::message())
                    .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
                return Ok(form.into());
            };
            from_input_responses::<Signup>(responses, SIGNUP).map_err(|e| e.to_string())
        } else {
            context
                .elicit_form::<Signup>(Signup::message())
                .await
                .map_err(|e| e.to_string())
        };
        Ok(Self::describe(answer).into())
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = SignupServer.serve(rmcp::transport::stdio()).await?;
    server.waiting().await?;
    Ok(())
}
