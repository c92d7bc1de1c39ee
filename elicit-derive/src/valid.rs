//! Rules that span attributes and types, one function per rule, each saying why it exists. They
//! run after parsing and push every violation into the context, so one compile shows them all.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::ast::{Data, Field, Input};
use crate::attr::{DefaultLit, NumLit};
use crate::ctxt::Ctxt;
use crate::ty::Base;

pub(crate) fn check(cx: &Ctxt, input: &Input<'_>) {
    check_generics(cx, input);
    let Data::Struct(fields) = &input.data;
    check_unique_wire_names(cx, fields);
    for field in fields {
        check_labels(cx, field);
        if let Some(base) = field.known.base {
            check_applies(cx, field, base);
        }
        check_length_order(cx, field);
        check_bound_order(cx, field);
        check_default_within(cx, field);
    }
}

/// The schema is one `static`, built once at compile time, so the form must be one concrete type.
fn check_generics(cx: &Ctxt, input: &Input<'_>) {
    let generics = &input.original.generics;
    if !generics.params.is_empty() {
        cx.error_spanned_by(
            generics,
            "a form cannot have generic parameters: its schema is built once, at compile time, for one concrete type",
        );
    }
}

/// The wire name is the key in the schema and in the answer: two fields under one key would
/// overwrite each other in the form.
fn check_unique_wire_names(cx: &Ctxt, fields: &[Field<'_>]) {
    let mut seen: HashMap<&str, &Field<'_>> = HashMap::new();
    for field in fields {
        if field.wire_name.is_empty() {
            cx.error_spanned_by(
                field.ident,
                format!("field `{}` is renamed to an empty name", field.ident),
            );
        }
        match seen.entry(&field.wire_name) {
            Entry::Vacant(slot) => {
                slot.insert(field);
            }
            Entry::Occupied(first) => cx.error_spanned_by(
                field.ident,
                format!(
                    "field `{}` has the wire name `{}`, as field `{}` has: give one of them another `rename`",
                    field.ident,
                    field.wire_name,
                    first.get().ident
                ),
            ),
        }
    }
}

/// A client shows `title` as the label and `description` as help: an empty one shows nothing and
/// hides the field's name, which is never what was meant.
fn check_labels(cx: &Ctxt, field: &Field<'_>) {
    for (attr, what) in [
        (&field.attrs.title, "label"),
        (&field.attrs.description, "help text"),
    ] {
        if let Some(attr) = attr
            && attr.value.trim().is_empty()
        {
            let key = attr.key_name();
            cx.error_spanned_by(
                attr.whole(),
                format!("`{key}` is empty: give the field a {what}, or leave `{key}` out"),
            );
        }
    }
}

/// An attribute the field's kind cannot carry would be dropped by every client, or make the whole
/// request invalid: `minLength` on a number is not in the MCP schema.
fn check_applies(cx: &Ctxt, field: &Field<'_>, base: Base) {
    let name = field.ident;
    let is_text = base == Base::Text;
    let is_number = matches!(base, Base::Integer { .. } | Base::Float { .. });
    if !is_text {
        let text_attrs = [
            field
                .attrs
                .min_length
                .as_ref()
                .map(|a| (a.key_name(), a.whole())),
            field
                .attrs
                .max_length
                .as_ref()
                .map(|a| (a.key_name(), a.whole())),
            field
                .attrs
                .format
                .as_ref()
                .map(|a| (a.key_name(), a.whole())),
        ];
        for (key, tokens) in text_attrs.into_iter().flatten() {
            cx.error_spanned_by(
                tokens,
                format!(
                    "`{key}` applies to text fields, and `{name}` is {}",
                    base.describe()
                ),
            );
        }
    }
    for attr in [&field.attrs.minimum, &field.attrs.maximum]
        .into_iter()
        .flatten()
    {
        let key = attr.key_name();
        if !is_number {
            let hint = if is_text {
                ": to limit the length of text, use `min_length` and `max_length`"
            } else {
                ""
            };
            cx.error_spanned_by(
                attr.whole(),
                format!(
                    "`{key}` applies to numeric fields, and `{name}` is {}{hint}",
                    base.describe()
                ),
            );
        } else {
            check_in_type(cx, field, base, &key, attr.value, attr.whole());
        }
    }
    if let Some(default) = &field.attrs.default {
        let fits = match (&default.value, base) {
            (DefaultLit::Text(_), Base::Text) => true,
            (DefaultLit::Bool(_), Base::Boolean) => true,
            (DefaultLit::Number(n), Base::Integer { .. } | Base::Float { .. }) => {
                check_in_type(cx, field, base, "default", *n, default.whole());
                true
            }
            _ => false,
        };
        if !fits {
            let example = match base {
                Base::Text => "a string, like `default = \"Ada\"`",
                Base::Boolean => "`true` or `false`",
                Base::Integer { .. } => "an integer, like `default = 18`",
                Base::Float { .. } => "a number, like `default = 0.5`",
            };
            cx.error_spanned_by(
                default.value_tokens(),
                format!(
                    "the default of `{name}` must be {example}: `{name}` is {}, and this is {}",
                    base.describe(),
                    default.value.kind()
                ),
            );
        }
    }
}

/// A bound or default the Rust type cannot hold can never be met (or the default never parsed):
/// `minimum = -1` on a `u8` is a mistake, not a constraint.
fn check_in_type(
    cx: &Ctxt,
    field: &Field<'_>,
    base: Base,
    key: &str,
    value: NumLit,
    tokens: proc_macro2::TokenStream,
) {
    match (base, value) {
        (Base::Integer { name, .. }, NumLit::Float(v)) => cx.error_spanned_by(
            tokens,
            format!(
                "`{key}` of `{}` must be a whole number: `{}` is an integer field (`{name}`), and {v:?} is not whole",
                field.ident, field.ident
            ),
        ),
        (Base::Integer { name, min, max }, NumLit::Int(v)) if v < min || v > max => cx
            .error_spanned_by(
                tokens,
                format!("`{key} = {v}` is out of range for `{name}`, which holds {min} to {max}"),
            ),
        (Base::Float { name, max }, v) if v.as_f64().abs() > max => cx.error_spanned_by(
            tokens,
            format!("`{key} = {v}` is out of range for `{name}`, whose largest value is about {max:.1e}"),
        ),
        _ => {}
    }
}

/// `min_length` above `max_length` leaves no text that could be accepted.
fn check_length_order(cx: &Ctxt, field: &Field<'_>) {
    if let (Some(min), Some(max)) = (&field.attrs.min_length, &field.attrs.max_length)
        && min.value > max.value
    {
        cx.error_spanned_by(
            min.whole(),
            format!(
                "`min_length = {}` is greater than `max_length = {}`: no answer could satisfy both",
                min.value, max.value
            ),
        );
    }
}

/// `minimum` above `maximum` leaves no number that could be accepted.
fn check_bound_order(cx: &Ctxt, field: &Field<'_>) {
    if let (Some(min), Some(max)) = (&field.attrs.minimum, &field.attrs.maximum)
        && max.value.lt(min.value)
    {
        cx.error_spanned_by(
            min.whole(),
            format!(
                "`minimum = {}` is greater than `maximum = {}`: no answer could satisfy both",
                min.value, max.value
            ),
        );
    }
}

/// A default the form itself would refuse is shown to the user as a valid start, then rejected.
fn check_default_within(cx: &Ctxt, field: &Field<'_>) {
    let Some(default) = &field.attrs.default else {
        return;
    };
    let attrs = &field.attrs;
    match &default.value {
        DefaultLit::Text(text) => {
            let chars = text.chars().count() as u64;
            if let Some(min) = attrs.min_length.as_ref().filter(|m| chars < m.value) {
                cx.error_spanned_by(
                    default.whole(),
                    format!(
                        "the default has {chars} characters, fewer than `min_length = {}`",
                        min.value
                    ),
                );
            }
            if let Some(max) = attrs.max_length.as_ref().filter(|m| chars > m.value) {
                cx.error_spanned_by(
                    default.whole(),
                    format!(
                        "the default has {chars} characters, more than `max_length = {}`",
                        max.value
                    ),
                );
            }
        }
        DefaultLit::Number(n) => {
            if let Some(min) = attrs.minimum.as_ref().filter(|m| n.lt(m.value)) {
                cx.error_spanned_by(
                    default.whole(),
                    format!("`default = {n}` is below `minimum = {}`", min.value),
                );
            }
            if let Some(max) = attrs.maximum.as_ref().filter(|m| m.value.lt(*n)) {
                cx.error_spanned_by(
                    default.whole(),
                    format!("`default = {n}` is above `maximum = {}`", max.value),
                );
            }
        }
        DefaultLit::Bool(_) => {}
    }
}
