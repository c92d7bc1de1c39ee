//! `Reach`: every form reaches the person whatever their client declares, against real rmcp
//! clients in process, on 2025-11-25 and 2026-07-28. A client with forms gets the form; one with
//! URL mode only gets the same form as a page; one with neither gets a link in the call's result,
//! and the same call made again completes with the answer given on the page (answered here
//! through the pages' router, as a signed-in browser posts it), once; a client that declares
//! forms and never answers gets the link when the wait is over. And the hostile twins: another
//! user at the link, the same call with other arguments, a used link, an unknown caller, a secret
//! under a client with forms only.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use mcp_elicit::page::SecretString;
use mcp_elicit::page::serve::{Identity, Pages, Parts};
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::rmcp::{Caller, Forms, Handled, Reach, Respond, Rung, ask, ask_arguments};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationCapability, ErrorData,
    FormElicitationCapability, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
    PromptMessage, ProtocolVersion, Role, ServerCapabilities, ServerConfig,
    UrlElicitationCapability,
};
use rmcp::model::{ClientConfig, Implementation};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler};
use serde_json::{Value, json};
use tower::ServiceExt;

#[path = "support/scripted_client.rs"]
mod scripted_client;

#[derive(Elicit)]
#[elicit(message = "Please provide your name")]
struct Name {
    #[elicit(min_length = 2)]
    name: String,
}

#[derive(Elicit)]
#[elicit(message = "Which table?")]
struct Booking {
    #[elicit(format = "date")]
    date: String,
    #[elicit(minimum = 1, maximum = 12)]
    party: u8,
}

#[derive(Elicit)]
#[elicit(message = "Connect your account")]
struct Key {
    #[elicit(min_length = 20)]
    api_key: SecretString,
}

#[derive(Elicit)]
#[elicit(message = "Where to?")]
struct Trip {
    destination: String,
}

const KEY: &str = "sk-live-0123456789abcdef";

/// The browser's user: the header `x-user` stands for the application's sign-in.
struct Header;

impl Identity for Header {
    fn subject(&self, request: &Parts) -> Option<String> {
        let user = request.headers.get("x-user")?.to_str().ok()?;
        Some(user.to_owned())
    }
}

#[derive(Clone)]
struct Server {
    pages: Pages<MemoryStore>,
}

impl Server {
    async fn greet(
        &self,
        request: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let greeting = request
            .arguments
            .as_ref()
            .and_then(|a| a.get("greeting"))
            .and_then(Value::as_str)
            .unwrap_or("Hello");
        let name = match ask::<Name>(cx, request).await? {
            Elicitation::Accepted(name) => name.name,
            _ => "Guest".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "{greeting} {name}!"
        ))]))
    }

    async fn book(
        &self,
        request: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let text = match ask_arguments::<Booking>(cx, request).await? {
            Elicitation::Accepted(b) => format!("Booked for {} on {}.", b.party, b.date),
            _ => "Nothing was booked.".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }

    /// A wizard: the name, then the destination, each under its own key.
    async fn wizard(
        &self,
        request: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let mut asking = mcp_elicit::rmcp::Asking::new(cx, request)?;
        let Elicitation::Accepted(name) = asking
            .ask(&mcp_elicit::rmcp::Ask::<Name>::new().key("name"))
            .await?
        else {
            return Ok(CallToolResult::success(vec![ContentBlock::text("nobody")]));
        };
        let Elicitation::Accepted(trip) = asking
            .ask(&mcp_elicit::rmcp::Ask::<Trip>::new().key("trip"))
            .await?
        else {
            return Ok(CallToolResult::success(vec![ContentBlock::text("nowhere")]));
        };
        let text = format!("{} goes to {}.", name.name, trip.destination);
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }

    async fn secret(
        &self,
        request: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        let user = cx.extensions.get::<Caller>().map(|c| c.as_str().to_owned());
        let text = match self
            .pages
            .ask::<Key>(user.as_deref())
            .run(cx, request)
            .await?
        {
            Elicitation::Accepted(key) => {
                use mcp_elicit::page::ExposeSecret;
                format!(
                    "Connected ({} characters)",
                    key.api_key.expose_secret().len()
                )
            }
            _ => "Nothing was connected.".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .build(),
        )
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match request.name.as_ref() {
            "book" => self.book(&request, &context).await.respond_to(&context),
            "secret" => self.secret(&request, &context).await.respond_to(&context),
            "wizard" => self.wizard(&request, &context).await.respond_to(&context),
            _ => self.greet(&request, &context).await.respond_to(&context),
        }
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let trip: Handled<GetPromptResult> = async {
            let text = match ask::<Trip>(&context, &request).await? {
                Elicitation::Accepted(trip) => format!("Plan a trip to {}.", trip.destination),
                _ => "Plan a trip.".to_owned(),
            };
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(
                Role::User,
                text,
            )]))
        }
        .await;
        trip.respond_to(&context)
    }
}

