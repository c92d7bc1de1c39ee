//! A `#[tool]` method that takes the call and returns `Handled`, without `#[asks]`.
use mcp_elicit::rmcp::{Call, Handled};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::{tool, tool_router};

#[derive(Elicit)]
struct Name {
    name: String,
}

struct Server;

#[tool_router]
impl Server {
    #[tool(description = "Greets the user")]
    async fn greet(&self, call: Call) -> Handled<String> {
        let Elicitation::Accepted(user) = call.ask::<Name>().await? else {
            return Ok("Hello Guest!".into());
        };
        Ok(format!("Hello {}!", user.name))
    }
}

fn main() {
    let _ = Server::tool_router();
}
