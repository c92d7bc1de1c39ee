//! A bounded load test of page flows (URL mode: the flow a person goes through) on loopback, the
//! pages in Redis: two `connect_server` replicas sharing a state key and one store, and in each
//! flow, for a user of its own, the `connect_service` call made on replica A (2026-07-28: an
//! input-required result carrying the page's URL), the person signed in on replica B, the page
//! fetched there and its form posted with its CSRF token, and the call retried on A with the
//! `requestState` for its result.
//!
//! The same load runs, in one run, against one Redis, one Redis with a replica (each answer then
//! waits for the replica's acknowledgement, `WAIT`) and a Redis Cluster of three primaries with a
//! replica each; for each it prints flows/s, the failed flows and the latency of each step (p50,
//! p99, max). Then, on the cluster, 200 pages are answered and their calls left waiting, and the
//! primary of the kept values' slot (which holds its share of the pages, a third or so) is
//! killed (`SIGKILL`) while flows run: it prints the time from its
//! death to the first answer of each step and the first whole flow after it, the flows that
//! failed meanwhile, and every answer lost after its page said it was saved (the 200 calls are
//! retried after the failover, and each flow whose retried call fails keeps trying for 20 s).
//! Should no flow begun after the death complete within 10 s (a store that refused answers while
//! the promoted primary has no replica did so), the killed node is started again (it rejoins as a
//! replica), and the time from then on is printed too.
//!
//! ```sh
//! cargo build --release -p mcp-elicit-rmcp-examples --bin connect_server
//! cargo run --release -p mcp-elicit-rmcp-examples --example page_load -- --flows 1000 --concurrency 10
//! ```
//!
//! It starts the `connect_server` built with the same profile (in `target/release/`, the folder
//! above the example's), and `redis-server` and `redis-cli` (Debian's `redis-server` package)
//! through the integration tests' Redis harness, each Redis in a temporary folder of its own.
//! Only loopback addresses are used; every request has a timeout, and every process it started is
//! stopped when it ends.

#[path = "measure.rs"]
mod measure;
#[path = "../../tests/integration/support/redis_server.rs"]
mod redis_server;

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use measure::{Caller, Latencies, ms};
use redis_server::{Cluster, Redis};
use serde_json::{Value, json};
use tokio::process::Child;

/// The state key the replicas share.
const STATE_KEY: &str = "6d63702d656c69636974207061676520666c6f7773206f6e2074776f2072706c";

/// The tool of each flow: it asks for a label, an API key and a region through a page.
const TOOL: &str = "connect_service";

/// The API key typed into each page.
const API_KEY: &str = "wx-load-0123456789abcdef";

/// The retried call's text once the page's answer reached it.
const CONNECTED: &str = "Connected Work (Europe)";

/// What the page says once the answer is kept.
const SAVED: &str = "your answer is saved";

/// A key in the slot of the store's kept values on a cluster (the pages spread over every
/// primary by their owners' buckets: the primary of this slot holds its share of them).
const STORE_TAG: &str = "{mcp-elicit:page:}";

/// The steps of a flow whose latency is measured, in order.
const STEPS: [&str; 4] = ["call", "page GET", "page POST", "retried call"];

/// How many flows run on each store before the measured ones (not counted): they open the
/// connections and load the scripts.
const WARM_UP: usize = 200;

/// Each request's time, at most.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a flow whose page said "saved" keeps retrying its failed call, to learn whether the
/// answer was kept.
const PATIENCE: Duration = Duration::from_secs(20);

/// How many pages are answered before the cluster's primary is killed, their calls retried only
/// after the failover.
const HELD: usize = 200;

/// How long flows run on the cluster before its primary is killed.
const BEFORE_KILL: Duration = Duration::from_secs(2);

/// How long flows keep starting after the first flow begun after the kill completed.
const AFTER_RECOVERY: Duration = Duration::from_secs(3);

/// When the killed primary is started again, if no flow begun after its death completed by then.
const RESTART_AFTER: Duration = Duration::from_secs(10);

