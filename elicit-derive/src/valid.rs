//! Rules that span attributes and types, one function per rule, each saying why it exists. They
//! run after parsing and push every violation into the context, so one compile shows them all.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use proc_macro2::TokenStream;

use crate::ast::{Data, Field, Input};
use crate::attr::{Attr, DefaultLit, NumLit};
use crate::ctxt::Ctxt;
use crate::ty::Base;

pub(crate) fn check(cx: &Ctxt, input: &Input<'_>) {
    check_generics(cx, input);
    check_languages(cx, input);
    check_labels(
        cx,
        [
            &input.attrs.message,
            &input.attrs.title,
            &input.attrs.description,
        ],
    );
    match &input.data {
        Data::Struct(form) => {
            let fields = &form.fields;
            check_unique_names(cx, fields.iter().map(|f| (f.ident, &f.wire_name)), "field");
            for field in fields {
                check_labels(cx, [&field.attrs.title, &field.attrs.description]);
                check_sensitive(cx, field);
                check_field(cx, field);
            }
        }
        Data::Transparent(field, _) => check_field(cx, field),
        Data::Enum(variants) => {
            check_unique_names(
                cx,
                variants.iter().map(|v| (v.ident, &v.wire_name)),
                "variant",
            );
            for variant in variants {
                check_labels(cx, [&variant.attrs.title, &variant.attrs.description]);
            }
            check_enum_names(cx, input, variants);
        }
    }
}

/// The declared languages: each once, and not the language of the code (whose texts are the
/// code's). A transparent type is a field, whose labels belong to the form that uses it; a form
/// that flattens others in is not translated yet, as their properties come from their own impl.
fn check_languages(cx: &Ctxt, input: &Input<'_>) {
    let attrs = &input.attrs;
    if let Data::Transparent(..) = input.data {
        let keys = [
            attrs.language.as_ref().map(Attr::whole),
            attrs.translations.as_ref().map(Attr::whole),
            attrs.ftl.as_ref().map(Attr::whole),
        ];
        for tokens in keys.into_iter().flatten() {
            cx.error_spanned_by(
                tokens,
                format!(
                    "a transparent type is a field, whose title and description the form using it gives: translate them in that form, not on `{}`",
                    input.original.ident
                ),
            );
        }
        return;
    }
    let Some(translations) = &attrs.translations else {
        return;
    };
    if let Data::Struct(form) = &input.data
        && let Some(flat) = form.flattened.first()
    {
        cx.error_spanned_by(
            translations.whole(),
            format!(
                "a form with `translations` cannot flatten in another form yet (`{}`): write its fields in `{}`, or leave the form untranslated",
                flat.ident, input.original.ident
            ),
        );
    }
    let default = attrs
        .language
        .as_ref()
        .map_or_else(|| "en".to_owned(), |l| l.value.value());
    let mut seen: Vec<String> = Vec::new();
    for lit in &translations.value.languages {
        let tag = lit.value();
        if tag == default {
            cx.error_spanned_by(
                lit,
                format!(
                    "`{tag}` is the language of the texts in the code: list only the languages they are translated into (the code's is set by `language = \"..\"`)"
                ),
            );
        } else if seen.contains(&tag) {
            cx.error_spanned_by(lit, format!("`{tag}` is listed twice: list it once"));
        }
        seen.push(tag);
    }
}

/// The rules of one field's type and attributes.
fn check_field(cx: &Ctxt, field: &Field<'_>) {
    if let Some(reason) = &field.unsupported {
        // The type is the mistake; what its attributes would mean is moot.
        cx.error_spanned_by(field.ty, reason);
        return;
    }
    if let Some(base) = field.known.base {
        check_applies(cx, field, base);
        check_default_kind(cx, field, base);
    }
    check_secret_attrs(cx, field);
    check_order(cx, &field.attrs.min_length, &field.attrs.max_length);
    check_order(cx, &field.attrs.min_items, &field.attrs.max_items);
    check_bound_order(cx, field);
    check_default_within(cx, field);
    #[cfg(feature = "pattern")]
    check_pattern(cx, field);
}

