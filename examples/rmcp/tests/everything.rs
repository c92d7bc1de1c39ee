//! The client side against the official MCP example server with every feature
//! (`@modelcontextprotocol/server-everything`, pinned in `everything/`, on the Node.js 22 installed
//! beside it): an rmcp client whose person is a script answers its 13-field form and its URL
//! tool through `answer_elicitation`, declaring its modes with `elicitation_capability`, and
//! handles its `-32042` error with `call_tool`. What the person left in the form is what the
//! server receives: cleared defaults stay out, an emptied text is `""`, keys outside the form are
//! dropped, a wrong answer is shown again before anything is sent.
//!
//! Needs `npm install` in `examples/rmcp/everything` (`.ci/run` does it): ignored otherwise, and
//! failing loudly when run without it.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcp_elicit::client::{FormToFill, FormUi, UrlToOpen};
use mcp_elicit::rmcp::{UrlCompletions, answer_elicitation, call_tool, elicitation_capability};
use mcp_elicit::{Content, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, CustomNotification,
    ElicitRequestParams, ElicitResult, ErrorData, Implementation, ProtocolVersion,
};
use rmcp::service::{
    NotificationContext, RequestContext, RoleClient, RunningService, ServiceError,
};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ServiceExt};
use serde_json::{Value, json};

/// What the person does with the next form or page.
enum Step {
    /// Accepts what the form shows, with `set` typed over it and `clear` emptied out (a page:
    /// opens it).
    Accept {
        set: Value,
        clear: &'static [&'static str],
    },
    Decline,
    Cancel,
}

fn accept(set: Value) -> Step {
    Step::Accept { set, clear: &[] }
}

/// Each form's values as shown, and the problems shown with them.
type Shown = Arc<Mutex<Vec<(Value, Option<String>)>>>;

/// Each page shown: its URL and `elicitationId`.
type Pages = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// A person, scripted: the steps they take, and what they were shown.
#[derive(Clone, Default)]
struct Person {
    steps: Arc<Mutex<VecDeque<Step>>>,
    shown: Shown,
    pages: Pages,
    opens_urls: bool,
}

impl Person {
    fn new(steps: Vec<Step>, opens_urls: bool) -> Self {
        Person {
            steps: Arc::new(Mutex::new(steps.into())),
            opens_urls,
            ..Person::default()
        }
    }

    fn next(&self) -> Step {
        self.steps
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or(Step::Cancel)
    }

    fn shown(&self) -> Vec<(Value, Option<String>)> {
        self.shown.lock().unwrap().clone()
    }

    fn pages(&self) -> Vec<(String, Option<String>)> {
        self.pages.lock().unwrap().clone()
    }
}

impl FormUi for Person {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        self.shown.lock().unwrap().push((
            Value::Object(form.values.clone()),
            form.problems.map(ToString::to_string),
        ));
        match self.next() {
            Step::Accept { set, clear } => {
                let mut values = form.values.clone();
                for key in clear {
                    values.remove(*key);
                }
                values.extend(set.as_object().cloned().unwrap_or_default());
                Elicitation::Accepted(values)
            }
            Step::Decline => Elicitation::Declined,
            Step::Cancel => Elicitation::Cancelled,
        }
    }

    async fn open_url(&self, page: UrlToOpen<'_>) -> Elicitation<Content> {
        let id = page.elicitation_id.map(str::to_owned);
        self.pages.lock().unwrap().push((page.url.to_owned(), id));
        match self.next() {
            Step::Accept { .. } => Elicitation::Accepted(Content::new()),
            Step::Decline => Elicitation::Declined,
            Step::Cancel => Elicitation::Cancelled,
        }
    }

    fn opens_urls(&self) -> bool {
        self.opens_urls
    }
}

