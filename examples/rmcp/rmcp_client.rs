//! A real MCP client on the official Rust SDK (rmcp): starts the example server
//! (`rmcp_server.rs`, beside this file) as a child process, calls its `signup` tool twice, and fills in the form the server asks for, once with
//! valid values and once by declining. It checks its answer against the received schema with
//! `RequestedSchema::validate` before sending it, as a client can.
//!
//! ```sh
//! cargo run --bin rmcp_client                  # the 2025-11-25 handshake
//! cargo run --bin rmcp_client -- 2026-07-28    # 2026-07-28 round trips
//! ```
//!
//! A second argument names the server program to start instead of `cargo run --bin rmcp_server`
//! (the end-to-end test passes the binary cargo built for it): `rmcp_client [VERSION] [SERVER]`,
//! as `--help` says.

#[path = "launch.rs"]
mod launch;

use std::collections::VecDeque;
use std::sync::Mutex;

use mcp_elicit::RequestedSchema;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ElicitationAction, ErrorData, Implementation, ProtocolVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ServiceExt};
use serde_json::json;

/// Starts the example server, calls its `signup` tool twice and fills in the form it asks for
#[derive(clap::Parser)]
#[command(name = "rmcp_client")]
struct Cli {
    /// The protocol version to speak: 2025-11-25 or 2026-07-28
    #[arg(default_value = "2025-11-25", value_parser = launch::version)]
    version: ProtocolVersion,
    /// The server program to start [default: `cargo run --bin rmcp_server`]
    server: Option<String>,
}

/// Answers elicitations from a script: what a person would do, one form after the other.
struct FormFiller {
    version: ProtocolVersion,
    answers: Mutex<VecDeque<ElicitResult>>,
}

impl ClientHandler for FormFiller {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("signup-client", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } = request
        else {
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        };
        let wire = serde_json::to_value(&requested_schema)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        let fields: Vec<&String> = wire["properties"]
            .as_object()
            .map(|p| p.keys().collect())
            .unwrap_or_default();
        println!("the server asks: {message:?}, with the fields {fields:?}");

        let answer = self
            .answers
            .lock()
            .ok()
            .and_then(|mut answers| answers.pop_front())
            .unwrap_or_else(|| ElicitResult::new(ElicitationAction::Cancel));
        if let Some(content) = answer.content.as_ref().and_then(|c| c.as_object()) {
            // A client can check its answer before it sends it, with the server's own rules.
            let schema: RequestedSchema = serde_json::from_value(wire)
                .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
            match schema.validate(content) {
                Ok(()) => println!("the answer fits the form"),
                Err(problems) => println!("the answer does not fit the form:\n{problems}"),
            }
        }
        println!(
            "the user answers: {}",
            serde_json::to_string(&answer).unwrap_or_default()
        );
        Ok(answer)
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Cli { version, server } = clap::Parser::parse();
    let filler = FormFiller {
        version: version.clone(),
        answers: Mutex::new(VecDeque::from([
            ElicitResult::new(ElicitationAction::Accept).with_content(json!({
                "email": "ada@example.com",
                "age": 36,
                "plan": "pro",
                "topics": ["security-notices", "releases"]
            })),
            ElicitResult::new(ElicitationAction::Decline),
        ])),
    };
    let transport = TokioChildProcess::new(launch::server_command(server))?;
    let client = if version >= ProtocolVersion::V_2026_07_28 {
        let lifecycle = ClientLifecycleMode::Discover {
            preferred_versions: vec![version.clone()],
        };
        filler.serve_with_lifecycle(transport, lifecycle).await?
    } else {
        filler.serve(transport).await?
    };
    println!("connected on MCP {version}");

    for attempt in ["first", "second"] {
        let result = client
            .call_tool(CallToolRequestParams::new("signup"))
            .await?;
        let text: Vec<String> = result
            .content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect();
        println!("{attempt} call of signup: {}", text.join(" "));
    }
    client.cancel().await?;
    Ok(())
}
