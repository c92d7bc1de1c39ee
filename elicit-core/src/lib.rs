//! The runtime of [`mcp-elicit`](https://docs.rs/mcp-elicit): the elicitation schema model, the
//! [`Elicit`] trait that `#[derive(Elicit)]` implements, the field traits that decide which Rust
//! types a form can hold, and the parser of the client's answer.
//!
//! Use it through the `mcp-elicit` crate, which re-exports it and adds the derive.
#![forbid(unsafe_code)]
// docs.rs (nightly, `--cfg docsrs`) marks each item behind a cargo feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![warn(unreachable_pub)]

mod answer;
#[cfg(any(
    feature = "chrono",
    feature = "jiff",
    feature = "time",
    feature = "url",
    feature = "email_address"
))]
mod ecosystem;
mod error;
pub mod field;
mod form;
mod format;
pub mod request;
#[cfg(feature = "rmcp")]
pub mod rmcp;
mod rules;
pub mod schema;
mod version;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use answer::Elicitation;
pub use error::{ContentError, ElicitResultError, ErrorKind, Expected, FieldError, JsonType};
pub use field::FormField;
pub use schema::RequestedSchema;
pub use version::{ProtocolVersion, UnknownProtocolVersion, Unrepresentable};

/// The message of a form whose struct gives none with `#[elicit(message = "...")]`.
pub const DEFAULT_MESSAGE: &str = "Please fill in this form.";

/// The content of an answer: the JSON object of field values in an `ElicitResult`.
pub type Content = serde_json::Map<String, serde_json::Value>;

/// A form a server can ask a client to fill in: a flat struct whose fields are text, numbers,
/// booleans and selects.
///
/// Derive it with `#[derive(Elicit)]` (from the `mcp-elicit` crate); the derive checks at compile
/// time that every field fits an MCP elicitation form and builds the schema then.
pub trait Elicit: Sized {
    /// The form's `requestedSchema`, built at compile time: calling this allocates nothing and
    /// returns the same reference every time.
    fn requested_schema() -> &'static RequestedSchema;

    /// The message a client shows above the form: `#[elicit(message = "...")]` on the struct,
    /// or [`DEFAULT_MESSAGE`].
    fn message() -> &'static str {
        DEFAULT_MESSAGE
    }

    /// The form's value from the `content` of an accepted answer, with everything checked: every
    /// constraint the schema states, and what the Rust types imply (`300` is no `u8`). Every
    /// problem is reported, each naming its field. Keys the form does not have are ignored; an
    /// absent field takes its default, or is `None` if it is an `Option`.
    fn from_content(content: &Content) -> Result<Self, ContentError>;

    /// The content that answers the form with this value; `from_content` gives it back. `None`
    /// fields are left out (`null` is not a valid value for the official TypeScript SDK), and a
    /// set's choices are written in the enum's declaration order. A date or time that RFC 3339
    /// cannot write (a year before 0 or after 9999, which the date types of the optional
    /// integrations can hold) is left out too.
    fn to_content(&self) -> Content;
}
