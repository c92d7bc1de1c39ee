//! [`Call`]: the call a `#[tool]` or `#[prompt]` method of rmcp's routers handles, which asks
//! with `?` (the method marked [`#[asks]`](https://docs.rs/mcp-elicit/latest/mcp_elicit/rmcp/attr.asks.html)).

use std::marker::PhantomData;

use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::prompt::PromptContext;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{CallToolResponse, ErrorData, InputResponses, JsonObject};
use ::rmcp::service::{RequestContext, RoleServer};
use ::rmcp::task_manager::{TaskManager, TaskOptions};

use super::pending::Pending;
use super::{Ask, Asking, ElicitError, Flow, Stop, TaskWork, flow};
use crate::answer::Elicitation;
use crate::form::Elicit;
use crate::lang::Preference;

/// The call a `#[tool]` or `#[prompt]` method handles: ask forms in it with `?`. `A` is the
/// tool's arguments, a derived struct ([`Call::arguments`]); a method without arguments of its
/// own (or with rmcp's `Parameters`) takes a `Call`.
///
/// A method takes it as a parameter, in any position, and is marked `#[asks]` above `#[tool]` or
/// `#[prompt]`; `#[asks]` reads the call before any other parameter (so that rmcp's `Parameters`,
/// which takes the arguments, cannot leave the state bound to none), lets the method return
/// [`Handled`](super::Handled) and use `?`, and returns a form the method asked even where the
/// method swallowed the ask's error (an `Err(_) =>` arm, `.ok()`, `.unwrap_or(..)`): on
/// 2026-07-28 that error *is* the form, which the client must see.
///
/// Without `#[asks]`, rmcp's router refuses the method at `#[tool_router]` (or
/// `#[prompt_router]`) in its own words, which this crate cannot change: ``the trait bound
/// `(Tool, for<'a> fn(&'a Server, Call) -> ..): IntoToolRoute<Server, _>` is not satisfied``. A
/// `Call` in that type means the method's `#[asks]` is missing: write it above `#[tool(..)]`.
///
/// The example is on [`mcp_elicit::rmcp`](https://docs.rs/mcp-elicit/latest/mcp_elicit/rmcp/index.html)
/// (`#[asks]` is the facade's).
pub struct Call<A = ()> {
    context: RequestContext<RoleServer>,
    method: &'static str,
    name: String,
    arguments: Option<JsonObject>,
    input_responses: Option<InputResponses>,
    request_state: Option<String>,
    pending: Pending,
    arguments_of: PhantomData<fn() -> A>,
}

impl<A> Call<A> {
    /// The request's context (its peer, cancellation, extensions), for anything else the method
    /// does with rmcp.
    pub fn context(&self) -> &RequestContext<RoleServer> {
        &self.context
    }

    /// The tool's or the prompt's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The person's language preference this request carries (SEP-2792), as
    /// [`Asking::preference`]: translate the method's own texts with it, or with the language
    /// its [`Call::asking`] answers in ([`Asking::language`]).
    pub fn preference(&self) -> Option<Preference> {
        super::language::preference_of(&self.context)
    }

    /// The arguments as the client sent them (read them typed with [`Call::arguments`]).
    pub fn raw_arguments(&self) -> Option<&JsonObject> {
        self.arguments.as_ref()
    }

    /// Asks for `T`'s form: [`ask`](super::ask) in this call.
    ///
    /// # Errors
    ///
    /// A [`Stop`]: on 2026-07-28 the form itself (return it with `?`), or why there is no answer,
    /// as [`Asking::ask`].
    pub async fn ask<T: Elicit + Send + 'static>(&self) -> Result<Elicitation<T>, Stop> {
        self.asking()?.ask(&Ask::checked_by_caller()).await
    }

    /// Asks for the form `ask` describes (its message, key, rounds): [`Ask::run`] in this call.
    ///
    /// # Errors
    ///
    /// As [`Call::ask`].
    pub async fn run<T: Elicit + Send + 'static>(
        &self,
        ask: &Ask<T>,
    ) -> Result<Elicitation<T>, Stop> {
        self.asking()?.ask(ask).await
    }

    /// Runs the synchronous `work` on a blocking thread, asking its forms through the
    /// [`BlockingAsk`](super::BlockingAsk) it is given: [`Asking::blocking`] in this call. On
    /// 2026-07-28 an ask ends the run and the call returns the round (`?`); the retried call runs
    /// the work again, and its ask then has the answer at once.
    ///
    /// ```no_run
    /// use mcp_elicit::rmcp::{BlockingAsk, Call, Handled};
    /// use mcp_elicit::{Elicit, Elicitation};
    ///
    /// #[derive(Elicit)]
    /// #[elicit(message = "Approve the payment?")]
    /// struct Approve {
    ///     approved: bool,
    /// }
    ///
    /// /// Synchronous: consent is an accepted `true`, and nothing else.
    /// fn approve(asker: &BlockingAsk) -> bool {
    ///     matches!(asker.ask::<Approve>(), Ok(Elicitation::Accepted(Approve { approved: true })))
    /// }
    ///
    /// async fn pay(call: Call) -> Handled<String> {
    ///     let approved = call.blocking(|asker| approve(&asker)).await?;
    ///     Ok(if approved { "paid" } else { "not paid" }.into())
    /// }
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Asking::blocking`].
    pub async fn blocking<R: Send + 'static>(
        &self,
        work: impl FnOnce(super::BlockingAsk) -> R + Send + 'static,
    ) -> Result<R, Stop> {
        self.asking()?.blocking(work).await
    }

    /// Runs the future `work` makes of a [`BlockingAsk`](super::BlockingAsk), for work that runs
    /// its synchronous code on a blocking thread itself (a library's async API calling your
    /// callback from its own `spawn_blocking`): [`Asking::with_blocking_asks`] in this call.
    ///
    /// # Errors
    ///
    /// As [`Asking::blocking`].
    pub async fn with_blocking_asks<F: std::future::Future>(
        &self,
        work: impl FnOnce(super::BlockingAsk) -> F,
    ) -> Result<F::Output, Stop> {
        self.asking()?.with_blocking_asks(work).await
    }

    /// Runs `work` as a task of `tasks` ([`task`](super::task) in this call) and gives the
    /// `CreateTaskResult` to return: `work` asks its forms through its
    /// [`TaskCall`](super::TaskCall) with `?`.
    ///
    /// # Errors
    ///
    /// As [`task`](super::task): `-32021` when the client did not declare the tasks extension.
    pub fn task(
        &self,
        tasks: &TaskManager,
        options: TaskOptions,
        work: impl TaskWork,
    ) -> Result<CallToolResponse, Stop> {
        super::task(&self.context, tasks, options, work)
    }

    /// The asking of this call, for several forms in sequence (a wizard), a round of several
    /// requests, or a page ([`Asking::page`]).
    ///
    /// # Errors
    ///
    /// As [`Asking::new`], made a [`Stop`].
    pub fn asking(&self) -> Result<Asking<'_>, Stop> {
        Asking::new(&self.context, self).map_err(Stop::Elicit)
    }
}

impl<A: Elicit + Send + 'static> Call<A> {
    /// The tool's arguments read into `A`, asking the user for what the model left out or got
    /// wrong: [`ask_arguments`](super::ask_arguments) in this call. `#[asks]` makes `A`'s
    /// requested schema the tool's `inputSchema`.
    ///
    /// # Errors
    ///
    /// As [`Asking::ask_arguments`].
    pub async fn arguments(&self) -> Result<Elicitation<A>, Stop> {
        const { crate::form::sendable::<A>() };
        self.asking()?
            .ask_arguments(&Ask::checked_by_caller())
            .await
    }
}

