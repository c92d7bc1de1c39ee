//! `Pages::ask` from an rmcp handler on 2025-11-25 and before, against real rmcp clients in
//! process: the URL request carrying the page's id, the call waiting for the page (answered here
//! through the pages' router, as a browser posts it), the completion notification naming it;
//! and the refusals: 2025-06-18 and a client without URL mode (a link, which needs a caller
//! these pages without an identity check have not: no page made), a decline or cancel in
//! the client, a page nobody answers within the wait, a store that fails while the call waits
//! (the wait rides it out); and a page as the last step of a wizard, after a form, on 2025-11-25
//! and 2026-07-28 (`Asking::page`). (2026-07-28 step by step, the
//! Python SDK on both versions, and a real browser: `examples/rmcp/tests/`.)

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use mcp_elicit::page::seal::PageId;
use mcp_elicit::page::serve::Pages;
use mcp_elicit::page::store::{
    Answered, Created, MemoryStore, NewPage, PageStore, StoreError, Stored, Taken,
};
use mcp_elicit::page::{ExposeSecret, SecretString};
use mcp_elicit::rmcp::{Ask, Asking, Handled, Respond};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ClientHandler;
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, FormElicitationCapability,
    ProtocolVersion, ServerCapabilities, ServerConfig, UrlElicitationCapability,
};
use rmcp::model::{ClientConfig, ElicitRequestParams, Implementation};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
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

/// The first step of the wizard: a plain form.
#[derive(Elicit)]
#[elicit(message = "Which service?")]
struct Service {
    name: String,
}

/// The memory store, failing every step while `down` (a Redis away, say).
struct Flaky {
    store: MemoryStore,
    down: Arc<AtomicBool>,
}

impl Flaky {
    fn check(&self) -> Result<(), StoreError> {
        if self.down.load(Ordering::SeqCst) {
            return Err(StoreError::Backend("Redis could not be reached".into()));
        }
        Ok(())
    }
}

impl PageStore for Flaky {
    async fn create(&self, page: NewPage) -> Result<Created, StoreError> {
        self.check()?;
        self.store.create(page).await
    }
    async fn read(&self, id: &PageId) -> Result<Option<Stored>, StoreError> {
        self.check()?;
        self.store.read(id).await
    }
    async fn answer(&self, id: &PageId, answer: Vec<u8>) -> Result<Answered, StoreError> {
        self.check()?;
        self.store.answer(id, answer).await
    }
    async fn take(&self, id: &PageId) -> Result<Taken, StoreError> {
        self.check()?;
        self.store.take(id).await
    }
    async fn close(&self, id: &PageId) -> Result<(), StoreError> {
        self.check()?;
        self.store.close(id).await
    }
}

#[derive(Clone)]
struct Server {
    pages: Pages<Flaky>,
    wait: Duration,
    down: Arc<AtomicBool>,
}

