//! The runtime of [`mcp-elicit`](https://docs.rs/mcp-elicit): the elicitation schema model, the
//! [`Elicit`] trait that `#[derive(Elicit)]` implements, and the field traits that decide which
//! Rust types a form can hold.
//!
//! Use it through the `mcp-elicit` crate, which adds the derive.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub mod field;
mod number;
pub mod schema;
mod ser;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use field::FormField;
pub use schema::RequestedSchema;

/// A form a server can ask a client to fill in: a flat struct whose fields are text, numbers and
/// booleans.
///
/// Derive it with `#[derive(Elicit)]` (from the `mcp-elicit` crate); the derive checks at compile
/// time that every field fits an MCP elicitation form and builds the schema then.
pub trait Elicit {
    /// The form's `requestedSchema`, built at compile time: calling this allocates nothing and
    /// returns the same reference every time.
    fn requested_schema() -> &'static RequestedSchema;
}
