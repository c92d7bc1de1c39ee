//! [`Caller`]: who makes a request, as the server's authorization found them, carried in the
//! request's extensions to whatever binds a round to its user.

use ::rmcp::service::{RequestContext, RoleServer};

/// The signed-in user of a request, as the server's authorization found them: a stable id, such
/// as the subject of the request's access token. On 2026-07-28 the `requestState` of a call is
/// bound to it (SEP-2322), so that a state sealed for one user is refused when another user, or a
/// request with no user, brings it back (the JSON-RPC error `-32602`); a call without a `Caller`
/// is bound to no user. An empty id is no user.
///
/// Insert the signed-in user of the request, as your authorization found them, e.g. in a tower
/// layer or before dispatch: into the extensions of the request's `RequestContext`, before the
/// handler asks ([`Asking::new`](super::Asking::new) reads it there). On rmcp's Streamable HTTP
/// service, what a tower layer puts in the HTTP request's extensions reaches the handler inside
/// the `http::request::Parts` that the service keeps in the context's extensions: copy the
/// `Caller` from there into the context's own extensions first.
///
/// ```no_run
/// use mcp_elicit::rmcp::{Caller, Handled, ask};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit)]
/// struct Confirm {
///     sure: bool,
/// }
///
/// async fn delete_account(
///     request: &CallToolRequestParams,
///     mut context: RequestContext<RoleServer>,
///     user: &str, // who the request's authorization says the caller is
/// ) -> Handled {
///     context.extensions.insert(Caller::new(user));
///     let Elicitation::Accepted(confirm) = ask::<Confirm>(&context, request).await? else {
///         return Ok(CallToolResult::success(vec![ContentBlock::text("kept")]));
///     };
///     let text = if confirm.sure { "deleted" } else { "kept" };
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller(String);

impl Caller {
    /// The user whose id is `id` (an empty one is no user).
    pub fn new(id: impl Into<String>) -> Self {
        Caller(id.into())
    }

    /// The user's id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The caller of the request `context` serves, if its extensions hold one that names a user.
pub(crate) fn of(context: &RequestContext<RoleServer>) -> Option<&str> {
    context
        .extensions
        .get::<Caller>()
        .map(Caller::as_str)
        .filter(|id| !id.is_empty())
}
