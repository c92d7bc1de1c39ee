//! [`Choices`]: the options of a select known only at run time, supplied when its form is asked.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use super::{Options, PropertySchema, RequestedSchema, SelectOption};

/// The options of a [`Pick`](crate::field::Pick) or [`Picks`](crate::field::Picks) field,
/// supplied when the form is asked, in the order a client shows them, with the value(s) the form
/// starts with, if any.
///
/// ```
/// use mcp_elicit::schema::{Choices, SelectOption};
///
/// let branches = Choices::new([
///     SelectOption::titled("main", "main (default branch)"),
///     SelectOption::new("release-1.2"),
/// ])
/// .default("main");
/// assert_eq!(branches.options().len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choices {
    options: Vec<SelectOption>,
    default: Vec<Cow<'static, str>>,
}

impl Choices {
    /// These options, in this order.
    pub fn new(options: impl IntoIterator<Item = SelectOption>) -> Self {
        Choices {
            options: options.into_iter().collect(),
            default: Vec::new(),
        }
    }

    /// Starts the form with `value` chosen (for a multi-select, one more chosen value). It must be
    /// one of the options.
    pub fn default(mut self, value: impl Into<Cow<'static, str>>) -> Self {
        self.default.push(value.into());
        self
    }

    /// The options.
    pub fn options(&self) -> &[SelectOption] {
        &self.options
    }
}

impl From<Vec<SelectOption>> for Choices {
    fn from(options: Vec<SelectOption>) -> Self {
        Choices::new(options)
    }
}

/// Why a form's runtime options could not be filled in: said before anything is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChoicesError {
    /// A required select got no options (none supplied, or an empty list): nothing could be
    /// chosen.
    NoOptions {
        /// The field's wire name.
        field: String,
    },
    /// Two options have one value: an answer could not tell them apart.
    RepeatedValue {
        /// The field's wire name.
        field: String,
        /// The value.
        value: String,
    },
    /// A default that is not one of the options, or more than one on a single-select.
    BadDefault {
        /// The field's wire name.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// `min_items` asks for more choices than there are options.
    TooFewOptions {
        /// The field's wire name.
        field: String,
        /// The options supplied.
        options: usize,
        /// The field's `min_items`.
        min_items: u64,
    },
    /// Options for a field that is not a runtime select of the form.
    NotARuntimeSelect {
        /// The name given.
        field: String,
    },
}

impl fmt::Display for ChoicesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoicesError::NoOptions { field } => write!(
                f,
                "`{field}` is a required select with no options: supply at least one when asking, or make the field an `Option`"
            ),
            ChoicesError::RepeatedValue { field, value } => write!(
                f,
                "the options of `{field}` have the value {value:?} twice: an answer could not tell them apart"
            ),
            ChoicesError::BadDefault { field, reason } => {
                write!(f, "the default of `{field}` {reason}")
            }
            ChoicesError::TooFewOptions {
                field,
                options,
                min_items,
            } => write!(
                f,
                "`{field}` asks for at least {min_items} choices (`min_items`), and has {options} options"
            ),
            ChoicesError::NotARuntimeSelect { field } => write!(
                f,
                "options were supplied for `{field}`, which is not a `Pick` or `Picks` field of the form"
            ),
        }
    }
}

impl std::error::Error for ChoicesError {}

impl RequestedSchema {
    /// Whether the form has selects whose options are supplied when it is asked ([`Pick`] and
    /// [`Picks`] fields): it is then asked with [`RequestedSchema::with_choices`].
    ///
    /// [`Pick`]: crate::field::Pick
    /// [`Picks`]: crate::field::Picks
    pub fn has_runtime_selects(&self) -> bool {
        self.properties.iter().any(|p| runtime(&p.schema))
    }

