//! [`ask`]: one call for a form from a tool, the same on every protocol version, asking again
//! (with what the user got right filled in) while the answer breaks the form's rules.

use std::borrow::Cow;
use std::future::Future;
use std::marker::PhantomData;

use ::rmcp::model::{
    CallToolRequestParams, ElicitRequest, ElicitRequestParams, ElicitResult, InputRequests,
    InputRequiredResult,
};
use ::rmcp::service::{Peer, RequestContext, RoleServer};
use serde_json::Value;

use super::state::State;
use super::{ElicitError, Flow, action, elicitation_schema, flow, supports_form};
use crate::answer::Elicitation;
use crate::error::{ContentError, ElicitResultError};
use crate::form::Elicit;
use crate::request::{FormRequest, runtime_defaults};
use crate::schema::{Choices, Content};
use crate::version::ProtocolVersion;

/// How many times [`ask`] asks for a form, at most, by default: once, and twice more while the
/// answer breaks the form's rules.
pub const DEFAULT_ROUNDS: u8 = 3;

/// The key a form travels under in `inputRequests` (2026-07-28) by default.
pub const DEFAULT_KEY: &str = "form";

/// Asks for `T`'s form from a tool running on rmcp, the same way on every protocol version, with
/// [`Ask`]'s defaults: see [`Ask::run`].
///
/// ```no_run
/// use mcp_elicit::rmcp::ask;
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
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
///     request: CallToolRequestParams,
///     context: RequestContext<RoleServer>,
/// ) -> CallToolResponse {
///     let signup = match ask::<Signup>(&context, &request).await {
///         Ok(Elicitation::Accepted(signup)) => signup,
///         Ok(_) => return CallToolResult::success(vec![ContentBlock::text("not signed up")]).into(),
///         // The form itself on 2026-07-28 (the client calls again with the answer), or a tool
///         // error saying why there is no answer.
///         Err(stop) => return stop.into(),
///     };
///     CallToolResult::success(vec![ContentBlock::text(format!("welcome, {}", signup.email))]).into()
/// }
/// ```
pub async fn ask<T: Elicit + Send + 'static>(
    context: &RequestContext<RoleServer>,
    request: &CallToolRequestParams,
) -> Result<Elicitation<T>, ElicitError> {
    Ask::new().run(context, request).await
}

/// A form to ask for from a tool, with its message, its number of rounds and its key; [`ask`] is
/// `Ask::new().run(..)`.
///
/// ```
/// use mcp_elicit::Elicit;
/// use mcp_elicit::rmcp::Ask;
///
/// #[derive(Elicit)]
/// struct Confirm {
///     sure: bool,
/// }
///
/// let asking = Ask::<Confirm>::new()
///     .message("Really delete the project?")
///     .rounds(1)
///     .key("confirm");
/// # let _ = asking;
/// ```
pub struct Ask<T> {
    message: Cow<'static, str>,
    rounds: u8,
    key: Cow<'static, str>,
    choices: Vec<(Cow<'static, str>, Choices)>,
    form: PhantomData<fn() -> T>,
}

impl<T: Elicit + Send + 'static> Default for Ask<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Elicit + Send + 'static> Ask<T> {
    /// `T`'s form under `T::message()`, asked up to [`DEFAULT_ROUNDS`] times, under the key
    /// [`DEFAULT_KEY`].
    pub fn new() -> Self {
        Ask {
            message: Cow::Borrowed(T::message()),
            rounds: DEFAULT_ROUNDS,
            key: Cow::Borrowed(DEFAULT_KEY),
            choices: Vec::new(),
            form: PhantomData,
        }
    }

    /// The options of the runtime select `field` ([`Pick`](crate::field::Pick) or
    /// [`Picks`](crate::field::Picks), by wire name), for this ask.
    ///
    /// The answer is checked against exactly these options. On 2026-07-28 the retried call is a
    /// fresh call, and this crate keeps nothing of the first: the tool supplies the options again
    /// (computed from the call's arguments, which the retried call repeats), and the answer is
    /// checked against those, never against anything the client sends back, so a client cannot
    /// widen them. Mistakes in them ([`ChoicesError`](crate::schema::ChoicesError)) are
    /// [`ElicitError::Choices`], before
    /// anything is sent.
    pub fn choices(
        mut self,
        field: impl Into<Cow<'static, str>>,
        choices: impl Into<Choices>,
    ) -> Self {
        self.choices.push((field.into(), choices.into()));
        self
    }

    /// The message shown above the form.
    pub fn message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.message = message.into();
        self
    }

    /// How many times to ask, at most (at least once): after an answer that breaks the form's
    /// rules, the form is asked again until this many rounds have passed.
    pub fn rounds(mut self, rounds: u8) -> Self {
        self.rounds = rounds.max(1);
        self
    }

