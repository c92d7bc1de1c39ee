//! The Agent Client Protocol (ACP), on its official Rust crate (`agent-client-protocol`): a
//! derived form asked of the person in the editor with `elicitation/create`, its answer read into
//! the same typed [`Elicitation`] as on MCP, every rule checked, an invalid answer asked again.
//!
//! ACP's form mode is MCP's form (2026-07-28's model) scoped to a session (optionally a tool call)
//! or to a request outside a session. What differs, this module handles:
//!
//! - **Capabilities.** A client supports form mode only if `clientCapabilities.elicitation.form`
//!   is present: `{"elicitation": {}}` advertises *no* mode, unlike MCP ([`supports_form`]). No
//!   form is sent to a client that cannot show it: [`ask`] returns [`ElicitError::NotSupported`]
//!   for the agent to fall back from.
//! - **Asking again.** ACP has no input-required rounds: an answer that breaks the form's rules is
//!   asked again with a new request, its problems named under the message and the valid values
//!   prefilled, as `rmcp::ask` does before 2026-07-28 (the same
//!   [`rounds::FormItem`](crate::rounds::FormItem) judges both).
//! - **Order.** The ACP crate's own schema types keep properties in a `BTreeMap`, which would
//!   sort the form alphabetically; [`ElicitationRequest`] writes the request itself, properties in
//!   declaration order.
//! - **What ACP adds.** The form's own title and description (`#[elicit(title, description)]` on
//!   the struct, or its doc comment) and each option's description (a variant's doc comment) are
//!   written here, and never on MCP.
//! - **Relaying.** An agent that is also an MCP client shows an MCP server's form to the person
//!   in the editor with [`Relay`], checking the answer against the server's own schema.
//! - **`pattern`.** A text field's `#[elicit(pattern = "..")]` (feature `pattern`, which `acp`
//!   turns on) is written in ACP's forms, and every answer is checked against it here.
//!
//! ```no_run
//! use agent_client_protocol::v1::schema::{ClientCapabilities, ElicitationSessionScope};
//! use agent_client_protocol::{Client, v1::ConnectionTo};
//! use mcp_elicit::{Elicit, Elicitation, acp};
//!
//! #[derive(Elicit, Debug)]
//! #[elicit(message = "Before I start: where should this deploy go?")]
//! struct Target {
//!     #[elicit(min_length = 1)]
//!     environment: String,
//!     dry_run: bool,
//! }
//!
//! async fn deploy(
//!     cx: &ConnectionTo<Client>,
//!     client: &ClientCapabilities,
//!     session_id: String,
//! ) -> Result<String, acp::ElicitError> {
//!     let scope = ElicitationSessionScope::new(session_id);
//!     Ok(match acp::ask::<Target>(cx, client, scope).await? {
//!         Elicitation::Accepted(target) => format!("Deploying to {}", target.environment),
//!         Elicitation::Declined | Elicitation::Cancelled => "Not deploying.".to_owned(),
//!     })
//! }
//! ```

use std::fmt;

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    ClientCapabilities, CompleteElicitationNotification, ElicitationScope,
};
use agent_client_protocol::{Client, JsonRpcMessage, JsonRpcRequest, UntypedMessage};
use serde_json::{Map, Value};

use crate::answer::{Elicitation, Outcome};
use crate::choices::ChoicesError;
use crate::error::ContentError;
use crate::form::Elicit;
use crate::request::{FormRequest, UrlRequest};
use crate::rounds::{Ask, RoundError, ask_until_settled, still_invalid};
use crate::version::Unrepresentable;

/// The method of an ACP elicitation request.
pub const ELICITATION_CREATE: &str = "elicitation/create";

/// Whether the client can be sent a form: `clientCapabilities.elicitation.form` is present (ACP
/// reads `{"elicitation": {}}` as advertising no mode).
pub fn supports_form(capabilities: &ClientCapabilities) -> bool {
    capabilities
        .elicitation
        .as_ref()
        .is_some_and(|elicitation| elicitation.form.is_some())
}

/// Whether the client can be sent a URL-mode elicitation: `clientCapabilities.elicitation.url` is
/// present.
pub fn supports_url(capabilities: &ClientCapabilities) -> bool {
    capabilities
        .elicitation
        .as_ref()
        .is_some_and(|elicitation| elicitation.url.is_some())
}

