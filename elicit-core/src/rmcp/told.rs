//! What a call that ends without an answer tells the person and the model, in their language
//! (SEP-2792): the crate's own refusals in the crate's words chosen for the person's preference,
//! reported as `contentLanguage` (in a tool error's `_meta`, and in a JSON-RPC error's
//! `data._meta`); and [`WrittenIn`], how a handler says what language its own result is in.

use ::rmcp::handler::server::prompt::IntoGetPromptResult;
use ::rmcp::handler::server::tool::IntoCallToolResult;
use ::rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, ErrorData, GetPromptResponse,
    ReadResourceResponse,
};
use serde_json::Value;

use super::ElicitError;
use super::language::report_language;
use super::pending::Response;
use crate::lang::{CONTENT_LANGUAGE, Word, Words, args, integer};
use crate::rounds::{Capability, RoundError, StateError, Told};

impl ElicitError {
    /// What the person and the model are told of it: in `words` (the crate's words chosen for
    /// the person's preference) where the crate has words for it, reported as their language;
    /// the crate's English otherwise (reported as `en` when a preference was given: that is the
    /// language it is in). A form whose rounds are spent says what its rounds chose.
    pub(crate) fn told_in(&self, words: Option<&Words>) -> Told {
        if let ElicitError::Round(RoundError::StillInvalid { told, .. }) = self {
            return told.clone();
        }
        let Some(words) = words else {
            return Told::new(self.told(), None);
        };
        if let ElicitError::InvalidArguments(problems) = self {
            let mut text = words.say(Word::ErrorInvalidArguments).into_owned();
            crate::request::problem_lines(&mut text, words, None, problems);
            return Told::new(text, Some(words.language()));
        }
        if let ElicitError::Round(RoundError::StateTooLarge { size, limit }) = self {
            let bytes = |n: &usize| integer(u64::try_from(*n).unwrap_or(u64::MAX));
            let args = args!("size" => bytes(size), "limit" => bytes(limit));
            let text = words.say_with(Word::ErrorStateTooLarge, &args).into_owned();
            return Told::new(text, Some(words.language()));
        }
        match self.word() {
            Some(word) => Told::new(words.say(word).into_owned(), Some(words.language())),
            None => Told::new(self.told(), Some("en")),
        }
    }