/// How long flows keep starting after the kill, at most.
const AFTER_KILL: Duration = Duration::from_secs(30);

/// A bounded load test of page flows: two `connect_server` replicas on one Redis, on one with a
/// replica and on a Redis Cluster, then the cluster's primary killed while flows run
#[derive(clap::Parser)]
#[command(name = "page_load")]
struct Options {
    #[command(flatten)]
    load: measure::Load,
}

/// The two replicas, A and B, on one store.
struct Replicas {
    a: Child,
    b: Child,
    targets: Arc<Targets>,
}

/// Where a flow's requests go, and the client that sends them.
struct Targets {
    http: reqwest::Client,
    origin_a: String,
    origin_b: String,
}

impl Replicas {
    /// Starts two `connect_server`s on the store `store` (`--redis URL` or `--redis-cluster
    /// SEEDS`).
    async fn start(
        store: &[&str],
        concurrency: usize,
    ) -> Result<Replicas, Box<dyn std::error::Error>> {
        let (a, url_a) = measure::replica("connect_server", STATE_KEY, store).await?;
        let (b, url_b) = measure::replica("connect_server", STATE_KEY, store).await?;
        let origin = |url: &str| url.strip_suffix("/mcp").map(str::to_owned);
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(concurrency * 2)
            .connect_timeout(Duration::from_secs(2))
            .timeout(REQUEST_TIMEOUT)
            .build()?;
        let targets = Targets {
            http,
            origin_a: origin(&url_a).ok_or("replica A's URL does not end in /mcp")?,
            origin_b: origin(&url_b).ok_or("replica B's URL does not end in /mcp")?,
        };
        Ok(Replicas {
            a,
            b,
            targets: Arc::new(targets),
        })
    }

    /// Stops both, and waits until they are gone.
    async fn stop(mut self) {
        let _ = self.a.kill().await;
        let _ = self.b.kill().await;
    }
}

/// What one flow did: when it began, and when each step it finished was sent and answered.
struct Flow {
    began: Instant,
    steps: [Option<(Instant, Instant)>; 4],
    failed: Option<Failed>,
}

impl Flow {
    /// Whether every step was answered well.
    fn completed(&self) -> bool {
        self.failed.is_none()
    }

    /// When it ended well, if it did.
    fn ended(&self) -> Option<Instant> {
        self.steps[3].filter(|_| self.completed()).map(|(_, at)| at)
    }
}

/// A flow that failed: at which step (an index of [`STEPS`]), why, and, when its page had said the
/// answer was saved, what became of that answer.
struct Failed {
    step: usize,
    error: String,
    saved: Option<Fate>,
}

impl Failed {
    fn at(step: usize) -> impl Fn(String) -> Failed {
        move |error| Failed {
            step,
            error,
            saved: None,
        }
    }
}

/// What became of an answer whose page said it was saved, when the call retried right after
/// failed.
enum Fate {
    /// A later retry of the call completed with it.
    Kept,
    /// No retry completed with it within [`PATIENCE`]: another result, or none.
    Lost(String),
}

/// One flow for `user`: the call on A, the sign-in, the page fetched and answered on B, the call
/// retried on A.
async fn flow(targets: Arc<Targets>, user: String) -> Flow {
    let mut flow = Flow {
        began: Instant::now(),
        steps: [None; 4],
        failed: None,
    };
    flow.failed = steps(&targets, &user, &mut flow.steps).await.err();
    flow
}

/// The steps of a flow, each recorded in `times` (when it was sent, when it was answered) once
/// answered well.
async fn steps(
    targets: &Targets,
    user: &str,
    times: &mut [Option<(Instant, Instant)>; 4],
) -> Result<(), Failed> {
    let state = answer(targets, user, times).await?;
    take(targets, user, state, times).await
}

/// `user`'s client, which declares URL mode.
fn caller(token: &str) -> Caller<'_> {
    Caller {
        token: Some(token),
        capabilities: json!({"elicitation": {"url": {}}}),
    }
}

