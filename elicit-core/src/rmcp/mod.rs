//! The official Rust SDK, [`rmcp`](https://docs.rs/rmcp) (feature `rmcp`): typed forms on a real
//! server, on every protocol version.
//!
//! - [`ask`] (and [`Ask`], to set its message, rounds, key and `_meta`): one call from a tool,
//!   prompt or resource handler, the same on every protocol version, that asks again while the
//!   answer breaks the form's rules, with the problems named and the valid values filled in.
//!   Start here.
//! - [`Stop`], [`Handled`] and [`Respond`]: `?` in a handler. Every call that asks ends the
//!   handler with a [`Stop`] when it has no answer (on 2026-07-28, the form itself); a handler
//!   returning [`Handled`] uses `?`, and [`Respond::respond`] makes its result what rmcp's
//!   `ServerHandler` returns.
//! - [`AskUrl`]: URL mode through the same call, with [`url_completed`] for the completion
//!   notification of 2025-11-25.
//! - `AskPage` (feature `page`, made by `Pages::ask`): a form asked through a page of the
//!   server's own, served, bound to the user and waited for, in one call on every version with
//!   URL mode; `Asking::page` makes it a wizard's last step.
//! - `AskAccount` (feature `account`, made by `Accounts::ask`): a user's access token at an OAuth
//!   provider, their account connected through a connect page when it is not, in one call.
//! - [`Asking`]: several forms in sequence (a wizard), or a form beside other input requests
//!   in one round, from `tools/call`, `prompts/get` or `resources/read`.
//! - [`Asking::blocking`] (and [`Call::blocking`], and `with_blocking_asks` for a library that
//!   spawns its own blocking thread): forms asked from synchronous code on a blocking thread
//!   through a [`BlockingAsk`], on every protocol version.
//! - [`task`] (and [`Call::task`]): a call's work run as a task of rmcp's tasks extension
//!   (SEP-2663), whose forms are asked through its [`TaskCall`] with `?`, judged and asked again
//!   as everywhere else.
//! - On 2026-07-28 the rounds are [`rounds`](crate::rounds)' (sealed, bound, expiring
//!   `requestState`); a protocol fault becomes the JSON-RPC error the spec names.
//! - [`elicitation_schema`] converts a schema into rmcp's model, order kept.
//! - For clients, [`answer_elicitation`] is the whole of `ClientHandler::create_elicitation`: a
//!   server's form shown through a [`FormUi`](crate::client::FormUi) from its defaults, checked,
//!   and answered with what the person left in it; a URL request shown and opened with consent.
//!   [`elicitation_capability`] declares the modes the UI supports; [`call_tool`] (with
//!   [`UrlCompletions`]) handles the `-32042` error of 2025-11-25 in one call.
//! - The person's language (SEP-2792): each request's
//!   `_meta["io.modelcontextprotocol/acceptLanguage"]` chooses the language its forms are asked
//!   in ([`Asking::preference`], [`Asking::language`]), reported back as `contentLanguage`;
//!   `accept_language_header` (feature `page`) checks the HTTP header against it.

use std::fmt;

use ::rmcp::model::{
    CallToolResponse, ElicitResult, ElicitationAction, ElicitationSchema, ErrorCode, ErrorData,
    GetPromptResponse, ProtocolVersion as RmcpVersion, ReadResourceResponse,
};
use ::rmcp::service::ServiceError;

use crate::answer::Elicitation;
use crate::error::{ContentError, ElicitResultError};
use crate::form::Elicit;
use crate::rounds::{Capability, RoundError};
use crate::schema::RequestedSchema;
use crate::version::{ProtocolVersion, Unrepresentable};

#[cfg(feature = "account")]
mod account;
mod ask;
mod blocking;
#[cfg(feature = "page")]
mod by_link;
pub(crate) mod call;
mod caller;
mod client;
mod forms;
#[cfg(feature = "page")]
mod http;
#[cfg(feature = "page")]
mod ladder;
mod language;
#[cfg(feature = "page")]
mod link;
#[cfg(feature = "page")]
mod once;
#[cfg(feature = "page")]
mod page;
#[cfg(feature = "page")]
mod page_ask;
pub(crate) mod pending;
mod reach;
mod rung;
mod send;
mod stop;
mod task;
mod told;
mod typed;
mod url;

