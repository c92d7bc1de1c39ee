//! An MCP server that asks for an API key through a page of its own (URL mode), never through the
//! client: `connect_server [--port P] [--public-url URL] [--redis URL | --redis-cluster URL,... |
//! --redis-sentinel URL,... [--redis-service NAME]] [--page-ttl SECONDS]` (`--help` says what
//! each does), its keys from
//! `MCP_ELICIT_STATE_KEY` (replicas share it and the Redis).
//!
//! - MCP at `/mcp` (Streamable HTTP, 2025-11-25 and 2026-07-28); the pages at `/pages/{id}`.
//! - The stand-in sign-in of `site.rs` (never deploy it: anyone can sign in as anyone): MCP
//!   requests carry `Authorization: Bearer dev-NAME`, the browser signs in at `/login` with
//!   `token=dev-NAME`; the page of a call is shown only to the NAME whose call made it.
//! - The tool `connect_service` asks for a label, an API key and a region through a page, keeps
//!   the key on the server for that user and answers `Connected LABEL (REGION TITLE)`.
#[path = "site.rs"]
mod site;

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use clap::Parser;
use mcp_elicit::page::SecretString;
use mcp_elicit::page::serve::{Pages, Parts};
use mcp_elicit::page::store::{MemoryStore, PageStore};
use mcp_elicit::rmcp::{Handled, Respond, Stop, input_schema};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::model::{ErrorData, ListToolsResult, PaginatedRequestParams, ServerCapabilities};
use rmcp::model::{ServerConfig, Tool};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use site::{Session, Site, SiteArgs, StoreArgs};

/// An MCP server that asks for an API key through a page of its own (URL mode)
#[derive(Parser)]
#[command(name = "connect_server", next_line_help = true)]
#[command(after_help = site::environment(&[]))]
struct Cli {
    #[command(flatten)]
    site: SiteArgs,
    #[command(flatten)]
    store: StoreArgs,
    /// How long a page waits for its answer, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    page_ttl: u64,
}

#[derive(Elicit)]
#[elicit(
    title = "Connect a weather service",
    message = "Connect your weather service"
)]
#[elicit(translations(path = "locales", languages("ar")))]
struct Connection {
    /// A name for this connection
    #[elicit(title = "Label", min_length = 2, max_length = 40)]
    label: String,
    /// The service's API key (it stays on this server)
    #[elicit(title = "API key", min_length = 20)]
    api_key: SecretString,
    #[elicit(title = "Region")]
    region: Region,
}

#[derive(Elicit, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
#[elicit(translations(path = "locales", languages("ar")))]
enum Region {
    #[elicit(title = "Europe")]
    Eu,
    #[elicit(title = "United States")]
    Us,
}

impl Region {
    fn title(self) -> &'static str {
        match self {
            Region::Eu => "Europe",
            Region::Us => "United States",
        }
    }
}

#[derive(Elicit)]
struct NoArguments {}

struct Connector<S> {
    pages: Pages<S>,
    /// The keys kept on the server, by user and label (a real server would seal them at rest).
    keys: Arc<Mutex<HashMap<(String, String), SecretString>>>,
}

impl<S: PageStore + 'static> Connector<S> {
    async fn connect(
        &self,
        req: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let parts = cx.extensions.get::<Parts>();
        let user = parts
            .and_then(site::user)
            .ok_or(Stop::error("not signed in"))?;
        let text = match self
            .pages
            .ask::<Connection>(Some(user))
            .run(cx, req)
            .await?
        {
            Elicitation::Accepted(c) => {
                let answer = format!("Connected {} ({})", c.label, c.region.title());
                tracing::info!(user, label = %c.label, "connected");
                self.keys
                    .lock()
                    .unwrap()
                    .insert((user.to_owned(), c.label), c.api_key);
                answer
            }
            _ => "Nothing was connected: no key was given.".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }
}

impl<S: PageStore + Send + Sync + 'static> rmcp::ServerHandler for Connector<S> {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let schema = input_schema::<NoArguments>();
        let tool = Tool::new("connect_service", "Connects your weather service", schema);
        Ok(ListToolsResult::with_all_items(vec![tool]))
    }
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match request.name.as_ref() {
            "connect_service" => self.connect(&request, &context).await.respond(),
            other => Err(ErrorData::invalid_params(format!("no tool {other}"), None)),
        }
    }
}

/// The pages: `Connection`'s, each waiting `ttl` for its answer.
fn pages<S: PageStore + 'static>(store: S, keys: &StateKeys, url: &str, ttl: Duration) -> Pages<S> {
    Pages::new(store, keys, url, Session)
        .form::<Connection>()
        .ttl(ttl)
}

impl<S> Connector<S> {
    /// The server of one MCP session: its pages, and the keys every session keeps.
    fn new(pages: Pages<S>, keys: &Arc<Mutex<HashMap<(String, String), SecretString>>>) -> Self {
        Connector {
            pages,
            keys: Arc::clone(keys),
        }
    }
}

async fn serve<S: PageStore + Send + Sync + 'static>(
    store: S,
    cli: &Cli,
) -> Result<(), Box<dyn std::error::Error>> {
    let site = Site::bind(&cli.site).await?;
    let keys = StateKeys::from_env("MCP_ELICIT_STATE_KEY")?;
    let pages = pages(
        store,
        &keys,
        &site.pages_url(),
        Duration::from_secs(cli.page_ttl),
    );
    keys.install()?;
    let kept = Arc::new(Mutex::new(HashMap::new()));
    let handler = pages.clone();
    let service = StreamableHttpService::new(
        move || Ok(Connector::new(handler.clone(), &kept)),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let mcp = Router::new().nest_service("/mcp", service);
    site.serve(mcp, pages.router(), Router::new()).await
}

#[cfg(test)]
#[path = "connect_server/tests.rs"]
mod tests;

#[tokio::main]
#[cfg_attr(test, allow(dead_code))]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    site::log();
    site::end(run(&cli).await)
}

/// Serves with the store `cli` names.
async fn run(cli: &Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.store.connect().await? {
        Some(redis) => serve(redis, cli).await,
        None => serve(MemoryStore::new(10_000), cli).await,
    }
}
