//! The runtime of [`mcp-elicit`](https://docs.rs/mcp-elicit): the elicitation schema model, the
//! [`Elicit`] trait that `#[derive(Elicit)]` implements, the field traits that decide which Rust
//! types a form can hold, and the parser of the client's answer.
//!
//! Use it through the `mcp-elicit` crate, which re-exports it and adds the derive.
//!
//! # Layout
//!
//! Five layers, each importing only from those below it:
//!
//! 1. **The schema model**: [`schema`] (what a form is: properties, options, [`Number`]s, and
//!    how each [`ProtocolVersion`] writes it).
//! 2. **The rules**: [`ErrorKind`] and the errors (what can be wrong), the four formats, the
//!    rules that judge a value (one implementation: the typed parser and
//!    [`RequestedSchema::validate`] both call it), and the reader of a schema any server wrote,
//!    which refuses what the derive refuses.
//! 3. **The field model**: [`field`] (which Rust types are fields, what each contributes to
//!    the schema, how each reads from and writes to an answer).
//! 4. **The form**: [`Elicit`], with the field access and the hidden `const` helpers that
//!    generated code calls.
//! 5. **The protocol**: [`Elicitation`] (the answer), [`request`] (the params of
//!    `elicitation/create`), [`client`] (showing a server's form to a person) and, with the
//!    feature `rounds`, the 2026-07-28 input-required rounds on plain JSON (`rounds`) and, with
//!    the feature `rmcp`, the rmcp integration over them.
//!
//! [`Number`]: schema::Number
#![forbid(unsafe_code)]
// docs.rs (nightly, `--cfg docsrs`) marks each item behind a cargo feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![warn(unreachable_pub)]

#[cfg(feature = "acp")]
pub mod acp;
mod answer;
pub mod choices;
pub mod client;
mod error;
pub mod field;
mod form;
mod format;
#[cfg(any(feature = "page", feature = "terminal"))]
mod hints;
pub mod lang;
#[cfg(feature = "page")]
pub mod page;
mod received;
pub mod request;
#[cfg(feature = "rmcp")]
pub mod rmcp;
#[cfg(feature = "rounds")]
pub mod rounds;
mod rules;
pub mod schema;
#[cfg(feature = "testing")]
pub mod testing;
mod version;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use answer::Elicitation;
pub use error::{ContentError, ElicitResultError, ErrorKind, Expected, FieldError, JsonType};
pub use field::FormField;
pub use form::{DEFAULT_MESSAGE, Elicit, Translation};
pub use schema::{Content, RequestedSchema};
pub use version::{ProtocolVersion, UnknownProtocolVersion, Unrepresentable};