/// A flow's first steps: the call on A, the sign-in on B, the page fetched and answered there:
/// the call's state, once the page said the answer is saved.
async fn answer(
    targets: &Targets,
    user: &str,
    times: &mut [Option<(Instant, Instant)>; 4],
) -> Result<Value, Failed> {
    let Targets {
        http,
        origin_a,
        origin_b,
    } = targets;
    let token = format!("dev-{user}");
    let caller = caller(&token);
    let mcp = format!("{origin_a}/mcp");

    let sent = Instant::now();
    let first = measure::call(http, &mcp, &caller, json!({"name": TOOL, "arguments": {}}))
        .await
        .map_err(Failed::at(0))?;
    let (url, state) = asked(&first, origin_a).map_err(Failed::at(0))?;
    times[0] = Some((sent, Instant::now()));

    let cookie = sign_in(http, origin_b, &token)
        .await
        .map_err(|e| Failed::at(1)(format!("sign-in: {e}")))?;
    let on_b = format!("{origin_b}{}", &url[origin_a.len()..]);
    let sent = Instant::now();
    let request = http.get(&on_b).header("Cookie", &cookie);
    let page = match send(request).await.map_err(Failed::at(1))? {
        (200, page) => page,
        (status, page) => return Err(Failed::at(1)(format!("HTTP {status}: {}", title(&page)))),
    };
    let csrf = hidden(&page, "csrf")
        .ok_or_else(|| Failed::at(1)(format!("no CSRF token: {}", short(&page))))?;
    times[1] = Some((sent, Instant::now()));

    let fields = [
        ("csrf", csrf.as_str()),
        ("f.label", "Work"),
        ("f.api_key", API_KEY),
        ("f.region", "eu"),
        ("action", "accept"),
    ];
    let sent = Instant::now();
    let request = http
        .post(&on_b)
        .header("Cookie", &cookie)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(form(&fields));
    match send(request).await.map_err(Failed::at(2))? {
        (200, page) if page.contains(SAVED) => {}
        (status, page) => return Err(Failed::at(2)(format!("HTTP {status}: {}", title(&page)))),
    }
    times[2] = Some((sent, Instant::now()));
    Ok(state)
}

/// A flow's last step: the call retried on A with `state`, which must complete with the page's
/// answer (retried until it does, or [`PATIENCE`] is over, when the first retry fails).
async fn take(
    targets: &Targets,
    user: &str,
    state: Value,
    times: &mut [Option<(Instant, Instant)>; 4],
) -> Result<(), Failed> {
    let token = format!("dev-{user}");
    let caller = caller(&token);
    let (http, mcp) = (&targets.http, format!("{}/mcp", targets.origin_a));
    let retry = json!({
        "name": TOOL,
        "arguments": {},
        "inputResponses": {"form": {"action": "accept"}},
        "requestState": state,
    });
    let sent = Instant::now();
    let answer = measure::call(http, &mcp, &caller, retry.clone()).await;
    if let Err(error) = answer.and_then(|result| connected(&result)) {
        // The page said the answer is saved: the call must complete with it. Retried as a
        // client would, until it does or the patience is over.
        let fate = patient(http, &mcp, &caller, &retry).await;
        return Err(Failed {
            step: 3,
            error,
            saved: Some(fate),
        });
    }
    times[3] = Some((sent, Instant::now()));
    Ok(())
}

/// The call `retry` made again every 250 ms until it completes with the page's answer (kept),
/// gives another result or has its state refused (lost), or [`PATIENCE`] is over (lost).
async fn patient(http: &reqwest::Client, mcp: &str, caller: &Caller<'_>, retry: &Value) -> Fate {
    let deadline = Instant::now() + PATIENCE;
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let last = match measure::call(http, mcp, caller, retry.clone()).await {
            Ok(result) => match connected(&result) {
                Ok(()) => return Fate::Kept,
                // A result, but not the answer: the answer is gone.
                Err(other) if result["isError"] != true => return Fate::Lost(other),
                Err(store) => store,
            },
            // The state refused (its page ended, or is unknown): the answer is gone. (serde_json
            // writes the message compactly.)
            Err(refused) if refused.contains(r#""code":-32602"#) => return Fate::Lost(refused),
            Err(other) => other,
        };
        if Instant::now() > deadline {
            return Fate::Lost(format!("no result within {PATIENCE:?}: {last}"));
        }
    }
}

