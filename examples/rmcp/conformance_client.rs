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
//! `conformance_client URL`, as `--help` says.
//!
//! It speaks the protocol version the suite names in `MCP_CONFORMANCE_PROTOCOL_VERSION`: on
//! 2026-07-28 it discovers the server (`server/discover`, no `initialize`), and rmcp's `call_tool`
//! drives the input-required rounds, each form answered through the same handler.
//!
//! `tests/conformance.rs` (beside this file) runs the suite's `elicitation-sep1034-client-defaults`
//! (2025-11-25) and `sep-2322-client-request-state` (2026-07-28) scenarios with it.

use mcp_elicit::client::{FormToFill, FormUi};
use mcp_elicit::{Content, Elicitation};
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ErrorData, Implementation, ProtocolVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, ServiceExt};

/// Calls every tool of the server at URL, accepting each form with its defaults
#[derive(clap::Parser)]
#[command(name = "conformance_client")]
struct Cli {
    /// The server's MCP endpoint, `http://HOST:PORT/mcp`
    url: String,
}

/// A person who accepts every form as it is shown: with its defaults.
struct AcceptDefaults;

impl FormUi for AcceptDefaults {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        Elicitation::Accepted(form.values.clone())
    }
}

struct Client {
    version: ProtocolVersion,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("mcp-elicit-conformance-client", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.version.clone())
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
    let Cli { url } = clap::Parser::parse();
    // The version the suite asks for (2025-11-25 when it names none).
    let version = match std::env::var("MCP_CONFORMANCE_PROTOCOL_VERSION") {
        Ok(version) => serde_json::from_value(serde_json::Value::String(version))?,
        Err(_) => ProtocolVersion::V_2025_11_25,
    };
    let transport = StreamableHttpClientTransport::from_uri(url);
    let client = if version >= ProtocolVersion::V_2026_07_28 {
        let lifecycle = ClientLifecycleMode::Discover {
            preferred_versions: vec![version.clone()],
        };
        Client { version }
            .serve_with_lifecycle(transport, lifecycle)
            .await?
    } else {
        Client { version }.serve(transport).await?
    };
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