    /// The key of the form in `inputRequests` and `inputResponses` (2026-07-28): give each form a
    /// tool asks for its own.
    pub fn key(mut self, key: impl Into<Cow<'static, str>>) -> Self {
        self.key = key.into();
        self
    }

    /// Asks for the form in the tool call `request`, handled with `context`, and gives the
    /// user's answer: `Accepted` with the values (every constraint checked), `Declined` or
    /// `Cancelled`.
    ///
    /// - On 2025-06-18 and 2025-11-25 it sends `elicitation/create` and awaits the answer.
    /// - On 2026-07-28, where a server sends no requests, the first call ends with
    ///   [`ElicitError::InputRequired`], the form in an `InputRequiredResult` for the tool to
    ///   return (`Err(stop) => return stop.into()`); the client asks the user and calls the tool
    ///   again, and this reads the answer from that call's `inputResponses`.
    ///
    /// An accepted answer that breaks the form's rules is not the end: the form is asked again,
    /// its message naming every problem, the values the user got right filled in (as `default`s;
    /// 2025-06-18 shows them on booleans only), up to [`Ask::rounds`] times in all; then the
    /// error is [`ElicitError::StillInvalid`]. Decline and cancel end it at once.
    ///
    /// On 2026-07-28 the server keeps nothing between calls: the round travels in
    /// `requestState`, which the client sends back and could change. Nothing in it can make an
    /// answer pass (every answer is checked in full, each time it is read) or grant more rounds
    /// than a fresh call has. A state this crate did not write for these forms, or one longer
    /// than any it writes, is [`ElicitError::RequestState`]; an answer without one counts as the
    /// last round.
    ///
    /// Before anything is sent, a client that declared no form elicitation (on 2026-07-28, in
    /// the request's own capabilities) gets [`ElicitError::NotSupported`], never a form.
    ///
    /// A tool that needs several forms asks for them together, with [`AskAll`]: on 2026-07-28 a
    /// retried call carries the answers to the last `InputRequiredResult` only, so a second
    /// `run` after a first would find the first form unanswered and ask it again.
    pub async fn run(
        &self,
        context: &RequestContext<RoleServer>,
        request: &CallToolRequestParams,
    ) -> Result<Elicitation<T>, ElicitError> {
        let mut form = Slot::new(self)?;
        settle(context, request, &mut [&mut form], self.rounds).await?;
        Ok(form.take())
    }
}

/// Several forms asked together, each under its own key: on 2026-07-28 in one
/// `InputRequiredResult` (`inputRequests` with a key per form), on older versions one after the
/// other. Implemented for tuples of two to four [`Ask`]s; the answers come back typed, in the
/// same order. A form the user declines does not stop the others.
///
/// ```no_run
/// use mcp_elicit::rmcp::{Ask, AskAll};
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit)]
/// struct Shipping {
///     address: String,
/// }
///
/// #[derive(Elicit)]
/// struct Payment {
///     #[elicit(default = true)]
///     invoice: bool,
/// }
///
/// async fn checkout(
///     request: CallToolRequestParams,
///     context: RequestContext<RoleServer>,
/// ) -> CallToolResponse {
///     let forms = (Ask::<Shipping>::new().key("shipping"), Ask::<Payment>::new().key("payment"));
///     match forms.run_all(&context, &request).await {
///         Ok((Elicitation::Accepted(shipping), Elicitation::Accepted(payment))) => {
///             let text = format!("to {}, invoice: {}", shipping.address, payment.invoice);
///             CallToolResult::success(vec![ContentBlock::text(text)]).into()
///         }
///         Ok(_) => CallToolResult::success(vec![ContentBlock::text("not ordered")]).into(),
///         Err(stop) => stop.into(),
///     }
/// }
/// ```
pub trait AskAll {
    /// The answers, one [`Elicitation`] per form, in order.
    type Answers;

    /// Asks for every form in the tool call `request`, as [`Ask::run`] asks for one; the round
    /// limit is the smallest of the forms' [`Ask::rounds`]. Keys must differ.
    fn run_all(
        &self,
        context: &RequestContext<RoleServer>,
        request: &CallToolRequestParams,
    ) -> impl Future<Output = Result<Self::Answers, ElicitError>> + Send;
}

