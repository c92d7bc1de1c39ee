//! [`Pending`]: the form a call asked for on 2026-07-28, kept until the call's result is made,
//! so that a handler that swallows the ask's error still returns the form; and what a method
//! marked `#[asks]` may return.

use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use ::rmcp::handler::server::prompt::IntoGetPromptResult;
use ::rmcp::handler::server::tool::IntoCallToolResult;
use ::rmcp::model::{
    CallToolResponse, ErrorData, GetPromptResponse, InputRequiredResult, MetaObject,
    ReadResourceResponse,
};
use ::rmcp::service::{RequestContext, RoleServer};

use super::Stop;
use super::language::words_of;
use crate::lang::Words;

/// The form a call asked for on 2026-07-28 (the first, when several were), kept until the
/// call's result is made: shared by the call's asks (through [`Call`](super::Call), or the request's
/// extensions under [`Forms`](super::Forms)) and what makes the result, which returns it even
/// when the handler swallowed the ask's error; and the language the call answered the person's
/// preference in, which the result reports. Reached through `__private` by what `#[asks]`
/// generates.
#[derive(Clone, Default)]
pub struct Pending(Arc<Mutex<Kept>>);

#[derive(Default)]
struct Kept {
    form: Option<InputRequiredResult>,
    /// The link the call ended with, if it asked through one.
    #[cfg(feature = "page")]
    link: Option<super::link::Link>,
    /// The crate's words chosen for the person's preference the request carries, if it
    /// carries one: what the crate's own refusals are told in.
    words: Option<Arc<Words>>,
}

impl Pending {
    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps `form`, unless one is kept already.
    pub(crate) fn keep(&self, form: &InputRequiredResult) {
        let mut kept = self.kept();
        if kept.form.is_none() {
            kept.form = Some(form.clone());
        }
    }

    /// Keeps `link`, unless a form or a link is kept already.
    #[cfg(feature = "page")]
    pub(crate) fn keep_link(&self, link: &super::link::Link) {
        let mut kept = self.kept();
        if kept.form.is_none() && kept.link.is_none() {
            kept.link = Some(link.clone());
        }
    }

    /// The kept form or link, as the call's end, no longer kept.
    fn take_asked(&self) -> Option<Stop> {
        let mut kept = self.kept();
        if let Some(form) = kept.form.take() {
            return Some(Stop::InputRequired(Box::new(form)));
        }
        #[cfg(feature = "page")]
        if let Some(link) = kept.link.take() {
            return Some(Stop::Link(Box::new(link)));
        }
        None
    }

    /// A fresh slot for the request `context` is of: its refusals told in the language of the
    /// preference it carries.
    pub(crate) fn for_request(context: &RequestContext<RoleServer>) -> Self {
        let words = words_of(context);
        Pending(Arc::new(Mutex::new(Kept {
            words,
            ..Kept::default()
        })))
    }

    /// A fresh slot ([`Pending::for_request`]), put in `context`'s extensions for the asks of the
    /// request's handler.
    pub(crate) fn within(context: &mut RequestContext<RoleServer>) -> Self {
        let pending = Pending::for_request(context);
        context.extensions.insert(pending.clone());
        pending
    }

    /// The words the call's refusals are told in, if the request carried a preference.
    fn words(&self) -> Option<Arc<Words>> {
        self.kept().words.clone()
    }

    /// The form `result` is, or the one the handler asked and swallowed, or `result`.
    pub(crate) fn settle<T: Response>(&self, result: Result<T, ErrorData>) -> Result<T, ErrorData> {
        let result = match result.map(Response::form) {
            Ok(Ok(returned)) => Err(Stop::InputRequired(Box::new(returned))),
            Ok(Err(response)) => Ok(Ok(response)),
            Err(error) => Ok(Err(error)),
        };
        self.finish(result, Stop::into_response_in, T::from)
    }

    /// What a `#[tool]` method marked `#[asks]` returns to rmcp: `body`'s result made a response
    /// ([`Stop`]), or the form it asked and did not return.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error a [`Stop`] ends in.
    pub async fn tool<R: ToolReturn, F: Future<Output = R>>(
        self,
        body: F,
    ) -> Result<CallToolResponse, ErrorData> {
        let result = body.await.into_result();
        self.finish(result, Stop::into_tool_response_in, CallToolResponse::from)
    }

    /// What a `#[prompt]` method marked `#[asks]` returns to rmcp, as [`Pending::tool`].
    ///
    /// # Errors
    ///
    /// The JSON-RPC error a [`Stop`] ends in.
    pub async fn prompt<R: PromptReturn, F: Future<Output = R>>(
        self,
        body: F,
    ) -> Result<PromptResponse, ErrorData> {
        let result = body.await.into_result();
        self.finish(result, Stop::into_response_in, GetPromptResponse::from)
            .map(PromptResponse)
    }