/// The signed-in user of the calls, as the application found them (`None`: nobody).
type User = Arc<Mutex<Option<String>>>;

/// The server, served with a reach (pages, the caller from `user`, a wait of `wait`); its pages.
fn served(user: &User, wait: Duration) -> (Forms<Server>, Pages<MemoryStore>) {
    let keys = StateKeys::random().unwrap();
    let pages = Pages::new(MemoryStore::new(64), &keys, "/pages", Header)
        .form::<Name>()
        .form::<Booking>()
        .form::<Key>()
        .form::<Trip>();
    let user = Arc::clone(user);
    let reach = Reach::new()
        .pages(pages.clone())
        .caller(move |_| user.lock().unwrap().clone())
        .wait(wait);
    let server = Forms::new(Server {
        pages: pages.clone(),
    })
    .reach(reach);
    (server, pages)
}

fn ada() -> User {
    Arc::new(Mutex::new(Some("ada".to_owned())))
}

/// What the client declares.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Profile {
    Both,
    Form,
    Url,
    None,
}

fn capabilities(profile: Profile) -> ClientCapabilities {
    let elicitation = match profile {
        Profile::None => return ClientCapabilities::default(),
        Profile::Both => ElicitationCapability::new()
            .with_form(FormElicitationCapability::default())
            .with_url(UrlElicitationCapability::new()),
        Profile::Form => {
            ElicitationCapability::new().with_form(FormElicitationCapability::default())
        }
        Profile::Url => ElicitationCapability::new().with_url(UrlElicitationCapability::new()),
    };
    ClientCapabilities::builder()
        .enable_elicitation_with(elicitation)
        .build()
}

const VERSIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28];

/// A person at a client of `profile`: a form answered from `form`; a page's URL opened and
/// answered with `page` (through the pages' router, as `user`) before saying "accept". Every
/// request is recorded.
#[derive(Clone)]
struct Person {
    version: ProtocolVersion,
    profile: Profile,
    pages: Pages<MemoryStore>,
    form: Value,
    page: String,
    seen: Arc<Mutex<Vec<Value>>>,
}

impl ClientHandler for Person {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            capabilities(self.profile),
            Implementation::new("person", "0"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let request = serde_json::to_value(&request).unwrap();
        self.seen.lock().unwrap().push(request.clone());
        if request["mode"] == "url" {
            let url = request["url"].as_str().unwrap();
            assert_eq!(answer(&self.pages, url, "ada", &self.page).await, 200);
            return Ok(ElicitResult::new(ElicitationAction::Accept));
        }
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(self.form.clone()))
    }
}

/// Posts the page at `url` as `user` with `body` (its CSRF token filled in): the status.
async fn answer(pages: &Pages<MemoryStore>, url: &str, user: &str, body: &str) -> u16 {
    let router = axum::Router::new().nest("/pages", pages.router());
    let (status, page) = open(pages, url, user).await;
    let Some(at) = page.find(r#"name="csrf" value=""#) else {
        return status;
    };
    let at = at + 19;
    let csrf = &page[at..at + page[at..].find('"').unwrap()];
    let post = Request::post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("x-user", user)
        .body(Body::from(format!("csrf={csrf}&{body}")))
        .unwrap();
    router.oneshot(post).await.unwrap().status().as_u16()
}

