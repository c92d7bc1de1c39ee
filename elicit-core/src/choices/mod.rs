//! Selects whose options are known only at run time ("which of your repositories"): the fields
//! ([`Pick`], [`Picks`]), the options supplied when the form is asked ([`Choices`] of
//! [`SelectOption`]s), and what can be wrong with them ([`ChoicesError`]).
//!
//! A form with such fields is asked through its request, which fills the options in
//! ([`FormRequest::with_choices`](crate::request::FormRequest::with_choices), or `rmcp::Ask`'s
//! `choices`), and reads the answer against exactly the options sent.

use std::borrow::Cow;
use std::fmt;

use crate::rules::{self, Unsatisfiable};
use crate::schema::{Options, PropertySchema, RequestedSchema};

mod pick;

pub use crate::schema::SelectOption;
pub use pick::{Pick, Picks};

/// The options of a [`Pick`] or [`Picks`] field,
/// supplied when the form is asked, in the order a client shows them, with the value(s) the form
/// starts with, if any.
///
/// ```
/// use mcp_elicit::choices::{Choices, SelectOption};
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
    /// The field's own bounds cannot both be met (`min_items` above `max_items`). A derived form
    /// never gets here: the derive refuses such bounds at compile time.
    Unsatisfiable {
        /// The field's wire name.
        field: String,
        /// Which bounds.
        reason: String,
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
            ChoicesError::Unsatisfiable { field, reason } => write!(f, "`{field}`: {reason}"),
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
        Ok(self.with_properties(properties))
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

/// Fills a runtime select's options and default, checking them with the rule that judges every
/// property's satisfiability ([`rules::satisfiable`]).
fn fill(schema: &mut PropertySchema, field: &str, choices: &Choices) -> Result<(), ChoicesError> {
    // One index finds a repeated value, the defaults, and later every answer's choices.
    let options = Options::distinct(choices.options.clone()).map_err(|(options, twice)| {
        ChoicesError::RepeatedValue {
            field: field.to_owned(),
            value: options[twice].value().to_owned(),
        }
    })?;
    match schema {
        PropertySchema::SingleSelect(s) => {
            if choices.default.len() > 1 {
                return Err(ChoicesError::BadDefault {
                    field: field.to_owned(),
                    reason: "names more than one option, and it is a single-select".into(),
                });
            }
            s.options = options;
            s.default = choices.default.first().cloned();
        }
        PropertySchema::MultiSelect(m) => {
            m.options = options;
            m.default = (!choices.default.is_empty()).then(|| Cow::Owned(choices.default.clone()));
        }
        _ => {}
    }
    rules::satisfiable(schema).map_err(|flaw| match flaw {
        Unsatisfiable::TooFewOptions { options, min_items } => ChoicesError::TooFewOptions {
            field: field.to_owned(),
            options,
            min_items,
        },
        Unsatisfiable::Default(problems) => ChoicesError::BadDefault {
            field: field.to_owned(),
            reason: format!(
                "breaks the field's own rules: it {}",
                problems.join("; it ")
            ),
        },
        flaw @ Unsatisfiable::Inverted { .. } => ChoicesError::Unsatisfiable {
            field: field.to_owned(),
            reason: flaw.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{MultiSelectSchema, Property};

    fn runtime_multi(min_items: Option<u64>, max_items: Option<u64>) -> RequestedSchema {
        RequestedSchema::from_properties(Cow::Owned(vec![Property {
            name: "picks".into(),
            title: None,
            description: None,
            required: true,
            schema: PropertySchema::MultiSelect(MultiSelectSchema {
                options: Options::new(Vec::new()),
                min_items,
                max_items,
                default: None,
                runtime: true,
            }),
        }]))
    }

    #[test]
    fn bounds_no_answer_meets_are_refused_by_the_shared_rule() {
        // The derive refuses such bounds at compile time; a schema built by hand meets the
        // run-time rule.
        let options = Choices::new(["a", "b", "c"].map(SelectOption::new));
        let error = runtime_multi(Some(3), Some(1))
            .with_choices([("picks", &options)])
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "`picks`: `minItems` 3 is greater than `maxItems` 1: no answer could satisfy both"
        );
        assert!(matches!(error, ChoicesError::Unsatisfiable { .. }));
        let error = runtime_multi(Some(4), None)
            .with_choices([("picks", &options)])
            .unwrap_err();
        assert_eq!(
            error,
            ChoicesError::TooFewOptions {
                field: "picks".into(),
                options: 3,
                min_items: 4
            }
        );
        assert!(
            runtime_multi(Some(1), Some(3))
                .with_choices([("picks", &options.default("b"))])
                .is_ok()
        );
    }
}
