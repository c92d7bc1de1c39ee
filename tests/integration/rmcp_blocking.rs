//! Forms asked from synchronous code on a blocking thread (`Call::blocking`, `BlockingAsk`), as
//! a payment server approves a payment inside a synchronous `AuthGate` that a wallet's signer
//! calls from `spawn_blocking`: on 2025-11-25 the gate waits for the person's answer; on
//! 2026-07-28 its ask ends the run, the call returns the round, and the retried call runs the
//! work again, whose ask then has its answer at once. Only an accepted `true` pays.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use mcp_elicit::rmcp::{Ask, BlockingAsk, Call, Handled, asks};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ElicitResult, ElicitationAction, InputResponses,
    ProtocolVersion,
};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::connect;

/// What the wallet is asked to sign.
struct Intent {
    payee: String,
    cents: u64,
}

/// The trial's gate: synchronous, called by the signer on a blocking thread.
trait AuthGate {
    fn authenticate(&self, intent: &Intent) -> bool;
}

#[derive(Elicit, Debug)]
struct Approve {
    approved: bool,
}

/// The gate that asks the person: consent is an accepted `true`, and nothing else (a decline, a
/// cancel, a call that stopped are all no).
struct FormGate(BlockingAsk);

impl AuthGate for FormGate {
    fn authenticate(&self, intent: &Intent) -> bool {
        let ask = Ask::<Approve>::new()
            .key("approve")
            .message(format!("Pay {} cents to {}?", intent.cents, intent.payee));
        matches!(
            self.0.run(ask),
            Ok(Elicitation::Accepted(Approve { approved: true }))
        )
    }
}

/// The wallet's signer: synchronous, signs only what the gate approves.
fn sign(intent: &Intent, gate: &dyn AuthGate) -> Option<String> {
    gate.authenticate(intent)
        .then(|| format!("signed {} cents to {}", intent.cents, intent.payee))
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
    /// How many times the blocking work ran.
    runs: Arc<AtomicUsize>,
    /// What was paid.
    paid: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn new() -> Self {
        Server {
            tool_router: Self::tool_router(),
            runs: Arc::default(),
            paid: Arc::default(),
        }
    }
}

#[tool_router]
impl Server {
    /// The trial's shape: the handler spawns the blocking thread (as the wallet's signer does)
    /// and lends it the asker.
    #[asks]
    #[tool(description = "Pays the coffee shop")]
    async fn pay(&self, call: Call) -> Handled<String> {
        let runs = self.runs.clone();
        let signed = call
            .with_blocking_asks(|asker| {
                tokio::task::spawn_blocking(move || {
                    runs.fetch_add(1, Ordering::SeqCst);
                    sign(&coffee(), &FormGate(asker))
                })
            })
            .await??;
        Ok(self.settle(signed))
    }

    /// The same, the call spawning the blocking thread.
    #[asks]
    #[tool(description = "Pays the coffee shop")]
    async fn pay_blocking(&self, call: Call) -> Handled<String> {
        let runs = self.runs.clone();
        let signed = call
            .blocking(move |asker| {
                runs.fetch_add(1, Ordering::SeqCst);
                sign(&coffee(), &FormGate(asker))
            })
            .await?;
        Ok(self.settle(signed))
    }

    /// The work's own future asks, where waiting would stop the very future that serves it.
    #[asks]
    #[tool(description = "Asks from async code")]
    async fn misuse(&self, call: Call) -> Handled<String> {
        let approved = call
            .with_blocking_asks(|asker| async move { asker.ask::<Approve>().is_ok() })
            .await?;
        Ok(format!("approved: {approved}"))
    }
}

impl Server {
    /// Pays what was signed.
    fn settle(&self, signed: Option<String>) -> String {
        let Some(receipt) = signed else {
            return "not paid".into();
        };
        self.paid.lock().unwrap().push(receipt.clone());
        receipt
    }
}

fn coffee() -> Intent {
    Intent {
        payee: "Coffee Shop".into(),
        cents: 450,
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {}

const VERSIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28];

/// Both tools: each case runs on each, on each version.
const TOOLS: [&str; 2] = ["pay", "pay_blocking"];

fn cases() -> impl Iterator<Item = (&'static str, ProtocolVersion)> {
    TOOLS
        .into_iter()
        .flat_map(|tool| VERSIONS.map(|version| (tool, version)))
}

fn accept(content: Value) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(content)
}

/// Calls `pay` with the person answering `answers`: the tool's text, whether it is an error, the
/// forms shown, how many times the work ran, and what was paid.
async fn pay(
    tool: &'static str,
    version: &ProtocolVersion,
    answers: Vec<ElicitResult>,
) -> (String, bool, Vec<Value>, usize, Vec<String>) {
    let server = Server::new();
    let (runs, paid) = (server.runs.clone(), server.paid.clone());
    let (text, error, seen) = connect(server, version.clone(), true, answers)
        .await
        .call(tool)
        .await;
    let paid = paid.lock().unwrap().clone();
    (text, error, seen, runs.load(Ordering::SeqCst), paid)
}

/// The runs of the work a call with one answer takes: once on 2025-11-25 (the gate waits); on
/// 2026-07-28 once for the round and once for the retry.
fn runs_for(version: &ProtocolVersion, rounds: usize) -> usize {
    if *version >= ProtocolVersion::V_2026_07_28 {
        rounds + 1
    } else {
        1
    }
}

