//! A bounded load test of `conformance_server` on loopback: two replicas sharing a state key,
//! and two-round 2026-07-28 flows (round 1 on one replica, round 2 on the other), a fixed number
//! of them at a fixed concurrency over keep-alive connections. It stops by itself, and prints
//! how many flows completed or failed, the latency per round (p50, p99, max) and each replica's
//! peak resident memory.
//!
//! ```sh
//! cargo run --release --bin load -- --flows 10000 --concurrency 50
//! ```
//!
//! It starts the `conformance_server` beside its own program (build both with the same
//! profile). Only loopback addresses are used.

use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::Semaphore;

/// The tool of each flow: an elicitation round, then the answer.
const TOOL: &str = "test_input_required_result_elicitation";

/// A bounded load test of `conformance_server`: two replicas on loopback, flows across them
#[derive(clap::Parser)]
#[command(name = "load")]
struct Options {
    /// How many flows to run
    #[arg(long, value_name = "N", default_value_t = 1_000)]
    flows: usize,
    /// How many flows run at once
    #[arg(long, value_name = "N", default_value_t = 10)]
    #[arg(value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=10_000))]
    concurrency: usize,
}

/// Starts a replica with `key` on a port the system chooses: the process and its URL.
async fn replica(key: &str) -> Result<(Child, String), Box<dyn std::error::Error>> {
    let program = std::env::current_exe()?.with_file_name("conformance_server");
    let mut child = Command::new(&program)
        .args(["--port", "0"])
        .env("MCP_ELICIT_STATE_KEY", key)
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| {
            format!(
                "{}: {e} (build it with the same profile)",
                program.display()
            )
        })?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let line = BufReader::new(stdout)
        .lines()
        .next_line()
        .await?
        .ok_or("the server printed nothing")?;
    let url = line
        .strip_prefix("serving ")
        .ok_or("unexpected first line")?;
    Ok((child, url.to_owned()))
}

/// One stateless 2026-07-28 `tools/call`: its JSON-RPC result, or why there is none.
async fn call(client: &reqwest::Client, url: &str, params: Value) -> Result<Value, String> {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "load", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
    });
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let response = client
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", TOOL)
        .body(body.to_string())
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status();
    let text = response.text().await.map_err(|e| e.to_string())?;
    if !status.is_success() {
        return Err(format!("HTTP {status}: {text}"));
    }
    let json = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("data: ")
                .or_else(|| l.starts_with('{').then_some(l))
        })
        .ok_or_else(|| format!("no JSON in {text}"))?;
    let message: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    message
        .get("result")
        .cloned()
        .ok_or_else(|| format!("an error: {message}"))
}

/// One flow: round 1 on `first`, round 2 on `second`; the latency of each round.
async fn flow(
    client: &reqwest::Client,
    first: &str,
    second: &str,
) -> Result<[Duration; 2], String> {
    let started = Instant::now();
    let r1 = call(client, first, json!({"name": TOOL, "arguments": {}})).await?;
    let round1 = started.elapsed();
    if r1["resultType"] != "input_required" {
        return Err(format!("round 1: {r1}"));
    }
    let retry = json!({
        "name": TOOL,
        "arguments": {},
        "inputResponses": {"user_name": {"action": "accept", "content": {"name": "Ada"}}},
        "requestState": r1["requestState"],
    });
    let started = Instant::now();
    let r2 = call(client, second, retry).await?;
    let round2 = started.elapsed();
    if r2["content"][0]["text"] != "Hello, Ada!" {
        return Err(format!("round 2: {r2}"));
    }
    Ok([round1, round2])
}

/// The peak resident memory of process `pid`, in KiB (Linux's `VmHWM`).
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss,
    reason = "a rank among at most millions of rounds, p in 0..=1"
)]
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64) * p).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options: Options = clap::Parser::parse();
    let key = "6b".repeat(32);
    let (a, url_a) = replica(&key).await?;
    let (b, url_b) = replica(&key).await?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(options.concurrency)
        .timeout(Duration::from_secs(30))
        .build()?;
    let limit = Arc::new(Semaphore::new(options.concurrency));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(options.flows);
    for i in 0..options.flows {
        let permit = Arc::clone(&limit).acquire_owned().await?;
        let client = client.clone();
        // Round 1 on one replica, round 2 on the other, alternating.
        let (first, second) = if i % 2 == 0 {
            (url_a.clone(), url_b.clone())
        } else {
            (url_b.clone(), url_a.clone())
        };
        tasks.push(tokio::spawn(async move {
            let result = flow(&client, &first, &second).await;
            drop(permit);
            result
        }));
    }
    let mut rounds = Vec::with_capacity(options.flows * 2);
    let mut failures = Vec::new();
    for task in tasks {
        match task.await? {
            Ok(latencies) => rounds.extend(latencies),
            Err(error) => failures.push(error),
        }
    }
    let elapsed = started.elapsed();
    rounds.sort_unstable();
    let rss = |child: &Child| child.id().and_then(peak_rss_kib).unwrap_or(0);
    println!(
        "{} flows at concurrency {} in {:.2} s: {} completed, {} failed",
        options.flows,
        options.concurrency,
        elapsed.as_secs_f64(),
        rounds.len() / 2,
        failures.len()
    );
    println!(
        "per round: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&rounds, 0.50).as_secs_f64() * 1e3,
        percentile(&rounds, 0.99).as_secs_f64() * 1e3,
        rounds.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    println!(
        "peak RSS: replica A {} KiB, replica B {} KiB",
        rss(&a),
        rss(&b)
    );
    if let Some(first) = failures.first() {
        return Err(format!("{} flows failed; the first: {first}", failures.len()).into());
    }
    Ok(())
}