    /// This form with the options of its runtime selects filled in, from `choices` (by wire
    /// name): the schema to send, built in time linear in the form and the options. An optional
    /// select given no options is left off the form; every other mistake is a [`ChoicesError`]:
    /// a required select without options, a value twice, a default that is not an option,
    /// `min_items` beyond the options, options for a field that is no runtime select.
    ///
    /// # Errors
    ///
    /// A [`ChoicesError`] when the options cannot be sent: a field that is no runtime select,
    /// or options a client could not be given.
    pub fn with_choices<'a>(
        &self,
        choices: impl IntoIterator<Item = (&'a str, &'a Choices)>,
    ) -> Result<RequestedSchema, ChoicesError> {
        let mut supplied: Vec<(&str, &Choices)> = Vec::new();
        for (name, choices) in choices {
            let known = self
                .property(name)
                .is_some_and(|property| runtime(&property.schema));
            if !known {
                return Err(ChoicesError::NotARuntimeSelect {
                    field: name.to_owned(),
                });
            }
            supplied.push((name, choices));
        }
        let mut properties = Vec::with_capacity(self.properties.len());
        for property in self.properties.iter() {
            if !runtime(&property.schema) {
                properties.push(property.clone());
                continue;
            }
            let field = property.name();
            // The last options given for a field count.
            let choices = supplied.iter().rev().find(|(name, _)| *name == field);
            let choices = match choices {
                Some((_, choices)) if !choices.options.is_empty() => *choices,
                _ if property.required => {
                    return Err(ChoicesError::NoOptions {
                        field: field.to_owned(),
                    });
                }
                // Nothing to choose from, and nothing needed: not on the form.
                _ => continue,
            };
            let mut property = property.clone();
            fill(&mut property.schema, field, choices)?;
            // A field with a default is not required, as with `#[elicit(default = ..)]`.
            if !choices.default.is_empty() {
                property.required = false;
            }
            properties.push(property);
        }
        Ok(RequestedSchema::from_properties(Cow::Owned(properties)))
    }
}

/// Whether a property is a select whose options are supplied when asked.
fn runtime(schema: &PropertySchema) -> bool {
    match schema {
        PropertySchema::SingleSelect(s) => s.runtime,
        PropertySchema::MultiSelect(m) => m.runtime,
        _ => false,
    }
}

/// Fills a runtime select's options and default, checking them.
fn fill(schema: &mut PropertySchema, field: &str, choices: &Choices) -> Result<(), ChoicesError> {
    // One index finds a repeated value, the defaults, and later every answer's choices.
    let options = Options::distinct(choices.options.clone()).map_err(|(options, twice)| {
        ChoicesError::RepeatedValue {
            field: field.to_owned(),
            value: options[twice].value().to_owned(),
        }
    })?;
    let bad_default = |reason: String| ChoicesError::BadDefault {
        field: field.to_owned(),
        reason,
    };
    if let Some(value) = choices
        .default
        .iter()
        .find(|v| options.position(v).is_none())
    {
        return Err(bad_default(format!("{value:?} is not one of its options")));
    }
    match schema {
        PropertySchema::SingleSelect(s) => {
            if choices.default.len() > 1 {
                return Err(bad_default(
                    "names more than one option, and it is a single-select".into(),
                ));
            }
            s.options = options;
            if let Some(default) = choices.default.first() {
                s.default = Some(default.clone());
            }
        }
        PropertySchema::MultiSelect(m) => {
            if let Some(min_items) = m.min_items
                && min_items > choices.options.len() as u64
            {
                return Err(ChoicesError::TooFewOptions {
                    field: field.to_owned(),
                    options: choices.options.len(),
                    min_items,
                });
            }
            let chosen = choices.default.len() as u64;
            if !choices.default.is_empty()
                && (m.min_items.is_some_and(|min| chosen < min)
                    || m.max_items.is_some_and(|max| chosen > max))
            {
                return Err(bad_default(format!(
                    "chooses {chosen} options, outside the field's `min_items`/`max_items`"
                )));
            }
            let mut seen = HashSet::with_capacity(choices.default.len());
            for value in &choices.default {
                if !seen.insert(value.as_ref()) {
                    return Err(bad_default(format!("chooses {value:?} twice")));
                }
            }
            m.options = options;
            if !choices.default.is_empty() {
                m.default = Some(Cow::Owned(choices.default.clone()));
            }
        }
        _ => {}
    }
    Ok(())
}