impl Server {
    fn new(wait: Duration) -> Self {
        let keys = StateKeys::random().unwrap();
        let down = Arc::new(AtomicBool::new(false));
        let store = Flaky {
            store: MemoryStore::new(8),
            down: Arc::clone(&down),
        };
        // No sign-in here: the test posts the page as anyone could (see page_serve.rs for the
        // identity checks).
        let pages = Pages::without_identity_check_unsafe(store, &keys, "/pages").form::<Connect>();
        Server { pages, wait, down }
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

impl Server {
    /// A form, then the page, in one call.
    async fn wizard(
        &self,
        req: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let mut asking = Asking::new(cx, req)?;
        let service = asking.ask(&Ask::<Service>::new().key("service")).await?;
        let Elicitation::Accepted(service) = service else {
            return Ok(CallToolResult::success(vec![ContentBlock::text(
                "no service",
            )]));
        };
        let text = match asking
            .page(&self.pages.ask::<Connect>(None).key("key"))
            .await?
        {
            Elicitation::Accepted(c) => format!(
                "{}: {} {}",
                service.name,
                c.label,
                c.api_key.expose_secret().len()
            ),
            other => other.action().to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }
}

impl Server {
    /// The page, then a form: a mistake on 2026-07-28, told as one.
    async fn page_first(
        &self,
        req: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let mut asking = Asking::new(cx, req)?;
        let page = asking
            .page(&self.pages.ask::<Connect>(None).key("key"))
            .await?;
        let Elicitation::Accepted(connect) = page else {
            return Ok(CallToolResult::success(vec![ContentBlock::text("no key")]));
        };
        let service = asking.ask(&Ask::<Service>::new().key("service")).await?;
        let name = match service {
            Elicitation::Accepted(service) => service.name,
            _ => "none".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "{name}: {}",
            connect.label
        ))]))
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
        match request.name.as_ref() {
            "wizard" => self.wizard(&request, &context).await.respond(),
            "page_first" => self.page_first(&request, &context).await.respond(),
            _ => self.connect(&request, &context).await.respond(),
        }
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

/// A 2025-11-25 client with URL mode, accepting the URL request, connected to `server`.
async fn url_session(server: &Server) -> scripted_client::Session {
    connect_with(
        server.clone(),
        ProtocolVersion::V_2025_11_25,
        url_client(),
        accept(),
    )
    .await
}

/// Posts the page at `url` (a path of the router) with `body` (its CSRF token filled in).
async fn answer_page(pages: &Pages<Flaky>, url: &str, body: &str) -> u16 {
    let router = axum::Router::new().nest("/pages", pages.router());
    let (_, page) = page_now(pages, url).await;
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
        let session = url_session(&server).await;
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

#[tokio::test]
async fn the_wait_rides_out_a_store_that_fails_for_a_while() {
    // The store fails while the call waits (Redis restarting, say): the call waits on, and
    // takes the answer once the store is back and the person has answered.
    let server = Server::new(Duration::from_secs(20));
    let session = url_session(&server).await;
    let url = session_seen(&session).await["url"]
        .as_str()
        .unwrap()
        .to_owned();
    server.down.store(true, Ordering::SeqCst);
    // The page cannot be reached meanwhile: 503, "Try again".
    let (status, page) = page_now(&server.pages, &url).await;
    assert_eq!(status, 503);
    assert!(page.contains("Try again in a moment."), "{page}");
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    server.down.store(false, Ordering::SeqCst);
    let body = format!("f.label=Work&f.api_key={KEY}&action=accept");
    assert_eq!(answer_page(&server.pages, &url, &body).await, 200);
    let (text, error, _) = session.call_pending().await;
    assert_eq!((text.as_str(), error), ("Work 24", false));

    // Still failing when the wait is over: the call ends with the store's error, not with "not
    // answered"; the client is told what to do, not the store's detail (the server's log has
    // it).
    let server = Server::new(Duration::from_secs(1));
    let session = url_session(&server).await;
    session_seen(&session).await;
    server.down.store(true, Ordering::SeqCst);
    let (text, error, _) = session.call_pending().await;
    assert_eq!(
        (text.as_str(), error),
        (
            "the server could not reach its page store just now: try again in a moment",
            true
        )
    );
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

/// Without URL mode (2025-06-18 has none) a page is reached through a link in the result, which
/// pages made without an identity check (no caller) cannot give: refused, nothing made.
const NO_CALLER: &str = "the server cannot bind a page to the caller";

#[tokio::test]
async fn refusals_before_and_without_url_mode_and_a_page_nobody_answers() {
    let cases = [
        (
            ProtocolVersion::V_2025_06_18,
            url_client(),
            accept(),
            NO_CALLER,
        ),
        (
            ProtocolVersion::V_2025_11_25,
            ClientCapabilities::builder().enable_elicitation().build(),
            accept(),
            NO_CALLER,
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
        if expected == NO_CALLER {
            assert!(seen.is_empty(), "{version}: nothing asked: {seen:?}");
        } else {
            assert_eq!(seen[0]["mode"], "url");
        }
    }
}

/// A person at a client: the form answered from the client, the page's URL opened and answered
/// (through the pages' router) before saying "accept".
#[derive(Clone)]
struct Person {
    version: ProtocolVersion,
    pages: Pages<Flaky>,
    urls: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Person {
    fn get_info(&self) -> ClientConfig {
        let capabilities = ClientCapabilities::builder()
            .enable_elicitation_with(
                ElicitationCapability::new()
                    .with_form(FormElicitationCapability::default())
                    .with_url(UrlElicitationCapability::new()),
            )
            .build();
        ClientConfig::new(capabilities, Implementation::new("person", "0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let request = serde_json::to_value(&request).unwrap();
        if request["mode"] == "url" {
            let url = request["url"].as_str().unwrap().to_owned();
            self.urls.lock().unwrap().push(url.clone());
            let status = answer_page(
                &self.pages,
                &url,
                &format!("f.label=Home&f.api_key={KEY}&action=accept"),
            )
            .await;
            assert_eq!(status, 200);
            return Ok(ElicitResult::new(ElicitationAction::Accept));
        }
        assert_eq!(request["message"], "Which service?");
        self.urls.lock().unwrap().push("the form".to_owned());
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"name": "weather"})))
    }
}

/// Calls `tool` as a [`Person`] on `version`: the result, and what the person was asked, in order.
async fn as_a_person(
    version: ProtocolVersion,
    tool: &'static str,
) -> (CallToolResult, Vec<String>) {
    let server = Server::new(Duration::from_secs(20));
    let person = Person {
        version: version.clone(),
        pages: server.pages.clone(),
        urls: Arc::default(),
    };
    let urls = person.urls.clone();
    let client = scripted_client::start(server, person, version).await;
    let result = client
        .call_tool(CallToolRequestParams::new(tool))
        .await
        .unwrap();
    let _ = client.cancel().await;
    let asked = urls.lock().unwrap().clone();
    (result, asked)
}

#[tokio::test]
async fn a_page_as_the_last_step_of_a_wizard() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let (result, urls) = as_a_person(version.clone(), "wizard").await;
        let text = result.content[0].as_text().unwrap().text.clone();
        assert_eq!(text, "weather: Home 24", "{version}");
        // The form once, then one page, opened once: on 2026-07-28 the form's answer travelled in
        // the state, and was not asked again.
        assert_eq!(urls.len(), 2, "{version}: {urls:?}");
        assert_eq!(urls[0], "the form");
        assert!(urls[1].starts_with("/pages/"), "{urls:?}");
    }
}

#[tokio::test]
async fn a_page_before_another_step_is_told_to_come_last() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let (result, _) = as_a_person(version.clone(), "page_first").await;
        let text = result.content[0].as_text().unwrap().text.clone();
        if version == ProtocolVersion::V_2025_11_25 {
            // Requests, not rounds: any order works.
            assert_eq!(text, "weather: Home");
        } else {
            assert_eq!(result.is_error, Some(true));
            assert_eq!(
                text,
                "the page `key` was asked before another step of the same call, and its answer, taken once and never kept in the state, is gone: ask the page as the call's last step"
            );
        }
    }
}

