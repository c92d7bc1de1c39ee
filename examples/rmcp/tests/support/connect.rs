//! `connect_server` started by a test, MCP calls to it on 2026-07-28 as plain JSON-RPC over HTTP
//! (each call stands alone: any replica may answer it), and a browser's requests to its pages
//! (the sign-in form, its session cookie, a page's CSRF token and fields) as plain HTTP.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, COOKIE, LOCATION, SET_COOKIE};
use reqwest::redirect::Policy;
use serde_json::{Value, json};

/// The state key replicas share.
pub const STATE_KEY: &str = "6d63702d656c69636974207061676573206f6e2074776f207265706c69636173";

/// The API key a person types into the page: searched for, and never found, in what leaves it.
pub const SECRET: &str = "wx-live-9f8e7d6c5b4a39281706";

/// A `connect_server` (or `router_server`), with everything it wrote to its output and error
/// streams.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub origin: String,
    log: Arc<Mutex<String>>,
}

impl Server {
    /// Started on a free port with `args` (`--redis`, `--page-ttl`, ...).
    pub fn start(args: &[&str]) -> Server {
        Server::start_program(env!("CARGO_BIN_EXE_connect_server"), args)
    }

    /// `program` (a server on the same site, such as `router_server`) started on a free port with
    /// `args`.
    pub fn start_program(program: &str, args: &[&str]) -> Server {
        let mut child = Command::new(program)
            .args(["--port", "0"])
            .args(args)
            .env("MCP_ELICIT_STATE_KEY", STATE_KEY)
            .env("RUST_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{program} starts: {e}"));
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let origin = line
            .trim()
            .strip_prefix("serving ")
            .and_then(|url| url.strip_suffix("/mcp"))
            .unwrap_or_else(|| panic!("{program} said {line:?}"))
            .to_owned();
        let log = Arc::new(Mutex::new(line));
        let stderr = child.stderr.take().unwrap();
        // Read line by line as the server writes, so that `log` has what it wrote so far (read
        // to the end, it would have nothing until the server stopped).
        for stream in [Box::new(stdout) as Box<dyn Read + Send>, Box::new(stderr)] {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                let mut lines = BufReader::new(stream);
                let mut line = String::new();
                while lines.read_line(&mut line).unwrap_or(0) > 0 {
                    log.lock().unwrap().push_str(&line);
                    line.clear();
                }
            });
        }
        Server { child, origin, log }
    }

    /// What the server wrote so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client that follows no redirect (a test reads each one).
pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .unwrap()
}

/// The capabilities of a client that declares URL elicitation.
pub fn url_mode() -> Value {
    json!({"elicitation": {"url": {}}})
}

/// A `tools/call` of `connect_service` on 2026-07-28 at `origin`, as `token` (`None`: no
/// `Authorization`), declaring `capabilities`, with `more` params (`inputResponses`,
/// `requestState`): the HTTP status and the JSON-RPC message (`null` when there is none).
pub async fn call(
    origin: &str,
    token: Option<&str>,
    capabilities: Value,
    more: Value,
) -> (u16, Value) {
    call_tool(origin, "connect_service", token, capabilities, more).await
}

/// A `tools/call` of `tool` (no arguments), as [`call`].
pub async fn call_tool(
    origin: &str,
    tool: &str,
    token: Option<&str>,
    capabilities: Value,
    more: Value,
) -> (u16, Value) {
    let (status, _, message) =
        call_tool_with(origin, tool, token, capabilities, more, Value::Null, &[]).await;
    (status, message)
}

/// [`call_tool`], with `meta` added to the params' `_meta` and `headers` to the request's: the
/// HTTP status, the response's headers and the JSON-RPC message.
pub async fn call_tool_with(
    origin: &str,
    tool: &str,
    token: Option<&str>,
    capabilities: Value,
    more: Value,
    meta: Value,
    headers: &[(&str, &str)],
) -> (u16, reqwest::header::HeaderMap, Value) {
    let mut params = json!({
        "name": tool,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": capabilities,
        },
    });
    if let (Value::Object(own), Value::Object(meta)) = (&mut params["_meta"], meta) {
        own.extend(meta);
    }
    if let (Value::Object(params), Value::Object(more)) = (&mut params, more) {
        params.extend(more);
    }
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let mut request = http()
        .post(format!("{origin}/mcp"))
        .header(CONTENT_TYPE, "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", tool)
        .body(body.to_string());
    if let Some(token) = token {
        request = request.header(AUTHORIZATION, format!("Bearer {token}"));
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    let message = text
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .chain(std::iter::once(text.as_str()))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message.get("id").is_some())
        .unwrap_or(Value::Null);
    (status, headers, message)
}

/// The retry's params: `action` under the request's key, and the state.
pub fn retry(action: &str, state: &Value) -> Value {
    json!({"inputResponses": {"form": {"action": action}}, "requestState": state})
}

