//! The example server (`rmcp_server`) and a client on the official Python SDK (`mcp`,
//! `python/client.py`), over stdio, on both flows: the 2025-11-25 handshake (the server
//! sends `elicitation/create`) and 2026-07-28 (the form travels in an `InputRequiredResult`, the
//! answer in the retried call). A valid answer, an invalid one and then a valid one (the second
//! form names the problems and has the valid values filled in), a decline, and a client without
//! elicitation, which gets no form (a tool error before 2026-07-28; on 2026-07-28 the protocol's
//! error -32021). The `deploy` wizard on both flows: staging in one form, production in two, a
//! too-short reason asking the second form again (the confirmation filled in), never the first.
//! And `create_issue`, whose arguments are a derived struct: what the model left out or got wrong
//! is asked in one form of exactly those fields, and a complete call asks nothing.
//!
//! It needs Python with the SDK: a virtual environment with `python/requirements.txt` installed,
//! named by `MCP_ELICIT_PYTHON` (CI makes one in `target/python`); then
//! `cargo test -p mcp-elicit-rmcp-examples --test python -- --ignored`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

const SERVER: &str = env!("CARGO_BIN_EXE_rmcp_server");

/// The two flows: the client's `mode`.
const MODES: [&str; 2] = ["legacy", "2026-07-28"];

fn python() -> PathBuf {
    match std::env::var_os("MCP_ELICIT_PYTHON") {
        Some(python) => PathBuf::from(python),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/python/bin/python"),
    }
}

/// Calls `signup` as a Python SDK client in `mode`, answering the forms with `answers`: the forms
/// it was shown, the tool's text, and whether that is an error.
fn signup(mode: &str, elicitation: bool, answers: Value) -> (Vec<Value>, String, bool) {
    call(mode, elicitation, answers, "signup", json!({}))
}

/// Calls `tool` with `arguments`; see [`signup`].
fn call(
    mode: &str,
    elicitation: bool,
    answers: Value,
    tool: &str,
    arguments: Value,
) -> (Vec<Value>, String, bool) {
    let report = run(mode, elicitation, answers, tool, arguments);
    assert!(report.get("error").is_none(), "{mode}: {report}");
    let forms = report["forms"].as_array().cloned().unwrap_or_default();
    let text = report["text"].as_str().unwrap_or_default().to_owned();
    (forms, text, report["isError"] == true)
}

/// Runs the client: what it printed.
fn run(mode: &str, elicitation: bool, answers: Value, tool: &str, arguments: Value) -> Value {
    run_on(SERVER, mode, elicitation, answers, tool, arguments, None)
}

