//! An MCP server over Streamable HTTP, built on the official Rust SDK (rmcp), with the tools the
//! official MCP conformance suite's elicitation scenarios call, each asking for a derived form
//! with `mcp_elicit::rmcp::ask`:
//!
//! - `test_elicitation` (argument `message`): a user name and an e-mail address;
//! - `test_elicitation_sep1034_defaults`: a default on every primitive type (SEP-1034);
//! - `test_elicitation_sep1330_enums`: the five kinds of select (SEP-1330), the legacy titled
//!   one with `#[elicit(enum_names)]`.
//!
//! Each answers `Elicitation completed: action=<accept|decline|cancel>, content=<the form's
//! content>`.
//!
//! ```sh
//! cargo run --bin conformance_server -- --port 3001    # serves http://127.0.0.1:3001/mcp
//! ```
//!
//! `tests/conformance.rs` (beside this file) runs the suite against it.

use std::sync::Arc;

use mcp_elicit::rmcp::Ask;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    Implementation, JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;

/// `test_elicitation`.
#[derive(Elicit)]
struct UserInfo {
    /// User's response
    username: String,
    /// User's email address
    email: String,
}

/// `test_elicitation_sep1034_defaults`: a default on every primitive type.
#[derive(Elicit)]
struct Defaults {
    #[elicit(default = "John Doe")]
    name: String,
    #[elicit(default = 30)]
    age: u32,
    #[elicit(default = 95.5)]
    score: f64,
    #[elicit(default = Status::Active)]
    status: Status,
    #[elicit(default = true)]
    verified: bool,
}

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    Pending,
}

/// `test_elicitation_sep1330_enums`: every kind of select.
#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Enums {
    untitled_single: Untitled,
    titled_single: Titled,
    legacy_enum: Legacy,
    untitled_multi: Vec<Untitled>,
    titled_multi: Vec<TitledChoice>,
}

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Untitled {
    Option1,
    Option2,
    Option3,
}

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Titled {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

/// Titles as the deprecated `enumNames`, on every protocol version.
#[derive(Elicit)]
#[elicit(rename_all = "lowercase", enum_names)]
enum Legacy {
    #[elicit(title = "Option One")]
    Opt1,
    #[elicit(title = "Option Two")]
    Opt2,
    #[elicit(title = "Option Three")]
    Opt3,
}

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum TitledChoice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

struct ConformanceServer;

/// Asks for `T`'s form in this tool call, and says what came back.
async fn elicit<T: Elicit + Send + 'static>(
    asking: Ask<T>,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> CallToolResponse {
    let answer = match asking.run(context, request).await {
        Ok(answer) => answer,
        // The form on 2026-07-28, or a tool error saying why there is no answer.
        Err(stop) => return stop.into(),
    };
    let content = match &answer {
        Elicitation::Accepted(form) => serde_json::Value::Object(form.to_content()),
        Elicitation::Declined | Elicitation::Cancelled => json!({}),
    };
    CallToolResult::success(vec![ContentBlock::text(format!(
        "Elicitation completed: action={}, content={content}",
        answer.action()
    ))])
    .into()
}

fn object(schema: serde_json::Value) -> Arc<JsonObject> {
    Arc::new(schema.as_object().cloned().unwrap_or_default())
}

impl ServerHandler for ConformanceServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(
            Implementation::new("mcp-elicit-conformance", env!("CARGO_PKG_VERSION")),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let none = || object(json!({"type": "object", "properties": {}}));
        Ok(ListToolsResult::with_all_items(vec![
            Tool::new(
                "test_elicitation",
                "Asks the user for a user name and an e-mail address",
                object(json!({
                    "type": "object",
                    "properties": {"message": {"type": "string", "description": "The message to show the user"}},
                    "required": ["message"]
                })),
            ),
            Tool::new(
                "test_elicitation_sep1034_defaults",
                "Asks for a form with a default on every primitive type",
                none(),
            ),
            Tool::new(
                "test_elicitation_sep1330_enums",
                "Asks for a form with every kind of select",
                none(),
            ),
        ]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(match request.name.as_ref() {
            "test_elicitation" => {
                let message = request
                    .arguments
                    .as_ref()
                    .and_then(|a| a.get("message"))
                    .and_then(|m| m.as_str())
                    .ok_or_else(|| {
                        ErrorData::invalid_params("`message` (a string) is required", None)
                    })?
                    .to_owned();
                elicit(Ask::<UserInfo>::new().message(message), &request, &context).await
            }
            "test_elicitation_sep1034_defaults" => {
                elicit(Ask::<Defaults>::new(), &request, &context).await
            }
            "test_elicitation_sep1330_enums" => {
                elicit(Ask::<Enums>::new(), &request, &context).await
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("no tool named {other}"),
                    None,
                ));
            }
        })
    }
}

/// The port given with `--port N`.
fn port() -> Result<u16, String> {
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--port" {
            let value = args.next().ok_or("`--port` needs a number")?;
            return value
                .parse()
                .map_err(|_| format!("`--port {value}`: not a port number"));
        }
    }
    Err("usage: conformance_server --port N".to_owned())
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port = port()?;
    let service = StreamableHttpService::new(
        || Ok(ConformanceServer),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // With `--port 0`, the port the system chose: a test reads it from this line.
    println!("serving http://{}/mcp", listener.local_addr()?);
    axum::serve(listener, router).await?;
    Ok(())
}
