//! End to end over real stdio: the example server (`rmcp_server.rs`) as a child process, driven by
//! the example client (`rmcp_client.rs`) on both protocol versions, and by hand-written JSON-RPC
//! that reads the very bytes the server writes (the form's properties must leave the process in
//! declaration order).

use std::process::Stdio;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// The example server and client, built by cargo from the current sources for this test.
const SERVER: &str = env!("CARGO_BIN_EXE_rmcp_server");
const CLIENT: &str = env!("CARGO_BIN_EXE_rmcp_client");

const PATIENCE: Duration = Duration::from_mins(1);

async fn run_client(version: &str) -> String {
    let output = tokio::time::timeout(
        PATIENCE,
        Command::new(CLIENT).args([version, SERVER]).output(),
    )
    .await
    .expect("the client finishes")
    .expect("the client runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "client on {version} failed: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[tokio::test]
async fn the_example_client_and_server_on_both_versions() {
    for version in ["2025-11-25", "2026-07-28"] {
        let stdout = run_client(version).await;
        let expected = [
            format!("connected on MCP {version}"),
            r#"the server asks: "Create your account", with the fields ["email", "age", "plan", "topics"]"#.to_owned(),
            "the answer fits the form".to_owned(),
            "first call of signup: signed up ada@example.com (age 36) on the Pro plan; topics: Releases, SecurityNotices".to_owned(),
            "second call of signup: the user declined to sign up".to_owned(),
        ];
        for line in expected {
            assert!(
                stdout.contains(&line),
                "{version}: no {line:?} in\n{stdout}"
            );
        }
    }
}

/// The server as a child process, spoken to line by line.
struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(SERVER)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped")).lines();
        Server {
            child,
            stdin,
            stdout,
        }
    }

    async fn send(&mut self, message: Value) {
        let mut line = serde_json::to_string(&message).unwrap();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).await.unwrap();
        self.stdin.flush().await.unwrap();
    }

    /// The next line the server writes, as written.
    async fn receive(&mut self) -> String {
        tokio::time::timeout(PATIENCE, self.stdout.next_line())
            .await
            .expect("the server answers in time")
            .expect("the server's stdout reads")
            .expect("the server is still there")
    }

    /// The response to request `id`, as written (notifications in between are skipped).
    async fn response(&mut self, id: u64) -> String {
        loop {
            let line = self.receive().await;
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == id && message.get("method").is_none() {
                return line;
            }
        }
    }

    async fn stop(mut self) {
        drop(self.stdin);
        let _ = tokio::time::timeout(PATIENCE, self.child.wait()).await;
    }
}

/// The positions of `keys` in `text`, which must all occur, in that order.
fn assert_in_order(text: &str, keys: &[&str]) {
    let positions: Vec<usize> = keys
        .iter()
        .map(|k| {
            text.find(&format!("\"{k}\":"))
                .unwrap_or_else(|| panic!("no {k} in {text}"))
        })
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "{keys:?} are not in declaration order in the bytes the server wrote: {text}"
    );
}

const FIELDS: [&str; 4] = ["email", "age", "plan", "topics"];

