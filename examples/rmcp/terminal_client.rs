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
//! Then `--tool NAME` and `--arguments JSON` call another tool (with those arguments) instead of
//! `signup`, and what follows names the server program to start, with its arguments, instead of
//! `cargo run --bin rmcp_server` (the tests pass the binary cargo built, or the official example
//! server with every feature): `terminal_client [VERSION] [--tool NAME] [--arguments JSON]
//! [SERVER [ARGUMENTS...]]`, as `--help` says.
//!
//! ```sh
//! cargo run --bin terminal_client -- 2025-11-25 --tool trigger-elicitation-request \
//!     npx @modelcontextprotocol/server-everything
//! ```

#[path = "launch.rs"]
mod launch;

use std::time::Duration;

use mcp_elicit::client::TerminalUi;
use mcp_elicit::rmcp::{UrlCompletions, call_tool};
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, CustomNotification,
    ElicitRequestParams, ElicitResult, ErrorData, Implementation, JsonObject, ProtocolVersion,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, NotificationContext, RequestContext, RoleClient,
};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ServiceExt};

/// Starts a server, calls its tool, and shows each form it asks for at the terminal
#[derive(clap::Parser)]
#[command(name = "terminal_client")]
struct Cli {
    /// The protocol version to speak: 2025-11-25 or 2026-07-28
    #[arg(default_value = "2025-11-25", value_parser = launch::version)]
    version: ProtocolVersion,
    /// The tool to call
    #[arg(long, value_name = "NAME", default_value = "signup")]
    tool: String,
    /// The tool's arguments, a JSON object [default: none]
    #[arg(long, value_name = "JSON", value_parser = json_object)]
    arguments: Option<JsonObject>,
    /// The server program to start, with its arguments [default: `cargo run --bin rmcp_server`]
    #[arg(
        value_name = "SERVER",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    server: Vec<String>,
}

/// A JSON object given on the command line.
fn json_object(text: &str) -> Result<JsonObject, serde_json::Error> {
    serde_json::from_str(text)
}

struct Terminal {
    /// The terminal form, in the language of the locale (`LANG`).
    ui: TerminalUi,
    version: ProtocolVersion,
    /// The pages the server said are complete (2025-11-25), for a `-32042` error's retry.
    completions: UrlCompletions,
}

/// How long a `-32042` error's pages are waited for before the call is made again: the server
/// says when each is complete, if it does (the official example server never does).
const PAGE_WAIT: Duration = Duration::from_secs(3);

impl ClientHandler for Terminal {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            // Form mode, and URL mode since `TerminalUi` opens pages: exactly what it can do.
            ClientCapabilities::builder()
                .enable_elicitation_with(mcp_elicit::rmcp::elicitation_capability(&self.ui))
                .build(),
            Implementation::new("mcp-elicit-terminal-client", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        mcp_elicit::rmcp::answer_elicitation(&self.ui, request).await
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        self.completions.observe(&notification);
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cli: Cli = clap::Parser::parse();
    let version = cli.version;
    let mut request = CallToolRequestParams::new(cli.tool);
    if let Some(arguments) = cli.arguments {
        request = request.with_arguments(arguments);
    }
    let mut program = cli.server.into_iter();
    let mut server = launch::server_command(program.next());
    server.args(program);
    let transport = TokioChildProcess::new(server)?;
    let completions = UrlCompletions::default();
    let ui = TerminalUi::new();
    let client = Terminal {
        ui: ui.clone(),
        version: version.clone(),
        completions: completions.clone(),
    };
    let client = if version >= ProtocolVersion::V_2026_07_28 {
        let lifecycle = ClientLifecycleMode::Discover {
            preferred_versions: vec![version],
        };
        client.serve_with_lifecycle(transport, lifecycle).await?
    } else {
        client.serve(transport).await?
    };
    // A `-32042` error (2025-11-25) is handled in the call: its pages shown, then called again.
    let result = call_tool(&client, &ui, &completions, request, PAGE_WAIT).await?;
    for content in &result.content {
        if let Some(text) = content.as_text() {
            println!("The server says: {}", text.text);
        }
    }
    client.cancel().await?;
    Ok(())
}
