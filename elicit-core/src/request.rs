//! The `params` of an `elicitation/create` request, for any transport: form mode (a message and
//! a form) and URL mode (a message and a page of yours), each written for the protocol version the
//! client speaks.
//!
//! ```
//! use mcp_elicit::request::FormRequest;
//! use mcp_elicit::{Elicit, ProtocolVersion};
//!
//! #[derive(Elicit)]
//! #[elicit(message = "Where should we ship it?")]
//! struct Shipping {
//!     #[elicit(min_length = 1)]
//!     address: String,
//! }
//!
//! let params = FormRequest::of::<Shipping>()
//!     .params_for(ProtocolVersion::V2025_11_25)
//!     .unwrap();
//! assert_eq!(
//!     serde_json::to_string(&params).unwrap(),
//!     r#"{"mode":"form","message":"Where should we ship it?","requestedSchema":{"type":"object","properties":{"address":{"type":"string","minLength":1}},"required":["address"]}}"#
//! );
//! ```

use std::borrow::Cow;
use std::sync::Arc;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::answer::Elicitation;
use crate::choices::{Choices, ChoicesError};
use crate::error::{ContentError, ElicitResultError};
use crate::form::Elicit;
use crate::lang::{Preference, Word, Words, args};
use crate::schema::{Content, RequestedSchema, SchemaFor};
use crate::version::{ProtocolVersion, Unrepresentable};

/// Appends one line per problem to `text`, in `words`, each beside its field's title in `asked`
/// (or its key): `\n- Title: problem`.
pub(crate) fn problem_lines(
    text: &mut String,
    words: &Words,
    asked: Option<&FormRequest<'_>>,
    problems: &ContentError,
) {
    for problem in problems.errors() {
        let label = asked
            .and_then(|asked| asked.schema().property(problem.field()))
            .and_then(|property| property.title())
            .unwrap_or(problem.field());
        text.push_str("\n- ");
        text.push_str(&words.say_with(
            Word::ProblemLine,
            &args!("field" => label, "problem" => problem.kind().describe(words)),
        ));
    }
}

/// A form-mode elicitation: a message and a form.
#[derive(Clone, Debug)]
pub struct FormRequest<'a> {
    message: Cow<'a, str>,
    schema: Cow<'a, RequestedSchema>,
    /// The language the form's own texts (message, titles) are in, as the form declares it:
    /// what is reported as the request's `contentLanguage`.
    language: Cow<'static, str>,
    /// The crate's words nearest the form's language, for the note of a form asked again;
    /// `None` is English.
    words: Option<Arc<Words>>,
}

#[cfg(feature = "rounds")]
impl FormRequest<'static> {
    /// A request that owns its schema (a form built at run time).
    pub(crate) fn owned(message: Cow<'static, str>, schema: RequestedSchema) -> Self {
        FormRequest {
            message,
            schema: Cow::Owned(schema),
            language: Cow::Borrowed("en"),
            words: None,
        }
    }
}

impl<'a> FormRequest<'a> {
    /// A request for `schema`, shown under `message`.
    pub fn new(message: impl Into<Cow<'a, str>>, schema: &'a RequestedSchema) -> Self {
        FormRequest {
            message: message.into(),
            schema: Cow::Borrowed(schema),
            language: Cow::Borrowed("en"),
            words: None,
        }
    }

