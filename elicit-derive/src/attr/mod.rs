//! `#[elicit(...)]` (and the `#[serde(...)]` renames the derive honours), read into one struct per
//! level. Parsers return values, never `Result`: every problem goes into the [`Ctxt`], so one
//! compile shows every bad attribute.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::spanned::Spanned;

use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use symbol::{
    CRATE, DEFAULT, DESCRIPTION, ENUM_NAMES, FLATTEN, FORMAT, FROM_STR, FTL, LANGUAGE, MAX_ITEMS,
    MAX_LENGTH, MAXIMUM, MESSAGE, MIN_ITEMS, MIN_LENGTH, MINIMUM, NOT_SENSITIVE, PATTERN, RENAME,
    RENAME_ALL, SKIP, TITLE, TRANSLATIONS, TRANSPARENT, VALIDATE, WITH,
};

pub(crate) mod symbol;
mod value;

pub(crate) use value::{DefaultLit, Format, NumLit, Translations};
use value::{
    Value, count, crate_path_value, default, format, ftl_id, language_tag, number, path_to,
    rename_rule, string,
};

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
            Level::Struct => symbol::STRUCT,
            Level::Enum => symbol::ENUM,
            Level::Field => symbol::FIELD,
            Level::Variant => symbol::VARIANT,
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
    /// `title = ".."`: the form's own title (written where a protocol has one: ACP).
    pub(crate) title: Option<Attr<String>>,
    /// `description = ".."`: the form's own description, over its doc comment (ACP).
    pub(crate) description: Option<Attr<String>>,
    /// The doc comment, as a description.
    pub(crate) doc: Option<String>,
    /// `validate = path`: `fn(&Self) -> Result<(), Vec<FieldError>>`, run once every field has
    /// been read.
    pub(crate) validate: Option<Attr<syn::Path>>,
    /// `transparent`: the struct is not a form but a field type, standing for its one field.
    pub(crate) transparent: Option<Attr<()>>,
    /// `enum_names`: a titled single-select of the enum is written as `enum` + `enumNames`.
    pub(crate) enum_names: Option<Attr<()>>,
    /// `language = "fr"`: the language of the texts written in the code (`"en"` without it).
    pub(crate) language: Option<Attr<syn::LitStr>>,
    /// `translations(path = "locales", languages("fr", ..))`: the `.ftl` files of each language.
    pub(crate) translations: Option<Attr<Translations>>,
    /// `ftl = "booking"`: the Fluent id of the form's message (and the prefix of its fields' and
    /// options' ids), over the kebab-case of the type's name.
    pub(crate) ftl: Option<Attr<syn::LitStr>>,
}

