//! Faults survived, with real processes on loopback: `connect_server` replicas on one Redis (or a
//! Redis Cluster) while a replica is killed (`SIGKILL`) between the call and the answer, Redis is
//! killed and started again on its append-only file while answers wait, Redis is down for
//! seconds, and a cluster's primary holding a person's pages (or the accounts) dies. What a person was told is
//! saved ("your answer is saved") completes its call; nothing is taken twice; every request
//! ends, with a clear answer, in a bounded time; no replica needs a restart.
//!
//! They need `redis-server` and `redis-cli` (CI installs them and runs these with `--ignored`).

#[path = "support/account.rs"]
mod account;
#[path = "support/connect.rs"]
mod connect;
#[path = "../../../tests/integration/support/redis_server.rs"]
mod redis_server;

use std::time::{Duration, Instant};

use connect::{Browser, SECRET, Server, asked, call, csrf, retry, text, url_mode};
use redis_server::{Cluster, Redis};
use serde_json::{Value, json};

const ADA: Option<&str> = Some("dev-ada");

/// What the page says once the answer is saved.
const SAVED: &str = "Thank you: your answer is saved.";

/// What the call says once the answer reached it.
const CONNECTED: &str = "Connected Work (Europe)";

/// The longest any one request may take: the store's time for a step (5 s by default) and a
/// margin. No test waits longer for anything.
const LIMIT: Duration = Duration::from_secs(15);

/// The hash tag of the store's kept values (accounts, tokens) on a Redis Cluster: their slot.
const SLOT: &str = "{mcp-elicit:page:}";

/// The hash tag of the page at `url` on a Redis Cluster: the slot of its owner's pages (its id
/// carries the owner's bucket).
fn pages_slot(url: &str) -> String {
    let id = url
        .split(['?', '#'])
        .next()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap();
    let id = mcp_elicit::page::seal::PageId::parse(id).expect("a page's URL");
    format!("mcp-elicit:page:{{{:02x}}}", id.bucket())
}

/// How long after its primary's death a cluster may take to serve flows again (a replica takes
/// over after `cluster-node-timeout`, two seconds here, and a vote).
const FAILOVER: Duration = Duration::from_secs(20);

/// Two `connect_server` replicas on the Redis at `url`, sharing its key.
fn replicas_on(url: &str) -> (Server, Server) {
    (
        Server::start(&["--redis", url]),
        Server::start(&["--redis", url]),
    )
}

/// `future`, which must end within `limit` (else the test fails, and hangs no longer): its
/// output, and the time it took.
async fn timed<T>(limit: Duration, what: &str, future: impl Future<Output = T>) -> (T, Duration) {
    let started = Instant::now();
    let output = tokio::time::timeout(limit, future)
        .await
        .unwrap_or_else(|elapsed| panic!("{what} did not end within {limit:?} ({elapsed})"));
    (output, started.elapsed())
}

/// `future` within [`LIMIT`].
async fn bounded<T>(what: &str, future: impl Future<Output = T>) -> T {
    timed(LIMIT, what, future).await.0
}

/// A call of `connect_service` made at `origin` by Ada: its page's URL and its state.
async fn ask(origin: &str) -> (String, Value) {
    let (status, first) = bounded("a call", call(origin, ADA, url_mode(), json!({}))).await;
    assert_eq!(status, 200, "{first:#}");
    asked(&first)
}

/// The call of `state` retried at `origin`, accepted: its JSON-RPC message.
async fn retried(origin: &str, state: &Value) -> Value {
    let retry = retry("accept", state);
    bounded("a retried call", call(origin, ADA, url_mode(), retry))
        .await
        .1
}

/// A page made by a replica at `made_on`: its URL as the replica at `origin` serves it.
fn on(url: &str, made_on: &Server, origin: &Server) -> String {
    url.replace(&made_on.origin, &origin.origin)
}

/// The page at `url` opened and answered (label `Work`, the key, region `eu`), the page saying it
/// is saved: the form as posted, its CSRF token included, to post it again.
async fn answer(browser: &mut Browser, url: &str) -> Vec<(&'static str, String)> {
    try_answer(browser, url)
        .await
        .unwrap_or_else(|failed| panic!("{failed}"))
}

