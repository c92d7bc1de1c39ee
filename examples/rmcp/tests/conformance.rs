//! The official MCP conformance suite's elicitation scenarios, over Streamable HTTP: every check
//! of `tools-call-elicitation`, `elicitation-sep1034-defaults` and `elicitation-sep1330-enums`
//! against `conformance_server`, and of the client scenario
//! `elicitation-sep1034-client-defaults` against `conformance_client`, must pass.
//!
//! It needs the suite, and the Node.js 22 it runs on (`fs.globSync`): `npm install` in
//! `conformance/` (beside this file's folder), then
//! `cargo test -p mcp-elicit-rmcp-examples --test conformance -- --ignored` (CI does both).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

const SERVER: &str = env!("CARGO_BIN_EXE_conformance_server");
const CLIENT: &str = env!("CARGO_BIN_EXE_conformance_client");

const SCENARIOS: [&str; 3] = [
    "tools-call-elicitation",
    "elicitation-sep1034-defaults",
    "elicitation-sep1330-enums",
];

/// Where the suite is installed.
fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// The Node.js 22 installed beside the suite (the npm package `node`), or the machine's.
fn node(dir: &Path) -> PathBuf {
    let local = dir.join("node_modules/.bin/node");
    if local.exists() {
        local
    } else {
        PathBuf::from("node")
    }
}

/// Starts the server on a port the system chooses; its URL.
async fn start_server() -> (Child, String) {
    let mut server = Command::new(SERVER)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the server starts");
    let stdout = server.stdout.take().expect("piped");
    let mut lines = BufReader::new(stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
        .await
        .expect("the server says where it serves")
        .expect("the server's output reads")
        .expect("the server prints its URL");
    let url = line
        .strip_prefix("serving ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_owned();
    (server, url)
}

/// Runs the suite with `args`; fails unless every check of the scenario passed.
async fn run_suite(scenario: &str, args: &[&str]) {
    let dir = suite_dir();
    let suite = dir.join("node_modules/@modelcontextprotocol/conformance/dist/index.js");
    assert!(
        suite.exists(),
        "the suite is not installed: run `npm install` in {}",
        dir.display()
    );
    let output = tokio::time::timeout(
        Duration::from_secs(120),
        Command::new(node(&dir))
            .arg(&suite)
            .args(args)
            .args(["--scenario", scenario])
            .current_dir(&dir)
            .output(),
    )
    .await
    .expect("the suite finishes")
    .expect("the suite runs");
    // The summary goes to standard output for server scenarios, to standard error for client
    // ones: read both.
    let report = format!(
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success() && report.contains(" 0 failed"),
        "{scenario} failed ({}):\n{report}",
        output.status
    );
    // The scenario ran its checks: a run with none would prove nothing.
    assert!(
        report.contains("Passed: ") && !report.contains("Passed: 0/"),
        "{scenario}: no checks ran\n{report}"
    );
    let summary = report.lines().rfind(|l| l.starts_with("Passed: "));
    println!("{scenario}: {}", summary.unwrap_or_default());
}

#[tokio::test]
#[ignore = "needs the conformance suite: npm install in examples/rmcp/conformance"]
async fn the_official_client_scenario_passes() {
    run_suite(
        "elicitation-sep1034-client-defaults",
        &["client", "--command", CLIENT],
    )
    .await;
}

#[tokio::test]
#[ignore = "needs the conformance suite: npm install in examples/rmcp/conformance"]
async fn the_official_elicitation_scenarios_pass() {
    let (_server, url) = start_server().await;
    for scenario in SCENARIOS {
        run_suite(scenario, &["server", "--url", &url]).await;
    }
}
