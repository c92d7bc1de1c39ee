//! [`ask`] and [`Asking`]: forms (and any other input request) from a `tools/call`,
//! `prompts/get` or `resources/read` handler, the same code on every protocol version. On
//! 2026-07-28 a thin adapter over [`rounds`](crate::rounds).

use ::rmcp::model::{
    CallToolRequestParams, GetPromptRequestParams, InputRequiredResult, InputResponses, JsonObject,
    ReadResourceRequestParams, ServerRequest,
};

use ::rmcp::service::{RequestContext, RoleServer};
use serde_json::Value;

use super::caller;
use super::language::CallLanguage;
use super::pending::Pending;
use super::rung::{Rung, Unreached};
use super::send::{Sent, send};
use super::{ElicitError, Flow, Stop, flow};
use crate::answer::Elicitation;
use crate::form::Elicit;
use crate::lang::Preference;
use crate::rounds::{
    Ask, Capability, Exchange, Incoming, Item, Round, RoundError, StateKeys, ask_until_settled,
    distinct_keys,
};
use crate::version::ProtocolVersion;

mod rungs;

pub use rungs::DEFAULT_FORM_WAIT;
pub(crate) use rungs::Ways;
#[cfg(feature = "page")]
pub(crate) use rungs::{Boxed, FormSpec, Ladder};

/// The tool call's arguments read into `T`, asking the user for what the model left out or got
/// wrong, with [`Ask`]'s defaults: see [`Asking::ask_arguments`].
///
/// `T`'s requested schema is also the tool's `inputSchema` ([`input_schema`](super::input_schema)),
/// so the model sees the constraints the form and the parser enforce.
///
/// ```no_run
/// use mcp_elicit::rmcp::{Handled, ask_arguments};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit)]
/// #[elicit(message = "A few details for the issue")]
/// struct CreateIssue {
///     #[elicit(min_length = 3)]
///     title: String,
///     #[elicit(minimum = 1, maximum = 5)]
///     severity: u8,
/// }
///
/// async fn create_issue(
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Handled {
///     let Elicitation::Accepted(issue) = ask_arguments::<CreateIssue>(context, request).await? else {
///         return Ok(CallToolResult::error(vec![ContentBlock::text("the user declined")]));
///     };
///     let text = format!("created {:?} (severity {})", issue.title, issue.severity);
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
/// }
/// ```
///
/// # Errors
///
/// As [`Asking::ask_arguments`].
pub async fn ask_arguments<T: Elicit + Send + 'static>(
    context: &RequestContext<RoleServer>,
    request: &CallToolRequestParams,
) -> Result<Elicitation<T>, Stop> {
    const { crate::form::sendable::<T>() };
    Asking::new(context, request)
        .map_err(Stop::Elicit)?
        .ask_arguments(&Ask::checked_by_caller())
        .await
}

/// Asks for `T`'s form from a handler running on rmcp, the same way on every protocol version,
/// with [`Ask`]'s defaults: see [`Asking::ask`].
///
/// Its error is a [`Stop`]: on 2026-07-28 the form itself, for the handler to return, or why
/// there is no answer. Write the handler to return [`Handled`](super::Handled) and use `?`;
/// [`Respond::respond`](super::Respond::respond) makes its result what rmcp's `ServerHandler`
/// returns (the `InputRequiredResult`, a protocol error, or a tool error the model reads).
///
/// Never swallow the error (`Err(_) => fallback`, `.ok()`, `.unwrap_or(..)`, `if let Ok(..)`):
/// on 2026-07-28 it is the form, and a handler that falls back from it answers without ever
/// asking. A handler whose result passes through this crate still returns the form it asked and
/// swallowed: a `#[tool]` or `#[prompt]` method marked `#[asks]`, and any handler of a server
/// served as [`Forms::new(server)`](super::Forms); a hand-written `ServerHandler` served without
/// `Forms` loses it.
///
/// ```no_run
/// use mcp_elicit::rmcp::{Handled, Respond, ask};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit)]
/// struct Signup {
///     #[elicit(format = "email")]
///     email: String,
///     #[elicit(minimum = 13)]
///     age: u8,
/// }
///
/// async fn signup(
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Handled {
///     // `?`: on 2026-07-28 the form goes back to the client, which calls again with the answer.
///     let Elicitation::Accepted(signup) = ask::<Signup>(context, request).await? else {
///         return Ok(CallToolResult::success(vec![ContentBlock::text("not signed up")]));
///     };
///     Ok(CallToolResult::success(vec![ContentBlock::text(format!("welcome, {}", signup.email))]))
/// }
///
/// // `ServerHandler::call_tool` returns `Result<CallToolResponse, ErrorData>`:
/// async fn call_tool(
///     request: CallToolRequestParams,
///     context: RequestContext<RoleServer>,
/// ) -> Result<CallToolResponse, ErrorData> {
///     signup(&request, &context).await.respond()
/// }
/// ```
///
/// # Errors
///
/// As [`Asking::ask`].
pub async fn ask<T: Elicit + Send + 'static>(
    context: &RequestContext<RoleServer>,
    request: &impl Surface,
) -> Result<Elicitation<T>, Stop> {
    const { crate::form::sendable::<T>() };
    Asking::new(context, request)
        .map_err(Stop::Elicit)?
        .ask(&Ask::checked_by_caller())
        .await
}