/// One type at two paths: [`rounds::Ask`](crate::rounds::Ask), re-exported here for rmcp servers.
#[doc(no_inline)]
pub use crate::rounds::{Ask, DEFAULT_KEY, DEFAULT_ROUNDS};
#[cfg(feature = "account")]
#[cfg_attr(docsrs, doc(cfg(feature = "account")))]
pub use account::AskAccount;
pub use ask::DEFAULT_FORM_WAIT;
pub use ask::{Asking, Surface, ask, ask_arguments};
pub use blocking::{BlockingAsk, Stopped};
pub use call::Call;
pub use caller::Caller;
pub use client::{
    MAX_URL_ELICITATIONS, UrlCompletions, WithPreference, answer_elicitation,
    answer_elicitation_in, call_tool, elicitation_capability,
};
pub use forms::Forms;
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
pub use http::{MAX_REQUEST_BODY, accept_language_header};
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
pub use link::Link;
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
pub use page::AskPage;
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
pub use page_ask::DEFAULT_WAIT;
pub use reach::Reach;
pub use rung::{Rung, Unreached};
pub use stop::{Handled, Respond, ReturnTheStopFromTheHandler, Stop};
pub use task::{TaskCall, TaskWork, task};
pub use told::WrittenIn;
pub use url::{AskUrl, DEFAULT_URL_TIMEOUT, url_completed};

/// `T`'s requested schema as a tool's `inputSchema`: a flat object schema is a valid one, so the
/// model sees the same constraints (lengths, bounds, formats, options, descriptions from doc
/// comments) that the form and the parser enforce, and no schemars is needed for the tool. Read
/// its arguments with [`ask_arguments`], which asks the user for what the model left out or got
/// wrong.
///
/// ```
/// use mcp_elicit::Elicit;
/// use mcp_elicit::rmcp::input_schema;
///
/// #[derive(Elicit)]
/// struct Search {
///     /// What to look for
///     #[elicit(min_length = 1)]
///     query: String,
///     #[elicit(maximum = 50)]
///     limit: Option<u8>,
/// }
///
/// let schema = input_schema::<Search>();
/// assert_eq!(schema["type"], "object");
/// assert_eq!(schema["properties"]["query"]["description"], "What to look for");
/// assert_eq!(schema["required"], serde_json::json!(["query"]));
/// let tool = rmcp::model::Tool::new("search", "Searches the docs", schema);
/// # let _ = tool;
/// ```
pub fn input_schema<T: Elicit>() -> std::sync::Arc<::rmcp::model::JsonObject> {
    const { crate::form::sendable::<T>() };
    let schema = T::requested_schema()
        .to_value_for(ProtocolVersion::LATEST)
        .ok()
        .and_then(|value| match value {
            serde_json::Value::Object(object) => Some(object),
            _ => None,
        })
        .unwrap_or_default();
    std::sync::Arc::new(schema)
}

/// `schema` in rmcp's model, as `version` says it, with the properties in declaration order
/// (rmcp keeps the order it reads, and writes it back).
///
/// # Errors
///
/// When the form says what `version` cannot, or (a bug of this crate) rmcp's model refuses the
/// schema.
pub fn elicitation_schema(
    schema: &RequestedSchema,
    version: ProtocolVersion,
) -> Result<ElicitationSchema, ElicitError> {
    let value = schema.to_value_for(version)?;
    serde_json::from_value(value).map_err(ElicitError::Model)
}

/// How a server asks a client of a protocol version for input.
pub(crate) enum Flow {
    /// With a request (`elicitation/create`), on this version: 2025-06-18 and 2025-11-25.
    Requests(ProtocolVersion),
    /// In an `InputRequiredResult` the tool returns, the answer in the retried call: 2026-07-28
    /// and later.
    InputRequired,
}

/// `version` in rmcp's model.
fn rmcp_version(version: ProtocolVersion) -> RmcpVersion {
    serde_json::from_value(serde_json::Value::from(version.as_str()))
        .expect("rmcp reads every version string")
}

/// The flow of `version`, or the error for a version without elicitation. A version newer than
/// any this crate knows speaks in rounds, as the newest it knows does.
pub(crate) fn flow(version: &RmcpVersion) -> Result<Flow, ElicitError> {
    match version.as_str().parse::<ProtocolVersion>() {
        Ok(version) if version.has_input_required_rounds() => Ok(Flow::InputRequired),
        Ok(version) => Ok(Flow::Requests(version)),
        Err(_) if *version > rmcp_version(ProtocolVersion::LATEST) => Ok(Flow::InputRequired),
        Err(_) => Err(ElicitError::VersionWithoutElicitation {
            version: version.to_string(),
        }),
    }
}

