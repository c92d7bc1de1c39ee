//! The client side of 2025-11-25's `-32042` (URL elicitation required): `rmcp::call_tool` shows
//! each page the error names, waits for the server's completion notification by
//! `elicitationId` (not for its limit when the notification comes), and calls again once; and
//! what a server may put in the error (too many pages, a page that is not a web URL, malformed
//! data) is refused with nothing opened.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mcp_elicit::client::{FormToFill, FormUi, UrlToOpen};
use mcp_elicit::rmcp::{
    AskUrl, MAX_URL_ELICITATIONS, UrlCompletions, answer_elicitation, call_tool,
    elicitation_capability, url_completed,
};
use mcp_elicit::{Content, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, CustomNotification, ElicitRequestParams, ElicitResult, ErrorCode, ErrorData,
    Implementation, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, RoleServer, ServiceError};
use rmcp::{ClientHandler, ServerHandler};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::start;

/// A server whose tool fails with `-32042` naming `pages` until they are complete; it announces
/// each page complete 50 ms after the error.
#[derive(Clone)]
struct Server {
    pages: Value,
    calls: Arc<AtomicUsize>,
    announce: bool,
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        _request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.calls.fetch_add(1, Ordering::SeqCst) > 0 {
            let text = ContentBlock::text("connected");
            return Ok(CallToolResult::success(vec![text]).into());
        }
        if self.announce {
            let ids: Vec<String> = self.pages["elicitations"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p["elicitationId"].as_str().map(str::to_owned))
                .collect();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(50)).await;
                for id in ids {
                    let _ = url_completed(&context, &id).await;
                }
            });
        }
        Err(ErrorData::new(
            ErrorCode(-32042),
            "This request requires browser-based authorization.",
            Some(self.pages.clone()),
        ))
    }
}

/// Each page shown: its URL and `elicitationId`.
type Shown = Vec<(String, Option<String>)>;

/// A person who opens every page (or declines them), and what they were shown.
#[derive(Clone, Default)]
struct Person {
    decline: bool,
    pages: Arc<Mutex<Shown>>,
}

impl FormUi for Person {
    async fn fill(&self, _form: FormToFill<'_>) -> Elicitation<Content> {
        Elicitation::Cancelled
    }

    async fn open_url(&self, page: UrlToOpen<'_>) -> Elicitation<Content> {
        let id = page.elicitation_id.map(str::to_owned);
        self.pages.lock().unwrap().push((page.url.to_owned(), id));
        if self.decline {
            Elicitation::Declined
        } else {
            Elicitation::Accepted(Content::new())
        }
    }

    fn opens_urls(&self) -> bool {
        true
    }
}

