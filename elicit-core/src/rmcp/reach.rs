//! [`Reach`]: how a call reaches the person whatever their client declares, and [`Rung`], the
//! way it took. A form goes to the client that shows forms; where the client opens links but
//! shows no form, the same form is a page of the server's; where it does neither, the call ends
//! with a link in its result, for the model to give the person, and the same call made again
//! completes with their answer.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use ::rmcp::service::{RequestContext, RoleServer};

use super::caller::Caller;

#[cfg(feature = "page")]
use crate::page::serve::Pages;
#[cfg(feature = "page")]
use crate::page::store::PageStore;

/// How long a call on 2025-11-25 waits for the client to answer a form it sent, by default: ten
/// minutes, as long as a page waits for its answer. A client that declares form elicitation and
/// never shows the form (one drops `elicitation/create` from stdio servers without a word) would
/// otherwise hold the call for ever. Set it with [`Reach::wait`].
pub const DEFAULT_FORM_WAIT: Duration = Duration::from_mins(10);

/// Who a request's caller is, as the application's authorization found them.
type Identify = dyn Fn(&RequestContext<RoleServer>) -> Option<String> + Send + Sync;

/// How a server reaches a person whose client cannot show its forms: the server's pages, who the
/// caller of a request is, and how long a form sent to a client is waited for.
///
/// Install it once, for every request: [`Forms::reach`](super::Forms::reach) when the server is
/// served as [`Forms::new(server)`](super::Forms::new), or [`Reach::within`] before a
/// hand-written handler asks. Then every form asked in the call ([`ask`](super::ask),
/// [`Call::ask`](super::Call::ask), [`Call::arguments`](super::Call::arguments),
/// [`Asking::ask`](super::Asking::ask)) takes the first way open to it, chosen from what the
/// client declared (never from its name):
///
/// 1. **the form** where the client declares form elicitation, as without a `Reach` (on
///    2025-11-25 waited for at most [`Reach::wait`]: a client that never answers gets the link of
///    rung 3 when its time is up);
/// 2. **the page** (feature `page`): where the client declares URL elicitation and not forms, the
///    same form as a page of the server's, bound to the caller, judged by the same rules;
/// 3. **a link in the result**: where the client declares neither, the call ends with a normal
///    result whose text gives the page's link and tells the model, in the person's language, to
///    ask the person to open it and to make the same call again once they have answered. The same
///    call (same caller, tool or prompt, arguments) made again gives the same link until the
///    page is answered, then completes with the answer, once.
///
/// A call whose caller is unknown is refused (no page can be bound to no one); nothing ever
/// proceeds as if the person had answered. [`Asking::rung`](super::Asking::rung) says which way
/// a form will take, before asking; each ask says it in a `tracing` event (target
/// `mcp_elicit::reach`, at `info`).
///
/// ```no_run
/// # #[cfg(feature = "page")]
/// # mod example {
/// use std::time::Duration;
/// use mcp_elicit::page::serve::{Pages, Parts};
/// use mcp_elicit::page::store::MemoryStore;
/// use mcp_elicit::rmcp::{Forms, Reach};
/// use mcp_elicit::rounds::StateKeys;
///
/// # #[derive(Clone)] struct Server;
/// # impl rmcp::ServerHandler for Server {}
/// # struct SignIn;
/// # impl mcp_elicit::page::serve::Identity for SignIn {
/// #     fn subject(&self, _: &Parts) -> Option<String> { None }
/// # }
/// /// Who the MCP request's `Authorization` says the caller is (the application's own check).
/// fn user_of(request: &Parts) -> Option<String> {
///     # let _ = request;
///     # None
/// }
///
/// # fn build(keys: &StateKeys) {
/// let pages = Pages::new(MemoryStore::new(10_000), keys, "https://example.com/pages", SignIn);
/// let reach = Reach::new()
///     .pages(pages)
///     .caller(|context| context.extensions.get::<Parts>().and_then(user_of))
///     .wait(Duration::from_secs(90));
/// let server = Forms::new(Server).reach(reach);
/// # let _ = server;
/// # }
/// # }
/// ```
#[derive(Clone)]
pub struct Reach {
    wait: Duration,
    caller: Option<Arc<Identify>>,
    #[cfg(feature = "page")]
    pages: Option<Arc<dyn super::ladder::Ladder>>,
}

impl Default for Reach {
    fn default() -> Self {
        Reach::new()
    }
}

impl fmt::Debug for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Reach");
        debug
            .field("wait", &self.wait)
            .field("caller", &self.caller.is_some());
        #[cfg(feature = "page")]
        debug.field("pages", &self.pages.is_some());
        debug.finish()
    }
}

impl Reach {
    /// Forms only (no pages: a client without forms is told it cannot be asked), each waited for
    /// at most [`DEFAULT_FORM_WAIT`] on 2025-11-25, the caller read from the [`Caller`] the
    /// request's extensions hold.
    pub fn new() -> Self {
        Reach {
            wait: DEFAULT_FORM_WAIT,
            caller: None,
            #[cfg(feature = "page")]
            pages: None,
        }
    }