/// [`answer`], or what went wrong.
async fn try_answer(
    browser: &mut Browser,
    url: &str,
) -> Result<Vec<(&'static str, String)>, String> {
    let (status, _, page) = bounded("a page", browser.get(url)).await;
    if status != 200 {
        return Err(format!("the page answered {status}: {}", title(&page)));
    }
    let posted = vec![
        ("csrf", csrf(&page)),
        ("f.label", "Work".to_owned()),
        ("f.api_key", SECRET.to_owned()),
        ("f.region", "eu".to_owned()),
        ("action", "accept".to_owned()),
    ];
    match post(browser, url, &posted).await {
        (200, page) if page.contains(SAVED) => Ok(posted),
        (status, page) => Err(format!("the answer was posted, {status}: {}", title(&page))),
    }
}

/// A page's title, which says what it is.
fn title(page: &str) -> &str {
    let title = page.split("<title>").nth(1).unwrap_or(page);
    title.split("</title>").next().unwrap_or(title)
}

/// `fields` posted to `url`: the status and the page.
async fn post(browser: &mut Browser, url: &str, fields: &[(&str, String)]) -> (u16, String) {
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    let (status, _, page) = bounded("a post", browser.post(url, &fields)).await;
    (status, page)
}

/// A retried call whose answer was taken already: its state refused as used (invalid params),
/// and nothing completes twice.
fn assert_taken_once(message: &Value) {
    assert_eq!(message["error"]["code"], -32602, "{message:#}");
    assert_eq!(
        message["error"]["message"],
        "the `requestState` is refused: its answers were used already; call again without `inputResponses` and `requestState` to start over",
        "{message:#}"
    );
}

/// Replica A makes the page, and is killed (`SIGKILL`) before the person answers: the person
/// answers on B, the call retried on B completes with the answer, once.
#[tokio::test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_replica_killed_between_the_call_and_the_answer() {
    let redis = Redis::start();
    let (a, b) = replicas_on(&redis.url);
    let (url, state) = ask(&a.origin).await;
    let on_b = on(&url, &a, &b);
    let gone = a.origin.clone();
    // `SIGKILL` (dropping a server kills its process): no shutdown, nothing flushed.
    drop(a);
    let refused = bounded(
        "a request to the dead replica",
        connect::http().get(&gone).send(),
    )
    .await;
    assert!(refused.is_err(), "replica A is dead: {refused:?}");

    let mut browser = Browser::default();
    bounded("a sign-in", browser.sign_in(&b.origin, "dev-ada")).await;
    answer(&mut browser, &on_b).await;
    let done = retried(&b.origin, &state).await;
    assert_eq!(text(&done), CONNECTED);
    // The hostile twin: the same call retried again is refused; the page is gone.
    assert_taken_once(&retried(&b.origin, &state).await);
    let (status, _, _) = bounded("a page", browser.get(&on_b)).await;
    assert_eq!(status, 410);
    assert!(!format!("{done}{}{}", browser.seen, b.log()).contains(SECRET));
}