impl<T: Elicit + Send + 'static> Ask<T> {
    /// Asks for this form in `request`, handled with `context`: `Asking::new(..)?.ask(self)`.
    /// A handler that asks more than one form in sequence (a wizard) keeps one [`Asking`] for
    /// them all.
    ///
    /// # Errors
    ///
    /// As [`Asking::ask`].
    pub async fn run<R: Surface>(
        &self,
        context: &RequestContext<RoleServer>,
        request: &R,
    ) -> Result<Elicitation<T>, Stop> {
        Asking::new(context, request)
            .map_err(Stop::Elicit)?
            .ask(self)
            .await
    }
}

/// The requests whose handler may ask for input: `tools/call`, `prompts/get` and
/// `resources/read` (sealed).
pub trait Surface: sealed::Sealed + Sync {
    /// The method, as the protocol writes it.
    fn method(&self) -> &'static str;

    /// The tool's or prompt's name, or the resource's URI.
    fn name(&self) -> &str;

    /// The arguments, if any.
    fn arguments(&self) -> Option<&JsonObject>;

    /// The responses to the last round's requests (2026-07-28).
    fn input_responses(&self) -> Option<&InputResponses>;

    /// The state echoed from the last round (2026-07-28).
    fn request_state(&self) -> Option<&str>;
}

pub(super) mod sealed {
    use super::super::pending::Pending;

    pub trait Sealed {
        /// Where the form a handler asks is kept until its result is made: a [`Call`]'s
        /// (`super::super::Call`), or none (the request's extensions may hold one).
        fn pending(&self) -> Option<&Pending> {
            None
        }
    }
    impl Sealed for rmcp::model::CallToolRequestParams {}
    impl Sealed for rmcp::model::GetPromptRequestParams {}
    impl Sealed for rmcp::model::ReadResourceRequestParams {}
}

/// The three impls differ in their method, their name field and whether they have arguments.
macro_rules! surface {
    ($params:ty, $method:literal, |$p:ident| $name:expr, |$q:ident| $arguments:expr) => {
        impl Surface for $params {
            fn method(&self) -> &'static str {
                $method
            }
            fn name(&self) -> &str {
                let $p = self;
                $name
            }
            fn arguments(&self) -> Option<&JsonObject> {
                let $q = self;
                $arguments
            }
            fn input_responses(&self) -> Option<&InputResponses> {
                self.input_responses.as_ref()
            }
            fn request_state(&self) -> Option<&str> {
                self.request_state.as_deref()
            }
        }
    };
}

surface!(CallToolRequestParams, "tools/call", |p| &p.name, |p| p
    .arguments
    .as_ref());
surface!(GetPromptRequestParams, "prompts/get", |p| &p.name, |p| p
    .arguments
    .as_ref());
surface!(
    ReadResourceRequestParams,
    "resources/read",
    |p| &p.uri,
    |_p| None
);