#[derive(Clone)]
struct Client {
    person: Person,
    completions: UrlCompletions,
    version: ProtocolVersion,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let capabilities = ClientCapabilities::builder()
            .enable_elicitation_with(elicitation_capability(&self.person))
            .build();
        ClientConfig::new(capabilities, Implementation::new("test", "0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        answer_elicitation(&self.person, request).await
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        self.completions.observe(&notification);
    }
}

fn page(url: &str, id: &str) -> Value {
    json!({"mode": "url", "url": url, "message": "Connect your account", "elicitationId": id})
}

/// Calls the tool of a server whose error names `pages`, through `call_tool` with a 10 s limit:
/// what came back, how long it took, the pages the person was shown and how many calls the
/// server had.
async fn run(
    pages: Value,
    announce: bool,
    person: Person,
) -> (Result<CallToolResult, ServiceError>, Duration, Shown, usize) {
    let calls = Arc::new(AtomicUsize::new(0));
    let server = Server {
        pages,
        calls: calls.clone(),
        announce,
    };
    let completions = UrlCompletions::default();
    let client = Client {
        person: person.clone(),
        completions: completions.clone(),
        version: ProtocolVersion::V_2025_11_25,
    };
    let client = start(server, client, ProtocolVersion::V_2025_11_25).await;
    let started = Instant::now();
    let request = CallToolRequestParams::new("connect");
    let limit = Duration::from_secs(10);
    let result = call_tool(&client, &person, &completions, request, limit).await;
    let took = started.elapsed();
    let _ = client.cancel().await;
    let shown = person.pages.lock().unwrap().clone();
    (result, took, shown, calls.load(Ordering::SeqCst))
}

#[tokio::test]
async fn each_page_is_shown_its_completion_awaited_and_the_call_made_again() {
    let pages = json!({"elicitations": [
        page("https://example.com/connect/a1", "a1"),
        page("https://example.com/connect/b2", "b2")
    ]});
    let (result, took, shown, calls) = run(pages, true, Person::default()).await;
    let text = result.expect("the call ends").content[0]
        .as_text()
        .unwrap()
        .text
        .clone();
    assert_eq!(text, "connected");
    assert_eq!(
        shown,
        [
            (
                "https://example.com/connect/a1".to_owned(),
                Some("a1".to_owned())
            ),
            (
                "https://example.com/connect/b2".to_owned(),
                Some("b2".to_owned())
            )
        ]
    );
    assert_eq!(calls, 2);
    // The notifications ended the wait, not the 10 s limit.
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[tokio::test]
async fn a_declined_page_gives_the_error_back_and_calls_no_more() {
    let pages = json!({"elicitations": [page("https://example.com/connect/a1", "a1")]});
    let person = Person {
        decline: true,
        ..Person::default()
    };
    let (result, _, shown, calls) = run(pages, true, person).await;
    let Err(ServiceError::McpError(error)) = result else {
        panic!("the error: {result:?}");
    };
    assert_eq!(error.code.0, -32042);
    assert_eq!((shown.len(), calls), (1, 1));
}

#[tokio::test]
async fn what_a_server_puts_in_the_error_is_judged_before_anything_is_opened() {
    let too_many: Vec<Value> = (0..=MAX_URL_ELICITATIONS)
        .map(|i| page(&format!("https://example.com/{i}"), &format!("id{i}")))
        .collect();
    for pages in [
        json!({"elicitations": too_many}),
        json!({"elicitations": [page("javascript:alert(1)", "x")]}),
        json!({"elicitations": [page("file:///etc/passwd", "x")]}),
        json!({"elicitations": [page("https://example.com/a b", "x")]}),
        json!({"elicitations": [page("https://example.com/<script>", "x")]}),
        json!({"elicitations": [{"mode": "form", "url": "https://example.com", "elicitationId": "x"}]}),
        json!({"elicitations": [{"mode": "url", "url": "https://example.com"}]}),
        json!({"elicitations": []}),
        json!({"elicitations": "https://example.com"}),
        json!("https://example.com"),
    ] {
        let (result, _, shown, calls) = run(pages.clone(), false, Person::default()).await;
        let Err(ServiceError::McpError(error)) = result else {
            panic!("{pages}: the error as sent, not {result:?}");
        };
        assert_eq!(error.code.0, -32042, "{pages}");
        assert_eq!(
            (shown.len(), calls),
            (0, 1),
            "{pages}: nothing opened, no second call"
        );
    }
}

/// A server that asks a page with `AskUrl` (on 2026-07-28 inside an input-required result).
struct PageServer;

impl ServerHandler for PageServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let ask = AskUrl::new(
            "Connect your account",
            "https://example.com/connect/p1",
            "p1",
        );
        let text = match ask.run(&context, &request).await {
            Ok(Elicitation::Accepted(())) => "opened",
            Ok(_) => "not opened",
            Err(stop) => return stop.into(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

#[tokio::test]
async fn a_url_request_inside_an_input_required_result_is_shown_and_answered() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let person = Person::default();
        let completions = UrlCompletions::default();
        let client = Client {
            person: person.clone(),
            completions: completions.clone(),
            version: version.clone(),
        };
        let client = start(PageServer, client, version.clone()).await;
        let request = CallToolRequestParams::new("connect");
        let limit = Duration::from_secs(10);
        let result = call_tool(&client, &person, &completions, request, limit)
            .await
            .expect("the call ends");
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "opened",
            "{version}"
        );
        let shown = person.pages.lock().unwrap().clone();
        assert_eq!(shown.len(), 1, "{version}");
        assert_eq!(shown[0].0, "https://example.com/connect/p1", "{version}");
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn a_completion_that_never_comes_is_waited_for_up_to_the_limit() {
    let completions = UrlCompletions::default();
    let started = Instant::now();
    assert!(!completions.wait("never", Duration::from_millis(100)).await);
    assert!(started.elapsed() >= Duration::from_millis(100));
    // One announced before the wait is not missed.
    let done = CustomNotification::new(
        "notifications/elicitation/complete",
        Some(json!({"elicitationId": "early"})),
    );
    assert!(completions.observe(&done));
    assert!(completions.wait("early", Duration::from_secs(5)).await);
    // Other notifications are not completions.
    let other =
        CustomNotification::new("notifications/message", Some(json!({"elicitationId": "x"})));
    assert!(!completions.observe(&other));
}
