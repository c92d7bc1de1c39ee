//! The official Rust SDK, [`rmcp`](https://docs.rs/rmcp) (feature `rmcp`): typed forms on a real
//! server, on every protocol version.
//!
//! - [`ask`] (and [`Ask`], to set its message, rounds and key): one call from a tool, the same on
//!   every protocol version, that asks again while the answer breaks the form's rules, with the
//!   problems named and the valid values filled in. Start here.
//! - [`AskUrl`]: URL mode through the same call, with [`url_completed`] for the completion
//!   notification of 2025-11-25.
//! - [`ElicitForm::elicit_form`] on a server peer (or a request context) asks the client to fill
//!   in `T`'s form and parses the answer with every constraint checked. It checks the client's
//!   elicitation capability and protocol version first, sends the schema as that version can say
//!   it, with the properties in declaration order on the wire, and gives decline and cancel as
//!   values, not errors.
//! - Protocol 2026-07-28 forbids server-to-client requests: a tool that needs a form returns an
//!   [`InputRequiredResult`] made by [`input_required`], and reads the answer from the retried
//!   call's `inputResponses` with [`from_input_responses`].
//! - [`elicitation_schema`] converts a schema into rmcp's model, order kept.
//! - For clients, [`answer_elicitation`] is the whole of `ClientHandler::create_elicitation`: a
//!   server's form shown through a [`FormUi`](crate::client::FormUi), checked, its defaults
//!   filled in.
//!
//! ```no_run
//! use mcp_elicit::rmcp::ElicitForm;
//! use mcp_elicit::{Elicit, Elicitation};
//! use rmcp::service::{RequestContext, RoleServer};
//!
//! #[derive(Elicit)]
//! struct Confirm {
//!     #[elicit(default = false)]
//!     delete_backups: bool,
//! }
//!
//! async fn wipe(context: RequestContext<RoleServer>) -> String {
//!     match context.elicit_form::<Confirm>("Really wipe the project?").await {
//!         Ok(Elicitation::Accepted(confirm)) => format!("wiped; backups too: {}", confirm.delete_backups),
//!         Ok(Elicitation::Declined | Elicitation::Cancelled) => "kept everything".into(),
//!         Err(err) => format!("could not ask: {err}"),
//!     }
//! }
//! ```

use std::fmt;
use std::future::Future;

use ::rmcp::model::{
    CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock, ElicitRequest,
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema, InputRequest,
    InputRequests, InputRequiredResult, InputResponses, ProtocolVersion as RmcpVersion,
};
use ::rmcp::service::{ElicitationMode, Peer, RequestContext, RoleServer, ServiceError};

use crate::answer::Elicitation;
use crate::error::{ContentError, ElicitResultError};
use crate::form::Elicit;
use crate::request::FormRequest;
use crate::schema::RequestedSchema;
use crate::version::{ProtocolVersion, Unrepresentable};

mod ask;
mod client;
mod state;
mod url;

pub use ask::{Ask, AskAll, DEFAULT_KEY, DEFAULT_ROUNDS, ask};
pub use client::answer_elicitation;
pub use url::{AskUrl, url_completed};

/// `schema` in rmcp's model, as `version` says it, with the properties in declaration order
/// (rmcp keeps the order it reads, and writes it back).
pub fn elicitation_schema(
    schema: &RequestedSchema,
    version: ProtocolVersion,
) -> Result<ElicitationSchema, ElicitError> {
    let value = schema.to_value_for(version)?;
    serde_json::from_value(value).map_err(ElicitError::Model)
}

/// Asking the client to fill in a form, from a server: implemented for rmcp's server [`Peer`] and
/// for the [`RequestContext`] of a request (which knows the request's protocol version and client
/// capabilities even on 2026-07-28, where they travel with each request).
pub trait ElicitForm {
    /// Sends `T`'s form under `message` (`T::message()` is the form's own), and reads the answer:
    /// `Accepted` with the values (every constraint checked), `Declined` or `Cancelled`.
    ///
    /// Fails before sending anything if the client declared no form elicitation, if its protocol
    /// version has no elicitation, if the version cannot say the form (a multi-select on
    /// 2025-06-18), or on 2026-07-28, where a server may not send requests (use
    /// [`input_required`] there).
    fn elicit_form<T: Elicit + Send + 'static>(
        &self,
        message: impl Into<String> + Send,
    ) -> impl Future<Output = Result<Elicitation<T>, ElicitError>> + Send;
}

