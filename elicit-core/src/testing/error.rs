//! [`TestError`]: why a test client's call has no result to check, each saying which form, page
//! or link, and what was missing.

use std::fmt;
use std::time::Duration;

use ::rmcp::model::ErrorData;

/// Why a [`Session`](super::Session)'s call gave no result: never a hang, never a panic.
#[derive(Debug)]
#[non_exhaustive]
pub enum TestError {
    /// The client could not connect to the server.
    Connect(String),
    /// The server answered the call with a JSON-RPC error.
    Server(ErrorData),
    /// The connection failed during the call (the server ended, or rmcp gave up).
    Service(String),
    /// The person was shown `shown` and the script had no step left for it.
    OutOfSteps {
        /// What was shown, in words.
        shown: String,
        /// Its fields, for a form.
        fields: Vec<String>,
    },
    /// The call ended with steps of the person's never taken: it asked fewer forms than the
    /// script answers.
    LeftOver {
        /// The steps not taken, in words.
        steps: Vec<String>,
    },
    /// The script's step cannot be taken on what was shown: an answer with a field the form or
    /// page does not have, or that is not a JSON object.
    Unfillable {
        /// What was shown, in words.
        shown: String,
        /// What is wrong with the step.
        why: String,
    },
    /// The server asked more than `limit` times in one call.
    AskedForever {
        /// The limit ([`TestClient::max_asks`](super::TestClient::max_asks)).
        limit: usize,
        /// What was shown last, in words.
        last: String,
    },
    /// The call did not end within `after`.
    TimedOut {
        /// The time limit ([`TestClient::timeout`](super::TestClient::timeout)).
        after: Duration,
        /// What was shown so far, in words.
        shown: Vec<String>,
    },
    /// A page could not be opened or answered as a person would.
    Page {
        /// The page's URL.
        url: String,
        /// What went wrong.
        why: String,
    },
}

impl fmt::Display for TestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestError::Connect(why) => write!(f, "the test client did not connect: {why}"),
            TestError::Server(error) => write!(
                f,
                "the server answered with the error {}: {}",
                error.code.0, error.message
            ),
            TestError::Service(why) => write!(f, "the call failed: {why}"),
            TestError::OutOfSteps { shown, fields } if fields.is_empty() => write!(
                f,
                "the person was shown {shown}, and the script has no step left for it: add one to the Person"
            ),
            TestError::OutOfSteps { shown, fields } => write!(
                f,
                "the person was shown {shown} (fields: {}), and the script has no step left for it: add an answer, a decline or a cancel to the Person",
                fields.join(", ")
            ),
            TestError::LeftOver { steps } => write!(
                f,
                "the call ended with {} step(s) of the person's never taken ({}): the server asked less than the script answers",
                steps.len(),
                steps.join("; ")
            ),
            TestError::Unfillable { shown, why } => {
                write!(f, "the person cannot fill in {shown}: {why}")
            }
            TestError::AskedForever { limit, last } => write!(
                f,
                "the server asked more than {limit} times in one call (last: {last}); the client answered cancel"
            ),
            TestError::TimedOut { after, shown } => write!(
                f,
                "the call did not end within {after:?}; the person was shown: {}",
                if shown.is_empty() {
                    "nothing".to_owned()
                } else {
                    shown.join(", ")
                }
            ),
            TestError::Page { url, why } => write!(f, "the page {url}: {why}"),
        }
    }
}

impl std::error::Error for TestError {}
