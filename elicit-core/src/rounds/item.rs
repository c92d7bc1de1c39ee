//! What a round asks for: a typed form ([`Ask`] made into a [`FormItem`]) or any other input
//! request, its response handed back raw ([`Input`]).

use std::borrow::Cow;
use std::marker::PhantomData;

use serde_json::{Map, Value};

use super::RoundError;
use super::capability::Capability;
use super::slot::{Sealed, Slot, slot};
use crate::answer::{Elicitation, Outcome};
use crate::choices::Choices;
use crate::error::ContentError;
use crate::form::Elicit;
use crate::lang::{CONTENT_LANGUAGE, Preference, Words};
use crate::request::{FormRequest, runtime_defaults};
use crate::schema::Content;
use crate::version::ProtocolVersion;

/// How many times a form is asked for, at most, by default: once, and twice more while the answer
/// breaks the form's rules.
pub const DEFAULT_ROUNDS: u8 = 3;

/// The key a form travels under in `inputRequests` (2026-07-28) by default.
pub const DEFAULT_KEY: &str = "form";

/// One thing a round asks the client for: a form ([`FormItem`]), a tool's arguments
/// ([`ArgumentsItem`](super::ArgumentsItem)) or any other request ([`Input`](super::Input)). Sealed: the rounds
/// know only these.
///
/// What every item has (its key, the capability it needs, its rounds, whether the round left it
/// out) is kept in one place, its slot, and read by the provided methods: an item writes only
/// what differs, its request and how it judges a response.
pub trait Item: Send + Sealed {
    /// Its key in `inputRequests` and `inputResponses`.
    fn key(&self) -> &str {
        &self.slot().key
    }

    /// What the client must have declared for it to be sent.
    fn capability(&self) -> Capability {
        self.slot().capability
    }

    /// How many times it may be asked, at most.
    fn rounds(&self) -> u8 {
        self.slot().rounds
    }

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
    fn set_unavailable(&mut self) {
        self.slot_mut().unavailable = true;
    }
}

/// An accepted answer that breaks the form's rules: its content, to fill in the next request,
/// and its problems.
#[derive(Clone, Debug)]
pub struct Retry {
    pub(super) content: Content,
    pub(super) problems: ContentError,
    /// Asked again because what it waits for is not there yet, not because the answer broke a
    /// rule: not counted against the item's rounds.
    pub(super) waits: bool,
}

impl Retry {
    /// What is wrong with the answer.
    pub fn problems(&self) -> &ContentError {
        &self.problems
    }

    pub(crate) fn into_problems(self) -> ContentError {
        self.problems
    }

    /// Asking again because what the item waits for is not there yet: no content, no problems,
    /// and not counted against its rounds.
    #[cfg(all(feature = "page", feature = "rmcp"))]
    pub(super) fn waiting() -> Self {
        Retry {
            content: Content::new(),
            problems: ContentError::new(Vec::new()),
            waits: true,
        }
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
    /// The message set by [`Ask::message`]; `None` is the form's own, in the language asked.
    pub(crate) message: Option<Cow<'static, str>>,
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
        const { crate::form::sendable::<T>() };
        Self::checked_by_caller()
    }

    /// [`Ask::new`], for a caller that checked `T` is sendable in its own body, so that a form
    /// with a secret is refused once, at the user's call of that caller.
    pub(crate) fn checked_by_caller() -> Self {
        Ask {
            message: None,
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

    /// The message shown above the form, in every language (translate it with the request's
    /// language yourself); without it, the form's own message in the language asked.
    pub fn message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.message = Some(message.into());
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

    /// The form as this ask asks for it, ready for a round, in the form's first language.
    ///
    /// # Errors
    ///
    /// When the options supplied for a runtime select cannot be sent ([`RoundError::Choices`]).
    pub fn item(&self) -> Result<FormItem<T>, RoundError> {
        self.item_for(None)
    }

    /// The form as this ask asks for it, in the language `preference` chooses among the form's
    /// ([`Elicit::in_language`]), its problems said in that language when it is asked again, and
    /// the language reported as `_meta["io.modelcontextprotocol/contentLanguage"]` of every
    /// request (SEP-2792): for a request that carried the person's preference.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    /// use mcp_elicit::lang::Preference;
    /// use mcp_elicit::rounds::{Ask, Item};
    /// use mcp_elicit::ProtocolVersion;
    ///
    /// #[derive(Elicit)]
    /// struct Confirm {
    ///     sure: bool,
    /// }
    ///
    /// // A form written in English only: English, and said so.
    /// let item = Ask::<Confirm>::new().item_in(&Preference::parse("fr-CH, fr;q=0.9")).unwrap();
    /// assert_eq!(item.language(), "en");
    /// let request = item.request_for(ProtocolVersion::V2025_11_25, None).unwrap();
    /// assert_eq!(request["params"]["_meta"]["io.modelcontextprotocol/contentLanguage"], "en");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Ask::item`].
    pub fn item_in(&self, preference: &Preference) -> Result<FormItem<T>, RoundError> {
        self.item_for(Some(preference))
    }

    fn item_for(&self, preference: Option<&Preference>) -> Result<FormItem<T>, RoundError> {
        Ok(FormItem {
            slot: self
                .slot(self.key.clone())
                .told_in(preference.map(Words::choose)),
            meta: self.meta.clone(),
            first: self.request(preference)?,
            reports_language: preference.is_some(),
            answer: None,
        })
    }

    /// The whole form's request, in the language `preference` chooses (its first without one):
    /// with its runtime options filled in, if it has any (a form without keeps its `static`
    /// schema).
    pub(super) fn request(
        &self,
        preference: Option<&Preference>,
    ) -> Result<FormRequest<'static>, RoundError> {
        let request = match preference {
            Some(preference) => FormRequest::translated::<T>(preference),
            None => FormRequest::own::<T>(),
        };
        let request = match &self.message {
            Some(message) => request.with_message(message.clone()),
            None => request,
        };
        if T::requested_schema().has_runtime_selects() || !self.choices.is_empty() {
            return request
                .with_choices(self.choices.iter().map(|(name, c)| (name.as_ref(), c)))
                .map_err(RoundError::Choices);
        }
        Ok(request)
    }

    /// The message this ask shows: its own, or the form's.
    pub(super) fn shown_message(&self) -> Cow<'static, str> {
        self.message.clone().unwrap_or(Cow::Borrowed(T::message()))
    }

