//! The person's language (SEP-2792): the preference a request carries, and the choice among the
//! languages a form, a page or the crate's own words are written in.
//!
//! A client sends the person's preference on every request as
//! `params._meta["io.modelcontextprotocol/acceptLanguage"]`, in the grammar of HTTP's
//! `Accept-Language` (RFC 9110: ranges with weights, `*`). [`Preference::parse`] reads it and
//! never fails: a malformed range is skipped, and a preference nothing matches (or none at all)
//! chooses the default language. [`Preference::choose`] matches it against what is available by
//! RFC 4647 lookup over CLDR's likely subtags (Project Fluent's matching), which knows scripts:
//! `zh-CN` and `zh-SG` find Simplified Chinese (`zh-Hans`), `zh-TW` and `zh-HK` find Traditional
//! (`zh-Hant`) and never Simplified.
//!
//! ```
//! use mcp_elicit::lang::Preference;
//!
//! let available = ["en", "fr", "zh-Hans", "zh-Hant"];
//! let choose = |header: &str| Preference::parse(header).choose(&available).map(|i| available[i]);
//! assert_eq!(choose("fr-CH, fr;q=0.9, en;q=0.8"), Some("fr"));
//! assert_eq!(choose("zh-CN"), Some("zh-Hans"));
//! assert_eq!(choose("zh-HK"), Some("zh-Hant"));
//! assert_eq!(choose("de;q=1, fr;q=0.5"), Some("fr"));
//! assert_eq!(choose("de"), None); // the default, without an error
//! assert_eq!(choose(";;q=7,,"), None);
//! ```
//!
//! The language used is reported back under [`CONTENT_LANGUAGE`].

use fluent_langneg::{NegotiationStrategy, negotiate_languages};
use unic_langid::LanguageIdentifier;

pub(crate) mod bidi;
mod words;

pub(crate) use words::{Word, args, integer};
pub use words::{Words, WordsError};

/// The `_meta` key of the person's preference on a request (SEP-2792): a string in the grammar
/// of HTTP's `Accept-Language`.
pub const ACCEPT_LANGUAGE: &str = "io.modelcontextprotocol/acceptLanguage";

/// The `_meta` key under which a server reports the language it answered in (SEP-2792): one
/// language tag.
pub const CONTENT_LANGUAGE: &str = "io.modelcontextprotocol/contentLanguage";

/// How much of a preference is read: the ranges after the first [`MAX_RANGES`] well-formed ones,
/// and every range that does not end within the first [`MAX_LENGTH`] bytes, are ignored, so that
/// no preference costs more than bounded time however long it is.
pub const MAX_RANGES: usize = 16;

/// See [`MAX_RANGES`].
pub const MAX_LENGTH: usize = 4096;

/// The person's language preference: the well-formed ranges of an `Accept-Language` value, most
/// wanted first.
///
/// Parsing never fails; [`Preference::default`] is no preference, which chooses the default
/// language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preference {
    /// Most wanted first; ranges of equal weight in the order given. `*` is left out: it means
    /// "any other", which the default answers anyway.
    ranges: Vec<LanguageIdentifier>,
    /// The ranges of weight 0: "not this one" (RFC 9110), never chosen.
    excluded: Vec<LanguageIdentifier>,
}

impl Preference {
    /// Reads an `Accept-Language` value (RFC 9110, section 12.5.4): `fr-CH, fr;q=0.9, *;q=0.5`.
    ///
    /// A range that is malformed, not a language tag, or has a weight outside `0` to `1` is
    /// skipped; so is everything past [`MAX_RANGES`] ranges, and a range cut by the end of the
    /// first [`MAX_LENGTH`] bytes (`fr-CA` cut to `fr` would be another language). A range of
    /// weight 0 excludes the languages it matches, even where another range would choose them.
    pub fn parse(value: &str) -> Self {
        let value = whole_items(value, MAX_LENGTH);
        let mut weighted: Vec<(u16, LanguageIdentifier)> = Vec::new();
        let mut excluded = Vec::new();
        for item in value.split(',') {
            if weighted.len() + excluded.len() == MAX_RANGES {
                break;
            }
            let Some((range, weight)) = range_and_weight(item) else {
                continue;
            };
            // `*;q=0` ("nothing else") excludes nothing a range chooses: only the default is
            // left for what no range matches, as it is without it.
            if range == "*" {
                continue;
            }
            if let Ok(tag) = range.parse::<LanguageIdentifier>() {
                if weight == 0 {
                    excluded.push(tag);
                } else {
                    weighted.push((weight, tag));
                }
            }
        }
        // Stable: equal weights keep the order the person gave.
        weighted.sort_by_key(|(weight, _)| std::cmp::Reverse(*weight));
        Preference {
            ranges: weighted.into_iter().map(|(_, tag)| tag).collect(),
            excluded,
        }
    }

