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
//! And the fixtures of the suite's 2026-07-28 `input-required-result-*` scenarios, each written
//! with this crate's public API (`Asking`, `Ask`, `Input`), never an `InputRequiredResult` built
//! by hand: the tools `test_input_required_result_elicitation`, `_sampling`, `_list_roots`,
//! `_request_state`, `_multiple_inputs`, `_multi_round`, `_tampered_state` and
//! `_capabilities`, the prompt `test_input_required_result_prompt`, and the resource
//! `test://input-required` (a form from `resources/read`).
//!
//! And the fixtures of the tasks extension's scenarios (SEP-2663), each call a task made with
//! `mcp_elicit::rmcp::task` whose forms are asked through its `TaskCall`: `confirm_delete`
//! (argument `filename`; one form `{confirm}`), `multi_input` (two forms `{name, confirm}`
//! pending at once) and `test_tool_with_task` (a form asked in the call's own rounds, then the
//! task). One `TaskManager` serves every request; `Forms::with_tasks` answers `tasks/*` from it.
//!
//! Its `requestState` is sealed with the key in the environment variable `MCP_ELICIT_STATE_KEY`
//! (64 hexadecimal characters), shared by replicas; without it, a random key of this process.
//!
//! ```sh
//! cargo run --bin conformance_server -- --port 3001    # serves http://127.0.0.1:3001/mcp
//! ```
//!
//! `conformance_server --port N` (`--port 0`: a port the system chooses); `--help` says so.
//!
//! `tests/conformance.rs` (beside this file) runs the suite against it.

use std::sync::Arc;

use axum::serve::ListenerExt;

use mcp_elicit::rmcp::{Asking, Forms, Handled, Respond, ask, ask_arguments, input_schema, task};
use mcp_elicit::rounds::{Ask, Input, StateKeys};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, Implementation, JsonObject,
    ListPromptsResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams, Prompt,
    PromptMessage, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, Role, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::task_manager::{TaskManager, TaskOptions};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};

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

/// `test_input_required_result_elicitation` (and the scenarios that reuse it), and
/// `test_tool_with_task`, before its task is made.
#[derive(Elicit)]
struct UserName {
    name: String,
}

/// `test_input_required_result_request_state`, `_tampered_state`.
#[derive(Elicit)]
struct Ok_ {
    ok: bool,
}

/// `test_input_required_result_multi_round`, step 2.
#[derive(Elicit)]
struct Color {
    color: String,
}

/// `test_input_required_result_prompt`.
#[derive(Elicit)]
struct PromptContext {
    context: String,
}

/// `confirm_delete` (tasks): the one form its task waits on.
#[derive(Elicit)]
struct Confirm {
    confirm: bool,
}

/// `multi_input` (tasks): each of the two forms its task asks at once.
#[derive(Elicit)]
#[elicit(message = "Who is it for, and do you confirm?")]
struct NameConfirm {
    name: String,
    confirm: bool,
}

/// The server, with the tasks it has made: one `TaskManager` shared by the server rmcp makes for
/// each request.
#[derive(Clone)]
struct ConformanceServer {
    tasks: TaskManager,
}

/// Asks for `T`'s form in this tool call, and says what came back.
async fn elicit<T: Elicit + Send + 'static>(
    asking: Ask<T>,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Handled {
    // `?`: the form on 2026-07-28, a protocol error, or a tool error saying why there is no
    // answer.
    let answer = asking.run(context, request).await?;
    let values = match &answer {
        Elicitation::Accepted(form) => serde_json::Value::Object(form.to_content()),
        Elicitation::Declined | Elicitation::Cancelled => json!({}),
    };
    text(format!(
        "Elicitation completed: action={}, content={values}",
        answer.action()
    ))
}

#[expect(
    clippy::unnecessary_wraps,
    reason = "what a handler returns, ready for `return`"
)]
fn text(text: impl Into<String>) -> Handled {
    Ok(CallToolResult::success(vec![ContentBlock::text(
        text.into(),
    )]))
}

