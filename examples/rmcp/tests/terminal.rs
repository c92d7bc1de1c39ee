//! A person at a terminal fills in the example server's form with `terminal_client`, driven
//! through a real pseudo-terminal (tmux) as a person would: keys in, screen out. They correct a
//! field the form refuses, choose from lists, decline, and cancel.
//!
//! It needs tmux: `cargo test -p mcp-elicit-rmcp-examples --test terminal -- --ignored` (CI runs
//! it).

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
        let screen = Screen {
            name: name.to_owned(),
        };
        let _ = screen.tmux().arg("kill-server").output();
        // The pane stays open after the client exits, so its last words can be read.
        let command = format!("{CLIENT} {version} {SERVER}; sleep 60");
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
        screen.expect("We send the confirmation link here");
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
        screen.keys(&["12", "Enter"]);
        screen.expect("must be at least 13, got 12");
        screen.keys(&["BSpace", "BSpace", "36", "Enter"]);
        // The plan starts at its default, and the list has no "(none)": left alone it is Free.
        screen.expect("> Free: one project");
        assert!(!screen.text().contains("(none)"));
        screen.keys(&["Down", "Enter"]);
        screen.expect("Write to me about *");
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
