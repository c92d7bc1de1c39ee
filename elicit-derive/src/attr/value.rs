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
    /// The parenthesized list after the key (`translations(..)`), if there is one.
    pub(super) list: Option<proc_macro2::Group>,
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

    /// `translations(path = "locales", languages("fr", "zh-Hans"))`. Each bad language is
    /// reported at its literal and left out; the rest are read all the same.
    pub(super) fn translations(&self) -> Option<Attr<Translations>> {
        let example = "`translations(path = \"locales\", languages(\"fr\", \"zh-Hans\"))`";
        let Some(list) = &self.list else {
            self.cx.error_spanned_by(
                &self.key,
                format!("`translations` takes the folder and the languages: {example}"),
            );
            return None;
        };
        let mut path: Option<syn::LitStr> = None;
        let mut languages: Option<Vec<syn::LitStr>> = None;
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("path") {
                path = Some(meta.value()?.parse::<syn::LitStr>().map_err(|err| {
                    syn::Error::new(err.span(), format!("`path` takes a string literal, the folder of the `.ftl` files beside Cargo.toml: {example}"))
                })?);
            } else if meta.path.is_ident("languages") {
                let content;
                syn::parenthesized!(content in meta.input);
                let tags = content
                    .parse_terminated(
                        syn::parse::ParseBuffer::parse::<syn::LitStr>,
                        syn::Token![,],
                    )
                    .map_err(|err| {
                        syn::Error::new(
                            err.span(),
                            format!(
                                "`languages` takes language tags in string literals: {example}"
                            ),
                        )
                    })?;
                let mut good = Vec::new();
                for tag in tags {
                    match check_tag(&tag.value()) {
                        Ok(()) => good.push(tag),
                        Err(msg) => self.cx.error_spanned_by(&tag, msg),
                    }
                }
                languages = Some(good);
            } else {
                return Err(meta.error(format!(
                    "`translations` takes `path` and `languages`: {example}"
                )));
            }
            Ok(())
        });
        if let Err(err) = parser.parse2(list.stream()) {
            self.cx.syn_error(err);
            return None;
        }
        let (Some(path), Some(languages)) = (path, languages) else {
            self.cx.error_spanned_by(
                list,
                format!("`translations` needs both the folder and the languages: {example}"),
            );
            return None;
        };
        Some(Attr {
            key: self.key.clone(),
            value: Translations { path, languages },
            value_tokens: list.stream(),
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

/// `translations(path = "locales", languages("fr", "zh-Hans"))`: where the `.ftl` files are
/// (a folder beside Cargo.toml holding one folder per language), and the languages.
pub(crate) struct Translations {
    pub(crate) path: syn::LitStr,
    /// Only the well-formed, known tags: the others were reported.
    pub(crate) languages: Vec<syn::LitStr>,
}

/// `language = "fr"`: a language tag CLDR knows, in its canonical form.
pub(super) fn language_tag(key: &str, input: ParseStream<'_>) -> syn::Result<syn::LitStr> {
    let lit = single::<syn::LitStr>(input, || {
        format!("`{key}` takes a language tag in a string literal, like `{key} = \"fr\"`")
    })?;
    check_tag(&lit.value()).map_err(|msg| syn::Error::new_spanned(&lit, msg))?;
    Ok(lit)
}

/// Whether `tag` is a language tag in its canonical form whose language CLDR knows (the check of
/// the runtime's `lang::is_known_tag`, which the derive cannot depend on), or what to write
/// instead.
pub(crate) fn check_tag(tag: &str) -> Result<(), String> {
    use unic_langid::LanguageIdentifier;
    let hint = "like `fr`, `zh-Hans` or `pt-BR`";
    let Ok(parsed) = tag.parse::<LanguageIdentifier>() else {
        return Err(format!(
            "`{tag}` is not a language tag: write a BCP 47 tag, {hint}"
        ));
    };
    let canonical = parsed.to_string();
    if canonical != tag {
        return Err(format!(
            "write the language tag `{tag}` as `{canonical}`: subtags are joined by `-`, the language in lowercase, the script capitalized, the region in capitals"
        ));
    }
    // Known when CLDR has likely subtags for the language alone (a tag that is already complete,
    // `zh-Hans-CN`, adds nothing when maximized, so the tag itself cannot say).
    let mut language = LanguageIdentifier::from_parts(parsed.language, None, None, &[]);
    if parsed.language.is_empty() || !language.maximize() {
        return Err(format!(
            "unknown language `{tag}`: write a language tag CLDR knows, {hint}"
        ));
    }
    Ok(())
}

/// `ftl = "party-size"`: a Fluent message id (a letter, then letters, digits, `-` and `_`).
pub(super) fn ftl_id(key: &str, input: ParseStream<'_>) -> syn::Result<syn::LitStr> {
    let lit = single::<syn::LitStr>(input, || {
        format!(
            "`{key}` takes a Fluent message id in a string literal, like `{key} = \"party-size\"`"
        )
    })?;
    let id = lit.value();
    let mut chars = id.chars();
    let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !well_formed {
        return Err(syn::Error::new_spanned(
            &lit,
            format!(
                "`{id}` is not a Fluent message id: start with a letter, then letters, digits, `-` and `_`, like `party-size`"
            ),
        ));
    }
    Ok(lit)
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
