//! Forms inside rmcp's tasks (SEP-2663): a `#[tool]` method marked `#[asks]` runs its work as a
//! task (`Call::task`), whose forms are typed, judged and asked again under a fresh key until
//! valid, through a real rmcp client that polls `tasks/get` and answers with `tasks/update`.
//! Decline and cancel arrive as on every surface; two forms may be pending at once; a
//! `tasks/cancel` ends a task waiting on its form; what the client sends back is judged.

use std::time::Duration;

use mcp_elicit::rmcp::{Call, Forms, Handled, asks};
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
    let server = Server {
        tool_router: Server::tool_router(),
        tasks: tasks.clone(),
    };
    // `Forms` answers `tasks/get`, `tasks/update` and `tasks/cancel` from the server's manager,
    // and declares the extension.
    let with_tasks = Forms::new(server).with_tasks(tasks);
    connect_with(with_tasks, version, capabilities, vec![]).await
}

/// Calls `tool` and gives the id of the task it made.
async fn start(session: &Session, tool: &'static str, arguments: Value) -> String {
    let mut request = CallToolRequestParams::new(tool);
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

#[tokio::test]
async fn a_task_cancelled_while_its_form_waits_ends_cancelled() {
    let session = client(ProtocolVersion::V_2026_07_28).await;
    let id = start(&session, "delete_files", json!({"pattern": "*"})).await;
    settled(&session, &id, 1).await;
    session
        .client
        .cancel_task(CancelTaskParams::new(id.clone()))
        .await
        .expect("tasks/cancel");
    let task = settled(&session, &id, 1).await;
    assert_eq!(task["status"], "cancelled", "{task}");
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