/// One request's asking: every form (and other input request) its handler needs, asked in
/// rounds, the same code on every protocol version.
///
/// - On 2025-06-18 and 2025-11-25 each round's requests are sent (`elicitation/create`,
///   `sampling/createMessage`, `roots/list`) and their answers awaited.
/// - On 2026-07-28 a round not yet answered ends the handler with
///   [`Stop::InputRequired`] (`?` in a handler returning [`Handled`](super::Handled)); the client asks the user
///   and calls again; the handler runs again from the top, and each round answered before is
///   settled from the sealed state without asking again.
///
/// A wizard asks its forms one after another, each depending on the ones before:
///
/// ```no_run
/// use mcp_elicit::rmcp::{Ask, Asking, Handled};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Environment {
///     Staging,
///     Production,
/// }
///
/// #[derive(Elicit)]
/// struct Target {
///     environment: Environment,
/// }
///
/// #[derive(Elicit)]
/// struct Confirm {
///     #[elicit(min_length = 10)]
///     reason: String,
/// }
///
/// async fn deploy(
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Handled {
///     let text = |t: &str| Ok(CallToolResult::success(vec![ContentBlock::text(t)]));
///     let mut asking = Asking::new(context, request)?;
///     let Elicitation::Accepted(target) = asking.ask(&Ask::<Target>::new().key("target")).await? else {
///         return text("not deployed");
///     };
///     if target.environment == Environment::Production {
///         let confirm = asking.ask(&Ask::<Confirm>::new().key("confirm")).await?;
///         if !matches!(confirm, Elicitation::Accepted(_)) {
///             return text("not deployed");
///         }
///     }
///     text("deployed")
/// }
/// ```
pub struct Asking<'a> {
    context: &'a RequestContext<RoleServer>,
    flow: Asked<'a>,
    /// Where a form asked on 2026-07-28 is kept, so that it reaches the client even if the
    /// handler swallows the [`Stop`] ([`Call`](super::Call), [`Forms`](super::Forms)).
    pending: Option<Pending>,
    /// The request's method and the name of its tool or prompt (or its resource's URI).
    method: &'static str,
    name: &'a str,
    /// The request's arguments, for [`Asking::ask_arguments`].
    arguments: Option<&'a JsonObject>,
    /// The person's preference, and the language the call answers in.
    language: CallLanguage,
    /// What the link rung gave in this run of the call ([`Reach`](super::Reach)).
    #[cfg(feature = "page")]
    links: super::link::LinkRun,
}

enum Asked<'a> {
    Requests(ProtocolVersion),
    Rounds(Box<Exchange<'a>>),
}

impl<'a> Asking<'a> {
    /// The asking of `request`, handled with `context`, its state sealed with this process's
    /// keys ([`StateKeys::installed`]).
    ///
    /// On 2026-07-28 this reads what the call brought back: a `requestState` that is not one
    /// this server sealed for this very request and caller (edited, replayed into another tool,
    /// prompt, resource or other arguments, brought back by another signed-in user than the
    /// [`Caller`](super::Caller) it was sealed for, sealed with another key, or expired), or malformed
    /// `inputResponses`, is [`ElicitError::Round`] with a protocol error (`?` into a [`Stop`] and
    /// [`Respond::respond`](super::Respond::respond) make it the JSON-RPC error `-32602`); a handler that would rather start over can match it.
    ///
    /// # Errors
    ///
    /// On 2026-07-28, a refused `requestState` or malformed `inputResponses`
    /// ([`ElicitError::Round`], a protocol error); on any version, a context without a protocol
    /// version ([`ElicitError::NotSupported`]) or a version without elicitation.
    pub fn new<R: Surface>(
        context: &'a RequestContext<RoleServer>,
        request: &'a R,
    ) -> Result<Self, ElicitError> {
        Self::with_keys(context, request, StateKeys::installed())
    }

