//! Confirm before a destructive action, on 2026-07-28: the exact retry of a confirmed call (the
//! same arguments, `requestState` and `inputResponses`), sent again, runs the tool again for as
//! long as its state lives, since a server that keeps nothing cannot tell it from the first;
//! with `Asking::single_use` the state's id, claimed once in the pages' store (memory here, Redis
//! in the ignored test), refuses the second use. Honest retries still work (an answer asked
//! again, a decline), two replays at once run once, a replay into another call is refused as
//! before, and before 2026-07-28 nothing changes.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_elicit::page::store::{KeptStore, MemoryStore};
use mcp_elicit::rmcp::{Ask, Call, Handled, asks};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ElicitResult, ElicitationAction, ErrorCode,
    InputResponses, ProtocolVersion,
};
use rmcp::service::ServiceError;
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::{Session, connect};

#[path = "support/redis_server.rs"]
mod redis_server;

#[derive(Elicit)]
struct Pattern {
    #[elicit(min_length = 1)]
    pattern: String,
}

#[derive(Elicit)]
#[elicit(message = "Delete the matching files? This cannot be undone.")]
struct Confirm {
    confirm: bool,
}

struct Server<S: KeptStore + 'static> {
    tool_router: ToolRouter<Self>,
    store: Arc<S>,
    /// How many times files were deleted.
    deleted: Arc<AtomicUsize>,
}

/// A clone is the same server (one store, one count), whatever `S` is.
impl<S: KeptStore + 'static> Clone for Server<S> {
    fn clone(&self) -> Self {
        Server {
            tool_router: self.tool_router.clone(),
            store: self.store.clone(),
            deleted: self.deleted.clone(),
        }
    }
}

#[tool_router]
impl<S: KeptStore + 'static> Server<S> {
    #[asks]
    #[tool(description = "Deletes the files matching a pattern, once the user confirms")]
    async fn delete_files(&self, call: Call<Pattern>) -> Handled<String> {
        self.delete(&call, true).await
    }

    #[asks]
    #[tool(description = "The same, its answers usable as long as its state lives")]
    async fn delete_files_replayable(&self, call: Call<Pattern>) -> Handled<String> {
        self.delete(&call, false).await
    }
}

impl<S: KeptStore + 'static> Server<S> {
    fn new(store: Arc<S>) -> Self {
        Server {
            tool_router: Self::tool_router(),
            store,
            deleted: Arc::default(),
        }
    }

    async fn delete(&self, call: &Call<Pattern>, single_use: bool) -> Handled<String> {
        let Elicitation::Accepted(Pattern { pattern }) = call.arguments().await? else {
            return Ok("No pattern.".into());
        };
        let mut asking = call.asking()?;
        if single_use {
            asking.single_use(&*self.store).await?;
        }
        let Elicitation::Accepted(Confirm { confirm: true }) =
            asking.ask(&Ask::<Confirm>::new()).await?
        else {
            return Ok("Nothing was deleted.".into());
        };
        let times = self.deleted.fetch_add(1, Ordering::SeqCst) + 1;
        Ok(format!("Deleted the files matching {pattern} ({times})."))
    }

    fn deleted(&self) -> usize {
        self.deleted.load(Ordering::SeqCst)
    }
}

#[tool_handler(router = self.tool_router)]
impl<S: KeptStore + 'static> ServerHandler for Server<S> {}

/// The refusal of a state used before, as the client reads it.
const USED: &str = "the `requestState` is refused: its answers were used already; call again without `inputResponses` and `requestState` to start over";

fn params(tool: &'static str, pattern: &str) -> CallToolRequestParams {
    let arguments = json!({"pattern": pattern});
    CallToolRequestParams::new(tool).with_arguments(arguments.as_object().unwrap().clone())
}

fn answer(response: Value) -> InputResponses {
    [("form".to_owned(), response)].into_iter().collect()
}

fn yes() -> InputResponses {
    answer(json!({"action": "accept", "content": {"confirm": true}}))
}

