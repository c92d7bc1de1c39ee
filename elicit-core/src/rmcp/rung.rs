//! [`Rung`]: the way a form reaches the person ([`Reach`](super::Reach)), and [`Unreached`], why
//! none does.

use std::fmt;
use std::time::Duration;

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

/// The way a form reaches the person ([`Reach`](super::Reach)).
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
    /// The client shows no form, and the server has no pages to ask through ([`Reach::pages`](super::Reach::pages)).
    NoPages,
    /// The client shows no form, and the call has no known caller to bind a page to.
    NoCaller,
    /// The client declared form elicitation and did not answer within the wait
    /// ([`Reach::wait`](super::Reach::wait)), and the server has no pages (or no caller) to send the person to.
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