impl ElicitForm for Peer<RoleServer> {
    fn elicit_form<T: Elicit + Send + 'static>(
        &self,
        message: impl Into<String> + Send,
    ) -> impl Future<Output = Result<Elicitation<T>, ElicitError>> + Send {
        // A peer knows its version and capabilities from the `initialize` handshake; a session
        // without one is a 2026-07-28 session, whose requests carry them instead.
        let info = self.peer_info();
        let version = info.as_ref().map(|i| i.protocol_version.clone());
        let form = self
            .supported_elicitation_modes()
            .contains(&ElicitationMode::Form);
        let message = message.into();
        async move {
            let version = match version {
                Some(version) => form_version(&version)?,
                None => {
                    return Err(ElicitError::UseInputRequired {
                        version: RmcpVersion::V_2026_07_28.to_string(),
                    });
                }
            };
            send_once::<T>(self, version, form, message).await
        }
    }
}

impl ElicitForm for RequestContext<RoleServer> {
    fn elicit_form<T: Elicit + Send + 'static>(
        &self,
        message: impl Into<String> + Send,
    ) -> impl Future<Output = Result<Elicitation<T>, ElicitError>> + Send {
        let version = self.protocol_version();
        let form = self
            .client_capabilities()
            .is_some_and(|c| supports_form(&c));
        let message = message.into();
        async move {
            let Some(version) = version else {
                return Err(ElicitError::NotSupported);
            };
            let version = form_version(&version)?;
            send_once::<T>(&self.peer, version, form, message).await
        }
    }
}

/// Whether the capabilities declare form elicitation (an `elicitation` without modes means form,
/// as 2025-06-18 clients declare it).
fn supports_form(capabilities: &ClientCapabilities) -> bool {
    capabilities
        .elicitation
        .as_ref()
        .is_some_and(|e| e.form.is_some() || e.url.is_none())
}

/// [`ElicitForm::elicit_form`]: `T`'s form, asked once.
async fn send_once<T: Elicit>(
    peer: &Peer<RoleServer>,
    version: ProtocolVersion,
    form: bool,
    message: String,
) -> Result<Elicitation<T>, ElicitError> {
    if !form {
        return Err(ElicitError::NotSupported);
    }
    let request = FormRequest::new(message, T::requested_schema());
    let result = send(peer, &request, version).await?;
    answer(&result).map_err(ElicitError::Answer)
}

/// How a server asks a client of a protocol version for input.
pub(crate) enum Flow {
    /// With a request (`elicitation/create`), on this version: 2025-06-18 and 2025-11-25.
    Requests(ProtocolVersion),
    /// In an `InputRequiredResult` the tool returns, the answer in the retried call: 2026-07-28
    /// and later.
    InputRequired,
}

/// The flow of `version`, or the error for a version without elicitation.
pub(crate) fn flow(version: &RmcpVersion) -> Result<Flow, ElicitError> {
    match version.as_str().parse::<ProtocolVersion>() {
        Ok(ProtocolVersion::V2026_07_28) => Ok(Flow::InputRequired),
        Ok(version) => Ok(Flow::Requests(version)),
        Err(_) if *version > RmcpVersion::V_2026_07_28 => Ok(Flow::InputRequired),
        Err(_) => Err(ElicitError::VersionWithoutElicitation {
            version: version.to_string(),
        }),
    }
}

/// The version a form may be sent in as a request, or why it may not.
fn form_version(version: &RmcpVersion) -> Result<ProtocolVersion, ElicitError> {
    match flow(version)? {
        Flow::Requests(version) => Ok(version),
        Flow::InputRequired => Err(ElicitError::UseInputRequired {
            version: version.to_string(),
        }),
    }
}

