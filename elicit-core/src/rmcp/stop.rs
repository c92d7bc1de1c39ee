//! [`Stop`]: how a handler ends without a result of its own, so that `?` is the way to write a
//! handler that asks, on every protocol version.

use std::error::Error;

use ::rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, ErrorData, GetPromptResponse,
    InputRequiredResult, ReadResourceResponse,
};
use ::rmcp::service::{RequestContext, RoleServer};

use super::ElicitError;
use super::language::words_of;
use super::pending::Response;
use crate::lang::Words;
use crate::rounds::RoundError;

/// How a tool, prompt or resource handler ends when it has no result of its own: on 2026-07-28
/// with the round's requests (not a failure: the client asks the user and calls again), or with
/// the reason there is no answer.
///
/// Every call that asks ([`ask`](super::ask), [`ask_arguments`](super::ask_arguments),
/// [`Asking`](super::Asking), [`AskUrl`](super::AskUrl)) gives one as its error. Write the handler
/// to return [`Handled`], use `?`, and turn its result into what rmcp's `ServerHandler` returns
/// with [`Respond::respond`]:
///
/// - on 2026-07-28 while a form is asked: the `InputRequiredResult`;
/// - a protocol fault of the call (a refused `requestState`: `-32602`; a missing capability:
///   `-32021`) or an `ErrorData` the handler met: that JSON-RPC error;
/// - anything else (a form whose rounds are spent, a client that cannot be asked, any error of
///   the handler's own that `?` met): from a tool, a tool error (`isError`) whose text the model
///   reads; from a prompt or a resource, which have no error result, a JSON-RPC error.
///
/// A `Stop` is no message (no `Display`) and no `ErrorData`: on 2026-07-28 it holds the form
/// itself, which either would lose. Where one is asked for (`stop.to_string()`, `?` in a function
/// returning rmcp's `Result<_, ErrorData>`), the compiler refuses and says what to write instead.
/// Match it to see inside.
///
/// ```no_run
/// use mcp_elicit::rmcp::{Handled, Respond, ask};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit)]
/// #[elicit(message = "Book a table")]
/// struct Booking {
///     #[elicit(minimum = 1, maximum = 12)]
///     guests: u8,
///     #[elicit(format = "date")]
///     date: String,
/// }
///
/// async fn book_table(
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Handled {
///     let Elicitation::Accepted(booking) = ask::<Booking>(context, request).await? else {
///         return Ok(CallToolResult::success(vec![ContentBlock::text("nothing booked")]));
///     };
///     let text = format!("booked for {} on {}", booking.guests, booking.date);
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
/// }
///
/// // In `ServerHandler::call_tool`:
/// async fn call_tool(
///     request: CallToolRequestParams,
///     context: RequestContext<RoleServer>,
/// ) -> Result<CallToolResponse, ErrorData> {
///     match request.name.as_ref() {
///         "book_table" => book_table(&request, &context).await.respond(),
///         other => Err(ErrorData::invalid_params(format!("no tool {other}"), None)),
///     }
/// }
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Stop {
    /// Not a failure: on 2026-07-28 the round's requests, for the client to answer in a retried
    /// call.
    InputRequired(Box<InputRequiredResult>),
    /// Not a failure: the client shows no form and opens no page, so the call ends with a link
    /// to a page of the server's in its result, for the model to give the person; the same call
    /// made again completes with their answer ([`Reach`](super::Reach), feature `page`).
    #[cfg(feature = "page")]
    #[cfg_attr(docsrs, doc(cfg(feature = "page")))]
    Link(Box<super::link::Link>),
    /// No answer can be had: why.
    Elicit(ElicitError),
    /// A JSON-RPC error, returned as it is (an `ErrorData` that `?` met).
    Protocol(ErrorData),
    /// Any other error of the handler's own that `?` met (or [`Stop::error`]): a tool error for
    /// a tool, an internal error for a prompt or a resource.
    Other(Box<dyn Error + Send + Sync>),
}

/// What a handler that asks returns: its result, or the [`Stop`] that ends it. `?` works on
/// every call that asks and on any error; [`Respond::respond`] makes it what rmcp's
/// `ServerHandler` returns.
pub type Handled<T = CallToolResult> = Result<T, Stop>;

impl Stop {
    /// An error of the handler's own, by its message: a tool error (`isError`) the model reads,
    /// or for a prompt or a resource an internal JSON-RPC error.
    pub fn error(message: impl Into<String>) -> Self {
        Stop::Other(message.into().into())
    }

    /// What a `tools/call` returns for it, the crate's own refusals told in English.
    pub(super) fn into_tool_response(self) -> Result<CallToolResponse, ErrorData> {
        self.into_tool_response_in(None)
    }

    /// What a `tools/call` returns for it: the crate's own refusals told in `words` (the crate's
    /// words chosen for the person's preference) and reported in that language; the handler's own
    /// errors as they are, with no language reported.
    pub(super) fn into_tool_response_in(
        self,
        words: Option<&Words>,
    ) -> Result<CallToolResponse, ErrorData> {
        match self {
            Stop::InputRequired(result) => Ok(CallToolResponse::from(*result)),
            #[cfg(feature = "page")]
            Stop::Link(link) => Ok(link.tool_result()),
            Stop::Elicit(error) => error.into_tool_response_in(words),
            Stop::Protocol(error) => Err(error),
            Stop::Other(error) => {
                Ok(CallToolResult::error(vec![ContentBlock::text(error.to_string())]).into())
            }
        }
    }

    /// What a handler without an error result (`prompts/get`, `resources/read`) returns: the
    /// round's requests, or a JSON-RPC error.
    pub(super) fn into_response<R: Response>(self) -> Result<R, ErrorData> {
        self.into_response_in(None)
    }

    /// [`Stop::into_response`], the crate's own refusals told in `words` (the crate's words chosen
    /// for the person's preference), their language in the error's `data._meta`.
    pub(super) fn into_response_in<R: Response>(
        self,
        words: Option<&Words>,
    ) -> Result<R, ErrorData> {
        match self {
            Stop::InputRequired(result) => Ok(R::from(*result)),
            #[cfg(feature = "page")]
            Stop::Link(link) => Ok(R::link(&link)),
            Stop::Elicit(error) => Err(error.into_error_data_in(words)),
            Stop::Protocol(error) => Err(error),
            Stop::Other(error) => Err(ErrorData::internal_error(error.to_string(), None)),
        }
    }

    /// This crate's errors kept as they are (they know their JSON-RPC error), anything else boxed.
    fn of_error(error: Box<dyn Error + Send + Sync>) -> Self {
        let error = match error.downcast::<ElicitError>() {
            Ok(error) => return Stop::Elicit(*error),
            Err(error) => error,
        };
        let error = match error.downcast::<RoundError>() {
            Ok(error) => return Stop::Elicit(ElicitError::Round(*error)),
            Err(error) => error,
        };
        match error.downcast::<ErrorData>() {
            Ok(error) => Stop::Protocol(*error),
            Err(error) => Stop::Other(error),
        }
    }
}

/// `?` on any error in a handler returning [`Handled`]: an [`ElicitError`] or a [`RoundError`]
/// keeps what it knows (a protocol fault stays the JSON-RPC error the spec names), an `ErrorData`
/// is returned as it is, anything else is the handler's own error, by its message.
impl<E: Error + Send + Sync + 'static> From<E> for Stop {
    fn from(error: E) -> Self {
        Stop::of_error(Box::new(error))
    }
}