fn tool_text(response: &str) -> String {
    let response: Value = serde_json::from_str(response).unwrap();
    response["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("no text in {response}"))
        .to_owned()
}

/// 2025-11-25: the server sends `elicitation/create`; its bytes carry the fields in order.
async fn legacy_session(answers: &[Value]) -> (Vec<String>, String) {
    let mut server = Server::start();
    server
        .send(json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {"elicitation": {"form": {}}},
                "clientInfo": {"name": "raw", "version": "0"}
            }
        }))
        .await;
    let init = server.response(1).await;
    assert!(
        init.contains("\"protocolVersion\":\"2025-11-25\""),
        "{init}"
    );
    // The server introduces itself, not as the SDK it is built on.
    let init: Value = serde_json::from_str(&init).unwrap();
    assert_eq!(
        init["result"]["serverInfo"],
        json!({
            "name": "mcp-elicit-signup-example",
            "title": "mcp-elicit sign-up example",
            "version": env!("CARGO_PKG_VERSION")
        })
    );
    server
        .send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        .await;
    server
        .send(json!({
            "jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "signup", "arguments": {}}
        }))
        .await;
    // Each form the server asks for, answered in turn.
    let mut requests = Vec::new();
    for answer in answers {
        let request = loop {
            let line = server.receive().await;
            if line.contains("\"elicitation/create\"") {
                break line;
            }
        };
        let parsed: Value = serde_json::from_str(&request).unwrap();
        server
            .send(json!({"jsonrpc": "2.0", "id": parsed["id"], "result": answer}))
            .await;
        requests.push(request);
    }
    let result = server.response(2).await;
    server.stop().await;
    (requests, result)
}

#[tokio::test]
async fn properties_leave_the_server_in_declaration_order_2025_11_25() {
    let (requests, result) = legacy_session(&[json!({
        "action": "accept",
        "content": {"topics": [], "plan": "free", "age": 13, "email": "b@example.org"}
    })])
    .await;
    let request = &requests[0];
    let schema_at = request.find("\"requestedSchema\"").unwrap();
    assert_in_order(&request[schema_at..], &FIELDS);
    assert!(
        request.contains("\"message\":\"Create your account\""),
        "{request}"
    );
    assert_eq!(
        tool_text(&result),
        "signed up b@example.org (age 13) on the Free plan; topics: none"
    );
}

#[tokio::test]
async fn a_bad_answer_is_asked_again_then_reported_field_by_field_2025_11_25() {
    let bad = json!({
        "action": "accept",
        "content": {"email": "nope", "age": 300, "plan": "pro", "topics": ["events"]}
    });
    let good = json!({
        "action": "accept",
        "content": {"email": "d@example.org", "age": 30, "plan": "pro", "topics": ["events"]}
    });
    let (requests, result) = legacy_session(&[bad.clone(), good]).await;
    assert_eq!(requests.len(), 2);
    let again: Value = serde_json::from_str(&requests[1]).unwrap();
    assert_eq!(
        again["params"]["message"],
        "Create your account\n\nPlease correct these:\n- E-mail: must be an e-mail address, got \"nope\"\n- age: must be at most 120, got 300"
    );
    // What the user got right starts filled in, in declaration order still.
    let properties = &again["params"]["requestedSchema"]["properties"];
    assert_eq!(properties["plan"]["default"], "pro");
    assert_eq!(properties["topics"]["default"], json!(["events"]));
    assert!(properties["email"].get("default").is_none());
    let schema_at = requests[1].find("\"requestedSchema\"").unwrap();
    assert_in_order(&requests[1][schema_at..], &FIELDS);
    assert_eq!(
        tool_text(&result),
        "signed up d@example.org (age 30) on the Pro plan; topics: Events"
    );

    // Three bad answers: the problems of the last are the tool's error.
    let (requests, result) = legacy_session(&[bad.clone(), bad.clone(), bad]).await;
    assert_eq!(requests.len(), 3);
    assert_eq!(
        tool_text(&result),
        "The form “Create your account” was asked 3 times, and the last answer still breaks its rules:\n\
         - E-mail: must be an e-mail address, got \"nope\"\n\
         - age: must be at most 120, got 300"
    );
    let result: Value = serde_json::from_str(&result).unwrap();
    assert_eq!(result["result"]["isError"], true);
}

fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"}
    })
}