/// An `elicitation/create` request, as this crate writes it: the scope, the `mode`, and for a
/// form the message and the `requestedSchema` with its properties in declaration order (for a
/// URL the `elicitationId`, the `url` and the message), and `_meta` if any. Sent with the ACP
/// crate's `send_request`; its response is the client's answer as JSON, read with
/// [`Elicitation::from_result`] (or by [`ask`] and [`ask_url`], which do all of this).
///
/// ```
/// use agent_client_protocol::v1::schema::ElicitationSessionScope;
/// use mcp_elicit::{Elicit, acp::ElicitationRequest};
/// use serde_json::json;
///
/// #[derive(Elicit)]
/// #[elicit(message = "Your name, please")]
/// struct Name {
///     last: String,
///     first: String,
/// }
///
/// let request = ElicitationRequest::of::<Name>(ElicitationSessionScope::new("sess-1")).unwrap();
/// assert_eq!(
///     serde_json::to_string(request.params()).unwrap(),
///     json!({
///         "sessionId": "sess-1",
///         "mode": "form",
///         "message": "Your name, please",
///         "requestedSchema": {
///             "type": "object",
///             "properties": {"last": {"type": "string"}, "first": {"type": "string"}},
///             "required": ["last", "first"]
///         }
///     })
///     .to_string()
/// );
/// ```
#[derive(Clone, Debug)]
pub struct ElicitationRequest {
    params: Value,
}

impl ElicitationRequest {
    /// `T`'s form under `T::message()`, scoped to `scope`.
    ///
    /// # Errors
    ///
    /// [`ElicitError::Unrepresentable`] when `T` has a runtime select (ask it with
    /// [`ask_with`] and [`Ask::choices`]).
    pub fn of<T: Elicit>(scope: impl Into<ElicitationScope>) -> Result<Self, ElicitError> {
        ElicitationRequest::form(&FormRequest::of::<T>(), &scope.into(), None)
            .map_err(ElicitError::Unrepresentable)
    }

    /// Any form request (one with runtime options filled in, or one asking again after an
    /// invalid answer: [`FormRequest::retry`]), scoped to `scope`, with `meta` as its `_meta`.
    ///
    /// # Errors
    ///
    /// [`Unrepresentable::NoOptions`] for a runtime select without options.
    pub fn form(
        request: &FormRequest<'_>,
        scope: &ElicitationScope,
        meta: Option<&Map<String, Value>>,
    ) -> Result<Self, Unrepresentable> {
        let schema = request.schema().for_acp()?;
        let mut params = scoped(scope, "form");
        params.insert("message".into(), Value::from(request.message()));
        params.insert(
            "requestedSchema".into(),
            serde_json::to_value(schema).unwrap_or_default(),
        );
        Ok(ElicitationRequest::with_meta(params, meta))
    }

    /// A URL-mode request: the client shows `request`'s message and, with the person's consent,
    /// opens its page (how to ask for what a form must not: passwords, API keys, payment
    /// details), scoped to `scope`, with `meta` as its `_meta`.
    pub fn url(
        request: &UrlRequest<'_>,
        scope: &ElicitationScope,
        meta: Option<&Map<String, Value>>,
    ) -> Self {
        let mut params = scoped(scope, "url");
        params.insert(
            "elicitationId".into(),
            Value::from(request.elicitation_id()),
        );
        params.insert("url".into(), Value::from(request.url()));
        params.insert("message".into(), Value::from(request.message()));
        ElicitationRequest::with_meta(params, meta)
    }

    fn with_meta(mut params: Map<String, Value>, meta: Option<&Map<String, Value>>) -> Self {
        if let Some(meta) = meta {
            params.insert("_meta".into(), Value::Object(meta.clone()));
        }
        ElicitationRequest {
            params: Value::Object(params),
        }
    }

    /// The request's `params`, as sent.
    pub fn params(&self) -> &Value {
        &self.params
    }
}

/// The params' first keys: the scope's (`sessionId`, `toolCallId`; or `requestId`), then `mode`.
fn scoped(scope: &ElicitationScope, mode: &str) -> Map<String, Value> {
    let mut params = match serde_json::to_value(scope) {
        Ok(Value::Object(scope)) => scope,
        // The crate's scopes are structs of ids: always an object.
        _ => Map::new(),
    };
    params.insert("mode".into(), Value::from(mode));
    params
}

