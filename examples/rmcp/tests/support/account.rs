//! `account_server` and a real OAuth provider (`oidc-provider`, npm, on the Node.js 22 installed
//! beside it in `oidc/`) started by a test; MCP calls on 2026-07-28 as plain JSON-RPC over HTTP;
//! and a person's browser as plain HTTP with a cookie jar, through the server's sign-in and
//! connect page and the provider's own sign-in and consent pages.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::header::{CONTENT_TYPE, COOKIE, LOCATION, SET_COOKIE};
use serde_json::Value;

// Not every test that includes this file uses every one of them.
#[allow(unused_imports)]
pub use crate::connect::{asked, hidden, http, retry, text, url_mode};

/// The state key replicas share.
pub const STATE_KEY: &str = "6d63702d656c69636974207061676573206f6e2074776f207265706c69636173";
pub const CLIENT_ID: &str = "mcp-elicit-test";
pub const CLIENT_SECRET: &str = "client-secret-0b3e9d6a4c2f";

/// A process, with everything it wrote to its output and error streams, and its input.
pub struct Process {
    child: Child,
    stdin: Mutex<ChildStdin>,
    log: Arc<Mutex<String>>,
}

impl Process {
    /// Starts `command`, and gives its first line of output with it.
    fn start(mut command: Command, what: &str) -> (Process, String) {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{what} starts: {e}"));
        let stdin = Mutex::new(child.stdin.take().unwrap());
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                let mut lines = BufReader::new(stderr);
                let mut line = String::new();
                while lines.read_line(&mut line).unwrap_or(0) > 0 {
                    log.lock().unwrap().push_str(&line);
                    line.clear();
                }
            });
        }
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        if line.is_empty() {
            std::thread::sleep(Duration::from_millis(200));
            panic!("{what} said nothing: {}", log.lock().unwrap());
        }
        log.lock().unwrap().push_str(&line);
        {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                let mut line = String::new();
                while stdout.read_line(&mut line).unwrap_or(0) > 0 {
                    log.lock().unwrap().push_str(&line);
                    line.clear();
                }
            });
        }
        let process = Process { child, stdin, log };
        (process, line.trim().to_owned())
    }

    /// What it wrote so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Writes `line` to its input.
    fn tell(&self, line: &str) {
        let mut stdin = self.stdin.lock().unwrap();
        writeln!(stdin, "{line}").unwrap_or_else(|e| panic!("{line:?} not sent: {e}"));
        stdin.flush().unwrap();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A loopback address nothing listens on: the discard service's port, which no test binds (each
/// server takes a port the system chooses). A port the system chose and let go could be taken by
/// a parallel test's server meanwhile.
pub const NOTHING_LISTENS: &str = "http://127.0.0.1:9";

fn oidc_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("oidc")
}

/// The provider: `oidc-provider` with one client whose redirect URIs are `redirects` (and those
/// [`Provider::register`]ed later), its access tokens living `access_ttl` seconds; every token it
/// issued written to a file of its own; made to misbehave on demand (`--faults`:
/// [`Provider::fault`] and the methods beside it).
pub struct Provider {
    pub process: Process,
    pub issuer: String,
    issued: PathBuf,
}

impl Provider {
    pub fn start(redirects: &[String], access_ttl: u64) -> Provider {
        Provider::start_with(redirects, access_ttl, 86_400)
    }

    /// As [`Provider::start`], its refresh tokens living `refresh_ttl` seconds.
    pub fn start_with(redirects: &[String], access_ttl: u64, refresh_ttl: u64) -> Provider {
        Provider::launch(redirects, access_ttl, refresh_ttl, true)
    }

    /// As [`Provider::start`] with its default lifetimes, without `--faults`: no
    /// `/__test/faults`.
    pub fn start_without_faults(redirects: &[String]) -> Provider {
        Provider::launch(redirects, 300, 86_400, false)
    }

