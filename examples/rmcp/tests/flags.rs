//! The command lines of the servers with pages (`connect_server`, `account_server`,
//! `router_server`): a flag a server does not know is refused with its usage (exit code 2), never
//! ignored; `--help` says what each flag does and its default; `--redis` and `--redis-cluster`
//! exclude each other, and a Redis Cluster that cannot be used ends the server with an error
//! naming it, before anything listens.

use std::process::Output;
use std::time::Duration;

use tokio::process::Command;

const CONNECT: &str = env!("CARGO_BIN_EXE_connect_server");
const ACCOUNT: &str = env!("CARGO_BIN_EXE_account_server");
const ROUTER: &str = env!("CARGO_BIN_EXE_router_server");

/// The state key the servers read (any valid one).
const STATE_KEY: &str = "6d63702d656c69636974207061676573206f6e2074776f207265706c69636173";

/// A loopback port nothing listens on: the discard service's, which no test binds (each takes a
/// port the system chooses). A port the system chose and let go could be taken by a parallel
/// test's server meanwhile.
const NOTHING_LISTENS: u16 = 9;

/// `program` run with `args` on a port the system chooses (and, for `account_server`, an issuer
/// and an OAuth client, so that only `args` can be wrong), within `limit`: its output, once it
/// has exited (else the test fails: a server that does not end has taken its command line). It
/// never listened: it did not say it serves.
async fn run_within(limit: Duration, program: &str, args: &[&str]) -> Output {
    let mut command = Command::new(program);
    command.args(["--port", "0"]);
    if program == ACCOUNT {
        command.args(["--issuer", "http://127.0.0.1:9/"]);
    }
    let running = command
        .args(args)
        .env("MCP_ELICIT_STATE_KEY", STATE_KEY)
        .env("OAUTH_CLIENT_ID", "client")
        .env("OAUTH_CLIENT_SECRET", "secret")
        .env_remove("RUST_LOG")
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(limit, running)
        .await
        .unwrap_or_else(|_| panic!("{program} {args:?} still runs after {limit:?}"))
        .unwrap_or_else(|e| panic!("{program} starts: {e}"));
    assert!(
        !text(&output.stdout).contains("serving "),
        "{program} {args:?} listened: {}",
        text(&output.stdout)
    );
    output
}

/// As [`run_within`], within 5 seconds: a command line is judged at once.
async fn run(program: &str, args: &[&str]) -> Output {
    run_within(Duration::from_secs(5), program, args).await
}

