//! [`PageError`]: why a page could not be made or its answer taken.

use std::fmt;
use std::time::Duration;

#[cfg(doc)]
use super::Pages;
use crate::error::ContentError;
use crate::page::seal::SealError;
use crate::page::store::{Ended, StoreError};

/// Why a page could not be made or its answer taken.
#[derive(Debug)]
#[non_exhaustive]
pub enum PageError {
    /// The form was not registered with [`Pages::form`].
    Unregistered {
        /// Its type's name.
        form: String,
    },
    /// A page of pages that check who opens them was made without the subject of the call.
    NoSubject,
    /// The store keeps no such page (never made, or forgotten after its keep-time).
    Unknown,
    /// The page was made for another subject or another form.
    NotYours,
    /// Its answer was taken before.
    Taken,
    /// Its time is up, and it was not answered.
    Expired,
    /// It was closed: its call gave up on it ([`Pages::close`]), or a newer page of the same
    /// user took its place ([`Pages::share`]).
    Closed,
    /// A page asked before another step of the same call (2026-07-28), run again for that step's
    /// retry: its answer was taken and, holding a secret, never kept in the state (ask the page
    /// last; `Asking::page` of the `rmcp` module).
    NotLast {
        /// The page's key in the call.
        key: String,
    },
    /// The page was not answered while the call waited for it (`AskPage::wait` of the `rmcp`
    /// module, 2025-11-25).
    NotAnswered {
        /// How long the call waited.
        waited: Duration,
    },
    /// The record or the answer is not one these keys sealed for this page.
    Seal(SealError),
    /// A record these keys sealed does not read (a bug of this crate).
    Record,
    /// The answer, read again into the form, breaks its rules (a form registered differently on
    /// another replica).
    Invalid(ContentError),
    /// The store failed.
    Store(StoreError),
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageError::Unregistered { form } => write!(
                f,
                "the form `{form}` is not registered with the pages: add `.form::<{form}>()` where they are made"
            ),
            PageError::NoSubject => f.write_str(
                "a page is bound to the user whose call makes it: give `create` the subject of the call, as your authorization of the MCP request found it (never an empty one)",
            ),
            PageError::Unknown => f.write_str("no such page: it was never made, or has expired"),
            PageError::NotYours => {
                f.write_str("the page was made for another user's call, or another form")
            }
            PageError::Taken => f.write_str("the page's answer was taken already"),
            PageError::Expired => f.write_str(
                "the page expired before it was answered: ask again for a new page",
            ),
            PageError::Closed => f.write_str(
                "the page was closed before its answer was taken: its call gave up on it, or the same user's newer pages took its place; ask again for a new page",
            ),
            PageError::NotLast { key } => write!(
                f,
                "the page `{key}` was asked before another step of the same call, and its answer, taken once and never kept in the state, is gone: ask the page as the call's last step"
            ),
            PageError::NotAnswered { waited } => write!(
                f,
                "the page was not answered in the {} the call waited: call again when the user is ready",
                Span(*waited)
            ),
            PageError::Seal(error) => fmt::Display::fmt(error, f),
            PageError::Record => f.write_str("the page's record does not read"),
            PageError::Invalid(problems) => {
                write!(f, "the page's answer breaks the form's rules:\n{problems}")
            }
            PageError::Store(error) => fmt::Display::fmt(error, f),
        }
    }
}

/// A wait, in words: "10 minutes", "45 seconds", "1 second", "less than a second".
struct Span(Duration);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_secs() {
            0 => f.write_str("less than a second"),
            1 => f.write_str("1 second"),
            s if s < 120 => write!(f, "{s} seconds"),
            s => write!(f, "{} minutes", s / 60),
        }
    }
}

impl std::error::Error for PageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PageError::Seal(error) => Some(error),
            PageError::Invalid(error) => Some(error),
            PageError::Store(error) => Some(error),
            _ => None,
        }
    }
}

impl PageError {
    /// The error of a page that has ended `how`.
    pub(super) fn ended(how: Ended) -> Self {
        match how {
            Ended::Taken => PageError::Taken,
            Ended::Closed => PageError::Closed,
            Ended::Expired => PageError::Expired,
        }
    }
}

impl From<SealError> for PageError {
    fn from(error: SealError) -> Self {
        PageError::Seal(error)
    }
}

impl From<StoreError> for PageError {
    fn from(error: StoreError) -> Self {
        PageError::Store(error)
    }
}
