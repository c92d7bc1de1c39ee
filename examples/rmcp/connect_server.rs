//! An MCP server that asks for an API key through a page of its own (URL mode), never through the
//! client: `connect_server --port P [--public-url URL] [--redis redis://HOST:PORT] [--page-ttl
//! SECONDS]`, its keys from `MCP_ELICIT_STATE_KEY` (replicas share it and the Redis).
//!
//! - MCP at `/mcp` (Streamable HTTP, 2025-11-25 and 2026-07-28); the pages at `/pages/{id}`.
//! - A stand-in for the application's own sign-in, and nothing more (never deploy it): MCP
//!   requests carry `Authorization: Bearer dev-NAME` (anything else gets 401), and the browser
//!   signs in at `/login` by posting `token=dev-NAME`, which sets a cookie (`HttpOnly`, `SameSite`).
//!   The page of a call is shown only to the NAME whose call made it.
//! - The tool `connect_service` asks for a label, an API key and a region through a page, keeps
//!   the key on the server for that user and answers `Connected LABEL (REGION TITLE)`.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Query, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Form, Router};
use mcp_elicit::page::SecretString;
use mcp_elicit::page::serve::{Identity, Pages, Parts};
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

#[derive(Elicit)]
#[elicit(
    title = "Connect a weather service",
    message = "Connect your weather service"
)]
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

/// The stand-in sign-in's subject of a bearer token or cookie value: `dev-NAME` is NAME.
fn subject_of(token: &str) -> Option<&str> {
    token.strip_prefix("dev-").filter(|name| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// The subject of an MCP request's bearer token.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    subject_of(value.strip_prefix("Bearer ")?)
}

/// The browser's sign-in: the cookie `/login` sets.
struct Session;

impl Identity for Session {
    fn subject(&self, request: &Parts) -> Option<String> {
        let cookies = request.headers.get(header::COOKIE)?.to_str().ok()?;
        let token = cookies
            .split("; ")
            .find_map(|c| c.strip_prefix("session="))?;
        subject_of(token).map(str::to_owned)
    }

    fn sign_in(&self, return_to: &str) -> Option<String> {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("return_to", return_to)
            .finish();
        Some(format!("/login?{query}"))
    }
}

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
            .and_then(|p| bearer(&p.headers))
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

/// MCP requests without the stand-in's bearer token get 401.
async fn require_bearer(request: Request, next: Next) -> Response {
    if bearer(request.headers()).is_none() {
        let challenge = [(header::WWW_AUTHENTICATE, "Bearer")];
        return (
            StatusCode::UNAUTHORIZED,
            challenge,
            "sign in: Bearer dev-NAME",
        )
            .into_response();
    }
    next.run(request).await
}

/// Where a sign-in goes back to: a path of this server only (never another site).
fn local_path(return_to: Option<&String>) -> &str {
    match return_to {
        Some(path) if path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') => {
            path
        }
        _ => "/",
    }
}

async fn login_form(Query(query): Query<HashMap<String, String>>) -> Html<String> {
    login_page(local_path(query.get("return_to")), None)
}

fn login_page(return_to: &str, problem: Option<&str>) -> Html<String> {
    Html(
        maud::html! {
            (maud::DOCTYPE)
            html lang="en" {
                head { meta charset="utf-8"; title { "Sign in" } }
                body {
                    h1 { "Sign in (development stand-in)" }
                    @if let Some(problem) = problem { p role="alert" { (problem) } }
                    form method="post" action="/login" {
                        input type="hidden" name="return_to" value=(return_to);
                        label for="token" { "Token (dev-NAME)" }
                        input id="token" name="token" type="password" required;
                        button type="submit" { "Sign in" }
                    }
                }
            }
        }
        .into_string(),
    )
}

async fn login(Form(form): Form<HashMap<String, String>>) -> Response {
    let return_to = local_path(form.get("return_to"));
    let Some(token) = form.get("token").filter(|t| subject_of(t).is_some()) else {
        let page = login_page(return_to, Some("That is not a dev-NAME token."));
        return (StatusCode::UNAUTHORIZED, page).into_response();
    };
    let cookie = format!("session={token}; HttpOnly; SameSite=Lax; Path=/");
    ([(header::SET_COOKIE, cookie)], Redirect::to(return_to)).into_response()
}

/// The sign-in's responses, as the pages': kept by no cache, no script, no framing.
async fn strict(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let policy = "default-src 'none'; form-action 'self'; frame-ancestors 'none'";
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    response
}

/// `--name value` from the command line.
fn flag(args: &[String], name: &str) -> Option<String> {
    let at = args.iter().position(|a| a == name)?;
    args.get(at + 1).cloned()
}

async fn serve<S: PageStore + Send + Sync + 'static>(
    store: S,
    args: &[String],
) -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = flag(args, "--port").as_deref().unwrap_or("8000").parse()?;
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let address = listener.local_addr()?;
    let public = flag(args, "--public-url").unwrap_or(format!("http://{address}"));
    let ttl: u64 = flag(args, "--page-ttl")
        .as_deref()
        .unwrap_or("600")
        .parse()?;
    let keys = StateKeys::from_env("MCP_ELICIT_STATE_KEY")?;
    let base = format!("{}/pages", public.trim_end_matches('/'));
    let pages = Pages::new(store, &keys, &base, Session)
        .form::<Connection>()
        .ttl(Duration::from_secs(ttl));
    keys.install()?;
    let kept = Arc::new(Mutex::new(HashMap::new()));
    let handler = pages.clone();
    let service = StreamableHttpService::new(
        move || {
            Ok(Connector {
                pages: handler.clone(),
                keys: Arc::clone(&kept),
            })
        },
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let mcp = Router::new()
        .nest_service("/mcp", service)
        .layer(middleware::from_fn(require_bearer));
    let sign_in = Router::new()
        .route("/login", get(login_form).post(login))
        .layer(middleware::map_response(strict));
    let router = mcp.nest("/pages", pages.router()).merge(sign_in);
    println!("serving http://{address}/mcp");
    axum::serve(listener, router).await?;
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let filter = tracing_subscriber::EnvFilter::from_default_env();
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let args: Vec<String> = std::env::args().collect();
    match flag(&args, "--redis") {
        Some(url) => {
            serve(
                mcp_elicit::page::redis::RedisStore::connect(&url).await?,
                &args,
            )
            .await
        }
        None => serve(MemoryStore::new(10_000), &args).await,
    }
}