impl<A> super::ask::sealed::Sealed for Call<A> {
    fn pending(&self) -> Option<&Pending> {
        Some(&self.pending)
    }
}

impl<A> super::Surface for Call<A> {
    fn method(&self) -> &'static str {
        self.method
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn arguments(&self) -> Option<&JsonObject> {
        self.arguments.as_ref()
    }
    fn input_responses(&self) -> Option<&InputResponses> {
        self.input_responses.as_ref()
    }
    fn request_state(&self) -> Option<&str> {
        self.request_state.as_deref()
    }
}

impl<A> std::fmt::Debug for Call<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call")
            .field("method", &self.method)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Pending {
    /// The slot of `call`.
    pub fn of<A>(call: &Call<A>) -> Self {
        call.pending.clone()
    }
}

/// The state of a `prompts/get` on 2026-07-28, which rmcp's `#[prompt_handler]` leaves out of
/// the `PromptContext` it makes: carried in the request's extensions by
/// [`Forms`](super::Forms).
#[derive(Clone)]
pub(crate) struct PromptRound {
    pub(crate) input_responses: Option<InputResponses>,
    pub(crate) request_state: Option<String>,
}

/// What `#[asks]` reads first of a `#[tool]` or `#[prompt]` method's call (not for use by hand:
/// take a [`Call`] and mark the method `#[asks]`).
pub struct CallPart<A>(Call<A>);

impl<A> CallPart<A> {
    /// The call.
    pub fn into_call(self) -> Call<A> {
        self.0
    }
}

/// The pending slot of a request: the one [`Forms`](super::Forms) put in its extensions, or a
/// fresh one.
fn pending_of(context: &RequestContext<RoleServer>) -> Pending {
    context
        .extensions
        .get::<Pending>()
        .cloned()
        .unwrap_or_else(|| Pending::for_request(context))
}

impl<S, A> FromContextPart<ToolCallContext<'_, S>> for CallPart<A> {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        Ok(CallPart(Call {
            pending: pending_of(&context.request_context),
            context: context.request_context.clone(),
            method: "tools/call",
            name: context.name.to_string(),
            arguments: context.arguments.clone(),
            input_responses: context.input_responses.clone(),
            request_state: context.request_state.clone(),
            arguments_of: PhantomData,
        }))
    }
}

impl<S, A> FromContextPart<PromptContext<'_, S>> for CallPart<A> {
    fn from_context_part(context: &mut PromptContext<'_, S>) -> Result<Self, ErrorData> {
        let round = context.context.extensions.get::<PromptRound>().cloned();
        let rounds = context
            .context
            .protocol_version()
            .is_some_and(|version| matches!(flow(&version), Ok(Flow::InputRequired)));
        if rounds && round.is_none() {
            // rmcp's `#[prompt_handler]` leaves the answers out of the prompt's context: without
            // them the prompt would ask forever.
            return Err(ErrorData::internal_error(
                ElicitError::PromptRoundsUnseen.to_string(),
                None,
            ));
        }
        let (input_responses, request_state) = round
            .map(|r| (r.input_responses, r.request_state))
            .unwrap_or_default();
        Ok(CallPart(Call {
            pending: pending_of(&context.context),
            context: context.context.clone(),
            method: "prompts/get",
            name: context.name.clone(),
            arguments: context.arguments.clone(),
            input_responses,
            request_state,
            arguments_of: PhantomData,
        }))
    }
}