    /// The request for `T`'s form, with `T`'s message, in the form's own language (the first of
    /// [`Elicit::LANGUAGES`]): a form written in French is asked again with its problems in
    /// French.
    pub fn of<T: Elicit>() -> FormRequest<'static> {
        const { crate::form::sendable::<T>() };
        FormRequest::own::<T>()
    }

    /// [`FormRequest::of`], for the ways of asking that refuse a page-only form themselves.
    pub(crate) fn own<T: Elicit>() -> FormRequest<'static> {
        let request = FormRequest::new(T::message(), T::requested_schema());
        match T::LANGUAGES[0] {
            "en" => request,
            own => request.in_language(own),
        }
    }

    /// The request for `T`'s form in the language `preference` chooses among the form's
    /// ([`Elicit::in_language`]), its problems said in that language when it is asked again.
    /// [`FormRequest::language`] is the language chosen: what the answer reports as its
    /// `contentLanguage`.
    pub fn of_in<T: Elicit>(preference: &Preference) -> FormRequest<'static> {
        const { crate::form::sendable::<T>() };
        FormRequest::translated::<T>(preference)
    }

    /// [`FormRequest::of_in`], for the ways of asking that refuse a page-only form themselves
    /// (so that such a form gets one error, where it is asked).
    pub(crate) fn translated<T: Elicit>(preference: &Preference) -> FormRequest<'static> {
        let translation = T::in_language(preference);
        FormRequest::new(translation.message, translation.schema).in_language(translation.language)
    }

    /// The same request, said to be in the language `tag` (a language tag, as `"he"` or
    /// `"pt-PT"`): that is the language it reports, exactly as given, and its problems are said
    /// in the crate's words for that language (or the nearest it speaks, else English) when it
    /// is asked again. For a form whose texts the application translated itself.
    ///
    /// ```
    /// use mcp_elicit::request::FormRequest;
    /// use mcp_elicit::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Confirm {
    ///     sure: bool,
    /// }
    ///
    /// // Portuguese as Portugal writes it: reported as such, though the crate's own words for it
    /// // are Brazil's.
    /// let request = FormRequest::of::<Confirm>().in_language("pt-PT");
    /// assert_eq!(request.language(), "pt-PT");
    /// ```
    pub fn in_language(mut self, tag: impl Into<Cow<'static, str>>) -> Self {
        let tag = tag.into();
        self.words = Some(Words::nearest(&tag));
        self.language = tag;
        self
    }

    /// The language of the request's own texts, as the form declares it (`"en"` unless
    /// [`FormRequest::of`] of a form written in another, [`FormRequest::of_in`] or
    /// [`FormRequest::in_language`] says otherwise): what it reports as its `contentLanguage`.
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The same form under another message.
    pub fn with_message(mut self, message: impl Into<Cow<'a, str>>) -> Self {
        self.message = message.into();
        self
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The form.
    pub fn schema(&self) -> &RequestedSchema {
        &self.schema
    }

    /// The same form with the options of its runtime selects ([`Pick`](crate::choices::Pick) and
    /// [`Picks`](crate::choices::Picks) fields) filled in from `choices`, by wire name: see
    /// [`RequestedSchema::with_choices`]. Every mistake (a required select without options, a
    /// value twice, ...) is an error here, before anything is sent. Read the answer with
    /// [`FormRequest::read`], which checks it against exactly these options.
    ///
    /// # Errors
    ///
    /// A [`ChoicesError`] when the options cannot be sent: a field that is no runtime select,
    /// or options a client could not be given (none, one listed twice, a default not among
    /// them).
    pub fn with_choices<'c>(
        self,
        choices: impl IntoIterator<Item = (&'c str, &'c Choices)>,
    ) -> Result<FormRequest<'a>, ChoicesError> {
        let schema = self.schema.with_choices(choices)?;
        Ok(FormRequest {
            message: self.message,
            schema: Cow::Owned(schema),
            language: self.language,
            words: self.words,
        })
    }

    /// A client's answer to this request (an `ElicitResult` as JSON), as
    /// [`Elicitation::from_result`] reads it, checked first against this request's own schema
    /// when it has options supplied at run time: a value that was not offered is refused, naming
    /// its field.
    ///
    /// # Errors
    ///
    /// As [`Elicitation::from_result`], and when a runtime select's value was not among the
    /// options this request sent.
    pub fn read<T: Elicit>(
        &self,
        result: &serde_json::Value,
    ) -> Result<Elicitation<T>, ElicitResultError> {
        if self.schema.has_runtime_selects()
            && result.get("action").and_then(serde_json::Value::as_str) == Some("accept")
            && let Some(serde_json::Value::Object(content)) = result.get("content")
        {
            self.schema.validate(content)?;
            if let Some(filled) = runtime_defaults::<T>(&self.schema, content) {
                let filled = serde_json::Value::Object(filled);
                return Elicitation::from_parts("accept", Some(&filled));
            }
        }
        Elicitation::from_result(result)
    }

    /// The same form, asked again after an accepted `answer` that broke its rules with
    /// `problems`: the values the answer got right start filled in (as `default`s, which
    /// 2025-06-18 shows on booleans only), and the message names every problem, as a person
    /// reads it, under the form's own message.
    ///
    /// ```
    /// use mcp_elicit::request::FormRequest;
    /// use mcp_elicit::{Elicit, ProtocolVersion};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug)]
    /// #[elicit(message = "Create your account")]
    /// struct Signup {
    ///     #[elicit(title = "E-mail", format = "email")]
    ///     email: String,
    ///     #[elicit(minimum = 13)]
    ///     age: u8,
    /// }
    ///
    /// let answer = json!({"email": "ada@example.com", "age": 12});
    /// let answer = answer.as_object().unwrap();
    /// let problems = Signup::from_content(answer).unwrap_err();
    /// let again = FormRequest::of::<Signup>().retry(answer, &problems);
    /// assert_eq!(again.message(), "Create your account\n\nPlease correct this:\n- age: must be at least 13, got 12");
    /// let params = again.params_for(ProtocolVersion::V2025_11_25).unwrap();
    /// assert_eq!(params["requestedSchema"]["properties"]["email"]["default"], "ada@example.com");
    /// assert!(params["requestedSchema"]["properties"]["age"].get("default").is_none());
    /// ```
    pub fn retry(&self, answer: &Content, problems: &ContentError) -> FormRequest<'static> {
        let mut kept = answer.clone();
        for problem in problems.errors() {
            kept.remove(problem.field());
        }
        let english;
        let words = if let Some(words) = &self.words {
            words
        } else {
            english = Words::english();
            &english
        };
        let mut message = String::with_capacity(self.message.len() + 64);
        message.push_str(&self.message);
        message.push_str("\n\n");
        message
            .push_str(&words.say_with(Word::RetryNote, &args!("count" => problems.errors().len())));
        problem_lines(&mut message, words, Some(self), problems);
        FormRequest {
            message: Cow::Owned(message),
            schema: Cow::Owned(self.schema.with_defaults(&kept)),
            language: self.language.clone(),
            words: self.words.clone(),
        }
    }

    /// The `params` as `version` writes them, ready to serialize (nothing is copied):
    /// `{"mode":"form","message":..,"requestedSchema":..}`, without `mode` for 2025-06-18, which
    /// has only forms. An error if the form says what `version` cannot (see
    /// [`RequestedSchema::for_version`]).
    ///
    /// # Errors
    ///
    /// When the form says what `version` cannot (see [`RequestedSchema::for_version`]).
    pub fn serialize_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<impl Serialize + '_, Unrepresentable> {
        Ok(FormParams {
            message: &self.message,
            schema: self.schema.as_ref().for_version(version)?,
            mode: version.has_elicitation_modes(),
        })
    }

    /// Appends the `params` as JSON text to `out`, exactly as [`FormRequest::serialize_for`]
    /// writes them, but copying the schema's text, written once per protocol version (see
    /// [`RequestedSchema::json_for`]): the fast path for a server writing requests itself.
    ///
    /// ```
    /// use mcp_elicit::request::FormRequest;
    /// use mcp_elicit::{Elicit, ProtocolVersion};
    ///
    /// #[derive(Elicit)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let request = FormRequest::of::<Name>();
    /// let mut out = Vec::new();
    /// request.write_params_for(ProtocolVersion::V2025_11_25, &mut out).unwrap();
    /// let serialized = serde_json::to_vec(&request.serialize_for(ProtocolVersion::V2025_11_25).unwrap()).unwrap();
    /// assert_eq!(out, serialized);
    /// ```
    ///
    /// # Errors
    ///
    /// When the form says what `version` cannot (see [`RequestedSchema::for_version`]).
    ///
    /// # Panics
    ///
    /// Never: writing JSON into a `Vec` cannot fail.
    pub fn write_params_for(
        &self,
        version: ProtocolVersion,
        out: &mut Vec<u8>,
    ) -> Result<(), Unrepresentable> {
        let schema = self.schema.json_for(version)?;
        out.extend_from_slice(if version.has_elicitation_modes() {
            br#"{"mode":"form","message":"#
        } else {
            br#"{"message":"#
        });
        serde_json::to_writer(&mut *out, self.message()).expect("writing to a Vec cannot fail");
        out.extend_from_slice(br#","requestedSchema":"#);
        out.extend_from_slice(schema.as_bytes());
        out.push(b'}');
        Ok(())
    }

    /// The `params` as a JSON value; see [`FormRequest::serialize_for`].
    ///
    /// # Errors
    ///
    /// When the form says what `version` cannot (see [`RequestedSchema::for_version`]).
    ///
    /// # Panics
    ///
    /// Never: the params are strings and a schema, which always serialize.
    pub fn params_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<serde_json::Value, Unrepresentable> {
        let params = self.serialize_for(version)?;
        Ok(serde_json::to_value(params).expect("request params always serialize to JSON"))
    }
}

