//! `#[asks]` below `#[tool]`: `#[tool]` has already rewritten the method when `#[asks]` sees it.
use mcp_elicit::rmcp::{Call, Handled, asks};
use rmcp::{tool, tool_router};

struct Server;

#[tool_router]
impl Server {
    #[tool(description = "Greets the user")]
    #[asks]
    async fn greet(&self, call: Call) -> Handled<String> {
        Ok(call.name().to_owned())
    }
}

fn main() {
    let _ = Server::tool_router();
}
