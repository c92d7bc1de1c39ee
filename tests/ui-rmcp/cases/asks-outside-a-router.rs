//! `#[asks]` on a method that is neither a `#[tool]` nor a `#[prompt]`.
use mcp_elicit::rmcp::{Call, Handled, asks};

struct Server;

impl Server {
    #[asks]
    async fn greet(&self, call: Call) -> Handled<String> {
        Ok(call.name().to_owned())
    }
}

fn main() {}