/// `T`'s answer read from rmcp's `ElicitResult` (a server reading what the client sent; a client
/// answers a server's request with [`answer_elicitation`]).
///
/// # Errors
///
/// As [`Elicitation::from_parts`].
pub fn read_result<T: Elicit>(result: &ElicitResult) -> Result<Elicitation<T>, ElicitResultError> {
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

/// Why a form could not be asked for, or its answer not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not declare form elicitation (before 2026-07-28; on 2026-07-28 it is
    /// [`RoundError::MissingCapability`], a protocol error). From a tool, a tool error the model
    /// reads; from a prompt or a resource, which have no error result, the JSON-RPC error
    /// `-32021` naming the capability, as on 2026-07-28.
    NotSupported,
    /// The client did not declare URL elicitation ([`AskUrl`]); from a prompt or a resource,
    /// `-32021`, as [`ElicitError::NotSupported`].
    UrlNotSupported,
    /// The protocol version has no elicitation (it arrived in 2025-06-18).
    VersionWithoutElicitation {
        /// The version the client speaks.
        version: String,
    },
    /// The form says what the client's version cannot.
    Unrepresentable(Unrepresentable),
    /// rmcp's model refused a request or a response (a bug of this crate: please report it).
    Model(serde_json::Error),
    /// Sending the request or receiving the answer failed.
    Service(ServiceError),
    /// The answer is not a valid `ElicitResult` of the form.
    Answer(ElicitResultError),
    /// The tool's arguments are missing or break their rules, and the client cannot be asked for
    /// them ([`Asking::ask_arguments`]): their problems, for the model to read.
    InvalidArguments(ContentError),
    /// The rounds: a protocol fault of the call (a refused `requestState`, malformed
    /// `inputResponses`, a missing capability: [`RoundError::is_protocol_error`]), an answer that
    /// kept breaking the form's rules, or a mistake in the forms asked.
    Round(RoundError),
    /// A `prompts/get` on 2026-07-28 reached an asking `#[prompt]` method without its answers:
    /// rmcp's `#[prompt_handler]` leaves them out, and only a server served through [`Forms`]
    /// gets them to the method.
    PromptRoundsUnseen,
    /// The form cannot reach the person ([`Reach`]): the client shows no form and the server
    /// has no way below it open (no pages, no known caller), or the client did not answer a
    /// form within the wait.
    Unreached(Unreached),
    /// The task was cancelled (`tasks/cancel`) while its form was asked, or its work stopped on
    /// the cancel ([`TaskCall::stop_if_cancelled`], [`TaskCall::unless_cancelled`]): the task
    /// ends cancelled ([`task`]).
    TaskCancelled,
    /// A tool made a task on a server served as [`Forms::new(server)`](Forms::new) without
    /// [`Forms::with_tasks`], whose own `tasks/get` is rmcp's default (`-32601`): the task could
    /// never be seen. Refused before the task is made.
    TasksUnanswered,
    /// A page could not be made, or its answer taken ([`AskPage`]).
    #[cfg(feature = "page")]
    #[cfg_attr(docsrs, doc(cfg(feature = "page")))]
    Page(crate::page::serve::PageError),
    /// An account could not be connected, or its tokens refreshed ([`AskAccount`]).
    #[cfg(feature = "account")]
    #[cfg_attr(docsrs, doc(cfg(feature = "account")))]
    Account(crate::page::account::AccountError),
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
            ElicitError::Unrepresentable(err) => fmt::Display::fmt(err, f),
            ElicitError::Model(err) => {
                write!(f, "rmcp's model refused a request or response: {err}")
            }
            ElicitError::Service(err) => write!(f, "the request to the client failed: {err}"),
            ElicitError::Answer(err) => fmt::Display::fmt(err, f),
            ElicitError::Round(err) => fmt::Display::fmt(err, f),
            ElicitError::PromptRoundsUnseen => f.write_str(
                "this prompt asks for input, and on MCP 2026-07-28 the answers come in the retried prompts/get, which rmcp's #[prompt_handler] does not pass on: serve the server as `mcp_elicit::rmcp::Forms::new(server)`",
            ),
            ElicitError::Unreached(why) => write!(f, "the person could not be asked: {why}"),
            ElicitError::TaskCancelled => f.write_str("the task was cancelled (`tasks/cancel`)"),
            ElicitError::TasksUnanswered => f.write_str(
                "this tool makes a task, but the server answers `tasks/get` with -32601 (method not found), so the task and its forms could never be seen: serve the server as `Forms::new(server).with_tasks(tasks)`, with the `TaskManager` its tools make tasks in",
            ),
            #[cfg(feature = "page")]
            ElicitError::Page(err) => fmt::Display::fmt(err, f),
            #[cfg(feature = "account")]
            ElicitError::Account(err) => fmt::Display::fmt(err, f),
            ElicitError::InvalidArguments(problems) => write!(
                f,
                "the tool's arguments are missing or break their rules, and the client cannot be asked for them:\n{problems}"
            ),
        }
    }
}