/// 2026-07-28: the retry that took the page's answer, sent again seconds later, is refused as a
/// state used already (its answer was taken), not as one expired.
#[tokio::test]
async fn a_retry_whose_page_answer_was_taken_is_refused_as_used() {
    let server = Server::new(Duration::from_secs(20));
    let (version, client) = (ProtocolVersion::V_2026_07_28, url_client());
    let session = connect_with(server.clone(), version, client, vec![]).await;
    let form = session
        .input_required(CallToolRequestParams::new("connect"))
        .await;
    let requests = serde_json::to_value(&form.input_requests).unwrap();
    let url = requests["form"]["params"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = format!("f.label=Work&f.api_key={KEY}&action=accept");
    assert_eq!(answer_page(&server.pages, &url, &body).await, 200);
    let accepted: rmcp::model::InputResponses = [("form".to_owned(), json!({"action": "accept"}))]
        .into_iter()
        .collect();
    let retry = CallToolRequestParams::new("connect")
        .with_request_state(form.request_state.expect("a sealed state"))
        .with_input_responses(accepted);
    let done = session.client.call_tool_once(retry.clone()).await.unwrap();
    let CallToolResponse::Complete(done) = done else {
        panic!("the answer, got {done:?}")
    };
    assert_eq!(done.content[0].as_text().unwrap().text, "Work 24");
    let Err(rmcp::service::ServiceError::McpError(replayed)) =
        session.client.call_tool_once(retry).await
    else {
        panic!("a JSON-RPC error")
    };
    assert_eq!(
        (replayed.code.0, replayed.message.as_ref()),
        (
            -32602,
            "the `requestState` is refused: its answers were used already; call again without `inputResponses` and `requestState` to start over"
        )
    );
}

/// A client that shows the URL and never answers (it is gone, or hostile), or that declines.
#[derive(Clone)]
struct Silent {
    decline: bool,
    urls: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Silent {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(url_client(), Implementation::new("silent", "0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let request = serde_json::to_value(&request).unwrap();
        self.urls
            .lock()
            .unwrap()
            .push(request["url"].as_str().unwrap().to_owned());
        if self.decline {
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        }
        std::future::pending().await
    }
}

/// What the page at `url` says now: its status and text.
async fn page_now(pages: &Pages<Flaky>, url: &str) -> (u16, String) {
    let router = axum::Router::new().nest("/pages", pages.router());
    let page = router
        .oneshot(Request::get(url).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = page.status().as_u16();
    let body = axum::body::to_bytes(page.into_body(), 1 << 20)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn a_client_that_never_answers_or_declines_holds_nothing_and_the_page_is_closed() {
    for decline in [false, true] {
        let server = Server::new(Duration::from_millis(400));
        let silent = Silent {
            decline,
            urls: Arc::default(),
        };
        let urls = silent.urls.clone();
        let client =
            scripted_client::start(server.clone(), silent, ProtocolVersion::V_2025_11_25).await;
        let started = std::time::Instant::now();
        let call = client.call_tool(CallToolRequestParams::new("connect"));
        let result = tokio::time::timeout(Duration::from_secs(10), call)
            .await
            .expect("the call ends though the client never answers")
            .unwrap();
        let text = result.content[0].as_text().unwrap().text.clone();
        if decline {
            assert_eq!(text, "decline");
        } else {
            // Bounded by the wait, though the client never answered the URL request.
            assert_eq!(result.is_error, Some(true));
            assert!(text.starts_with("the page was not answered"), "{text}");
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "{:?}",
                started.elapsed()
            );
        }
        // The person who opens the page now is told it was closed, not asked for a secret.
        let url = urls.lock().unwrap()[0].clone();
        let (status, page) = page_now(&server.pages, &url).await;
        assert_eq!(status, 410, "{decline}: {page}");
        assert!(page.contains("This page was closed"), "{page}");
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn a_call_cancelled_while_the_client_holds_the_url_request_ends_and_closes_its_page() {
    use rmcp::model::{ClientRequest, Request as McpRequest};
    use rmcp::service::PeerRequestOptions;
    // The server would wait a minute: the cancellation ends the wait at once.
    let server = Server::new(Duration::from_mins(1));
    let silent = Silent {
        decline: false,
        urls: Arc::default(),
    };
    let urls = silent.urls.clone();
    let client =
        scripted_client::start(server.clone(), silent, ProtocolVersion::V_2025_11_25).await;
    let call =
        ClientRequest::CallToolRequest(McpRequest::new(CallToolRequestParams::new("connect")));
    let handle = client
        .peer()
        .send_request_with_option(call, PeerRequestOptions::no_options())
        .await
        .unwrap();
    let mut url = None;
    for _ in 0..200 {
        url = urls.lock().unwrap().first().cloned();
        if url.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let url = url.expect("the URL request");
    assert_eq!(page_now(&server.pages, &url).await.0, 200);
    handle
        .cancel(Some("the person gave up".into()))
        .await
        .unwrap();
    let mut closed = false;
    for _ in 0..300 {
        let (status, page) = page_now(&server.pages, &url).await;
        if status == 410 && page.contains("This page was closed") {
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(closed, "the page of a cancelled call is closed within 3 s");
    let _ = client.cancel().await;
}