impl Container {
    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute], level: Level) -> Self {
        let mut rename_all: Option<Attr<RenameRule>> = None;
        let mut crate_path: Option<Attr<syn::Path>> = None;
        let mut message: Option<Attr<String>> = None;
        let mut title: Option<Attr<String>> = None;
        let mut description: Option<Attr<String>> = None;
        let mut validate: Option<Attr<syn::Path>> = None;
        let mut transparent: Option<Attr<()>> = None;
        let mut enum_names: Option<Attr<()>> = None;
        let mut language: Option<Attr<syn::LitStr>> = None;
        let mut translations: Option<Attr<Translations>> = None;
        let mut ftl: Option<Attr<syn::LitStr>> = None;
        let serde_rename_all = read_attrs(cx, attrs, RENAME_ALL, |key, value| match key {
            RENAME_ALL => set(cx, &mut rename_all, value.parse(rename_rule)),
            CRATE => set(cx, &mut crate_path, value.parse(crate_path_value)),
            MESSAGE if level == Level::Struct => set(
                cx,
                &mut message,
                value.parse(string("message = \"Where should we ship your order?\"")),
            ),
            TITLE if level == Level::Struct => set(
                cx,
                &mut title,
                value.parse(string("title = \"Create your account\"")),
            ),
            DESCRIPTION if level == Level::Struct => set(
                cx,
                &mut description,
                value.parse(string("description = \"Shown under the form's title\"")),
            ),
            VALIDATE if level == Level::Struct => set(
                cx,
                &mut validate,
                value.parse(path_to(FUNCTION, "nights_in_order")),
            ),
            TRANSPARENT if level == Level::Struct => set(cx, &mut transparent, value.flag()),
            ENUM_NAMES if level == Level::Enum => set(cx, &mut enum_names, value.flag()),
            LANGUAGE => set(cx, &mut language, value.parse(language_tag)),
            TRANSLATIONS => set(cx, &mut translations, value.translations()),
            FTL => set(cx, &mut ftl, value.parse(ftl_id)),
            _ => value.unknown(level),
        })
        .as_deref()
        .and_then(RenameRule::from_name);
        Container {
            rename_all: rename_all.map(|a| a.value).or(serde_rename_all),
            crate_path: crate_path.map(|a| a.value),
            message,
            title,
            description,
            doc: crate::doc::description(attrs),
            validate,
            transparent,
            enum_names,
            language,
            translations,
            ftl,
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
    /// `pattern = ".."`: a regular expression the text must match (feature `pattern`).
    pub(crate) pattern: Option<Attr<String>>,
    pub(crate) min_items: Option<Attr<u64>>,
    pub(crate) max_items: Option<Attr<u64>>,
    pub(crate) default: Option<Attr<DefaultLit>>,
    /// `not_sensitive`: the author says the field holds no secret, whatever its name.
    pub(crate) not_sensitive: Option<Attr<()>>,
    /// `skip`: the field is not on the form; it is filled with its type's `Default`.
    pub(crate) skip: Option<Attr<()>>,
    /// `validate = path`: `fn(&T) -> Result<(), E>`, run on the field's value once its own rules
    /// have passed.
    pub(crate) validate: Option<Attr<syn::Path>>,
    /// `from_str`: a text field read with the type's `FromStr`, written with its `Display`.
    pub(crate) from_str: Option<Attr<()>>,
    /// `with = module`: a field read and written by the module's `from_value` and `to_value`,
    /// of the kind its `SHAPE` says.
    pub(crate) with: Option<Attr<syn::Path>>,
    /// `flatten`: the field's type is a form whose fields join this one, in place.
    pub(crate) flatten: Option<Attr<()>>,
    /// `ftl = "party"`: the Fluent id of the field's title and description.
    pub(crate) ftl: Option<Attr<syn::LitStr>>,
}

impl Field {
    /// The keys written on this field (all but `rename`, which is read into its result): each
    /// key's name and its tokens, in the order of this list.
    pub(crate) fn written_keys(&self) -> Vec<(String, TokenStream)> {
        fn key<T>(attr: &Option<Attr<T>>) -> Option<(String, TokenStream)> {
            attr.as_ref().map(|a| (a.key_name(), a.whole()))
        }
        let keys = [
            key(&self.title),
            key(&self.description),
            key(&self.min_length),
            key(&self.max_length),
            key(&self.minimum),
            key(&self.maximum),
            key(&self.format),
            key(&self.pattern),
            key(&self.min_items),
            key(&self.max_items),
            key(&self.default),
            key(&self.not_sensitive),
            key(&self.skip),
            key(&self.validate),
            key(&self.from_str),
            key(&self.with),
            key(&self.flatten),
            key(&self.ftl),
        ];
        keys.into_iter().flatten().collect()
    }

    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename: Option<Attr<String>> = None;
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
            pattern: None,
            min_items: None,
            max_items: None,
            default: None,
            not_sensitive: None,
            skip: None,
            validate: None,
            from_str: None,
            with: None,
            flatten: None,
            ftl: None,
        };
        let serde_rename_value = read_attrs(cx, attrs, RENAME, |key, value| {
            match key {
            RENAME => set(
                cx,
                &mut rename,
                value.parse(string("rename = \"wireName\"")),
            ),
            TITLE => set(
                cx,
                &mut f.title,
                value.parse(string("title = \"Your name\"")),
            ),
            DESCRIPTION => set(
                cx,
                &mut f.description,
                value.parse(string("description = \"Shown under the field\"")),
            ),
            MIN_LENGTH => set(cx, &mut f.min_length, value.parse(count("characters"))),
            MAX_LENGTH => set(cx, &mut f.max_length, value.parse(count("characters"))),
            MINIMUM => set(cx, &mut f.minimum, value.parse(number)),
            MAXIMUM => set(cx, &mut f.maximum, value.parse(number)),
            FORMAT => set(cx, &mut f.format, value.parse(format)),
            PATTERN if cfg!(feature = "pattern") => set(
                cx,
                &mut f.pattern,
                value.parse(string("pattern = \"^[a-z0-9-]+$\"")),
            ),
            PATTERN => value.error(
                "`pattern` needs the feature `pattern` of mcp-elicit, which checks answers against it with the `regex` crate: `mcp-elicit = { version = \"0.1\", features = [\"pattern\"] }`",
            ),
            DEFAULT => set(cx, &mut f.default, value.parse(default)),
            MIN_ITEMS => set(cx, &mut f.min_items, value.parse(count("choices"))),
            MAX_ITEMS => set(cx, &mut f.max_items, value.parse(count("choices"))),
            NOT_SENSITIVE => set(cx, &mut f.not_sensitive, value.flag()),
            SKIP => set(cx, &mut f.skip, value.flag()),
            VALIDATE => set(
                cx,
                &mut f.validate,
                value.parse(path_to(FUNCTION, "check_nights")),
            ),
            FROM_STR => set(cx, &mut f.from_str, value.flag()),
            WITH => set(cx, &mut f.with, value.parse(path_to(MODULE, "seconds"))),
            FLATTEN => set(cx, &mut f.flatten, value.flag()),
            FTL => set(cx, &mut f.ftl, value.parse(ftl_id)),
            _ => value.unknown(Level::Field),
        }
        });
        f.rename = rename.map(|a| a.value).or(serde_rename_value);
        f
    }
}