/// Runs the client against `server` (a program on stdio, or a Streamable HTTP URL), its call
/// carrying the person's language `preference` if one is given.
fn run_on(
    server: &str,
    mode: &str,
    elicitation: bool,
    answers: Value,
    tool: &str,
    arguments: Value,
    preference: Option<&str>,
) -> Value {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("python/client.py");
    let python = python();
    let output = Command::new(&python)
        .arg(&script)
        .args([server, mode, if elicitation { "yes" } else { "no" }])
        .arg(answers.to_string())
        .arg(tool)
        .arg(arguments.to_string())
        .args(preference)
        .output()
        .unwrap_or_else(|e| panic!("{} runs: {e}", python.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{mode}: the client failed\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(stdout.trim()).expect("the client prints JSON")
}

fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn a_valid_answer() {
    for mode in MODES {
        let answer = accept(
            json!({"email": "ada@example.com", "age": 36, "plan": "pro", "topics": ["releases"]}),
        );
        let (forms, text, error) = signup(mode, true, json!([answer]));
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(forms[0]["message"], "Create your account", "{mode}");
        assert_eq!(
            (text.as_str(), error),
            (
                "signed up ada@example.com (age 36) on the Pro plan; topics: Releases",
                false
            ),
            "{mode}"
        );
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn an_invalid_answer_then_a_valid_one() {
    for mode in MODES {
        let bad = accept(json!({"email": "nope", "age": 12, "plan": "pro", "topics": ["events"]}));
        let good = accept(
            json!({"email": "ada@example.com", "age": 13, "plan": "pro", "topics": ["events"]}),
        );
        let (forms, text, error) = signup(mode, true, json!([bad, good]));
        assert_eq!(forms.len(), 2, "{mode}");
        assert_eq!(
            forms[1]["message"],
            "Create your account\n\nPlease correct these:\n- E-mail: must be an e-mail address, got \"nope\"\n- age: must be at least 13, got 12",
            "{mode}"
        );
        let properties = &forms[1]["requestedSchema"]["properties"];
        assert_eq!(properties["plan"]["default"], "pro", "{mode}");
        assert_eq!(properties["topics"]["default"], json!(["events"]), "{mode}");
        assert!(properties["email"].get("default").is_none(), "{mode}");
        assert!(properties["age"].get("default").is_none(), "{mode}");
        assert_eq!(
            (text.as_str(), error),
            (
                "signed up ada@example.com (age 13) on the Pro plan; topics: Events",
                false
            ),
            "{mode}"
        );
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn a_decline() {
    for mode in MODES {
        let (forms, text, error) = signup(mode, true, json!([{"action": "decline"}]));
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(
            (text.as_str(), error),
            ("the user declined to sign up", false),
            "{mode}"
        );
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn a_client_without_elicitation_gets_no_form() {
    let (forms, text, error) = signup("legacy", false, json!([]));
    assert!(forms.is_empty());
    assert_eq!(
        (text.as_str(), error),
        ("the client did not declare form elicitation", true),
    );
    let report = run("2026-07-28", false, json!([]), "signup", json!({}));
    assert_eq!(report["forms"], json!([]));
    assert_eq!(
        report["error"],
        json!({
            "code": -32021,
            "message": "the client did not declare form elicitation (`elicitation.form`)",
            "data": {"requiredCapabilities": {"elicitation": {"form": {}}}}
        })
    );
}

/// The `deploy` wizard: the environment, and for production a second form.
#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn the_deploy_wizard_on_both_flows() {
    let deploy = |answers: Value| call_deploy(answers);
    fn call_deploy(answers: Value) -> Vec<(Vec<Value>, String, bool)> {
        MODES
            .iter()
            .map(|mode| call(mode, true, answers.clone(), "deploy", json!({})))
            .collect()
    }
    let staging = accept(json!({"environment": "staging"}));
    let production = accept(json!({"environment": "production"}));
    let confirmed = accept(json!({"confirm": "production", "reason": "the login page is down"}));
    for (mode, (forms, text, error)) in MODES.iter().zip(deploy(json!([staging]))) {
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(
            forms[0]["message"], "Where should this deploy go?",
            "{mode}"
        );
        assert_eq!(
            forms[0]["requestedSchema"]["properties"]["environment"]["enum"],
            json!(["staging", "production"]),
            "{mode}"
        );
        assert_eq!(
            (text.as_str(), error),
            ("deployed to staging", false),
            "{mode}"
        );
    }
    let answers = json!([production.clone(), confirmed.clone()]);
    for (mode, (forms, text, error)) in MODES.iter().zip(deploy(answers)) {
        assert_eq!(forms.len(), 2, "{mode}");
        assert_eq!(
            forms[1]["message"], "Deploying to production: please confirm",
            "{mode}"
        );
        let names: Vec<&String> = forms[1]["requestedSchema"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(names, ["confirm", "reason"], "{mode}");
        assert_eq!(
            (text.as_str(), error),
            ("deployed to production (the login page is down)", false),
            "{mode}"
        );
    }
    // A reason too short: the second form again, the confirmation filled in; never the first.
    let short = accept(json!({"confirm": "production", "reason": "hotfix"}));
    let answers = json!([production.clone(), short, confirmed]);
    for (mode, (forms, text, error)) in MODES.iter().zip(deploy(answers)) {
        assert_eq!(forms.len(), 3, "{mode}");
        assert_eq!(
            forms[2]["message"],
            "Deploying to production: please confirm\n\nPlease correct this:\n- reason: must be at least 10 characters long, got 6",
            "{mode}"
        );
        let properties = &forms[2]["requestedSchema"]["properties"];
        assert!(properties.get("environment").is_none(), "{mode}");
        assert_eq!(properties["confirm"]["default"], "production", "{mode}");
        assert!(properties["reason"].get("default").is_none(), "{mode}");
        assert_eq!(
            (text.as_str(), error),
            ("deployed to production (the login page is down)", false),
            "{mode}"
        );
    }
    // The confirmation declined: nothing deployed.
    let answers = json!([production, {"action": "decline"}]);
    for (mode, (forms, text, _)) in MODES.iter().zip(deploy(answers)) {
        assert_eq!(forms.len(), 2, "{mode}");
        assert_eq!(text, "nothing deployed (decline)", "{mode}");
    }
}

/// The `choose` tool: options known only when it is called, shown exactly as given (titled, in
/// order), the choice read back, and a value that was not offered refused by name.
#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn choices_known_only_at_run_time() {
    let arguments = json!({"options": [
        {"value": "repo-b", "title": "Repository B"},
        {"value": "repo-a", "title": "Repository A"},
        {"value": "repo-c"}
    ]});
    let one_of = json!([
        {"const": "repo-b", "title": "Repository B"},
        {"const": "repo-a", "title": "Repository A"},
        {"const": "repo-c", "title": "repo-c"}
    ]);
    for mode in MODES {
        let answer = accept(json!({"choice": "repo-a", "extras": ["repo-c", "repo-b"]}));
        let (forms, text, error) = call(mode, true, json!([answer]), "choose", arguments.clone());
        assert_eq!(forms.len(), 1, "{mode}");
        let properties = &forms[0]["requestedSchema"]["properties"];
        assert_eq!(properties["choice"]["oneOf"], one_of, "{mode}");
        assert_eq!(properties["extras"]["items"]["anyOf"], one_of, "{mode}");
        assert_eq!(
            forms[0]["requestedSchema"]["required"],
            json!(["choice"]),
            "{mode}"
        );
        assert_eq!(
            (text.as_str(), error),
            ("chose repo-a; extras: repo-c, repo-b", false),
            "{mode}"
        );

        // A value that was not offered: refused by name, and asked again.
        let not_offered = accept(json!({"choice": "repo-z"}));
        let then = accept(json!({"choice": "repo-c"}));
        let (forms, text, error) = call(
            mode,
            true,
            json!([not_offered, then]),
            "choose",
            arguments.clone(),
        );
        assert_eq!(forms.len(), 2, "{mode}");
        assert_eq!(
            forms[1]["message"],
            "Choose one, and any extras\n\nPlease correct this:\n- choice: must be one of \"repo-b\", \"repo-a\", \"repo-c\", got \"repo-z\"",
            "{mode}"
        );
        assert_eq!(
            (text.as_str(), error),
            ("chose repo-c; extras: none", false),
            "{mode}"
        );

        // Three times: the tool's error names `choice`.
        let bad = || accept(json!({"choice": "repo-z"}));
        let (_, text, error) = call(
            mode,
            true,
            json!([bad(), bad(), bad()]),
            "choose",
            arguments.clone(),
        );
        assert!(error, "{mode}");
        assert!(
            text.contains("\n- choice: must be one of"),
            "{mode}: {text}"
        );
    }
}

/// The names of a form's properties, in order.
fn fields(form: &Value) -> Vec<String> {
    form["requestedSchema"]["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// `create_issue`: the arguments the model gave, kept; what it left out or got wrong, asked.
#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn missing_and_wrong_arguments_are_asked() {
    for mode in MODES {
        // A required argument left out: a form of exactly it.
        let answer = accept(json!({"priority": "high"}));
        let (forms, text, error) = call(
            mode,
            true,
            json!([answer]),
            "create_issue",
            json!({"title": "Crash on start"}),
        );
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(fields(&forms[0]), ["priority"], "{mode}");
        assert_eq!(
            forms[0]["message"],
            "A few details for the new issue\n\nPlease correct this:\n- priority: is required",
            "{mode}"
        );
        assert_eq!(
            (text.as_str(), error),
            (
                "created issue \"Crash on start\" with priority High; labels: none",
                false
            ),
            "{mode}"
        );

        // Two arguments wrong: a form of exactly those two, naming both; an answer that tries to
        // set what was not asked (the labels) changes nothing.
        let answer =
            accept(json!({"title": "Crash on start", "priority": "normal", "labels": ["docs"]}));
        let (forms, text, _) = call(
            mode,
            true,
            json!([answer]),
            "create_issue",
            json!({"title": "x", "priority": "urgent", "labels": ["bug"]}),
        );
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(fields(&forms[0]), ["title", "priority"], "{mode}");
        let message = forms[0]["message"].as_str().unwrap();
        assert!(
            message.contains("- title: must be at least 3 characters long, got 1"),
            "{mode}: {message}"
        );
        assert!(
            message.contains("- priority: must be one of"),
            "{mode}: {message}"
        );
        assert_eq!(
            text, "created issue \"Crash on start\" with priority Normal; labels: bug",
            "{mode}"
        );

        // A complete, valid call: nothing asked.
        let (forms, text, _) = call(
            mode,
            true,
            json!([]),
            "create_issue",
            json!({"title": "Crash on start", "priority": "low"}),
        );
        assert!(forms.is_empty(), "{mode}");
        assert_eq!(
            text, "created issue \"Crash on start\" with priority Low; labels: none",
            "{mode}"
        );

        // An answer still too short: the form again, the valid priority filled in.
        let (forms, text, _) = call(
            mode,
            true,
            json!([
                accept(json!({"title": "ab", "priority": "high"})),
                accept(json!({"title": "abc", "priority": "high"}))
            ]),
            "create_issue",
            json!({}),
        );
        assert_eq!(forms.len(), 2, "{mode}");
        assert_eq!(fields(&forms[1]), ["title", "priority"], "{mode}");
        assert_eq!(
            forms[1]["requestedSchema"]["properties"]["priority"]["default"], "high",
            "{mode}"
        );
        assert_eq!(
            text, "created issue \"abc\" with priority High; labels: none",
            "{mode}"
        );
    }
    // A client that cannot be asked: the problems, for the model.
    let (forms, text, error) = call(
        "legacy",
        false,
        json!([]),
        "create_issue",
        json!({"title": "Crash on start"}),
    );
    assert!(forms.is_empty() && error);
    assert_eq!(
        text,
        "the tool's arguments are missing or break their rules, and the client cannot be asked for them:\n`priority`: is required"
    );
}

/// `http_server`, the README's complete server, started on a port of the system's choosing; ended
/// when dropped.
struct HttpServer {
    child: Child,
    url: String,
}

impl HttpServer {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_http_server"))
            .arg("0")
            .stdout(Stdio::piped())
            .spawn()
            .expect("http_server starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("its stdout");
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let url = line.trim().strip_prefix("serving ").expect("its address");
        HttpServer {
            url: url.to_owned(),
            child,
        }
    }

    fn call(&self, mode: &str, answers: Value, tool: &str, arguments: Value) -> Value {
        run_on(&self.url, mode, true, answers, tool, arguments, None)
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn the_complete_http_server_answers_both_versions() {
    let server = HttpServer::start();
    for mode in MODES {
        // The form tool: an invalid answer asked again, then the booking.
        let bad = accept(json!({"guests": 20, "date": "2026-12-24"}));
        let good = accept(json!({"guests": 3, "date": "2026-12-24"}));
        let report = server.call(mode, json!([bad, good]), "book_table", json!({}));
        assert_eq!(
            report["text"], "Booked for 3 on 2026-12-24.",
            "{mode}: {report}"
        );
        assert_eq!(report["isError"], false, "{mode}");
        let forms = report["forms"].as_array().unwrap();
        assert_eq!(forms.len(), 2, "{mode}");
        assert_eq!(forms[0]["message"], "Book a table", "{mode}");
        assert_eq!(
            forms[1]["message"],
            "Book a table\n\nPlease correct this:\n- guests: must be at most 12, got 20",
            "{mode}"
        );
        let report = server.call(
            mode,
            json!([{"action": "decline"}]),
            "book_table",
            json!({}),
        );
        assert_eq!(report["text"], "Nothing was booked.", "{mode}: {report}");

        // The missing argument asked of the user; a complete call asks nothing.
        let answer = accept(json!({"reference": "ABC123"}));
        let report = server.call(mode, json!([answer]), "cancel_booking", json!({}));
        assert_eq!(
            report["text"], "Cancelled booking ABC123.",
            "{mode}: {report}"
        );
        let forms = report["forms"].as_array().unwrap();
        assert_eq!(forms.len(), 1, "{mode}");
        assert_eq!(fields(&forms[0]), ["reference"], "{mode}");
        let report = server.call(
            mode,
            json!([]),
            "cancel_booking",
            json!({"reference": "XYZ789"}),
        );
        assert_eq!(
            report["text"], "Cancelled booking XYZ789.",
            "{mode}: {report}"
        );
        assert_eq!(report["forms"], json!([]), "{mode}");
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn a_preference_in_meta_is_answered_with_the_language_used() {
    let valid = json!([accept(
        json!({"email": "ada@example.com", "age": 36, "plan": "pro", "topics": ["releases"]})
    )]);
    for mode in MODES {
        // The SDK's `meta=`: the form reports the language it is in. `Signup` is written in
        // English, French and Hebrew, not German: English, and said so.
        let preference = Some("de-CH, de;q=0.9");
        let report = run_on(
            SERVER,
            mode,
            true,
            valid.clone(),
            "signup",
            json!({}),
            preference,
        );
        assert_eq!(
            report["forms"].as_array().map(Vec::len),
            Some(1),
            "{mode}: {report}"
        );
        let form = &report["forms"][0];
        assert_eq!(form["message"], "Create your account", "{mode}");
        assert_eq!(
            form["_meta"]["io.modelcontextprotocol/contentLanguage"], "en",
            "{mode}: {form}"
        );
        // Without a preference, no language is reported.
        let report = run_on(SERVER, mode, true, valid.clone(), "signup", json!({}), None);
        let form = &report["forms"][0];
        assert_eq!(
            form["_meta"]["io.modelcontextprotocol/contentLanguage"],
            Value::Null,
            "{mode}: {form}"
        );
    }
}

#[test]
#[ignore = "needs the Python SDK: see the top of this file"]
fn the_language_reported_is_the_language_used() {
    let valid = json!([accept(
        json!({"email": "ada@example.com", "age": 36, "plan": "pro", "topics": ["releases"]})
    )]);
    let bad = || accept(json!({"email": "nope", "age": 12, "plan": "pro", "topics": ["events"]}));
    let language =
        |value: &Value| value["_meta"]["io.modelcontextprotocol/contentLanguage"].clone();
    for mode in MODES {
        // A form translated into Hebrew, which the crate's own words do not speak: reported as
        // Hebrew, not as the crate's English. The tool's own result says no language.
        let report = run_on(
            SERVER,
            mode,
            true,
            valid.clone(),
            "signup",
            json!({}),
            Some("he-IL, he;q=0.9"),
        );
        let form = &report["forms"][0];
        assert_eq!(form["message"], "צרו את החשבון שלכם", "{mode}: {report}");
        assert_eq!(
            form["requestedSchema"]["properties"]["age"]["title"], "גיל",
            "{mode}"
        );
        assert_eq!(language(form), "he", "{mode}: {form}");
        assert_eq!(
            report["text"], "signed up ada@example.com (age 36) on the Pro plan; topics: Releases",
            "{mode}"
        );
        assert_eq!(
            report["meta"].get("io.modelcontextprotocol/contentLanguage"),
            None,
            "{mode}: {report}"
        );

        // The rounds spent: the tool error in French, the form by its French message, each
        // field by its French title, reported as French.
        let report = run_on(
            SERVER,
            mode,
            true,
            json!([bad(), bad(), bad()]),
            "signup",
            json!({}),
            Some("fr"),
        );
        assert_eq!(report["isError"], true, "{mode}: {report}");
        assert_eq!(
            report["text"],
            "Le formulaire «\u{a0}Créez votre compte\u{a0}» a été demandé 3 fois, et la dernière réponse ne respecte toujours pas ses règles\u{a0}:\n\
             - Adresse e-mail\u{a0}: doit être une adresse e-mail (valeur reçue\u{a0}: \"nope\")\n\
             - Âge\u{a0}: doit valoir au moins 13 (valeur reçue\u{a0}: 12)",
            "{mode}: {report}"
        );
        assert_eq!(
            report["meta"]["io.modelcontextprotocol/contentLanguage"], "fr",
            "{mode}: {report}"
        );
        for form in report["forms"].as_array().unwrap() {
            assert_eq!(language(form), "fr", "{mode}: {form}");
        }

        // A client without elicitation: told so in Japanese, and said so (on 2026-07-28 in the
        // JSON-RPC error's `data._meta`, beside the capability it lacks).
        let report = run_on(
            SERVER,
            mode,
            false,
            json!([]),
            "signup",
            json!({}),
            Some("ja"),
        );
        let told = "本人にたずねられませんでした。クライアントがフォームを表示できません（フォームによる入力要求を宣言していません）。";
        if mode == "legacy" {
            assert_eq!(
                (report["text"].as_str(), report["isError"].as_bool()),
                (Some(told), Some(true)),
                "{report}"
            );
            assert_eq!(
                report["meta"]["io.modelcontextprotocol/contentLanguage"], "ja",
                "{report}"
            );
        } else {
            let error = &report["error"];
            assert_eq!(error["code"], -32021, "{report}");
            assert_eq!(error["message"], told, "{report}");
            assert_eq!(language(&error["data"]), "ja", "{report}");
            assert_eq!(
                error["data"]["requiredCapabilities"],
                json!({"elicitation": {"form": {}}}),
                "{report}"
            );
        }
    }
}
