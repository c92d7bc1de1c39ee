//! [`AskPage`]: a form asked through a page of the server's ([`Pages`]) from an rmcp handler, in
//! one call, on every version with URL mode (features `rmcp` and `page`).

use std::borrow::Cow;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use ::rmcp::model::ProgressNotificationParam;
use ::rmcp::service::{RequestContext, RoleServer};

use super::ask::{Asking, Surface};
use super::page_ask::{PageAsk, PageSettings};
use super::rung::Rung;
use super::send::Sent;
use super::{AskUrl, ElicitError, Stop, url_completed};
use crate::answer::{Elicitation, Outcome};
use crate::form::Elicit;
use crate::lang::{CONTENT_LANGUAGE, Preference, Word, Words};
use crate::page::seal::PageId;
use crate::page::serve::{PageError, Pages};
use crate::page::store::{PageStore, StoreError};
use crate::rounds::{Capability, RoundError, StateError, Waiting};

/// How often a waiting handler sends a progress notification, when its request has a
/// `progressToken`.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// What the state keeps under a page's key once its answer is taken (2026-07-28), for a later
/// step of the call to be told the page came too early.
const TAKEN: &str = "taken";

/// The longest pause between two looks at the store.
const LONGEST_POLL: Duration = Duration::from_secs(1);

/// A form of type `T` asked through a page: made by [`Pages::ask`], run from a tool, prompt or
/// resource handler with [`AskPage::run`], which gives the typed answer as the page collected it
/// (judged by `T`'s rules), on every version with URL mode.
///
/// - On 2025-11-25 it makes the page, sends `elicitation/create` with `mode: "url"` and the
///   page's id as `elicitationId`, and, once the client says the person agreed to open it,
///   waits for the page's answer (up to [`AskPage::wait`]; a `progressToken` on the request gets
///   a progress notification every five seconds, so that a client which resets its timeout on
///   progress does not give up on a person still typing), then sends
///   `notifications/elicitation/complete` and gives the answer.
/// - On 2026-07-28 the first call makes the page and ends with an `InputRequiredResult` holding
///   the URL request ([`Stop::InputRequired`]); the page's id travels in its `requestState`,
///   sealed and bound to the call as every round's. A retry that accepts before the page is
///   answered gets the same URL again (not an error); the retry after it gets the answer. A
///   client that did not declare URL elicitation gets [`RoundError::MissingCapability`]
///   (`-32021`); a state edited, replayed into another call or brought by another user is
///   refused (`-32602`).
/// - 2025-06-18 has no URL mode ([`ElicitError::Unrepresentable`]); a 2025-11-25 client that did
///   not declare URL elicitation gets [`ElicitError::UrlNotSupported`] and no page is made.
///
/// A decline, in the client or with the page's own button, is `Declined`; a cancel in the client
/// (or the request cancelled while waiting) is `Cancelled`. After other steps of the same call (a
/// wizard), ask it with [`Asking::page`], last.
///
/// ```no_run
/// use mcp_elicit::page::SecretString;
/// use mcp_elicit::page::serve::Pages;
/// use mcp_elicit::page::store::MemoryStore;
/// use mcp_elicit::rmcp::Handled;
/// use mcp_elicit::{Elicit, Elicitation};
/// use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// #[derive(Elicit)]
/// #[elicit(message = "Connect your weather service")]
/// struct Connect {
///     #[elicit(min_length = 20)]
///     api_key: SecretString,
/// }
///
/// async fn connect(
///     pages: &Pages<MemoryStore>,
///     user: &str, // who the MCP request's authorization says the caller is
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Handled {
///     let text = match pages.ask::<Connect>(Some(user)).run(context, request).await? {
///         Elicitation::Accepted(connect) => {
///             // keep `connect.api_key` for `user`, on the server
///             "connected"
///         }
///         _ => "nothing was connected",
///     };
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
/// }
/// ```
pub struct AskPage<'p, T, S> {
    pages: &'p Pages<S>,
    subject: Option<String>,
    settings: PageSettings,
    form: PhantomData<fn() -> T>,
}

impl<S: PageStore + 'static> Pages<S> {
    /// Asks for `T` through a page bound to `subject`, the user of the MCP call (as the
    /// application's authorization of the request found it; `None` only for pages made with
    /// [`Pages::without_identity_check_unsafe`]): see [`AskPage`].
    pub fn ask<T: Elicit>(&self, subject: Option<&str>) -> AskPage<'_, T, S> {
        AskPage {
            pages: self,
            subject: subject.map(str::to_owned),
            settings: PageSettings::default(),
            form: PhantomData,
        }
    }
}