impl JsonRpcMessage for ElicitationRequest {
    fn matches_method(method: &str) -> bool {
        method == ELICITATION_CREATE
    }

    fn method(&self) -> &str {
        ELICITATION_CREATE
    }

    fn to_untyped_message(&self) -> Result<UntypedMessage, agent_client_protocol::Error> {
        Ok(UntypedMessage {
            method: ELICITATION_CREATE.to_owned(),
            params: self.params.clone(),
        })
    }

    fn parse_message(method: &str, params: &Value) -> Result<Self, agent_client_protocol::Error> {
        if method != ELICITATION_CREATE {
            return Err(agent_client_protocol::Error::method_not_found());
        }
        Ok(ElicitationRequest {
            params: params.clone(),
        })
    }
}

/// The response is read as JSON, untrusted, by this crate's reader.
impl JsonRpcRequest for ElicitationRequest {
    type Response = Value;
}

/// Asks the person for `T`'s form (under `T::message()`, up to
/// [`DEFAULT_ROUNDS`](crate::rounds::DEFAULT_ROUNDS) times): see [`ask_with`].
///
/// # Errors
///
/// As [`ask_with`].
pub async fn ask<T: Elicit + Send + 'static>(
    cx: &ConnectionTo<Client>,
    client: &ClientCapabilities,
    scope: impl Into<ElicitationScope>,
) -> Result<Elicitation<T>, ElicitError> {
    const { crate::form::sendable::<T>() };
    ask_with(cx, client, scope, Ask::<T>::checked_by_caller()).await
}

/// Asks the person for a form as `asking` says (its message, rounds, runtime options, `_meta`),
/// scoped to `scope`: sends `elicitation/create`, reads the answer with every rule checked, and
/// while an answer breaks the rules asks again with a new request naming the problems and
/// prefilling the valid values. Declining and cancelling are values.
///
/// Call it from a task outside the ACP crate's dispatch loop (a `cx.spawn`ed task, say): it
/// waits for the client's response, which the loop delivers.
///
/// # Errors
///
/// [`ElicitError::NotSupported`] if the client did not advertise form elicitation (nothing is
/// sent); [`ElicitError::StillInvalid`] when the last allowed answer still breaks the rules;
/// [`ElicitError::Malformed`] for a response that is no elicitation answer;
/// [`ElicitError::Request`] when the request failed (the client answered with an error, or the
/// connection closed); [`ElicitError::Choices`] or [`ElicitError::Unrepresentable`] for runtime
/// options that cannot be sent.
pub async fn ask_with<T: Elicit + Send + 'static>(
    cx: &ConnectionTo<Client>,
    client: &ClientCapabilities,
    scope: impl Into<ElicitationScope>,
    asking: Ask<T>,
) -> Result<Elicitation<T>, ElicitError> {
    if !supports_form(client) {
        return Err(ElicitError::NotSupported);
    }
    let scope = scope.into();
    let mut item = asking.item().map_err(ElicitError::from)?;
    ask_until_settled(
        &mut item,
        |item, retry| {
            ElicitationRequest::form(&item.form_request(retry), &scope, item.meta())
                .map_err(ElicitError::Unrepresentable)
        },
        |request| async move {
            cx.send_request(request)
                .block_task()
                .await
                .map_err(ElicitError::Request)
        },
    )
    .await?;
    // A judged answer that settles the form is kept: `take` has it.
    item.take().ok_or_else(|| ElicitError::Malformed {
        reason: "no answer".to_owned(),
    })
}

