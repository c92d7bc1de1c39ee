//! Values of the derive's model written as tokens for generated code.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::quote;

use crate::attr::NumLit;

/// A numeric literal as a `const` schema number.
#[expect(
    clippy::single_match_else,
    reason = "one arm per kind of literal reads best"
)]
pub(super) fn number(n: NumLit) -> TokenStream {
    match n {
        NumLit::Int(v) => match i64::try_from(v) {
            Ok(v) => quote!(_elicit::schema::Number::from_i64(#v)),
            // The parser admits only integers in i64::MIN..=u64::MAX.
            Err(_) => {
                let v = u64::try_from(v).unwrap_or(u64::MAX);
                quote!(_elicit::schema::Number::from_u64(#v))
            }
        },
        NumLit::Float(v) => quote!(_elicit::__private::float(#v)),
    }
}

/// The field type's tokens with every span moved to `span`, so a trait error about the type is
/// reported at the attribute that needs the trait.
pub(super) fn respan(ty: &syn::Type, span: Span) -> TokenStream {
    fn walk(tokens: TokenStream, span: Span) -> TokenStream {
        tokens
            .into_iter()
            .map(|tt| match tt {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), walk(g.stream(), span));
                    group.set_span(span);
                    TokenTree::Group(group)
                }
                mut other => {
                    other.set_span(span);
                    other
                }
            })
            .collect()
    }
    walk(quote!(#ty), span)
}
