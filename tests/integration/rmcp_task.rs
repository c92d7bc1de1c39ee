//! Forms inside rmcp's tasks (SEP-2663): a `#[tool]` method marked `#[asks]` runs its work as a
//! task (`Call::task`), whose forms are typed, judged and asked again under a fresh key until
//! valid, through a real rmcp client that polls `tasks/get` and answers with `tasks/update`.
//! Decline and cancel arrive as on every surface; two forms may be pending at once; a
//! `tasks/cancel` ends a task waiting on its form; what the client sends back is judged.

use std::time::Duration;

use mcp_elicit::rmcp::{Call, Forms, Handled, WithPreference, asks};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, ClientCapabilities,
    ContentBlock, ErrorCode, GetTaskParams, InputResponses, ProtocolVersion, ServerCapabilities,
    ServerConfig, UpdateTaskParams,
};
use rmcp::service::ServiceError;
use rmcp::task_manager::{TaskManager, TaskOptions};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::{Session, connect_with};

#[derive(Elicit, Debug)]
struct Confirm {
    confirm: bool,
}

#[derive(Elicit, Debug)]
#[elicit(message = "Who is this for?")]
struct Recipient {
    #[elicit(min_length = 2)]
    name: String,
    confirm: bool,
}

#[derive(Elicit, Debug)]
struct Pattern {
    pattern: String,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Server>,
    tasks: TaskManager,
}

impl Server {
    fn new(tasks: TaskManager) -> Self {
        Server {
            tool_router: Server::tool_router() + Server::long_router(),
            tasks,
        }
    }
}