    /// How long a call on 2025-11-25 waits for the client to answer a form it sent
    /// ([`DEFAULT_FORM_WAIT`] by default): then the request is cancelled, and the call ends with
    /// the link result (with pages) or [`Unreached::NotAnswered`]. A person still answering on
    /// their client's form is never cut off before it. (On 2026-07-28 nothing waits: the client
    /// calls again.)
    #[must_use]
    pub fn wait(mut self, wait: Duration) -> Self {
        self.wait = wait;
        self
    }

    /// The caller of each request, as `identify` finds them in its context (the signed-in user
    /// the application's authorization found, such as the bearer token's subject in the HTTP
    /// request's `Parts`, which rmcp's Streamable HTTP service puts in the extensions): each
    /// page and link is bound to them, and the 2026-07-28 `requestState` too. Without it the
    /// caller is the [`Caller`] the request's extensions hold, if any.
    #[must_use]
    pub fn caller(
        mut self,
        identify: impl Fn(&RequestContext<RoleServer>) -> Option<String> + Send + Sync + 'static,
    ) -> Self {
        self.caller = Some(Arc::new(identify));
        self
    }

    /// The pages a form is asked through where the client shows no form (feature `page`): as a
    /// URL-mode page where it declares URL elicitation, else through a link in the call's
    /// result. Register with [`Pages::form`] every form that may be asked this way (each replica
    /// the same); one not registered ends the call with
    /// [`PageError::Unregistered`](crate::page::serve::PageError::Unregistered), naming it.
    #[cfg(feature = "page")]
    #[cfg_attr(docsrs, doc(cfg(feature = "page")))]
    #[must_use]
    pub fn pages<S: PageStore + 'static>(mut self, pages: Pages<S>) -> Self {
        self.pages = Some(Arc::new(pages));
        self
    }

    /// Installs this reach for the request `context` is of: its handler's asks take the ladder,
    /// and the request's [`Caller`] is the one [`Reach::caller`] finds (kept if it finds none).
    /// [`Forms::reach`](super::Forms::reach) does it for every request.
    pub fn within(&self, context: &mut RequestContext<RoleServer>) {
        if let Some(caller) = self.caller.as_ref().and_then(|identify| identify(context)) {
            context.extensions.insert(Caller::new(caller));
        }
        context.extensions.insert(self.clone());
    }

    /// The reach installed for `context`'s request, if any.
    pub(crate) fn of(context: &RequestContext<RoleServer>) -> Option<&Reach> {
        context.extensions.get::<Reach>()
    }

    /// How long a form sent on 2025-11-25 is waited for, for `context`'s request.
    pub(crate) fn wait_of(context: &RequestContext<RoleServer>) -> Duration {
        Reach::of(context).map_or(DEFAULT_FORM_WAIT, |reach| reach.wait)
    }

    /// The pages of the ladder, if it has any.
    #[cfg(feature = "page")]
    pub(crate) fn ladder(&self) -> Option<&dyn super::ladder::Ladder> {
        self.pages.as_deref()
    }
}

/// What the ladder does with a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub(crate) enum Way {
    /// Asks it through a page (URL mode).
    Page,
    /// Asks it through the link in the call's result.
    Link,
    /// Looks for the call's link made before (a form the client was sent and did not answer):
    /// its answer, or the same link while it waits; nothing when there is none.
    Probe,
}

/// The way a form reaches the person ([`Reach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rung {
    /// The client shows the form.
    Form,
    /// The client opens a page of the server's (URL mode).
    Page,
    /// The call ends with a link in its result, for the model to give the person; the same call
    /// made again completes with their answer.
    Link,
    /// No way is open: why.
    Unreached(Unreached),
}

impl Rung {
    /// Its name, as the `tracing` event says it: `form`, `page`, `link` or `unreached`.
    pub fn as_str(self) -> &'static str {
        match self {
            Rung::Form => "form",
            Rung::Page => "page",
            Rung::Link => "link",
            Rung::Unreached(_) => "unreached",
        }
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a form cannot reach the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unreached {
    /// The client shows no form, and the server has no pages to ask through ([`Reach::pages`]).
    NoPages,
    /// The client shows no form, and the call has no known caller to bind a page to.
    NoCaller,
    /// The client declared form elicitation and did not answer within the wait
    /// ([`Reach::wait`]), and the server has no pages (or no caller) to send the person to.
    NotAnswered {
        /// How long the call waited.
        waited: Duration,
    },
    /// The same call was asked through a link so many times within a page's life that it
    /// asks no more until the oldest are forgotten.
    TooOften {
        /// How many links it was given.
        links: u32,
    },
}

impl fmt::Display for Unreached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreached::NoPages => f.write_str(
                "the client cannot show forms (it did not declare form elicitation), and the server has no pages to ask through: give its `Reach` pages (`Reach::pages`)",
            ),
            Unreached::NoCaller => f.write_str(
                "the client cannot show forms, and the server cannot bind a page to the caller: the call carries no signed-in user (give `Reach::caller`, or insert a `Caller` in the request's extensions)",
            ),
            Unreached::NotAnswered { waited } => write!(
                f,
                "the client did not answer the form within {} s (it may not show forms), and the server has no page to send the person to",
                waited.as_secs()
            ),
            Unreached::TooOften { links } => write!(
                f,
                "this same call was asked through a link {links} times within a page's life: wait until the oldest links expire"
            ),
        }
    }
}