/// One form's one request, sent to the client: its answer.
async fn send(
    peer: &Peer<RoleServer>,
    request: &FormRequest<'_>,
    version: ProtocolVersion,
) -> Result<ElicitResult, ElicitError> {
    let requested_schema = elicitation_schema(request.schema(), version)?;
    peer.create_elicitation(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: request.message().to_owned(),
        requested_schema,
    })
    .await
    .map_err(ElicitError::Service)
}

/// `T`'s answer from rmcp's `ElicitResult`.
pub fn answer<T: Elicit>(result: &ElicitResult) -> Result<Elicitation<T>, ElicitResultError> {
    Elicitation::from_parts(action(result), result.content.as_ref())
}

/// The `action` of rmcp's `ElicitResult`, as the protocol writes it.
fn action(result: &ElicitResult) -> &'static str {
    match result.action {
        ElicitationAction::Accept => "accept",
        ElicitationAction::Decline => "decline",
        ElicitationAction::Cancel => "cancel",
        // An action a newer rmcp knows and this crate does not.
        #[allow(unreachable_patterns)]
        _ => "",
    }
}

/// The request for `T`'s form, for an [`InputRequiredResult`] (protocol 2026-07-28).
pub fn input_request<T: Elicit>(message: impl Into<String>) -> Result<InputRequest, ElicitError> {
    let requested_schema = elicitation_schema(T::requested_schema(), ProtocolVersion::V2026_07_28)?;
    Ok(InputRequest::Elicitation(ElicitRequest::new(
        ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: message.into(),
            requested_schema,
        },
    )))
}

/// The [`InputRequiredResult`] a tool returns on protocol 2026-07-28 to have `T`'s form filled in:
/// the client asks the user, then calls the tool again with the answer in `inputResponses` under
/// `key` (read it with [`from_input_responses`]).
pub fn input_required<T: Elicit>(
    key: impl Into<String>,
    message: impl Into<String>,
) -> Result<InputRequiredResult, ElicitError> {
    let mut requests = InputRequests::new();
    requests.insert(key.into(), input_request::<T>(message)?);
    Ok(InputRequiredResult::new(Some(requests), None))
}

/// `T`'s answer from a retried call's `inputResponses`, under `key`.
///
/// A call without `inputResponses` is a first call: ask with [`input_required`]. A retried call
/// whose responses lack `key`, or hold no valid answer under it, is an error saying which.
pub fn from_input_responses<T: Elicit>(
    responses: &InputResponses,
    key: &str,
) -> Result<Elicitation<T>, InputResponseError> {
    let response = responses
        .get(key)
        .ok_or_else(|| InputResponseError::Missing {
            key: key.to_owned(),
        })?;
    Elicitation::from_result(response).map_err(|error| InputResponseError::Answer {
        key: key.to_owned(),
        error,
    })
}

/// What is wrong with a retried call's `inputResponses`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum InputResponseError {
    /// No answer under the key the form was asked under.
    Missing {
        /// The key.
        key: String,
    },
    /// The answer under the key is not a valid answer to the form.
    Answer {
        /// The key.
        key: String,
        /// What is wrong with the answer.
        error: ElicitResultError,
    },
}

impl fmt::Display for InputResponseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputResponseError::Missing { key } => write!(
                f,
                "the retried call's `inputResponses` has no answer under `{key}`"
            ),
            InputResponseError::Answer { key, error } => {
                write!(f, "the answer under `{key}`: {error}")
            }
        }
    }
}

impl std::error::Error for InputResponseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputResponseError::Missing { .. } => None,
            InputResponseError::Answer { error, .. } => Some(error),
        }
    }
}