/// The rmcp client: the person's answers, and the completions the server announces.
struct Client {
    person: Person,
    completions: UrlCompletions,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let capabilities = ClientCapabilities::builder()
            .enable_elicitation_with(elicitation_capability(&self.person))
            .build();
        ClientConfig::new(capabilities, Implementation::new("everything-test", "0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
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

fn everything_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("everything")
}

/// The server on stdio, and a client of it whose person is `person`.
async fn connect(person: &Person) -> (RunningService<RoleClient, Client>, UrlCompletions) {
    let dir = everything_dir();
    let index = dir.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(
        index.exists(),
        "the everything server is not installed: run `npm install` in {}",
        dir.display()
    );
    let mut command = tokio::process::Command::new(dir.join("node_modules/.bin/node"));
    command.arg(index).arg("stdio");
    command.stderr(std::process::Stdio::null());
    let transport = TokioChildProcess::new(command).expect("the server starts");
    let completions = UrlCompletions::default();
    let client = Client {
        person: person.clone(),
        completions: completions.clone(),
    };
    let running = client.serve(transport).await.expect("the client connects");
    (running, completions)
}

async fn call(
    client: &RunningService<RoleClient, Client>,
    tool: &str,
    arguments: Value,
) -> CallToolResult {
    let mut request = CallToolRequestParams::new(tool.to_owned());
    if let Value::Object(arguments) = arguments {
        request = request.with_arguments(arguments);
    }
    client.call_tool(request).await.expect("the tool answers")
}

/// The texts of a result.
fn texts(result: &CallToolResult) -> Vec<String> {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect()
}

/// The answer the server received, as its "Raw result" text quotes it.
fn received(result: &CallToolResult) -> Value {
    let raw = texts(result)
        .into_iter()
        .find_map(|t| t.strip_prefix("\nRaw result: ").map(str::to_owned))
        .expect("a raw result");
    serde_json::from_str(&raw).expect("the raw result is JSON")
}

/// The form's defaults, as the server sends them: what the person is first shown.
#[expect(
    clippy::approx_constant,
    reason = "the server's default is 3.14, not π"
)]
fn defaults() -> Value {
    json!({
        "firstLine": "It was a dark and stormy night.",
        "integer": 42,
        "number": 3.14,
        "untitledSingleSelectEnum": "Monica",
        "untitledMultipleSelectEnum": ["Guitar"],
        "titledSingleSelectEnum": "hero-1",
        "titledMultipleSelectEnum": ["fish-1"],
        "legacyTitledEnum": "pet-1"
    })
}

