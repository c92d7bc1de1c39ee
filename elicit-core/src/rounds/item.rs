//! What a round asks for: a typed form ([`Ask`] made into a [`FormItem`]) or any other input
//! request, its response handed back raw ([`Input`]).

use std::borrow::Cow;
use std::marker::PhantomData;

use serde_json::{Map, Value};

use super::RoundError;
use crate::answer::{Elicitation, Outcome};
use crate::choices::Choices;
use crate::error::ContentError;
use crate::form::Elicit;
use crate::request::{FormRequest, runtime_defaults};
use crate::schema::Content;
use crate::version::ProtocolVersion;

/// How many times a form is asked for, at most, by default: once, and twice more while the answer
/// breaks the form's rules.
pub const DEFAULT_ROUNDS: u8 = 3;

/// The key a form travels under in `inputRequests` (2026-07-28) by default.
pub const DEFAULT_KEY: &str = "form";

/// What a client must have declared for a request to be sent to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Capability {
    /// `elicitation` in form mode (`elicitation: {}` declares it too).
    ElicitationForm,
    /// `elicitation.url`: URL mode.
    ElicitationUrl,
    /// `sampling`.
    Sampling,
    /// `roots`.
    Roots,
    /// Nothing: a request any client takes.
    None,
}

impl Capability {
    /// The capability for a request of `method` with `params` (an `elicitation/create` in URL
    /// mode needs URL elicitation).
    pub fn of_request(method: &str, params: &Value) -> Capability {
        match method {
            "elicitation/create" if params.get("mode").and_then(Value::as_str) == Some("url") => {
                Capability::ElicitationUrl
            }
            "elicitation/create" => Capability::ElicitationForm,
            "sampling/createMessage" => Capability::Sampling,
            "roots/list" => Capability::Roots,
            _ => Capability::None,
        }
    }

    /// Whether `capabilities` (a client's `ClientCapabilities` as JSON) declare it.
    pub fn declared_in(self, capabilities: Option<&Value>) -> bool {
        let declared = |name: &str| capabilities.and_then(|c| c.get(name));
        match self {
            Capability::ElicitationForm => declared("elicitation")
                .is_some_and(|e| e.get("form").is_some() || e.get("url").is_none()),
            Capability::ElicitationUrl => {
                declared("elicitation").is_some_and(|e| e.get("url").is_some())
            }
            Capability::Sampling => declared("sampling").is_some(),
            Capability::Roots => declared("roots").is_some(),
            Capability::None => true,
        }
    }

    /// The `requiredCapabilities` of a `-32021` error for it.
    pub fn required(self) -> Value {
        match self {
            Capability::ElicitationForm => serde_json::json!({"elicitation": {"form": {}}}),
            Capability::ElicitationUrl => serde_json::json!({"elicitation": {"url": {}}}),
            Capability::Sampling => serde_json::json!({"sampling": {}}),
            Capability::Roots => serde_json::json!({"roots": {}}),
            Capability::None => serde_json::json!({}),
        }
    }
}

/// One thing a round asks the client for: a form ([`FormItem`]) or any other request
/// ([`Input`]). Sealed: the rounds know only these two.
pub trait Item: Send + sealed::Sealed {
    /// Its key in `inputRequests` and `inputResponses`.
    fn key(&self) -> &str;

    /// What the client must have declared for it to be sent.
    fn capability(&self) -> Capability;

    /// How many times it may be asked, at most.
    fn rounds(&self) -> u8;

    /// Whether it is settled before any round (a tool's arguments that keep every rule):
    /// rounds skip it.
    fn is_settled(&self) -> bool {
        false
    }

    /// The request (`{"method":..,"params":..}`) as `version` writes it: the first, or the one
    /// asking again after `retry`.
    ///
    /// # Errors
    ///
    /// When the form says what `version` cannot.
    fn request_for(
        &self,
        version: ProtocolVersion,
        retry: Option<&Retry>,
    ) -> Result<Value, RoundError>;

    /// Judges a response: keeps it and gives `None` if it settles the item, gives what to ask
    /// again with if it breaks the form's rules; a response of the wrong shape is an error.
    ///
    /// # Errors
    ///
    /// A protocol error ([`RoundError::Responses`]) when the response is malformed.
    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError>;

    /// Marks it as one the client cannot be asked (its capability is missing).
    fn set_unavailable(&mut self);
}

/// What keeps [`Item`] to this module's items and `ArgumentsItem` (which seals itself beside its
/// definition).
pub(super) mod sealed {
    pub trait Sealed {}
    impl<T> Sealed for super::FormItem<T> {}
    impl Sealed for super::Input {}
}

/// An accepted answer that breaks the form's rules: its content, to fill in the next request,
/// and its problems.
#[derive(Clone, Debug)]
pub struct Retry {
    pub(super) content: Content,
    pub(super) problems: ContentError,
}

impl Retry {
    /// What is wrong with the answer.
    pub fn problems(&self) -> &ContentError {
        &self.problems
    }

    pub(crate) fn into_problems(self) -> ContentError {
        self.problems
    }
}