/// What a call gives: its text, its form's sealed state, or its JSON-RPC error (code, message).
#[derive(Debug, PartialEq)]
enum Got {
    Text(String),
    Asked(String),
    Refused(i32, String),
}

async fn send(session: &Session, params: CallToolRequestParams) -> Got {
    match session.client.call_tool_once(params).await {
        Ok(CallToolResponse::Complete(result)) => {
            Got::Text(result.content[0].as_text().unwrap().text.clone())
        }
        Ok(CallToolResponse::InputRequired(form)) => {
            Got::Asked(form.request_state.expect("a sealed state"))
        }
        Err(ServiceError::McpError(error)) => Got::Refused(error.code.0, error.message.into()),
        other => panic!("{other:?}"),
    }
}

/// The first call of `tool` on `pattern`: the confirmation's sealed state.
async fn asked(session: &Session, tool: &'static str, pattern: &str) -> String {
    match send(session, params(tool, pattern)).await {
        Got::Asked(state) => state,
        other => panic!("the confirmation, not {other:?}"),
    }
}

/// The retry of `tool` on `pattern` with `state` and `responses`.
fn retry(
    tool: &'static str,
    pattern: &str,
    state: &str,
    responses: InputResponses,
) -> CallToolRequestParams {
    params(tool, pattern)
        .with_request_state(state.to_owned())
        .with_input_responses(responses)
}

async fn session_of<S: KeptStore + 'static>(server: &Server<S>) -> Session {
    connect(server.clone(), ProtocolVersion::V_2026_07_28, true, vec![]).await
}

/// The confirmed retry of `delete_files` on `pattern` with `state`, sent through `first`: the
/// files deleted (the `times`th time); sent again through `again`: refused, its answers used.
async fn used_once(first: &Session, again: &Session, pattern: &str, state: &str, times: usize) {
    let confirmed = retry("delete_files", pattern, state, yes());
    assert_eq!(
        send(first, confirmed.clone()).await,
        Got::Text(format!("Deleted the files matching {pattern} ({times})."))
    );
    assert_eq!(
        send(again, confirmed).await,
        Got::Refused(ErrorCode::INVALID_PARAMS.0, USED.into())
    );
}

/// The confirmed call, then its exact replay, on `server`: refused with single use, the files
/// deleted once; run again without it.
async fn the_exact_replay_is_refused<S: KeptStore + 'static>(server: &Server<S>) {
    let session = session_of(server).await;
    let state = asked(&session, "delete_files", "*.log").await;
    used_once(&session, &session, "*.log", &state, 1).await;
    assert_eq!(server.deleted(), 1);

    // What a stateless round cannot refuse by itself: without single use the same replay
    // deletes again.
    let state = asked(&session, "delete_files_replayable", "*.log").await;
    let confirmed = retry("delete_files_replayable", "*.log", &state, yes());
    let done = send(&session, confirmed.clone()).await;
    assert_eq!(
        done,
        Got::Text("Deleted the files matching *.log (2).".into())
    );
    let replayed = send(&session, confirmed).await;
    assert_eq!(
        replayed,
        Got::Text("Deleted the files matching *.log (3).".into())
    );
}

#[tokio::test]
async fn single_use_refuses_the_exact_replay_of_a_confirmed_call() {
    let server = Server::new(Arc::new(MemoryStore::new(100)));
    the_exact_replay_is_refused(&server).await;
}

