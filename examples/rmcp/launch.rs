//! What the example clients share: the protocol version asked for on the command line, and the
//! example server to start.

use std::path::PathBuf;

use rmcp::model::ProtocolVersion;
use tokio::process::Command;

/// The version named on the command line: 2025-11-25 or 2026-07-28 (clap's value parser of the
/// clients' `VERSION`, whose default is 2025-11-25).
pub fn version(arg: &str) -> Result<ProtocolVersion, String> {
    match arg {
        "2025-11-25" => Ok(ProtocolVersion::V_2025_11_25),
        "2026-07-28" => Ok(ProtocolVersion::V_2026_07_28),
        _ => Err("expected `2025-11-25` or `2026-07-28`".to_owned()),
    }
}

/// The server to start: the program given, or the example server through cargo.
pub fn server_command(program: Option<String>) -> Command {
    if let Some(server) = program {
        Command::new(server)
    } else {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command
            .args(["run", "--quiet", "--bin", "rmcp_server"])
            .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
        command
    }
}
