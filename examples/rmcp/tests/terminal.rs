//! A person at a terminal fills in the example server's form with `terminal_client`, driven
//! through a real pseudo-terminal (tmux) as a person would: keys in, screen out. They read each
//! field's rules before typing, correct a field the form refuses, choose from lists, decline, and
//! cancel; and they answer the official example server with every feature: its 13-field form
//! (an optional boolean left unanswered, a default emptied) and its URL request.
//!
//! It needs tmux and `npm install` in `examples/rmcp/everything`:
//! `cargo test -p mcp-elicit-rmcp-examples --test terminal -- --ignored` (CI runs it).

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

const CLIENT: &str = env!("CARGO_BIN_EXE_terminal_client");
const SERVER: &str = env!("CARGO_BIN_EXE_rmcp_server");

/// A tmux session running the terminal client against the example server, on a tmux server of
/// its own (its own socket), so that tests running side by side do not share one.
struct Screen {
    name: String,
}

impl Screen {
    fn start(name: &str, version: &str) -> Screen {
        Screen::run(name, &format!("{CLIENT} {version} {SERVER}"))
    }

    /// The terminal client calling `tool` (with `arguments`) of the official example server with
    /// every feature, installed in `everything/`, on 2025-11-25 (the newest it speaks).
    fn everything(name: &str, tool: &str, arguments: &str) -> Screen {
        let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("everything/node_modules");
        let index = modules.join("@modelcontextprotocol/server-everything/dist/index.js");
        assert!(
            index.exists(),
            "the everything server is not installed: run `npm install` in examples/rmcp/everything"
        );
        let node = modules.join(".bin/node");
        let command = format!(
            "{CLIENT} 2025-11-25 --tool {tool} --arguments '{arguments}' {} {} stdio",
            node.display(),
            index.display()
        );
        Screen::run(name, &command)
    }

    fn run(name: &str, command: &str) -> Screen {
        let screen = Screen {
            name: name.to_owned(),
        };
        let _ = screen.tmux().arg("kill-server").output();
        // The pane stays open after the client exits, so its last words can be read.
        let command = format!("{command}; sleep 60");
        let started = screen
            .tmux()
            .args(["new-session", "-d", "-s", name, "-x", "120", "-y", "40"])
            .arg(&command)
            .status()
            .expect("tmux runs");
        assert!(started.success(), "tmux could not start a session");
        screen
    }

    /// A tmux command on this screen's own server.
    fn tmux(&self) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.name]);
        command
    }

    fn text(&self) -> String {
        let output = self
            .tmux()
            .args(["capture-pane", "-p", "-t", &self.name])
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Waits until the screen shows `expected`.
    fn expect(&self, expected: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let text = self.text();
            if text.contains(expected) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the screen never showed {expected:?}; it shows:\n{text}"
            );
            sleep(Duration::from_millis(100));
        }
    }

    /// Sends keys, as `tmux send-keys` names them (`Enter`, `Down`, `Space`, `BSpace`, `Escape`)
    /// or as text.
    fn keys(&self, keys: &[&str]) {
        let sent = self
            .tmux()
            .args(["send-keys", "-t", &self.name])
            .args(keys)
            .status()
            .expect("tmux runs");
        assert!(sent.success());
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.tmux().arg("kill-server").output();
    }
}

#[test]
#[ignore = "needs tmux: see the top of this file"]
fn a_person_fills_in_and_corrects_the_form() {
    for version in ["2025-11-25", "2026-07-28"] {
        let screen = Screen::start(&format!("mcp-elicit-fill-{version}"), version);
        screen.expect("Fill in the form");
        screen.keys(&["Enter"]);
        screen.expect("E-mail *");
        // The rules, before anything is typed.
        screen.expect("We send the confirmation link here · an e-mail address");
        screen.keys(&["nope", "Enter"]);
        // Refused where it is typed, in the form's own words.
        screen.expect("must be an e-mail address, got \"nope\"");
        screen.keys(&[
            "BSpace",
            "BSpace",
            "BSpace",
            "BSpace",
            "ada@example.com",
            "Enter",
        ]);
        screen.expect("age *");
        screen.expect("You must be 13 or older · a whole number from 13 to 120");
        screen.keys(&["12", "Enter"]);
        screen.expect("must be at least 13, got 12");
        screen.keys(&["BSpace", "BSpace", "36", "Enter"]);
        // The plan starts at its default, and the list has no "(none)": left alone it is Free.
        screen.expect("> Free: one project");
        assert!(!screen.text().contains("(none)"));
        screen.keys(&["Down", "Enter"]);
        screen.expect("Write to me about *");
        screen.expect("↑↓ moves, Space toggles, Enter confirms · Choose up to 2.");
        // Three topics where at most two are allowed: refused, then corrected.
        screen.keys(&["Space", "Down", "Space", "Down", "Space", "Enter"]);
        screen.expect("choose at most 2");
        screen.keys(&["Space", "Enter"]);
        screen.expect(
            "The server says: signed up ada@example.com (age 36) on the Pro plan; topics: Releases, Secur",
        );
    }
}