/// A form to ask for, with its message, its number of rounds, its key, the options of its
/// runtime selects and its `_meta`: protocol-neutral, made into a [`FormItem`] for each request.
///
/// ```
/// use mcp_elicit::Elicit;
/// use mcp_elicit::rounds::Ask;
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
    pub(crate) message: Cow<'static, str>,
    pub(crate) rounds: u8,
    pub(crate) key: Cow<'static, str>,
    pub(crate) choices: Vec<(Cow<'static, str>, Choices)>,
    pub(crate) meta: Option<Map<String, Value>>,
    form: PhantomData<fn() -> T>,
}

impl<T: Elicit> Default for Ask<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Elicit> Ask<T> {
    /// `T`'s form under `T::message()`, asked up to [`DEFAULT_ROUNDS`] times, under the key
    /// [`DEFAULT_KEY`].
    pub fn new() -> Self {
        Ask {
            message: Cow::Borrowed(T::message()),
            rounds: DEFAULT_ROUNDS,
            key: Cow::Borrowed(DEFAULT_KEY),
            choices: Vec::new(),
            meta: None,
            form: PhantomData,
        }
    }

    /// The options of the runtime select `field` ([`Pick`](crate::choices::Pick) or
    /// [`Picks`](crate::choices::Picks), by wire name), for this ask.
    ///
    /// The answer is checked against exactly these options. On 2026-07-28 the retried call is a
    /// fresh call: the tool supplies the options again (computed from the call's arguments, which
    /// the sealed state binds: a retry with other arguments is refused), and the answer is checked
    /// against those, never against anything the client sends back.
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
    /// request asks for its own.
    pub fn key(mut self, key: impl Into<Cow<'static, str>>) -> Self {
        self.key = key.into();
        self
    }

    /// The request's `_meta`, passed through as it is (SEP-3118's `{"ui": {"resourceUri": ..}}`
    /// for a form an app renders, say).
    pub fn meta(mut self, meta: Map<String, Value>) -> Self {
        self.meta = Some(meta);
        self
    }

    /// The form as this ask asks for it, ready for a round.
    ///
    /// # Errors
    ///
    /// When the options supplied for a runtime select cannot be sent ([`RoundError::Choices`]).
    pub fn item(&self) -> Result<FormItem<T>, RoundError> {
        Ok(FormItem {
            key: self.key.clone(),
            rounds: self.rounds,
            meta: self.meta.clone(),
            first: self.request()?,
            answer: None,
            unavailable: false,
        })
    }

    /// The whole form's request: with its runtime options filled in, if it has any (a form
    /// without keeps its `static` schema).
    pub(super) fn request(&self) -> Result<FormRequest<'static>, RoundError> {
        let request = FormRequest::new(self.message.clone(), T::requested_schema());
        if T::requested_schema().has_runtime_selects() || !self.choices.is_empty() {
            return request
                .with_choices(self.choices.iter().map(|(name, c)| (name.as_ref(), c)))
                .map_err(RoundError::Choices);
        }
        Ok(request)
    }
}

/// A form of type `T` in a round: its first request, and its answer once it has one.
pub struct FormItem<T> {
    key: Cow<'static, str>,
    rounds: u8,
    meta: Option<Map<String, Value>>,
    first: FormRequest<'static>,
    answer: Option<Elicitation<T>>,
    unavailable: bool,
}

impl<T: Elicit> FormItem<T> {
    /// The answer, once a round settled it: `None` before, or if the client could not be asked
    /// (it declared no form elicitation: [`FormItem::is_unavailable`]).
    pub fn take(&mut self) -> Option<Elicitation<T>> {
        self.answer.take()
    }

    /// Whether the round left it out, the client having declared no form elicitation.
    pub fn is_unavailable(&self) -> bool {
        self.unavailable
    }

    /// The form to send, protocol-neutral: the first request, or the one asking again after
    /// `retry` (the valid values prefilled, the problems named under the message).
    pub(crate) fn form_request(&self, retry: Option<&Retry>) -> Cow<'_, FormRequest<'static>> {
        match retry {
            Some(retry) => Cow::Owned(self.first.retry(&retry.content, &retry.problems)),
            None => Cow::Borrowed(&self.first),
        }
    }

    /// The request's `_meta`, if any.
    #[cfg(feature = "acp")]
    pub(crate) fn meta(&self) -> Option<&Map<String, Value>> {
        self.meta.as_ref()
    }
}

impl<T: Elicit + Send> Item for FormItem<T> {
    fn key(&self) -> &str {
        &self.key
    }

    fn capability(&self) -> Capability {
        Capability::ElicitationForm
    }

    fn rounds(&self) -> u8 {
        self.rounds
    }

    fn request_for(
        &self,
        version: ProtocolVersion,
        retry: Option<&Retry>,
    ) -> Result<Value, RoundError> {
        elicitation_request(&self.form_request(retry), version, self.meta.as_ref())
    }

    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError> {
        let content = match outcome(&self.key, response)? {
            Outcome::Accept(content) => content,
            refused => {
                self.answer = refused.refusal();
                return Ok(None);
            }
        };
        let empty = Content::new();
        let values = content.unwrap_or(&empty);
        match read::<T>(&self.first, values) {
            Ok(value) => {
                self.answer = Some(Elicitation::Accepted(value));
                Ok(None)
            }
            Err(problems) => Ok(Some(Retry {
                content: values.clone(),
                problems,
            })),
        }
    }

