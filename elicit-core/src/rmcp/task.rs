//! [`TaskCall`]: forms asked from a task of rmcp's tasks extension (SEP-2663), typed, judged and
//! asked again with `?`, as from any handler.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};

use ::rmcp::model::{
    CallToolResponse, CallToolResult, ClientCapabilities, CreateTaskResult, ErrorData, InputRequest,
};
use ::rmcp::service::{RequestContext, RoleServer};
use ::rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use serde_json::Value;

use super::{ElicitError, Stop};
use crate::answer::Elicitation;
use crate::form::Elicit;
use crate::lang::{Preference, Words};
use crate::rounds::{Ask, Capability, Item, RoundError, ask_until_settled};
use crate::version::ProtocolVersion;

/// Runs `work` as a task of `tasks` (rmcp's tasks extension, SEP-2663) and gives the
/// `CreateTaskResult` for the `tools/call` to return: `work` asks its forms through the
/// [`TaskCall`] it is given, with `?`, and returns [`Handled`](super::Handled) as a tool does.
/// [`Call::task`](super::Call::task) is the same from a `#[tool]` method marked `#[asks]`.
///
/// How the task ends is how a tool's call would: `work`'s result completes it; a protocol fault
/// (a malformed answer, a client without form elicitation, a key rmcp refused) fails it with
/// that JSON-RPC error; an answer that kept breaking the form's rules, or any error of `work`'s
/// own that `?` met, completes it with a tool error (`isError`) naming why; a `tasks/cancel` that
/// arrives while a form is asked cancels it.
///
/// The server shares one `TaskManager` across requests (rmcp's Streamable HTTP service makes a
/// server per request on 2026-07-28), declares the extension (`enable_tasks()`), and answers
/// `tasks/get`, `tasks/update` and `tasks/cancel` from it: `tasks/update` routes each answer to
/// the form asked under its key.
///
/// ```no_run
/// use mcp_elicit::rmcp::{Respond, task};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData};
/// use rmcp::service::{RequestContext, RoleServer};
/// use rmcp::task_manager::{TaskManager, TaskOptions};
///
/// #[derive(Elicit)]
/// #[elicit(message = "40 files match. Delete them?")]
/// struct Confirm {
///     confirm: bool,
/// }
///
/// async fn call_tool(
///     tasks: &TaskManager,
///     context: RequestContext<RoleServer>,
/// ) -> Result<CallToolResponse, ErrorData> {
///     task(&context, tasks, TaskOptions::new(), |task| async move {
///         let text = match task.ask::<Confirm>().await? {
///             Elicitation::Accepted(Confirm { confirm: true }) => "Deleted 40 files.",
///             _ => "Nothing was deleted.",
///         };
///         Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
///     })
///     .respond()
/// }
/// ```
///
/// # Errors
///
/// A client that did not declare the tasks extension: the JSON-RPC error `-32021` naming it
/// (rmcp's own for a task such a client cannot read; run the work in the call instead, as the
/// guide shows). A server served as [`Forms::new(server)`](super::Forms) without
/// [`Forms::with_tasks`](super::Forms::with_tasks) whose own `tasks/get` is rmcp's default
/// (`-32601`): an internal error saying to serve it `.with_tasks(tasks)`, before any task is made
/// (its forms could never be seen).
pub fn task(
    context: &RequestContext<RoleServer>,
    tasks: &TaskManager,
    options: TaskOptions,
    work: impl TaskWork,
) -> Result<CallToolResponse, Stop> {
    let capabilities = context.client_capabilities();
    if !capabilities
        .as_ref()
        .is_some_and(ClientCapabilities::supports_tasks)
    {
        return Err(Stop::Protocol(
            ErrorData::missing_required_client_capability(
                ClientCapabilities::builder().enable_tasks().build(),
            ),
        ));
    }
    if context.extensions.get::<TasksUnanswered>().is_some() {
        return Err(Stop::Protocol(ErrorData::internal_error(
            ElicitError::TasksUnanswered.to_string(),
            None,
        )));
    }
    let version = context
        .protocol_version()
        .and_then(|version| version.as_str().parse().ok())
        .unwrap_or(ProtocolVersion::LATEST);
    let capabilities = capabilities.and_then(|c| serde_json::to_value(c).ok());
    let preference = super::language::preference_of(context);
    let words = preference.as_ref().map(Words::choose);
    let running = tasks.spawn(options, move |context| {
        let call = TaskCall {
            context,
            version,
            capabilities,
            preference,
        };
        Box::pin(async move { ended(work(call).await, words.as_deref()) })
    });
    Ok(CreateTaskResult::new(running).into())
}

