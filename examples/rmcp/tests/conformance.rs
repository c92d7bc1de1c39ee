//! The official MCP conformance suite over Streamable HTTP, two pinned versions of it:
//!
//! - 0.1.16 at 2025-11-25: the elicitation scenarios `tools-call-elicitation`,
//!   `elicitation-sep1034-defaults` and `elicitation-sep1330-enums` against `conformance_server`,
//!   and the client scenario `elicitation-sep1034-client-defaults` against `conformance_client`;
//! - 0.2.0-alpha.12 at 2026-07-28 (the frozen requirement set): the 14 `input-required-result-*`
//!   server scenarios against `conformance_server`, and the client scenario
//!   `sep-2322-client-request-state` against `conformance_client`.
//!
//! A scenario passes only when every check it wrote (`-o DIR`, one JSON file per scenario) is
//! `SUCCESS`: a `WARNING` (several scenarios pass vacuously with one), `FAILURE` or `SKIPPED`
//! fails it. `INFO` entries are the suite's log of the messages it saw, not checks.
//!
//! Beside them, two replicas of `conformance_server` sharing a key serve each other's rounds, and
//! a third with another key refuses their state; and the load test (`load`, beside the server)
//! at a small size loses no flow.
//!
//! It needs the suites, and the Node.js 22 they run on: `npm install` in `conformance/` (beside
//! this file's folder), then
//! `cargo test -p mcp-elicit-rmcp-examples --test conformance -- --ignored` (CI does both).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

const SERVER: &str = env!("CARGO_BIN_EXE_conformance_server");
const CLIENT: &str = env!("CARGO_BIN_EXE_conformance_client");
const LOAD: &str = env!("CARGO_BIN_EXE_load");

const SCENARIOS_2025: [&str; 3] = [
    "tools-call-elicitation",
    "elicitation-sep1034-defaults",
    "elicitation-sep1330-enums",
];

const SCENARIOS_2026: [&str; 14] = [
    "input-required-result-basic-elicitation",
    "input-required-result-basic-sampling",
    "input-required-result-basic-list-roots",
    "input-required-result-request-state",
    "input-required-result-multiple-input-requests",
    "input-required-result-multi-round",
    "input-required-result-missing-input-response",
    "input-required-result-non-tool-request",
    "input-required-result-result-type",
    "input-required-result-unsupported-methods",
    "input-required-result-tampered-state",
    "input-required-result-capability-check",
    "input-required-result-ignore-extra-params",
    "input-required-result-validate-input",
];

/// A pinned version of the suite.
#[derive(Clone, Copy)]
enum Suite {
    /// 0.1.16, for 2025-11-25.
    V0_1,
    /// 0.2.0-alpha.12, for 2026-07-28.
    V0_2,
}

impl Suite {
    fn package(self) -> &'static str {
        match self {
            Suite::V0_1 => "@modelcontextprotocol/conformance",
            Suite::V0_2 => "conformance-2026",
        }
    }

    fn spec_version(self) -> &'static str {
        match self {
            Suite::V0_1 => "2025-11-25",
            Suite::V0_2 => "2026-07-28",
        }
    }
}

/// Where the suites are installed.
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

/// Starts the server on a port the system chooses, with `key` as its state key if given; its
/// URL.
async fn start_server(key: Option<&str>) -> (Child, String) {
    let mut command = Command::new(SERVER);
    command
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .kill_on_drop(true);
    match key {
        Some(key) => command.env("MCP_ELICIT_STATE_KEY", key),
        None => command.env_remove("MCP_ELICIT_STATE_KEY"),
    };
    let mut server = command.spawn().expect("the server starts");
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

/// Every check file under `dir`, read.
fn checks_in(dir: &Path) -> Vec<Value> {
    let mut checks = Vec::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n == "checks.json") {
                let text = std::fs::read_to_string(&path).expect("the checks read");
                let read: Value = serde_json::from_str(&text).expect("the checks are JSON");
                checks.extend(read.as_array().cloned().unwrap_or_default());
            }
        }
    }
    checks
}