/// Asks the person to open a page (URL mode), scoped to `scope`: gives what they did,
/// `Accepted(())` (they agreed to open it; what they do there reaches the agent by its own way),
/// `Declined` or `Cancelled`. Once the interaction behind the page is done, [`url_completed`]
/// tells the client.
///
/// # Errors
///
/// [`ElicitError::UrlNotSupported`] if the client did not advertise URL elicitation
/// (`clientCapabilities.elicitation.url`; nothing is sent); [`ElicitError::Malformed`] for a
/// response that is no elicitation answer; [`ElicitError::Request`] when the request failed.
pub async fn ask_url(
    cx: &ConnectionTo<Client>,
    client: &ClientCapabilities,
    scope: impl Into<ElicitationScope>,
    request: &UrlRequest<'_>,
) -> Result<Elicitation<()>, ElicitError> {
    if !supports_url(client) {
        return Err(ElicitError::UrlNotSupported);
    }
    let request = ElicitationRequest::url(request, &scope.into(), None);
    let response = cx
        .send_request(request)
        .block_task()
        .await
        .map_err(ElicitError::Request)?;
    let outcome = Outcome::of_result(&response).map_err(|error| ElicitError::Malformed {
        reason: error.to_string(),
    })?;
    Ok(outcome.answer(|_| ()))
}

/// Tells the client that the interaction behind the URL elicitation `elicitation_id` is done
/// (the `elicitation/complete` notification).
///
/// # Errors
///
/// [`ElicitError::Request`] when the notification cannot be sent.
pub fn url_completed(cx: &ConnectionTo<Client>, elicitation_id: &str) -> Result<(), ElicitError> {
    cx.send_notification(CompleteElicitationNotification::new(
        elicitation_id.to_owned(),
    ))
    .map_err(ElicitError::Request)
}

/// Why [`ask`] or [`ask_url`] has no answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not advertise form elicitation (`clientCapabilities.elicitation.form`):
    /// nothing was sent. Fall back (say so in the agent's message, or use defaults).
    NotSupported,
    /// The client did not advertise URL elicitation (`clientCapabilities.elicitation.url`):
    /// nothing was sent.
    UrlNotSupported,
    /// The response is no elicitation answer (no known `action`, `content` not an object, ...).
    Malformed {
        /// What is wrong.
        reason: String,
    },
    /// The form was asked as many times as allowed, and the last answer still broke its rules.
    StillInvalid {
        /// What the form is called: its title (`#[elicit(title = "..")]` on the struct) or else
        /// its message, unless that is the default one.
        form: Option<String>,
        /// How many times it was asked.
        rounds: u8,
        /// What is wrong with the last answer.
        problems: ContentError,
    },
    /// The options supplied for a runtime select cannot be sent.
    Choices(ChoicesError),
    /// The form cannot be written (a runtime select without options).
    Unrepresentable(Unrepresentable),
    /// The request failed: the client answered with an error, or the connection closed.
    Request(agent_client_protocol::Error),
}

impl From<RoundError> for ElicitError {
    fn from(error: RoundError) -> Self {
        match error {
            RoundError::StillInvalid {
                form,
                rounds,
                problems,
                ..
            } => ElicitError::StillInvalid {
                form,
                rounds,
                problems,
            },
            RoundError::Choices(error) => ElicitError::Choices(error),
            RoundError::Unrepresentable(error) => ElicitError::Unrepresentable(error),
            RoundError::Responses { reason, .. } => ElicitError::Malformed { reason },
            // A single form in its own requests: no state, no keys, no other capability.
            other => ElicitError::Malformed {
                reason: other.to_string(),
            },
        }
    }
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::NotSupported => f.write_str(
                "the client did not advertise form elicitation (`clientCapabilities.elicitation.form`): no form was sent",
            ),
            ElicitError::UrlNotSupported => f.write_str(
                "the client did not advertise URL elicitation (`clientCapabilities.elicitation.url`): no request was sent",
            ),
            ElicitError::Malformed { reason } => {
                write!(f, "the client's answer to `{ELICITATION_CREATE}` is malformed: {reason}")
            }
            ElicitError::StillInvalid {
                form,
                rounds,
                problems,
            } => still_invalid(f, form.as_deref(), *rounds, problems),
            ElicitError::Choices(error) => fmt::Display::fmt(error, f),
            ElicitError::Unrepresentable(error) => fmt::Display::fmt(error, f),
            ElicitError::Request(error) => write!(f, "`{ELICITATION_CREATE}` failed: {error}"),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Choices(error) => Some(error),
            ElicitError::Unrepresentable(error) => Some(error),
            ElicitError::Request(error) => Some(error),
            _ => None,
        }
    }
}

mod relay;

pub use relay::Relay;

#[cfg(test)]
mod tests;