/// `#[elicit(..)]` on an enum variant (an option of a select), with `#[serde(rename = "..")]` as a
/// fallback.
pub(crate) struct Variant {
    pub(crate) rename: Option<String>,
    pub(crate) title: Option<Attr<String>>,
    /// `description = ".."`, over the doc comment: shown beside the option where a protocol has
    /// option descriptions (ACP).
    pub(crate) description: Option<Attr<String>>,
    pub(crate) doc: Option<String>,
    /// `ftl = "seat-window"`: the Fluent id of the option's title and description.
    pub(crate) ftl: Option<Attr<syn::LitStr>>,
}

impl Variant {
    /// The option's description: the attribute's, or the doc comment's.
    pub(crate) fn description(&self) -> Option<&str> {
        self.description
            .as_ref()
            .map(|d| d.value.as_str())
            .or(self.doc.as_deref())
    }

    pub(crate) fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename: Option<Attr<String>> = None;
        let mut title: Option<Attr<String>> = None;
        let mut description: Option<Attr<String>> = None;
        let mut ftl: Option<Attr<syn::LitStr>> = None;
        let serde_rename_value = read_attrs(cx, attrs, RENAME, |key, value| match key {
            RENAME => set(
                cx,
                &mut rename,
                value.parse(string("rename = \"wire-value\"")),
            ),
            TITLE => set(
                cx,
                &mut title,
                value.parse(string("title = \"Shown to the user\"")),
            ),
            DESCRIPTION => set(
                cx,
                &mut description,
                value.parse(string("description = \"Shown beside the option\"")),
            ),
            FTL => set(cx, &mut ftl, value.parse(ftl_id)),
            _ => value.unknown(Level::Variant),
        });
        Variant {
            rename: rename.map(|a| a.value).or(serde_rename_value),
            title,
            description,
            doc: crate::doc::description(attrs),
            ftl,
        }
    }
}

/// Reads every `key = value` of one `#[elicit(..)]` and hands it to `each`, which interprets it.
/// A bad value is reported and the next key is read all the same, so one compile shows every
/// mistake; only broken syntax (say, a missing comma) stops the attribute.
fn parse_elicit(cx: &Ctxt, attr: &syn::Attribute, mut each: impl FnMut(&str, Value<'_>)) {
    let result = attr.parse_nested_meta(|meta| {
        let mut list = None;
        let tokens = if meta.input.peek(syn::Token![=]) {
            let input = meta.value()?;
            let mut tokens = TokenStream::new();
            while !input.is_empty() && !input.peek(syn::Token![,]) {
                tokens.extend([input.parse::<proc_macro2::TokenTree>()?]);
            }
            Some(tokens)
        } else {
            if meta.input.peek(syn::token::Paren) {
                list = Some(meta.input.parse::<proc_macro2::Group>()?);
            }
            None
        };
        let key = meta
            .path
            .get_ident()
            .map(std::string::ToString::to_string)
            .unwrap_or_default();
        each(
            &key,
            Value {
                cx,
                key: meta.path.clone(),
                tokens,
                list,
            },
        );
        Ok(())
    });
    if let Err(err) = result {
        cx.syn_error(err);
    }
}

/// Reads every `#[elicit(..)]` among `attrs`, handing each key to `each`, and returns what a
/// `#[serde(..)]` among them names under `serde_key`: the fallback of the elicit rename.
fn read_attrs(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    serde_key: &str,
    mut each: impl FnMut(&str, Value<'_>),
) -> Option<String> {
    let mut serde_name = None;
    for attr in attrs {
        if attr.path().is_ident("elicit") {
            parse_elicit(cx, attr, &mut each);
        } else if attr.path().is_ident("serde")
            && let Some(name) = serde_rename(attr, serde_key)
        {
            serde_name = Some(name);
        }
    }
    serde_name
}

/// What `validate = ..` names.
const FUNCTION: &str = "a function";
/// What `with = ..` names.
const MODULE: &str = "a module that provides `SHAPE`, `from_value` and `to_value`";

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
    fn language_tags_are_known_and_canonical() {
        for tag in [
            "fr",
            "zh-Hans",
            "pt-BR",
            "zh-Hans-CN",
            "en-Latn-US",
            "sr-Cyrl",
        ] {
            assert_eq!(value::check_tag(tag), Ok(()), "{tag}");
        }
        for tag in ["zz", "english", "en_US", "zh-hans", "EN", "", "fr-"] {
            assert!(value::check_tag(tag).is_err(), "{tag}");
        }
    }

    #[test]
    fn edit_distance_counts_swaps_once() {
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("abc", "acb"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