#[test]
#[ignore = "needs tmux: see the top of this file"]
fn a_person_declines() {
    let screen = Screen::start("mcp-elicit-decline", "2025-11-25");
    screen.expect("Fill in the form");
    screen.keys(&["Down", "Enter"]);
    screen.expect("The server says: the user declined to sign up");
}

#[test]
#[ignore = "needs tmux: see the top of this file"]
fn a_person_cancels_with_escape() {
    let screen = Screen::start("mcp-elicit-cancel", "2026-07-28");
    screen.expect("Fill in the form");
    screen.keys(&["Enter"]);
    screen.expect("E-mail *");
    screen.keys(&["Escape"]);
    screen.expect("The server says: the user dismissed the sign-up form");
}

/// The official example server's 13-field form, at the terminal: the person types a name, leaves
/// the optional boolean unanswered, empties the first line (which the form lets be empty) and
/// the number (which it does not), keeps every other default. The server receives exactly that.
#[test]
#[ignore = "needs tmux and the everything server: see the top of this file"]
fn a_person_fills_in_the_everything_servers_form_as_they_see_it() {
    let screen = Screen::everything("mcp-elicit-everything", "trigger-elicitation-request", "{}");
    screen.expect("Fill in the form");
    screen.keys(&["Enter"]);
    screen.expect("String *");
    screen.keys(&["Ada", "Enter"]);
    // An optional boolean: "(no answer)" is where the cursor starts.
    screen.expect("> (no answer)");
    screen.keys(&["Enter"]);
    screen.expect("It was a dark and stormy night.");
    // Emptied: 31 characters.
    for _ in 0..31 {
        screen.keys(&["BSpace"]);
    }
    screen.keys(&["Enter"]);
    screen.expect("· an e-mail address ·");
    screen.keys(&["Enter"]);
    screen.expect("an absolute URI, like https://example.com");
    screen.keys(&["Enter"]);
    screen.expect("a date, like 2025-11-25");
    screen.keys(&["Enter"]);
    screen.expect("a whole number from 1 to 100");
    screen.keys(&["Enter"]);
    screen.expect("Number in range 1-1000");
    screen.keys(&["BSpace", "BSpace", "BSpace", "BSpace", "Enter"]);
    for hint in [
        "↑↓ moves, Enter chooses",
        "Space toggles, Enter confirms · Choose 1 to 3.",
        "Choose your favorite hero",
        "Choose your favorite types of fish",
        "Choose your favorite type of pet",
    ] {
        screen.expect(hint);
        screen.keys(&["Enter"]);
    }
    screen.expect("The server says: ✅ User provided the requested information!");
    screen.expect("- Name: Ada");
    screen.expect("- Favorite Integer: 42");
    let text = screen.text();
    assert!(text.contains(r#""firstLine": """#), "{text}");
    assert!(
        !text.contains(r#""number""#) && !text.contains(r#""check""#),
        "{text}"
    );
    assert!(text.contains(r#""integer": 42"#), "{text}");
}

/// A URL request at the terminal: the message and the URL shown, consent asked, then (without a
/// desktop here) the person told to open it themselves; the server hears the acceptance.
#[test]
#[ignore = "needs tmux and the everything server: see the top of this file"]
fn a_person_is_shown_the_everything_servers_page_before_accepting() {
    let arguments = r#"{"url": "https://example.com/auth"}"#;
    let screen = Screen::everything(
        "mcp-elicit-everything-url",
        "trigger-url-elicitation",
        arguments,
    );
    screen.expect("Please open the link to complete this action.");
    screen.expect("  https://example.com/auth");
    screen.expect("Open this page?");
    screen.keys(&["y", "Enter"]);
    screen.expect("Open it in a browser: https://example.com/auth");
    screen.expect("The server says: ✅ User completed the URL elicitation flow.");
}

/// The official example server's `-32042` error at the terminal: the page it names shown and
/// consented to, the call made again (the server announces no completion: after a short wait),
/// and the retried call's own page shown in turn.
#[test]
#[ignore = "needs tmux and the everything server: see the top of this file"]
fn a_url_required_error_is_handled_at_the_terminal_in_one_call() {
    let arguments = r#"{"url": "https://example.com/auth", "errorPath": true}"#;
    let screen = Screen::everything(
        "mcp-elicit-everything-32042",
        "trigger-url-elicitation",
        arguments,
    );
    screen.expect("Open this link to satisfy the prerequisite, then retry the request.");
    screen.expect("  https://modelcontextprotocol.io");
    screen.keys(&["y", "Enter"]);
    screen.expect("Please open the link to complete this action.");
    screen.expect("  https://example.com/auth");
    screen.keys(&["y", "Enter"]);
    screen.expect("The server says: ✅ User completed the URL elicitation flow.");
}
