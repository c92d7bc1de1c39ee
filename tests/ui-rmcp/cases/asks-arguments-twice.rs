//! A tool whose arguments are both a derived `Call<A>` and rmcp's `Parameters`.
use mcp_elicit::Elicit;
use mcp_elicit::rmcp::{Call, Handled, asks};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::JsonObject;
use rmcp::{tool, tool_router};

#[derive(Elicit)]
struct Booking {
    guests: u8,
}

struct Server;

#[tool_router]
impl Server {
    #[asks]
    #[tool(description = "Books a table")]
    async fn book(&self, call: Call<Booking>, Parameters(raw): Parameters<JsonObject>) -> Handled<String> {
        Ok(format!("{} {}", call.name(), raw.len()))
    }
}

fn main() {
    let _ = Server::tool_router();
}