/// The page at `url` as `user` sees it.
async fn open(pages: &Pages<MemoryStore>, url: &str, user: &str) -> (u16, String) {
    let router = axum::Router::new().nest("/pages", pages.router());
    let get = Request::get(url)
        .header("x-user", user)
        .body(Body::empty())
        .unwrap();
    let page = router.oneshot(get).await.unwrap();
    let status = page.status().as_u16();
    let body = axum::body::to_bytes(page.into_body(), 1 << 20)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// Calls `tool` with `arguments` once, as a person at a client of `profile` on `version`: the
/// result's text, whether it is an error, and what the client was asked.
async fn call(
    server: &Forms<Server>,
    pages: &Pages<MemoryStore>,
    version: &ProtocolVersion,
    profile: Profile,
    tool: &'static str,
    arguments: Value,
) -> (String, bool, Vec<Value>) {
    let person = Person {
        version: version.clone(),
        profile,
        pages: pages.clone(),
        form: json!({"name": "Ada", "date": "2026-12-24", "party": 2, "destination": "Lisbon"}),
        page: format!(
            "f.name=Ada&f.date=2026-12-24&f.party=2&f.destination=Lisbon&f.api_key={KEY}&action=accept"
        ),
        seen: Arc::default(),
    };
    let seen = Arc::clone(&person.seen);
    let client = scripted_client::start(server.clone(), person, version.clone()).await;
    let mut params = CallToolRequestParams::new(tool);
    if let Value::Object(arguments) = arguments {
        params = params.with_arguments(arguments);
    }
    let result = client.call_tool(params).await.expect("the tool answers");
    let _ = client.cancel().await;
    let text = result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default();
    let seen = seen.lock().unwrap().clone();
    (text, result.is_error == Some(true), seen)
}

/// The link a link result gives: its line that starts with `/pages/`.
fn link_of(text: &str) -> String {
    text.lines()
        .find(|line| line.starts_with("/pages/"))
        .unwrap_or_else(|| panic!("a link in {text:?}"))
        .to_owned()
}

#[tokio::test]
async fn each_profile_reaches_the_person_and_completes_with_their_answer() {
    for version in &VERSIONS {
        for profile in [Profile::Both, Profile::Form, Profile::Url] {
            let user = ada();
            let (server, pages) = served(&user, Duration::from_secs(20));
            let cell = format!("{version} {profile:?}");
            let (text, error, seen) = call(
                &server,
                &pages,
                version,
                profile,
                "greet",
                json!({"greeting": "Hello"}),
            )
            .await;
            assert_eq!(
                (text.as_str(), error),
                ("Hello Ada!", false),
                "{cell}: {seen:?}"
            );
            let mode = if profile == Profile::Url {
                "url"
            } else {
                "form"
            };
            assert_eq!(seen.len(), 1, "{cell}: {seen:?}");
            assert_eq!(
                seen[0]
                    .get("mode")
                    .and_then(Value::as_str)
                    .unwrap_or("form"),
                mode,
                "{cell}"
            );

            // The arguments the model left out, the same way.
            let (text, error, _) = call(&server, &pages, version, profile, "book", json!({})).await;
            assert_eq!(
                (text.as_str(), error),
                ("Booked for 2 on 2026-12-24.", false),
                "{cell}"
            );
        }
    }
}

#[tokio::test]
async fn a_client_with_neither_gets_a_link_and_the_same_call_again_completes_once() {
    for version in &VERSIONS {
        let user = ada();
        let (server, pages) = served(&user, Duration::from_secs(20));
        let greet = |greeting: &'static str| {
            let (server, pages) = (server.clone(), pages.clone());
            async move {
                call(
                    &server,
                    &pages,
                    version,
                    Profile::None,
                    "greet",
                    json!({"greeting": greeting}),
                )
                .await
            }
        };
        let (text, error, seen) = greet("Hello").await;
        assert!(
            !error,
            "{version}: a link is a result, not an error: {text}"
        );
        assert!(seen.is_empty(), "{version}: the client was asked nothing");
        let link = link_of(&text);
        assert_eq!(
            text,
            format!(
                "Please provide your name\n\nThis person's client cannot show this form, so they answer it on a page of this server's. Ask them to open the link below, sign in if asked, and answer there. Nothing has been done yet.\n\n{link}\n\nOnce they have answered, make this same call again, with the same arguments: it goes on with their answer. Until then, calling again gives this same link."
            )
        );
        // Made again before the person answered: the same link.
        assert_eq!(link_of(&greet("Hello").await.0), link, "{version}");
        // Another user cannot answer it (nor see it).
        assert_eq!(
            answer(&pages, &link, "bob", "f.name=Bob&action=accept").await,
            403,
            "{version}"
        );
        // The same call with other arguments is another call: another link.
        let other = link_of(&greet("Hi").await.0);
        assert_ne!(other, link, "{version}");
        // The person answers; the same call made again completes with the answer, once.
        assert_eq!(
            answer(&pages, &link, "ada", "f.name=Ada&action=accept").await,
            200
        );
        assert_eq!(
            greet("Hello").await,
            ("Hello Ada!".to_owned(), false, vec![]),
            "{version}"
        );
        // The answer was used: the same call asks again, on a new page; the old one is over.
        let again = link_of(&greet("Hello").await.0);
        assert_ne!(again, link, "{version}");
        assert_eq!(
            answer(&pages, &link, "ada", "f.name=Eve&action=accept").await,
            410,
            "{version}"
        );
        // A decline on the page is the handler's decline, not an answer made up.
        assert_eq!(answer(&pages, &again, "ada", "action=decline").await, 200);
        assert_eq!(greet("Hello").await.0, "Hello Guest!", "{version}");
    }
}

