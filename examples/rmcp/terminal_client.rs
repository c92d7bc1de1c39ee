//! A person fills in the example server's form at the terminal: an MCP client on the official
//! Rust SDK (rmcp) that starts the example server (`rmcp_server.rs`, beside this file), calls its
//! `signup` tool, and shows the form it asks for with `mcp_elicit::client::TerminalUi`: each
//! field in order, checked as it is entered; the answer checked against the whole form before it
//! is sent; decline and cancel (`Esc`) at hand.
//!
//! ```sh
//! cargo run --bin terminal_client                  # the 2025-11-25 handshake
//! cargo run --bin terminal_client -- 2026-07-28    # 2026-07-28 round trips
//! ```
//!
//! A second argument names the server program to start instead of `cargo run --bin rmcp_server`
//! (the test passes the binary cargo built for it).

#[path = "launch.rs"]
mod launch;

use mcp_elicit::client::TerminalUi;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ErrorData, Implementation, ProtocolVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ServiceExt};

struct Terminal {
    version: ProtocolVersion,
}

impl ClientHandler for Terminal {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("mcp-elicit-terminal-client", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        mcp_elicit::rmcp::answer_elicitation(&TerminalUi, request).await
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let version = launch::version(args.next())?;
    let transport = TokioChildProcess::new(launch::server_command(args.next()))?;
    let client = Terminal {
        version: version.clone(),
    };
    let client = if version >= ProtocolVersion::V_2026_07_28 {
        let lifecycle = ClientLifecycleMode::Discover {
            preferred_versions: vec![version],
        };
        client.serve_with_lifecycle(transport, lifecycle).await?
    } else {
        client.serve(transport).await?
    };
    let result = client
        .call_tool(CallToolRequestParams::new("signup"))
        .await?;
    for content in &result.content {
        if let Some(text) = content.as_text() {
            println!("The server says: {}", text.text);
        }
    }
    client.cancel().await?;
    Ok(())
}
