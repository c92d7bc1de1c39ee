//! `router_server` end to end, the official Python SDK (`python/router.py`) as the client on
//! 2025-11-25 (`legacy`) and 2026-07-28: every tool and the prompt of a server written with rmcp's
//! routers and `#[asks]`. An invalid answer asked again, declines, the greeting's name remembered
//! for the user (and only for them) until reset, `book_table` asking for exactly the arguments
//! that are missing or wrong (and nothing when all are given), `connect_service`'s page answered
//! over HTTP by the same user, signed in; and two replicas sharing their pages through one Redis
//! (`--redis`, which needs `redis-server`).
//!
//! It needs Python with the SDK: a virtual environment with `python/requirements.txt` installed,
//! named by `MCP_ELICIT_PYTHON` (CI makes one in `target/python`); then
//! `cargo test -p mcp-elicit-rmcp-examples --test router -- --ignored`.

#[path = "support/connect.rs"]
mod connect;
#[path = "../../../tests/integration/support/redis_server.rs"]
mod redis_server;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use connect::{Browser, SECRET, Server, asked, call_tool, retry, text, url_mode};
use serde_json::{Value, json};

/// The two flows: the client's `mode`.
const MODES: [&str; 2] = ["legacy", "2026-07-28"];

fn python() -> PathBuf {
    match std::env::var_os("MCP_ELICIT_PYTHON") {
        Some(python) => PathBuf::from(python),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/python/bin/python"),
    }
}

/// A `router_server` on a free port.
fn server() -> Server {
    Server::start_program(env!("CARGO_BIN_EXE_router_server"), &[])
}

/// `connect_service`'s page made by a call to replica A, answered at replica B, and the call
/// retried on B (2026-07-28, as plain JSON-RPC): one Redis (`--redis`) holds the page, and never
/// the key.
#[tokio::test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn two_replicas_share_pages_through_redis() {
    let redis = redis_server::Redis::start();
    let replica = || {
        Server::start_program(
            env!("CARGO_BIN_EXE_router_server"),
            &["--redis", &redis.url],
        )
    };
    let (a, b) = (replica(), replica());
    let ada = Some("dev-ada");
    let (_, first) = call_tool(&a.origin, "connect_service", ada, url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    let mut browser = Browser::default();
    browser.sign_in(&b.origin, "dev-ada").await;
    let fields = [("label", "Work"), ("api_key", SECRET)];
    let on_b = url.replace(&a.origin, &b.origin);
    let (status, page) = browser.fill(&on_b, &fields, "accept").await;
    assert_eq!(status, 200, "{page}");
    let retried = retry("accept", &state);
    let (_, done) = call_tool(&b.origin, "connect_service", ada, url_mode(), retried).await;
    assert_eq!(text(&done), "Connected Work");
    let (keys, held) = redis.everything();
    assert!(!keys.trim().is_empty(), "the pages are in Redis");
    let everything = format!("{held}{first}{done}{}{}{}", browser.seen, a.log(), b.log());
    assert!(!everything.contains(SECRET));
}

/// One session of the Python SDK's client with `server`, as `token`, in `mode`.
struct Client {
    mode: &'static str,
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Client {
    fn start(server: &Server, mode: &'static str, token: &str) -> Client {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("python/router.py");
        let url = format!("{}/mcp", server.origin);
        let mut child = Command::new(python())
            .arg(&script)
            .args([url.as_str(), mode, token])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the Python SDK's venv (target/python, made by .ci/run)");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().unwrap());
        Client {
            mode,
            child,
            input,
            output,
        }
    }

    /// Writes `line` to the client's input.
    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    /// The next line the client printed.
    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|_| panic!("{}: {line:?}", self.mode))
    }

    /// Runs `step`: its report.
    fn step(&mut self, step: &Value) -> Value {
        self.send(&step.to_string());
        let report = self.read();
        assert!(report.get("error").is_none(), "{}: {report:#}", self.mode);
        report
    }

    /// Calls `tool` with `arguments`, answering its forms with `answers`: its text, and the
    /// forms shown.
    fn call(&mut self, tool: &str, arguments: Value, answers: Value) -> (String, Vec<Value>) {
        let step = json!({"tool": tool, "arguments": arguments, "answers": answers});
        let report = self.step(&step);
        assert_eq!(report["isError"], false, "{}: {report:#}", self.mode);
        let text = report["text"].as_str().unwrap().to_owned();
        (text, forms(&report))
    }

    /// Gets `prompt`, answering its forms with `answers`: its messages, and the forms shown.
    fn prompt(&mut self, prompt: &str, answers: Value) -> (Value, Vec<Value>) {
        let report = self.step(&json!({"prompt": prompt, "answers": answers}));
        (report["messages"].clone(), forms(&report))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // The end of its input ends the session.
        self.input.take();
        let status = self.child.wait().unwrap();
        if !std::thread::panicking() {
            assert!(status.success(), "{}: the client failed", self.mode);
        }
    }
}