/// Runs `suite`'s `scenario` with `args`; fails unless every check it wrote is `SUCCESS`.
async fn run_suite(suite: Suite, scenario: &str, args: &[&str]) {
    let dir = suite_dir();
    let index = dir
        .join("node_modules")
        .join(suite.package())
        .join("dist/index.js");
    assert!(
        index.exists(),
        "the suite is not installed: run `npm install` in {}",
        dir.display()
    );
    let out = std::env::temp_dir().join(format!(
        "mcp-elicit-conformance-{}-{scenario}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&out);
    let output = tokio::time::timeout(
        Duration::from_mins(2),
        Command::new(node(&dir))
            .arg(&index)
            .args(args)
            .args([
                "--scenario",
                scenario,
                "--spec-version",
                suite.spec_version(),
            ])
            .arg("-o")
            .arg(&out)
            .current_dir(&dir)
            .output(),
    )
    .await
    .expect("the suite finishes")
    .expect("the suite runs");
    let report = format!(
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let checks = checks_in(&out);
    let verdicts: Vec<&Value> = checks.iter().filter(|c| c["status"] != "INFO").collect();
    let not_passed: Vec<String> = verdicts
        .iter()
        .filter(|c| c["status"] != "SUCCESS")
        .map(|c| format!("{} {}: {}", c["status"], c["id"], c["errorMessage"]))
        .collect();
    assert!(
        !verdicts.is_empty(),
        "{scenario}: no checks ran ({})\n{report}",
        output.status
    );
    assert!(
        not_passed.is_empty() && output.status.success(),
        "{scenario} ({}): {not_passed:#?}\n{report}",
        output.status
    );
    println!("{scenario}: {} checks, every one SUCCESS", verdicts.len());
    let _ = std::fs::remove_dir_all(&out);
}

#[tokio::test]
#[ignore = "needs the conformance suite: npm install in examples/rmcp/conformance"]
async fn the_official_client_scenarios_pass() {
    run_suite(
        Suite::V0_1,
        "elicitation-sep1034-client-defaults",
        &["client", "--command", CLIENT],
    )
    .await;
    run_suite(
        Suite::V0_2,
        "sep-2322-client-request-state",
        &["client", "--command", CLIENT],
    )
    .await;
}

#[tokio::test]
#[ignore = "needs the conformance suite: npm install in examples/rmcp/conformance"]
async fn the_official_elicitation_scenarios_pass() {
    let (_server, url) = start_server(None).await;
    for scenario in SCENARIOS_2025 {
        run_suite(Suite::V0_1, scenario, &["server", "--url", &url]).await;
    }
}

#[tokio::test]
#[ignore = "needs the conformance suite: npm install in examples/rmcp/conformance"]
async fn the_official_input_required_scenarios_pass() {
    let (_server, url) = start_server(None).await;
    for scenario in SCENARIOS_2026 {
        run_suite(Suite::V0_2, scenario, &["server", "--url", &url]).await;
    }
}

/// The tasks extension's scenarios of forms (SEP-2663, not on the spec's timeline: `--force`):
/// forms asked from tasks (`confirm_delete`, and `multi_input`'s two at once) through
/// `TaskCall`, and a form asked before the task is made (`test_tool_with_task`).
#[tokio::test]
#[ignore = "needs the conformance suite: npm install in examples/rmcp/conformance"]
async fn the_official_tasks_input_scenarios_pass() {
    let (_server, url) = start_server(None).await;
    let args = ["server", "--url", &url, "--force"];
    run_suite(Suite::V0_2, "tasks-mrtr-input", &args).await;
    // A form asked in the call's own rounds, then a task carrying its answer.
    run_suite(Suite::V0_2, "tasks-mrtr-composition", &args).await;
}

/// A stateless 2026-07-28 `tools/call` to `url` from a client declaring elicitation: its
/// JSON-RPC response.
async fn call(url: &str, params: Value) -> Value {
    call_as(url, params, json!({"elicitation": {}})).await.1
}

/// A stateless 2026-07-28 `tools/call` to `url` from a client declaring `capabilities`: the HTTP
/// status and the JSON-RPC response.
async fn call_as(url: &str, params: Value, capabilities: Value) -> (u16, Value) {
    request(url, "tools/call", params, capabilities).await
}

/// A stateless 2026-07-28 `method` request to `url` from a client declaring `capabilities`: the
/// HTTP status and the JSON-RPC response.
async fn request(url: &str, method: &str, params: Value, capabilities: Value) -> (u16, Value) {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "replicas", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": capabilities,
    });
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let name = params["name"]
        .as_str()
        .or_else(|| params["uri"].as_str())
        .unwrap_or_default()
        .to_owned();
    let response = tokio::task::spawn_blocking({
        let url = url.to_owned();
        let method = method.to_owned();
        move || http_post(&url, &method, &body.to_string(), &name)
    })
    .await
    .expect("the request runs");
    let status = response
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {response}"));
    // The body is JSON, or server-sent events whose `data:` line is.
    let json = response
        .lines()
        .find_map(|l| {
            l.strip_prefix("data: ")
                .or_else(|| l.starts_with('{').then_some(l))
        })
        .unwrap_or_else(|| panic!("no JSON in {response}"));
    let message: Value = serde_json::from_str(json).expect("a JSON-RPC response");
    (status, message)
}

/// POSTs `body` to `url` over plain HTTP/1.1 on loopback: the response's body.
fn http_post(url: &str, method: &str, body: &str, name: &str) -> String {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = rest.split_once('/').expect("a path");
    let mut stream = std::net::TcpStream::connect(host).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "POST /{path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: {method}\r\nMcp-Name: {name}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut response = String::new();
    stream
        .read_to_string(&mut response)
        .expect("the response reads");
    response
}

/// Replicas that share a key serve each other's rounds: round 1 on one, round 2 on the other.
/// A replica with another key refuses the state with -32602, and one with the same key refuses
/// it replayed into another tool. A client without elicitation gets -32021 and HTTP 400.
#[tokio::test]
#[ignore = "starts three servers (run with the conformance tests)"]
async fn replicas_sharing_a_key_serve_each_others_rounds() {
    let key = "5a".repeat(32);
    let (_a, url_a) = start_server(Some(&key)).await;
    let (_b, url_b) = start_server(Some(&key)).await;
    let (_c, url_c) = start_server(Some(&"c3".repeat(32))).await;

    let tool = "test_input_required_result_multi_round";
    let r1 = call(&url_a, json!({"name": tool, "arguments": {}})).await;
    assert_eq!(r1["result"]["resultType"], "input_required", "{r1}");
    let state = r1["result"]["requestState"].clone();
    let answer = json!({"step1": {"action": "accept", "content": {"name": "Ada"}}});
    let retry =
        json!({"name": tool, "arguments": {}, "inputResponses": answer, "requestState": state});

    let r2 = call(&url_b, retry.clone()).await;
    assert_eq!(r2["result"]["resultType"], "input_required", "{r2}");
    assert!(r2["result"]["inputRequests"].get("step2").is_some(), "{r2}");
    let r3 = call(
        &url_a,
        json!({"name": tool, "arguments": {},
               "inputResponses": {"step2": {"action": "accept", "content": {"color": "blue"}}},
               "requestState": r2["result"]["requestState"]}),
    )
    .await;
    assert_eq!(r3["result"]["content"][0]["text"], "Ada likes blue", "{r3}");

    let refused = call(&url_c, retry.clone()).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("sealed by a server with another key"),
        "{refused}"
    );
    let (status, missing) = call_as(
        &url_a,
        json!({"name": "test_input_required_result_elicitation", "arguments": {}}),
        json!({"sampling": {}}),
    )
    .await;
    assert_eq!(
        (status, &missing["error"]["code"]),
        (400, &json!(-32021)),
        "{missing}"
    );
    assert_eq!(
        missing["error"]["data"],
        json!({"requiredCapabilities": {"elicitation": {"form": {}}}})
    );
    let mut elsewhere = retry;
    elsewhere["name"] = json!("test_input_required_result_elicitation");
    let refused = call(&url_b, elsewhere).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("sealed for another request"),
        "{refused}"
    );
}