impl ElicitError {
    /// The JSON-RPC error of a protocol fault ([`RoundError::is_protocol_error`]), if it is one.
    pub fn protocol_error(&self) -> Option<ErrorData> {
        let ElicitError::Round(round) = self else {
            return None;
        };
        round_error_data(round)
    }

    /// What the client is told of it: its message; but of the page store's own failure, only
    /// that it failed and to try again: its detail (which may name the store's hosts) is for the
    /// server's log, where the Redis store writes it (`tracing`, at `warn`).
    pub(crate) fn told(&self) -> String {
        #[cfg(feature = "page")]
        if let ElicitError::Page(crate::page::serve::PageError::Store(
            crate::page::store::StoreError::Backend(_),
        )) = self
        {
            return STORE_UNREACHABLE.to_owned();
        }
        self.to_string()
    }

    /// The error any handler returns for it (a prompt or a resource has no error result): the
    /// protocol fault's own; for a client that did not declare form or URL elicitation, on every
    /// version, the spec's `-32021` naming the capability (2026-07-28's
    /// `MissingRequiredClientCapabilityError`; the versions before name none); invalid params for
    /// what the client did; an internal error for the server's mistakes.
    pub(crate) fn into_error_data(self) -> ErrorData {
        if let Some(error) = self.protocol_error() {
            return error;
        }
        let missing = match self {
            ElicitError::NotSupported => Some(Capability::ElicitationForm),
            ElicitError::UrlNotSupported => Some(Capability::ElicitationUrl),
            _ => None,
        };
        if let Some(error) = missing
            .and_then(|capability| round_error_data(&RoundError::MissingCapability(capability)))
        {
            return error;
        }
        let message = self.told();
        match self {
            ElicitError::VersionWithoutElicitation { .. }
            | ElicitError::Answer(_)
            | ElicitError::InvalidArguments(_)
            | ElicitError::Round(RoundError::StillInvalid { .. }) => {
                ErrorData::invalid_params(message, None)
            }
            _ => ErrorData::internal_error(message, None),
        }
    }
}

/// What a client is told when the page store failed (the detail goes to the server's log).
#[cfg(feature = "page")]
const STORE_UNREACHABLE: &str =
    "the server could not reach its page store just now: try again in a moment";

/// The JSON-RPC error of `round`, if it is a protocol fault.
fn round_error_data(round: &RoundError) -> Option<ErrorData> {
    let code = round.code()?;
    Some(ErrorData::new(
        ErrorCode(code),
        round.to_string(),
        round.data(),
    ))
}

/// What a tool returns when it has no answer: the JSON-RPC error of a protocol fault, otherwise
/// a tool error (`isError`) saying why, which the model reads.
impl From<ElicitError> for Result<CallToolResponse, ErrorData> {
    fn from(error: ElicitError) -> Self {
        error.into_tool_response_in(None)
    }
}

/// What a prompt returns when it has no answer: a JSON-RPC error saying why.
impl From<ElicitError> for Result<GetPromptResponse, ErrorData> {
    fn from(error: ElicitError) -> Self {
        Err(error.into_error_data_in(None))
    }
}

/// What a resource read returns when it has no answer: a JSON-RPC error saying why.
impl From<ElicitError> for Result<ReadResourceResponse, ErrorData> {
    fn from(error: ElicitError) -> Self {
        Err(error.into_error_data_in(None))
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Unrepresentable(err) => Some(err),
            ElicitError::Model(err) => Some(err),
            ElicitError::Service(err) => Some(err),
            ElicitError::Answer(err) => Some(err),
            ElicitError::Round(err) => Some(err),
            ElicitError::InvalidArguments(err) => Some(err),
            #[cfg(feature = "page")]
            ElicitError::Page(err) => Some(err),
            #[cfg(feature = "account")]
            ElicitError::Account(err) => Some(err),
            _ => None,
        }
    }
}

impl From<Unrepresentable> for ElicitError {
    fn from(err: Unrepresentable) -> Self {
        ElicitError::Unrepresentable(err)
    }
}

impl From<RoundError> for ElicitError {
    fn from(err: RoundError) -> Self {
        ElicitError::Round(err)
    }
}