/// Redis (append-only file, `fsync` at every write) killed with four answers saved and one page
/// still waiting, and started again on its file: each replica's very next request works, every
/// saved answer completes its call once, an answer posted again after the restart is not taken
/// again, and the waiting page is answered as if nothing happened.
#[tokio::test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn saved_answers_survive_a_redis_restart_and_the_next_request_works() {
    let mut redis = Redis::durable();
    let (a, b) = replicas_on(&redis.url);
    let mut browser = Browser::default();
    for replica in [&a, &b] {
        bounded("a sign-in", browser.sign_in(&replica.origin, "dev-ada")).await;
    }
    // Four pages, each made on one replica and answered on the other; a fifth left waiting.
    let mut saved = Vec::new();
    for round in 0..4 {
        let (made_on, answered_on) = if round % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let (url, state) = ask(&made_on.origin).await;
        let url = on(&url, made_on, answered_on);
        let posted = answer(&mut browser, &url).await;
        saved.push((url, state, posted));
    }
    let (waiting, waiting_state) = ask(&a.origin).await;

    redis.kill();
    redis.restart();

    // Each replica's very next request, one after the other: the connection each held broke.
    let first_on_a = retried(&a.origin, &saved[0].1).await;
    assert_eq!(text(&first_on_a), CONNECTED, "A's first request");
    let first_on_b = retried(&b.origin, &saved[1].1).await;
    assert_eq!(text(&first_on_b), CONNECTED, "B's first request");

    // The hostile twin: the third answer posted again on its page (the same form, the same
    // token) is refused as answered already, and its call completes once.
    let (url, state, posted) = &saved[2];
    let (status, page) = post(&mut browser, url, posted).await;
    assert_eq!(status, 409, "{page}");
    assert!(
        page.contains("This page has been answered already."),
        "{page}"
    );
    assert_eq!(text(&retried(&a.origin, state).await), CONNECTED);
    assert_taken_once(&retried(&b.origin, state).await);
    // The hostile twin: the fourth call retried on both replicas at once completes once.
    let (on_a, on_b) = tokio::join!(
        retried(&a.origin, &saved[3].1),
        retried(&b.origin, &saved[3].1)
    );
    let (done, refused) = if on_a.get("result").is_some() {
        (on_a, on_b)
    } else {
        (on_b, on_a)
    };
    assert_eq!(text(&done), CONNECTED);
    assert_taken_once(&refused);
    for (_, state, _) in &saved {
        assert_taken_once(&retried(&b.origin, state).await);
    }

    // The page that waited through the restart.
    answer(&mut browser, &on(&waiting, &a, &b)).await;
    assert_eq!(text(&retried(&b.origin, &waiting_state).await), CONNECTED);
    let everything = format!("{}{}{}", browser.seen, a.log(), b.log());
    assert!(!everything.contains(SECRET));
}

/// Redis down for seconds: a new call, a retried call and a page each get a clear answer naming
/// the store within the store's time and a margin (never a hang); then Redis is started again,
/// and the same replicas, not restarted, serve the same flow to its end.
#[tokio::test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn redis_down_for_seconds_answers_clearly_in_bounded_time_then_recovers() {
    let mut redis = Redis::durable();
    let (a, b) = replicas_on(&redis.url);
    let (url, state) = ask(&a.origin).await;
    let on_b = on(&url, &a, &b);
    let mut browser = Browser::default();
    bounded("a sign-in", browser.sign_in(&b.origin, "dev-ada")).await;

    redis.kill();
    let down = Instant::now();
    let bound = Duration::from_secs(8);
    let ((new_call, new_took), (again, again_took), (page, page_took)) = tokio::join!(
        timed(
            bound,
            "a call while Redis is down",
            call(&a.origin, ADA, url_mode(), json!({}))
        ),
        timed(
            bound,
            "a retried call while Redis is down",
            call(&b.origin, ADA, url_mode(), retry("accept", &state))
        ),
        timed(bound, "a page while Redis is down", browser.get(&on_b)),
    );
    println!(
        "Redis down: a call ended in {new_took:?}, a retried call in {again_took:?}, a page in {page_took:?}"
    );
    for message in [&new_call.1, &again.1] {
        // A tool's error result, which the model reads (what a tool answers when it has none):
        // what to do, and no detail of the store's (which may name its hosts) ...
        assert_eq!(message["result"]["isError"], true, "{message:#}");
        assert_eq!(
            message["result"]["content"][0]["text"],
            "the server could not reach its page store just now: try again in a moment",
            "{message:#}"
        );
    }
    // ... which each replica's log has (read from its output by another thread: waited for).
    for replica in [&a, &b] {
        let detail = "the Redis store failed a step error=the page store failed: Redis could not be reached within 5000 ms";
        let logged = Instant::now() + Duration::from_secs(2);
        while !replica.log().contains(detail) && Instant::now() < logged {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(replica.log().contains(detail), "{}", replica.log());
    }
    let (status, _, page) = page;
    assert_eq!(status, 503, "{page}");
    assert!(page.contains("<h1>Try again</h1>"), "{page}");
    assert!(
        page.contains("The page cannot be reached just now. Try again in a moment."),
        "{page}"
    );
    // Down for a while longer: then started again on its file.
    tokio::time::sleep(Duration::from_secs(6).saturating_sub(down.elapsed())).await;
    redis.restart();

    // The same replicas, not restarted: the page answered on B, the call completed on A, and a
    // new flow made on B.
    answer(&mut browser, &on_b).await;
    assert_eq!(text(&retried(&a.origin, &state).await), CONNECTED);
    assert_taken_once(&retried(&b.origin, &state).await);
    let (url, _) = ask(&b.origin).await;
    assert!(url.starts_with(&format!("{}/pages/", b.origin)), "{url}");
}