    /// [`Asking::new`], with the state sealed and opened with `keys`.
    ///
    /// # Errors
    ///
    /// As [`Asking::new`].
    pub fn with_keys<R: Surface>(
        context: &'a RequestContext<RoleServer>,
        request: &'a R,
        keys: &'a StateKeys,
    ) -> Result<Self, ElicitError> {
        let Some(version) = context.protocol_version() else {
            return Err(ElicitError::NotSupported);
        };
        let flow = match flow(&version)? {
            Flow::Requests(version) => Asked::Requests(version),
            Flow::InputRequired => {
                // A version newer than any this crate knows is written as the newest it knows.
                let version = version.as_str().parse().unwrap_or(ProtocolVersion::LATEST);
                let capabilities = context
                    .client_capabilities()
                    .and_then(|c| serde_json::to_value(c).ok());
                let responses = request.input_responses().map(|r| {
                    Value::Object(r.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
                });
                let incoming = Incoming::new(request.method(), request.name())
                    .protocol_version(version)
                    .arguments(request.arguments())
                    .input_responses(responses.as_ref())
                    .request_state(request.request_state())
                    .capabilities(capabilities.as_ref())
                    .caller(caller::of(context));
                Asked::Rounds(Box::new(
                    Exchange::open(keys, incoming).map_err(ElicitError::Round)?,
                ))
            }
        };
        let pending = request
            .pending()
            .or_else(|| context.extensions.get::<Pending>())
            .cloned();
        let language = CallLanguage::of(context);
        Ok(Asking {
            context,
            flow,
            pending,
            method: request.method(),
            name: request.name(),
            arguments: request.arguments(),
            language,
            #[cfg(feature = "page")]
            links: super::link::LinkRun::default(),
        })
    }

    /// The person's language preference, as this request carries it in
    /// `_meta["io.modelcontextprotocol/acceptLanguage"]` (SEP-2792); `None` when it carries none.
    /// Read from this very request, never from the session, an earlier call of a flow or its
    /// `requestState`: a retry that leaves it out is answered in the default language.
    pub fn preference(&self) -> Option<&Preference> {
        self.language.preference()
    }

    /// The language the call answers in: the crate's words chosen for [`Asking::preference`]
    /// ([`Words::choose`](crate::lang::Words::choose); `"en"` without a preference, or when
    /// nothing matches), and once a form or a page is asked ([`Asking::ask`],
    /// [`Asking::ask_arguments`], [`Asking::page`]), the language that form is written in, as
    /// it declares it (a form not translated into the language chosen is asked in its own:
    /// [`Asking::language_of`] says which before asking). With a preference, what the crate
    /// writes reports it as `_meta["io.modelcontextprotocol/contentLanguage"]`: the
    /// `InputRequiredResult`s and the `elicitation/create` requests; the crate's own refusals
    /// report the language they are told in.
    ///
    /// Translate the handler's own texts into it, and say so: return the result as
    /// [`WrittenIn::new(asking.language(), result)`](super::WrittenIn). The crate reports no
    /// language on a result the handler wrote unless told.
    pub fn language(&self) -> &str {
        self.language.language()
    }

    /// The round about to be asked is written in `language` (a page's, a URL request's).
    pub(super) fn asked_in(&mut self, language: String) {
        self.language.answer_in(language);
    }

    /// The language `T`'s form will be asked in for this call, before asking it: the one
    /// [`Asking::preference`] chooses among the form's own ([`Elicit::in_language`]), its first
    /// without a preference or when none matches. That is the language its request reports.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    /// use mcp_elicit::lang::Preference;
    ///
    /// #[derive(Elicit)]
    /// struct Confirm {
    ///     sure: bool,
    /// }
    ///
    /// // What `asking.language_of::<Confirm>()` says for a call that prefers French: the form
    /// // is written in English only.
    /// assert_eq!(Confirm::in_language(&Preference::parse("fr")).language, "en");
    /// ```
    pub fn language_of<T: Elicit>(&self) -> &'static str {
        match self.language.preference() {
            Some(preference) => T::in_language(preference).language,
            None => T::LANGUAGES[0],
        }
    }