macro_rules! ask_all {
    ($($form:ident $slot:ident $index:tt),+) => {
        impl<$($form: Elicit + Send + 'static),+> AskAll for ($(Ask<$form>,)+) {
            type Answers = ($(Elicitation<$form>,)+);

            fn run_all(
                &self,
                context: &RequestContext<RoleServer>,
                request: &CallToolRequestParams,
            ) -> impl Future<Output = Result<Self::Answers, ElicitError>> + Send {
                async move {
                    let rounds = [$(self.$index.rounds),+].into_iter().min().unwrap_or(DEFAULT_ROUNDS);
                    $(let mut $slot = Slot::new(&self.$index)?;)+
                    settle(context, request, &mut [$(&mut $slot),+], rounds).await?;
                    Ok(($($slot.take(),)+))
                }
            }
        }
    };
}

ask_all!(A a 0, B b 1);
ask_all!(A a 0, B b 1, C c 2);
ask_all!(A a 0, B b 1, C c 2, D d 3);

/// One form being asked, whatever its type: what the rounds need of it.
trait Pending: Send {
    /// Its key in `inputRequests` and `inputResponses`.
    fn key(&self) -> &str;

    /// Its first request.
    fn first(&self) -> FormRequest<'static>;

    /// Judges an answer given as its `action` and `content`: keeps it and gives `None` if it
    /// settles the form (declined, cancelled, or accepted with values that keep every rule);
    /// gives what to ask again with if it breaks some (or leaves out required fields); a
    /// malformed answer is an error.
    fn judge(
        &mut self,
        action: &str,
        content: Option<&Value>,
    ) -> Result<Option<Retry>, ElicitError>;

    /// [`Pending::judge`], of a whole `ElicitResult` as JSON (one of `inputResponses`).
    fn judge_result(&mut self, result: &Value) -> Result<Option<Retry>, ElicitError>;
}

/// An accepted answer that breaks the form's rules: its content, to fill in the next round, and
/// its problems.
struct Retry {
    content: Content,
    problems: ContentError,
}

/// A form of type `T`, its first request, and its answer once it has one.
struct Slot<'a, T> {
    ask: &'a Ask<T>,
    first: FormRequest<'static>,
    answer: Option<Elicitation<T>>,
}

impl<'a, T: Elicit + Send + 'static> Slot<'a, T> {
    /// The form as `ask` asks for it: with its runtime options filled in, if it has any (a form
    /// without keeps its `static` schema).
    fn new(ask: &'a Ask<T>) -> Result<Self, ElicitError> {
        let mut first = FormRequest::new(ask.message.clone(), T::requested_schema());
        if T::requested_schema().has_runtime_selects() || !ask.choices.is_empty() {
            first = first
                .with_choices(ask.choices.iter().map(|(name, c)| (name.as_ref(), c)))
                .map_err(ElicitError::Choices)?;
        }
        Ok(Slot {
            ask,
            first,
            answer: None,
        })
    }

    /// The answer: [`settle`] gives `Ok` only once every form has one.
    fn take(self) -> Elicitation<T> {
        self.answer
            .expect("`settle` returns `Ok` only once every form is answered")
    }
}

impl<T: Elicit + Send + 'static> Pending for Slot<'_, T> {
    fn key(&self) -> &str {
        &self.ask.key
    }

    fn first(&self) -> FormRequest<'static> {
        self.first.clone()
    }

    fn judge(
        &mut self,
        action: &str,
        content: Option<&Value>,
    ) -> Result<Option<Retry>, ElicitError> {
        // Options supplied at run time: the answer keeps to those this request sent, and takes
        // their defaults.
        let filled;
        let mut content = content;
        if action == "accept"
            && let Some(Value::Object(values)) = content
            && self.first.schema().has_runtime_selects()
        {
            if let Err(problems) = self.first.schema().validate(values) {
                return Ok(Some(Retry {
                    content: values.clone(),
                    problems,
                }));
            }
            if let Some(with_defaults) = runtime_defaults::<T>(self.first.schema(), values) {
                filled = Value::Object(with_defaults);
                content = Some(&filled);
            }
        }
        let (content, problems) = match Elicitation::<T>::from_parts(action, content) {
            Ok(answer) => {
                self.answer = Some(answer);
                return Ok(None);
            }
            Err(ElicitResultError::Content(problems)) => match content {
                Some(Value::Object(content)) => (content.clone(), problems),
                _ => (Content::new(), problems),
            },
            Err(ElicitResultError::MissingContent) => {
                let empty = Content::new();
                match T::from_content(&empty) {
                    Err(problems) => (empty, problems),
                    Ok(value) => {
                        self.answer = Some(Elicitation::Accepted(value));
                        return Ok(None);
                    }
                }
            }
            Err(error) => return Err(ElicitError::Answer(error)),
        };
        Ok(Some(Retry { content, problems }))
    }

    fn judge_result(&mut self, result: &Value) -> Result<Option<Retry>, ElicitError> {
        match result.get("action").and_then(Value::as_str) {
            Some(action) => self.judge(action, result.get("content")),
            // Not a result at all: the reader says what is wrong with it.
            None => match Elicitation::<T>::from_result(result) {
                Ok(answer) => {
                    self.answer = Some(answer);
                    Ok(None)
                }
                Err(error) => Err(ElicitError::Answer(error)),
            },
        }
    }
}

