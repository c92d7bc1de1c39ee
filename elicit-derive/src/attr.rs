//! `#[elicit(...)]` (and the `#[serde(...)]` renames the derive honours), read into one struct per
//! level. Parsers return values, never `Result`: every problem goes into the [`Ctxt`], so one
//! compile shows every bad attribute.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::parse::{Parse, ParseStream, Parser};
use syn::spanned::Spanned;

use crate::case::{RULES, RenameRule};
use crate::ctxt::Ctxt;

/// One attribute the user wrote: its key, its value and where both are.
pub(crate) struct Attr<T> {
    pub(crate) key: syn::Path,
    pub(crate) value: T,
    value_tokens: TokenStream,
}

impl<T> Attr<T> {
    /// The span of the key (`min_length`), where "this attribute does not apply" errors point.
    pub(crate) fn key_span(&self) -> Span {
        self.key.span()
    }

    /// The key as written: `min_length`.
    pub(crate) fn key_name(&self) -> String {
        self.key.to_token_stream().to_string()
    }

    /// `key = value` (or a lone `key`) as tokens, for errors about the whole attribute.
    pub(crate) fn whole(&self) -> TokenStream {
        let key = &self.key;
        let value = &self.value_tokens;
        if value.is_empty() {
            quote!(#key)
        } else {
            quote!(#key = #value)
        }
    }

    /// The value as written, for errors about the value.
    pub(crate) fn value_tokens(&self) -> &TokenStream {
        &self.value_tokens
    }
}

/// A numeric literal: `3`, `-1`, `0.5`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum NumLit {
    Int(i128),
    Float(f64),
}

impl NumLit {
    pub(crate) fn as_f64(self) -> f64 {
        match self {
            NumLit::Int(v) => v as f64,
            NumLit::Float(v) => v,
        }
    }

    /// `a < b`, exact between integers.
    pub(crate) fn lt(self, other: NumLit) -> bool {
        match (self, other) {
            (NumLit::Int(a), NumLit::Int(b)) => a < b,
            _ => self.as_f64() < other.as_f64(),
        }
    }
}

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

/// The places an `#[elicit(..)]` can go, each with the keys it takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    Struct,
    Enum,
    Field,
    Variant,
}

impl Level {
    const ALL: [Level; 4] = [Level::Struct, Level::Enum, Level::Field, Level::Variant];

    fn keys(self) -> &'static [&'static str] {
        match self {
            Level::Struct => &["rename_all", "crate", "message"],
            Level::Enum => &["rename_all", "crate"],
            Level::Field => &[
                "rename",
                "title",
                "description",
                "min_length",
                "max_length",
                "format",
                "minimum",
                "maximum",
                "min_items",
                "max_items",
                "default",
                "not_sensitive",
            ],
            Level::Variant => &["rename", "title"],
        }
    }

    fn name(self) -> &'static str {
        match self {
            Level::Struct => "the struct",
            Level::Enum => "the enum",
            Level::Field => "a field",
            Level::Variant => "a variant",
        }
    }
}

/// `#[elicit(..)]` on the struct or enum, with `#[serde(rename_all = "..")]` as a fallback.
pub(crate) struct Container {
    pub(crate) rename_all: Option<RenameRule>,
    pub(crate) crate_path: Option<syn::Path>,
    /// `message = ".."`: what the client shows above the form.
    pub(crate) message: Option<Attr<String>>,
}

impl Container {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute], level: Level) -> Self {
        let mut rename_all: Option<Attr<RenameRule>> = None;
        let mut crate_path: Option<Attr<syn::Path>> = None;
        let mut message: Option<Attr<String>> = None;
        let mut serde_rename_all = None;
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                parse_elicit(cx, attr, |key, value| match key {
                    "rename_all" => set(cx, &mut rename_all, value.parse(rename_rule)),
                    "crate" => set(cx, &mut crate_path, value.parse(crate_path_value)),
                    "message" if level == Level::Struct => set(
                        cx,
                        &mut message,
                        value.parse(string("message = \"Where should we ship your order?\"")),
                    ),
                    _ => value.unknown(level),
                });
            } else if attr.path().is_ident("serde")
                && let Some(rule) = serde_rename(attr, "rename_all")
                    .as_deref()
                    .and_then(RenameRule::from_name)
            {
                serde_rename_all = Some(rule);
            }
        }
        Container {
            rename_all: rename_all.map(|a| a.value).or(serde_rename_all),
            crate_path: crate_path.map(|a| a.value),
            message,
        }
    }
}

/// `#[elicit(..)]` on a field, its doc comment, and `#[serde(rename = "..")]` as a fallback.
pub(crate) struct Field {
    pub(crate) rename: Option<String>,
    pub(crate) title: Option<Attr<String>>,
    pub(crate) description: Option<Attr<String>>,
    pub(crate) doc: Option<String>,
    pub(crate) min_length: Option<Attr<u64>>,
    pub(crate) max_length: Option<Attr<u64>>,
    pub(crate) minimum: Option<Attr<NumLit>>,
    pub(crate) maximum: Option<Attr<NumLit>>,
    pub(crate) format: Option<Attr<Format>>,
    pub(crate) min_items: Option<Attr<u64>>,
    pub(crate) max_items: Option<Attr<u64>>,
    pub(crate) default: Option<Attr<DefaultLit>>,
    /// `not_sensitive`: the author says the field holds no secret, whatever its name.
    pub(crate) not_sensitive: Option<Attr<()>>,
}