    /// The message of the crate's words that says it to a person, if there is one (the errors
    /// that are a server's or a client's mistake are said in English, for their developers).
    fn word(&self) -> Option<Word> {
        #[cfg(feature = "page")]
        use crate::page::{serve::PageError, store::StoreError};
        match self {
            ElicitError::NotSupported
            | ElicitError::Round(RoundError::MissingCapability(Capability::ElicitationForm)) => {
                Some(Word::ErrorNoForm)
            }
            ElicitError::UrlNotSupported
            | ElicitError::Round(RoundError::MissingCapability(Capability::ElicitationUrl)) => {
                Some(Word::ErrorNoUrl)
            }
            ElicitError::Unreached(why) => Some(match why {
                super::Unreached::NoPages => Word::ErrorNoForm,
                super::Unreached::NoCaller => Word::ErrorNoCaller,
                super::Unreached::NotAnswered { .. } => Word::ErrorFormNotAnswered,
                _ => Word::ErrorTooOften,
            }),
            ElicitError::Round(RoundError::State(state)) => Some(match state {
                StateError::Expired => Word::ErrorStateExpired,
                StateError::Used => Word::ErrorStateUsed,
                _ => Word::ErrorStateRefused,
            }),
            #[cfg(feature = "page")]
            ElicitError::Page(PageError::Store(StoreError::Backend(_))) => {
                Some(Word::ErrorStoreUnreachable)
            }
            #[cfg(feature = "page")]
            ElicitError::Page(PageError::NotAnswered { .. }) => Some(Word::ErrorPageNotAnswered),
            #[cfg(feature = "account")]
            ElicitError::Account(error) => {
                use crate::page::account::AccountError;
                match error {
                    AccountError::Failed(_) => Some(Word::ErrorAccountFailed),
                    AccountError::Busy => Some(Word::ErrorAccountBusy),
                    AccountError::Unavailable => Some(Word::ErrorAccountUnavailable),
                    AccountError::Store(_)
                    | AccountError::Page(PageError::Store(StoreError::Backend(_))) => {
                        Some(Word::ErrorStoreUnreachable)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// [`ElicitError::into_error_data`], its message told in `words` and its language in
    /// `data._meta` (SEP-2792).
    pub(crate) fn into_error_data_in(self, words: Option<&Words>) -> ErrorData {
        if words.is_none() && !matches!(self, ElicitError::Round(RoundError::StillInvalid { .. })) {
            return self.into_error_data();
        }
        let told = self.told_in(words);
        let mut error = self.into_error_data();
        error.message = told.text().to_owned().into();
        if let Some(language) = told.language() {
            error.data = Some(with_language(error.data.take(), language));
        }
        error
    }

    /// What a tool returns for it, told in `words`: the JSON-RPC error of a protocol fault,
    /// otherwise a tool error (`isError`) saying why, with its language in `_meta`.
    pub(crate) fn into_tool_response_in(
        self,
        words: Option<&Words>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.protocol_error().is_some() {
            return Err(self.into_error_data_in(words));
        }
        let told = self.told_in(words);
        let mut result = CallToolResult::error(vec![ContentBlock::text(told.text())]);
        if let Some(language) = told.language() {
            report_language(&mut result.meta, language);
        }
        Ok(result.into())
    }
}

/// A JSON-RPC error's `data` with `language` as `_meta["io.modelcontextprotocol/contentLanguage"]`
/// (SEP-2792): an object's other members are kept; data that is no object is kept under `data`.
fn with_language(data: Option<Value>, language: &str) -> Value {
    let mut object = match data {
        None => serde_json::Map::new(),
        Some(Value::Object(object)) => object,
        Some(other) => serde_json::Map::from_iter([("data".to_owned(), other)]),
    };
    let meta = object
        .entry("_meta")
        .or_insert_with(|| Value::Object(serde_json::Map::new()));
    if let Value::Object(meta) = meta {
        meta.entry(CONTENT_LANGUAGE)
            .or_insert_with(|| Value::from(language));
    }
    Value::Object(object)
}

/// A result whose text the handler wrote in `language`: the result reports it as its
/// `_meta["io.modelcontextprotocol/contentLanguage"]` (SEP-2792). The crate reports the language
/// of what it writes itself (its forms, pages and refusals); of a handler's own result it reports
/// nothing unless told, this way.
///
/// Return it from a tool or a prompt as the result itself: `Handled<WrittenIn<String>>` from a
/// method marked `#[asks]`, `WrittenIn<CallToolResult>` from a hand-written handler
/// ([`Respond::respond`](super::Respond::respond) takes it too).
///
/// ```
/// use mcp_elicit::rmcp::WrittenIn;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
///
/// // The handler translated its text into the language the call answers in
/// // (`Asking::language`), and says so.
/// let result = WrittenIn::new("fr", CallToolResult::success(vec![ContentBlock::text("Réservé.")]));
/// let CallToolResponse::Complete(result) = CallToolResponse::from(result) else { unreachable!() };
/// assert_eq!(
///     result.meta.unwrap().0["io.modelcontextprotocol/contentLanguage"],
///     "fr"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct WrittenIn<T> {
    language: String,
    result: T,
}

impl<T> WrittenIn<T> {
    /// `result`, written in `language` (a language tag, as `"fr"` or `"zh-Hans"`).
    pub fn new(language: impl Into<String>, result: T) -> Self {
        WrittenIn {
            language: language.into(),
            result,
        }
    }

    /// The language the result is written in.
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The result.
    pub fn into_inner(self) -> T {
        self.result
    }

    /// `response` with the language reported in its `_meta`, unless it reports one already.
    fn said<R: Response>(language: &str, mut response: R) -> R {
        if let Some(meta) = response.meta_mut() {
            report_language(meta, language);
        }
        response
    }
}

impl<T: IntoCallToolResult> IntoCallToolResult for WrittenIn<T> {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        let language = self.language;
        self.result
            .into_call_tool_result()
            .map(|response| WrittenIn::<T>::said(&language, response))
    }
}

impl<T: IntoGetPromptResult> IntoGetPromptResult for WrittenIn<T> {
    fn into_get_prompt_result(self) -> Result<GetPromptResponse, ErrorData> {
        let language = self.language;
        self.result
            .into_get_prompt_result()
            .map(|response| WrittenIn::<T>::said(&language, response))
    }
}

/// A task's result ([`TaskWork`](super::TaskWork)), its language in its `_meta`.
impl From<WrittenIn<CallToolResult>> for CallToolResult {
    fn from(written: WrittenIn<CallToolResult>) -> Self {
        let mut result = written.result;
        report_language(&mut result.meta, &written.language);
        result
    }
}

impl<T: Into<CallToolResponse>> From<WrittenIn<T>> for CallToolResponse {
    fn from(written: WrittenIn<T>) -> Self {
        WrittenIn::<T>::said(&written.language, written.result.into())
    }
}

impl<T: Into<GetPromptResponse>> From<WrittenIn<T>> for GetPromptResponse {
    fn from(written: WrittenIn<T>) -> Self {
        WrittenIn::<T>::said(&written.language, written.result.into())
    }
}

impl<T: Into<ReadResourceResponse>> From<WrittenIn<T>> for ReadResourceResponse {
    fn from(written: WrittenIn<T>) -> Self {
        WrittenIn::<T>::said(&written.language, written.result.into())
    }
}