#[tokio::test]
async fn an_approval_pays_on_every_version() {
    for (tool, version) in cases() {
        let (text, error, seen, runs, paid) =
            pay(tool, &version, vec![accept(json!({"approved": true}))]).await;
        assert_eq!(
            (text.as_str(), error),
            ("signed 450 cents to Coffee Shop", false),
            "{tool} {version}"
        );
        assert_eq!(seen.len(), 1, "{tool} {version}");
        assert_eq!(
            seen[0]["message"], "Pay 450 cents to Coffee Shop?",
            "{tool} {version}"
        );
        assert_eq!(runs, runs_for(&version, 1), "{tool} {version}");
        assert_eq!(
            paid,
            ["signed 450 cents to Coffee Shop"],
            "{tool} {version}"
        );
    }
}

#[tokio::test]
async fn decline_cancel_and_no_do_not_pay() {
    for (tool, version) in cases() {
        for answer in [
            ElicitResult::new(ElicitationAction::Decline),
            ElicitResult::new(ElicitationAction::Cancel),
            accept(json!({"approved": false})),
        ] {
            let (text, error, seen, runs, paid) = pay(tool, &version, vec![answer.clone()]).await;
            assert_eq!(
                (text.as_str(), error),
                ("not paid", false),
                "{tool} {version}: {answer:?}"
            );
            assert_eq!(seen.len(), 1, "{tool} {version}");
            assert_eq!(runs, runs_for(&version, 1), "{tool} {version}");
            assert!(paid.is_empty(), "{tool} {version}: {answer:?}");
        }
    }
}

#[tokio::test]
async fn a_wrong_value_is_asked_again() {
    for (tool, version) in cases() {
        let answers = vec![
            accept(json!({"approved": "yes"})),
            accept(json!({"approved": true})),
        ];
        let (text, error, seen, runs, paid) = pay(tool, &version, answers).await;
        assert_eq!(
            (text.as_str(), error),
            ("signed 450 cents to Coffee Shop", false),
            "{tool} {version}"
        );
        assert_eq!(seen.len(), 2, "{tool} {version}");
        let again = seen[1]["message"].as_str().unwrap();
        assert!(
            again.starts_with("Pay 450 cents to Coffee Shop?\n\nPlease correct this:\n- approved:"),
            "{tool} {version}: {again}"
        );
        // On 2026-07-28 a run for each round and one for the answer.
        assert_eq!(runs, runs_for(&version, 2), "{tool} {version}");
        assert_eq!(paid.len(), 1, "{tool} {version}");
    }
}

/// On 2026-07-28, step by step: the first call ends with the round and pays nothing; the retry
/// with the answer runs the work again, whose ask has its answer at once.
#[tokio::test]
async fn on_2026_07_28_the_work_runs_again_on_the_retry() {
    for tool in TOOLS {
        let server = Server::new();
        let (runs, paid) = (server.runs.clone(), server.paid.clone());
        let session = connect(server, ProtocolVersion::V_2026_07_28, true, Vec::new()).await;
        let round = session
            .input_required(CallToolRequestParams::new(tool))
            .await;
        assert_eq!(runs.load(Ordering::SeqCst), 1, "{tool}");
        assert!(paid.lock().unwrap().is_empty(), "{tool}");
        let requests = round.input_requests.as_ref().unwrap();
        assert_eq!(requests.keys().collect::<Vec<_>>(), ["approve"], "{tool}");

        let mut responses = InputResponses::new();
        responses.insert(
            "approve".to_owned(),
            json!({"action": "accept", "content": {"approved": true}}),
        );
        let retry = CallToolRequestParams::new(tool)
            .with_input_responses(responses)
            .with_request_state(round.request_state.clone().unwrap());
        let done = session.client.call_tool_once(retry).await.unwrap();
        let CallToolResponse::Complete(done) = done else {
            panic!("{tool}: {done:?}")
        };
        assert_eq!(
            done.content[0].as_text().unwrap().text,
            "signed 450 cents to Coffee Shop",
            "{tool}"
        );
        assert_eq!(runs.load(Ordering::SeqCst), 2, "{tool}");
        assert_eq!(paid.lock().unwrap().len(), 1, "{tool}");
        let _ = session.client.cancel().await;
    }
}

/// An ask from the work's own future answers at once, and the call ends with an error saying
/// what to do, never as approved.
#[tokio::test]
async fn an_ask_from_async_code_ends_the_call_saying_so() {
    for version in VERSIONS {
        let session = connect(Server::new(), version.clone(), true, Vec::new()).await;
        let (text, error, seen) = session.call("misuse").await;
        assert!(error, "{version}: {text}");
        assert!(text.contains("from a blocking thread"), "{version}: {text}");
        assert!(seen.is_empty(), "{version}");
    }
}

/// A client that cannot be asked: the blocking ask has no answer, nothing is paid, and the call
/// ends saying why (as `call.ask()?` would), not with the work's "not paid".
#[tokio::test]
async fn a_client_without_forms_ends_the_call_with_why() {
    for tool in TOOLS {
        let server = Server::new();
        let paid = server.paid.clone();
        let session = connect(server, ProtocolVersion::V_2025_11_25, false, Vec::new()).await;
        let (text, error, seen) = session.call(tool).await;
        assert_eq!(
            (text.as_str(), error),
            ("the client did not declare form elicitation", true),
            "{tool}"
        );
        assert!(seen.is_empty() && paid.lock().unwrap().is_empty(), "{tool}");
    }
}