/// The URL and the state of an `InputRequiredResult`.
pub fn asked(message: &Value) -> (String, Value) {
    let result = &message["result"];
    assert_eq!(result["resultType"], "input_required", "{message:#}");
    let request = &result["inputRequests"]["form"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["mode"], "url");
    let url = request["params"]["url"].as_str().unwrap().to_owned();
    (url, result["requestState"].clone())
}

/// The text of a tool's result.
pub fn text(message: &Value) -> &str {
    assert_ne!(message["result"]["isError"], true, "{message:#}");
    message["result"]["content"][0]["text"].as_str().unwrap()
}

/// A person's browser, as plain HTTP: its sign-in cookie, and every page it was shown.
#[derive(Default)]
pub struct Browser {
    cookie: Option<String>,
    /// Every body the server sent it.
    pub seen: String,
}

impl Browser {
    /// Signs in at `origin`'s `/login` with `token`, as a browser does: the form fetched, then
    /// posted from the same origin.
    pub async fn sign_in(&mut self, origin: &str, token: &str) {
        let return_to = sign_in_form(origin, "/").await;
        let fields = [("token", token), ("return_to", return_to.as_str())];
        let response = post_login(origin, &[("origin", origin)], &fields).await;
        assert_eq!(response.status().as_u16(), 303);
        assert_eq!(response.headers()[LOCATION], "/");
        self.cookie = Some(session_cookie(&response).expect("a session cookie"));
    }

    /// `GET url`: the status, the `Location` if any, and the body.
    pub async fn get(&mut self, url: &str) -> (u16, Option<String>, String) {
        let mut request = http().get(url);
        if let Some(cookie) = &self.cookie {
            request = request.header(COOKIE, cookie);
        }
        self.read(request.send().await.unwrap()).await
    }

    /// `POST url` with the form `fields`.
    pub async fn post(
        &mut self,
        url: &str,
        fields: &[(&str, &str)],
    ) -> (u16, Option<String>, String) {
        let mut request = http()
            .post(url)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(form(fields));
        if let Some(cookie) = &self.cookie {
            request = request.header(COOKIE, cookie);
        }
        self.read(request.send().await.unwrap()).await
    }

    async fn read(&mut self, response: reqwest::Response) -> (u16, Option<String>, String) {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        assert_eq!(headers["cache-control"], "no-store", "{headers:?}");
        let location = headers
            .get(LOCATION)
            .map(|l| l.to_str().unwrap().to_owned());
        let body = response.text().await.unwrap();
        self.seen.push_str(&body);
        (status, location, body)
    }

    /// Opens the page at `url` and answers it with `key` (label `Work`, region `eu`), `action`
    /// being the button pressed: the status of the POST and its page.
    pub async fn answer(&mut self, url: &str, key: &str, action: &str) -> (u16, String) {
        let fields = [("label", "Work"), ("api_key", key), ("region", "eu")];
        self.fill(url, &fields, action).await
    }

    /// Opens the page at `url` and answers it with `fields` (each form field's name and value),
    /// `action` being the button pressed: the status of the POST and its page.
    pub async fn fill(
        &mut self,
        url: &str,
        fields: &[(&str, &str)],
        action: &str,
    ) -> (u16, String) {
        let (status, _, page) = self.get(url).await;
        assert_eq!(status, 200, "{page}");
        let csrf = csrf(&page);
        let named: Vec<(String, &str)> = fields
            .iter()
            .map(|&(name, value)| (format!("f.{name}"), value))
            .collect();
        let mut posted = vec![("csrf", csrf.as_str())];
        posted.extend(named.iter().map(|(name, value)| (name.as_str(), *value)));
        posted.push(("action", action));
        let (status, _, page) = self.post(url, &posted).await;
        (status, page)
    }

    /// Posts the page at `url` as a browser does: every field with the value the page opened
    /// with (its `<input>`s' values, the checked boxes and buttons), `fields` (`NAME`, without
    /// `f.`) changed or added, and `action`.
    pub async fn fill_as_browser(
        &mut self,
        url: &str,
        fields: &[(&str, &str)],
        action: &str,
    ) -> (u16, String) {
        let (status, _, page) = self.get(url).await;
        assert_eq!(status, 200, "{page}");
        let csrf = csrf(&page);
        let mut posted: Vec<(String, String)> = opened_with(&page)
            .into_iter()
            .filter(|(name, _)| {
                !fields
                    .iter()
                    .any(|(field, _)| format!("f.{field}") == *name)
            })
            .collect();
        posted.extend(
            fields
                .iter()
                .map(|&(name, value)| (format!("f.{name}"), value.to_owned())),
        );
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend(
            posted
                .iter()
                .map(|(name, value)| (name.as_str(), value.as_str())),
        );
        all.push(("action", action));
        let (status, _, page) = self.post(url, &all).await;
        (status, page)
    }
}