/// The page's URL (on `origin`) and the state of an input-required result.
fn asked(result: &Value, origin: &str) -> Result<(String, Value), String> {
    let request = &result["inputRequests"]["form"]["params"];
    match (result["resultType"].as_str(), request["url"].as_str()) {
        (Some("input_required"), Some(url)) if url.starts_with(&format!("{origin}/pages/")) => {
            Ok((url.to_owned(), result["requestState"].clone()))
        }
        _ => Err(format!(
            "not a page to open: {}",
            short(&result.to_string())
        )),
    }
}

/// Whether a call's result is the answer of the page: its text, or what it is instead.
fn connected(result: &Value) -> Result<(), String> {
    if result["isError"] != true && result["content"][0]["text"] == CONNECTED {
        Ok(())
    } else {
        Err(short(&result.to_string()))
    }
}

/// Signs in at `origin` as `token`, as the sign-in form does: the session cookie it sets.
async fn sign_in(http: &reqwest::Client, origin: &str, token: &str) -> Result<String, String> {
    let response = http
        .post(format!("{origin}/login"))
        .header("Origin", origin)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(form(&[("token", token), ("return_to", "/")]))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("session="))
        .and_then(|value| value.split(';').next())
        .map(str::to_owned);
    cookie.ok_or_else(|| format!("HTTP {}: no session cookie", response.status()))
}

/// Sends `request`: the status and the body.
async fn send(request: reqwest::RequestBuilder) -> Result<(u16, String), String> {
    let response = request.send().await.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let body = response.text().await.map_err(|e| e.to_string())?;
    Ok((status, body))
}