/// What a tool returns for a [`Stop`]: see [`Stop`].
impl From<Stop> for Result<CallToolResponse, ErrorData> {
    fn from(stop: Stop) -> Self {
        stop.into_tool_response()
    }
}

/// What a prompt returns for a [`Stop`]: the round's requests, or a JSON-RPC error.
impl From<Stop> for Result<GetPromptResponse, ErrorData> {
    fn from(stop: Stop) -> Self {
        stop.into_response()
    }
}

/// What a resource read returns for a [`Stop`]: the round's requests, or a JSON-RPC error.
impl From<Stop> for Result<ReadResourceResponse, ErrorData> {
    fn from(stop: Stop) -> Self {
        stop.into_response()
    }
}

/// A handler's [`Handled`] result made into what rmcp's `ServerHandler` returns for its request
/// (`R`: `CallToolResponse`, `GetPromptResponse` or `ReadResourceResponse`, inferred from where
/// it is returned): the handler's result, or its [`Stop`] as [`Stop`] says.
pub trait Respond<R> {
    /// The response, or the JSON-RPC error; the crate's own refusals (a form whose rounds are
    /// spent, a client that cannot be asked) told in English. [`Respond::respond_to`] tells them
    /// in the person's language.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error a [`Stop`] ends in.
    fn respond(self) -> Result<R, ErrorData>;