#[tool_router]
impl Server {
    #[asks]
    #[tool(description = "Deletes the files matching a pattern, once the user confirms")]
    async fn delete_files(&self, call: Call<Pattern>) -> Handled<CallToolResponse> {
        let Elicitation::Accepted(Pattern { pattern }) = call.arguments().await? else {
            return Ok(CallToolResult::success(vec![ContentBlock::text("No pattern.")]).into());
        };
        call.task(&self.tasks, options(), move |task| async move {
            let ask = mcp_elicit::rmcp::Ask::<Confirm>::new()
                .message(format!("40 files match {pattern}. Delete them?"))
                .key("confirm");
            let text = match task.run(&ask).await? {
                Elicitation::Accepted(Confirm { confirm: true }) => {
                    format!("Deleted 40 files matching {pattern}.")
                }
                Elicitation::Accepted(_) => "Kept the files.".to_owned(),
                Elicitation::Declined => "Nothing was deleted (declined).".to_owned(),
                Elicitation::Cancelled => "Nothing was deleted (cancelled).".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
    }

    #[asks]
    #[tool(description = "Asks two recipients at once")]
    async fn two_recipients(&self, call: Call) -> Handled<CallToolResponse> {
        call.task(&self.tasks, options(), |task| async move {
            let (first, second) = tokio::join!(task.ask::<Recipient>(), task.ask::<Recipient>());
            let name = |answer: Elicitation<Recipient>| match answer {
                Elicitation::Accepted(r) => r.name,
                _ => "nobody".to_owned(),
            };
            let text = format!("For {} and {}.", name(first?), name(second?));
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
    }
}

#[tool_router(router = long_router)]
impl Server {
    /// Long work outside a form, stopping between its steps once cancelled.
    #[asks]
    #[tool(description = "Counts slowly, until the task is cancelled")]
    async fn count(&self, call: Call) -> Handled<CallToolResponse> {
        call.task(&self.tasks, options(), |task| async move {
            for _ in 0..10_000 {
                task.stop_if_cancelled()?;
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            Ok(CallToolResult::success(vec![ContentBlock::text(
                "Counted.",
            )]))
        })
    }

    /// Long work that does not look, then a form: cancelled meanwhile, the form is not asked.
    #[asks]
    #[tool(description = "Works a while, then asks to confirm")]
    async fn work_then_confirm(&self, call: Call) -> Handled<CallToolResponse> {
        call.task(&self.tasks, options(), |task| async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let text = match task.ask::<Confirm>().await? {
                Elicitation::Accepted(Confirm { confirm: true }) => "Done.",
                _ => "Not done.",
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
    }

    /// A long wait outside a form, ended by the cancel.
    #[asks]
    #[tool(description = "Waits an hour, unless the task is cancelled")]
    async fn wait_an_hour(&self, call: Call) -> Handled<CallToolResponse> {
        call.task(&self.tasks, options(), |task| async move {
            let hour = tokio::time::sleep(Duration::from_hours(1));
            task.unless_cancelled(hour).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text("Waited.")]))
        })
    }
}

fn options() -> TaskOptions {
    TaskOptions::new().with_poll_interval_ms(10)
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

const VERSIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28];

/// A client of `version` declaring the tasks extension and form elicitation.
async fn client(version: ProtocolVersion) -> Session {
    let capabilities = ClientCapabilities::builder()
        .enable_elicitation()
        .enable_tasks()
        .build();
    client_with(version, capabilities).await
}

async fn client_with(version: ProtocolVersion, capabilities: ClientCapabilities) -> Session {
    let tasks = TaskManager::new();
    let server = Server::new(tasks.clone());
    // `Forms` answers `tasks/get`, `tasks/update` and `tasks/cancel` from the server's manager,
    // and declares the extension.
    let with_tasks = Forms::new(server).with_tasks(tasks);
    connect_with(with_tasks, version, capabilities, vec![]).await
}

/// Calls `tool` and gives the id of the task it made.
async fn start(session: &Session, tool: &'static str, arguments: Value) -> String {
    start_in(session, tool, arguments, None).await
}

/// [`start`], the call carrying the person's language `preference` if one is given.
async fn start_in(
    session: &Session,
    tool: &'static str,
    arguments: Value,
    preference: Option<&str>,
) -> String {
    let mut request = CallToolRequestParams::new(tool);
    if let Some(preference) = preference {
        request = request.with_preference(&mcp_elicit::lang::Preference::parse(preference));
    }
    if let Value::Object(arguments) = arguments {
        request = request.with_arguments(arguments);
    }
    match session
        .client
        .call_tool_once(request)
        .await
        .expect("the call")
    {
        CallToolResponse::Task(created) => created.task.task_id,
        other => panic!("a task, not {other:?}"),
    }
}

/// `tasks/get` of `id` as JSON, once it is no longer working (or with `keys` input requests).
async fn settled(session: &Session, id: &str, keys: usize) -> Value {
    for _ in 0..500 {
        let task = session
            .client
            .get_task(GetTaskParams::new(id))
            .await
            .expect("tasks/get");
        let task = serde_json::to_value(task).unwrap();
        let pending = task["inputRequests"]
            .as_object()
            .map_or(0, serde_json::Map::len);
        match task["status"].as_str() {
            Some("working") => {}
            Some("input_required") if pending < keys => {}
            _ => return task,
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("task {id} never settled");
}

/// The keys of `task`'s input requests, in order.
fn keys(task: &Value) -> Vec<String> {
    task["inputRequests"]
        .as_object()
        .map(|r| r.keys().cloned().collect())
        .unwrap_or_default()
}

async fn answer(session: &Session, id: &str, key: &str, response: Value) {
    let responses: InputResponses = [(key.to_owned(), response)].into_iter().collect();
    session
        .client
        .update_task(UpdateTaskParams::new(id, responses))
        .await
        .expect("tasks/update");
}

/// The text of a completed task's result, and whether it is a tool error.
fn result(task: &Value) -> (&str, bool) {
    assert_eq!(task["status"], "completed", "{task}");
    let text = task["result"]["content"][0]["text"].as_str().unwrap();
    (text, task["result"]["isError"] == true)
}

#[tokio::test]
async fn a_task_asks_its_form_again_under_a_fresh_key_until_the_answer_is_valid() {
    for version in VERSIONS {
        let session = client(version.clone()).await;
        let id = start(&session, "delete_files", json!({"pattern": "*.log"})).await;
        let task = settled(&session, &id, 1).await;
        assert_eq!(task["status"], "input_required", "{version}");
        let first = keys(&task);
        assert_eq!(first.len(), 1, "{task}");
        assert!(first[0].starts_with("confirm-"), "{first:?}");
        let request = &task["inputRequests"][&first[0]];
        assert_eq!(request["method"], "elicitation/create");
        assert_eq!(
            request["params"]["message"],
            "40 files match *.log. Delete them?"
        );
        assert_eq!(
            request["params"]["requestedSchema"],
            json!({
                "type": "object",
                "properties": {"confirm": {"type": "boolean"}},
                "required": ["confirm"]
            })
        );

        // A wrong answer: asked again under another key, naming the problem.
        let wrong = json!({"action": "accept", "content": {"confirm": "yes"}});
        answer(&session, &id, &first[0], wrong).await;
        let task = settled(&session, &id, 1).await;
        let second = keys(&task);
        assert_eq!(second.len(), 1, "{task}");
        assert_ne!(second, first, "a fresh key");
        let message = task["inputRequests"][&second[0]]["params"]["message"]
            .as_str()
            .unwrap();
        assert!(
            message.starts_with("40 files match *.log. Delete them?"),
            "{message}"
        );
        assert!(message.contains("confirm"), "{message}");

        // The spent key answered again: ignored (rmcp), the form still waits.
        let late = json!({"action": "accept", "content": {"confirm": true}});
        answer(&session, &id, &first[0], late).await;
        let task = settled(&session, &id, 1).await;
        assert_eq!(keys(&task), second, "{version}");

        let right = json!({"action": "accept", "content": {"confirm": true}});
        answer(&session, &id, &second[0], right).await;
        let task = settled(&session, &id, 1).await;
        assert_eq!(
            result(&task),
            ("Deleted 40 files matching *.log.", false),
            "{version}"
        );
    }
}

/// A task whose form's rounds are spent ends in a tool error told in the language of the call
/// that made it, and reported as such.
#[tokio::test]
async fn a_task_whose_rounds_are_spent_is_told_in_the_callers_language() {
    for version in VERSIONS {
        let session = client(version.clone()).await;
        let id = start_in(
            &session,
            "delete_files",
            json!({"pattern": "*.log"}),
            Some("de"),
        )
        .await;
        for _ in 0..3 {
            let task = settled(&session, &id, 1).await;
            let key = keys(&task).remove(0);
            let wrong = json!({"action": "accept", "content": {"confirm": "yes"}});
            answer(&session, &id, &key, wrong).await;
        }
        let task = settled(&session, &id, 1).await;
        assert_eq!(
            result(&task),
            (
                "Das Formular „40 files match *.log. Delete them?“ wurde 3-mal abgefragt, und die letzte Antwort verstößt noch immer gegen seine Regeln:\n- confirm: muss true oder false sein, ist aber Text",
                true
            ),
            "{version}"
        );
        assert_eq!(
            task["result"]["_meta"],
            json!({"io.modelcontextprotocol/contentLanguage": "de"}),
            "{version}"
        );
    }
}

#[tokio::test]
async fn decline_and_cancel_arrive_as_on_every_surface() {
    for (action, text) in [
        ("decline", "Nothing was deleted (declined)."),
        ("cancel", "Nothing was deleted (cancelled)."),
    ] {
        let session = client(ProtocolVersion::V_2026_07_28).await;
        let id = start(&session, "delete_files", json!({"pattern": "*"})).await;
        let key = keys(&settled(&session, &id, 1).await).remove(0);
        answer(&session, &id, &key, json!({"action": action})).await;
        let task = settled(&session, &id, 1).await;
        assert_eq!(result(&task), (text, false), "{action}");
    }
}

#[tokio::test]
async fn two_forms_are_pending_at_once_and_each_settles_by_its_key() {
    let session = client(ProtocolVersion::V_2026_07_28).await;
    let id = start(&session, "two_recipients", json!({})).await;
    let task = settled(&session, &id, 2).await;
    let both = keys(&task);
    assert_eq!(both.len(), 2, "{task}");

    let ada = json!({"action": "accept", "content": {"name": "Ada", "confirm": true}});
    answer(&session, &id, &both[0], ada).await;
    let task = settled(&session, &id, 1).await;
    assert_eq!(task["status"], "input_required");
    assert_eq!(
        keys(&task),
        vec![both[1].clone()],
        "the answered key is gone"
    );

    // The other one answered wrong (a name too short), then right.
    let short = json!({"action": "accept", "content": {"name": "B", "confirm": true}});
    answer(&session, &id, &both[1], short).await;
    let task = settled(&session, &id, 1).await;
    let again = keys(&task);
    assert_eq!(again.len(), 1);
    assert!(!both.contains(&again[0]), "{again:?}");
    let grace = json!({"action": "accept", "content": {"name": "Grace", "confirm": false}});
    answer(&session, &id, &again[0], grace).await;
    let task = settled(&session, &id, 1).await;
    let (text, _) = result(&task);
    // The two forms are alike: which answered first is the order the keys sorted in.
    assert!(
        text == "For Ada and Grace." || text == "For Grace and Ada.",
        "{text}"
    );
}

/// A `tasks/cancel` ends the task cancelled: while its form waits, before its form is asked, and
/// outside a form where the work looks (`stop_if_cancelled` between steps, `unless_cancelled`
/// around a long wait).
#[tokio::test]
async fn a_cancelled_task_ends_cancelled_in_a_form_or_outside() {
    for tool in ["delete_files", "work_then_confirm", "count", "wait_an_hour"] {
        let session = client(ProtocolVersion::V_2026_07_28).await;
        let id = start(&session, tool, json!({"pattern": "*"})).await;
        if tool == "delete_files" {
            // Its form waits.
            settled(&session, &id, 1).await;
        } else {
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        session
            .client
            .cancel_task(CancelTaskParams::new(id.clone()))
            .await
            .expect("tasks/cancel");
        let task = settled(&session, &id, 1).await;
        assert_eq!(task["status"], "cancelled", "{tool}: {task}");
    }
}

#[tokio::test]
async fn what_the_client_sends_back_is_judged() {
    // A malformed answer: the task fails with the protocol error, nothing read into `Confirm`.
    let session = client(ProtocolVersion::V_2026_07_28).await;
    let id = start(&session, "delete_files", json!({"pattern": "*"})).await;
    let key = keys(&settled(&session, &id, 1).await).remove(0);
    answer(
        &session,
        &id,
        &key,
        json!({"action": "accept", "content": "yes"}),
    )
    .await;
    let task = settled(&session, &id, 1).await;
    assert_eq!(task["status"], "failed", "{task}");
    assert_eq!(task["error"]["code"], ErrorCode::INVALID_PARAMS.0, "{task}");
    // Named by the key the client answered under, with no call to retry.
    assert_eq!(
        task["error"]["message"],
        format!(
            "the response under `{key}` in `tasks/update` is malformed: the `content` of an elicitation result must be an object, got text"
        ),
        "{task}"
    );

    // Wrong answers until the rounds are spent: a tool error naming the problem.
    let session = client(ProtocolVersion::V_2026_07_28).await;
    let id = start(&session, "delete_files", json!({"pattern": "*"})).await;
    let mut asked = 0;
    let task = loop {
        let task = settled(&session, &id, 1).await;
        if task["status"] != "input_required" {
            break task;
        }
        asked += 1;
        let key = keys(&task).remove(0);
        let wrong = json!({"action": "accept", "content": {"confirm": 3}});
        answer(&session, &id, &key, wrong).await;
    };
    assert_eq!(asked, mcp_elicit::rmcp::DEFAULT_ROUNDS, "{task}");
    let (text, is_error) = result(&task);
    assert!(is_error && text.contains("confirm"), "{text}");

    // No form elicitation declared: the task fails with -32021, nothing asked.
    let tasks_only = ClientCapabilities::builder().enable_tasks().build();
    let session = client_with(ProtocolVersion::V_2026_07_28, tasks_only).await;
    let id = start(&session, "delete_files", json!({"pattern": "*"})).await;
    let task = settled(&session, &id, 1).await;
    assert_eq!(task["status"], "failed", "{task}");
    assert_eq!(task["error"]["code"], -32021, "{task}");

    // No tasks extension declared: the call itself is refused with -32021 naming it.
    let forms_only = ClientCapabilities::builder().enable_elicitation().build();
    let session = client_with(ProtocolVersion::V_2026_07_28, forms_only).await;
    let request = CallToolRequestParams::new("delete_files")
        .with_arguments(json!({"pattern": "*"}).as_object().unwrap().clone());
    let Err(ServiceError::McpError(error)) = session.client.call_tool_once(request).await else {
        panic!("refused");
    };
    assert_eq!(error.code.0, -32021, "{error:?}");
    let data = serde_json::to_string(&error.data).unwrap();
    assert!(data.contains("io.modelcontextprotocol/tasks"), "{data}");
}

/// The error of a server served without `.with_tasks(tasks)` whose own `tasks/get` is rmcp's
/// default.
const UNANSWERED: &str = "this tool makes a task, but the server answers `tasks/get` with -32601 (method not found), so the task and its forms could never be seen: serve the server as `Forms::new(server).with_tasks(tasks)`, with the `TaskManager` its tools make tasks in";

/// `Forms::new(server)` without `.with_tasks(tasks)`, the server's own task methods dropped: the
/// first call that would make a task is refused, saying what to write, rather than making a task
/// that `tasks/get` answers with -32601 until it expires. A server that answers `tasks/*` itself
/// is served as before.
#[tokio::test]
async fn a_task_nobody_could_see_is_refused_naming_with_tasks() {
    let capabilities = || {
        ClientCapabilities::builder()
            .enable_elicitation()
            .enable_tasks()
            .build()
    };
    for version in VERSIONS {
        let forgotten = Forms::new(Server::new(TaskManager::new()));
        let session = connect_with(forgotten, version.clone(), capabilities(), vec![]).await;
        for _ in 0..2 {
            let request = CallToolRequestParams::new("two_recipients");
            let Err(ServiceError::McpError(error)) = session.client.call_tool_once(request).await
            else {
                panic!("refused");
            };
            assert_eq!(
                (error.code, error.message.as_ref()),
                (ErrorCode::INTERNAL_ERROR, UNANSWERED),
                "{version}"
            );
        }

        let own = Forms::new(OwnTasks(Server::new(TaskManager::new())));
        let session = connect_with(own, version.clone(), capabilities(), vec![]).await;
        let id = start(&session, "delete_files", json!({"pattern": "*"})).await;
        let key = keys(&settled(&session, &id, 1).await).remove(0);
        answer(&session, &id, &key, json!({"action": "decline"})).await;
        let task = settled(&session, &id, 1).await;
        assert_eq!(
            result(&task),
            ("Nothing was deleted (declined).", false),
            "{version}"
        );
    }
}

/// The server with rmcp's own task methods, answered from its manager.
#[derive(Clone)]
struct OwnTasks(Server);

impl ServerHandler for OwnTasks {
    fn get_info(&self) -> ServerConfig {
        let mut info = self.0.get_info();
        info.capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tasks()
            .build();
        info
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: rmcp::service::RequestContext<rmcp::service::RoleServer>,
    ) -> Result<CallToolResponse, rmcp::ErrorData> {
        self.0.call_tool(request, context).await
    }

    async fn list_tools(
        &self,
        request: Option<rmcp::model::PaginatedRequestParams>,
        context: rmcp::service::RequestContext<rmcp::service::RoleServer>,
    ) -> Result<rmcp::model::ListToolsResult, rmcp::ErrorData> {
        self.0.list_tools(request, context).await
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _context: rmcp::service::RequestContext<rmcp::service::RoleServer>,
    ) -> Result<rmcp::model::GetTaskResult, rmcp::ErrorData> {
        let task = self.0.tasks.get_task(&request.task_id)?;
        Ok(rmcp::model::GetTaskResult::new(task))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _context: rmcp::service::RequestContext<rmcp::service::RoleServer>,
    ) -> Result<(), rmcp::ErrorData> {
        self.0
            .tasks
            .update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _context: rmcp::service::RequestContext<rmcp::service::RoleServer>,
    ) -> Result<(), rmcp::ErrorData> {
        self.0.tasks.cancel_task(&request.task_id)
    }
}