impl<T: Elicit, S: PageStore + 'static> AskPage<'_, T, S> {
    /// The message the client shows beside the URL, and the page under its title (`T`'s own by
    /// default).
    #[must_use]
    pub fn message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.settings.set_message(message);
        self
    }

    /// The key of the request in `inputRequests` and `inputResponses` (2026-07-28), and of the
    /// page's id in the state.
    #[must_use]
    pub fn key(mut self, key: impl Into<Cow<'static, str>>) -> Self {
        self.settings.set_key(key);
        self
    }

    /// How long a handler on 2025-11-25 waits for the page's answer
    /// ([`DEFAULT_WAIT`](super::DEFAULT_WAIT)): then the call ends with
    /// [`PageError::NotAnswered`]. (On 2026-07-28 nothing waits: the client calls again.)
    #[must_use]
    pub fn wait(mut self, wait: Duration) -> Self {
        self.settings.set_wait(wait);
        self
    }

    /// Asks for `T` through a page, in `request` (a `tools/call`, `prompts/get` or
    /// `resources/read`) handled with `context`: see [`AskPage`].
    ///
    /// # Errors
    ///
    /// [`Stop::InputRequired`] on 2026-07-28 while the page waits (not a failure: return it);
    /// otherwise [`Stop::Elicit`]: no URL mode in the client's version or capabilities, a state
    /// refused, the page not answered in time, or the store's failure ([`ElicitError::Page`]).
    pub async fn run(
        &self,
        context: &RequestContext<RoleServer>,
        request: &impl Surface,
    ) -> Result<Elicitation<T>, Stop> {
        Asking::new(context, request)
            .map_err(Stop::Elicit)?
            .page(self)
            .await
    }
}

impl Asking<'_> {
    /// Asks for the form `page` describes through a page of the server's, as one step of this
    /// call: see [`AskPage`] (whose `run` is this on a fresh `Asking`). On
    /// 2026-07-28 the steps before it keep their answers in the state, as every round's; ask the
    /// page last of the call's steps: its answer is taken from the store once and, holding a
    /// secret, never travels in the state, so the retry of a step asked after it ends with
    /// [`PageError::NotLast`](crate::page::serve::PageError::NotLast).
    ///
    /// # Errors
    ///
    /// As [`AskPage::run`].
    pub async fn page<T: Elicit, S: PageStore + 'static>(
        &mut self,
        page: &AskPage<'_, T, S>,
    ) -> Result<Elicitation<T>, Stop> {
        self.page_of(page).await
    }

    /// Asks through the page `ask` describes (a form's, or a connection to an account's), on
    /// this call's version.
    pub(super) async fn page_of<S, A>(&mut self, ask: &A) -> Result<Elicitation<A::Output>, Stop>
    where
        S: PageStore + 'static,
        A: PageAsk<S>,
    {
        // A client that opens no page gets the link in the call's result.
        if !self.declares(Capability::ElicitationUrl) {
            self.reached(Rung::Link, ask.settings().key());
            return super::by_link::link(ask, self).await;
        }
        self.reached(Rung::Page, ask.settings().key());
        if self.requests_version().is_none() {
            return rounds(ask, self).await;
        }
        let preference = self.preference().cloned();
        request(ask, self.context(), preference.as_ref())
            .await
            .map_err(Stop::Elicit)
    }
}

impl<T: Elicit, S: PageStore + 'static> PageAsk<S> for AskPage<'_, T, S> {
    type Output = T;

    fn pages(&self) -> &Pages<S> {
        self.pages
    }

    fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }

    fn settings(&self) -> &PageSettings {
        &self.settings
    }

    fn default_message(&self, preference: Option<&Preference>) -> &str {
        match preference {
            Some(preference) => T::in_language(preference).message,
            None => T::message(),
        }
    }

    fn language(&self, preference: &Preference) -> Cow<'static, str> {
        Cow::Borrowed(T::in_language(preference).language)
    }

    async fn create(
        &self,
        at: Option<PageId>,
        preference: Option<&Preference>,
    ) -> Result<(PageId, String), ElicitError> {
        self.pages
            .create_form(
                at,
                self.subject.as_deref(),
                std::any::type_name::<T>(),
                self.settings.message(),
                preference.map(T::in_language),
                None,
            )
            .await
            .map_err(ElicitError::Page)
    }

    fn form_name(&self) -> Option<&str> {
        Some(std::any::type_name::<T>())
    }

    fn read(&self, content: &crate::Content) -> Result<T, ElicitError> {
        crate::page::serve::read_content(content).map_err(ElicitError::Page)
    }

    async fn take(&self, id: &PageId) -> Result<Option<Elicitation<T>>, ElicitError> {
        self.pages
            .take::<T>(id, self.subject.as_deref())
            .await
            .map_err(ElicitError::Page)
    }
}

