//! A method marked `#[asks]` that returns rmcp's `Result<_, ErrorData>`: `?` would lose the form.
use mcp_elicit::rmcp::{Call, asks};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{CallToolResult, ErrorData};
use rmcp::{tool, tool_router};

#[derive(Elicit)]
struct Name {
    name: String,
}

struct Server;

#[tool_router]
impl Server {
    #[asks]
    #[tool(description = "Greets the user")]
    async fn greet(&self, call: Call) -> Result<CallToolResult, ErrorData> {
        let Elicitation::Accepted(user) = call.ask::<Name>().await.unwrap() else {
            return Ok(CallToolResult::success(vec![]));
        };
        Ok(CallToolResult::success(vec![rmcp::model::ContentBlock::text(user.name)]))
    }
}

fn main() {
    let _ = Server::tool_router();
}
