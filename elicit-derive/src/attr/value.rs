//! The values of `#[elicit(..)]` keys: what each kind of value is (a number, a format, a
//! default), and the parsers that read one, each saying what was expected when it cannot.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::parse::{Parse, ParseStream, Parser};

use super::{Attr, Level, nearest};
use crate::case::{RULES, RenameRule};
use crate::ctxt::Ctxt;

/// A numeric literal: `3`, `-1`, `0.5`, compared as numbers by the crate's one comparison.
pub(crate) type NumLit = crate::numeric::Numeric;

impl std::fmt::Display for NumLit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumLit::Int(v) => write!(f, "{v}"),
            NumLit::Float(v) => write!(f, "{v:?}"),
        }
    }
}

/// `format = ".."`: the four formats the MCP specification allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Email,
    Uri,
    Date,
    DateTime,
}

/// The format names, as the runtime spells them (`StringFormat::as_str` in `elicit-core`, which
/// the derive cannot depend on at compile time); `tests/schema_attrs.rs` checks they agree.
const FORMATS: &[(&str, Format)] = &[
    ("email", Format::Email),
    ("uri", Format::Uri),
    ("date", Format::Date),
    ("date-time", Format::DateTime),
];

/// `default = ..`: a literal, or for selects the variant(s) to start with.
#[derive(Clone)]
pub(crate) enum DefaultLit {
    Text(String),
    Number(NumLit),
    Bool(bool),
    /// `default = Color::Green`: an expression of the select's enum type.
    Choice(syn::Expr),
    /// `default = [Color::Green, Color::Blue]`.
    Choices(Vec<syn::Expr>),
}

impl DefaultLit {
    /// What kind of value this is, in words: "a string", "a number", ...
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            DefaultLit::Text(_) => "a string",
            DefaultLit::Number(NumLit::Int(_)) => "an integer",
            DefaultLit::Number(NumLit::Float(_)) => "a fractional number",
            DefaultLit::Bool(_) => "a boolean",
            DefaultLit::Choice(_) => "an option of a select",
            DefaultLit::Choices(_) => "a list of options",
        }
    }
}

/// One `key = value` of an `#[elicit(..)]`, read but not yet interpreted.
pub(super) struct Value<'a> {
    pub(super) cx: &'a Ctxt,
    pub(super) key: syn::Path,
    /// The tokens after `=`, up to the next top-level comma; `None` when there is no `=`.
    pub(super) tokens: Option<TokenStream>,
}

impl Value<'_> {
    /// Interprets the value; a problem is reported and gives `None`, and parsing goes on with the
    /// next key.
    pub(super) fn parse<T>(
        &self,
        interpret: impl FnOnce(&str, ParseStream<'_>) -> syn::Result<T>,
    ) -> Option<Attr<T>> {
        let key = self.key.to_token_stream().to_string();
        let Some(tokens) = &self.tokens else {
            self.cx
                .error_spanned_by(&self.key, format!("`{key}` needs a value: `{key} = ...`"));
            return None;
        };
        let parser = |input: ParseStream<'_>| interpret(&key, input);
        match parser.parse2(tokens.clone()) {
            Ok(value) => Some(Attr {
                key: self.key.clone(),
                value,
                value_tokens: tokens.clone(),
            }),
            Err(err) => {
                self.cx.syn_error(err);
                None
            }
        }
    }

    /// A key that takes no value, like `not_sensitive`. Given a value, it is reported, and taken
    /// as given all the same (the author's intent is plain; one mistake, one error).
    #[expect(clippy::unnecessary_wraps, reason = "the shape of every key's reader")]
    pub(super) fn flag(&self) -> Option<Attr<()>> {
        let key = self.key.to_token_stream().to_string();
        if let Some(tokens) = &self.tokens {
            self.cx.error_spanned_by(
                quote!(#tokens),
                format!("`{key}` takes no value: write `#[elicit({key})]`"),
            );
        }
        Some(Attr {
            key: self.key.clone(),
            value: (),
            value_tokens: TokenStream::new(),
        })
    }

    /// Reports a key this level knows but cannot take here, with `message`, at the key.
    pub(super) fn error(&self, message: &str) {
        self.cx.error_spanned_by(&self.key, message);
    }

    /// Reports a key this level does not know: the places it goes if it belongs elsewhere, else
    /// the nearest known key, else the list.
    pub(super) fn unknown(&self, level: Level) {
        let key = self.key.to_token_stream().to_string().replace(' ', "");
        let known = level.keys();
        let elsewhere: Vec<&str> = Level::ALL
            .iter()
            .filter(|other| **other != level && other.keys().contains(&key.as_str()))
            .map(|other| other.name())
            .collect();
        let msg = if !elsewhere.is_empty() {
            let mut places = elsewhere;
            places.dedup();
            // "a field", "a field or a variant", "the struct, a field or a variant".
            let places = match places.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => places.join(""),
            };
            format!("`{key}` goes on {places}, not on {}", level.name())
        } else if let Some(near) = nearest(&key, known) {
            format!("unknown elicit attribute `{key}`; did you mean `{near}`?")
        } else {
            let list = known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ");
            format!("unknown elicit attribute `{key}`, expected one of {list}")
        };
        self.cx.error_spanned_by(&self.key, msg);
    }
}