fn forms(report: &Value) -> Vec<Value> {
    report["forms"].as_array().unwrap().clone()
}

fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

fn decline() -> Value {
    json!({"action": "decline"})
}

/// The names of a form's fields, in order.
fn fields(form: &Value) -> Vec<&str> {
    let properties = form["requestedSchema"]["properties"].as_object().unwrap();
    properties.keys().map(String::as_str).collect()
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn the_tools_and_the_prompt_are_listed() {
    let server = server();
    for mode in MODES {
        let mut ada = Client::start(&server, mode, "dev-ada");
        let listed = ada.step(&json!({"list": true}));
        let tools = listed["tools"].as_array().unwrap();
        let schema = |name: &str| {
            let tool = tools.iter().find(|t| t["name"] == name);
            tool.unwrap_or_else(|| panic!("{mode}: no {name}"))["inputSchema"].clone()
        };
        let mut names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
        names.sort_unstable();
        assert_eq!(
            names,
            ["book_table", "connect_service", "greet_user", "reset_name"],
            "{mode}"
        );
        let greet = schema("greet_user");
        assert_eq!(greet["properties"]["greeting"]["type"], "string", "{mode}");
        assert_eq!(greet["required"], json!(["greeting"]), "{mode}");
        // The derived arguments are the tool's input schema.
        assert_eq!(
            schema("book_table"),
            json!({
                "type": "object",
                "properties": {
                    "date": {"type": "string", "title": "Date", "format": "date"},
                    "partySize": {
                        "type": "integer", "title": "Party size", "minimum": 1, "maximum": 12
                    },
                    "seating": {"type": "string", "title": "Seating", "oneOf": [
                        {"const": "indoor", "title": "Indoor"},
                        {"const": "outdoor", "title": "Outdoor"}
                    ]}
                },
                "required": ["date", "partySize", "seating"]
            }),
            "{mode}"
        );
        let prompts = listed["prompts"].as_array().unwrap();
        assert_eq!(prompts.len(), 1, "{mode}");
        assert_eq!(prompts[0]["name"], "plan_trip", "{mode}");
        assert!(
            prompts[0].get("arguments").is_none(),
            "{mode}: {prompts:#?}"
        );
    }
}

/// The name asked once per user: a one-letter name asked again, the name remembered for the
/// user (in this session and the next) and for no one else, forgotten by `reset_name`; a decline
/// greets a guest and remembers nothing.
#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn greet_user_asks_the_name_once_per_user() {
    for mode in MODES {
        let server = server();
        let mut ada = Client::start(&server, mode, "dev-ada");
        let answers = json!([accept(json!({"name": "A"})), accept(json!({"name": "Ada"}))]);
        let (text, forms) = ada.call("greet_user", json!({"greeting": "Hello"}), answers);
        assert_eq!(text, "Hello Ada!", "{mode}");
        assert_eq!(forms.len(), 2, "{mode}: {forms:#?}");
        assert_eq!(forms[0]["message"], "Please provide your name", "{mode}");
        assert_eq!(fields(&forms[0]), ["name"], "{mode}");
        assert_eq!(
            forms[0]["requestedSchema"]["properties"]["name"]["minLength"], 2,
            "{mode}"
        );
        let again = forms[1]["message"].as_str().unwrap();
        assert!(
            again.starts_with("Please provide your name") && again.contains("at least 2"),
            "{mode}: {again}"
        );

        // Known now: not asked, in this session or another of the same user.
        let (text, forms) = ada.call("greet_user", json!({"greeting": "Hi"}), json!([]));
        assert_eq!((text.as_str(), forms.len()), ("Hi Ada!", 0), "{mode}");
        let mut ada_again = Client::start(&server, mode, "dev-ada");
        let (text, forms) = ada_again.call("greet_user", json!({"greeting": "Hey"}), json!([]));
        assert_eq!((text.as_str(), forms.len()), ("Hey Ada!", 0), "{mode}");

        // Another user is asked for theirs.
        let mut bob = Client::start(&server, mode, "dev-bob");
        let answers = json!([accept(json!({"name": "Bob"}))]);
        let (text, forms) = bob.call("greet_user", json!({"greeting": "Hello"}), answers);
        assert_eq!((text.as_str(), forms.len()), ("Hello Bob!", 1), "{mode}");

        // Forgotten: asked again; declined, a guest, and still asked the next time.
        let (text, forms) = ada.call("reset_name", json!({}), json!([]));
        assert_eq!(
            text, "User name reset. Next greeting will ask for name again.",
            "{mode}"
        );
        assert!(forms.is_empty(), "{mode}");
        let (text, forms) = ada.call(
            "greet_user",
            json!({"greeting": "Hello"}),
            json!([decline()]),
        );
        assert_eq!((text.as_str(), forms.len()), ("Hello Guest!", 1), "{mode}");
        let answers = json!([accept(json!({"name": "Ada Lovelace"}))]);
        let (text, forms) = ada.call("greet_user", json!({"greeting": "Hello"}), answers);
        assert_eq!(
            (text.as_str(), forms.len()),
            ("Hello Ada Lovelace!", 1),
            "{mode}"
        );
        // Bob's name was never forgotten.
        let (text, forms) = bob.call("greet_user", json!({"greeting": "Bye"}), json!([]));
        assert_eq!((text.as_str(), forms.len()), ("Bye Bob!", 0), "{mode}");
    }
}

