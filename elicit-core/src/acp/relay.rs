//! [`Relay`]: an MCP server's form, shown to the person in the editor over ACP.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use agent_client_protocol::Client;
use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{ClientCapabilities, ElicitationScope};
use serde_json::Value;

use super::{ElicitError, ElicitationRequest, supports_form, supports_url};
use crate::answer::{Elicitation, Outcome};
use crate::client::{FormToFill, FormUi, UrlToOpen};
use crate::request::{FormRequest, UrlRequest};
use crate::schema::Content;

/// For an agent that is also an MCP client: the [`FormUi`] that shows an MCP server's form to the
/// person in the editor, as an ACP `elicitation/create` scoped to the session and the tool call
/// that received it. Hand it to [`client::fill_form`](crate::client::fill_form) (or
/// `rmcp::answer_elicitation`), which reads the server's `requestedSchema` on every MCP version
/// (2025-06-18's `enumNames`, 2025-11-25's and 2026-07-28's full form fields; a 2026-07-28
/// `inputRequests` entry's `params` are read alike), checks the person's answer against that
/// original schema, and asks again over ACP while it breaks the rules (the problems named, the
/// valid values kept): what goes back to the MCP server is what the person left in the form, and
/// keeps every rule it set.
///
/// A failed ACP request (the client answered with an error, or its answer was malformed) ends
/// the form as `cancel` for the MCP server; [`Relay::take_error`] says why.
///
/// ```no_run
/// use agent_client_protocol::v1::schema::{ClientCapabilities, ElicitationSessionScope};
/// use agent_client_protocol::{Client, v1::ConnectionTo};
/// use mcp_elicit::acp::Relay;
/// use mcp_elicit::client::{NotFilled, fill_form};
/// use serde_json::{Value, json};
///
/// /// An MCP server's `elicitation/create` params, received during the tool call `call-3`: the
/// /// ElicitResult to send back.
/// async fn relay(
///     cx: &ConnectionTo<Client>,
///     client: &ClientCapabilities,
///     params: &Value,
/// ) -> Value {
///     let scope = ElicitationSessionScope::new("session-1").tool_call_id("call-3");
///     let relay = Relay::new(cx, client, scope);
///     let message = params["message"].as_str().unwrap_or_default();
///     match fill_form(&relay, message, &params["requestedSchema"]).await {
///         Ok(answer) => match answer.accepted() {
///             Some(content) => json!({"action": "accept", "content": content}),
///             None => json!({"action": "cancel"}),
///         },
///         // The answers kept breaking the form's rules: not the person's choice, but a cancel.
///         Err(NotFilled::GaveUp(_)) => json!({"action": "cancel"}),
///         // Not a form the specification allows: tell the MCP server (a JSON-RPC error).
///         Err(refused) => json!({"error": refused.to_string()}),
///     }
/// }
/// ```
pub struct Relay<'a> {
    cx: &'a ConnectionTo<Client>,
    client: &'a ClientCapabilities,
    scope: ElicitationScope,
    error: Mutex<Option<ElicitError>>,
    /// How many URL-mode requests it has sent: each gets its own `elicitationId`.
    urls: AtomicU64,
}

impl<'a> Relay<'a> {
    /// Shows forms to the person behind `cx` (whose capabilities are `client`), scoped to
    /// `scope`: the session, and the tool call during which the MCP server asked.
    pub fn new(
        cx: &'a ConnectionTo<Client>,
        client: &'a ClientCapabilities,
        scope: impl Into<ElicitationScope>,
    ) -> Self {
        Relay {
            cx,
            client,
            scope: scope.into(),
            error: Mutex::new(None),
            urls: AtomicU64::new(0),
        }
    }

    /// Why the last form ended as `cancel` without the person choosing it, if it did: the ACP
    /// client cannot show it, answered with an error, or answered malformed.
    pub fn take_error(&self) -> Option<ElicitError> {
        self.error.lock().ok().and_then(|mut error| error.take())
    }

    /// Sends `request` and reads the answer's envelope; a failure is kept and ends as `cancel`.
    async fn send(&self, request: ElicitationRequest) -> Elicitation<Content> {
        let answer = match self.cx.send_request(request).block_task().await {
            Ok(response) => read(&response),
            Err(error) => Err(ElicitError::Request(error)),
        };
        answer.unwrap_or_else(|error| self.refuse(error))
    }

    /// Keeps `error` for [`Relay::take_error`], and ends the form as `cancel`.
    fn refuse(&self, error: ElicitError) -> Elicitation<Content> {
        if let Ok(mut kept) = self.error.lock() {
            *kept = Some(error);
        }
        Elicitation::Cancelled
    }
}

/// The person's answer, its content as they gave it (`fill_form` judges it against the form).
fn read(response: &Value) -> Result<Elicitation<Content>, ElicitError> {
    let outcome = Outcome::of_result(response).map_err(|error| ElicitError::Malformed {
        reason: error.to_string(),
    })?;
    Ok(outcome.answer(|content| content.cloned().unwrap_or_default()))
}

impl FormUi for Relay<'_> {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        if !supports_form(self.client) {
            return self.refuse(ElicitError::NotSupported);
        }
        let first = FormRequest::new(form.message, form.schema);
        let request = match form.problems {
            // Asked again: the problems named under the message, the valid values kept.
            Some(problems) => first.retry(form.values, problems),
            None => first,
        };
        match ElicitationRequest::form(&request, &self.scope, None) {
            Ok(request) => self.send(request).await,
            Err(error) => self.refuse(ElicitError::Unrepresentable(error)),
        }
    }

    async fn open_url(&self, page: UrlToOpen<'_>) -> Elicitation<Content> {
        if !supports_url(self.client) {
            return self.refuse(ElicitError::UrlNotSupported);
        }
        // The MCP request's own id where it has one (2025-11-25), so that the editor's
        // completion matches the server's; otherwise one of the relay's own.
        let id = match page.elicitation_id {
            Some(id) => id.to_owned(),
            None => format!("relay-{}", self.urls.fetch_add(1, Ordering::Relaxed) + 1),
        };
        let request = UrlRequest::new(page.message, page.url, id);
        self.send(ElicitationRequest::url(&request, &self.scope, None))
            .await
    }

    fn opens_urls(&self) -> bool {
        supports_url(self.client)
    }
}
