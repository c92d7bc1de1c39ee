//! `mcp_elicit::testing` when the script and the server do not agree: a script out of steps, one
//! with steps left over, an answer no form or page can take, a server that asks forever, one that
//! never ends, a page with no browser. Each ends the call with a `TestError` that says which form
//! or page and what was missing, on 2025-11-25 and 2026-07-28, within its time limit.

use std::time::{Duration, Instant};

use mcp_elicit::page::serve::{Identity, Pages, Parts};
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::rmcp::{Ask, Asking, Caller, Forms, Handled, Respond, ask};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::testing::{Browser, Person, Profile, Session, TestClient, TestError, VERSIONS};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;

#[derive(Elicit)]
#[elicit(message = "Please provide your name")]
struct Name {
    #[elicit(min_length = 2)]
    name: String,
}

/// A hand-written server: `greet` asks a name, `quiet` asks nothing, `forever` asks one form
/// after another whatever the answers, `stuck` never ends, `secret` asks on a page.
#[derive(Clone)]
struct Server {
    pages: Pages<MemoryStore>,
}

struct Header;

impl Identity for Header {
    fn subject(&self, request: &Parts) -> Option<String> {
        Some(request.headers.get("x-user")?.to_str().ok()?.to_owned())
    }
}

fn text(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

impl Server {
    async fn handle(
        &self,
        request: &CallToolRequestParams,
        cx: &RequestContext<RoleServer>,
    ) -> Handled {
        match request.name.as_ref() {
            "greet" => match ask::<Name>(cx, request).await? {
                Elicitation::Accepted(name) => Ok(text(format!("Hello {}!", name.name))),
                _ => Ok(text("Hello stranger!".to_owned())),
            },
            "forever" => {
                let mut asking = Asking::new(cx, request)?;
                for round in 0.. {
                    let _ = asking
                        .ask(&Ask::<Name>::new().key(format!("n{round}")))
                        .await?;
                }
                Ok(text("never".to_owned()))
            }
            "stuck" => {
                std::future::pending::<()>().await;
                Ok(text("never".to_owned()))
            }
            "secret" => {
                let user = cx.extensions.get::<Caller>().map(|c| c.as_str().to_owned());
                let user = user.unwrap_or_else(|| "ada".to_owned());
                match self.pages.ask::<Name>(Some(&user)).run(cx, request).await? {
                    Elicitation::Accepted(name) => Ok(text(format!("Secret {}", name.name))),
                    _ => Ok(text("No secret".to_owned())),
                }
            }
            _ => Ok(text("quiet".to_owned())),
        }
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
        self.handle(&request, &context).await.respond_to(&context)
    }
}

fn server() -> Server {
    let keys = StateKeys::random().unwrap();
    let pages = Pages::new(MemoryStore::new(10), &keys, "/pages", Header).form::<Name>();
    Server { pages }
}

/// A client of the server on `version`, declaring forms and URL mode.
fn client(version: &ProtocolVersion) -> TestClient<Forms<Server>> {
    TestClient::new(Forms::new(server())).version(version.clone())
}

async fn session(version: &ProtocolVersion) -> Session {
    client(version).connect().await.unwrap()
}

fn browser(server: &Server) -> Browser {
    Browser::default()
        .nest("/pages", server.pages.router())
        .header("x-user", "ada")
}

#[tokio::test]
async fn a_script_out_of_steps_names_the_form_and_its_fields() {
    for version in VERSIONS {
        let session = session(&version).await;
        let error = session
            .call("greet", json!({}), Person::new())
            .await
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "the person was shown the form “Please provide your name” (fields: name), and the script has no step left for it: add an answer, a decline or a cancel to the Person",
            "{version}"
        );
        // After a wrong answer too: the form asked again is the one named.
        let error = session
            .call(
                "greet",
                json!({}),
                Person::new().answer(json!({"name": "A"})),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(error, TestError::OutOfSteps { .. }),
            "{version}: {error}"
        );
        // The session goes on.
        let called = session
            .call(
                "greet",
                json!({}),
                Person::new().answer(json!({"name": "Ada"})),
            )
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Ada!", "{version}");
    }
}

