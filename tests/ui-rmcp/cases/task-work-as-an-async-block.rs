//! A task's work written as an async block, not a closure given the task.
use mcp_elicit::rmcp::{Call, Handled, asks};
use rmcp::model::{CallToolResponse, CallToolResult};
use rmcp::task_manager::{TaskManager, TaskOptions};
use rmcp::{tool, tool_router};

struct Server {
    tasks: TaskManager,
}

#[tool_router]
impl Server {
    #[asks]
    #[tool(description = "Works long")]
    async fn work(&self, call: Call) -> Handled<CallToolResponse> {
        call.task(&self.tasks, TaskOptions::new(), async move {
            Ok(CallToolResult::success(vec![]))
        })
    }
}

fn main() {
    let _ = Server::tool_router();
}