/// Parses the whole value as one thing, or reports what was expected.
pub(super) fn single<T: Parse>(
    input: ParseStream<'_>,
    expected: impl Fn() -> String,
) -> syn::Result<T> {
    let value = input
        .parse::<T>()
        .map_err(|err| syn::Error::new(err.span(), expected()))?;
    if !input.is_empty() {
        let rest: TokenStream = input.parse()?;
        return Err(syn::Error::new_spanned(rest, expected()));
    }
    Ok(value)
}

/// A `key = "..."` value; `example` shows the right form in the error.
pub(super) fn string(
    example: &str,
) -> impl FnOnce(&str, ParseStream<'_>) -> syn::Result<String> + '_ {
    move |key, input| {
        let expected = || format!("`{key}` takes a string literal, like `{example}`");
        match single::<syn::Lit>(input, expected)? {
            syn::Lit::Str(s) => Ok(s.value()),
            other => Err(syn::Error::new_spanned(other, expected())),
        }
    }
}

pub(super) fn rename_rule(key: &str, input: ParseStream<'_>) -> syn::Result<RenameRule> {
    let lit = single::<syn::LitStr>(input, || {
        format!("`{key}` takes a string literal, like `{key} = \"camelCase\"`")
    })?;
    let name = lit.value();
    RenameRule::from_name(&name).ok_or_else(|| {
        let names: Vec<&str> = RULES.iter().map(|(n, _)| *n).collect();
        let msg = match nearest(&name, &names) {
            Some(near) => format!("unknown `rename_all` rule \"{name}\"; did you mean \"{near}\"?"),
            None => format!(
                "unknown `rename_all` rule \"{name}\", expected one of {}",
                names
                    .iter()
                    .map(|n| format!("\"{n}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        syn::Error::new_spanned(&lit, msg)
    })
}

pub(super) fn crate_path_value(key: &str, input: ParseStream<'_>) -> syn::Result<syn::Path> {
    let expected =
        || format!("`{key}` takes a path in a string, like `{key} = \"my_reexport::mcp_elicit\"`");
    let lit = single::<syn::LitStr>(input, expected)?;
    lit.parse::<syn::Path>()
        .map_err(|_| syn::Error::new_spanned(&lit, expected()))
}

/// `validate = check_nights`, `with = seconds`: a path, as written or in a string, to `what`
/// (shown with `example` when the value is not one).
pub(super) fn path_to(
    what: &'static str,
    example: &'static str,
) -> impl FnOnce(&str, ParseStream<'_>) -> syn::Result<syn::Path> {
    move |key, input| {
        let expected = || format!("`{key}` takes the path of {what}, like `{key} = {example}`");
        if input.peek(syn::LitStr) {
            let lit = single::<syn::LitStr>(input, expected)?;
            return lit
                .parse::<syn::Path>()
                .map_err(|_| syn::Error::new_spanned(&lit, expected()));
        }
        single::<syn::Path>(input, expected)
    }
}

/// `min_length = 3`, `min_items = 1`: a whole number of `unit`s, without suffix.
pub(super) fn count(unit: &'static str) -> impl FnOnce(&str, ParseStream<'_>) -> syn::Result<u64> {
    move |key, input| {
        let expected = || format!("`{key}` takes a whole number of {unit}, like `{key} = 3`");
        let lit = single::<syn::Lit>(input, expected)?;
        match &lit {
            syn::Lit::Int(int) => {
                no_suffix(int.suffix(), &lit)?;
                int.base10_parse::<u64>()
                    .map_err(|_| syn::Error::new_spanned(&lit, expected()))
            }
            _ => Err(syn::Error::new_spanned(&lit, expected())),
        }
    }
}

/// `minimum = -1`, `maximum = 0.5`: an integer or float literal, perhaps negated.
pub(super) fn number(key: &str, input: ParseStream<'_>) -> syn::Result<NumLit> {
    let expected = || format!("`{key}` takes a number, like `{key} = 10`");
    let neg: Option<syn::Token![-]> = input.parse()?;
    let lit = single::<syn::Lit>(input, expected)?;
    number_value(key, neg, &lit, expected)
}

pub(super) fn number_value(
    key: &str,
    neg: Option<syn::Token![-]>,
    lit: &syn::Lit,
    expected: impl Fn() -> String,
) -> syn::Result<NumLit> {
    let whole = quote!(#neg #lit);
    match lit {
        syn::Lit::Int(int) => {
            no_suffix(int.suffix(), lit)?;
            let out_of_range = || {
                syn::Error::new_spanned(
                    &whole,
                    format!("`{key}` must fit in 64 bits: {} to {}", i64::MIN, u64::MAX),
                )
            };
            let magnitude = int.base10_parse::<i128>().map_err(|_| out_of_range())?;
            let value = if neg.is_some() { -magnitude } else { magnitude };
            if value < i128::from(i64::MIN) || value > i128::from(u64::MAX) {
                return Err(out_of_range());
            }
            Ok(NumLit::Int(value))
        }
        syn::Lit::Float(float) => {
            no_suffix(float.suffix(), lit)?;
            let value = float
                .base10_parse::<f64>()
                .map_err(|_| syn::Error::new_spanned(lit, expected()))?;
            if !value.is_finite() {
                return Err(syn::Error::new_spanned(
                    lit,
                    format!("`{key}` must be a finite number: JSON has no infinity"),
                ));
            }
            Ok(NumLit::Float(if neg.is_some() { -value } else { value }))
        }
        _ => Err(syn::Error::new_spanned(whole, expected())),
    }
}

pub(super) fn no_suffix(suffix: &str, lit: &syn::Lit) -> syn::Result<()> {
    if suffix.is_empty() {
        Ok(())
    } else {
        Err(syn::Error::new_spanned(
            lit,
            format!("remove the `{suffix}` suffix: the field's type decides the number's type"),
        ))
    }
}

pub(super) fn format(key: &str, input: ParseStream<'_>) -> syn::Result<Format> {
    let lit = single::<syn::LitStr>(input, || {
        format!("`{key}` takes a string literal, like `{key} = \"email\"`")
    })?;
    let name = lit.value();
    if let Some((_, format)) = FORMATS.iter().find(|(n, _)| *n == name) {
        return Ok(*format);
    }
    let names: Vec<&str> = FORMATS.iter().map(|(n, _)| *n).collect();
    let msg = match nearest(&name, &names) {
        Some(near) => format!("unknown format \"{name}\"; did you mean \"{near}\"?"),
        None => format!(
            "unknown format \"{name}\": MCP forms allow \"email\", \"uri\", \"date\" and \"date-time\""
        ),
    };
    Err(syn::Error::new_spanned(&lit, msg))
}

/// `default = "Ada"`, `default = -3`, `default = 0.5`, `default = true`; for selects
/// `default = Color::Green` or `default = [Color::Green, Color::Blue]`.
pub(super) fn default(key: &str, input: ParseStream<'_>) -> syn::Result<DefaultLit> {
    let expected = || {
        format!(
            "`{key}` takes a literal (a string, a number, `true` or `false`), an enum variant, or a list of variants, like `{key} = 18` or `{key} = Color::Red`"
        )
    };
    if input.peek(syn::token::Bracket) {
        let content;
        syn::bracketed!(content in input);
        let items = content.parse_terminated(syn::Expr::parse, syn::Token![,])?;
        if !input.is_empty() {
            let rest: TokenStream = input.parse()?;
            return Err(syn::Error::new_spanned(rest, expected()));
        }
        return Ok(DefaultLit::Choices(items.into_iter().collect()));
    }
    let is_literal = input.peek(syn::Lit) || input.peek(syn::Token![-]);
    if !is_literal {
        return single::<syn::Expr>(input, expected).map(DefaultLit::Choice);
    }
    let neg: Option<syn::Token![-]> = input.parse()?;
    let lit = single::<syn::Lit>(input, expected)?;
    match (&lit, neg) {
        (syn::Lit::Str(s), None) => Ok(DefaultLit::Text(s.value())),
        (syn::Lit::Bool(b), None) => Ok(DefaultLit::Bool(b.value)),
        (syn::Lit::Int(_) | syn::Lit::Float(_), neg) => {
            number_value(key, neg, &lit, expected).map(DefaultLit::Number)
        }
        (_, neg) => Err(syn::Error::new_spanned(quote!(#neg #lit), expected())),
    }
}