#[tokio::test]
async fn steps_left_over_say_that_the_server_asked_less() {
    for version in VERSIONS {
        let session = session(&version).await;
        let person = Person::new().answer(json!({"name": "Ada"})).decline();
        let error = session.call("greet", json!({}), person).await.unwrap_err();
        assert_eq!(
            error.to_string(),
            "the call ended with 1 step(s) of the person's never taken (decline): the server asked less than the script answers",
            "{version}"
        );
        let error = session
            .call("quiet", json!({}), Person::new().cancel())
            .await
            .unwrap_err();
        assert!(
            matches!(error, TestError::LeftOver { .. }),
            "{version}: {error}"
        );
    }
}

#[tokio::test]
async fn an_answer_no_form_holds_is_not_sent() {
    for version in VERSIONS {
        let session = session(&version).await;
        let person = Person::new().answer(json!({"nmae": "Ada"}));
        let error = session.call("greet", json!({}), person).await.unwrap_err();
        assert_eq!(
            error.to_string(),
            "the person cannot fill in the form “Please provide your name”: it has no field nmae (its fields: name); to send content no form holds, use Person::respond",
            "{version}"
        );
        let error = session
            .call("greet", json!({}), Person::new().answer(json!("Ada")))
            .await
            .unwrap_err();
        assert!(
            matches!(error, TestError::Unfillable { .. }),
            "{version}: {error}"
        );
    }
}

#[tokio::test]
async fn a_server_that_asks_forever_is_stopped_at_the_limit() {
    for version in VERSIONS {
        let session = client(&version).max_asks(5).connect().await.unwrap();
        let mut person = Person::new();
        for _ in 0..10 {
            person = person.answer(json!({"name": "Ada"}));
        }
        let started = Instant::now();
        let error = session
            .call("forever", json!({}), person)
            .await
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "the server asked more than 5 times in one call (last: the form “Please provide your name”); the client answered cancel",
            "{version}"
        );
        assert!(started.elapsed() < Duration::from_secs(10), "{version}");
    }
}

#[tokio::test]
async fn a_call_that_never_ends_times_out_and_says_what_was_shown() {
    for version in VERSIONS {
        let session = client(&version)
            .timeout(Duration::from_millis(300))
            .connect()
            .await
            .unwrap();
        let started = Instant::now();
        let error = session
            .call("stuck", json!({}), Person::new())
            .await
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "the call did not end within 300ms; the person was shown: nothing",
            "{version}"
        );
        assert!(started.elapsed() < Duration::from_secs(5), "{version}");
    }
}

#[tokio::test]
async fn a_page_needs_a_browser_and_fields_that_are_on_it() {
    for version in VERSIONS {
        let served = server();
        let session = TestClient::new(served.clone())
            .version(version.clone())
            .profile(Profile::Url)
            .connect()
            .await
            .unwrap();
        let person = Person::new().answer(json!({"name": "Ada"}));
        let error = session.call("secret", json!({}), person).await.unwrap_err();
        assert!(
            error.to_string().ends_with("the person has no browser to open it in: give the TestClient one (TestClient::browser, feature `page`) with your pages' routes"),
            "{version}: {error}"
        );

        let session = TestClient::new(served.clone())
            .version(version.clone())
            .profile(Profile::Url)
            .browser(browser(&served))
            .connect()
            .await
            .unwrap();
        let person = Person::new().answer(json!({"label": "Ada"}));
        let error = session.call("secret", json!({}), person).await.unwrap_err();
        assert!(
            matches!(&error, TestError::Unfillable { why, .. } if why == "it has no field label"),
            "{version}: {error}"
        );
        // A page that asks again with the script out of steps names it.
        let person = Person::new().answer(json!({"name": "A"}));
        let error = session.call("secret", json!({}), person).await.unwrap_err();
        assert!(
            error
                .to_string()
                .contains("again, with problems, and the script has no step left"),
            "{version}: {error}"
        );
        let called = session
            .call(
                "secret",
                json!({}),
                Person::new().answer(json!({"name": "Ada"})),
            )
            .await
            .unwrap();
        assert_eq!(called.text(), "Secret Ada", "{version}");
    }
}