    fn launch(redirects: &[String], access_ttl: u64, refresh_ttl: u64, faults: bool) -> Provider {
        let dir = oidc_dir();
        let node = dir.join("node_modules/.bin/node");
        let library = dir.join("node_modules/oidc-provider");
        assert!(
            node.exists() && library.exists(),
            "these tests need oidc-provider and Node.js 22 from npm: run `npm install` in {} (.ci/run does)",
            dir.display()
        );
        // A file of its own: the process's id and a count of the providers it started.
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let tokens = std::env::temp_dir().join(format!(
            "mcp-elicit-issued-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_file(&tokens);
        let mut command = Command::new(node);
        command
            .current_dir(&dir)
            .arg("provider.mjs")
            .args(["--client-id", CLIENT_ID, "--client-secret", CLIENT_SECRET])
            .args(["--access-ttl", &access_ttl.to_string()])
            .args(["--refresh-ttl", &refresh_ttl.to_string()])
            .arg("--issued")
            .arg(&tokens);
        for redirect in redirects {
            command.args(["--redirect-uri", redirect]);
        }
        if faults {
            command.arg("--faults");
        }
        let (process, line) = Process::start(command, "oidc-provider");
        let issuer = line
            .strip_prefix("issuer ")
            .unwrap_or_else(|| panic!("the provider said {line:?}"))
            .to_owned();
        Provider {
            process,
            issuer,
            issued: tokens,
        }
    }

    /// Registers the redirect URI `uri` beside the others (a server's, once it listens on the
    /// port the system chose for it), and returns once the provider checks requests against it.
    pub fn register(&self, uri: &str) {
        self.process.tell(&format!("redirect-uri {uri}"));
        let registered = format!("registered {uri}\n");
        let refused = format!("refused {uri}: ");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.process.log().contains(&registered) {
            assert!(
                !self.process.log().contains(&refused),
                "the provider refused {uri}: {}",
                self.process.log()
            );
            assert!(
                Instant::now() < deadline,
                "the provider did not register {uri} within 10 s: {}",
                self.process.log()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Every token it issued so far (access, refresh and ID tokens).
    pub fn issued(&self) -> Vec<String> {
        std::fs::read_to_string(&self.issued)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// How many of its requests were `line` (`POST /token 200`, say).
    pub fn requests(&self, line: &str) -> usize {
        self.process.log().lines().filter(|l| *l == line).count()
    }

    /// Asserts that no refresh token was used twice: rotated at every use, a refresh token used
    /// again makes the provider revoke the whole grant (`invalid_grant`).
    pub fn assert_no_refresh_token_reused(&self) {
        let log = self.process.log();
        assert!(
            !log.contains("invalid_grant"),
            "no refresh token was used twice: {log}"
        );
    }

    /// How many of its log lines start with `prefix` (`POST /token 503`, say; an injected
    /// fault's line ends with ` (injected)`).
    pub fn requests_matching(&self, prefix: &str) -> usize {
        self.process
            .log()
            .lines()
            .filter(|l| l.starts_with(prefix))
            .count()
    }

    /// Asserts that exactly `expected` of its log lines start with `prefix`, waiting up to five
    /// seconds for them: a line is written before its answer is sent, but read from the
    /// provider's output by another thread.
    pub fn assert_requests(&self, prefix: &str, expected: usize) {
        for _ in 0..50 {
            if self.requests_matching(prefix) >= expected {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        assert_eq!(
            self.requests_matching(prefix),
            expected,
            "log lines starting {prefix:?}:\n{}",
            self.process.log()
        );
    }

    /// Sends `command` to its `POST /__test/faults` (see the top of `oidc/provider.mjs`): the
    /// status and the JSON answer.
    pub async fn command(&self, command: &Value) -> (u16, Value) {
        let response = http()
            .post(format!("{}/__test/faults", self.issuer))
            .header(CONTENT_TYPE, "application/json")
            .body(command.to_string())
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let body = response.text().await.unwrap();
        let answer = serde_json::from_str(&body)
            .unwrap_or_else(|e| panic!("the provider answered {status} {body:?}: {e}"));
        (status, answer)
    }

    /// Makes it misbehave as `command` says (asserting that it took it).
    pub async fn fault(&self, command: Value) {
        let (status, answer) = self.command(&command).await;
        assert_eq!(
            (status, &answer),
            (200, &serde_json::json!({"ok": true})),
            "the provider refused {command}"
        );
    }

    /// Its next `times` requests to `endpoint` (`token`, `revocation`, `userinfo`, `jwks`,
    /// `introspection`) answer `status` with `{"error": error, "error_description": "injected
    /// fault"}`, without reaching oidc-provider (nothing is used up).
    pub async fn fail(&self, endpoint: &str, status: u16, error: &str, times: u32) {
        self.fault(serde_json::json!({
            "endpoint": endpoint, "status": status, "error": error, "times": times,
        }))
        .await;
    }

    /// As [`Provider::fail`] for its next `times` refreshes alone (a code is still exchanged).
    pub async fn fail_refresh(&self, status: u16, error: &str, times: u32) {
        self.fault(serde_json::json!({
            "endpoint": "token", "grant_type": "refresh_token",
            "status": status, "error": error, "times": times,
        }))
        .await;
    }

    /// Its next `times` requests to `endpoint` wait `ms` milliseconds, then are handled.
    pub async fn stall(&self, endpoint: &str, ms: u64, times: u32) {
        self.fault(serde_json::json!({"endpoint": endpoint, "stall_ms": ms, "times": times}))
            .await;
    }

    /// The next `times` requests of `grant_type` to the token endpoint are handled at once and
    /// answered `ms` milliseconds late.
    pub async fn answer_late(&self, grant_type: &str, ms: u64, times: u32) {
        self.fault(serde_json::json!({"endpoint": "token", "late_ms": ms, "times": times, "grant_type": grant_type}))
            .await;
    }

    /// A new signing key (`kid` `key-2`, then `key-3`, ...) signs its ID tokens from now on; its
    /// JWKS keeps the old keys beside it, or (`replace`) publishes the new one alone.
    pub async fn rotate_keys(&self, replace: bool) {
        let how = if replace { "replace" } else { "add" };
        self.fault(serde_json::json!({"rotate_keys": how})).await;
    }

    /// Its clock runs `seconds` ahead of the real time (behind when negative) from now on.
    pub async fn skew_clock(&self, seconds: i64) {
        self.fault(serde_json::json!({"clock_skew_s": seconds}))
            .await;
    }

    /// Revokes every grant it issued (as when a user removes the app): their codes, access and
    /// refresh tokens stop working.
    pub async fn revoke_all(&self) {
        self.fault(serde_json::json!({"revoke_all": true})).await;
    }

    /// Drops the queued failures and stalls, and the clock's skew.
    pub async fn clear_faults(&self) {
        self.fault(serde_json::json!({"clear": true})).await;
    }
}

impl Provider {
    /// Whether the provider still accepts `token` (RFC 7662 introspection, as its client).
    pub async fn active(&self, token: &str) -> bool {
        let body = form_urlencoded::Serializer::new(String::new())
            .append_pair("token", token)
            .finish();
        let response = http()
            .post(format!("{}/token/introspection", self.issuer))
            .basic_auth(CLIENT_ID, Some(CLIENT_SECRET))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body: Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
        body["active"] == true
    }

    /// The tokens it issued that it still accepts: access and refresh tokens (ID tokens are
    /// not introspected).
    pub async fn live(&self) -> Vec<String> {
        let mut live = Vec::new();
        for token in self.issued() {
            // An ID token is a JWT of three parts; access and refresh tokens here are opaque.
            if token.matches('.').count() != 2 && self.active(&token).await {
                live.push(token);
            }
        }
        live
    }
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.issued);
    }
}

/// An `account_server`, on a port the system chose (`--port 0`), public at its own address unless
/// its arguments say `--public-url`.
pub struct Server {
    pub process: Process,
    /// `http://127.0.0.1:PORT`.
    pub origin: String,
}

impl Server {
    pub fn start(issuer: &str, args: &[impl AsRef<std::ffi::OsStr>]) -> Server {
        Server::start_with_keys(issuer, args, STATE_KEY)
    }

    /// As [`Server::start`], with `MCP_ELICIT_STATE_KEY` set to `keys` (`CURRENT[,PREVIOUS...]`).
    pub fn start_with_keys(
        issuer: &str,
        args: &[impl AsRef<std::ffi::OsStr>],
        keys: &str,
    ) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_account_server"));
        command
            .args(["--port", "0", "--issuer", issuer])
            .args(args)
            .env("MCP_ELICIT_STATE_KEY", keys)
            .env("OAUTH_CLIENT_ID", CLIENT_ID)
            .env("OAUTH_CLIENT_SECRET", CLIENT_SECRET)
            .env("RUST_LOG", "debug");
        let (process, line) = Process::start(command, "account_server");
        let origin = line
            .strip_prefix("serving ")
            .and_then(|url| url.strip_suffix("/mcp"))
            .unwrap_or_else(|| panic!("account_server said {line:?}: {}", process.log()))
            .to_owned();
        Server { process, origin }
    }

    pub fn log(&self) -> String {
        self.process.log()
    }
}

/// Two replicas sealing with `keys`, sharing the store `store` (`["--redis", URL]`, say), behind
/// one public address (A's: the provider sends the person back to it, and a test delivers a
/// callback to B itself), each on a port the system chose: the provider (its access tokens living
/// `access_ttl` seconds, A's callback registered), A, B, and the arguments to start a replica
/// again with (public at A's address, wherever it listens then).
pub fn replicas(
    store: &[&str],
    access_ttl: u64,
    keys: &str,
) -> (Provider, Server, Server, Vec<String>) {
    let provider = Provider::start(&[], access_ttl);
    let a = Server::start_with_keys(&provider.issuer, store, keys);
    provider.register(&callback(&a.origin));
    let mut args: Vec<String> = store.iter().map(|arg| (*arg).to_owned()).collect();
    args.extend(["--public-url".to_owned(), a.origin.clone()]);
    let b = Server::start_with_keys(&provider.issuer, &args, keys);
    (provider, a, b, args)
}

/// A provider and one server, the server's callback registered (once the server listens).
pub fn provider_and_server(access_ttl: u64, args: &[&str]) -> (Provider, Server) {
    let provider = Provider::start(&[], access_ttl);
    let server = Server::start(&provider.issuer, args);
    provider.register(&callback(&server.origin));
    (provider, server)
}

/// The redirect URI of a server at `origin` (`http://127.0.0.1:PORT`).
pub fn callback(origin: &str) -> String {
    format!("{origin}/oauth/callback")
}

/// A `tools/call` of `tool` on 2026-07-28 at `origin`, as `token`, declaring `capabilities`,
/// with `more` params: the JSON-RPC message.
pub async fn call(
    origin: &str,
    tool: &str,
    token: Option<&str>,
    capabilities: Value,
    more: Value,
) -> Value {
    crate::connect::call_tool(origin, tool, token, capabilities, more)
        .await
        .1
}

/// What a response was: its status, `Location`, `Set-Cookie` headers and body.
#[derive(Debug)]
pub struct Seen {
    pub status: u16,
    pub location: Option<String>,
    pub cookies: Vec<String>,
    pub body: String,
    pub headers: reqwest::header::HeaderMap,
}

/// A person's browser, as plain HTTP: cookies kept by name and path (every host is 127.0.0.1,
/// and a browser's cookies do not tell ports apart), redirects followed by hand.
#[derive(Default)]
pub struct Browser {
    /// `(path, name) -> value`.
    cookies: BTreeMap<(String, String), String>,
    /// Every body it was sent.
    pub seen: String,
}

impl Browser {
    fn cookie_header(&self, url: &str) -> Option<String> {
        let path = reqwest::Url::parse(url).unwrap().path().to_owned();
        let pairs: Vec<String> = self
            .cookies
            .iter()
            .filter(|((at, _), _)| path.starts_with(at.as_str()))
            .map(|((_, name), value)| format!("{name}={value}"))
            .collect();
        (!pairs.is_empty()).then(|| pairs.join("; "))
    }

    async fn send(&mut self, request: reqwest::RequestBuilder, url: &str) -> Seen {
        let request = match self.cookie_header(url) {
            Some(cookies) => request.header(COOKIE, cookies),
            None => request,
        };
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let cookies: Vec<String> = headers
            .get_all(SET_COOKIE)
            .iter()
            .map(|c| c.to_str().unwrap().to_owned())
            .collect();
        for set in &cookies {
            let mut parts = set.split(';');
            let (name, value) = parts.next().unwrap().trim().split_once('=').unwrap();
            let path = parts
                .find_map(|p| {
                    p.trim()
                        .strip_prefix("path=")
                        .or(p.trim().strip_prefix("Path="))
                })
                .unwrap_or("/")
                .to_owned();
            let expired = set.contains("Max-Age=0")
                || set.contains("max-age=0")
                || set.contains("expires=Thu, 01 Jan 1970");
            if expired || value.is_empty() {
                self.cookies.remove(&(path, name.to_owned()));
            } else {
                self.cookies
                    .insert((path, name.to_owned()), value.to_owned());
            }
        }
        let location = headers.get(LOCATION).map(|l| {
            reqwest::Url::parse(url)
                .unwrap()
                .join(l.to_str().unwrap())
                .unwrap()
                .to_string()
        });
        let body = response.text().await.unwrap();
        self.seen.push_str(&body);
        Seen {
            status,
            location,
            cookies,
            body,
            headers,
        }
    }

    pub async fn get(&mut self, url: &str) -> Seen {
        self.send(http().get(url), url).await
    }

    pub async fn post(&mut self, url: &str, fields: &[(&str, &str)]) -> Seen {
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(fields)
            .finish();
        let request = http()
            .post(url)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header("origin", origin_of(url))
            .body(body);
        self.send(request, url).await
    }

    /// Signs in at `origin`'s stand-in sign-in as `token` (`dev-NAME`).
    pub async fn sign_in(&mut self, origin: &str, token: &str) {
        let form = self.get(&format!("{origin}/login?return_to=%2F")).await;
        assert_eq!(form.status, 200);
        let fields = [("token", token), ("return_to", "/")];
        let done = self.post(&format!("{origin}/login"), &fields).await;
        assert_eq!(done.status, 303, "{}", done.body);
    }

    /// Opens the connect page at `url` and presses its button: the redirect to the provider
    /// (its `Location`), checked to be the provider's authorization endpoint.
    pub async fn continue_to_provider(&mut self, url: &str) -> String {
        let page = self.get(url).await;
        assert_eq!(page.status, 200, "{}", page.body);
        let csrf = hidden(&page.body, "csrf").unwrap();
        let sent = self
            .post(url, &[("csrf", &csrf), ("action", "accept")])
            .await;
        assert_eq!(sent.status, 303, "{}", sent.body);
        sent.location.expect("a redirect to the provider")
    }

    /// At the provider, from its authorization URL `authorize`: signs in as `login` and
    /// consents, on its own pages. The redirect back to the server (its `Location`), not
    /// followed.
    pub async fn sign_in_and_consent(&mut self, authorize: &str, login: &str) -> String {
        self.at_provider(authorize, Some(login)).await
    }

    /// At the provider, from `authorize`: cancels on its sign-in page (`[ Cancel ]`). The
    /// redirect back to the server.
    pub async fn cancel_at_provider(&mut self, authorize: &str) -> String {
        self.at_provider(authorize, None).await
    }

    /// Through the provider's pages from `authorize`, signed in as `login` and consenting, or
    /// (`None`) cancelling at the first page, up to its redirect back to the server.
    async fn at_provider(&mut self, authorize: &str, login: Option<&str>) -> String {
        let mut url = authorize.to_owned();
        for _ in 0..10 {
            let seen = self.get(&url).await;
            url = match (seen.status, login) {
                (302 | 303, _) => seen.location.unwrap(),
                (200, None) => {
                    let at = seen.body.find("/abort").expect("a cancel link");
                    let start = seen.body[..at].rfind('"').unwrap() + 1;
                    seen.body[start..at + "/abort".len()].to_owned()
                }
                (200, Some(login)) => {
                    let action = form_action(&seen.body);
                    let fields: &[(&str, &str)] = if seen.body.contains(r#"name="login""#) {
                        &[("prompt", "login"), ("login", login), ("password", "pw")]
                    } else {
                        &[("prompt", "consent")]
                    };
                    let done = self.post(&action, fields).await;
                    assert_eq!(done.status, 303, "{}", done.body);
                    done.location.unwrap()
                }
                _ => panic!("the provider answered {}: {}", seen.status, seen.body),
            };
            if url.contains("/oauth/callback") {
                return url;
            }
        }
        panic!("no way back from the provider");
    }

    /// The whole connection at the connect page `url`: the button, the provider's pages as
    /// `login`, and the callback followed. The callback's response.
    pub async fn connect(&mut self, url: &str, login: &str) -> Seen {
        let authorize = self.continue_to_provider(url).await;
        let back = self.sign_in_and_consent(&authorize, login).await;
        self.get(&back).await
    }

    /// Whether it holds a cookie named `name`.
    pub fn has_cookie(&self, name: &str) -> bool {
        self.cookies.keys().any(|(_, n)| n == name)
    }
}

/// `scheme://host:port` of `url`.
fn origin_of(url: &str) -> String {
    reqwest::Url::parse(url)
        .unwrap()
        .origin()
        .ascii_serialization()
}

/// The `action` of a page's (first) form.
fn form_action(page: &str) -> String {
    let at = page.find("action=\"").unwrap() + "action=\"".len();
    page[at..].split('"').next().unwrap().to_owned()
}

/// The query parameter `name` of `url`.
pub fn param(url: &str, name: &str) -> Option<String> {
    reqwest::Url::parse(url)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}
