//! [`Forms`]: a server served with every request that may ask (`tools/call`, `prompts/get`,
//! `resources/read`) seen whole, so that on 2026-07-28 a `#[prompt]` method gets its answers
//! and no handler's swallowed ask loses its form.

use std::borrow::Cow;

use ::rmcp::model::{ClientRequest, ErrorData, ProtocolVersion as RmcpVersion, ServerResult};
use ::rmcp::service::{NotificationContext, RequestContext, RoleServer, Service, ServiceRole};

use super::call::PromptRound;
use super::pending::Pending;

/// A server (any rmcp `ServerHandler`, or `Service`) served so that every form it asks reaches
/// the client:
///
/// - a `prompts/get` on 2026-07-28 brings its answers to the `#[prompt]` method (rmcp's
///   `#[prompt_handler]` leaves them out of the context it makes; without `Forms` an asking
///   prompt ends in an error saying so, rather than asking forever);
/// - a handler of `tools/call`, `prompts/get` or `resources/read` that asked a form on
///   2026-07-28 and swallowed the ask's error (an `Err(_) =>` arm, `.ok()`, `.unwrap_or(..)`)
///   returns the form anyway, whatever it returned instead: in the `ServerHandler` style too.
///
/// Every other request, every notification and the server's info pass through as they are.
///
/// ```no_run
/// use mcp_elicit::rmcp::Forms;
/// use rmcp::ServiceExt;
/// # #[derive(Clone)] struct Server;
/// # impl rmcp::ServerHandler for Server {}
///
/// # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
/// let running = Forms::new(Server).serve(rmcp::transport::stdio()).await?;
/// running.waiting().await?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, Default)]
pub struct Forms<S>(S);

impl<S> Forms<S> {
    /// `server`, served with its forms kept.
    pub fn new(server: S) -> Self {
        Forms(server)
    }

    /// The server.
    pub fn inner(&self) -> &S {
        &self.0
    }
}

impl<S: Service<RoleServer>> Service<RoleServer> for Forms<S> {
    async fn handle_request(
        &self,
        request: ClientRequest,
        mut context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        match &request {
            ClientRequest::GetPromptRequest(prompt) => {
                context.extensions.insert(PromptRound {
                    input_responses: prompt.params.input_responses.clone(),
                    request_state: prompt.params.request_state.clone(),
                });
            }
            ClientRequest::CallToolRequest(_) | ClientRequest::ReadResourceRequest(_) => {}
            _ => return self.0.handle_request(request, context).await,
        }
        let pending = Pending::default();
        context.extensions.insert(pending.clone());
        let result = self.0.handle_request(request, context).await;
        match (result, pending.take()) {
            (Ok(ServerResult::InputRequiredResult(returned)), _) => {
                Ok(ServerResult::InputRequiredResult(returned))
            }
            (_, Some(swallowed)) => Ok(ServerResult::InputRequiredResult(swallowed)),
            (result, None) => result,
        }
    }

    async fn handle_notification(
        &self,
        notification: <RoleServer as ServiceRole>::PeerNot,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.0.handle_notification(notification, context).await
    }

    fn get_info(&self) -> <RoleServer as ServiceRole>::Info {
        self.0.get_info()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [RmcpVersion]> {
        self.0.supported_protocol_versions()
    }
}
