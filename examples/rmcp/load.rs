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

#[path = "measure.rs"]
mod measure;

use std::time::{Duration, Instant};

use measure::{Caller, Latencies};
use serde_json::json;

/// The tool of each flow: an elicitation round, then the answer.
const TOOL: &str = "test_input_required_result_elicitation";

/// A bounded load test of `conformance_server`: two replicas on loopback, flows across them
#[derive(clap::Parser)]
#[command(name = "load")]
struct Options {
    #[command(flatten)]
    load: measure::Load,
}

/// One flow: round 1 on `first`, round 2 on `second`; the latency of each round.
async fn flow(
    client: &reqwest::Client,
    first: &str,
    second: &str,
) -> Result<[Duration; 2], String> {
    let caller = Caller {
        token: None,
        capabilities: json!({"elicitation": {}}),
    };
    let started = Instant::now();
    let r1 = measure::call(
        client,
        first,
        &caller,
        json!({"name": TOOL, "arguments": {}}),
    )
    .await?;
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
    let r2 = measure::call(client, second, &caller, retry).await?;
    let round2 = started.elapsed();
    if r2["content"][0]["text"] != "Hello, Ada!" {
        return Err(format!("round 2: {r2}"));
    }
    Ok([round1, round2])
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Options { load: options } = clap::Parser::parse();
    let key = "6b".repeat(32);
    let (a, url_a) = measure::replica("conformance_server", &key, &[]).await?;
    let (b, url_b) = measure::replica("conformance_server", &key, &[]).await?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(options.concurrency)
        .timeout(Duration::from_secs(30))
        .build()?;
    let started = Instant::now();
    let outcomes = measure::run(options.concurrency, |i| {
        (i < options.flows).then(|| {
            let client = client.clone();
            // Round 1 on one replica, round 2 on the other, alternating.
            let (first, second) = if i % 2 == 0 {
                (url_a.clone(), url_b.clone())
            } else {
                (url_b.clone(), url_a.clone())
            };
            async move { flow(&client, &first, &second).await }
        })
    })
    .await?;
    let elapsed = started.elapsed();
    let mut rounds = Vec::with_capacity(options.flows * 2);
    let mut failures = Vec::new();
    for outcome in outcomes {
        match outcome {
            Ok(latencies) => rounds.extend(latencies),
            Err(error) => failures.push(error),
        }
    }
    println!(
        "{} flows at concurrency {} in {:.2} s: {} completed, {} failed",
        options.flows,
        options.concurrency,
        elapsed.as_secs_f64(),
        rounds.len() / 2,
        failures.len()
    );
    println!("per round: {}", Latencies::new(rounds));
    println!(
        "peak RSS: replica A {} KiB, replica B {} KiB",
        measure::peak_rss_kib(&a),
        measure::peak_rss_kib(&b)
    );
    if let Some(first) = failures.first() {
        return Err(format!("{} flows failed; the first: {first}", failures.len()).into());
    }
    Ok(())
}
