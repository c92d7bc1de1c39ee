//! `#[derive(Elicit)]`, the derive of [`mcp-elicit`](https://docs.rs/mcp-elicit). An
//! implementation detail: depend on `mcp-elicit` and write `use mcp_elicit::Elicit;`.
//!
//! The derive runs in three steps: `ast` reads the input (with `attr` reading the attributes into
//! values and `ctxt` collecting every problem), `valid` checks the rules that span attributes and
//! types, and `expand` writes the code, or `fallback` the errors.
#![forbid(unsafe_code)]

#[cfg(feature = "rmcp")]
mod asks;
mod ast;
mod attr;
mod case;
mod ctxt;
mod doc;
mod expand;
mod fallback;
// The one comparison of numbers, shared with the runtime: a link to its file.
mod numeric;
mod sensitive;
mod translate;
mod ty;
mod valid;

use proc_macro::TokenStream;

/// Derives `mcp_elicit::Elicit` for a struct with named fields: its elicitation form schema,
/// built at compile time, and a parser of the answer that checks every constraint.
///
/// On a fieldless enum it makes a select: the variants are the options, a field of the enum is a
/// single-select, and a `Vec`, `HashSet` or `BTreeSet` of it a multi-select. On a struct with
/// `#[elicit(transparent)]` and one field, it makes a field type of that field's kind.
///
/// Every attribute it reads, on the struct or the enum, a field and a variant, is in
/// [the guide's table of attributes](https://docs.rs/mcp-elicit/latest/mcp_elicit/_guide/_forms/index.html#attributes).
#[proc_macro_derive(Elicit, attributes(elicit))]
pub fn derive_elicit(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}

/// Marks a `#[tool]` or `#[prompt]` method of rmcp's routers that asks forms: it takes a
/// `call: mcp_elicit::rmcp::Call` (in any position), returns `mcp_elicit::rmcp::Handled<T>`, and
/// uses `?` on every ask. Goes above `#[tool]` or `#[prompt]`. See `mcp_elicit::rmcp::Call`.
///
/// Forgotten on a method that takes a `Call`, rmcp's router refuses the method in its own words:
/// ``the trait bound `(Tool, for<'a> fn(&'a Server, Call) -> ..): IntoToolRoute<Server, _>` is
/// not satisfied`` at `#[tool_router]`. Write `#[asks]` above the method's `#[tool(..)]`.
#[cfg(feature = "rmcp")]
#[proc_macro_attribute]
pub fn asks(attr: TokenStream, item: TokenStream) -> TokenStream {
    asks::expand(attr.into(), item.into()).into()
}