/// `content` with the defaults supplied at run time filled in where `T` needs a value the answer
/// leaves out (a required [`Pick`](crate::choices::Pick) the options gave a default): `None` if
/// nothing needs it. An `Option` left out stays `None`, as for every select.
pub(crate) fn runtime_defaults<T: Elicit>(
    schema: &RequestedSchema,
    content: &Content,
) -> Option<Content> {
    let mut filled: Option<Content> = None;
    for property in schema.properties() {
        let name = property.name();
        let absent = content.get(name).is_none_or(serde_json::Value::is_null);
        let needed = T::requested_schema()
            .property(name)
            .is_some_and(|own| own.is_required() && !property.is_required());
        if absent
            && needed
            && let Some(default) = property.schema().default_value()
        {
            filled
                .get_or_insert_with(|| content.clone())
                .insert(name.to_owned(), default);
        }
    }
    filled
}

struct FormParams<'a> {
    message: &'a str,
    schema: SchemaFor<'a>,
    mode: bool,
}

impl Serialize for FormParams<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2 + usize::from(self.mode)))?;
        if self.mode {
            map.serialize_entry("mode", "form")?;
        }
        map.serialize_entry("message", self.message)?;
        map.serialize_entry("requestedSchema", &self.schema)?;
        map.end()
    }
}