/// The usage a refusal shows: the flags [`run`] gave `program`, then `rest`.
fn usage(program: &str, rest: &str) -> String {
    let name = std::path::Path::new(program).file_name().unwrap();
    let name = name.to_str().unwrap();
    let issuer = if program == ACCOUNT {
        " --issuer <URL>"
    } else {
        ""
    };
    format!("Usage: {name}{issuer} --port <PORT> {rest}")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Refused as clap refuses a command line: exit code 2, nothing on the output, `stderr` exactly.
fn assert_refused(output: &Output, stderr: &str) {
    assert_eq!(text(&output.stderr), stderr);
    assert_eq!(text(&output.stdout), "");
    assert_eq!(output.status.code(), Some(2));
}

#[tokio::test]
async fn an_unknown_flag_is_refused_with_the_usage() {
    for program in [CONNECT, ACCOUNT, ROUTER] {
        let output = run(program, &["--redis-clustr", "redis://127.0.0.1:7000"]).await;
        let usage = usage(program, "--redis-cluster <URL,URL,...>");
        let expected = format!(
            "error: unexpected argument '--redis-clustr' found

  tip: a similar argument exists: '--redis-cluster'

{usage}

For more information, try '--help'.
"
        );
        assert_refused(&output, &expected);
    }
}

#[tokio::test]
async fn a_flag_of_another_server_is_refused() {
    // `--page-ttl` is `connect_server`'s and `account_server`'s, not `router_server`'s.
    let output = run(ROUTER, &["--page-ttl", "5"]).await;
    assert_refused(
        &output,
        "error: unexpected argument '--page-ttl' found

Usage: router_server --port <PORT>

For more information, try '--help'.
",
    );
}

#[tokio::test]
async fn redis_and_a_redis_cluster_exclude_each_other() {
    for program in [CONNECT, ACCOUNT, ROUTER] {
        let args = [
            "--redis",
            "redis://127.0.0.1:6379",
            "--redis-cluster",
            "redis://127.0.0.1:7000,redis://127.0.0.1:7001",
        ];
        let output = run(program, &args).await;
        let usage = usage(program, "--redis <URL>");
        let expected = format!(
            "error: the argument '--redis <URL>' cannot be used with '--redis-cluster <URL,URL,...>'

{usage}

For more information, try '--help'.
"
        );
        assert_refused(&output, &expected);
        // Nor a cluster with Sentinels, nor a service without them.
        let args = [
            "--redis-cluster",
            "redis://127.0.0.1:7000",
            "--redis-sentinel",
            "redis://127.0.0.1:26379",
        ];
        let output = run(program, &args).await;
        let shown = self::usage(program, "--redis-cluster <URL,URL,...>");
        let expected = format!(
            "error: the argument '--redis-cluster <URL,URL,...>' cannot be used with '--redis-sentinel <URL,URL,...>'

{shown}

For more information, try '--help'.
"
        );
        assert_refused(&output, &expected);
        let output = run(program, &["--redis-service", "svc"]).await;
        // (clap puts the flag wanted first: after the issuer, which account_server requires.)
        let shown = self::usage(program, "--redis-service <NAME>")
            .replace(" --port", " --redis-sentinel <URL,URL,...> --port");
        let expected = format!(
            "error: the following required arguments were not provided:
  --redis-sentinel <URL,URL,...>

{shown}

For more information, try '--help'.
"
        );
        assert_refused(&output, &expected);
    }
}

/// What `--help` says of the site and the store, the same in each server.
const SITE_AND_STORE: &str = "      --port <PORT>
          The port to listen on, on 127.0.0.1 (0: one the system chooses) [default: 8000]
      --public-url <URL>
          The site's public address, in the pages' links [default: its local address]
      --redis <URL>
          The Redis its store is kept in, shared by replicas [default: its own memory]
      --redis-cluster <URL,URL,...>
          The seed nodes of the Redis Cluster its store is kept in, shared by replicas
      --redis-sentinel <URL,URL,...>
          The Redis Sentinels that name the primary its store is kept in, shared by replicas
      --redis-service <NAME>
          The service the Sentinels watch [default: mymaster]
";

/// What `--help` says of the state key, the same in each server.
const STATE_KEY_HELP: &str = "Environment:
  MCP_ELICIT_STATE_KEY
          The keys that seal what it keeps, CURRENT[,PREVIOUS...] (64 hexadecimal characters each),
          shared by replicas [default: a random key]
";

/// `--help` on `program`: exit code 0, and exactly `usage` on its output.
async fn assert_help(program: &str, usage: &str) {
    let output = run(program, &["--help"]).await;
    assert_eq!(text(&output.stdout), usage);
    assert_eq!(text(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

#[tokio::test]
async fn help_says_what_each_flag_of_connect_server_does() {
    let usage = format!(
        "An MCP server that asks for an API key through a page of its own (URL mode)

Usage: connect_server [OPTIONS]

Options:
{SITE_AND_STORE}      --page-ttl <SECONDS>
          How long a page waits for its answer, in seconds [default: 600]
  -h, --help
          Print help

{STATE_KEY_HELP}"
    );
    assert_help(CONNECT, &usage).await;
}

#[tokio::test]
async fn help_says_what_each_flag_of_account_server_does() {
    let usage = format!(
        "An MCP server that acts for its users at an OAuth provider, their accounts connected \
         through URL mode

Usage: account_server [OPTIONS] --issuer <URL>

Options:
      --issuer <URL>
          The OAuth provider's issuer, whose discovery document says where its endpoints are
{SITE_AND_STORE}      --page-ttl <SECONDS>
          How long a connect page waits for the provider's answer, in seconds [default: 600]
  -h, --help
          Print help

{STATE_KEY_HELP}  OAUTH_CLIENT_ID
          Its client id at the provider
  OAUTH_CLIENT_SECRET
          Its client secret at the provider
"
    );
    assert_help(ACCOUNT, &usage).await;
}

#[tokio::test]
async fn help_says_what_each_flag_of_router_server_does() {
    let usage = format!(
        "An MCP server in rmcp's own style, its `#[tool]` and `#[prompt]` methods marked `#[asks]`

Usage: router_server [OPTIONS]

Options:
{SITE_AND_STORE}      --elicitation-wait <SECONDS>
          How long a form sent to a client on 2025-11-25 is waited for, in seconds: a client that declares forms and never shows one then gets the link to the form's page [default: 90]
  -h, --help
          Print help

{STATE_KEY_HELP}"
    );
    assert_help(ROUTER, &usage).await;
}

/// `--redis-cluster SEEDS` on each server: it ends within 15 seconds, before it listens, with
/// exit code 1 and exactly `error: `--redis-cluster SEEDS`: the page store failed: WHY`.
async fn assert_cluster_refused(seeds: &str, why: &str) {
    for program in [CONNECT, ACCOUNT, ROUTER] {
        let limit = Duration::from_secs(15);
        let output = run_within(limit, program, &["--redis-cluster", seeds]).await;
        let expected = format!("error: `--redis-cluster {seeds}`: the page store failed: {why}\n");
        assert_eq!(text(&output.stderr), expected, "{program}");
        assert_eq!(text(&output.stdout), "");
        assert_eq!(output.status.code(), Some(1));
    }
}

#[tokio::test]
async fn a_redis_cluster_seed_that_is_not_a_url_ends_the_server() {
    let why = "Redis URL did not parse - InvalidClientConfig";
    assert_cluster_refused("redis://127.0.0.1:7000,not-a-url", why).await;
}

#[tokio::test]
async fn a_redis_cluster_where_nothing_listens_ends_the_server() {
    let seeds = format!("redis://127.0.0.1:{NOTHING_LISTENS}");
    let why = "Failed to create initial connections - Io: Connection refused (os error 111)";
    assert_cluster_refused(&seeds, why).await;
}

#[tokio::test]
async fn a_redis_that_cannot_be_reached_is_named_without_its_password() {
    let port = NOTHING_LISTENS;
    for program in [CONNECT, ACCOUNT, ROUTER] {
        let url = format!("redis://ada:s3cr3t@127.0.0.1:{port}/0");
        let output = run_within(Duration::from_secs(15), program, &["--redis", &url]).await;
        let said = text(&output.stderr);
        let shown = format!(
            "error: `--redis redis://ada:***@127.0.0.1:{port}/0`: the page store failed: Redis could not be reached within 5000 ms"
        );
        assert!(said.starts_with(&shown), "{program}: {said}");
        assert!(!said.contains("s3cr3t"), "{program}: {said}");
        assert_eq!(output.status.code(), Some(1));
    }
}

#[tokio::test]
async fn the_complete_http_server_takes_one_port_and_nothing_else() {
    // (It is the README's server in 100 lines: its port read by hand, and nothing else taken.)
    let program = env!("CARGO_BIN_EXE_http_server");
    for (args, said) in [
        (
            &["0", "--redis", "redis://127.0.0.1:1"][..],
            "Error: \"usage: http_server [PORT]\"\n",
        ),
        (
            &["--port", "0"],
            "Error: ParseIntError { kind: InvalidDigit }\n",
        ),
    ] {
        let running = Command::new(program)
            .args(args)
            .env("MCP_ELICIT_STATE_KEY", STATE_KEY)
            .kill_on_drop(true)
            .output();
        let output = tokio::time::timeout(Duration::from_secs(5), running)
            .await
            .unwrap_or_else(|_| panic!("http_server {args:?} still runs after 5 s"))
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(text(&output.stderr), said, "{args:?}");
    }
}