/// 2025-11-25, to a client that has URL mode: the request, then the wait, the whole of it
/// within the ask's wait (and the page's life) and ended by the call's cancellation. A call that
/// ends without the page's answer closes the page (a guard does, should the handler itself be
/// dropped), so that the person is not told an answer is saved, and no secret waits unused in
/// the store.
pub(super) async fn request<S: PageStore + 'static, A: PageAsk<S>>(
    ask: &A,
    context: &RequestContext<RoleServer>,
    preference: Option<&Preference>,
) -> Result<Elicitation<A::Output>, ElicitError> {
    let (id, url) = ask.create(None, preference).await?;
    let guard = CloseOnDrop {
        pages: ask.pages().clone(),
        id: Some(id),
    };
    let started = Instant::now();
    let limit = ask.settings().wait().min(ask.pages().page_ttl());
    let answer = match url_request(ask, &id, url, preference)
        .request(context, limit)
        .await
    {
        Ok(Sent::Answered(Elicitation::Accepted(()))) => {
            wait_for(ask, context, &id, started, limit, preference).await
        }
        Ok(Sent::Answered(Elicitation::Declined)) => Ok(Elicitation::Declined),
        Ok(Sent::Answered(Elicitation::Cancelled) | Sent::Cancelled) => Ok(Elicitation::Cancelled),
        Ok(Sent::TimedOut) => Err(ElicitError::Page(PageError::NotAnswered {
            waited: started.elapsed(),
        })),
        Err(error) => Err(error),
    };
    guard.close().await;
    answer
}

/// The URL request of the page `id` at `url`, named by the page's id (on 2026-07-28 too: the
/// same page across every retry).
fn url_request<S: PageStore + 'static, A: PageAsk<S>>(
    ask: &A,
    id: &PageId,
    url: String,
    preference: Option<&Preference>,
) -> AskUrl {
    let request = AskUrl::new(ask.message_text(preference).to_owned(), url, id.to_string());
    match preference {
        Some(preference) => request.in_language(ask.language(preference)),
        None => request,
    }
}

/// 2025-11-25: looks at the store, ever less often up to once a second, until the page has its
/// answer, the wait is over or the request is cancelled; tells the client when the page is done.
async fn wait_for<S: PageStore + 'static, A: PageAsk<S>>(
    ask: &A,
    context: &RequestContext<RoleServer>,
    id: &PageId,
    started: Instant,
    limit: Duration,
    preference: Option<&Preference>,
) -> Result<Elicitation<A::Output>, ElicitError> {
    let progress = context.meta.get_progress_token();
    // Said in the call's language, and reported with it when the call gave a preference.
    let words = preference.map_or_else(Words::english, Words::choose);
    let meta = preference.map(|_| {
        let mut meta = ::rmcp::model::JsonObject::new();
        meta.insert(CONTENT_LANGUAGE.to_owned(), words.language().into());
        ::rmcp::model::NotificationMetaObject(::rmcp::model::MetaObject(meta))
    });
    let mut poll = Duration::from_millis(100);
    let mut told = Duration::ZERO;
    loop {
        // The store's failure at this look, if it failed: the wait rides it out (the person may
        // still be answering, and the store may be back before they are done), and ends with it
        // when its time is up.
        let failed = match ask.take(id).await {
            Ok(Some(answer)) => {
                // The answer is the call's now, taken once: a client that cannot be told the
                // page is done (gone, say) does not lose it.
                let _ = url_completed(context, &id.to_string()).await;
                return Ok(answer);
            }
            Ok(None) => None,
            Err(ElicitError::Page(PageError::Store(error @ StoreError::Backend(_)))) => Some(error),
            Err(error) => return Err(error),
        };
        let waited = started.elapsed();
        if waited >= limit {
            return Err(ElicitError::Page(match failed {
                Some(error) => PageError::Store(error),
                None => PageError::NotAnswered { waited },
            }));
        }
        if let Some(token) = &progress
            && waited >= told + PROGRESS_EVERY
        {
            told = waited;
            let mut note = ProgressNotificationParam::new(token.clone(), waited.as_secs_f64())
                .with_message(words.say(Word::ProgressWaiting));
            note.meta.clone_from(&meta);
            // A client gone is found by the next look, or by the cancellation.
            let _ = context.peer.notify_progress(note).await;
        }
        let pause = poll.min(limit.saturating_sub(waited));
        if tokio::time::timeout(pause, context.ct.cancelled())
            .await
            .is_ok()
        {
            return Ok(Elicitation::Cancelled);
        }
        poll = (poll * 2).min(LONGEST_POLL);
    }
}