/// The value of a form's field `name` (`name="NAME" value="VALUE"`), as written.
fn hidden(page: &str, name: &str) -> Option<String> {
    let start = format!(r#"name="{name}" value=""#);
    let at = page.find(&start)? + start.len();
    Some(page[at..].split('"').next()?.to_owned())
}

/// `fields` as `application/x-www-form-urlencoded`.
fn form(fields: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish()
}

/// A page's title (what it says happened), or its first characters.
fn title(page: &str) -> String {
    let title = page
        .split_once("<title>")
        .and_then(|(_, rest)| rest.split_once("</title>"));
    title.map_or_else(
        || short(page),
        |(title, _)| format!("a page titled {title:?}"),
    )
}

/// The first 200 characters of `text`, for an error.
fn short(text: &str) -> String {
    text.chars().take(200).collect()
}

/// One store's figures.
struct Measured {
    store: &'static str,
    flows_per_second: f64,
    failed: usize,
    steps: [Latencies; 4],
}

/// Runs `flows` flows (after [`WARM_UP`] flows not counted, which open the connections) at
/// `concurrency` on `replicas`, each for a user of its own: what it measured, printed.
async fn measure_store(
    store: &'static str,
    replicas: &Replicas,
    flows: usize,
    concurrency: usize,
) -> Result<Measured, Box<dyn std::error::Error>> {
    let tag: String = store.chars().filter(char::is_ascii_alphanumeric).collect();
    let start = |prefix: String, count: usize| {
        let targets = &replicas.targets;
        move |i: usize| (i < count).then(|| flow(Arc::clone(targets), format!("{prefix}{i}")))
    };
    measure::run(concurrency, start(format!("warm_{tag}_"), WARM_UP)).await?;
    let started = Instant::now();
    let outcomes = measure::run(concurrency, start(format!("{tag}_"), flows)).await?;
    let elapsed = started.elapsed();
    let mut steps: [Vec<Duration>; 4] = Default::default();
    for flow in outcomes.iter().filter(|flow| flow.completed()) {
        for (all, (sent, answered)) in steps.iter_mut().zip(flow.steps.iter().flatten()) {
            all.push(*answered - *sent);
        }
    }
    let completed = steps[3].len();
    #[expect(clippy::cast_precision_loss, reason = "at most millions of flows")]
    let flows_per_second = completed as f64 / elapsed.as_secs_f64();
    println!(
        "{store}: {flows} flows at concurrency {concurrency} in {:.2} s ({flows_per_second:.1} flows/s): {completed} completed, {} failed",
        elapsed.as_secs_f64(),
        outcomes.len() - completed
    );
    let steps = steps.map(Latencies::new);
    for (name, latencies) in STEPS.iter().zip(&steps) {
        println!("  {name:<13} {latencies}");
    }
    println!(
        "  peak RSS: replica A {} KiB, replica B {} KiB",
        measure::peak_rss_kib(&replicas.a),
        measure::peak_rss_kib(&replicas.b)
    );
    print_failures(&outcomes);
    Ok(Measured {
        store,
        flows_per_second,
        failed: outcomes.len() - completed,
        steps,
    })
}

/// How many flows failed at each step, with the first error of each; and what became of the
/// answers their pages said were saved.
fn print_failures(flows: &[Flow]) {
    let failures: Vec<&Failed> = flows.iter().filter_map(|f| f.failed.as_ref()).collect();
    for (step, name) in STEPS.iter().enumerate() {
        let at: Vec<&&Failed> = failures.iter().filter(|f| f.step == step).collect();
        if let Some(first) = at.first() {
            println!(
                "  failed at {name}: {} (the first: {})",
                at.len(),
                first.error
            );
        }
    }
    let fates: Vec<&Fate> = failures.iter().filter_map(|f| f.saved.as_ref()).collect();
    if !fates.is_empty() {
        let lost: Vec<&String> = fates
            .iter()
            .filter_map(|fate| match fate {
                Fate::Lost(why) => Some(why),
                Fate::Kept => None,
            })
            .collect();
        println!(
            "  answers said saved whose retried call failed: {}; completed later with the answer: {}; lost: {}{}",
            fates.len(),
            fates.len() - lost.len(),
            lost.len(),
            lost.first()
                .map(|why| format!(" (the first: {why})"))
                .unwrap_or_default()
        );
    }
}

/// What happened around the death of the primary.
struct Failover {
    flows: usize,
    failed: usize,
    first_flow: Option<Duration>,
    saved: usize,
    lost: usize,
}

/// When the primary died, and when the first flow begun after its death completed.
#[derive(Default)]
struct Watch {
    dead: Option<Instant>,
    recovered: Option<Instant>,
}

/// Answers [`HELD`] pages whose calls wait, runs flows on `replicas` at `concurrency`, kills the
/// cluster's primary of the store's slot after [`BEFORE_KILL`], starts it again [`RESTART_AFTER`]
/// its death if no flow begun after its death completed by then, and keeps flows going until
/// [`AFTER_RECOVERY`] after the first did (or [`AFTER_KILL`] after the death), then retries the
/// waiting calls: what it measured, printed.
async fn failover(
    cluster: &mut Cluster,
    replicas: &Replicas,
    concurrency: usize,
) -> Result<Failover, Box<dyn std::error::Error>> {
    let primary = tokio::task::block_in_place(|| cluster.primary_of(STORE_TAG));
    // Pages answered (each person told "saved") whose calls are retried only after the failover.
    let held = measure::run(concurrency, |i| {
        (i < HELD).then(|| {
            let targets = Arc::clone(&replicas.targets);
            async move {
                let user = format!("held_{i}");
                let state = answer(&targets, &user, &mut [None; 4]).await;
                (user, state)
            }
        })
    })
    .await?;
    let watch: Arc<Mutex<Watch>> = Arc::default();
    let started = Instant::now();
    let (mut dead, mut back) = (None, None);
    let next = |i: usize| {
        let now = Instant::now();
        if dead.is_none() && now >= started + BEFORE_KILL {
            tokio::task::block_in_place(|| cluster.kill(primary));
            dead = Some(Instant::now());
            watch.lock().expect("not poisoned").dead = dead;
        }
        if let Some(died) = dead {
            let recovered = watch.lock().expect("not poisoned").recovered;
            if back.is_none() && recovered.is_none() && now >= died + RESTART_AFTER {
                tokio::task::block_in_place(|| cluster.restart(primary));
                back = Some(Instant::now());
            }
            if recovered.is_some_and(|at| now >= at + AFTER_RECOVERY) || now >= died + AFTER_KILL {
                return None;
            }
        }
        let targets = Arc::clone(&replicas.targets);
        let watch = Arc::clone(&watch);
        Some(async move {
            let flow = flow(targets, format!("failover_{i}")).await;
            let mut watch = watch.lock().expect("not poisoned");
            if let (Some(died), None, Some(ended)) = (watch.dead, watch.recovered, flow.ended())
                && flow.began >= died
            {
                watch.recovered = Some(ended);
            }
            flow
        })
    };
    let flows = measure::run(concurrency, next).await?;
    let died = dead.ok_or("the phase ended before the primary was killed")?;
    let promoted = tokio::task::block_in_place(|| {
        cluster.wait_until_ok();
        cluster.primary_of(STORE_TAG)
    });
    let mut saved_before = held
        .into_iter()
        .filter_map(|(user, state)| Some((user, state.ok()?)));
    let taken = measure::run(concurrency, |_| {
        let (user, state) = saved_before.next()?;
        let targets = Arc::clone(&replicas.targets);
        Some(async move { take(&targets, &user, state, &mut [None; 4]).await })
    })
    .await?;
    let held_lost = taken
        .iter()
        .filter(|taken| {
            matches!(
                taken,
                Err(Failed {
                    saved: Some(Fate::Lost(_)),
                    ..
                })
            )
        })
        .count();
    let held_late = taken.iter().filter(|taken| taken.is_err()).count() - held_lost;
    let shown =
        |at: Option<Duration>| at.map_or("none".to_owned(), |at| format!("{:.0} ms", ms(at)));
    // The first answer to `step` sent after `from`, as a time since `from`.
    let first = |step: usize, from: Instant| {
        flows
            .iter()
            .filter_map(|flow| flow.steps[step])
            .filter(|(sent, _)| *sent >= from)
            .map(|(_, answered)| answered - from)
            .min()
    };
    let first_flow = flows
        .iter()
        .filter(|flow| flow.began >= died)
        .filter_map(Flow::ended)
        .map(|ended| ended - died)
        .min();
    let failed: Vec<&Failed> = flows.iter().filter_map(|f| f.failed.as_ref()).collect();
    let lost = failed
        .iter()
        .filter(|f| matches!(f.saved, Some(Fate::Lost(_))))
        .count();
    let saved = flows.iter().filter(|flow| flow.steps[2].is_some()).count();
    // Answers said saved before the death whose call was retried after it: those that had to
    // survive on the replica.
    let across = flows
        .iter()
        .filter(|flow| flow.steps[2].is_some_and(|(_, saved)| saved < died))
        .filter(|flow| match (&flow.failed, flow.steps[3]) {
            (None, Some((_, answered))) => answered >= died,
            (Some(failed), _) => failed.step == 3,
            (None, None) => false,
        })
        .count();
    println!(
        "failover: the primary of the store's slot (port {primary}) killed {:.1} s into the phase ({} flows at concurrency {concurrency}); the primary now: port {promoted}",
        (died - started).as_secs_f64(),
        flows.len(),
    );
    for (step, name) in STEPS.iter().enumerate() {
        println!(
            "  the first {name} sent after the death answered well {} after it",
            shown(first(step, died))
        );
    }
    println!(
        "  the first flow begun after the death completed {} after it",
        shown(first_flow)
    );
    if let Some(back) = back {
        println!(
            "  the killed node started again {:.1} s after its death (it rejoins as a replica); the first page POST sent after that answered well {} after it",
            (back - died).as_secs_f64(),
            shown(first(2, back))
        );
    }
    println!(
        "  {} completed, {} failed; answers said saved: {saved} ({across} of them before the death, their call retried after it), lost: {lost}",
        flows.len() - failed.len(),
        failed.len()
    );
    print_failures(&flows);
    println!(
        "  {} of {HELD} pages answered before the death, their calls retried after the failover: {} completed at once, {held_late} after retries, {held_lost} lost",
        taken.len(),
        taken.len() - held_late - held_lost
    );
    Ok(Failover {
        flows: flows.len(),
        failed: failed.len(),
        first_flow,
        saved: saved + taken.len(),
        lost: lost + held_lost,
    })
}

/// The keys each live primary of `cluster` holds (`DBSIZE`), as `port: count` pairs.
fn keys_per_primary(cluster: &Cluster) -> String {
    let mut text = String::new();
    for port in cluster.primaries() {
        let count = redis_server::cli(port, &["DBSIZE"]);
        let _ = write!(
            text,
            "{}{port}: {}",
            if text.is_empty() { "" } else { ", " },
            count.trim()
        );
    }
    text
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Options { load: options } = clap::Parser::parse();
    let (flows, concurrency) = (options.flows, options.concurrency);
    // Each Redis as each node of the cluster: an append-only file (`everysec`), no snapshots.
    let persistence = ["--appendonly", "yes", "--save", ""];
    let mut measured = Vec::new();

    let one = tokio::task::block_in_place(|| Redis::start_with(&persistence));
    let replicas = Replicas::start(&["--redis", &one.url], concurrency).await?;
    measured.push(measure_store("one Redis", &replicas, flows, concurrency).await?);
    replicas.stop().await;
    drop(one);

    let (primary, replica) = tokio::task::block_in_place(|| {
        let primary = Redis::start_with(&persistence);
        let replica = primary.replica();
        (primary, replica)
    });
    let replicas = Replicas::start(&["--redis", &primary.url], concurrency).await?;
    let store = "one Redis + replica";
    measured.push(measure_store(store, &replicas, flows, concurrency).await?);
    replicas.stop().await;
    drop((replica, primary));

    let mut cluster = tokio::task::block_in_place(Cluster::start);
    let seeds = cluster.seeds();
    let replicas = Replicas::start(&["--redis-cluster", &seeds], concurrency).await?;
    let store = "Redis Cluster 3+3";
    measured.push(measure_store(store, &replicas, flows, concurrency).await?);
    println!(
        "  keys per primary: {}",
        tokio::task::block_in_place(|| keys_per_primary(&cluster))
    );
    let failover = failover(&mut cluster, &replicas, concurrency).await?;
    replicas.stop().await;
    drop(cluster);

    println!();
    println!(
        "| store | flows/s | failed | p99 call | p99 page GET | p99 page POST | p99 retried call |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for m in &measured {
        let p99 = |step: usize| format!("{:.1} ms", ms(m.steps[step].percentile(0.99)));
        println!(
            "| {} | {:.0} | {} | {} | {} | {} | {} |",
            m.store,
            m.flows_per_second,
            m.failed,
            p99(0),
            p99(1),
            p99(2),
            p99(3)
        );
    }
    let failed: usize = measured.iter().map(|m| m.failed).sum();
    if failed > 0 || failover.lost > 0 {
        return Err(format!(
            "{failed} flows failed without a fault; {} of {} answers said saved were lost in the failover",
            failover.lost, failover.saved
        )
        .into());
    }
    if failover.first_flow.is_none() {
        return Err(format!(
            "no flow completed after the primary's death ({} flows, {} failed)",
            failover.flows, failover.failed
        )
        .into());
    }
    Ok(())
}
