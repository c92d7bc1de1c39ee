//! Writes the code: one `static` schema per form, built by `const` helpers of the runtime crate.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};

use crate::ast::{Data, Field, Input};
use crate::attr::{DefaultLit, Format, NumLit};
use crate::ctxt::Ctxt;
use crate::{ast, fallback, valid};

/// The whole derive: parse, validate, then expand, or report every error with a dummy impl.
pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let parsed = ast::Input::from_ast(&cx, input);
    if let Some(parsed) = &parsed {
        valid::check(&cx, parsed);
    }
    let krate = runtime_path(parsed.as_ref());
    match (cx.check(), parsed) {
        (Ok(()), Some(parsed)) => expand(&parsed, &krate),
        (Err(err), _) => fallback::dummy(input, &krate, err),
        // `from_ast` gives `None` only after reporting why; this arm keeps the derive total.
        (Ok(()), None) => fallback::dummy(
            input,
            &krate,
            syn::Error::new_spanned(&input.ident, "`#[derive(Elicit)]` cannot read this type"),
        ),
    }
}

/// The path generated code reaches the runtime through: `::mcp_elicit`, or `#[elicit(crate = "..")]`.
fn runtime_path(input: Option<&Input<'_>>) -> TokenStream {
    match input.and_then(|i| i.attrs.crate_path.as_ref()) {
        Some(path) => quote!(#path),
        None => quote!(::mcp_elicit),
    }
}

fn expand(input: &Input<'_>, krate: &TokenStream) -> TokenStream {
    let Data::Struct(fields) = &input.data;
    let ident = &input.original.ident;
    let count = fields.len();
    let properties = fields.iter().map(property);
    let checks = fields.iter().map(kind_checks);
    quote! {
        #[doc(hidden)]
        const _: () = {
            use #krate as _elicit;

            #[automatically_derived]
            impl _elicit::Elicit for #ident {
                fn requested_schema() -> &'static _elicit::RequestedSchema {
                    static PROPERTIES: [_elicit::schema::Property; #count] = [#(#properties),*];
                    static SCHEMA: _elicit::RequestedSchema = _elicit::__private::schema(&PROPERTIES);
                    &SCHEMA
                }
            }

            #(#checks)*
        };
    }
}

/// `property::<Type>(FieldAttrs::new("wire").title(..)..)`, spanned at the field so that a
/// compile-time panic of the helper points there.
fn property(field: &Field<'_>) -> TokenStream {
    let attrs = &field.attrs;
    let ty = field.ty;
    let wire = &field.wire_name;
    let mut setters = TokenStream::new();
    if let Some(title) = &attrs.title {
        let title = &title.value;
        setters.extend(quote!(.title(#title)));
    }
    let description = attrs
        .description
        .as_ref()
        .map(|d| &d.value)
        .or(attrs.doc.as_ref());
    if let Some(description) = description {
        setters.extend(quote!(.description(#description)));
    }
    if let Some(n) = &attrs.min_length {
        let n = n.value;
        setters.extend(quote!(.min_length(#n)));
    }
    if let Some(n) = &attrs.max_length {
        let n = n.value;
        setters.extend(quote!(.max_length(#n)));
    }
    if let Some(format) = &attrs.format {
        let variant = match format.value {
            Format::Email => quote!(Email),
            Format::Uri => quote!(Uri),
            Format::Date => quote!(Date),
            Format::DateTime => quote!(DateTime),
        };
        setters.extend(quote!(.format(_elicit::schema::StringFormat::#variant)));
    }
    if let Some(n) = &attrs.minimum {
        let n = number(n.value);
        setters.extend(quote!(.minimum(#n)));
    }
    if let Some(n) = &attrs.maximum {
        let n = number(n.value);
        setters.extend(quote!(.maximum(#n)));
    }
    if let Some(default) = &attrs.default {
        setters.extend(match &default.value {
            DefaultLit::Text(text) => quote!(.default_text(#text)),
            DefaultLit::Number(n) => {
                let n = number(*n);
                quote!(.default_number(#n))
            }
            DefaultLit::Bool(b) => quote!(.default_bool(#b)),
        });
    }
    let span = field.ident.span();
    quote_spanned! {span=>
        _elicit::__private::property::<#ty>(_elicit::__private::FieldAttrs::new(#wire) #setters)
    }
}

/// A numeric literal as a `const` schema number.
fn number(n: NumLit) -> TokenStream {
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

/// For a field type the derive cannot recognize by name, checks that its attributes fit its kind:
/// trait bounds for the kind, and for numbers a `const` check that the type can hold the value.
/// Each is spanned at its attribute, so the error points there.
fn kind_checks(field: &Field<'_>) -> TokenStream {
    if field.known.base.is_some() {
        return TokenStream::new(); // checked by the derive itself, with better words
    }
    let attrs = &field.attrs;
    let mut checks = TokenStream::new();
    let text_keys = [
        attrs.min_length.as_ref().map(|a| a.key_span()),
        attrs.max_length.as_ref().map(|a| a.key_span()),
        attrs.format.as_ref().map(|a| a.key_span()),
    ];
    for span in text_keys.into_iter().flatten() {
        checks.extend(require(field, span, "require_text"));
    }
    let numbers = [
        attrs
            .minimum
            .as_ref()
            .map(|a| (a.key_span(), a.key_name(), a.value)),
        attrs
            .maximum
            .as_ref()
            .map(|a| (a.key_span(), a.key_name(), a.value)),
        attrs.default.as_ref().and_then(|a| match a.value {
            DefaultLit::Number(n) => Some((a.key_span(), a.key_name(), n)),
            _ => None,
        }),
    ];
    for (span, key, value) in numbers.into_iter().flatten() {
        let ty = respan(field.ty, span);
        let n = number(value);
        let message = format!(
            "`{key} = {value}` does not fit `{}`, the type of field `{}`",
            quote!(#ty).to_string().replace(' ', ""),
            field.ident
        );
        checks.extend(quote_spanned! {span=>
            const _: () = _elicit::__private::check_number::<#ty>(#n, #message);
        });
    }
    if let Some(default) = &attrs.default {
        match default.value {
            DefaultLit::Text(_) => {
                checks.extend(require(field, default.key_span(), "require_text"))
            }
            DefaultLit::Bool(_) => {
                checks.extend(require(field, default.key_span(), "require_boolean"))
            }
            DefaultLit::Number(_) => {}
        }
    }
    checks
}

/// `const _: () = require_kind::<Type>();`, spanned at an attribute.
fn require(field: &Field<'_>, span: Span, check: &str) -> TokenStream {
    let check = syn::Ident::new(check, span);
    let ty = respan(field.ty, span);
    quote_spanned! {span=>
        const _: () = _elicit::__private::#check::<#ty>();
    }
}

/// The field type's tokens with every span moved to `span`, so a trait error about the type is
/// reported at the attribute that needs the trait.
fn respan(ty: &syn::Type, span: Span) -> TokenStream {
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