#[tokio::test]
async fn honest_retries_of_a_single_use_call_still_work() {
    let server = Server::new(Arc::new(MemoryStore::new(100)));
    let session = session_of(&server).await;

    // An answer that breaks the form's rules: asked again, under a state of its own.
    let first = asked(&session, "delete_files", "*.tmp").await;
    let wrong = answer(json!({"action": "accept", "content": {"confirm": "yes"}}));
    let again = match send(
        &session,
        retry("delete_files", "*.tmp", &first, wrong.clone()),
    )
    .await
    {
        Got::Asked(state) => state,
        other => panic!("asked again, not {other:?}"),
    };
    assert_ne!(again, first);
    let done = send(&session, retry("delete_files", "*.tmp", &again, yes())).await;
    assert_eq!(
        done,
        Got::Text("Deleted the files matching *.tmp (1).".into())
    );
    // Either state, brought back again, was used.
    for (state, responses) in [(&first, wrong), (&again, yes())] {
        let replayed = send(&session, retry("delete_files", "*.tmp", state, responses)).await;
        assert_eq!(
            replayed,
            Got::Refused(ErrorCode::INVALID_PARAMS.0, USED.into())
        );
    }

    // A decline is an answer too, used once.
    let state = asked(&session, "delete_files", "*.bak").await;
    let declined = retry(
        "delete_files",
        "*.bak",
        &state,
        answer(json!({"action": "decline"})),
    );
    assert_eq!(
        send(&session, declined.clone()).await,
        Got::Text("Nothing was deleted.".into())
    );
    assert_eq!(
        send(&session, declined).await,
        Got::Refused(ErrorCode::INVALID_PARAMS.0, USED.into())
    );
    assert_eq!(server.deleted(), 1);

    // Before 2026-07-28 the answer arrives within the call: nothing to replay, nothing claimed.
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let yes =
            ElicitResult::new(ElicitationAction::Accept).with_content(json!({"confirm": true}));
        let session = connect(server.clone(), version.clone(), true, vec![yes]).await;
        let result = session
            .client
            .call_tool(params("delete_files", "*.old"))
            .await
            .unwrap();
        let text = &result.content[0].as_text().unwrap().text;
        assert!(
            text.starts_with("Deleted the files matching *.old"),
            "{version}: {text}"
        );
    }
}

#[tokio::test]
async fn two_replays_at_once_run_once() {
    let server = Server::new(Arc::new(MemoryStore::new(100)));
    let session = session_of(&server).await;
    let state = asked(&session, "delete_files", "*").await;
    let confirmed = retry("delete_files", "*", &state, yes());
    let (one, other) = tokio::join!(send(&session, confirmed.clone()), send(&session, confirmed));
    let mut got = [one, other];
    got.sort_by_key(|got| matches!(got, Got::Refused(..)));
    assert_eq!(
        got,
        [
            Got::Text("Deleted the files matching * (1).".into()),
            Got::Refused(ErrorCode::INVALID_PARAMS.0, USED.into())
        ]
    );
    assert_eq!(server.deleted(), 1);
}

#[tokio::test]
async fn a_replay_into_another_call_is_refused_as_before() {
    let server = Server::new(Arc::new(MemoryStore::new(100)));
    let session = session_of(&server).await;
    let state = asked(&session, "delete_files", "*.log").await;
    for (tool, pattern) in [("delete_files", "*"), ("delete_files_replayable", "*.log")] {
        let refused = send(&session, retry(tool, pattern, &state, yes())).await;
        let expected = "the `requestState` is refused: it was sealed for another request (another method, name or arguments); call again without `inputResponses` and `requestState` to start over";
        assert_eq!(
            refused,
            Got::Refused(ErrorCode::INVALID_PARAMS.0, expected.into()),
            "{tool} {pattern}"
        );
    }
    // Refused before any claim: the honest retry still runs, once.
    used_once(&session, &session, "*.log", &state, 1).await;
}

/// Two replicas sharing one Redis: the replay refused on the other one too.
#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn single_use_holds_across_replicas_sharing_redis() {
    use mcp_elicit::page::redis::RedisStore;
    let redis = redis_server::Redis::start();
    let store = || async { Arc::new(RedisStore::connect(&redis.url).await.unwrap()) };
    let a = Server::new(store().await);
    the_exact_replay_is_refused(&a).await;

    let b = Server::new(store().await);
    let (on_a, on_b) = (session_of(&a).await, session_of(&b).await);
    let state = asked(&on_a, "delete_files", "*.csv").await;
    used_once(&on_b, &on_a, "*.csv", &state, 1).await;
    let (keys, _) = redis.everything();
    assert!(keys.contains("kept:once:"), "{keys}");
}