/// The load test at a small size: every two-round flow over the two replicas completes. (Its
/// figures at full size are in BENCHMARKS.md; this checks only that nothing is lost.)
#[tokio::test]
#[ignore = "starts two servers (run with the conformance tests)"]
async fn a_bounded_load_over_two_replicas_loses_no_flow() {
    let output = Command::new(LOAD)
        .args(["--flows", "500", "--concurrency", "20"])
        .output()
        .await
        .expect("the load test runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && report.contains("500 completed, 0 failed"),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    println!("{report}");
}

/// A form from `resources/read`: the read ends with an `InputRequiredResult`, and the retried read
/// with the answer gives the contents; its state is bound to the resource's URI.
#[tokio::test]
#[ignore = "starts a server (run with the conformance tests)"]
async fn a_resource_read_asks_for_a_form() {
    let (_server, url) = start_server(None).await;
    let elicitation = json!({"elicitation": {}});
    let read = json!({"uri": "test://input-required"});
    let (_, first) = request(&url, "resources/read", read.clone(), elicitation.clone()).await;
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let form = &first["result"]["inputRequests"]["user_name"];
    assert_eq!(form["method"], "elicitation/create", "{first}");
    assert_eq!(form["params"]["message"], "Whose resource is it?");
    let mut retry = read;
    retry["inputResponses"] =
        json!({"user_name": {"action": "accept", "content": {"name": "Ada"}}});
    retry["requestState"] = first["result"]["requestState"].clone();
    let (_, done) = request(&url, "resources/read", retry.clone(), elicitation.clone()).await;
    assert_eq!(
        done["result"]["contents"][0]["text"], "This resource belongs to Ada.",
        "{done}"
    );
    // The same state replayed into a tool call: refused.
    retry["name"] = json!("test_input_required_result_elicitation");
    retry["arguments"] = json!({});
    let (_, refused) = request(&url, "tools/call", retry, elicitation).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
}
