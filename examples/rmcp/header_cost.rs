//! What `accept_language_header` costs in memory: eight `tools/call` requests of 4 MiB each
//! (`MAX_REQUEST_BODY`), at once, through the middleware in process, to a service that reads each
//! whole body as rmcp's does (and does not parse it, so that what is measured is the middleware's
//! share). The arguments are one array of some two million zeros, the most values a body of that
//! size can hold: the worst case for a parsed `serde_json::Value`.
//!
//! ```sh
//! cargo run --release --bin header_cost
//! ```
//!
//! Each case runs in a fresh process of this program (`--case`), which prints its peak resident
//! memory (Linux's `VmHWM`) before the requests and after; the first process prints the table.
//! The cases: the request with an `Accept-Language` header that agrees with its `_meta` (so the
//! body is read for the check), the same request without the header, and the service without the
//! middleware (what the requests cost without it).

use std::process::Command;

use axum::Router;
use axum::body::{Body, Bytes, to_bytes};
use axum::extract::Request;
use axum::middleware::from_fn;
use axum::routing::post;
use clap::Parser as _;
use http_body_util::channel::Channel;
use mcp_elicit::rmcp::{MAX_REQUEST_BODY, accept_language_header};
use tower::ServiceExt as _;

/// What `accept_language_header` costs in memory, with the header and without
#[derive(clap::Parser)]
#[command(name = "header_cost")]
struct Options {
    /// How many requests of 4 MiB at once
    #[arg(long, value_name = "N", default_value_t = 8)]
    #[arg(value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    requests: usize,
    /// How many fresh processes run each case (the peak moves with how the requests interleave)
    #[arg(long, value_name = "N", default_value_t = 3)]
    #[arg(value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100))]
    runs: usize,
    /// Run one case in this process and print its peak memory (the table runs each in its own)
    #[arg(long, value_enum)]
    case: Option<Case>,
}

/// One way the requests are sent.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Case {
    /// With an `Accept-Language` header that agrees with the `_meta`
    Header,
    /// Without the header
    NoHeader,
    /// Without the middleware
    Bare,
}

impl Case {
    /// The case as its row of the table says it.
    fn label(self) -> &'static str {
        match self {
            Case::Header => "with the header",
            Case::NoHeader => "without the header",
            Case::Bare => "without the middleware",
        }
    }

    /// The case on the command line.
    fn flag(self) -> &'static str {
        match self {
            Case::Header => "header",
            Case::NoHeader => "no-header",
            Case::Bare => "bare",
        }
    }
}

/// How the body reaches the middleware: in frames of this size, as a connection's reads give it.
const FRAME: usize = 16 * 1024;

/// A `tools/call` of exactly [`MAX_REQUEST_BODY`] bytes, preference `_meta` and all, whose
/// arguments are one array of zeros.
fn body() -> Bytes {
    let head = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"io.modelcontextprotocol/acceptLanguage":"fr"},"arguments":{"a":[0"#;
    let tail = "]}}}";
    let zeros = (MAX_REQUEST_BODY - head.len() - tail.len()) / 2;
    let mut body = String::with_capacity(MAX_REQUEST_BODY);
    body.push_str(head);
    for _ in 0..zeros {
        body.push_str(",0");
    }
    body.push_str(tail);
    while body.len() < MAX_REQUEST_BODY {
        body.push(' ');
    }
    Bytes::from(body)
}

/// The service in rmcp's place: it reads the whole body and answers with its length.
async fn service(request: Request) -> String {
    match to_bytes(request.into_body(), usize::MAX).await {
        Ok(bytes) => bytes.len().to_string(),
        Err(error) => format!("unread: {error}"),
    }
}

/// This process's peak resident memory, in KiB (Linux's `VmHWM`; 0 when unknown).
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kib| kib.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Runs `case` with `requests` requests at once: the peak memory before them and after, in KiB.
async fn run(case: Case, requests: usize) -> Result<(u64, u64), Box<dyn std::error::Error>> {
    let mut router = Router::new().route("/mcp", post(service));
    if !matches!(case, Case::Bare) {
        router = router.layer(from_fn(accept_language_header));
    }
    let body = body();
    let before = peak_kib();
    let mut tasks = Vec::new();
    for _ in 0..requests {
        let (mut sender, channel) = Channel::<Bytes>::new(1);
        let frames = body.clone();
        tokio::spawn(async move {
            let mut start = 0;
            while start < frames.len() {
                let end = (start + FRAME).min(frames.len());
                // Each frame its own buffer, as a connection's reads give them.
                let frame = Bytes::copy_from_slice(&frames[start..end]);
                if sender.send_data(frame).await.is_err() {
                    break;
                }
                start = end;
            }
        });
        let mut request = Request::post("/mcp")
            .header("content-type", "application/json")
            .header("content-length", body.len());
        if matches!(case, Case::Header) {
            request = request.header("accept-language", "fr");
        }
        let request = request.body(Body::new(channel))?;
        tasks.push(tokio::spawn(router.clone().oneshot(request)));
    }
    for task in tasks {
        let response = task.await??;
        let status = response.status();
        let answer = to_bytes(response.into_body(), usize::MAX).await?;
        if !status.is_success() || answer != MAX_REQUEST_BODY.to_string() {
            return Err(format!("HTTP {status}: {}", String::from_utf8_lossy(&answer)).into());
        }
    }
    Ok((before, peak_kib()))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = Options::parse();
    if let Some(case) = options.case {
        // A thread for each request, so that the eight are read (and, before, parsed) at once,
        // as on a machine with as many cores.
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(options.requests)
            .enable_all()
            .build()?;
        let (before, after) = runtime.block_on(run(case, options.requests))?;
        println!("{before} {after}");
        return Ok(());
    }
    println!(
        "{} requests of {MAX_REQUEST_BODY} bytes at once, {} runs of each case: resident memory \
         (VmHWM) before the requests, and what they added to its peak",
        options.requests, options.runs
    );
    println!(
        "{:<24} {:>14} {:>24}",
        "", "before (KiB)", "added (KiB, least–most)"
    );
    let program = std::env::current_exe()?;
    for case in [Case::Header, Case::NoHeader, Case::Bare] {
        let mut before = Vec::new();
        let mut added = Vec::new();
        for _ in 0..options.runs {
            let output = Command::new(&program)
                .args(["--case", case.flag()])
                .args(["--requests", &options.requests.to_string()])
                .output()?;
            let printed = String::from_utf8_lossy(&output.stdout);
            if !output.status.success() {
                let said = String::from_utf8_lossy(&output.stderr);
                return Err(format!("{}: {said}", case.label()).into());
            }
            let mut figures = printed.split_whitespace().map(str::parse::<u64>);
            let (Some(Ok(first)), Some(Ok(peak))) = (figures.next(), figures.next()) else {
                return Err(format!("{}: printed {printed:?}", case.label()).into());
            };
            before.push(first);
            added.push(peak.saturating_sub(first));
        }
        let range = |figures: &[u64]| {
            let least = figures.iter().min().copied().unwrap_or(0);
            let most = figures.iter().max().copied().unwrap_or(0);
            format!("{least}–{most}")
        };
        println!(
            "{:<24} {:>14} {:>24}",
            case.label(),
            range(&before),
            range(&added)
        );
    }
    Ok(())
}
