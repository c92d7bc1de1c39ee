//! An MCP client over Streamable HTTP, built on the official Rust SDK (rmcp), for the official
//! MCP conformance suite's client scenarios: it connects to the server URL given as its last
//! argument (the suite's convention), calls every tool the server lists with empty arguments,
//! and answers each form by accepting it with the defaults applied, through
//! `mcp_elicit::rmcp::answer_elicitation`.
//!
//! ```sh
//! cargo run --bin conformance_client -- http://127.0.0.1:3001/mcp
//! ```
//!
//! `tests/conformance.rs` (beside this file) runs the suite's `elicitation-sep1034-client-defaults`
//! scenario with it.

use mcp_elicit::client::{Filled, FormToFill, FormUi};
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ErrorData, Implementation,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, ServiceExt};

/// A person who accepts every form as it is shown: with its defaults.
struct AcceptDefaults;

impl FormUi for AcceptDefaults {
    async fn fill(&self, form: FormToFill<'_>) -> Filled {
        Filled::Accept(form.values.clone())
    }
}

struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("mcp-elicit-conformance-client", env!("CARGO_PKG_VERSION")),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        mcp_elicit::rmcp::answer_elicitation(&AcceptDefaults, request).await
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::args()
        .next_back()
        .filter(|arg| arg.starts_with("http"))
        .ok_or("usage: conformance_client URL")?;
    let client = Client
        .serve(StreamableHttpClientTransport::from_uri(url))
        .await?;
    for tool in client.list_all_tools().await? {
        let result = client
            .call_tool(CallToolRequestParams::new(tool.name.clone()))
            .await?;
        let text: Vec<String> = result
            .content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect();
        println!("{}: {}", tool.name, text.join(" "));
    }
    client.cancel().await?;
    Ok(())
}