/// A pattern is compiled by the `regex` crate, as it will be to check answers: one that does not
/// compile, or a text default it does not match, would fail every answer.
#[cfg(feature = "pattern")]
fn check_pattern(cx: &Ctxt, field: &Field<'_>) {
    let Some(pattern) = &field.attrs.pattern else {
        return;
    };
    let regex = match regex::Regex::new(&pattern.value) {
        Ok(regex) => regex,
        Err(error) => {
            // The parser's own words, without the picture of the pattern it draws above them.
            let text = error.to_string();
            let last = text.lines().rev().find(|line| !line.trim().is_empty());
            let reason = last.unwrap_or(&text).trim();
            let reason = reason.strip_prefix("error: ").unwrap_or(reason);
            return cx.error_spanned_by(
                pattern.whole(),
                format!("`pattern` is not a regular expression the `regex` crate reads: {reason}"),
            );
        }
    };
    if let Some(default) = &field.attrs.default
        && let DefaultLit::Text(text) = &default.value
        && !regex.is_match(text)
    {
        cx.error_spanned_by(
            default.whole(),
            format!(
                "`default = {text:?}` does not match `pattern = {:?}`: the form would start with an answer it refuses",
                pattern.value
            ),
        );
    }
}

/// The schema is one `static`, built once at compile time, so the type must be one concrete type.
fn check_generics(cx: &Ctxt, input: &Input<'_>) {
    let generics = &input.original.generics;
    if !generics.params.is_empty() {
        cx.error_spanned_by(
            generics,
            "`#[derive(Elicit)]` does not take generic parameters: the schema is built once, at compile time, for one concrete type",
        );
    }
}

/// `enum_names` says how titles are written: on an enum without titles it would do nothing.
fn check_enum_names(cx: &Ctxt, input: &Input<'_>, variants: &[crate::ast::Variant<'_>]) {
    if let Some(attr) = &input.attrs.enum_names
        && variants.iter().all(|v| v.attrs.title.is_none())
    {
        cx.error_spanned_by(
            attr.whole(),
            format!(
                "`enum_names` writes the titles of `{}`'s options as `enumNames`, and none has a title: give its variants `title`s, or remove it",
                input.original.ident
            ),
        );
    }
}

/// The wire name is the key in the schema and in the answer (for a variant, the value sent back):
/// two under one name could not be told apart.
fn check_unique_names<'a>(
    cx: &Ctxt,
    items: impl Iterator<Item = (&'a syn::Ident, &'a String)>,
    what: &str,
) {
    let mut seen: HashMap<&str, &syn::Ident> = HashMap::new();
    for (ident, wire_name) in items {
        if wire_name.is_empty() {
            cx.error_spanned_by(
                ident,
                format!("{what} `{ident}` is renamed to an empty name"),
            );
        }
        match seen.entry(wire_name) {
            Entry::Vacant(slot) => {
                slot.insert(ident);
            }
            Entry::Occupied(first) => cx.error_spanned_by(
                ident,
                format!(
                    "{what} `{ident}` has the wire name `{wire_name}`, as {what} `{}` has: give one of them another `rename`",
                    first.get()
                ),
            ),
        }
    }
}

/// The specification: servers MUST NOT request sensitive information (passwords, API keys,
/// tokens, payment credentials) through a form, whose answer passes through the client and often
/// the model; URL mode exists for that. A name is only a hint, so an author who knows better says
/// so with `not_sensitive`.
fn check_sensitive(cx: &Ctxt, field: &Field<'_>) {
    // A secret type is where a secret belongs: its form is asked through a page only.
    if field.attrs.not_sensitive.is_some() || crate::ty::is_secret(field.ty) {
        return;
    }
    // A yes/no, a fraction or a set of options holds no secret, whatever it is called.
    let can_hold_secret = !matches!(
        field.known.base,
        Some(Base::Boolean | Base::Float { .. } | Base::MultiSelect { .. })
    );
    if !can_hold_secret {
        return;
    }
    let ident = field.ident.to_string();
    let Some(what) = crate::sensitive::looks_sensitive(&field.wire_name)
        .or_else(|| crate::sensitive::looks_sensitive(&ident))
    else {
        return;
    };
    cx.error_spanned_by(
        field.ident,
        format!(
            "field `{}` looks like {what}: MCP servers must not ask for passwords, API keys, tokens or payment credentials in a form, whose answer passes through the client; make it a `mcp_elicit::page::SecretString` (feature `page`) and ask for the form through a page (`Pages::ask`), or, if the field holds no such thing, mark it `#[elicit(not_sensitive)]`",
            field.wire_name
        ),
    );
}