/// Why a form could not be asked for, or its answer not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not declare form elicitation.
    NotSupported,
    /// The client did not declare URL elicitation ([`AskUrl`]).
    UrlNotSupported,
    /// The protocol version has no elicitation (it arrived in 2025-06-18).
    VersionWithoutElicitation {
        /// The version the client speaks.
        version: String,
    },
    /// On 2026-07-28 and later a server may not send requests: return [`input_required`]'s
    /// result from the tool instead, and read the answer with [`from_input_responses`].
    UseInputRequired {
        /// The version the client speaks.
        version: String,
    },
    /// The form says what the client's version cannot.
    Unrepresentable(Unrepresentable),
    /// rmcp's model refused the schema (a bug of this crate: please report it).
    Model(serde_json::Error),
    /// Sending the request or receiving the answer failed.
    Service(ServiceError),
    /// The answer is not a valid `ElicitResult` of the form.
    Answer(ElicitResultError),
    /// Not a failure: on 2026-07-28 [`ask`] sends the form this way, for the tool to return
    /// (`return Ok(error.into())` converts it into the tool's `CallToolResponse`); the client
    /// calls the tool again with the answer.
    InputRequired(Box<InputRequiredResult>),
    /// Every round [`Ask::rounds`] allows had an answer that breaks the form's rules; these are
    /// the last one's problems.
    StillInvalid {
        /// How many rounds were asked.
        rounds: u8,
        /// What was wrong with the last answer.
        problems: ContentError,
    },
    /// The `requestState` a client sent back with its answer (2026-07-28) is not one [`ask`]
    /// wrote for this form.
    RequestState {
        /// Why it is refused.
        reason: &'static str,
    },
    /// The options supplied for the form's runtime selects ([`Ask::choices`]) cannot be sent.
    Choices(crate::schema::ChoicesError),
    /// Two forms asked together ([`AskAll`]) have one key: their answers could not be told
    /// apart.
    SameKey {
        /// The key.
        key: String,
    },
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::NotSupported => f.write_str("the client did not declare form elicitation"),
            ElicitError::UrlNotSupported => {
                f.write_str("the client did not declare URL elicitation")
            }
            ElicitError::VersionWithoutElicitation { version } => write!(
                f,
                "the client speaks MCP {version}, which has no elicitation (it arrived in 2025-06-18)"
            ),
            ElicitError::UseInputRequired { version } => write!(
                f,
                "on MCP {version} a server may not send requests: ask with `mcp_elicit::rmcp::ask`, which sends the form in an `InputRequiredResult` there"
            ),
            ElicitError::Unrepresentable(err) => fmt::Display::fmt(err, f),
            ElicitError::Model(err) => write!(f, "rmcp refused the form's schema: {err}"),
            ElicitError::Service(err) => write!(f, "the elicitation request failed: {err}"),
            ElicitError::Answer(err) => fmt::Display::fmt(err, f),
            ElicitError::InputRequired(_) => f.write_str(
                "the form was sent in an `InputRequiredResult`: return it from the tool, and the client calls again with the answer",
            ),
            ElicitError::StillInvalid { rounds, problems } => {
                let asked = if *rounds == 1 {
                    "once".to_owned()
                } else {
                    format!("{rounds} times")
                };
                write!(f, "the form was asked {asked}, and the last answer still breaks its rules:\n{problems}")
            }
            ElicitError::Choices(err) => fmt::Display::fmt(err, f),
            ElicitError::SameKey { key } => write!(
                f,
                "two forms asked together have the key `{key}`: give each its own with `Ask::key`"
            ),
            ElicitError::RequestState { reason } => write!(
                f,
                "the `requestState` sent back with the answer is refused: {reason}; call the tool again without `inputResponses` to start over"
            ),
        }
    }
}

/// What a tool returns when [`ask`] gives no answer: the form on 2026-07-28
/// ([`ElicitError::InputRequired`]), otherwise a tool error (`isError`) saying why, which the
/// model reads.
impl From<ElicitError> for CallToolResponse {
    fn from(error: ElicitError) -> Self {
        match error {
            ElicitError::InputRequired(result) => CallToolResponse::from(*result),
            error => CallToolResult::error(vec![ContentBlock::text(error.to_string())]).into(),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Unrepresentable(err) => Some(err),
            ElicitError::Model(err) => Some(err),
            ElicitError::Service(err) => Some(err),
            ElicitError::Answer(err) => Some(err),
            ElicitError::StillInvalid { problems, .. } => Some(problems),
            ElicitError::Choices(err) => Some(err),
            _ => None,
        }
    }
}

impl From<Unrepresentable> for ElicitError {
    fn from(err: Unrepresentable) -> Self {
        ElicitError::Unrepresentable(err)
    }
}