    /// The slot of this ask's form under `key`.
    pub(super) fn slot(&self, key: Cow<'static, str>) -> Slot {
        Slot::form(
            key,
            self.rounds,
            T::requested_schema().labels.title.as_ref(),
            self.shown_message(),
        )
    }
}

/// A form of type `T` in a round: its first request, and its answer once it has one.
pub struct FormItem<T> {
    slot: Slot,
    meta: Option<Map<String, Value>>,
    first: FormRequest<'static>,
    /// Whether its requests report their language ([`Ask::item_in`]).
    reports_language: bool,
    answer: Option<Elicitation<T>>,
}

slot!(FormItem<T>, asked = first);

impl<T: Elicit> FormItem<T> {
    /// The answer, once a round settled it: `None` before, or if the client could not be asked
    /// (it declared no form elicitation: [`FormItem::is_unavailable`]).
    pub fn take(&mut self) -> Option<Elicitation<T>> {
        self.answer.take()
    }

    /// Whether the round left it out, the client having declared no form elicitation.
    pub fn is_unavailable(&self) -> bool {
        self.slot.is_unavailable()
    }

    /// The language it is asked in ([`FormRequest::language`]).
    pub fn language(&self) -> &str {
        self.first.language()
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
    fn request_for(
        &self,
        version: ProtocolVersion,
        retry: Option<&Retry>,
    ) -> Result<Value, RoundError> {
        elicitation_request(
            &self.form_request(retry),
            version,
            self.meta.as_ref(),
            self.reports_language,
        )
    }

    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError> {
        judge_form(&self.slot, response, &mut self.answer, |content| {
            read::<T>(&self.first, content).map_err(|problems| (content.clone(), problems))
        })
    }
}

/// Judges the response to a form's request, for the item in `slot`: a decline or cancel settles
/// `answer` as it is; an accept's content (none reads as empty) goes to `read`, whose value
/// settles `answer`, or whose problems ask again with the content it gives back refilled. A
/// malformed response is the protocol's error naming the item's key.
pub(super) fn judge_form<T>(
    slot: &Slot,
    response: &Value,
    answer: &mut Option<Elicitation<T>>,
    read: impl FnOnce(&Content) -> Result<T, (Content, ContentError)>,
) -> Result<Option<Retry>, RoundError> {
    let outcome = Outcome::of_result(response).map_err(|error| RoundError::Responses {
        key: Some(slot.key.to_string()),
        reason: error.to_string(),
    })?;
    let content = match outcome {
        Outcome::Accept(content) => content,
        refused => {
            *answer = refused.refusal();
            return Ok(None);
        }
    };
    let empty = Content::new();
    match read(content.unwrap_or(&empty)) {
        Ok(value) => {
            *answer = Some(Elicitation::Accepted(value));
            Ok(None)
        }
        Err((content, problems)) => Ok(Some(Retry {
            content,
            problems,
            waits: false,
        })),
    }
}

/// The `elicitation/create` request of `request` as `version` writes it, with `meta` as its
/// `_meta`, and the request's language in it as [`CONTENT_LANGUAGE`] if `reports_language` (and
/// `meta` does not say one).
pub(super) fn elicitation_request(
    request: &FormRequest<'_>,
    version: ProtocolVersion,
    meta: Option<&Map<String, Value>>,
    reports_language: bool,
) -> Result<Value, RoundError> {
    let mut params = request
        .params_for(version)
        .map_err(RoundError::Unrepresentable)?;
    let mut meta = meta.cloned();
    if reports_language {
        meta.get_or_insert_default()
            .entry(CONTENT_LANGUAGE)
            .or_insert_with(|| Value::from(request.language()));
    }
    if let (Some(meta), Value::Object(params)) = (meta, &mut params) {
        params.insert("_meta".into(), Value::Object(meta));
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