/// A secret is typed into a password input on the page and never written back into it, so the
/// schema drops the two attributes that would only describe or fill that input: said nowhere, the
/// author would believe a `format` checked or a `default` offered. Its lengths and `pattern` judge
/// it as they judge text, and its labels show on the page, so those stay. (Read `with` a module or
/// with `from_str`, the field is of the kind that says, not a secret.)
fn check_secret_attrs(cx: &Ctxt, field: &Field<'_>) {
    let a = &field.attrs;
    if a.with.is_some() || a.from_str.is_some() || !crate::ty::is_secret(field.ty) {
        return;
    }
    let name = field.ident;
    if let Some(format) = &a.format {
        cx.error_spanned_by(
            format.whole(),
            format!(
                "`format` on the secret field `{name}`: a secret is typed into a password input, which takes no format; remove `format`, or make `{name}` a `String` if it holds no secret"
            ),
        );
    }
    if let Some(default) = &a.default {
        cx.error_spanned_by(
            default.whole(),
            format!(
                "`default` on the secret field `{name}`: a secret is never written into the page, not even as a default, so its input always starts empty; remove `default`"
            ),
        );
    }
}

/// A client shows `title` as the label and `description` as help: an empty one shows nothing and
/// hides the field's name, which is never what was meant.
fn check_labels<const N: usize>(cx: &Ctxt, labels: [&Option<Attr<String>>; N]) {
    for attr in labels.into_iter().flatten() {
        if attr.value.trim().is_empty() {
            let key = attr.key_name();
            cx.error_spanned_by(
                attr.whole(),
                format!("`{key}` is empty: give a text, or leave `{key}` out"),
            );
        }
    }
}

/// Attributes come in groups that each apply to one kind of field.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Text,
    Number,
    Items,
}

impl Group {
    fn of(base: Base) -> Option<Group> {
        match base {
            Base::Text => Some(Group::Text),
            Base::Integer { .. } | Base::Float { .. } => Some(Group::Number),
            Base::MultiSelect { .. } => Some(Group::Items),
            Base::Boolean => None,
        }
    }

    fn fields(self) -> &'static str {
        match self {
            Group::Text => "text fields",
            Group::Number => "numeric fields",
            Group::Items => "multi-select fields",
        }
    }
}