#[tokio::test]
async fn the_arguments_a_prompt_and_a_secret_take_the_link_too() {
    for version in &VERSIONS {
        let user = ada();
        let (server, pages) = served(&user, Duration::from_secs(20));
        let (text, error, _) = call(
            &server,
            &pages,
            version,
            Profile::None,
            "book",
            json!({"party": 2}),
        )
        .await;
        assert!(!error, "{text}");
        let link = link_of(&text);
        // The page opens with the arguments the model gave.
        let (status, page) = open(&pages, &link, "ada").await;
        assert_eq!(status, 200);
        assert!(page.contains(r#"value="2""#), "{page}");
        assert_eq!(
            answer(
                &pages,
                &link,
                "ada",
                "f.date=2026-12-24&f.party=3&action=accept"
            )
            .await,
            200
        );
        let (text, _, _) = call(
            &server,
            &pages,
            version,
            Profile::None,
            "book",
            json!({"party": 2}),
        )
        .await;
        assert_eq!(text, "Booked for 3 on 2026-12-24.", "{version}");

        // A secret never goes to a form: a client with forms only gets the link.
        let (text, error, seen) =
            call(&server, &pages, version, Profile::Form, "secret", json!({})).await;
        assert!(!error && seen.is_empty(), "{version}: {text} {seen:?}");
        let link = link_of(&text);
        assert!(text.starts_with("Connect your account\n\n"), "{text}");
        assert_eq!(
            answer(
                &pages,
                &link,
                "ada",
                &format!("f.api_key={KEY}&action=accept")
            )
            .await,
            200
        );
        let (text, _, _) = call(&server, &pages, version, Profile::Form, "secret", json!({})).await;
        assert_eq!(text, "Connected (24 characters)", "{version}");
    }
}

#[tokio::test]
async fn a_wizard_through_links_asks_each_step_once() {
    for version in &VERSIONS {
        let user = ada();
        let (server, pages) = served(&user, Duration::from_secs(20));
        let wizard = || call(&server, &pages, version, Profile::None, "wizard", json!({}));
        let (text, _, _) = wizard().await;
        assert!(
            text.starts_with("Please provide your name\n\n"),
            "{version}: {text}"
        );
        assert_eq!(
            answer(&pages, &link_of(&text), "ada", "f.name=Ada&action=accept").await,
            200
        );
        // The name answered: the next step's link, the name kept for the call.
        let (text, _, _) = wizard().await;
        assert!(text.starts_with("Where to?\n\n"), "{version}: {text}");
        let trip = link_of(&text);
        // Made again before the person answered the second step: the same link, the name kept.
        assert_eq!(link_of(&wizard().await.0), trip, "{version}");
        assert_eq!(
            answer(&pages, &trip, "ada", "f.destination=Lisbon&action=accept").await,
            200
        );
        assert_eq!(wizard().await.0, "Ada goes to Lisbon.", "{version}");
        // Both answers used: the wizard starts over.
        assert!(
            wizard().await.0.starts_with("Please provide your name\n\n"),
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_prompt_ends_with_the_link_as_its_message() {
    for version in &VERSIONS {
        let user = ada();
        let (server, pages) = served(&user, Duration::from_secs(20));
        let person = Person {
            version: version.clone(),
            profile: Profile::None,
            pages: pages.clone(),
            form: json!({}),
            page: String::new(),
            seen: Arc::default(),
        };
        let client = scripted_client::start(server.clone(), person, version.clone()).await;
        let prompt = |client: &rmcp::service::RunningService<RoleClient, Person>| {
            let peer = client.peer().clone();
            async move {
                let result = peer
                    .get_prompt(GetPromptRequestParams::new("trip"))
                    .await
                    .unwrap();
                let text = serde_json::to_value(&result.messages[0].content).unwrap();
                text["text"].as_str().unwrap().to_owned()
            }
        };
        let text = prompt(&client).await;
        assert!(text.starts_with("Where to?\n\n"), "{version}: {text}");
        let link = link_of(&text);
        assert_eq!(
            answer(&pages, &link, "ada", "f.destination=Lisbon&action=accept").await,
            200
        );
        assert_eq!(prompt(&client).await, "Plan a trip to Lisbon.", "{version}");
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn an_unknown_caller_is_refused_and_no_reach_is_as_before() {
    for version in &VERSIONS {
        let nobody: User = Arc::new(Mutex::new(None));
        let (server, pages) = served(&nobody, Duration::from_secs(20));
        let (text, error, seen) = call(
            &server,
            &pages,
            version,
            Profile::None,
            "greet",
            json!({"greeting": "Hello"}),
        )
        .await;
        assert!(error && seen.is_empty(), "{version}: {text}");
        assert!(
            text.contains("the server cannot bind a page to the caller"),
            "{version}: {text}"
        );

        // A server without a reach tells a client without forms what it always did: a tool
        // error on 2025-11-25, -32021 on 2026-07-28.
        let unreached = Forms::new(Server {
            pages: pages.clone(),
        });
        let person = Person {
            version: version.clone(),
            profile: Profile::None,
            pages: pages.clone(),
            form: json!({}),
            page: String::new(),
            seen: Arc::default(),
        };
        let client = scripted_client::start(unreached, person, version.clone()).await;
        let said = match client.call_tool(CallToolRequestParams::new("greet")).await {
            Ok(result) => {
                assert_eq!(result.is_error, Some(true), "{version}");
                result.content[0].as_text().unwrap().text.clone()
            }
            Err(rmcp::ServiceError::McpError(error)) => {
                assert_eq!(error.code.0, -32021, "{version}");
                error.message.to_string()
            }
            Err(other) => panic!("{version}: {other}"),
        };
        assert!(
            said.contains("did not declare form elicitation"),
            "{version}: {said}"
        );
        let _ = client.cancel().await;
    }
}

/// A client that declares forms and never answers one (a request it drops without a word).
#[derive(Clone)]
struct Silent {
    version: ProtocolVersion,
}

impl ClientHandler for Silent {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            capabilities(Profile::Form),
            Implementation::new("silent", "0"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        std::future::pending().await
    }
}

#[tokio::test]
async fn a_client_that_never_answers_a_form_gets_the_link_when_the_wait_is_over() {
    let version = ProtocolVersion::V_2025_11_25;
    let user = ada();
    let (server, pages) = served(&user, Duration::from_secs(1));
    let silent = || {
        scripted_client::start(
            server.clone(),
            Silent {
                version: version.clone(),
            },
            version.clone(),
        )
    };
    let client = silent().await;
    let started = std::time::Instant::now();
    let params = CallToolRequestParams::new("greet");
    let result = client.call_tool(params.clone()).await.unwrap();
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(1) && waited < Duration::from_secs(10),
        "{waited:?}"
    );
    let text = result.content[0].as_text().unwrap().text.clone();
    assert_ne!(result.is_error, Some(true), "{text}");
    let link = link_of(&text);
    assert_eq!(
        answer(&pages, &link, "ada", "f.name=Ada&action=accept").await,
        200
    );
    // The same call made again completes with the page's answer at once: the form is not sent
    // again to a client that did not answer it.
    let started = std::time::Instant::now();
    let result = client.call_tool(params.clone()).await.unwrap();
    assert_eq!(result.content[0].as_text().unwrap().text, "Hello Ada!");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    // Used: made again, the form is sent again (and, not answered, gives a new link).
    let result = client.call_tool(params).await.unwrap();
    assert_ne!(link_of(&result.content[0].as_text().unwrap().text), link);
    let _ = client.cancel().await;
}

#[test]
fn rung_names() {
    assert_eq!(Rung::Link.to_string(), "link");
}
