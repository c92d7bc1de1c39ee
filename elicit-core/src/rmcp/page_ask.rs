//! [`PageAsk`]: what a call asks through a page, as the call's side sees it, whatever it asks
//! for (a form's page, a secret's, a connection to an account's), and [`PageSettings`], the
//! settings every such ask shares.

use std::borrow::Cow;
use std::future::Future;
use std::time::Duration;

use super::{DEFAULT_KEY, ElicitError};
use crate::answer::Elicitation;
use crate::lang::Preference;
use crate::page::seal::PageId;
use crate::page::serve::Pages;
use crate::page::store::PageStore;

/// How long a handler on 2025-11-25 waits for the page to be answered, by default: ten minutes,
/// as long as a page waits for its answer ([`DEFAULT_PAGE_TTL`](crate::page::serve::DEFAULT_PAGE_TTL)).
pub const DEFAULT_WAIT: Duration = Duration::from_mins(10);

/// The settings of every ask through a page, whatever it asks for: a form's page ([`AskPage`](super::AskPage))
/// and a connection to an account (`AskAccount`, feature `account`) each hold one, so that each
/// setting's default and rule are written here once, and the call's side reads them through
/// [`PageAsk::settings`]. The public setters of both asks set these; a setting that both asks
/// gain belongs here too.
pub(crate) struct PageSettings {
    /// The message the client shows beside the URL, and the page under its title; `None`: the
    /// ask's own ([`PageAsk::default_message`]).
    message: Option<Cow<'static, str>>,
    /// The key of the request in `inputRequests` and `inputResponses` (2026-07-28), and of the
    /// page's id in the state.
    key: Cow<'static, str>,
    /// How long a handler on 2025-11-25 waits for the page's answer.
    wait: Duration,
}

impl Default for PageSettings {
    /// No message of the ask's own, the key [`DEFAULT_KEY`], and the wait [`DEFAULT_WAIT`].
    fn default() -> Self {
        PageSettings {
            message: None,
            key: Cow::Borrowed(DEFAULT_KEY),
            wait: DEFAULT_WAIT,
        }
    }
}

impl PageSettings {
    /// Sets the message the client shows beside the URL, and the page under its title.
    pub(crate) fn set_message(&mut self, message: impl Into<Cow<'static, str>>) {
        self.message = Some(message.into());
    }

    /// Sets the key of the request in `inputRequests` and `inputResponses` (2026-07-28).
    pub(crate) fn set_key(&mut self, key: impl Into<Cow<'static, str>>) {
        self.key = key.into();
    }

    /// Sets how long a handler on 2025-11-25 waits for the page's answer.
    pub(crate) fn set_wait(&mut self, wait: Duration) {
        self.wait = wait;
    }

    /// The message set with [`PageSettings::set_message`], if one was.
    pub(crate) fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The key of the request (2026-07-28), and of the page's id in the state.
    pub(crate) fn key(&self) -> &str {
        &self.key
    }

    /// How long a handler on 2025-11-25 waits for the page's answer.
    pub(crate) fn wait(&self) -> Duration {
        self.wait
    }
}

/// What a call asks through a page, as the call's side sees it: how its page is made, how its
/// answer is taken, and the ask's settings. A form's page ([`AskPage`](super::AskPage)) and a connection to an
/// account (feature `account`) are asked alike, on every version.
pub(crate) trait PageAsk<S: PageStore + 'static>: Sync {
    /// What the call gets once the page is answered.
    type Output;

    fn pages(&self) -> &Pages<S>;
    /// The caller the page is bound to (`None` only for pages without an identity check).
    fn subject(&self) -> Option<&str>;
    /// The settings the ask was given: its message, key and wait.
    fn settings(&self) -> &PageSettings;
    /// The message the client shows beside the URL when the ask was given none, in the language
    /// `preference` chooses.
    fn default_message(&self, preference: Option<&Preference>) -> &str;
    /// The language the page (and its message) is written in for `preference`: reported as the
    /// URL request's `contentLanguage`.
    fn language(&self, preference: &Preference) -> Cow<'static, str>;

    /// The message the client shows beside the URL, in the language `preference` chooses: the
    /// one the ask was given, or else its own.
    fn message_text(&self, preference: Option<&Preference>) -> &str {
        match self.settings().message() {
            Some(message) => message,
            None => self.default_message(preference),
        }
    }

    /// The URL of the page `id`.
    fn url(&self, id: &PageId) -> String {
        self.pages().url(id)
    }

    /// Makes the page, under the id `at` if one is given (a link's), else a fresh one, in the
    /// language `preference` chooses: its id and URL.
    fn create(
        &self,
        at: Option<PageId>,
        preference: Option<&Preference>,
    ) -> impl Future<Output = Result<(PageId, String), ElicitError>> + Send;

    /// The name of the form the page asks for, if it asks for a form's answer (a connection to
    /// an account does not): such an answer is read from its content ([`PageAsk::read`]), and a
    /// link's may be carried from one run of a call to the next.
    fn form_name(&self) -> Option<&str> {
        None
    }

    /// The output of a form's answer, its `content` judged by the form's rules.
    fn read(&self, content: &crate::Content) -> Result<Self::Output, ElicitError> {
        let _ = content;
        Err(ElicitError::NotSupported)
    }

    /// The page's answer, taken once: `None` while it waits.
    fn take(
        &self,
        id: &PageId,
    ) -> impl Future<Output = Result<Option<Elicitation<Self::Output>>, ElicitError>> + Send;
}
