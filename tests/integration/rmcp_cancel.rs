//! A form asked on 2025-11-25 from an rmcp handler, whose call is cancelled while the client
//! shows the form and never answers: the handler's ask ends at once as `Cancelled` (nothing holds
//! it until the session dies), and the client is told the form's request is over.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcp_elicit::rmcp::{Handled, Respond, ask};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ClientRequest, ContentBlock, ElicitRequestParams, ElicitResult, ErrorData, Implementation,
    ProtocolVersion, Request, ServerCapabilities, ServerConfig,
};
use rmcp::service::{PeerRequestOptions, RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler};

#[path = "support/scripted_client.rs"]
mod scripted_client;

#[derive(Elicit)]
#[elicit(message = "Your name?")]
struct Name {
    name: String,
}

/// Asks for a name, and keeps what its ask came to.
#[derive(Clone, Default)]
struct Server {
    ended: Arc<Mutex<Vec<String>>>,
}

impl Server {
    async fn greet(&self, req: &CallToolRequestParams, cx: &RequestContext<RoleServer>) -> Handled {
        let outcome = ask::<Name>(cx, req).await;
        let said = match &outcome {
            Ok(elicitation) => elicitation.action().to_owned(),
            Err(_) => "stopped".to_owned(),
        };
        self.ended.lock().unwrap().push(said);
        let text = match outcome? {
            Elicitation::Accepted(name) => name.name,
            other => other.action().to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.greet(&request, &context).await.respond()
    }
}

/// A client that shows the form and never answers it; it notes when its request was cancelled.
#[derive(Clone, Default)]
struct Away {
    shown: Arc<Mutex<u32>>,
    told: Arc<Mutex<bool>>,
}

impl ClientHandler for Away {
    fn get_info(&self) -> ClientConfig {
        let capabilities = ClientCapabilities::builder().enable_elicitation().build();
        ClientConfig::new(capabilities, Implementation::new("away", "0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        *self.shown.lock().unwrap() += 1;
        context.ct.cancelled().await;
        *self.told.lock().unwrap() = true;
        Err(ErrorData::internal_error("cancelled", None))
    }
}

/// Polls `done` every 10 ms for up to 3 s.
async fn within_3_s(done: impl Fn() -> bool) -> bool {
    for _ in 0..300 {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

#[tokio::test]
async fn a_call_cancelled_while_its_form_is_shown_ends_its_ask_at_once() {
    let server = Server::default();
    let away = Away::default();
    let client =
        scripted_client::start(server.clone(), away.clone(), ProtocolVersion::V_2025_11_25).await;
    let call = ClientRequest::CallToolRequest(Request::new(CallToolRequestParams::new("greet")));
    let handle = client
        .peer()
        .send_request_with_option(call, PeerRequestOptions::no_options())
        .await
        .unwrap();
    assert!(
        within_3_s(|| *away.shown.lock().unwrap() == 1).await,
        "the form is shown"
    );
    assert!(server.ended.lock().unwrap().is_empty(), "the ask waits");
    handle.cancel(Some("the person left".into())).await.unwrap();
    // The ask ends as a cancel, the form asked once, and the client's form request is over too.
    assert!(
        within_3_s(|| !server.ended.lock().unwrap().is_empty()).await,
        "the ask ends"
    );
    assert_eq!(*server.ended.lock().unwrap(), ["cancel"]);
    assert!(
        within_3_s(|| *away.told.lock().unwrap()).await,
        "the client is told"
    );
    assert_eq!(*away.shown.lock().unwrap(), 1);
    let _ = client.cancel().await;
}
