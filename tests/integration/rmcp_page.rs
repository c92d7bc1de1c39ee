//! `Pages::ask` from an rmcp handler on 2025-11-25 and before, against real rmcp clients in
//! process: the URL request carrying the page's id, the call waiting for the page (answered here
//! through the pages' router, as a browser posts it), the completion notification naming it;
//! and the refusals: 2025-06-18, a client without URL mode (no page made), a decline or cancel in
//! the client, a page nobody answers within the wait. (2026-07-28, the Python SDK on both
//! versions, and a real browser: `examples/rmcp/tests/`.)

use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use mcp_elicit::page::serve::Pages;
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::page::{ExposeSecret, SecretString};
use mcp_elicit::rmcp::{Handled, Respond};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, ProtocolVersion,
    ServerCapabilities, ServerConfig, UrlElicitationCapability,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;
use tower::ServiceExt;

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::connect_with;

#[derive(Elicit)]
#[elicit(message = "Connect your account")]
struct Connect {
    label: String,
    #[elicit(min_length = 20)]
    api_key: SecretString,
}

const KEY: &str = "sk-live-0123456789abcdef";

#[derive(Clone)]
struct Server {
    pages: Pages<MemoryStore>,
    wait: Duration,
}

impl Server {
    fn new(wait: Duration) -> Self {
        let keys = StateKeys::random().unwrap();
        // No sign-in here: the test posts the page as anyone could (see page_serve.rs for the
        // identity checks).
        let pages = Pages::without_identity_check_unsafe(MemoryStore::new(8), &keys, "/pages")
            .form::<Connect>();
        Server { pages, wait }
    }

    async fn connect(
        &self,
        req: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let asking = self.pages.ask::<Connect>(None).wait(self.wait);
        let text = match asking.run(cx, req).await? {
            Elicitation::Accepted(c) => format!("{} {}", c.label, c.api_key.expose_secret().len()),
            other => other.action().to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
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
        self.connect(&request, &context).await.respond()
    }
}

fn url_client() -> ClientCapabilities {
    ClientCapabilities::builder()
        .enable_elicitation_with(
            ElicitationCapability::new().with_url(UrlElicitationCapability::new()),
        )
        .build()
}

fn accept() -> Vec<ElicitResult> {
    vec![ElicitResult::new(ElicitationAction::Accept)]
}

/// Posts the page at `url` (a path of the router) with `body` (its CSRF token filled in).
async fn answer_page(pages: &Pages<MemoryStore>, url: &str, body: &str) -> u16 {
    let router = axum::Router::new().nest("/pages", pages.router());
    let page = router
        .clone()
        .oneshot(Request::get(url).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let page = axum::body::to_bytes(page.into_body(), 1 << 20)
        .await
        .unwrap();
    let page = String::from_utf8(page.to_vec()).unwrap();
    let at = page.find(r#"name="csrf" value=""#).unwrap() + 19;
    let csrf = &page[at..at + page[at..].find('"').unwrap()];
    let post = Request::post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(format!("csrf={csrf}&{body}")))
        .unwrap();
    router.oneshot(post).await.unwrap().status().as_u16()
}

#[tokio::test]
async fn the_call_waits_for_the_page_and_tells_the_client_it_is_done() {
    for (body, expected) in [
        (
            format!("f.label=Work&f.api_key={KEY}&action=accept"),
            "Work 24",
        ),
        ("action=decline".to_owned(), "decline"),
    ] {
        let server = Server::new(Duration::from_secs(20));
        let session = connect_with(
            server.clone(),
            ProtocolVersion::V_2025_11_25,
            url_client(),
            accept(),
        )
        .await;
        let seen = session_seen(&session).await;
        let url = seen["url"].as_str().unwrap().to_owned();
        let id = url.strip_prefix("/pages/").unwrap().to_owned();
        assert_eq!(seen["elicitationId"], id.as_str());
        assert_eq!(seen["message"], "Connect your account");
        assert_eq!(answer_page(&server.pages, &url, &body).await, 200);
        let (text, error, seen) = session.call_pending().await;
        assert_eq!((text.as_str(), error), (expected, false));
        let completed = json!({"notification": "notifications/elicitation/complete", "params": {"elicitationId": id}});
        assert_eq!(seen.last(), Some(&completed), "{seen:#?}");
    }
}

/// The first URL request the client is shown, once it is (the call runs meanwhile).
async fn session_seen(session: &scripted_client::Session) -> serde_json::Value {
    session.start_call("connect");
    for _ in 0..200 {
        if let Some(first) = session.seen().first() {
            return first.clone();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no URL request in 2 s");
}

#[tokio::test]
async fn refusals_before_and_without_url_mode_and_a_page_nobody_answers() {
    let cases = [
        (
            ProtocolVersion::V_2025_06_18,
            url_client(),
            accept(),
            "2025-06-18",
        ),
        (
            ProtocolVersion::V_2025_11_25,
            ClientCapabilities::builder().enable_elicitation().build(),
            accept(),
            "did not declare URL elicitation",
        ),
        (
            ProtocolVersion::V_2025_11_25,
            url_client(),
            vec![ElicitResult::new(ElicitationAction::Decline)],
            "decline",
        ),
        (
            ProtocolVersion::V_2025_11_25,
            url_client(),
            vec![ElicitResult::new(ElicitationAction::Cancel)],
            "cancel",
        ),
        (
            ProtocolVersion::V_2025_11_25,
            url_client(),
            accept(),
            "the page was not answered",
        ),
    ];
    for (version, capabilities, answers, expected) in cases {
        let server = Server::new(Duration::from_millis(300));
        let session = connect_with(server, version.clone(), capabilities, answers).await;
        let (text, _, seen) = session.call("connect").await;
        assert!(text.contains(expected), "{version}: {text}");
        if expected != "did not declare URL elicitation" && version != ProtocolVersion::V_2025_06_18
        {
            assert_eq!(seen[0]["mode"], "url");
        } else {
            assert!(seen.is_empty(), "{version}: nothing asked: {seen:?}");
        }
    }
}