/// The values a page's form opens with, as a browser would post them: each `<input>` of a field
/// (`name="f.…"`) with a `value`, check boxes and radio buttons only when checked.
pub fn opened_with(page: &str) -> Vec<(String, String)> {
    let attribute = |tag: &str, name: &str| {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = tag[at..].find('"')?;
        Some(
            tag[at..at + end]
                .replace("&quot;", "\"")
                .replace("&amp;", "&"),
        )
    };
    page.split("<input")
        .skip(1)
        .filter_map(|rest| {
            let tag = &rest[..rest.find('>')?];
            let name = attribute(tag, "name").filter(|name| name.starts_with("f."))?;
            let value = attribute(tag, "value")?;
            let kind = attribute(tag, "type").unwrap_or_default();
            let checkable = kind == "checkbox" || kind == "radio";
            (!checkable || tag.contains(" checked")).then_some((name, value))
        })
        .collect()
}

/// The Python of the official SDK's virtual environment (`target/python`, made by `.ci/run`), or
/// `MCP_ELICIT_PYTHON`.
pub fn python() -> std::path::PathBuf {
    match std::env::var_os("MCP_ELICIT_PYTHON") {
        Some(python) => std::path::PathBuf::from(python),
        None => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../target/python/bin/python"),
    }
}

/// `python/connect.py`, the official Python SDK as the client of `tool` at `origin`, in `mode`
/// (`legacy`: 2025-11-25; or `2026-07-28`), as `token`: what it prints, line by line, and the
/// person's answers to each URL it is shown.
pub struct PythonClient {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
    mode: String,
}

impl PythonClient {
    pub fn start(origin: &str, mode: &str, token: &str, tool: &str) -> PythonClient {
        PythonClient::start_in(origin, mode, token, tool, None)
    }

    /// [`PythonClient::start`], the call carrying the person's language `preference`.
    pub fn start_in(
        origin: &str,
        mode: &str,
        token: &str,
        tool: &str,
        preference: Option<&str>,
    ) -> PythonClient {
        let script = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("python/connect.py");
        let mut child = std::process::Command::new(python())
            .arg(&script)
            .args([format!("{origin}/mcp").as_str(), mode, token, tool])
            .args(preference)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the Python SDK's venv (target/python, made by .ci/run)");
        let input = child.stdin.take().unwrap();
        let output = std::io::BufReader::new(child.stdout.take().unwrap());
        PythonClient {
            child,
            input,
            output,
            mode: mode.to_owned(),
        }
    }

    /// Its next line of JSON: a URL it was shown, or its report.
    pub fn line(&mut self) -> Value {
        use std::io::BufRead;
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|_| panic!("{}: {line:?}", self.mode))
    }

    /// The person's answer to the URL shown: `accept`, `decline` or `cancel`.
    pub fn answer(&mut self, action: &str) {
        use std::io::Write;
        writeln!(self.input, "{action}").unwrap();
    }

    /// Waits for it to end, and checks it ended well.
    pub fn finish(mut self) {
        assert!(self.child.wait().unwrap().success(), "{}", self.mode);
    }
}

/// The CSRF token of a page's form (or of the sign-in form).
pub fn csrf(page: &str) -> String {
    hidden(page, "csrf").expect("the page has a CSRF token")
}

/// The value of a form's field `name` (`<input ... name="NAME" value="VALUE">`), as written.
pub fn hidden(page: &str, name: &str) -> Option<String> {
    let start = format!(r#"name="{name}" value=""#);
    let at = page.find(&start)? + start.len();
    Some(page[at..].split('"').next()?.to_owned())
}

/// `GET /login?return_to=RETURN_TO` at `origin`, checked as every sign-in answer (`no-store`,
/// the CSP): the `return_to` its form will post (its hidden field).
pub async fn sign_in_form(origin: &str, return_to: &str) -> String {
    let query = form(&[("return_to", return_to)]);
    let response = http()
        .get(format!("{origin}/login?{query}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_strict(&response);
    let page = response.text().await.unwrap();
    hidden(&page, "return_to").expect("the form has return_to")
}

/// `POST /login` at `origin` with the request headers `headers` (`origin`, `cookie`,
/// `sec-fetch-site`, ...) and the form `fields`; checked as every sign-in answer.
pub async fn post_login(
    origin: &str,
    headers: &[(&str, &str)],
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let mut request = http()
        .post(format!("{origin}/login"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(form(fields));
    for &(name, value) in headers {
        request = request.header(name, value);
    }
    let response = request.send().await.unwrap();
    assert_strict(&response);
    response
}

/// The session cookie a sign-in's answer set (`session=dev-NAME`), checked `HttpOnly` and
/// `SameSite`; `None` when it set none.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    let set = response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|c| c.to_str().unwrap())
        .find(|c| c.starts_with("session="))?;
    assert!(
        set.contains("; HttpOnly") && set.contains("; SameSite=Lax"),
        "{set}"
    );
    Some(set.split(';').next().unwrap().to_owned())
}

/// What every answer of the sign-in carries: kept by no cache, no script, no framing.
pub fn assert_strict(response: &reqwest::Response) {
    let headers = response.headers();
    assert_eq!(headers["cache-control"], "no-store", "{headers:?}");
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
        "{headers:?}"
    );
}

/// `fields` as `application/x-www-form-urlencoded`.
pub fn form(fields: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish()
}