    fn set_unavailable(&mut self) {
        self.unavailable = true;
    }
}

/// Any other request in a round (`sampling/createMessage`, `roots/list`, or one the server
/// builds itself), its response handed back raw.
///
/// ```
/// use mcp_elicit::rounds::Input;
/// use serde_json::json;
///
/// let roots = Input::new("client_roots", "roots/list", json!({}));
/// let question = Input::new(
///     "capital",
///     "sampling/createMessage",
///     json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Capital of France?"}}], "maxTokens": 100}),
/// );
/// # let _ = (roots, question);
/// ```
#[derive(Clone, Debug)]
pub struct Input {
    key: Cow<'static, str>,
    method: Cow<'static, str>,
    params: Value,
    response: Option<Value>,
    unavailable: bool,
}

impl Input {
    /// A `method` request with `params`, under `key`; the capability it needs follows from them
    /// ([`Capability::of_request`]).
    pub fn new(
        key: impl Into<Cow<'static, str>>,
        method: impl Into<Cow<'static, str>>,
        params: Value,
    ) -> Self {
        Input {
            key: key.into(),
            method: method.into(),
            params,
            response: None,
            unavailable: false,
        }
    }

    /// The response, once a round has one: `None` before, or if the client could not be asked.
    pub fn take(&mut self) -> Option<Value> {
        self.response.take()
    }

    /// Whether the round left it out, the client not having declared its capability.
    pub fn is_unavailable(&self) -> bool {
        self.unavailable
    }

    /// Its method.
    pub fn method(&self) -> &str {
        &self.method
    }

    /// Its params.
    pub fn params(&self) -> &Value {
        &self.params
    }
}

impl Item for Input {
    fn key(&self) -> &str {
        &self.key
    }

    fn capability(&self) -> Capability {
        Capability::of_request(&self.method, &self.params)
    }

    fn rounds(&self) -> u8 {
        1
    }

    fn request_for(
        &self,
        _version: ProtocolVersion,
        _retry: Option<&Retry>,
    ) -> Result<Value, RoundError> {
        Ok(serde_json::json!({"method": self.method, "params": self.params}))
    }

    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError> {
        if !response.is_object() {
            return Err(RoundError::Responses {
                key: Some(self.key.to_string()),
                reason: format!("a response is an object, not {}", kind(response)),
            });
        }
        self.response = Some(response.clone());
        Ok(None)
    }

    fn set_unavailable(&mut self) {
        self.unavailable = true;
    }
}

/// What a response to a form's request says; a malformed one is the protocol's error naming
/// `key`.
pub(super) fn outcome<'a>(key: &str, response: &'a Value) -> Result<Outcome<'a>, RoundError> {
    Outcome::of_result(response).map_err(|error| RoundError::Responses {
        key: Some(key.to_owned()),
        reason: error.to_string(),
    })
}

/// The `elicitation/create` request of `request` as `version` writes it, with `meta` as its
/// `_meta`.
pub(super) fn elicitation_request(
    request: &FormRequest<'_>,
    version: ProtocolVersion,
    meta: Option<&Map<String, Value>>,
) -> Result<Value, RoundError> {
    let mut params = request
        .params_for(version)
        .map_err(RoundError::Unrepresentable)?;
    if let (Some(meta), Value::Object(params)) = (meta, &mut params) {
        params.insert("_meta".into(), Value::Object(meta.clone()));
    }
    Ok(serde_json::json!({"method": "elicitation/create", "params": params}))
}

/// `content` read into `T`, checked first against `request`'s own schema when it has options
/// supplied at run time (a value not offered is refused), whose defaults it then takes.
pub(super) fn read<T: Elicit>(
    request: &FormRequest<'_>,
    content: &Content,
) -> Result<T, ContentError> {
    if request.schema().has_runtime_selects() {
        if let Err(problems) = request.schema().validate(content) {
            // And `T`'s own (a `from_str` or `with` field's reading, which the schema cannot
            // judge), so that every problem is named at once, in form order.
            let Err(own) = T::from_content(content) else {
                return Err(problems);
            };
            let mut all = problems.errors().to_vec();
            all.extend(
                own.errors()
                    .iter()
                    .filter(|e| problems.for_field(e.field()).next().is_none())
                    .cloned(),
            );
            let order = |field: &str| {
                let properties = request.schema().properties().iter();
                properties.take_while(|p| p.name() != field).count()
            };
            all.sort_by_key(|e| order(e.field()));
            return Err(ContentError::new(all));
        }
        if let Some(filled) = runtime_defaults::<T>(request.schema(), content) {
            return T::from_content(&filled);
        }
    }
    T::from_content(content)
}

/// `value`'s JSON type, in words.
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