    /// The form the handler returned, or the one it asked and swallowed, or its result, or its
    /// [`Stop`] made a response by `stop` with the words the call's refusals are told in. The
    /// forms report their language themselves; the handler's own result reports one only if the
    /// handler said it ([`WrittenIn`](super::WrittenIn)).
    fn finish<T: Response>(
        &self,
        result: Result<Result<T, ErrorData>, Stop>,
        stop: impl FnOnce(Stop, Option<&Words>) -> Result<T, ErrorData>,
        form: impl FnOnce(InputRequiredResult) -> T,
    ) -> Result<T, ErrorData> {
        let kept = self.take_asked();
        let words = self.words();
        match (result, kept) {
            (Err(Stop::InputRequired(returned)), _) => Ok(form(*returned)),
            // A form or a link the handler asked and swallowed.
            (_, Some(swallowed)) => stop(swallowed, words.as_deref()),
            (Err(other), None) => stop(other, words.as_deref()),
            (Ok(response), None) => response,
        }
    }
}

/// A response of a request that may ask: its result, or the form asked.
pub(crate) trait Response: From<InputRequiredResult> {
    /// The form this response is, or the response.
    fn form(self) -> Result<InputRequiredResult, Self>;

    /// The response of a call that ends with `link` ([`Stop::Link`]).
    #[cfg(feature = "page")]
    fn link(link: &super::link::Link) -> Self;

    /// Its `_meta`, whichever result it is (`None` for a result a newer rmcp knows and this
    /// crate does not).
    fn meta_mut(&mut self) -> Option<&mut Option<MetaObject>>;
}

/// The impls differ in the response's name and the results besides the form.
macro_rules! response {
    ($response:ident { $($result:ident),* }, $link:ident) => {
        impl Response for $response {
            fn form(self) -> Result<InputRequiredResult, Self> {
                match self {
                    $response::InputRequired(form) => Ok(form),
                    other => Err(other),
                }
            }

            #[cfg(feature = "page")]
            fn link(link: &super::link::Link) -> Self {
                link.$link()
            }

            fn meta_mut(&mut self) -> Option<&mut Option<MetaObject>> {
                match self {
                    $response::InputRequired(form) => Some(&mut form.meta),
                    $($response::$result(result) => Some(&mut result.meta),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    };
}

response!(CallToolResponse { Complete, Task }, tool_result);
response!(GetPromptResponse { Complete }, prompt_result);
response!(ReadResourceResponse { Complete }, resource_result);

/// A prompt's response as rmcp's prompt router takes it from a method (rmcp reads a
/// `GetPromptResult` or an `InputRequiredResult`, not the response that is either).
pub struct PromptResponse(GetPromptResponse);

impl IntoGetPromptResult for PromptResponse {
    fn into_get_prompt_result(self) -> Result<GetPromptResponse, ErrorData> {
        Ok(self.0)
    }
}

/// What a `#[tool]` method marked `#[asks]` may return: [`Handled<T>`](super::Handled), `T`
/// anything rmcp makes a tool result of (`CallToolResult`, `String`, `Json<..>`, contents).
#[diagnostic::on_unimplemented(
    message = "a `#[tool]` method marked `#[asks]` returns `mcp_elicit::rmcp::Handled<T>`, not `{Self}`",
    label = "write `-> Handled` (a `CallToolResult`) or `-> Handled<String>`: `?` then carries the form to the client on every version",
    note = "`Handled<T>` is `Result<T, mcp_elicit::rmcp::Stop>`; `T` is anything rmcp makes a tool result of"
)]
pub trait ToolReturn {
    /// The result, the `Ok` made rmcp's response.
    ///
    /// # Errors
    ///
    /// The method's [`Stop`].
    fn into_result(self) -> Result<Result<CallToolResponse, ErrorData>, Stop>;

    /// [`Pending::tool`], named through the return type so that a wrong one is named once.
    fn finish<F: Future<Output = Self>>(
        pending: Pending,
        body: F,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>>
    where
        Self: Sized,
    {
        pending.tool(body)
    }
}

impl<T: IntoCallToolResult> ToolReturn for Result<T, Stop> {
    fn into_result(self) -> Result<Result<CallToolResponse, ErrorData>, Stop> {
        self.map(IntoCallToolResult::into_call_tool_result)
    }
}

/// What a `#[prompt]` method marked `#[asks]` may return: [`Handled<T>`](super::Handled), `T`
/// a `GetPromptResult` or the prompt's messages.
#[diagnostic::on_unimplemented(
    message = "a `#[prompt]` method marked `#[asks]` returns `mcp_elicit::rmcp::Handled<GetPromptResult>`, not `{Self}`",
    label = "write `-> Handled<GetPromptResult>` (or `Handled<Vec<PromptMessage>>`): `?` then carries the form to the client on every version",
    note = "`Handled<T>` is `Result<T, mcp_elicit::rmcp::Stop>`"
)]
pub trait PromptReturn {
    /// The result, the `Ok` made rmcp's response.
    ///
    /// # Errors
    ///
    /// The method's [`Stop`].
    fn into_result(self) -> Result<Result<GetPromptResponse, ErrorData>, Stop>;

    /// [`Pending::prompt`], named through the return type so that a wrong one is named once.
    fn finish<F: Future<Output = Self>>(
        pending: Pending,
        body: F,
    ) -> impl Future<Output = Result<PromptResponse, ErrorData>>
    where
        Self: Sized,
    {
        pending.prompt(body)
    }
}

impl<T: IntoGetPromptResult> PromptReturn for Result<T, Stop> {
    fn into_result(self) -> Result<Result<GetPromptResponse, ErrorData>, Stop> {
        self.map(IntoGetPromptResult::into_get_prompt_result)
    }
}