/// 2026-07-28: the page's id from the state, or a new page; its answer once it has one,
/// otherwise the URL request again.
pub(super) async fn rounds<S: PageStore + 'static, A: PageAsk<S>>(
    ask: &A,
    asking: &mut Asking<'_>,
) -> Result<Elicitation<A::Output>, Stop> {
    let refused = |error: RoundError| Stop::Elicit(ElicitError::Round(error));
    let key = ask.settings().key();
    let preference = asking.preference().cloned();
    // `Asking::page` runs this on a version with rounds only.
    let exchange = asking
        .exchange()
        .ok_or(Stop::Elicit(ElicitError::NotSupported))?;
    if !exchange.declares(Capability::ElicitationUrl) {
        return Err(refused(RoundError::MissingCapability(
            Capability::ElicitationUrl,
        )));
    }
    let (id, url) = match exchange.kept(key) {
        // The page was answered in an earlier run of this call, and a later step asked: its
        // answer is gone (taken once, never in the state).
        Some(TAKEN) => {
            return Err(Stop::Elicit(ElicitError::Page(PageError::NotLast {
                key: key.to_owned(),
            })));
        }
        Some(kept) => {
            // Sealed by this server: an id that does not read is a state it did not write.
            let id =
                PageId::parse(kept).ok_or(refused(RoundError::State(StateError::Malformed)))?;
            if let Some(response) = exchange.response(key) {
                let outcome = Outcome::of_result(response).map_err(|error| {
                    refused(RoundError::Responses {
                        key: Some(key.to_owned()),
                        reason: error.to_string(),
                    })
                })?;
                if let Some(refusal) = outcome.refusal() {
                    // Declined or cancelled in the client: the page is of no more use. (Its id
                    // is from this call's own sealed state: the page is this call's.)
                    let _ = ask.pages().close_page(&id).await;
                    return Ok(refusal);
                }
                match ask.take(&id).await {
                    Ok(Some(answer)) => {
                        exchange.keep(key, TAKEN.to_owned());
                        return Ok(answer);
                    }
                    Ok(None) => {}
                    // Another user's state, or one whose page is gone, expired or closed: the
                    // state is not one for this call (the call starts over).
                    Err(ElicitError::Page(PageError::NotYours)) => {
                        return Err(refused(RoundError::State(StateError::OtherRequest)));
                    }
                    // Taken by an earlier retry with this very state: it was used, not expired.
                    Err(ElicitError::Page(PageError::Taken)) => {
                        return Err(refused(RoundError::State(StateError::Used)));
                    }
                    Err(ElicitError::Page(
                        PageError::Unknown | PageError::Expired | PageError::Closed,
                    )) => {
                        return Err(refused(RoundError::State(StateError::Expired)));
                    }
                    Err(error) => return Err(Stop::Elicit(error)),
                }
            }
            (id, ask.url(&id))
        }
        None => ask
            .create(None, preference.as_ref())
            .await
            .map_err(Stop::Elicit)?,
    };
    exchange.keep(key, id.to_string());
    // The state lives as long as the page: a person may take the page's whole time.
    exchange.live_at_least(ask.pages().page_ttl());
    if let Some(preference) = &preference {
        asking.asked_in(ask.language(preference).into_owned());
    }
    let params = serde_json::to_value(
        url_request(ask, &id, url, preference.as_ref()).params(&id.to_string()),
    )
    .map_err(|e| Stop::Elicit(ElicitError::Model(e)))?;
    let mut waiting = Waiting::new(Cow::Owned(key.to_owned()), params);
    asking.round(&mut [&mut waiting]).await?;
    // The round asks it every time: settled, it would be a bug of this crate's.
    Err(refused(RoundError::MissingCapability(
        Capability::ElicitationUrl,
    )))
}

/// Closes its page when dropped unless told it is done with it: a 2025-11-25 call that ends
/// without the page's answer (a decline, a cancel, a timeout, an error, or the handler's future
/// dropped) leaves no page open.
struct CloseOnDrop<S: PageStore + 'static> {
    pages: Pages<S>,
    id: Option<PageId>,
}

impl<S: PageStore + 'static> CloseOnDrop<S> {
    /// Closes the page now (a page whose answer was taken has ended: nothing changes).
    async fn close(mut self) {
        if let Some(id) = self.id.take() {
            let _ = self.pages.close_page(&id).await;
        }
    }
}

impl<S: PageStore + 'static> Drop for CloseOnDrop<S> {
    fn drop(&mut self) {
        let Some(id) = self.id.take() else {
            return;
        };
        // Dropped before `close` ran: the handler itself was dropped, within a runtime.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let pages = self.pages.clone();
            runtime.spawn(async move {
                let _ = pages.close_page(&id).await;
            });
        }
    }
}