/// The arguments as the model gave them: nothing asked when all are there and valid; otherwise
/// one form of exactly the fields missing or wrong.
#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn book_table_asks_for_exactly_what_is_missing_or_wrong() {
    let server = server();
    for mode in MODES {
        let mut ada = Client::start(&server, mode, "dev-ada");
        let complete = json!({"date": "2026-12-24", "partySize": 4, "seating": "outdoor"});
        let (text, forms) = ada.call("book_table", complete, json!([]));
        assert_eq!(
            text, "Booked a table for 4 on 2026-12-24, Outdoor.",
            "{mode}"
        );
        assert!(forms.is_empty(), "{mode}: {forms:#?}");

        // The party size out of bounds and the seating missing: those two asked.
        let partial = json!({"date": "2026-12-24", "partySize": 40});
        let answers = json!([accept(json!({"partySize": 2, "seating": "indoor"}))]);
        let (text, forms) = ada.call("book_table", partial, answers);
        assert_eq!(
            text, "Booked a table for 2 on 2026-12-24, Indoor.",
            "{mode}"
        );
        assert_eq!(forms.len(), 1, "{mode}: {forms:#?}");
        assert_eq!(fields(&forms[0]), ["partySize", "seating"], "{mode}");
        let message = forms[0]["message"].as_str().unwrap();
        assert!(
            message.starts_with("Which table should I book?"),
            "{mode}: {message}"
        );

        // A date that is not one: only the date asked, and asked again while it is still wrong.
        let wrong_date = json!({"date": "next friday", "partySize": 6, "seating": "indoor"});
        let answers = json!([
            accept(json!({"date": "24/12/2026"})),
            accept(json!({"date": "2026-12-31"}))
        ]);
        let (text, forms) = ada.call("book_table", wrong_date, answers);
        assert_eq!(
            text, "Booked a table for 6 on 2026-12-31, Indoor.",
            "{mode}"
        );
        assert_eq!(forms.len(), 2, "{mode}: {forms:#?}");
        assert_eq!(fields(&forms[0]), ["date"], "{mode}");
        assert_eq!(fields(&forms[1]), ["date"], "{mode}");

        // Nothing given, and declined.
        let (text, forms) = ada.call("book_table", json!({}), json!([decline()]));
        assert_eq!(text, "Nothing was booked.", "{mode}");
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(
            fields(&forms[0]),
            ["date", "partySize", "seating"],
            "{mode}"
        );
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn plan_trip_asks_the_destination() {
    let server = server();
    for mode in MODES {
        let mut ada = Client::start(&server, mode, "dev-ada");
        let answers = json!([
            accept(json!({"destination": "L"})),
            accept(json!({"destination": "Lisbon"}))
        ]);
        let (messages, forms) = ada.prompt("plan_trip", answers);
        assert_eq!(
            messages,
            json!([{"role": "user", "content": {"type": "text", "text": "Plan a trip to Lisbon."}}]),
            "{mode}"
        );
        assert_eq!(forms.len(), 2, "{mode}: {forms:#?}");
        assert_eq!(forms[0]["message"], "Where would you like to go?", "{mode}");
        assert_eq!(fields(&forms[0]), ["destination"], "{mode}");
        assert!(
            forms[1]["message"].as_str().unwrap().contains("at least 2"),
            "{mode}: {:#}",
            forms[1]
        );

        let (messages, forms) = ada.prompt("plan_trip", json!([decline()]));
        assert_eq!(
            messages,
            json!([{"role": "user", "content": {"type": "text", "text": "Plan a trip."}}]),
            "{mode}"
        );
        assert_eq!(forms.len(), 1, "{mode}");
    }
}

/// The key through the server's page, answered by the same user signed in at the page: on
/// 2025-11-25 the call waits for it; on 2026-07-28 the client accepts before and after. A key
/// too short is asked again on the page; the key never leaves the server. Declined in the client,
/// nothing is connected.
#[tokio::test]
#[ignore = "needs the Python SDK: see the top of this file"]
async fn connect_service_asks_through_a_page() {
    let server = server();
    for mode in MODES {
        let mut ada = Client::start(&server, mode, "dev-ada");
        ada.send(&json!({"tool": "connect_service", "arguments": {}}).to_string());
        let shown = ada.read();
        assert_eq!(shown["message"], "Connect your weather service", "{mode}");
        let url = shown["url"].as_str().unwrap().to_owned();
        assert!(
            url.starts_with(&format!("{}/pages/", server.origin)),
            "{url}"
        );
        ada.send("accept");
        if mode == "2026-07-28" {
            // Accepted before the page was answered: shown again, the same URL.
            assert_eq!(ada.read()["url"], url.as_str(), "{mode}");
        }

        let mut browser = Browser::default();
        browser.sign_in(&server.origin, "dev-ada").await;
        let short = [("label", "Work"), ("api_key", "too-short")];
        let (status, page) = browser.fill(&url, &short, "accept").await;
        assert_eq!(status, 422, "{mode}: {page}");
        assert!(page.contains("at least 20"), "{mode}: {page}");
        let fields = [("label", "Work"), ("api_key", SECRET)];
        let (status, page) = browser.fill(&url, &fields, "accept").await;
        assert_eq!(status, 200, "{mode}: {page}");
        if mode == "2026-07-28" {
            ada.send("accept");
        }
        let done = ada.read();
        assert_eq!(done["text"], "Connected Work", "{mode}: {done:#}");
        assert_eq!(done["isError"], false, "{mode}");

        // Declined in the client: nothing connected, and the page closed.
        ada.send(&json!({"tool": "connect_service", "arguments": {}}).to_string());
        let declined_url = ada.read()["url"].as_str().unwrap().to_owned();
        ada.send("decline");
        let report = ada.read();
        assert_eq!(
            report["text"], "Nothing was connected: no key was given.",
            "{mode}: {report:#}"
        );
        let (status, _, _) = browser.get(&declined_url).await;
        assert_eq!(status, 410, "{mode}");

        drop(ada);
        assert!(
            !format!("{done}{}{}", browser.seen, server.log()).contains(SECRET),
            "{mode}"
        );
    }
}