const FORM: &str = "trigger-elicitation-request";
const URL_TOOL: &str = "trigger-url-elicitation";

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn what_the_person_left_in_the_form_is_what_the_server_receives() {
    // Cleared: `firstLine` and `number`, both with defaults. Typed: a name, an e-mail address.
    let person = Person::new(
        vec![Step::Accept {
            set: json!({"name": "Ada Lovelace", "email": "ada@example.com"}),
            clear: &["firstLine", "number"],
        }],
        false,
    );
    let (client, _) = connect(&person).await;
    let result = call(&client, FORM, json!({})).await;
    assert_eq!(person.shown(), [(defaults(), None)]);
    let mut expected = defaults();
    let map = expected.as_object_mut().unwrap();
    map.remove("firstLine");
    map.remove("number");
    map.insert("name".into(), json!("Ada Lovelace"));
    map.insert("email".into(), json!("ada@example.com"));
    assert_eq!(
        received(&result),
        json!({"action": "accept", "content": expected})
    );
    assert_eq!(
        texts(&result)[1],
        "User inputs:\n- Name: Ada Lovelace\n- Email: ada@example.com\n- Favorite Integer: 42"
    );
    let _ = client.cancel().await;

    // An emptied text field the form lets be empty is sent empty, not as its default.
    let person = Person::new(vec![accept(json!({"name": "Ada", "firstLine": ""}))], false);
    let (client, _) = connect(&person).await;
    let result = call(&client, FORM, json!({})).await;
    assert_eq!(received(&result)["content"]["firstLine"], "");
    let _ = client.cancel().await;
}

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn a_wrong_answer_is_shown_again_and_keys_outside_the_form_never_reach_the_server() {
    let person = Person::new(
        vec![
            accept(json!({"name": "Ada", "email": "not-an-email", "integer": 500, "color": "red"})),
            accept(json!({"email": "ada@example.com", "integer": 7, "petType": "dog"})),
        ],
        false,
    );
    let (client, _) = connect(&person).await;
    let result = call(&client, FORM, json!({})).await;
    let shown = person.shown();
    assert_eq!(shown.len(), 2);
    assert_eq!(
        shown[1].1.as_deref(),
        Some(
            "`email`: must be an e-mail address, got \"not-an-email\"\n`integer`: must be at most 100, got 500"
        )
    );
    let content = &received(&result)["content"];
    assert_eq!(
        (&content["email"], &content["integer"]),
        (&json!("ada@example.com"), &json!(7))
    );
    assert!(
        content.get("color").is_none() && content.get("petType").is_none(),
        "{content}"
    );
    let text = &texts(&result)[1];
    assert!(
        !text.contains("Favorite Color") && !text.contains("Pet Type"),
        "{text}"
    );
    let _ = client.cancel().await;
}

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn decline_and_cancel_reach_the_server_as_they_are() {
    for (step, text) in [
        (
            Step::Decline,
            "❌ User declined to provide the requested information.",
        ),
        (Step::Cancel, "⚠️ User cancelled the elicitation dialog."),
    ] {
        let person = Person::new(vec![step], false);
        let (client, _) = connect(&person).await;
        let result = call(&client, FORM, json!({})).await;
        assert_eq!(texts(&result)[0], text);
        let _ = client.cancel().await;
    }
}

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn url_mode_is_declared_exactly_when_the_ui_opens_urls() {
    for opens_urls in [false, true] {
        let person = Person::new(vec![], opens_urls);
        let (client, _) = connect(&person).await;
        let tools = client.list_all_tools().await.expect("tools/list");
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert!(names.contains(&FORM), "{names:?}");
        assert_eq!(names.contains(&URL_TOOL), opens_urls, "{names:?}");
        let _ = client.cancel().await;
    }
}

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn a_url_request_is_shown_with_its_id_and_answered() {
    let arguments = json!({"url": "https://example.com/auth"});
    let person = Person::new(vec![accept(json!({})), Step::Decline], true);
    let (client, _) = connect(&person).await;
    let opened = call(&client, URL_TOOL, arguments.clone()).await;
    let declined = call(&client, URL_TOOL, arguments).await;
    let pages = person.pages();
    assert_eq!(pages.len(), 2);
    let ids: Vec<&str> = pages.iter().map(|(_, id)| id.as_deref().unwrap()).collect();
    assert_eq!(pages[0].0, "https://example.com/auth");
    assert_eq!(
        texts(&opened)[0],
        format!(
            "✅ User completed the URL elicitation flow.\nElicitation ID: {}\nURL: https://example.com/auth",
            ids[0]
        )
    );
    assert_eq!(
        texts(&declined)[0],
        format!(
            "❌ User declined to open the URL (Elicitation ID: {}).",
            ids[1]
        )
    );
    let _ = client.cancel().await;
}

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn a_page_that_is_not_a_web_url_is_never_opened() {
    let person = Person::new(vec![accept(json!({}))], true);
    let (client, _) = connect(&person).await;
    let request = CallToolRequestParams::new(URL_TOOL).with_arguments(
        json!({"url": "file:///etc/passwd"})
            .as_object()
            .unwrap()
            .clone(),
    );
    let answer = client.call_tool(request).await;
    assert!(person.pages().is_empty(), "nothing opened");
    let refused = match answer {
        Ok(result) => result.is_error == Some(true),
        Err(ServiceError::McpError(_)) => true,
        Err(other) => panic!("{other:?}"),
    };
    assert!(refused);
    let _ = client.cancel().await;
}

#[tokio::test]
#[ignore = "needs the everything server: npm install in examples/rmcp/everything"]
async fn the_url_required_error_is_handled_in_one_call() {
    let arguments = json!({"url": "https://example.com/auth", "errorPath": true});
    let request = || {
        CallToolRequestParams::new(URL_TOOL).with_arguments(arguments.as_object().unwrap().clone())
    };
    // The page the error names, opened; the server sends no completion (it never does): waited
    // for a short while, then the call is made again, and its own URL request is answered.
    let person = Person::new(vec![accept(json!({})), accept(json!({}))], true);
    let (client, completions) = connect(&person).await;
    let limit = Duration::from_millis(300);
    let result = call_tool(&client, &person, &completions, request(), limit)
        .await
        .expect("the call ends");
    let pages = person.pages();
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert_eq!(pages[0].0, "https://modelcontextprotocol.io");
    assert!(
        pages[0].1.is_some(),
        "the error's elicitationId is given to the UI"
    );
    assert_eq!(pages[1].0, "https://example.com/auth");
    assert!(
        texts(&result)[0].starts_with("✅ User completed the URL elicitation flow."),
        "{result:?}"
    );
    let _ = client.cancel().await;

    // The person declines the page: the error as the server sent it, and no second call.
    let person = Person::new(vec![Step::Decline], true);
    let (client, completions) = connect(&person).await;
    let refused = call_tool(&client, &person, &completions, request(), limit).await;
    let Err(ServiceError::McpError(error)) = refused else {
        panic!("the -32042 error: {refused:?}");
    };
    assert_eq!(error.code.0, -32042);
    assert_eq!(person.pages().len(), 1);
    let _ = client.cancel().await;
}
