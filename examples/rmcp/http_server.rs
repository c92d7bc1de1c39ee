//! A complete MCP server on rmcp over Streamable HTTP (`http_server [PORT]`), for 2025-11-25 and
//! 2026-07-28 clients alike: a form tool, and one asking for the arguments the model left out.
//! ```toml
//! mcp-elicit = { version = "0.1", features = ["rmcp"] }
//! rmcp = { version = "3.9", features = ["transport-streamable-http-server"] }
//! axum = "0.8"
//! tokio = { version = "1", features = ["macros", "rt-multi-thread", "net"] }
//! ```
use mcp_elicit::rmcp::{Handled, Respond, ask, ask_arguments, input_schema};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::model::{ErrorData, ListToolsResult, PaginatedRequestParams, ServerCapabilities};
use rmcp::model::{ServerConfig, Tool};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::sync::Arc;

#[derive(Elicit)]
#[elicit(message = "Book a table")]
struct Booking {
    #[elicit(minimum = 1, maximum = 12)]
    guests: u8,
    #[elicit(format = "date")]
    date: String,
}

#[derive(Elicit)]
#[elicit(message = "Which booking should be cancelled?")]
struct Cancellation {
    /// The booking's six-letter reference
    #[elicit(min_length = 6, max_length = 6)]
    reference: String,
}

#[derive(Elicit)]
struct NoArguments {}

async fn book_table(req: &CallToolRequestParams, cx: &RequestContext<RoleServer>) -> Handled {
    let text = match ask::<Booking>(cx, req).await? {
        Elicitation::Accepted(b) => format!("Booked for {} on {}.", b.guests, b.date),
        _ => "Nothing was booked.".to_owned(),
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
}

async fn cancel_booking(req: &CallToolRequestParams, cx: &RequestContext<RoleServer>) -> Handled {
    let text = match ask_arguments::<Cancellation>(cx, req).await? {
        Elicitation::Accepted(c) => format!("Cancelled booking {}.", c.reference),
        _ => "Nothing was cancelled.".to_owned(),
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
}

struct Restaurant;

impl rmcp::ServerHandler for Restaurant {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let cancel = input_schema::<Cancellation>();
        Ok(ListToolsResult::with_all_items(vec![
            Tool::new("book_table", "Books a table", input_schema::<NoArguments>()),
            Tool::new("cancel_booking", "Cancels a booking", cancel),
        ]))
    }
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match request.name.as_ref() {
            "book_table" => book_table(&request, &context).await.respond(),
            "cancel_booking" => cancel_booking(&request, &context).await.respond(),
            other => Err(ErrorData::invalid_params(format!("no tool {other}"), None)),
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (port, more) = (std::env::args().nth(1), std::env::args().nth(2));
    let port: u16 = port.as_deref().unwrap_or("8000").parse()?;
    more.map_or(Ok(()), |_| Err("usage: http_server [PORT]"))?; // Nothing else.
    StateKeys::from_env("MCP_ELICIT_STATE_KEY")?.install()?; // Replicas share it, or random.
    let manager = LocalSessionManager::default();
    let config = StreamableHttpServerConfig::default();
    let service = StreamableHttpService::new(|| Ok(Restaurant), Arc::new(manager), config);
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    println!("serving http://{}/mcp", listener.local_addr()?);
    axum::serve(listener, router).await?;
    Ok(())
}