/// The work of a task ([`task`], [`Call::task`](super::Call::task)): a closure given the task's
/// [`TaskCall`], whose future gives the tool's result as a tool's [`Handled`](super::Handled)
/// does, `|task| async move { .. }`. Every such closure is one.
#[diagnostic::on_unimplemented(
    message = "a task's work is a closure given the `TaskCall`, whose future gives `Handled` (`Result<CallToolResult, Stop>`)",
    label = "write `|task| async move {{ .. }}`, returning `Ok(CallToolResult::success(..))`"
)]
pub trait TaskWork: FnOnce(TaskCall) -> <Self as TaskWork>::Future + Send + 'static {
    /// The work's future.
    type Future: Future<Output = Result<CallToolResult, Stop>> + Send + 'static;
}

impl<W, F> TaskWork for W
where
    W: FnOnce(TaskCall) -> F + Send + 'static,
    F: Future<Output = Result<CallToolResult, Stop>> + Send + 'static,
{
    type Future = F;
}

/// Put in a `tools/call`'s extensions by [`Forms`](super::Forms) served without
/// [`Forms::with_tasks`](super::Forms::with_tasks) when the server's own `tasks/get` is rmcp's
/// default: a task made there could never be seen.
#[derive(Clone, Copy)]
pub(crate) struct TasksUnanswered;

/// How a task whose work ended with `result` settles: as a tool's call would answer, the
/// crate's own refusals told in `words` (chosen for the preference of the call that made it).
fn ended(
    result: Result<CallToolResult, Stop>,
    words: Option<&Words>,
) -> Result<CallToolResult, TaskExit> {
    let response = match result {
        Ok(result) => return Ok(result),
        Err(Stop::Elicit(ElicitError::TaskCancelled)) => return Err(TaskExit::Cancelled),
        Err(stop) => stop.into_tool_response_in(words),
    };
    match response {
        Ok(CallToolResponse::Complete(result)) => Ok(result),
        Ok(_) => Err(TaskExit::Error(ErrorData::internal_error(
            "a task's work asked for input as a call does: ask through its TaskCall",
            None,
        ))),
        Err(error) => Err(TaskExit::Error(error)),
    }
}

/// A running task of a call: ask forms in it with `?` ([`TaskCall::ask`], [`TaskCall::run`]).
/// Made by [`task`] (or [`Call::task`](super::Call::task)) for the task's work.
///
/// Each form is asked as an input request of the task (`tasks/get` shows it under
/// `inputRequests`; the client answers with `tasks/update`), typed and judged as on every other
/// surface: an answer that breaks the form's rules is asked again, its message naming every
/// problem and the valid values filled in, under a fresh key (a task's keys are single use), up
/// to [`Ask::rounds`] times in all. Forms asked at once (`tokio::join!`) are pending at once.
pub struct TaskCall {
    context: TaskContext,
    version: ProtocolVersion,
    /// The client's capabilities, as the call that made the task declared them.
    capabilities: Option<Value>,
    /// The person's language preference, as the call that made the task carried it.
    preference: Option<Preference>,
}

impl TaskCall {
    /// The person's language preference, as the call that made the task carried it
    /// (SEP-2792): its forms are asked in the language it chooses.
    pub fn preference(&self) -> Option<&Preference> {
        self.preference.as_ref()
    }

    /// rmcp's context of the task (its id, status message, cancellation).
    pub fn context(&self) -> &TaskContext {
        &self.context
    }