    /// [`Respond::respond`], the crate's own refusals told in the language of the person's
    /// preference that `context`'s request carries (SEP-2792; the crate's words chosen for it),
    /// and reported as such: in a tool error's `_meta`, in a JSON-RPC error's `data._meta`.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error a [`Stop`] ends in.
    fn respond_to(self, context: &RequestContext<RoleServer>) -> Result<R, ErrorData>;
}

impl<T: Into<CallToolResponse>> Respond<CallToolResponse> for Result<T, Stop> {
    fn respond(self) -> Result<CallToolResponse, ErrorData> {
        self.map(Into::into).or_else(Stop::into_tool_response)
    }

    fn respond_to(
        self,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let words = words_of(context);
        self.map(Into::into)
            .or_else(|stop| stop.into_tool_response_in(words.as_deref()))
    }
}

impl<T: Into<GetPromptResponse>> Respond<GetPromptResponse> for Result<T, Stop> {
    fn respond(self) -> Result<GetPromptResponse, ErrorData> {
        self.map(Into::into).or_else(Stop::into_response)
    }

    fn respond_to(
        self,
        context: &RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let words = words_of(context);
        self.map(Into::into)
            .or_else(|stop| stop.into_response_in(words.as_deref()))
    }
}

impl<T: Into<ReadResourceResponse>> Respond<ReadResourceResponse> for Result<T, Stop> {
    fn respond(self) -> Result<ReadResourceResponse, ErrorData> {
        self.map(Into::into).or_else(Stop::into_response)
    }

    fn respond_to(
        self,
        context: &RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let words = words_of(context);
        self.map(Into::into)
            .or_else(|stop| stop.into_response_in(words.as_deref()))
    }
}

/// Where a [`Stop`] would be made a message or an `ErrorData`, both of which lose the form it
/// holds on 2026-07-28: nothing implements it, so that the compiler stops there and says what to
/// do instead (`?` in a function returning `Result<_, ErrorData>`, `.to_string()`,
/// `ErrorData::from`).
#[diagnostic::on_unimplemented(
    message = "a `Stop` is not an error message: on 2026-07-28 it holds the form the client must show, which a message or an `ErrorData` would lose",
    label = "return the `Stop` from the handler instead: `?` in a function returning `mcp_elicit::rmcp::Handled` (and `.respond()` where rmcp wants `Result<_, ErrorData>`), or `Err(stop) => return stop.into()`",
    note = "see the documentation of `mcp_elicit::rmcp::Stop`"
)]
pub trait ReturnTheStopFromTheHandler: never::Implemented {
    /// Never called: nothing implements the trait.
    fn message(stop: &Stop) -> String;
}

mod never {
    /// Keeps [`ReturnTheStopFromTheHandler`](super::ReturnTheStopFromTheHandler) unimplemented.
    pub trait Implemented {}
}

/// Refused at compile time: `?` on a [`Stop`] in a function returning `Result<_, ErrorData>`
/// (rmcp's handler signature) would lose the form on 2026-07-28. The bound is never met; the
/// compiler's message says what to write instead.
impl<'a> From<Stop> for ErrorData
where
    &'a Stop: ReturnTheStopFromTheHandler,
{
    fn from(stop: Stop) -> Self {
        ErrorData::internal_error(<&'a Stop>::message(&stop), None)
    }
}

impl Stop {
    /// Refused at compile time: a `Stop` has no message (see [`ReturnTheStopFromTheHandler`]).
    /// Written so that `stop.to_string()` meets this method, whose bound is never met, and the
    /// compiler says what to write instead.
    #[doc(hidden)]
    #[expect(
        clippy::inherent_to_string,
        reason = "it stands where `ToString::to_string` would lose the form, and never compiles"
    )]
    pub fn to_string<'a>(&'a self) -> String
    where
        &'a Stop: ReturnTheStopFromTheHandler,
    {
        <&'a Stop>::message(self)
    }
}