/// One whole flow: the call made on `made_on`, its page answered on `answered_on`, the call
/// retried on `made_on` and completed.
async fn flow(browser: &mut Browser, made_on: &Server, answered_on: &Server) {
    let (url, state) = ask(&made_on.origin).await;
    answer(browser, &on(&url, made_on, answered_on)).await;
    assert_eq!(text(&retried(&made_on.origin, &state).await), CONNECTED);
}

/// Fails the test when [`FAILOVER`] has passed since `since` with `what` still failing (`last`
/// says how); otherwise waits a little before the next try.
async fn give_up_after_failover(since: Instant, what: &str, last: &dyn std::fmt::Display) {
    assert!(
        since.elapsed() < FAILOVER,
        "{what}: still failing {FAILOVER:?} after the primary's death: {last}"
    );
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// A Redis Cluster (three primaries with a replica each) serving two replicas' flows; then the
/// primary holding Ada's pages (her bucket's slot) is killed. Every answer saved before completes its call,
/// once; and a new flow completes within seconds, each of its steps tried again as a client and
/// a person would while the cluster fails over (the times are printed).
#[tokio::test]
#[ignore = "needs redis-server and redis-cli: CI installs them and runs this with --ignored"]
async fn a_cluster_loses_the_primary_of_the_store_and_keeps_every_saved_answer() {
    let mut cluster = Cluster::start();
    let seeds = cluster.seeds();
    let a = Server::start(&["--redis-cluster", &seeds]);
    let b = Server::start(&["--redis-cluster", &seeds]);
    let mut browser = Browser::default();
    for replica in [&a, &b] {
        bounded("a sign-in", browser.sign_in(&replica.origin, "dev-ada")).await;
    }
    for (made_on, answered_on) in [(&a, &b), (&b, &a)] {
        flow(&mut browser, made_on, answered_on).await;
    }
    // Answers saved whose calls have not come back yet.
    let mut saved = Vec::new();
    let mut slot = String::new();
    for round in 0..4 {
        let (made_on, answered_on) = if round % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let (url, state) = ask(&made_on.origin).await;
        answer(&mut browser, &on(&url, made_on, answered_on)).await;
        saved.push(state);
        slot = pages_slot(&url);
    }

    // The primary of Ada's pages (her bucket's slot) dies.
    let busiest = cluster.primary_of(&slot);
    let held = redis_server::cli(busiest, &["DBSIZE"]);
    assert_ne!(held.trim(), "0", "Ada's pages are on the primary killed");
    cluster.kill(busiest);
    let killed = Instant::now();

    // Every saved answer completes its call, once: the client retries while the cluster fails
    // over.
    for (round, state) in saved.iter().enumerate() {
        let (first, second) = if round % 2 == 0 { (&a, &b) } else { (&b, &a) };
        loop {
            let done = retried(&first.origin, state).await;
            if done["result"]["content"][0]["text"] == CONNECTED {
                break;
            }
            give_up_after_failover(killed, "a saved answer's call", &done).await;
        }
        assert_taken_once(&retried(&second.origin, state).await);
    }
    let taken = killed.elapsed();

    // A new flow: the call made on A, its page answered on B, the call retried on A, each step
    // tried again until it works.
    let (url, state) = loop {
        let (_, first) = bounded("a call", call(&a.origin, ADA, url_mode(), json!({}))).await;
        if first["result"]["resultType"] == "input_required" {
            break asked(&first);
        }
        give_up_after_failover(killed, "a new call", &first).await;
    };
    let made = killed.elapsed();
    let url = on(&url, &a, &b);
    // What the person was shown, each time it changed.
    let mut shown: Vec<String> = Vec::new();
    loop {
        match try_answer(&mut browser, &url).await {
            Ok(_) => break,
            Err(failed) => {
                if shown.last() != Some(&failed) {
                    shown.push(failed);
                }
                let primary = cluster.primary_of(&slot);
                let replication = redis_server::cli(primary, &["INFO", "replication"]);
                let replicas = replication
                    .lines()
                    .find(|line| line.starts_with("connected_slaves:"))
                    .unwrap_or_default()
                    .to_owned();
                let last = format!("{} (the new primary: {replicas})", shown.join("; then "));
                give_up_after_failover(killed, "a new page's answer", &last).await;
            }
        }
    }
    let done = loop {
        let done = retried(&a.origin, &state).await;
        if done["result"]["content"][0]["text"] == CONNECTED {
            break killed.elapsed();
        }
        give_up_after_failover(killed, "a new call retried", &done).await;
    };
    println!(
        "the primary of Ada's pages killed: every saved answer taken after {} ms, a new page made after {} ms, the first new flow completed after {} ms",
        taken.as_millis(),
        made.as_millis(),
        done.as_millis()
    );
    assert_ne!(cluster.primary_of(&slot), busiest, "its replica took over");
    // Both replicas go on serving whole flows.
    flow(&mut browser, &b, &a).await;
}

/// Ada's upstream account, as `whoami_upstream` says it.
const ACCOUNT: &str = "Upstream account: ada (ada@example.com)";

/// `whoami_upstream` called on both replicas at once, each call tried again (within
/// [`FAILOVER`] of `since`) until it says Ada's account: a refresh each needs.
async fn both_see_the_account(a: &account::Server, b: &account::Server, since: Instant) {
    let (on_a, on_b) = tokio::join!(whoami(a, since), whoami(b, since));
    assert_eq!((on_a.as_str(), on_b.as_str()), (ACCOUNT, ACCOUNT));
}

/// `whoami_upstream` on `server`, tried again until it answers the account (within [`FAILOVER`]
/// of `since`): its text.
async fn whoami(server: &account::Server, since: Instant) -> String {
    loop {
        let call = account::call(
            &server.origin,
            "whoami_upstream",
            ADA,
            url_mode(),
            json!({}),
        );
        let said = bounded("whoami_upstream", call).await;
        if said["result"]["content"][0]["text"] == ACCOUNT {
            return ACCOUNT.to_owned();
        }
        give_up_after_failover(since, "whoami_upstream", &said).await;
    }
}

/// Two `account_server` replicas on a Redis Cluster: Ada connects her account through both, the
/// access token expires and both need it at once (one refresh, the refresh token used once);
/// then the primary of the store's slot dies, and the next expiry is refreshed once too, the
/// connection kept.
#[tokio::test]
#[ignore = "needs oidc-provider (npm), redis-server and redis-cli: CI installs them and runs this with --ignored"]
async fn accounts_on_a_cluster_refresh_once_through_a_failover() {
    let mut cluster = Cluster::start();
    let seeds = cluster.seeds();
    let store = ["--redis-cluster", seeds.as_str()];
    let (provider, a, b, _) = account::replicas(&store, 3, account::STATE_KEY);

    let first = account::call(&a.origin, "whoami_upstream", ADA, url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    let mut ada = account::Browser::default();
    ada.sign_in(&a.origin, "dev-ada").await;
    let authorize = ada
        .continue_to_provider(&url.replace(&a.origin, &b.origin))
        .await;
    let back = ada.sign_in_and_consent(&authorize, "ada").await;
    let done = ada.get(&back.replace(&a.origin, &b.origin)).await;
    assert_eq!(done.status, 200, "{}", done.body);
    let retry = retry("accept", &state);
    let connected = account::call(&a.origin, "whoami_upstream", ADA, url_mode(), retry).await;
    assert_eq!(text(&connected), ACCOUNT);

    tokio::time::sleep(Duration::from_millis(3_200)).await;
    both_see_the_account(&a, &b, Instant::now()).await;
    assert_eq!(provider.requests("POST /token 200"), 2, "one refresh");

    let busiest = cluster.primary_of(SLOT);
    cluster.kill(busiest);
    let killed = Instant::now();
    tokio::time::sleep(Duration::from_millis(3_200)).await;
    both_see_the_account(&a, &b, killed).await;
    println!(
        "the primary of the store's slot killed: both replicas refreshed the account after {} ms",
        killed.elapsed().as_millis()
    );
    assert_eq!(
        provider.requests("POST /token 200"),
        3,
        "one refresh after the failover: {}",
        provider.process.log()
    );
    provider.assert_no_refresh_token_reused();
}