    /// The preference a request's `_meta` carries under [`ACCEPT_LANGUAGE`], if it carries one as
    /// a string; anything else under the key is no preference.
    pub fn from_meta(meta: &serde_json::Map<String, serde_json::Value>) -> Option<Self> {
        meta.get(ACCEPT_LANGUAGE)
            .and_then(serde_json::Value::as_str)
            .map(Preference::parse)
    }

    /// A preference for one language tag (as an application that knows its person's language
    /// gives it).
    pub fn for_tag(tag: &str) -> Self {
        Preference::parse(tag)
    }

    /// Whether the preference names no language (then the default is chosen).
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The index in `available` (language tags, as `"zh-Hans"`) of the language to answer in: the
    /// first range, most wanted first, that an available language matches by RFC 4647 lookup
    /// over likely subtags. `None` when none matches: then the caller's default is used.
    /// Available tags that do not parse are never chosen, nor those a range of weight 0 matches
    /// as it would if it were wanted (`zh-Hans;q=0` excludes `zh-Hans`, `zh;q=0` excludes
    /// `zh-Hans` too, and `fr;q=0` excludes `fr-CA`).
    ///
    /// ```
    /// use mcp_elicit::lang::Preference;
    ///
    /// let available = ["en", "zh-Hans", "zh-Hant"];
    /// // `zh` alone finds Simplified Chinese, which the person refuses: nothing else matches.
    /// assert_eq!(Preference::parse("zh, zh-Hans;q=0").choose(&available), None);
    /// assert_eq!(Preference::parse("zh-TW, zh-Hant;q=0, en;q=0.5").choose(&available), Some(0));
    /// ```
    pub fn choose<T: AsRef<str>>(&self, available: &[T]) -> Option<usize> {
        if self.ranges.is_empty() {
            return None;
        }
        let mut parsed: Vec<(usize, LanguageIdentifier)> = available
            .iter()
            .enumerate()
            .filter_map(|(i, tag)| tag.as_ref().parse().ok().map(|tag| (i, tag)))
            .collect();
        if !self.excluded.is_empty() {
            // Every available language an excluded range matches, by the same steps a wanted
            // one is matched with (filtering: all matches, not the first).
            let tags: Vec<&LanguageIdentifier> = parsed.iter().map(|(_, tag)| tag).collect();
            let refused: Vec<LanguageIdentifier> =
                negotiate_languages(&self.excluded, &tags, None, NegotiationStrategy::Filtering)
                    .into_iter()
                    .map(|tag| (*tag).clone())
                    .collect();
            parsed.retain(|(_, tag)| !refused.contains(tag));
        }
        let tags: Vec<&LanguageIdentifier> = parsed.iter().map(|(_, tag)| tag).collect();
        let chosen = negotiate_languages(&self.ranges, &tags, None, NegotiationStrategy::Lookup);
        let chosen: &LanguageIdentifier = chosen.first()?;
        parsed
            .iter()
            .find(|(_, tag)| std::ptr::eq(tag, chosen))
            .map(|(i, _)| *i)
    }

