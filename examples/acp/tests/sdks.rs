//! `acp_agent` driven by the official ACP SDKs as its client: TypeScript (`typescript/client.mjs`,
//! zod schemas) and Python (`python/client.py`, pydantic models). Each parses every
//! `elicitation/create` with its own schemas before its handler sees it: a form it could not read
//! would never be answered, and the agent's message would say the sign-up failed.
//!
//! Needs the SDKs: `npm install` in `typescript/` (the SDK and the Node.js 22 it runs on), and a
//! virtual environment with `python/requirements.txt` at `target/python-acp` (or named by
//! `MCP_ELICIT_ACP_PYTHON`). CI makes both.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

/// An official ACP SDK, as the client.
#[derive(Clone, Copy, Debug)]
enum Sdk {
    TypeScript,
    Python,
}

impl Sdk {
    /// The command that runs this SDK's client script.
    fn command(self) -> Command {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        match self {
            Sdk::TypeScript => {
                let dir = here.join("typescript");
                assert!(
                    dir.join("node_modules/@agentclientprotocol/sdk").is_dir(),
                    "the TypeScript ACP SDK is not installed: run `npm install` in {}",
                    dir.display()
                );
                let mut command = Command::new(dir.join("node_modules/.bin/node"));
                command.current_dir(&dir).arg("client.mjs");
                command
            }
            Sdk::Python => {
                let python = std::env::var_os("MCP_ELICIT_ACP_PYTHON").map_or_else(
                    || here.join("../../target/python-acp/bin/python"),
                    PathBuf::from,
                );
                assert!(
                    python.exists(),
                    "no Python with the ACP SDK at {}: python3 -m venv target/python-acp && target/python-acp/bin/pip install -r examples/acp/python/requirements.txt",
                    python.display()
                );
                let mut command = Command::new(python);
                command.arg(here.join("python/client.py"));
                command
            }
        }
    }
}

/// Runs the SDK's client through one scenario against the agent; what it saw, as JSON.
fn run(sdk: Sdk, scenario: &str) -> Value {
    let output = sdk
        .command()
        .arg(scenario)
        .arg(env!("CARGO_BIN_EXE_acp_agent"))
        .output()
        .expect("the client runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{sdk:?} {scenario}: the client failed\nstdout: {stdout}\nstderr: {}",
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

fn an_accepted_form_is_read_into_the_struct(sdk: Sdk) {
    let seen = run(sdk, "accept");
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

fn an_invalid_answer_gets_the_form_again_naming_the_fields_and_keeping_the_valid_values(sdk: Sdk) {
    let seen = run(sdk, "invalid");
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

fn a_declined_form_ends_the_turn_saying_so(sdk: Sdk) {
    let seen = run(sdk, "decline");
    assert_eq!(seen["requests"].as_array().unwrap().len(), 1);
    assert_eq!(
        seen["messages"],
        json!(["The sign-up form was declined: nothing was created."])
    );
    assert_eq!(seen["stopReason"], "end_turn");
}

fn a_client_without_form_elicitation_is_asked_nothing(sdk: Sdk) {
    // `{"elicitation": {}}`: in ACP, no mode advertised.
    let seen = run(sdk, "no-forms");
    assert_eq!(seen["requests"], json!([]));
    assert_eq!(
        seen["messages"],
        json!([
            "I need a few details to sign you up, and this client cannot show forms (it did not advertise `elicitation.form`)."
        ])
    );
    assert_eq!(seen["stopReason"], "end_turn");
}

/// One test per scenario and SDK.
macro_rules! per_sdk {
    ($($scenario:ident),* $(,)?) => {
        mod typescript {
            $(
                #[test]
                #[ignore = "needs the TypeScript ACP SDK: npm install in examples/acp/typescript"]
                fn $scenario() {
                    super::$scenario(super::Sdk::TypeScript);
                }
            )*
        }
        mod python {
            $(
                #[test]
                #[ignore = "needs the Python ACP SDK in target/python-acp (see examples/acp/python)"]
                fn $scenario() {
                    super::$scenario(super::Sdk::Python);
                }
            )*
        }
    };
}

per_sdk!(
    an_accepted_form_is_read_into_the_struct,
    an_invalid_answer_gets_the_form_again_naming_the_fields_and_keeping_the_valid_values,
    a_declined_form_ends_the_turn_saying_so,
    a_client_without_form_elicitation_is_asked_nothing
);
