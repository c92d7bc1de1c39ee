//! [`Reach`]: how a call reaches the person whatever their client declares, and [`Rung`], the
//! way it took. A form goes to the client that shows forms; where the client opens links but
//! shows no form, the same form is a page of the server's; where it does neither, the call ends
//! with a link in its result, for the model to give the person, and the same call made again
//! completes with their answer.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use ::rmcp::service::{RequestContext, RoleServer};

use super::ask::{DEFAULT_FORM_WAIT, Ways};
use super::caller::Caller;

#[cfg(feature = "page")]
use crate::page::serve::Pages;
#[cfg(feature = "page")]
use crate::page::store::PageStore;

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
    /// What the requests' asks find in their extensions: the wait, and the pages.
    ways: Ways,
    caller: Option<Arc<Identify>>,
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
            .field("wait", &self.ways.wait)
            .field("caller", &self.caller.is_some());
        #[cfg(feature = "page")]
        debug.field("pages", &self.ways.ladder.is_some());
        debug.finish()
    }
}

impl Reach {
    /// Forms only (no pages: a client without forms is told it cannot be asked), each waited for
    /// at most [`DEFAULT_FORM_WAIT`] on 2025-11-25, the caller read from the [`Caller`] the
    /// request's extensions hold.
    pub fn new() -> Self {
        Reach {
            ways: Ways {
                wait: DEFAULT_FORM_WAIT,
                #[cfg(feature = "page")]
                ladder: None,
            },
            caller: None,
        }
    }

    /// How long a call on 2025-11-25 waits for the client to answer a form it sent
    /// ([`DEFAULT_FORM_WAIT`] by default): then the request is cancelled, and the call ends with
    /// the link result (with pages) or
    /// [`Unreached::NotAnswered`](super::Unreached::NotAnswered). A person still answering on
    /// their client's form is never cut off before it. (On 2026-07-28 nothing waits: the client
    /// calls again.)
    #[must_use]
    pub fn wait(mut self, wait: Duration) -> Self {
        self.ways.wait = wait;
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
        self.ways.ladder = Some(Arc::new(pages));
        self
    }

    /// Installs this reach for the request `context` is of: its handler's asks take the ladder,
    /// and the request's [`Caller`] is the one [`Reach::caller`] finds (kept if it finds none).
    /// [`Forms::reach`](super::Forms::reach) does it for every request.
    pub fn within(&self, context: &mut RequestContext<RoleServer>) {
        if let Some(caller) = self.caller.as_ref().and_then(|identify| identify(context)) {
            context.extensions.insert(Caller::new(caller));
        }
        context.extensions.insert(self.ways.clone());
    }
}