/// Asks for `forms` in the tool call `request` until each has an answer, on the client's
/// protocol version, in at most `rounds` rounds.
async fn settle(
    context: &RequestContext<RoleServer>,
    request: &CallToolRequestParams,
    forms: &mut [&mut dyn Pending],
    rounds: u8,
) -> Result<(), ElicitError> {
    let Some(version) = context.protocol_version() else {
        return Err(ElicitError::NotSupported);
    };
    if !context
        .client_capabilities()
        .is_some_and(|c| supports_form(&c))
    {
        return Err(ElicitError::NotSupported);
    }
    for (i, form) in forms.iter().enumerate() {
        if forms[..i].iter().any(|other| other.key() == form.key()) {
            return Err(ElicitError::SameKey {
                key: form.key().to_owned(),
            });
        }
    }
    match flow(&version)? {
        Flow::InputRequired => settle_from_input_responses(request, forms, rounds),
        Flow::Requests(version) => {
            for form in forms.iter_mut() {
                send_rounds(&context.peer, version, &mut **form, rounds).await?;
            }
            Ok(())
        }
    }
}

/// 2025-06-18 and 2025-11-25: a request per round, until an answer.
async fn send_rounds(
    peer: &Peer<RoleServer>,
    version: ProtocolVersion,
    form: &mut dyn Pending,
    rounds: u8,
) -> Result<(), ElicitError> {
    let first = form.first();
    let mut asking = first.clone();
    let mut round = 1;
    loop {
        let result: ElicitResult = super::send(peer, &asking, version).await?;
        match form.judge(action(&result), result.content.as_ref())? {
            None => return Ok(()),
            Some(retry) if round < rounds => {
                asking = first.retry(&retry.content, &retry.problems);
                round += 1;
            }
            Some(retry) => {
                return Err(ElicitError::StillInvalid {
                    rounds,
                    problems: retry.problems,
                });
            }
        }
    }
}

/// 2026-07-28: each form's answer from this call's `inputResponses` (or, for a form answered in
/// an earlier round, from the state), or the forms still to ask in an `InputRequiredResult`.
fn settle_from_input_responses(
    request: &CallToolRequestParams,
    forms: &mut [&mut dyn Pending],
    rounds: u8,
) -> Result<(), ElicitError> {
    let owned_keys: Vec<String> = forms.iter().map(|f| f.key().to_owned()).collect();
    let keys: Vec<&str> = owned_keys.iter().map(String::as_str).collect();
    let responses = request.input_responses.as_ref();
    let answered = responses.is_some_and(|r| keys.iter().any(|k| r.contains_key(*k)));
    // A call that answers none of these forms asks them from the start (a state it carries is
    // another form's, or an earlier ask's in the same tool).
    let state = if answered {
        State::read(request.request_state.as_deref(), &keys, rounds)?
    } else {
        State::first()
    };
    let mut next = State {
        round: state.round,
        answers: serde_json::Map::new(),
    };
    let mut asking = Vec::new();
    let mut invalid = None;
    for form in forms.iter_mut() {
        let key = form.key().to_owned();
        let response = responses
            .and_then(|r| r.get(&key))
            .or_else(|| state.answers.get(&key));
        let Some(response) = response else {
            asking.push((key, form.first()));
            continue;
        };
        match form.judge_result(response)? {
            None => {
                // Settled: carried to the next round, where it is judged again.
                next.answers.insert(key, response.clone());
            }
            Some(retry) => {
                asking.push((key, form.first().retry(&retry.content, &retry.problems)));
                invalid.get_or_insert(retry.problems);
            }
        }
    }
    if asking.is_empty() {
        return Ok(());
    }
    if let Some(problems) = invalid {
        if state.round >= rounds {
            return Err(ElicitError::StillInvalid { rounds, problems });
        }
        next.round = state.round + 1;
    }
    let mut requests = InputRequests::new();
    for (key, asked) in asking {
        let requested_schema = elicitation_schema(asked.schema(), ProtocolVersion::V2026_07_28)?;
        requests.insert(
            key,
            ::rmcp::model::InputRequest::Elicitation(ElicitRequest::new(
                ElicitRequestParams::FormElicitationParams {
                    meta: None,
                    message: asked.message().to_owned(),
                    requested_schema,
                },
            )),
        );
    }
    Err(ElicitError::InputRequired(Box::new(
        InputRequiredResult::new(Some(requests), Some(next.write(&keys))),
    )))
}
