//! The options of a select, and the two select schemas: one choice ([`SingleSelectSchema`]) or
//! any number ([`MultiSelectSchema`]).

use std::borrow::Cow;

use super::Options;

/// One option of a select: the value sent back (`const`) and the label shown (`title`).
#[derive(Clone, Debug, PartialEq)]
pub struct SelectOption {
    pub(crate) value: Cow<'static, str>,
    pub(crate) title: Option<Cow<'static, str>>,
    pub(crate) description: Option<Cow<'static, str>>,
}

impl SelectOption {
    /// An option without a title of its own: the client shows its value.
    pub fn new(value: impl Into<Cow<'static, str>>) -> Self {
        SelectOption {
            value: value.into(),
            title: None,
            description: None,
        }
    }

    /// An option shown as `title`, sent back as `value`.
    pub fn titled(
        value: impl Into<Cow<'static, str>>,
        title: impl Into<Cow<'static, str>>,
    ) -> Self {
        SelectOption {
            value: value.into(),
            title: Some(title.into()),
            description: None,
        }
    }

    /// This option with a description, shown beside it where a protocol has one (ACP, from a
    /// variant's doc comment); MCP's options have none.
    #[must_use]
    pub fn described(mut self, description: impl Into<Cow<'static, str>>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// The option's description, if any.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The wire value: what the answer contains when this option is chosen.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The label a client shows, if the option has one of its own.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The label a titled select shows: the title, or the value for an option without one.
    pub fn label(&self) -> &str {
        self.title().unwrap_or(self.value())
    }
}

/// Whether a select renders titled: it does as soon as one option has a title, and then every
/// option carries one (the official TypeScript SDK drops a `oneOf` whose options lack titles).
fn any_titled(options: &[SelectOption]) -> bool {
    options.iter().any(|o| o.title.is_some())
}

/// A single choice among options: a Rust enum, rendered untitled (`enum`) or titled (`oneOf`).
#[derive(Clone, Debug, PartialEq)]
pub struct SingleSelectSchema {
    pub(crate) options: Options,
    pub(crate) default: Option<Cow<'static, str>>,
    /// Titled options written as `enum` + `enumNames` on every version.
    pub(crate) enum_names: bool,
    /// The options are supplied when the form is asked ([`Choices`](crate::choices::Choices)).
    pub(crate) runtime: bool,
}

impl SingleSelectSchema {
    /// The options, in the order the client shows them.
    pub fn options(&self) -> &[SelectOption] {
        &self.options
    }

    /// Whether the options render with titles (`oneOf`) rather than as plain values (`enum`).
    pub fn is_titled(&self) -> bool {
        any_titled(&self.options)
    }

    /// Whether titled options are written as the legacy `enum` + `enumNames` on every version
    /// (as 2025-06-18 writes them), not as `oneOf`: `#[elicit(enum_names)]` on the enum, or a
    /// received schema written that way.
    pub fn writes_enum_names(&self) -> bool {
        self.enum_names
    }

    /// The wire value of the option the form starts with.
    pub fn default(&self) -> Option<&str> {
        self.default.as_deref()
    }

    /// Whether the options are supplied when the form is asked (a [`Pick`](crate::choices::Pick)
    /// field), rather than fixed by an enum.
    pub fn is_runtime(&self) -> bool {
        self.runtime
    }
}

/// Any number of choices among options: a `Vec`, `HashSet` or `BTreeSet` of a Rust enum.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiSelectSchema {
    pub(crate) options: Options,
    pub(crate) min_items: Option<u64>,
    pub(crate) max_items: Option<u64>,
    pub(crate) default: Option<Cow<'static, [Cow<'static, str>]>>,
    /// The options are supplied when the form is asked ([`Choices`](crate::choices::Choices)).
    pub(crate) runtime: bool,
}

impl MultiSelectSchema {
    /// The options, in the order the client shows them.
    pub fn options(&self) -> &[SelectOption] {
        &self.options
    }

    /// Whether the options render with titles (`anyOf`) rather than as plain values (`enum`).
    pub fn is_titled(&self) -> bool {
        any_titled(&self.options)
    }

    /// The fewest options the answer may select.
    pub fn min_items(&self) -> Option<u64> {
        self.min_items
    }

    /// The most options the answer may select.
    pub fn max_items(&self) -> Option<u64> {
        self.max_items
    }

    /// The wire values of the options the form starts with selected.
    pub fn default(&self) -> Option<impl ExactSizeIterator<Item = &str>> {
        self.default.as_deref().map(|d| d.iter().map(|v| &**v))
    }

    /// Whether the options are supplied when the form is asked (a [`Picks`](crate::choices::Picks)
    /// field), rather than fixed by an enum.
    pub fn is_runtime(&self) -> bool {
        self.runtime
    }
}
