//! A method marked `#[asks]` that does not take the call it would ask in.
use mcp_elicit::rmcp::{Handled, asks};
use rmcp::{tool, tool_router};

struct Server;

#[tool_router]
impl Server {
    #[asks]
    #[tool(description = "Greets the user")]
    async fn greet(&self) -> Handled<String> {
        Ok("Hello".to_owned())
    }
}

fn main() {
    let _ = Server::tool_router();
}