    /// Asks for the form `ask` describes and gives the user's answer: `Accepted` with the values
    /// (every constraint checked), `Declined` or `Cancelled`.
    ///
    /// An accepted answer that breaks the form's rules asks again, its message naming every
    /// problem, the values the user got right filled in (as `default`s; 2025-06-18 shows them on
    /// booleans only), up to [`Ask::rounds`] times in all; then the error is
    /// [`RoundError::StillInvalid`]. A client that did not declare form elicitation is asked
    /// nothing: [`ElicitError::NotSupported`] before 2026-07-28, and on 2026-07-28
    /// [`RoundError::MissingCapability`] (the JSON-RPC error `-32021`).
    ///
    /// # Errors
    ///
    /// [`Stop::InputRequired`] on 2026-07-28 while the form is asked (not a failure:
    /// return it); otherwise [`Stop::Elicit`]: a missing capability; [`RoundError::StillInvalid`] when the rounds are
    /// spent; a failed request or a malformed answer.
    pub async fn ask<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
    ) -> Result<Elicitation<T>, Stop> {
        let item = match self.language.preference() {
            Some(preference) => ask.item_in(preference),
            None => ask.item(),
        };
        let mut item = item.map_err(|e| Stop::Elicit(ElicitError::Round(e)))?;
        let rung = self.rung();
        if rung != Rung::Form {
            self.reached(rung, &ask.key);
            return self.below_form(ask, rung, None).await;
        }
        if let Some(answer) = self.linked_before(ask, None).await? {
            return Ok(answer);
        }
        self.reached(rung, &ask.key);
        self.language.answer_in(item.language().to_owned());
        match self.round(&mut [&mut item]).await {
            Err(Stop::Elicit(ElicitError::Unreached(Unreached::NotAnswered { waited }))) => {
                return self.unanswered(ask, waited, None).await;
            }
            asked => asked?,
        }
        match item.take() {
            Some(answer) => Ok(answer),
            None => Err(Stop::Elicit(self.missing(Capability::ElicitationForm))),
        }
    }

    /// The tool's arguments read into `T`, asking the user for what the model left out or got
    /// wrong: see [`Ask::arguments_item`]. Arguments that keep every rule are read without
    /// asking anything, on every version and whatever the client declared. Otherwise one form of
    /// exactly the missing and invalid fields is asked (its message naming every problem), the
    /// answer merged and judged again, as [`Asking::ask`] asks; on 2026-07-28 the round's state
    /// is bound to the call's arguments, so a retry cannot change the ones the model gave.
    ///
    /// A client that cannot be asked (no form elicitation) gets
    /// [`ElicitError::InvalidArguments`], the arguments' problems, which the [`Stop`] makes a
    /// tool error for the model to read and call again.
    ///
    /// # Errors
    ///
    /// [`Stop::InputRequired`] on 2026-07-28 while the form is asked (not a failure:
    /// return it); [`ElicitError::InvalidArguments`] when the client cannot be asked; otherwise
    /// as [`Asking::ask`].
    pub async fn ask_arguments<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
    ) -> Result<Elicitation<T>, Stop> {
        let item = match self.language.preference() {
            Some(preference) => ask.arguments_item_in(self.arguments, preference),
            None => ask.arguments_item(self.arguments),
        };
        let mut item = item.map_err(|e| Stop::Elicit(ElicitError::Round(e)))?;
        if !item.is_settled() {
            let rung = self.rung();
            if rung == Rung::Form
                && let Some(answer) = self.linked_before(ask, self.arguments).await?
            {
                return Ok(answer);
            }
            self.reached(rung, &ask.key);
            // The form; or, with no reach with pages, the model told the arguments' problems
            // (to call again); else below the form.
            if !matches!(rung, Rung::Form | Rung::Unreached(Unreached::NoPages)) {
                return self.below_form(ask, rung, self.arguments).await;
            }
            self.language.answer_in(item.language().to_owned());
        }
        match self.round(&mut [&mut item]).await {
            Err(Stop::Elicit(ElicitError::Unreached(Unreached::NotAnswered { waited }))) => {
                return self.unanswered(ask, waited, self.arguments).await;
            }
            asked => asked?,
        }
        let error = match (item.take(), item.problems()) {
            (Some(answer), _) => return Ok(answer),
            (None, Some(problems)) => ElicitError::InvalidArguments(problems.clone()),
            (None, None) => self.missing(Capability::ElicitationForm),
        };
        Err(Stop::Elicit(error))
    }

    /// Asks for every item in one round: on 2026-07-28 in one `InputRequiredResult`, on older
    /// versions one request after another. A form's answer is read from its
    /// [`FormItem`](crate::rounds::FormItem), any other request's response from its
    /// [`Input`](crate::rounds::Input). An item whose capability the client did not declare is
    /// left out (its `is_unavailable()`), for the handler to fall back from.
    ///
    /// # Errors
    ///
    /// [`Stop::InputRequired`] on 2026-07-28 while the round is asked (not a failure:
    /// return it); a malformed response, a spent form, two items with one key, or a failed
    /// request.
    pub async fn round(&mut self, items: &mut [&mut dyn Item]) -> Result<(), Stop> {
        let Some(mut form) = self.settle(items).await.map_err(Stop::Elicit)? else {
            return Ok(());
        };
        self.language.report(&mut form);
        if let Some(pending) = &self.pending {
            pending.keep(&form);
        }
        Err(Stop::InputRequired(Box::new(form)))
    }

    /// [`Asking::round`]: `None` when every item is settled, the `InputRequiredResult` of the
    /// round when some are asked (2026-07-28).
    async fn settle(
        &mut self,
        items: &mut [&mut dyn Item],
    ) -> Result<Option<InputRequiredResult>, ElicitError> {
        match &mut self.flow {
            Asked::Rounds(exchange) => match exchange.round(items).map_err(ElicitError::Round)? {
                Round::Settled => Ok(None),
                Round::InputRequired => {
                    let result = exchange.input_required().map_err(ElicitError::Round)?;
                    serde_json::from_value(result)
                        .map(Some)
                        .map_err(ElicitError::Model)
                }
            },
            Asked::Requests(version) => {
                let version = *version;
                let capabilities = self
                    .context
                    .client_capabilities()
                    .and_then(|c| serde_json::to_value(c).ok());
                distinct_keys(items).map_err(ElicitError::Round)?;
                for item in items.iter_mut() {
                    if item.is_settled() {
                        continue;
                    }
                    if !item.capability().declared_in(capabilities.as_ref()) {
                        item.set_unavailable();
                        continue;
                    }
                    send_rounds(self.context, version, &mut **item).await?;
                }
                Ok(None)
            }
        }
    }

    /// The call's version, when it asks by requests (before 2026-07-28); `None` on a version
    /// with rounds.
    #[cfg(feature = "page")]
    pub(super) fn requests_version(&self) -> Option<ProtocolVersion> {
        match self.flow {
            Asked::Requests(version) => Some(version),
            Asked::Rounds(_) => None,
        }
    }

    /// The request's context.
    #[cfg(feature = "page")]
    pub(super) fn context(&self) -> &'a RequestContext<RoleServer> {
        self.context
    }

    /// The call's exchange, on a version with rounds.
    #[cfg(feature = "page")]
    pub(super) fn exchange(&mut self) -> Option<&mut Exchange<'a>> {
        match &mut self.flow {
            Asked::Rounds(exchange) => Some(exchange),
            Asked::Requests(_) => None,
        }
    }

    /// The error for a request whose capability the client lacks.
    fn missing(&self, capability: Capability) -> ElicitError {
        match self.flow {
            Asked::Rounds(_) => ElicitError::Round(RoundError::MissingCapability(capability)),
            Asked::Requests(_) => ElicitError::NotSupported,
        }
    }
}