    /// Asks for `T`'s form and gives the user's answer: `Accepted` with the values (every
    /// constraint checked), `Declined` or `Cancelled`.
    ///
    /// # Errors
    ///
    /// A [`Stop`], for `?` in the task's work: the client did not declare form elicitation
    /// ([`RoundError::MissingCapability`]), its answer is malformed, the rounds are spent
    /// ([`RoundError::StillInvalid`]), rmcp refused the request, or the task was cancelled
    /// ([`ElicitError::TaskCancelled`]).
    pub async fn ask<T: Elicit + Send + 'static>(&self) -> Result<Elicitation<T>, Stop> {
        self.run(&Ask::checked_by_caller()).await
    }

    /// Asks for the form `ask` describes (its message, key, rounds, `_meta`): its key, with a
    /// number, names each of its input requests.
    ///
    /// # Errors
    ///
    /// As [`TaskCall::ask`].
    pub async fn run<T: Elicit + Send + 'static>(
        &self,
        ask: &Ask<T>,
    ) -> Result<Elicitation<T>, Stop> {
        let round = |e: RoundError| Stop::Elicit(ElicitError::Round(e));
        let item = match &self.preference {
            Some(preference) => ask.item_in(preference),
            None => ask.item(),
        };
        let mut item = item.map_err(round)?;
        if !item.capability().declared_in(self.capabilities.as_ref()) {
            return Err(round(RoundError::MissingCapability(
                Capability::ElicitationForm,
            )));
        }
        // The key the last question went under: what the client answered, and a malformed
        // answer is named by.
        let mut asked_under = String::new();
        ask_until_settled(
            &mut item,
            |item, retry| {
                let request = item.request_for(self.version, retry)?;
                let key = fresh_key(item.key());
                let request = serde_json::from_value::<InputRequest>(request)
                    .map_err(|e| Stop::Elicit(ElicitError::Model(e)))?;
                Ok((key, request))
            },
            |(key, request)| {
                asked_under.clone_from(&key);
                async move {
                    // Cancelled before the question: nobody is left to answer it.
                    self.stop_if_cancelled()?;
                    match self.context.request_input(key, request).await {
                        Ok(response) => Ok(response),
                        Err(TaskExit::Cancelled) => Err(Stop::Elicit(ElicitError::TaskCancelled)),
                        Err(TaskExit::Error(error)) => Err(Stop::Protocol(error)),
                    }
                }
            },
        )
        .await
        .map_err(|stop| match stop {
            Stop::Elicit(ElicitError::Round(error)) => round(error.answered(Some(&asked_under))),
            other => other,
        })?;
        item.take().ok_or(round(RoundError::MissingCapability(
            Capability::ElicitationForm,
        )))
    }

    /// Ends the work as cancelled if the client cancelled the task (`tasks/cancel`): write
    /// `task.stop_if_cancelled()?` between the steps of long work. (A form asked once the task is
    /// cancelled, or waiting when it is, ends it so by itself; [`TaskCall::unless_cancelled`]
    /// ends a long wait.)
    ///
    /// # Errors
    ///
    /// [`ElicitError::TaskCancelled`] once the task was cancelled: the task ends `cancelled`.
    pub fn stop_if_cancelled(&self) -> Result<(), Stop> {
        if self.context.is_cancel_requested() {
            return Err(Stop::Elicit(ElicitError::TaskCancelled));
        }
        Ok(())
    }

    /// `work`'s output, unless the client cancels the task first (`tasks/cancel`): then `work`
    /// is dropped and the task ends `cancelled`, with `?`.
    ///
    /// # Errors
    ///
    /// [`ElicitError::TaskCancelled`] when the task was cancelled before `work` finished.
    pub async fn unless_cancelled<F: Future>(&self, work: F) -> Result<F::Output, Stop> {
        tokio::select! {
            output = work => Ok(output),
            () = self.context.cancelled() => Err(Stop::Elicit(ElicitError::TaskCancelled)),
        }
    }
}

/// `key` made unique in this process: rmcp refuses a key a task used before, and each question
/// of a task (a form asked again, the same form asked twice) is a request of its own.
fn fresh_key(key: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!("{key}-{}", NEXT.fetch_add(1, Ordering::Relaxed))
}
