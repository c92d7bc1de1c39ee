//! The compile-time checks generated for what the derive cannot judge by a type's name: that a
//! field type of another kind takes its attributes, that a bound or default fits the type (judged
//! for the target), that `min_items` is within the options, that a `with` module's shape takes
//! the attributes. Each is spanned at its attribute, so the error points there.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::tokens::{number, respan};
use crate::ast::Field;
use crate::attr::{Attr, DefaultLit, NumLit};
use crate::ty::Base;

/// For a field type the derive cannot recognize by name, checks that its attributes fit its kind:
/// trait bounds for the kind, and for numbers a `const` check that the type can hold the value.
/// Each is spanned at its attribute, so the error points there. (Typed defaults and `min_items`
/// carry their own bounds.) For `isize` and `usize`, whose range is the target's, only the
/// numbers are checked that way.
pub(super) fn kind_checks(field: &Field<'_>) -> TokenStream {
    if let Some(with) = &field.attrs.with {
        return with_checks(field, &with.value);
    }
    match field.known.base {
        None => {}
        Some(Base::Integer { range: None, .. }) => return number_checks(field),
        Some(_) => return TokenStream::new(), // checked by the derive itself, with better words
    }
    let attrs = &field.attrs;
    let mut checks = number_checks(field);
    // A secret's `format` and `default` are refused by the derive itself, with better words
    // (`valid::check_secret_attrs`); its lengths and `pattern` are checked here as text's.
    let secret = crate::ty::is_secret(field.ty);
    // `format` on a type that carries its own (a date type's `date`) is reported in words that
    // name that format, for the type inside an `Option`.
    let format_check = field
        .known
        .integration
        .map_or(("require_text", field.ty), |integration| {
            (integration.format_check, field.value_ty())
        });
    let requirements = [
        (
            attrs.min_length.as_ref().map(Attr::key_span),
            ("require_text", field.ty),
        ),
        (
            attrs.max_length.as_ref().map(Attr::key_span),
            ("require_text", field.ty),
        ),
        (
            attrs
                .format
                .as_ref()
                .filter(|_| !secret)
                .map(Attr::key_span),
            format_check,
        ),
        (
            attrs.pattern.as_ref().map(Attr::key_span),
            ("require_text", field.ty),
        ),
        (
            attrs.max_items.as_ref().map(Attr::key_span),
            ("require_multi_select", field.ty),
        ),
    ];
    for (span, (check, ty)) in requirements {
        if let Some(span) = span {
            checks.extend(require_of(ty, span, check));
        }
    }
    if let Some(default) = attrs.default.as_ref().filter(|_| !secret) {
        match default.value {
            DefaultLit::Text(_) => {
                checks.extend(require(field, default.key_span(), "require_text_default"));
            }
            DefaultLit::Bool(_) => {
                checks.extend(require(field, default.key_span(), "require_boolean"));
            }
            DefaultLit::Number(_) | DefaultLit::Choice(_) | DefaultLit::Choices(_) => {}
        }
    }
    checks
}

