//! [`Caller`]: who a request's caller is (stand-in until the state binding lands).

use ::rmcp::service::{RequestContext, RoleServer};

/// The caller of a request, as the application's authorization found them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller(String);

impl Caller {
    /// The caller `subject`.
    pub fn new(subject: impl Into<String>) -> Self {
        Caller(subject.into())
    }

    /// The caller's subject.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The caller `context`'s extensions hold, if any (an empty one is none).
pub(crate) fn of(context: &RequestContext<RoleServer>) -> Option<&str> {
    context
        .extensions
        .get::<Caller>()
        .map(Caller::as_str)
        .filter(|subject| !subject.is_empty())
}
