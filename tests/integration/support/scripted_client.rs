//! An rmcp client of a chosen protocol version, with or without form elicitation, that answers
//! each form with the next of a script and records every form it is shown; connected in process
//! to a server over a pipe.
// Each test file uses what it needs of it.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    CustomNotification, ElicitRequestParams, ElicitResult, ErrorData, Implementation,
    InputRequiredResult, ProtocolVersion,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, NotificationContext, RequestContext, RoleClient,
};
use rmcp::service::{RoleServer, RunningService, Service};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::Value;

#[derive(Clone)]
pub struct Client {
    version: ProtocolVersion,
    capabilities: ClientCapabilities,
    answers: Arc<Mutex<VecDeque<ElicitResult>>>,
    seen: Arc<Mutex<Vec<Value>>>,
}

impl ClientHandler for Client {
    /// Recorded beside the forms, as `{"notification": method, "params": ..}`.
    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        self.seen.lock().unwrap().push(
            serde_json::json!({"notification": notification.method, "params": notification.params}),
        );
    }

    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(self.capabilities.clone(), Implementation::new("test", "0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.seen
            .lock()
            .unwrap()
            .push(serde_json::to_value(&request).unwrap());
        let next = self.answers.lock().unwrap().pop_front();
        next.ok_or_else(|| ErrorData::internal_error("no answer left", None))
    }
}

/// A client connected to `server`, and the forms it has been shown so far.
pub struct Session {
    pub client: RunningService<RoleClient, Client>,
    seen: Arc<Mutex<Vec<Value>>>,
    /// A call started with [`Session::start_call`], running.
    pending: Mutex<Option<tokio::task::JoinHandle<CallToolResult>>>,
}

impl Session {
    /// The params of every `elicitation/create` the client was shown, and every custom
    /// notification it received, in order.
    pub fn seen(&self) -> Vec<Value> {
        self.seen.lock().unwrap().clone()
    }

    /// Calls `tool` once (the client drives any 2026-07-28 rounds), then disconnects: the
    /// tool's text, whether it is an error, and the forms the client was shown.
    pub async fn call(self, tool: &'static str) -> (String, bool, Vec<Value>) {
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(tool))
            .await
            .expect("the tool answers");
        self.finish(result).await
    }

    /// The `InputRequiredResult` a first call with `params` ends in, on 2026-07-28 (the client
    /// drives no rounds: the test retries as it likes).
    pub async fn input_required(&self, params: CallToolRequestParams) -> InputRequiredResult {
        match self.client.call_tool_once(params).await {
            Ok(CallToolResponse::InputRequired(form)) => form,
            other => panic!("the round's requests, not {other:?}"),
        }
    }

    /// Starts calling `tool`, for the test to act while the call runs; [`Session::call_pending`]
    /// ends it.
    pub fn start_call(&self, tool: &'static str) {
        let peer = self.client.peer().clone();
        let call = tokio::spawn(async move {
            let request = CallToolRequestParams::new(tool);
            peer.call_tool(request).await.expect("the tool answers")
        });
        *self.pending.lock().unwrap() = Some(call);
    }

    /// The end of the call [`Session::start_call`] started, as [`Session::call`] gives it.
    pub async fn call_pending(self) -> (String, bool, Vec<Value>) {
        let call = self
            .pending
            .lock()
            .unwrap()
            .take()
            .expect("a call was started");
        let result = call.await.expect("the call ran");
        self.finish(result).await
    }

    async fn finish(self, result: CallToolResult) -> (String, bool, Vec<Value>) {
        let text = result
            .content
            .first()
            .and_then(|c| c.as_text())
            .map(|t| t.text.clone())
            .unwrap_or_default();
        let seen = self.seen();
        let _ = self.client.cancel().await;
        (text, result.is_error == Some(true), seen)
    }
}

/// Starts `server` and connects a client of `version` (declaring form elicitation or not) that
/// answers with `answers`, in turn.
pub async fn connect<S: Service<RoleServer> + Send + 'static>(
    server: S,
    version: ProtocolVersion,
    elicitation: bool,
    answers: Vec<ElicitResult>,
) -> Session {
    let capabilities = if elicitation {
        ClientCapabilities::builder().enable_elicitation().build()
    } else {
        ClientCapabilities::default()
    };
    connect_with(server, version, capabilities, answers).await
}

/// [`connect`], with the client declaring `capabilities`.
pub async fn connect_with<S: Service<RoleServer> + Send + 'static>(
    server: S,
    version: ProtocolVersion,
    capabilities: ClientCapabilities,
    answers: Vec<ElicitResult>,
) -> Session {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        version: version.clone(),
        capabilities,
        answers: Arc::new(Mutex::new(answers.into())),
        seen: seen.clone(),
    };
    let client = start(server, client, version).await;
    Session {
        client,
        seen,
        pending: Mutex::new(None),
    }
}

/// Starts `server` and connects `client` to it over a pipe, speaking `version` (2026-07-28 and
/// later without the initialize handshake).
pub async fn start<S, C>(
    server: S,
    client: C,
    version: ProtocolVersion,
) -> RunningService<RoleClient, C>
where
    S: Service<RoleServer> + Send + 'static,
    C: ClientHandler + Send + 'static,
{
    let (server_side, client_side) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        if let Ok(server) = server.serve(server_side).await {
            let _ = server.waiting().await;
        }
    });
    if version >= ProtocolVersion::V_2026_07_28 {
        let lifecycle = ClientLifecycleMode::Discover {
            preferred_versions: vec![version],
        };
        client.serve_with_lifecycle(client_side, lifecycle).await
    } else {
        client.serve(client_side).await
    }
    .expect("the client connects")
}
