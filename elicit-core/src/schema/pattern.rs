//! [`Pattern`]: a regular expression a text answer must match (`#[elicit(pattern = "..")]`).

use std::borrow::Cow;
#[cfg(feature = "pattern")]
use std::collections::HashMap;
#[cfg(feature = "pattern")]
use std::sync::{OnceLock, RwLock};

/// A regular expression a text answer must match somewhere (JSON Schema's `pattern`: not
/// anchored; write `^..$` to match the whole text), checked with the `regex` crate, whose
/// matching takes time linear in the text (feature `pattern`).
///
/// ACP's forms carry it (`"pattern"`); MCP's have no `pattern`, so an MCP rendering leaves it
/// out, and the answer is still checked against it here: one that does not match is refused
/// (and asked again) with a message naming the pattern. Say what the field expects in its
/// `description` too, for clients that cannot show a pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    source: Cow<'static, str>,
}

impl Pattern {
    /// The pattern `source`, as written.
    pub(crate) const fn from_static(source: &'static str) -> Self {
        Pattern {
            source: Cow::Borrowed(source),
        }
    }

    /// The pattern as written, borrowed when it is: `None` for one built at run time (a derived
    /// form's are all borrowed from `static`s).
    pub(crate) const fn static_source(&self) -> Option<&'static str> {
        match self.source {
            Cow::Borrowed(source) => Some(source),
            Cow::Owned(_) => None,
        }
    }

    /// The pattern, as written in the schema.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether `text` matches: `Err` with the reason if the pattern is no valid expression.
    ///
    /// Each pattern is compiled once, on first use, and kept for the life of the program (a
    /// schema is `const`-built, so it cannot hold the compiled expression itself). Patterns come
    /// from derived forms, so there are few; past [`MAX_CACHED`] the others are compiled at each
    /// use rather than kept.
    #[cfg(feature = "pattern")]
    pub(crate) fn matches(&self, text: &str) -> Result<bool, String> {
        static COMPILED: OnceLock<RwLock<Cache>> = OnceLock::new();
        let is_match = |compiled: &Result<regex::Regex, String>| {
            compiled
                .as_ref()
                .map(|regex| regex.is_match(text))
                .map_err(Clone::clone)
        };
        let cache = COMPILED.get_or_init(RwLock::default);
        if let Ok(cache) = cache.read()
            && let Some(compiled) = cache.get(self.as_str())
        {
            return is_match(compiled);
        }
        let compiled = regex::Regex::new(self.as_str()).map_err(|e| e.to_string());
        let outcome = is_match(&compiled);
        if let Ok(mut cache) = cache.write()
            && cache.len() < MAX_CACHED
        {
            cache.insert(self.as_str().to_owned(), compiled);
        }
        outcome
    }
}

/// The compiled patterns, by their text (`Err` with the reason for one that is no expression).
#[cfg(feature = "pattern")]
type Cache = HashMap<String, Result<regex::Regex, String>>;

/// How many compiled patterns are kept at most.
#[cfg(feature = "pattern")]
pub(crate) const MAX_CACHED: usize = 1024;