    /// The ranges, most wanted first, as language tags.
    pub fn tags(&self) -> impl Iterator<Item = String> + '_ {
        self.ranges.iter().map(ToString::to_string)
    }

    /// The preference as an `Accept-Language` value (what a client sends): the ranges in order,
    /// weights falling by `0.1` (at most ten ranges), then the excluded ones with weight `0`.
    pub fn to_header(&self) -> String {
        let mut out = String::new();
        const WEIGHTS: [&str; 10] = [
            "", ";q=0.9", ";q=0.8", ";q=0.7", ";q=0.6", ";q=0.5", ";q=0.4", ";q=0.3", ";q=0.2",
            ";q=0.1",
        ];
        for (tag, weight) in self.ranges.iter().zip(WEIGHTS) {
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&tag.to_string());
            out.push_str(weight);
        }
        for tag in &self.excluded {
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&tag.to_string());
            out.push_str(";q=0");
        }
        out
    }
}

/// Whether text in the language `tag` is written right to left (Arabic, Hebrew, Persian...), by
/// CLDR's likely script of the language.
pub fn is_right_to_left(tag: &str) -> bool {
    tag.parse::<LanguageIdentifier>()
        .is_ok_and(|tag| tag.character_direction() == unic_langid::CharacterDirection::RTL)
}

/// Whether `tag` is a well-formed language tag that CLDR knows a language of (`fr`, `zh-Hant`,
/// `pt-BR`; not `english`, `zz`, `en_US`), for the checks of declared languages.
pub fn is_known_tag(tag: &str) -> bool {
    let Ok(parsed) = tag.parse::<LanguageIdentifier>() else {
        return false;
    };
    // CLDR knows the language when it can say its likely script and region (`zh-Hans-CN`, already
    // complete, is known by its `zh`).
    let mut language = LanguageIdentifier::from_parts(parsed.language, None, None, &[]);
    parsed.to_string().as_str() == tag && language.maximize()
}

/// The items of the list `value` that end within its first `max` bytes: a cut item is dropped
/// whole, as cutting it could make another range (`zh-Hant` cut to `zh`) or another weight
/// (`fr;q=0.5` cut to `fr;q=0`).
fn whole_items(value: &str, max: usize) -> &str {
    let bytes = value.as_bytes();
    if bytes.len() <= max || bytes[max] == b',' {
        return &value[..max.min(bytes.len())];
    }
    // A comma is one byte of its own in UTF-8: the text before it ends on a character.
    match bytes[..max].iter().rposition(|&b| b == b',') {
        Some(comma) => &value[..comma],
        None => "",
    }
}

/// One item of an `Accept-Language` list: its range and weight in thousandths, or `None` if it is
/// malformed (RFC 9110: `range *( OWS ";" OWS parameter )`, the weight `q=` from `0` to `1` with
/// at most three decimals).
fn range_and_weight(item: &str) -> Option<(&str, u16)> {
    let mut parts = item.split(';');
    let range = parts.next()?.trim_matches([' ', '\t']);
    if !is_range(range) {
        return None;
    }
    let mut weight = 1000;
    for parameter in parts {
        let parameter = parameter.trim_matches([' ', '\t']);
        let value = parameter
            .strip_prefix("q=")
            .or_else(|| parameter.strip_prefix("Q="))?;
        weight = qvalue(value)?;
    }
    Some((range, weight))
}

/// `language-range = (1*8ALPHA *("-" 1*8alphanum)) / "*"` (RFC 4647).
fn is_range(range: &str) -> bool {
    if range == "*" {
        return true;
    }
    let mut subtags = range.split('-');
    let first = subtags.next().unwrap_or_default();
    let fits = |s: &str, alpha_only: bool| {
        (1..=8).contains(&s.len())
            && s.bytes().all(|b| {
                if alpha_only {
                    b.is_ascii_alphabetic()
                } else {
                    b.is_ascii_alphanumeric()
                }
            })
    };
    fits(first, true) && subtags.all(|s| fits(s, false))
}

/// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
fn qvalue(value: &str) -> Option<u16> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut thousandths: u16 = 0;
    for (i, digit) in fraction.bytes().enumerate() {
        thousandths += u16::from(digit - b'0') * [100, 10, 1][i];
    }
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
