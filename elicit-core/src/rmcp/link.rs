//! [`Link`]: how a call ends when its person is asked through a link in its result (the client
//! shows no form and opens no page), and what one run of a call knows of the answers its links
//! gave ([`LinkRun`]), carried from one run of a wizard to the next.

use std::collections::BTreeMap;

use ::rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptResponse, GetPromptResult, MetaObject,
    PromptMessage, ReadResourceResponse, ReadResourceResult, ResourceContents, Role,
};
use serde::{Deserialize, Serialize};

use super::language::report_language;
use crate::lang::{Word, Words};
use crate::page::seal::PageId;

/// What the link rung knows in one run of a call: the answers its links gave, by key, and the
/// answers carried from earlier runs, once looked for.
#[derive(Default)]
pub(crate) struct LinkRun {
    pub(super) answers: BTreeMap<String, Carried>,
    pub(super) carry: Carry,
}

/// The answers a call carries, as one run of it knows them.
#[derive(Default)]
pub(super) enum Carry {
    /// Not looked for yet.
    #[default]
    NotLooked,
    /// None: no later step's link waits.
    None,
    /// Kept in the page `.0`.
    Kept(PageId, CarryRecord),
}

/// The answers a call carries from one run to the next, while the link of a later step waits:
/// kept sealed as the message of a page of the caller's own that nobody answers, found again by
/// its id (a keyed digest of the caller, the call and a generation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct CarryRecord {
    /// The page whose link the call ended with.
    pub(super) link: String,
    pub(super) answers: BTreeMap<String, Carried>,
}

/// A form's answer through a link, as it is carried: its content, or a decline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) enum Carried {
    Accepted(crate::Content),
    Declined,
}

impl Carried {
    /// A page's answer, as it is carried.
    pub(super) fn of(answer: &crate::page::serve::Answer) -> Self {
        if answer.accepted {
            Carried::Accepted(answer.content.clone())
        } else {
            Carried::Declined
        }
    }
}

/// The end of a call whose person is asked through a link: the page's URL, the form's message,
/// and the words the model is told in ([`Stop::Link`](super::Stop::Link)).
#[derive(Clone, Debug)]
pub struct Link {
    /// The tool's or prompt's name, or the resource's URI.
    name: String,
    message: String,
    url: String,
    /// The language reported, when the call carried a preference.
    language: Option<String>,
    words: std::sync::Arc<Words>,
}

impl Link {
    /// The end of the call `name` (a tool's or prompt's name, a resource's URI) with the link to
    /// `url`, under the form's `message`, told in `words` (their language reported if `language`).
    pub(super) fn new(
        name: String,
        message: String,
        url: String,
        words: std::sync::Arc<Words>,
        language: Option<String>,
    ) -> Self {
        Link {
            name,
            message,
            url,
            language,
            words,
        }
    }

    /// The page's absolute URL, under the server's public URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The language the result is told in, when the call gave a preference (reported as its
    /// `contentLanguage`).
    pub fn language(&self) -> Option<&str> {
        self.language.as_deref()
    }

    /// The text of the result: the form's message, what the model is to ask of the person, the
    /// link on a line of its own, and what to do once they have answered.
    pub fn text(&self) -> String {
        format!(
            "{}\n\n{}\n\n{}\n\n{}",
            self.message,
            self.words.say(Word::LinkOpen),
            self.url,
            self.words.say(Word::LinkAgain)
        )
    }

    /// The `_meta` of the result: the language it is told in, if the call gave a preference.
    fn meta(&self) -> Option<MetaObject> {
        let mut meta = None;
        if let Some(language) = &self.language {
            report_language(&mut meta, language);
        }
        meta
    }

    /// What a `tools/call` ends with: a result (not an error) whose text the model reads.
    pub(crate) fn tool_result(&self) -> CallToolResponse {
        let mut result = CallToolResult::success(vec![ContentBlock::text(self.text())]);
        result.meta = self.meta();
        result.into()
    }

    /// What a `prompts/get` ends with: the prompt, one message of the person's saying it.
    pub(crate) fn prompt_result(&self) -> GetPromptResponse {
        let mut result =
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, self.text())]);
        result.meta = self.meta();
        result.into()
    }

    /// What a `resources/read` ends with: the text as the resource's content.
    pub(crate) fn resource_result(&self) -> ReadResourceResponse {
        let contents = ResourceContents::text(self.text(), self.name.clone());
        let mut result = ReadResourceResult::new(vec![contents]);
        result.meta = self.meta();
        result.into()
    }
}