/// `greet` on another framework: the rounds of `mcp_elicit::rounds` on plain JSON.
fn greet_json(
    keys: &StateKeys,
    params: &serde_json::Value,
) -> Result<serde_json::Value, serde_json::Value> {
    use mcp_elicit::rounds::{Exchange, Incoming, Round, RoundError};
    use serde_json::Value;
    let error = |e: RoundError| json!({"code": e.code(), "message": e.to_string()});
    let capabilities = json!({"elicitation": {}});
    let incoming = Incoming::new("tools/call", "greet")
        .input_responses(params.get("inputResponses"))
        .request_state(params.get("requestState").and_then(Value::as_str))
        .capabilities(Some(&capabilities));
    let mut exchange = Exchange::open(keys, incoming).map_err(error)?;
    // The person's preference, as the request carries it.
    let preference = params
        .pointer("/_meta/io.modelcontextprotocol~1acceptLanguage")
        .and_then(Value::as_str)
        .map(mcp_elicit::lang::Preference::parse)
        .unwrap_or_default();
    let mut name = Ask::<Name>::new().key("name").item_in(&preference).unwrap();
    if let Round::InputRequired = exchange.round(&mut [&mut name]).map_err(error)? {
        return exchange.input_required().map_err(error);
    }
    let text = match name.take() {
        Some(Elicitation::Accepted(name)) => format!("Hello {}!", name.name),
        _ => "Hello stranger!".to_owned(),
    };
    Ok(json!({"content": [{"type": "text", "text": text}]}))
}

#[tokio::test]
async fn a_handler_of_another_framework_is_driven_through_its_rounds() {
    use mcp_elicit::testing::JsonClient;
    let keys = StateKeys::random().unwrap();
    let greet = |params| std::future::ready(greet_json(&keys, &params));
    let client = JsonClient::new().language("fr");
    let person = Person::new()
        .answer(json!({"name": "A"}))
        .answer(json!({"name": "Ada"}));
    let called = client
        .call(json!({"name": "greet"}), person, greet)
        .await
        .unwrap();
    assert_eq!(called.text(), "Hello Ada!");
    let forms = called.forms();
    assert_eq!(forms.len(), 2);
    // The form is written in English only: it says so, and its problems are in English too.
    assert_eq!(forms[1].language.as_deref(), Some("en"));
    assert_eq!(
        forms[1].problems(),
        ["- name: must be at least 2 characters long, got 1"]
    );

    let called = client
        .call(json!({}), Person::new().decline(), greet)
        .await
        .unwrap();
    assert_eq!(called.text(), "Hello stranger!");

    let error = client
        .call(json!({}), Person::new(), greet)
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the person was shown the form “Please provide your name” (fields: name), and the script has no step left for it: add an answer, a decline or a cancel to the Person"
    );
    // A handler that answers with an error: the server's error, as it gave it.
    let edited = |mut params: serde_json::Value| {
        if params.get("requestState").is_some() {
            params["requestState"] = json!("me2.forged");
        }
        std::future::ready(greet_json(&keys, &params))
    };
    let person = Person::new().answer(json!({"name": "Ada"}));
    let error = client.call(json!({}), person, edited).await.unwrap_err();
    assert!(
        matches!(&error, TestError::Server(e) if e.code.0 == -32602),
        "{error}"
    );
}
