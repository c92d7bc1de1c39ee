//! `acp_agent` driven by the official TypeScript ACP SDK (`typescript/client.mjs`), which parses
//! every `elicitation/create` with its own schemas before its handler sees it: a form it could not
//! read would never be answered, and the agent's message would say the sign-up failed.
//!
//! Needs the SDK and the Node.js 22 it runs on: `npm install` in `typescript/` (CI does).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("typescript")
}

/// Runs the SDK's client through one scenario against the agent; what it saw, as JSON.
fn run(scenario: &str) -> Value {
    let dir = dir();
    assert!(
        dir.join("node_modules/@agentclientprotocol/sdk").is_dir(),
        "the TypeScript ACP SDK is not installed: run `npm install` in {}",
        dir.display()
    );
    let output = Command::new(dir.join("node_modules/.bin/node"))
        .current_dir(&dir)
        .arg("client.mjs")
        .arg(scenario)
        .arg(env!("CARGO_BIN_EXE_acp_agent"))
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{scenario}: the client failed\nstdout: {stdout}\nstderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(stdout.trim()).expect("the client prints one JSON object")
}

/// The form as the SDK's handler received it (after parsing it with its own schemas).
fn signup_schema() -> Value {
    json!({
        "type": "object",
        "title": "Sign up",
        "description": "We create your account from these details.",
        "properties": {
            "displayName": {"type": "string", "title": "Display name", "description": "How other users will see you: letters, spaces, dots, dashes and apostrophes", "minLength": 3, "maxLength": 30, "pattern": "^[A-Za-z][A-Za-z .'-]*$"},
            "email": {"type": "string", "title": "E-mail", "description": "We send the confirmation link here", "format": "email"},
            "age": {"type": "integer", "description": "You must be 13 or older to sign up", "minimum": 13, "maximum": 255},
            "plan": {"type": "string", "oneOf": [
                {"const": "free", "title": "Free: one project", "description": "No cost, for trying things out"},
                {"const": "pro", "title": "Pro: unlimited projects", "description": "Billed monthly"}
            ], "default": "free"},
            "topics": {"type": "array", "title": "Write to me about", "maxItems": 2, "items": {"type": "string", "enum": ["releases", "security-notices"]}}
        },
        "required": ["displayName", "email", "age"]
    })
}

const ORDER: [&str; 5] = ["displayName", "email", "age", "plan", "topics"];

#[test]
#[ignore = "needs the TypeScript ACP SDK: npm install in examples/acp/typescript"]
fn an_accepted_form_is_read_into_the_struct() {
    let seen = run("accept");
    let requests = seen["requests"].as_array().unwrap();
    assert_eq!(requests.len(), 1);
    let params = &requests[0]["params"];
    assert_eq!(
        params,
        &json!({
            "sessionId": "signup-session",
            "mode": "form",
            "message": "Create your account",
            "requestedSchema": signup_schema()
        })
    );
    // The properties reached the client in declaration order, not the ACP crate's sorted order.
    assert_eq!(requests[0]["propertyOrder"], json!(ORDER));
    assert_eq!(
        seen["messages"],
        json!(["Welcome, Ada Lovelace! You are on the pro plan."])
    );
    assert_eq!(seen["stopReason"], "end_turn");
}

#[test]
#[ignore = "needs the TypeScript ACP SDK: npm install in examples/acp/typescript"]
fn an_invalid_answer_gets_the_form_again_naming_the_fields_and_keeping_the_valid_values() {
    let seen = run("invalid");
    let requests = seen["requests"].as_array().unwrap();
    assert_eq!(requests.len(), 2, "asked again once");
    let again = &requests[1]["params"];
    assert_eq!(
        again["message"],
        "Create your account\n\nPlease correct these:\n- Display name: must be at least 3 characters long, got 2\n- Display name: must match the pattern `^[A-Za-z][A-Za-z .'-]*$`, got \"A!\"\n- age: must be at least 13, got 12"
    );
    let properties = &again["requestedSchema"]["properties"];
    // What the answer got right starts filled in; what it got wrong does not.
    assert_eq!(properties["email"]["default"], "ada@example.com");
    assert_eq!(properties["plan"]["default"], "pro");
    assert_eq!(properties["topics"]["default"], json!(["releases"]));
    assert!(properties["displayName"].get("default").is_none());
    assert!(properties["age"].get("default").is_none());
    assert_eq!(requests[1]["propertyOrder"], json!(ORDER));
    assert_eq!(
        seen["messages"],
        json!(["Welcome, Ada Lovelace! You are on the pro plan."])
    );
    assert_eq!(seen["stopReason"], "end_turn");
}

#[test]
#[ignore = "needs the TypeScript ACP SDK: npm install in examples/acp/typescript"]
fn a_declined_form_ends_the_turn_saying_so() {
    let seen = run("decline");
    assert_eq!(seen["requests"].as_array().unwrap().len(), 1);
    assert_eq!(
        seen["messages"],
        json!(["The sign-up form was declined: nothing was created."])
    );
    assert_eq!(seen["stopReason"], "end_turn");
}

#[test]
#[ignore = "needs the TypeScript ACP SDK: npm install in examples/acp/typescript"]
fn a_client_without_form_elicitation_is_asked_nothing() {
    // `{"elicitation": {}}`: in ACP, no mode advertised.
    let seen = run("no-forms");
    assert_eq!(seen["requests"], json!([]));
    assert_eq!(
        seen["messages"],
        json!([
            "I need a few details to sign you up, and this client cannot show forms (it did not advertise `elicitation.form`)."
        ])
    );
    assert_eq!(seen["stopReason"], "end_turn");
}
