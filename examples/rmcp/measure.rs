//! What the load programs (`load`, `page_load`) share: their options, the servers they start
//! beside themselves, a stateless 2026-07-28 `tools/call` as plain JSON-RPC over HTTP, flows
//! run at a fixed concurrency, and the latencies and memory they print.

use std::future::Future;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::Semaphore;

/// How many flows, and how many at once: the options of every load program (each flattens it
/// into its own command line).
#[derive(clap::Args)]
pub struct Load {
    /// How many flows to run
    #[arg(long, value_name = "N", default_value_t = 1_000)]
    pub flows: usize,
    /// How many flows run at once
    #[arg(long, value_name = "N", default_value_t = 10)]
    #[arg(value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=10_000))]
    pub concurrency: usize,
}

/// Starts `program` (a server beside this program, or beside the examples' folder it is in, built
/// with the same profile) on a port the
/// system chooses, with the state key `key` and `args`: the process (killed when dropped) and
/// the URL it serves MCP at.
pub async fn replica(
    program: &str,
    key: &str,
    args: &[&str],
) -> Result<(Child, String), Box<dyn std::error::Error>> {
    // Beside this program; an example (`target/PROFILE/examples/`) looks one folder up.
    let exe = std::env::current_exe()?;
    let mut folder = exe.parent().ok_or("this program is in no folder")?;
    if folder.ends_with("examples") {
        folder = folder
            .parent()
            .ok_or("the examples' folder is in no folder")?;
    }
    let program = folder.join(program);
    let mut child = Command::new(&program)
        .args(["--port", "0"])
        .args(args)
        .env("MCP_ELICIT_STATE_KEY", key)
        .stdin(Stdio::null())
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
    let line = tokio::time::timeout(
        Duration::from_secs(30),
        BufReader::new(stdout).lines().next_line(),
    )
    .await
    .map_err(|_| format!("{} printed nothing within 30 s", program.display()))??
    .ok_or_else(|| format!("{} printed nothing", program.display()))?;
    let url = line
        .strip_prefix("serving ")
        .ok_or_else(|| format!("{}: unexpected first line {line:?}", program.display()))?;
    Ok((child, url.to_owned()))
}

/// Who makes a call: its bearer token, if any, and the client's capabilities.
pub struct Caller<'a> {
    pub token: Option<&'a str>,
    pub capabilities: Value,
}

/// One stateless 2026-07-28 `tools/call` to `url` with `params` (the tool's `name`, its
/// `arguments`, and `inputResponses`/`requestState` on a retry): its JSON-RPC result, or why
/// there is none.
pub async fn call(
    client: &reqwest::Client,
    url: &str,
    caller: &Caller<'_>,
    params: Value,
) -> Result<Value, String> {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "load", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": caller.capabilities,
    });
    let tool = params["name"].as_str().unwrap_or_default().to_owned();
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let mut request = client
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", tool)
        .body(body.to_string());
    if let Some(token) = caller.token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let response = request.send().await.map_err(|e| e.to_string())?;
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

/// Runs the flows `next` gives (`next(i)` for the `i`th, `None` when there are no more), at most
/// `concurrency` at once: each flow's outcome, in the order they started.
pub async fn run<T, F>(
    concurrency: usize,
    mut next: impl FnMut(usize) -> Option<F>,
) -> Result<Vec<T>, Box<dyn std::error::Error>>
where
    F: Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let limit = Arc::new(Semaphore::new(concurrency.max(1)));
    let mut tasks = Vec::new();
    for i in 0.. {
        let permit = Arc::clone(&limit).acquire_owned().await?;
        let Some(flow) = next(i) else { break };
        tasks.push(tokio::spawn(async move {
            let outcome = flow.await;
            drop(permit);
            outcome
        }));
    }
    let mut outcomes = Vec::with_capacity(tasks.len());
    for task in tasks {
        outcomes.push(task.await?);
    }
    Ok(outcomes)
}

/// Latencies, sorted: their p50, p99 and maximum.
pub struct Latencies(Vec<Duration>);

impl Latencies {
    pub fn new(mut latencies: Vec<Duration>) -> Latencies {
        latencies.sort_unstable();
        Latencies(latencies)
    }

    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a rank among at most millions of latencies, p in 0..=1"
    )]
    pub fn percentile(&self, p: f64) -> Duration {
        if self.0.is_empty() {
            return Duration::ZERO;
        }
        let rank = ((self.0.len() as f64) * p).ceil() as usize;
        self.0[rank.clamp(1, self.0.len()) - 1]
    }

    pub fn max(&self) -> Duration {
        self.0.last().copied().unwrap_or_default()
    }
}

impl std::fmt::Display for Latencies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.percentile(0.50)),
            ms(self.percentile(0.99)),
            ms(self.max())
        )
    }
}

/// `duration` in milliseconds.
pub fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

/// The peak resident memory of `child`, in KiB (Linux's `VmHWM`; 0 when unknown).
pub fn peak_rss_kib(child: &Child) -> u64 {
    let read = |pid: u32| {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    child.id().and_then(read).unwrap_or(0)
}
