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
mod error;
pub mod field;
mod form;
mod format;
mod received;
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
pub use form::{DEFAULT_MESSAGE, Elicit};
pub use schema::{Content, RequestedSchema};
pub use version::{ProtocolVersion, UnknownProtocolVersion, Unrepresentable};