/// An attribute the field's kind cannot carry would be dropped by every client, or make the whole
/// request invalid: `minLength` on a number is not in the MCP schema.
fn check_applies(cx: &Ctxt, field: &Field<'_>, base: Base) {
    let name = field.ident;
    let a = &field.attrs;
    let attrs = [
        (
            Group::Text,
            a.min_length.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Text,
            a.max_length.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Text,
            a.format.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Text,
            a.pattern.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Number,
            a.minimum.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Number,
            a.maximum.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Items,
            a.min_items.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
        (
            Group::Items,
            a.max_items.as_ref().map(|x| (x.key_name(), x.whole())),
        ),
    ];
    let own = Group::of(base);
    for (group, attr) in attrs {
        let Some((key, tokens)) = attr else { continue };
        if Some(group) == own {
            continue;
        }
        let hint = match (group, own) {
            (Group::Number | Group::Items, Some(Group::Text)) => {
                ": to limit the length of text, use `min_length` and `max_length`"
            }
            (Group::Text | Group::Number, Some(Group::Items)) => {
                ": to limit how many options are chosen, use `min_items` and `max_items`"
            }
            (Group::Text | Group::Items, Some(Group::Number)) => {
                ": to bound a number, use `minimum` and `maximum`"
            }
            _ => "",
        };
        cx.error_spanned_by(
            tokens,
            format!(
                "`{key}` applies to {}, and `{name}` is {}{hint}",
                group.fields(),
                base.describe()
            ),
        );
    }
    if own == Some(Group::Number) {
        for attr in [&a.minimum, &a.maximum].into_iter().flatten() {
            check_in_type(cx, field, base, &attr.key_name(), attr.value, attr.whole());
        }
    }
}

/// A default of another kind than the field's cannot be shown in the form, nor parsed back.
fn check_default_kind(cx: &Ctxt, field: &Field<'_>, base: Base) {
    let Some(default) = &field.attrs.default else {
        return;
    };
    let name = field.ident;
    let fits = match (&default.value, base) {
        (DefaultLit::Text(_), Base::Text)
        | (DefaultLit::Bool(_), Base::Boolean)
        | (DefaultLit::Choices(_), Base::MultiSelect { .. }) => true,
        (DefaultLit::Number(n), Base::Integer { .. } | Base::Float { .. }) => {
            check_in_type(
                cx,
                field,
                base,
                crate::attr::symbol::DEFAULT,
                *n,
                default.whole(),
            );
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
            Base::MultiSelect { .. } => "a list of variants, like `default = [Color::Red]`",
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

/// A bound or default the Rust type cannot hold can never be met (or the default never parsed):
/// `minimum = -1` on a `u8` is a mistake, not a constraint.
fn check_in_type(
    cx: &Ctxt,
    field: &Field<'_>,
    base: Base,
    key: &str,
    value: NumLit,
    tokens: TokenStream,
) {
    match (base, value) {
        (Base::Integer { name, .. }, NumLit::Float(v)) => cx.error_spanned_by(
            tokens,
            format!(
                "`{key}` of `{}` must be a whole number: `{}` is an integer field (`{name}`), and {v:?} is not whole",
                field.ident, field.ident
            ),
        ),
        (
            Base::Integer {
                name,
                range: Some((min, max)),
            },
            NumLit::Int(v),
        ) if v < min || v > max => cx
            .error_spanned_by(
                tokens,
                format!("`{key} = {v}` is out of range for `{name}`, which holds {min} to {max}"),
            ),
        (Base::Float { name, max }, v) if v.as_f64().abs() > max => cx.error_spanned_by(
            tokens,
            format!(
                "`{key} = {v}` is out of range for `{name}`, whose largest value is about {max:.1e}"
            ),
        ),
        _ => {}
    }
}

/// A lower limit above the upper one (`min_length` above `max_length`, `min_items` above
/// `max_items`) leaves no answer that could be accepted.
fn check_order(cx: &Ctxt, min: &Option<Attr<u64>>, max: &Option<Attr<u64>>) {
    if let (Some(min), Some(max)) = (min, max)
        && min.value > max.value
    {
        cx.error_spanned_by(
            min.whole(),
            format!(
                "`{} = {}` is greater than `{} = {}`: no answer could satisfy both",
                min.key_name(),
                min.value,
                max.key_name(),
                max.value
            ),
        );
    }
}

/// `minimum` above `maximum` leaves no number that could be accepted.
fn check_bound_order(cx: &Ctxt, field: &Field<'_>) {
    if let (Some(min), Some(max)) = (&field.attrs.minimum, &field.attrs.maximum)
        && max.value < min.value
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
    let (count, unit, min, max) = match &default.value {
        DefaultLit::Text(text) => (
            text.chars().count() as u64,
            "character",
            &attrs.min_length,
            &attrs.max_length,
        ),
        DefaultLit::Choices(items) => (
            items.len() as u64,
            "option",
            &attrs.min_items,
            &attrs.max_items,
        ),
        DefaultLit::Number(n) => {
            if let Some(min) = attrs.minimum.as_ref().filter(|m| *n < m.value) {
                cx.error_spanned_by(
                    default.whole(),
                    format!("`default = {n}` is below `minimum = {}`", min.value),
                );
            }
            if let Some(max) = attrs.maximum.as_ref().filter(|m| m.value < *n) {
                cx.error_spanned_by(
                    default.whole(),
                    format!("`default = {n}` is above `maximum = {}`", max.value),
                );
            }
            return;
        }
        DefaultLit::Bool(_) | DefaultLit::Choice(_) => return,
    };
    let unit = if count == 1 {
        unit.to_owned()
    } else {
        format!("{unit}s")
    };
    if let Some(min) = min.as_ref().filter(|m| count < m.value) {
        cx.error_spanned_by(
            default.whole(),
            format!(
                "the default has {count} {unit}, fewer than `{} = {}`",
                min.key_name(),
                min.value
            ),
        );
    }
    if let Some(max) = max.as_ref().filter(|m| count > m.value) {
        cx.error_spanned_by(
            default.whole(),
            format!(
                "the default has {count} {unit}, more than `{} = {}`",
                max.key_name(),
                max.value
            ),
        );
    }
}
