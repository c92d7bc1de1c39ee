//! Protocol versions, and what a form can say in each.

use std::fmt;
use std::str::FromStr;

/// The MCP protocol versions that have elicitation.
///
/// ```
/// use mcp_elicit::ProtocolVersion;
///
/// let version: ProtocolVersion = "2025-06-18".parse().unwrap();
/// assert_eq!(version, ProtocolVersion::V2025_06_18);
/// assert_eq!(version.to_string(), "2025-06-18");
/// assert!(ProtocolVersion::V2025_06_18 < ProtocolVersion::V2026_07_28);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// `2025-06-18`: elicitation's first version. Text, numbers, booleans and single-selects
    /// (titled ones as `enum` + `enumNames`); `default` on booleans only; no multi-selects, no URL
    /// mode.
    V2025_06_18,
    /// `2025-11-25`: SEP-1330 selects (titled `oneOf`, multi-selects), `default` on every kind, URL
    /// mode with an `elicitationId`.
    V2025_11_25,
    /// `2026-07-28`: the same forms; elicitation travels inside an `InputRequiredResult`, and the
    /// answers come back in `inputResponses` on the retried call. URL mode has no `elicitationId`.
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every version, oldest first.
    pub const ALL: [ProtocolVersion; 3] = [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ];

    /// The newest version.
    pub const LATEST: ProtocolVersion = ProtocolVersion::V2026_07_28;

    /// The version string: `"2025-06-18"`, ...
    pub const fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2025_06_18 => "2025-06-18",
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
        }
    }

    /// Whether forms in this version have the full set of field kinds of SEP-1330: titled
    /// `oneOf` selects, multi-selects, and defaults on every kind of field. Without them
    /// (2025-06-18), titled selects are written as `enum` + `enumNames`, only booleans carry a
    /// `default`, and a multi-select cannot be asked for.
    pub const fn has_full_form_fields(self) -> bool {
        !matches!(self, ProtocolVersion::V2025_06_18)
    }

    /// Whether `elicitation/create` in this version has a `mode` (`"form"` or `"url"`): the key is
    /// written in form requests, and URL mode exists. Without it (2025-06-18), every request is a
    /// form and carries no `mode`.
    pub const fn has_elicitation_modes(self) -> bool {
        !matches!(self, ProtocolVersion::V2025_06_18)
    }

    /// Whether a server of this version asks for input in rounds: it sends no requests, and a
    /// `tools/call`, `prompts/get` or `resources/read` that needs the user ends with an
    /// `InputRequiredResult`, answered in the retried call's `inputResponses` (2026-07-28 on).
    /// Before, it sends `elicitation/create` and awaits the answer.
    pub const fn has_input_required_rounds(self) -> bool {
        matches!(self, ProtocolVersion::V2026_07_28)
    }

    /// Whether a URL-mode request carries an `elicitationId` (2025-11-25, whose completion
    /// notification names it; 2026-07-28's rounds have no such id).
    pub const fn has_elicitation_id(self) -> bool {
        matches!(self, ProtocolVersion::V2025_11_25)
    }

    /// Whether `notifications/elicitation/complete` exists: 2025-11-25 (2026-07-28 has no such
    /// notification: the client calls again).
    pub const fn has_url_completion_notification(self) -> bool {
        matches!(self, ProtocolVersion::V2025_11_25)
    }

    /// The schema dialect of this version: versions of one dialect write every schema alike
    /// (their JSON text is written once and shared).
    pub(crate) const fn schema_dialect(self) -> Dialect {
        if self.has_full_form_fields() {
            Dialect::Mcp
        } else {
            Dialect::Mcp2025_06_18
        }
    }

    /// The version a schema's plain `Serialize` writes: SEP-1330's full form fields (2025-11-25,
    /// which 2026-07-28 writes alike).
    pub const SERIALIZED: ProtocolVersion = ProtocolVersion::V2025_11_25;
}

/// How a form's schema is written: each protocol's words for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// MCP 2025-06-18: no `oneOf`, defaults on booleans only, no multi-selects.
    Mcp2025_06_18,
    /// MCP 2025-11-25 and 2026-07-28: SEP-1330's full form fields.
    Mcp,
    /// The Agent Client Protocol's form: MCP's, with option descriptions, and no legacy
    /// `enumNames` (titles are always `oneOf`).
    Acp,
}