impl Field {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename: Option<Attr<String>> = None;
        let mut serde_rename_value = None;
        let mut f = Field {
            rename: None,
            title: None,
            description: None,
            doc: crate::doc::description(attrs),
            min_length: None,
            max_length: None,
            minimum: None,
            maximum: None,
            format: None,
            min_items: None,
            max_items: None,
            default: None,
            not_sensitive: None,
        };
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                parse_elicit(cx, attr, |key, value| match key {
                    "rename" => set(
                        cx,
                        &mut rename,
                        value.parse(string("rename = \"wireName\"")),
                    ),
                    "title" => set(
                        cx,
                        &mut f.title,
                        value.parse(string("title = \"Your name\"")),
                    ),
                    "description" => set(
                        cx,
                        &mut f.description,
                        value.parse(string("description = \"Shown under the field\"")),
                    ),
                    "min_length" => set(cx, &mut f.min_length, value.parse(count("characters"))),
                    "max_length" => set(cx, &mut f.max_length, value.parse(count("characters"))),
                    "minimum" => set(cx, &mut f.minimum, value.parse(number)),
                    "maximum" => set(cx, &mut f.maximum, value.parse(number)),
                    "format" => set(cx, &mut f.format, value.parse(format)),
                    "default" => set(cx, &mut f.default, value.parse(default)),
                    "min_items" => set(cx, &mut f.min_items, value.parse(count("choices"))),
                    "max_items" => set(cx, &mut f.max_items, value.parse(count("choices"))),
                    "not_sensitive" => set(cx, &mut f.not_sensitive, value.flag()),
                    _ => value.unknown(Level::Field),
                });
            } else if attr.path().is_ident("serde")
                && let Some(name) = serde_rename(attr, "rename")
            {
                serde_rename_value = Some(name);
            }
        }
        f.rename = rename.map(|a| a.value).or(serde_rename_value);
        f
    }
}

/// `#[elicit(..)]` on an enum variant (an option of a select), with `#[serde(rename = "..")]` as a
/// fallback.
pub(crate) struct Variant {
    pub(crate) rename: Option<String>,
    pub(crate) title: Option<Attr<String>>,
}

impl Variant {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename: Option<Attr<String>> = None;
        let mut title: Option<Attr<String>> = None;
        let mut serde_rename_value = None;
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                parse_elicit(cx, attr, |key, value| match key {
                    "rename" => set(
                        cx,
                        &mut rename,
                        value.parse(string("rename = \"wire-value\"")),
                    ),
                    "title" => set(
                        cx,
                        &mut title,
                        value.parse(string("title = \"Shown to the user\"")),
                    ),
                    _ => value.unknown(Level::Variant),
                });
            } else if attr.path().is_ident("serde")
                && let Some(name) = serde_rename(attr, "rename")
            {
                serde_rename_value = Some(name);
            }
        }
        Variant {
            rename: rename.map(|a| a.value).or(serde_rename_value),
            title,
        }
    }
}

/// One `key = value` of an `#[elicit(..)]`, read but not yet interpreted.
struct Value<'a> {
    cx: &'a Ctxt,
    key: syn::Path,
    /// The tokens after `=`, up to the next top-level comma; `None` when there is no `=`.
    tokens: Option<TokenStream>,
}