/// The attribute checks of a `with = module` field, whose kind only the module's `SHAPE` says:
/// `const` checks of that shape, each spanned at its attribute.
fn with_checks(field: &Field<'_>, module: &syn::Path) -> TokenStream {
    let attrs = &field.attrs;
    let module_name = quote!(#module).to_string().replace(' ', "");
    let mut checks = TokenStream::new();
    let mut require = |span: Span, key: String, kind: &str, words: &str| {
        let kind = format_ident!("{kind}");
        let message = format!(
            "`{key}` applies to {words}, and `with = {module_name}` does not make `{}` one: use the attributes of the kind `{module_name}::SHAPE` gives",
            field.ident
        );
        checks.extend(quote_spanned! {span=>
            const _: () = _elicit::__private::require_shape(
                #module::SHAPE,
                _elicit::__private::Kind::#kind,
                #message,
            );
        });
    };
    let text = [&attrs.min_length, &attrs.max_length];
    for attr in text.into_iter().flatten() {
        require(attr.key_span(), attr.key_name(), "Text", "text fields");
    }
    if let Some(format) = &attrs.format {
        require(format.key_span(), format.key_name(), "Text", "text fields");
    }
    if let Some(pattern) = &attrs.pattern {
        require(
            pattern.key_span(),
            pattern.key_name(),
            "Text",
            "text fields",
        );
    }
    for attr in [&attrs.min_items, &attrs.max_items].into_iter().flatten() {
        require(
            attr.key_span(),
            attr.key_name(),
            "MultiSelect",
            "multi-selects",
        );
    }
    let mut numbers: Vec<(Span, String, NumLit)> = [&attrs.minimum, &attrs.maximum]
        .into_iter()
        .flatten()
        .map(|a| (a.key_span(), a.key_name(), a.value))
        .collect();
    if let Some(default) = &attrs.default {
        let span = default.key_span();
        match default.value {
            DefaultLit::Text(_) => require(span, default.key_name(), "Text", "text fields"),
            DefaultLit::Bool(_) => require(span, default.key_name(), "Boolean", "boolean fields"),
            DefaultLit::Number(n) => numbers.push((span, default.key_name(), n)),
            DefaultLit::Choice(_) | DefaultLit::Choices(_) => {}
        }
    }
    for (span, key, value) in numbers {
        let n = number(value);
        let message = format!(
            "`{key} = {value}` does not fit field `{}`, as `with = {module_name}` makes it: give a value `{module_name}::SHAPE` allows",
            field.ident
        );
        checks.extend(quote_spanned! {span=>
            const _: () = _elicit::__private::check_number_shape(#module::SHAPE, #n, #message);
        });
    }
    checks
}

/// A `const` check, spanned at each numeric attribute, that the field's type can hold its value,
/// judged by the compiler for the target.
fn number_checks(field: &Field<'_>) -> TokenStream {
    let attrs = &field.attrs;
    let mut checks = TokenStream::new();
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
        let ty_name = quote!(#ty).to_string().replace(' ', "");
        let message = format!(
            "`{key} = {value}` does not fit `{ty_name}`, the type of field `{}`: give a value `{ty_name}` holds",
            field.ident
        );
        checks.extend(quote_spanned! {span=>
            const _: () = _elicit::__private::check_number::<#ty>(#n, #message);
        });
    }
    checks
}

/// `min_items` beyond the number of options could never be satisfied; only the enum knows how
/// many it has, so this is a `const` check, spanned at the attribute.
pub(super) fn min_items_check(field: &Field<'_>) -> TokenStream {
    let Some(min_items) = &field.attrs.min_items else {
        return TokenStream::new();
    };
    if field.attrs.with.is_some() {
        return TokenStream::new(); // the module's shape is checked by `with_checks`
    }
    if field
        .known
        .base
        .is_some_and(|base| !matches!(base, Base::MultiSelect { .. }))
    {
        return TokenStream::new(); // not a multi-select: the derive itself reports that
    }
    let span = min_items.key_span();
    let ty = respan(field.ty, span);
    let n = min_items.value;
    let message = format!(
        "`min_items = {n}` on `{}` asks for more choices than its enum has options",
        field.ident
    );
    quote_spanned! {span=>
        const _: () = _elicit::__private::check_min_items::<#ty>(#n, #message);
    }
}

/// `const _: () = require_kind::<Type>();`, spanned at an attribute.
fn require(field: &Field<'_>, span: Span, check: &str) -> TokenStream {
    require_of(field.ty, span, check)
}

/// [`require`] of the type `ty`.
fn require_of(ty: &syn::Type, span: Span, check: &str) -> TokenStream {
    let check = syn::Ident::new(check, span);
    let ty = respan(ty, span);
    quote_spanned! {span=>
        const _: () = _elicit::__private::#check::<#ty>();
    }
}
