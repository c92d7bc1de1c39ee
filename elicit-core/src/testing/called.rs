//! [`Called`]: a call's result and what its person was shown; [`Outcome`]: a tool's or a
//! prompt's result, read.

use ::rmcp::model::{CallToolResult, GetPromptResult};
use serde_json::{Map, Value};

use super::shown::{Shown, ShownForm};

pub(super) use crate::lang::CONTENT_LANGUAGE;

/// A call's result, and everything its person was shown, in order.
#[derive(Clone, Debug)]
pub struct Called<R> {
    /// The result, as the client received it.
    pub result: R,
    /// What the person was shown.
    pub shown: Vec<Shown>,
}

impl<R: Outcome> Called<R> {
    /// The result's text: a tool's text contents, or a prompt's text messages, joined by
    /// blank lines.
    pub fn text(&self) -> String {
        self.result.text()
    }

    /// Whether a tool's result is an error (`isError`); a prompt's never is.
    pub fn is_error(&self) -> bool {
        self.result.is_error()
    }

    /// The language the result reports (`contentLanguage`), if any.
    pub fn language(&self) -> Option<String> {
        self.result.language()
    }
}

impl<R> Called<R> {
    /// The forms shown, in order.
    pub fn forms(&self) -> Vec<&ShownForm> {
        self.shown.iter().filter_map(Shown::as_form).collect()
    }

    /// The link the call ended with (the person did not follow it), if it did.
    pub fn link(&self) -> Option<&str> {
        match self.shown.last() {
            Some(Shown::Link(link)) => Some(&link.url),
            _ => None,
        }
    }
}

/// What a call ends with: a tool's or a prompt's result.
pub trait Outcome: Send + 'static {
    /// Its text.
    fn text(&self) -> String;
    /// Whether it is an error.
    fn is_error(&self) -> bool;
    /// The language it reports.
    fn language(&self) -> Option<String>;
}

impl Outcome for CallToolResult {
    fn text(&self) -> String {
        let texts: Vec<&str> = self
            .content
            .iter()
            .filter_map(|content| content.as_text())
            .map(|text| text.text.as_str())
            .collect();
        texts.join("\n\n")
    }

    fn is_error(&self) -> bool {
        self.is_error == Some(true)
    }

    fn language(&self) -> Option<String> {
        language_of(self.meta.as_ref().map(|meta| &meta.0))
    }
}

impl Outcome for GetPromptResult {
    fn text(&self) -> String {
        let texts: Vec<String> = self
            .messages
            .iter()
            .filter_map(|message| serde_json::to_value(&message.content).ok())
            .filter_map(|content| content.get("text")?.as_str().map(str::to_owned))
            .collect();
        texts.join("\n\n")
    }

    fn is_error(&self) -> bool {
        false
    }

    fn language(&self) -> Option<String> {
        language_of(self.meta.as_ref().map(|meta| &meta.0))
    }
}

pub(super) fn language_of(meta: Option<&Map<String, Value>>) -> Option<String> {
    meta?.get(CONTENT_LANGUAGE)?.as_str().map(str::to_owned)
}