impl Value<'_> {
    /// Interprets the value; a problem is reported and gives `None`, and parsing goes on with the
    /// next key.
    fn parse<T>(
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
    fn flag(&self) -> Option<Attr<()>> {
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

    /// Reports a key this level does not know: the places it goes if it belongs elsewhere, else
    /// the nearest known key, else the list.
    fn unknown(&self, level: Level) {
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
            format!(
                "`{key}` goes on {}, not on {}",
                places.join(" or "),
                level.name()
            )
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

/// Reads every `key = value` of one `#[elicit(..)]` and hands it to `each`, which interprets it.
/// A bad value is reported and the next key is read all the same, so one compile shows every
/// mistake; only broken syntax (say, a missing comma) stops the attribute.
fn parse_elicit(cx: &Ctxt, attr: &syn::Attribute, mut each: impl FnMut(&str, Value<'_>)) {
    let result = attr.parse_nested_meta(|meta| {
        let tokens = if meta.input.peek(syn::Token![=]) {
            let input = meta.value()?;
            let mut tokens = TokenStream::new();
            while !input.is_empty() && !input.peek(syn::Token![,]) {
                tokens.extend([input.parse::<proc_macro2::TokenTree>()?]);
            }
            Some(tokens)
        } else {
            if meta.input.peek(syn::token::Paren) {
                meta.input.parse::<proc_macro2::Group>()?;
            }
            None
        };
        let key = meta
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default();
        each(
            &key,
            Value {
                cx,
                key: meta.path.clone(),
                tokens,
            },
        );
        Ok(())
    });
    if let Err(err) = result {
        cx.syn_error(err);
    }
}

/// Stores an attribute, or reports it as a duplicate (the first one stays).
fn set<T>(cx: &Ctxt, slot: &mut Option<Attr<T>>, attr: Option<Attr<T>>) {
    let Some(attr) = attr else { return };
    if slot.is_some() {
        let key = attr.key.to_token_stream();
        cx.error_spanned_by(
            attr.whole(),
            format!("duplicate elicit attribute `{key}`: give it once"),
        );
    } else {
        *slot = Some(attr);
    }
}

/// The known word closest to `word`, if it is close enough to be what was meant.
pub(crate) fn nearest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .filter(|(d, k)| *d <= (k.len() / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Levenshtein distance, counting a swap of two neighbours as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// Parses the whole value as one thing, or reports what was expected.
fn single<T: Parse>(input: ParseStream<'_>, expected: impl Fn() -> String) -> syn::Result<T> {
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
fn string(example: &str) -> impl FnOnce(&str, ParseStream<'_>) -> syn::Result<String> + '_ {
    move |key, input| {
        let expected = || format!("`{key}` takes a string literal, like `{example}`");
        match single::<syn::Lit>(input, expected)? {
            syn::Lit::Str(s) => Ok(s.value()),
            other => Err(syn::Error::new_spanned(other, expected())),
        }
    }
}

fn rename_rule(key: &str, input: ParseStream<'_>) -> syn::Result<RenameRule> {
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

fn crate_path_value(key: &str, input: ParseStream<'_>) -> syn::Result<syn::Path> {
    let expected =
        || format!("`{key}` takes a path in a string, like `{key} = \"my_reexport::mcp_elicit\"`");
    let lit = single::<syn::LitStr>(input, expected)?;
    lit.parse::<syn::Path>()
        .map_err(|_| syn::Error::new_spanned(&lit, expected()))
}

/// `min_length = 3`, `min_items = 1`: a whole number of `unit`s, without suffix.
fn count(unit: &'static str) -> impl FnOnce(&str, ParseStream<'_>) -> syn::Result<u64> {
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
fn number(key: &str, input: ParseStream<'_>) -> syn::Result<NumLit> {
    let expected = || format!("`{key}` takes a number, like `{key} = 10`");
    let neg: Option<syn::Token![-]> = input.parse()?;
    let lit = single::<syn::Lit>(input, expected)?;
    number_value(key, neg, &lit, expected)
}

fn number_value(
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

fn no_suffix(suffix: &str, lit: &syn::Lit) -> syn::Result<()> {
    if suffix.is_empty() {
        Ok(())
    } else {
        Err(syn::Error::new_spanned(
            lit,
            format!("remove the `{suffix}` suffix: the field's type decides the number's type"),
        ))
    }
}

fn format(key: &str, input: ParseStream<'_>) -> syn::Result<Format> {
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
fn default(key: &str, input: ParseStream<'_>) -> syn::Result<DefaultLit> {
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

/// The name a `#[serde(..)]` attribute gives under `key` for deserializing: `key = ".."`, or
/// `key(deserialize = "..")`. Anything serde-specific that this derive does not read is left to
/// serde, which reports its own mistakes.
fn serde_rename(attr: &syn::Attribute, key: &str) -> Option<String> {
    let mut found = None;
    let _ = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident(key) {
            if meta.input.peek(syn::Token![=]) {
                if let Ok(syn::Lit::Str(s)) = meta.value()?.parse::<syn::Lit>() {
                    found = Some(s.value());
                }
            } else {
                meta.parse_nested_meta(|inner| {
                    if inner.path.is_ident("deserialize") {
                        if let Ok(syn::Lit::Str(s)) = inner.value()?.parse::<syn::Lit>() {
                            found = Some(s.value());
                        }
                    } else {
                        skip_value(&inner)?;
                    }
                    Ok(())
                })?;
            }
        } else {
            skip_value(&meta)?;
        }
        Ok(())
    });
    found
}

/// Steps over the value of a serde key this derive does not read (`= ..` or `(..)`).
fn skip_value(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let input = meta.value()?;
        while !input.is_empty() && !input.peek(syn::Token![,]) {
            input.parse::<proc_macro2::TokenTree>()?;
        }
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::Group>()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_keys_only() {
        let keys = Level::Field.keys();
        assert_eq!(nearest("min_lenght", keys), Some("min_length"));
        assert_eq!(nearest("titel", keys), Some("title"));
        assert_eq!(nearest("maximun", keys), Some("maximum"));
        assert_eq!(nearest("min_item", keys), Some("min_items"));
        assert_eq!(nearest("colour", keys), None);
        assert_eq!(
            nearest("date_time", &["email", "uri", "date", "date-time"]),
            Some("date-time")
        );
    }

    #[test]
    fn edit_distance_counts_swaps_once() {
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("abc", "acb"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