/// 2025-06-18 and 2025-11-25: a request per round, until an answer.
/// Each request is raced against the call's cancellation and the reach's wait
/// ([`Reach::wait`](super::Reach::wait)): a call cancelled while the client shows the form ends
/// at once, as `Cancelled`; a form not answered in time ends as [`Unreached::NotAnswered`]; either
/// way the client is told the request is over.
async fn send_rounds(
    context: &RequestContext<RoleServer>,
    version: ProtocolVersion,
    item: &mut dyn Item,
) -> Result<(), ElicitError> {
    ask_until_settled(
        item,
        |item, retry| {
            let request = item.request_for(version, retry)?;
            serde_json::from_value::<ServerRequest>(request).map_err(ElicitError::Model)
        },
        |request| async move {
            let wait = Ways::wait_of(context);
            match send(context, request, Some(wait)).await? {
                Sent::Answered(response) => {
                    serde_json::to_value(response).map_err(ElicitError::Model)
                }
                Sent::Cancelled => Ok(serde_json::json!({"action": "cancel"})),
                Sent::TimedOut => Err(ElicitError::Unreached(Unreached::NotAnswered {
                    waited: wait,
                })),
            }
        },
    )
    .await
    .map_err(|error| match error {
        // The answer came as the request's result: no key, no call to retry.
        ElicitError::Round(round) => ElicitError::Round(round.answered(None)),
        other => other,
    })
}