/// A URL-mode elicitation: a message, and a page of yours the client opens for the user. This is
/// how to ask for what a form must not (passwords, API keys, payment details): it never passes
/// through the client.
#[derive(Clone, Debug)]
pub struct UrlRequest<'a> {
    message: Cow<'a, str>,
    url: Cow<'a, str>,
    elicitation_id: Cow<'a, str>,
}

impl<'a> UrlRequest<'a> {
    /// A request to open `url`, shown under `message`. `elicitation_id` identifies it in 2025-11-25
    /// (its completion notification names it); 2026-07-28 has no such id and leaves it out.
    pub fn new(
        message: impl Into<Cow<'a, str>>,
        url: impl Into<Cow<'a, str>>,
        elicitation_id: impl Into<Cow<'a, str>>,
    ) -> Self {
        UrlRequest {
            message: message.into(),
            url: url.into(),
            elicitation_id: elicitation_id.into(),
        }
    }

    /// The message shown with the link.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The page the client opens.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The id that names this elicitation (in its completion notification).
    pub fn elicitation_id(&self) -> &str {
        &self.elicitation_id
    }

    /// The `params` as `version` writes them: `{"mode":"url","message":..,"url":..}`, with the
    /// `elicitationId` in 2025-11-25. An error for 2025-06-18, which has no URL mode.
    ///
    /// ```
    /// use mcp_elicit::ProtocolVersion;
    /// use mcp_elicit::request::UrlRequest;
    ///
    /// let request = UrlRequest::new("Connect your account", "https://example.com/connect", "c-42");
    /// assert_eq!(
    ///     request.params_for(ProtocolVersion::V2025_11_25).unwrap().to_string(),
    ///     r#"{"mode":"url","message":"Connect your account","url":"https://example.com/connect","elicitationId":"c-42"}"#
    /// );
    /// assert!(request.params_for(ProtocolVersion::V2025_06_18).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// On 2025-06-18, which has no URL mode.
    pub fn params_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<serde_json::Value, Unrepresentable> {
        if !version.has_elicitation_modes() {
            return Err(Unrepresentable::UrlMode { version });
        }
        let mut params = serde_json::Map::with_capacity(4);
        params.insert("mode".into(), "url".into());
        params.insert("message".into(), self.message.as_ref().into());
        params.insert("url".into(), self.url.as_ref().into());
        if version.has_elicitation_id() {
            params.insert("elicitationId".into(), self.elicitation_id.as_ref().into());
        }
        Ok(serde_json::Value::Object(params))
    }
}