impl Dialect {
    /// How many dialects there are: the slots of a schema's JSON cache.
    pub(crate) const COUNT: usize = 3;

    /// This dialect's slot, `0..COUNT`.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Whether this is MCP 2025-06-18's: defaults on booleans only, titles as `enumNames`.
    pub(crate) const fn is_legacy(self) -> bool {
        matches!(self, Dialect::Mcp2025_06_18)
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProtocolVersion {
    type Err = UnknownProtocolVersion;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ProtocolVersion::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| UnknownProtocolVersion(s.to_owned()))
    }
}

impl serde::Serialize for ProtocolVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for ProtocolVersion {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A version string that names no protocol version with elicitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProtocolVersion(pub String);

impl fmt::Display for UnknownProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown MCP protocol version {:?}: elicitation exists in 2025-06-18, 2025-11-25 and 2026-07-28",
            self.0
        )
    }
}

impl std::error::Error for UnknownProtocolVersion {}

/// Something a protocol version cannot say.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unrepresentable {
    /// The form has a multi-select, and the version has none (2025-06-18).
    MultiSelect {
        /// The multi-select's wire name.
        field: String,
        /// The version.
        version: ProtocolVersion,
    },
    /// URL mode elicitation, and the version has none (2025-06-18).
    UrlMode {
        /// The version.
        version: ProtocolVersion,
    },
    /// A select whose options are supplied when the form is asked (a `Pick` or `Picks` field)
    /// has none: no version can send a select without options.
    NoOptions {
        /// The select's wire name.
        field: String,
    },
    /// The form has a secret field (a password, an API key), which a form would send through
    /// the client: it is asked through a page (feature `page`).
    Secret {
        /// The secret's wire name.
        field: String,
    },
}

impl fmt::Display for Unrepresentable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unrepresentable::MultiSelect { field, version } => write!(
                f,
                "field `{field}` is a multi-select, and protocol {version} has none (multi-selects arrived in 2025-11-25): a client on {version} cannot be sent this form"
            ),
            Unrepresentable::UrlMode { version } => write!(
                f,
                "protocol {version} has no URL mode elicitation (it arrived in 2025-11-25)"
            ),
            Unrepresentable::NoOptions { field } => write!(
                f,
                "field `{field}` is a select whose options are supplied when the form is asked, and it has none: fill them in with `with_choices` (or `Ask::choices`)"
            ),
            Unrepresentable::Secret { field } => write!(
                f,
                "field `{field}` is a secret, which a form would send through the client: ask for this form through a page of the server's own (`mcp_elicit::page::serve::Pages::ask`)"
            ),
        }
    }
}

impl std::error::Error for Unrepresentable {}

#[cfg(test)]
mod tests {
    use super::Dialect;
    use super::ProtocolVersion::{self, V2025_06_18, V2025_11_25, V2026_07_28};

    /// Every fact of every version, in one table: a new version is one row here.
    #[test]
    fn each_version_says_what_it_has() {
        let facts = |v: ProtocolVersion| {
            (
                v.has_full_form_fields(),
                v.has_elicitation_modes(),
                v.has_input_required_rounds(),
                v.has_elicitation_id(),
                v.has_url_completion_notification(),
                v.schema_dialect(),
            )
        };
        let (old, mcp) = (Dialect::Mcp2025_06_18, Dialect::Mcp);
        assert_eq!(facts(V2025_06_18), (false, false, false, false, false, old));
        assert_eq!(facts(V2025_11_25), (true, true, false, true, true, mcp));
        assert_eq!(facts(V2026_07_28), (true, true, true, false, false, mcp));
        let dialects = [old, mcp, Dialect::Acp];
        assert!(dialects.iter().enumerate().all(|(i, d)| d.index() == i));
        assert_eq!(dialects.len(), Dialect::COUNT);
        assert_eq!(ProtocolVersion::SERIALIZED, V2025_11_25);
    }
}