#[tokio::test]
async fn input_required_round_trip_2026_07_28() {
    let mut server = Server::start();
    server
        .send(json!({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "signup", "arguments": {}, "_meta": meta_2026()}
        }))
        .await;
    let first = server.response(1).await;
    assert!(
        first.contains("\"resultType\":\"input_required\""),
        "{first}"
    );
    let schema_at = first.find("\"requestedSchema\"").unwrap();
    assert_in_order(&first[schema_at..], &FIELDS);
    let first: Value = serde_json::from_str(&first).unwrap();
    let request = &first["result"]["inputRequests"]["form"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["message"], "Create your account");
    // Sealed: opaque to the client.
    let state = first["result"]["requestState"].clone();
    assert!(state.as_str().unwrap().starts_with("me2."), "{state}");

    let retry = |id: u64, responses: Value, state: &Value| {
        json!({
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {
                "name": "signup", "arguments": {}, "_meta": meta_2026(),
                "inputResponses": responses, "requestState": state
            }
        })
    };
    server
        .send(retry(
            2,
            json!({"form": {"action": "accept", "content": {
                "email": "c@example.com", "age": 40, "plan": "pro", "topics": ["events"]
            }}}),
            &state,
        ))
        .await;
    assert_eq!(
        tool_text(&server.response(2).await),
        "signed up c@example.com (age 40) on the Pro plan; topics: Events"
    );
    server
        .send(retry(3, json!({"form": {"action": "cancel"}}), &state))
        .await;
    assert_eq!(
        tool_text(&server.response(3).await),
        "the user dismissed the sign-up form"
    );
    // A bad answer: the form again, round 2, the problems named and the rest filled in.
    server
        .send(retry(
            4,
            json!({"form": {"action": "accept", "content": {"email": "c@example.com"}}}),
            &state,
        ))
        .await;
    let again: Value = serde_json::from_str(&server.response(4).await).unwrap();
    assert_ne!(again["result"]["requestState"], state);
    let request = &again["result"]["inputRequests"]["form"]["params"];
    assert_eq!(
        request["message"],
        "Create your account\n\nPlease correct these:\n- age: is required\n- Write to me about: is required"
    );
    assert_eq!(
        request["requestedSchema"]["properties"]["email"]["default"],
        "c@example.com"
    );
    // A state the server did not write: the protocol's error, saying the call can start over.
    server
        .send(retry(
            5,
            json!({"form": {"action": "accept", "content": {"email": "c@example.com"}}}),
            &json!(r#"mcp-elicit/1;{"round":1,"keys":["admin"],"answers":{}}"#),
        ))
        .await;
    let refused: Value = serde_json::from_str(&server.response(5).await).unwrap();
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert_eq!(
        refused["error"]["message"],
        "the `requestState` is refused: it is not a state this server writes; call again without `inputResponses` and `requestState` to start over"
    );
    // The `choose` state replayed with a wider list of options: refused, never "chose evil".
    let choose = |id: u64, options: Value, extra: Value| {
        let mut params = json!({
            "name": "choose", "arguments": {"options": options}, "_meta": meta_2026()
        });
        if let Value::Object(extra) = extra {
            params.as_object_mut().unwrap().extend(extra);
        }
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
    };
    let offered = json!([{"value": "a"}, {"value": "b"}]);
    server.send(choose(6, offered.clone(), json!(null))).await;
    let first: Value = serde_json::from_str(&server.response(6).await).unwrap();
    let state = first["result"]["requestState"].clone();
    let evil = json!({
        "inputResponses": {"form": {"action": "accept", "content": {"choice": "evil"}}},
        "requestState": state,
    });
    let wider = json!([{"value": "a"}, {"value": "b"}, {"value": "evil"}]);
    server.send(choose(7, wider, evil.clone())).await;
    let refused: Value = serde_json::from_str(&server.response(7).await).unwrap();
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("sealed for another request"),
        "{refused}"
    );
    // With the options it was sealed for, `evil` is not one of them: asked again.
    server.send(choose(8, offered, evil)).await;
    let again: Value = serde_json::from_str(&server.response(8).await).unwrap();
    assert_eq!(again["result"]["resultType"], "input_required", "{again}");
    server.stop().await;
}