/// A sampling request asking `question`.
fn sampling(key: &'static str, question: &str, max_tokens: u32) -> Input {
    Input::new(
        key,
        "sampling/createMessage",
        json!({
            "messages": [{"role": "user", "content": {"type": "text", "text": question}}],
            "maxTokens": max_tokens,
        }),
    )
}

/// The text of a sampling response.
fn sampled(response: Option<Value>) -> String {
    response
        .as_ref()
        .and_then(|r| r["content"]["text"].as_str())
        .unwrap_or("(no text)")
        .to_owned()
}

/// The URIs of a `roots/list` response.
fn roots(response: Option<Value>) -> String {
    let uris: Vec<String> = response
        .as_ref()
        .and_then(|r| r["roots"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|root| root["uri"].as_str().map(str::to_owned))
        .collect();
    uris.join(", ")
}

/// What the user said their name is, or the action that gave none.
fn name_of(answer: Option<Elicitation<UserName>>) -> String {
    match answer {
        Some(Elicitation::Accepted(user)) => user.name,
        Some(other) => format!("({})", other.action()),
        None => "(not asked)".to_owned(),
    }
}

/// `confirm_delete`'s arguments.
#[derive(Elicit)]
struct Filename {
    filename: String,
}

impl ConformanceServer {
    /// The fixtures of the tasks extension (SEP-2663), `confirm_delete` and `multi_input`: each
    /// call becomes a task that asks its forms through `TaskCall`; `None` for another tool.
    async fn task_tool(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Option<Result<CallToolResponse, ErrorData>> {
        let name = request.name.as_ref();
        if !matches!(
            name,
            "confirm_delete" | "multi_input" | "test_tool_with_task"
        ) {
            return None;
        }
        Some(self.run_task_tool(name, request, context).await.respond())
    }

    async fn run_task_tool(
        &self,
        name: &str,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Handled<CallToolResponse> {
        let options = TaskOptions::new().with_poll_interval_ms(100);
        if name == "multi_input" {
            return task(context, &self.tasks, options, |task| async move {
                let (first, second) =
                    tokio::join!(task.ask::<NameConfirm>(), task.ask::<NameConfirm>());
                let name = |answer: Elicitation<NameConfirm>| match answer {
                    Elicitation::Accepted(answer) => answer.name,
                    other => format!("({})", other.action()),
                };
                let text = format!("multi_input: {} and {}", name(first?), name(second?));
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            });
        }
        if name == "test_tool_with_task" {
            // A form asked in the call (on 2026-07-28 an input-required round), then the task,
            // which carries its answer.
            let Elicitation::Accepted(UserName { name }) =
                ask::<UserName>(context, request).await?
            else {
                return Ok(
                    CallToolResult::success(vec![ContentBlock::text("No name given.")]).into(),
                );
            };
            return task(context, &self.tasks, options, move |_task| async move {
                let text = format!("Hello {name}, from a task.");
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            });
        }
        let Elicitation::Accepted(Filename { filename }) =
            ask_arguments::<Filename>(context, request).await?
        else {
            let text = "No file named: nothing was deleted.";
            return Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
        };
        task(context, &self.tasks, options, move |task| async move {
            let ask = Ask::<Confirm>::new()
                .message(format!("Delete {filename}?"))
                .key("confirm");
            let text = match task.run(&ask).await? {
                Elicitation::Accepted(Confirm { confirm: true }) => format!("Deleted {filename}."),
                other => format!("Kept {filename} ({}).", other.action()),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
    }

    /// The 2026-07-28 fixtures: `Ok(None)` for a tool this is not.
    async fn input_required_tool(
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Option<Result<CallToolResponse, ErrorData>> {
        let name = request.name.as_ref();
        if !name.starts_with("test_input_required_result_") {
            return None;
        }
        Some(
            Self::run_input_required_tool(name, request, context)
                .await
                .respond(),
        )
    }

    async fn run_input_required_tool(
        name: &str,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Handled {
        let mut asking = Asking::new(context, request)?;
        let user_name = || {
            Ask::<UserName>::new()
                .key("user_name")
                .message("What is your name?")
        };
        match name {
            "test_input_required_result_elicitation" => {
                let user = asking.ask(&user_name()).await?;
                text(format!("Hello, {}!", name_of(Some(user))))
            }
            "test_input_required_result_sampling" => {
                let mut question =
                    sampling("capital_question", "What is the capital of France?", 100);
                asking.round(&mut [&mut question]).await?;
                text(format!("The model said: {}", sampled(question.take())))
            }
            "test_input_required_result_list_roots" => {
                let mut list = Input::new("client_roots", "roots/list", json!({}));
                asking.round(&mut [&mut list]).await?;
                text(format!("The client's roots: {}", roots(list.take())))
            }
            "test_input_required_result_request_state"
            | "test_input_required_result_tampered_state" => {
                let confirm = asking
                    .ask(&Ask::<Ok_>::new().key("confirm").message("Please confirm"))
                    .await?;
                let ok = matches!(confirm, Elicitation::Accepted(Ok_ { ok: true }));
                text(format!(
                    "state-ok: the sealed state verified; confirmed: {ok}"
                ))
            }
            "test_input_required_result_multiple_inputs"
            | "test_input_required_result_capabilities" => {
                let mut user = user_name().item()?;
                let mut greeting = sampling("greeting", "Generate a greeting", 50);
                let mut list = Input::new("client_roots", "roots/list", json!({}));
                asking
                    .round(&mut [&mut user, &mut greeting, &mut list])
                    .await?;
                // A request the client declared no capability for was left out of the round:
                // the tool goes on without it.
                text(format!(
                    "name: {}; greeting: {}; roots: {}",
                    name_of(user.take()),
                    if greeting.is_unavailable() {
                        "(no sampling)".to_owned()
                    } else {
                        sampled(greeting.take())
                    },
                    if list.is_unavailable() {
                        "(no roots)".to_owned()
                    } else {
                        roots(list.take())
                    },
                ))
            }
            "test_input_required_result_multi_round" => {
                let step1 = asking
                    .ask(
                        &Ask::<UserName>::new()
                            .key("step1")
                            .message("Step 1: What is your name?"),
                    )
                    .await?;
                let step2 = asking
                    .ask(
                        &Ask::<Color>::new()
                            .key("step2")
                            .message("Step 2: What is your favorite color?"),
                    )
                    .await?;
                let color = match step2 {
                    Elicitation::Accepted(color) => color.color,
                    other => format!("({})", other.action()),
                };
                text(format!("{} likes {color}", name_of(Some(step1))))
            }
            other => Err(ErrorData::invalid_params(format!("no tool named {other}"), None).into()),
        }
    }
}

fn object(schema: serde_json::Value) -> Arc<JsonObject> {
    Arc::new(schema.as_object().cloned().unwrap_or_default())
}

/// The resource whose read asks for a form.
const FORM_RESOURCE: &str = "test://input-required";

/// The tools of the 2026-07-28 fixtures, none with arguments.
const INPUT_REQUIRED_TOOLS: [&str; 8] = [
    "test_input_required_result_elicitation",
    "test_input_required_result_sampling",
    "test_input_required_result_list_roots",
    "test_input_required_result_request_state",
    "test_input_required_result_multiple_inputs",
    "test_input_required_result_multi_round",
    "test_input_required_result_tampered_state",
    "test_input_required_result_capabilities",
];

impl ServerHandler for ConformanceServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new(
            "mcp-elicit-conformance",
            env!("CARGO_PKG_VERSION"),
        ))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let none = || object(json!({"type": "object", "properties": {}}));
        let mut tools = vec![
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
        ];
        tools.extend(INPUT_REQUIRED_TOOLS.map(|name| {
            Tool::new(
                name,
                "A fixture of the conformance suite's input-required scenarios",
                none(),
            )
        }));
        tools.push(Tool::new(
            "confirm_delete",
            "A task that asks to confirm deleting a file, then deletes it (nothing is deleted)",
            input_schema::<Filename>(),
        ));
        tools.push(Tool::new(
            "multi_input",
            "A task that asks two forms at once",
            none(),
        ));
        tools.push(Tool::new(
            "test_tool_with_task",
            "Asks the user's name in the call, then answers from a task",
            none(),
        ));
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Some(response) = Self::input_required_tool(&request, &context).await {
            return response;
        }
        if let Some(response) = self.task_tool(&request, &context).await {
            return response;
        }
        match request.name.as_ref() {
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
                elicit(Ask::<UserInfo>::new().message(message), &request, &context)
                    .await
                    .respond()
            }
            "test_elicitation_sep1034_defaults" => {
                elicit(Ask::<Defaults>::new(), &request, &context)
                    .await
                    .respond()
            }
            "test_elicitation_sep1330_enums" => elicit(Ask::<Enums>::new(), &request, &context)
                .await
                .respond(),
            other => Err(ErrorData::invalid_params(
                format!("no tool named {other}"),
                None,
            )),
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![Prompt::new(
            "test_input_required_result_prompt",
            Some("A prompt that asks the user for its context"),
            None,
        )]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name != "test_input_required_result_prompt" {
            return Err(ErrorData::invalid_params(
                format!("no prompt named {}", request.name),
                None,
            ));
        }
        let ask = Ask::<PromptContext>::new()
            .key("user_context")
            .message("What context should the prompt use?");
        let context = match ask.run(&context, &request).await {
            Ok(Elicitation::Accepted(answer)) => answer.context,
            Ok(other) => format!("(the user answered {})", other.action()),
            Err(stop) => return stop.into(),
        };
        Ok(GetPromptResult::new(vec![PromptMessage::new_text(
            Role::User,
            format!("Use this context: {context}"),
        )])
        .into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![Resource::new(
            FORM_RESOURCE,
            "input-required",
        )]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != FORM_RESOURCE {
            return Err(ErrorData::resource_not_found(
                format!("no resource {}", request.uri),
                None,
            ));
        }
        let ask = Ask::<UserName>::new()
            .key("user_name")
            .message("Whose resource is it?");
        let name = match ask.run(&context, &request).await {
            Ok(answer) => name_of(Some(answer)),
            Err(stop) => return stop.into(),
        };
        Ok(ReadResourceResult::new(vec![ResourceContents::text(
            format!("This resource belongs to {name}."),
            FORM_RESOURCE,
        )])
        .into())
    }
}
/// The fixtures of the official MCP conformance suite's server scenarios, over Streamable HTTP
#[derive(clap::Parser)]
#[command(name = "conformance_server")]
struct Cli {
    /// The port to listen on, on 127.0.0.1 (0: one the system chooses)
    #[arg(long, value_name = "N")]
    port: u16,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Cli { port } = clap::Parser::parse();
    // The key replicas share, or a random one of this process.
    StateKeys::from_env("MCP_ELICIT_STATE_KEY")?.install()?;
    let tasks = TaskManager::new();
    let server = ConformanceServer {
        tasks: tasks.clone(),
    };
    // `Forms` answers `tasks/*` from the manager the fixtures make their tasks in, and declares
    // the tasks extension.
    let service = StreamableHttpService::new(
        move || Ok(Forms::new(server.clone()).with_tasks(tasks.clone())),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // With `--port 0`, the port the system chose: a test reads it from this line.
    println!("serving http://{}/mcp", listener.local_addr()?);
    // Each response is written as soon as it is ready: without TCP_NODELAY, Nagle's algorithm
    // held a response's last segment until the client's delayed ACK, ~40 ms per round on
    // keep-alive connections (BENCHMARKS.md, the load test).
    let listener = listener.tap_io(|tcp| {
        if let Err(error) = tcp.set_nodelay(true) {
            eprintln!("could not set TCP_NODELAY on a connection: {error}");
        }
    });
    axum::serve(listener, router).await?;
    Ok(())
}
