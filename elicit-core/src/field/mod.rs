//! The field model: which Rust types can be fields of a form, what each contributes to the
//! schema, and how each reads from and writes to an answer.
//!
//! `#[derive(Elicit)]` asks every field type for its [`FormField`] implementation, so a type a flat
//! form cannot hold (a nested struct, a map, a tuple, ...) fails to compile at that field, with a
//! message that says so. The kind traits say which attributes a field accepts, so that
//! `min_length` on a number fails at the attribute:
//!
//! | trait | the field | what applies to it |
//! |---|---|---|
//! | [`TextField`] | free text (`String`) | `min_length`, `max_length`, `format` |
//! | [`TextDefault`] | a value written as text (`String`, dates, URLs, e-mail addresses) | a text `default` |
//! | [`NumberField`] | an integer or a float | `minimum`, `maximum`, a numeric `default` |
//! | [`BooleanField`] | `bool` | `default = true` / `false` |
//! | [`SelectField`] | one variant of a [`Choice`] enum | a `default` naming a variant |
//! | [`MultiSelectField`] | a `Vec` or set of a [`Choice`] enum | a list `default` (and what [`ListField`] takes) |
//! | [`ListField`] | a list of options: a multi-select, or [`Picks`](crate::choices::Picks) | `min_items`, `max_items` |
//!
//! Each holds for `Option` of such a field too.
//!
//! The options of a select are the variants of a fieldless enum deriving `Elicit`, which
//! implements [`Choice`] (and [`FormField`], as a single-select); a `Vec`, `HashSet` or `BTreeSet`
//! of it is a multi-select.
//!
//! A type of your own becomes a field by implementing [`FormField`] (and the kind trait of its
//! kind, so that the kind's attributes apply): see the example there.

use serde_json::Value;

use crate::error::ErrorKind;
use crate::rules;
use crate::schema::{Number, Options, SelectOption, StringFormat};

#[cfg(any(
    feature = "chrono",
    feature = "jiff",
    feature = "time",
    feature = "url",
    feature = "email_address"
))]
mod ecosystem;
#[cfg(feature = "page")]
mod secret;
mod std_types;
#[cfg(feature = "uuid")]
mod uuid;

/// What a field type contributes to the schema: its [`FieldKind`], whether it may be left out,
/// and the constraints every value of the type meets. The attributes of the field (`title`,
/// `min_length`, `default`, ...) add to it; bounds given at the field narrow the type's own.
///
/// It may gain fields, so code outside this crate makes one with [`FieldShape::required`] and
/// the `with_*` methods, not with a struct literal: see the example of [`FormField`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct FieldShape {
    /// What the field holds, with what the type implies (a format, a range).
    pub kind: FieldKind,
    /// Whether the field is left out of `required` and may be absent from an answer, as
    /// `Option<_>` is.
    pub optional: bool,
    /// Bounds every value of the type meets (a newtype's, with `#[elicit(transparent)]`).
    pub constraints: Constraints,
}

impl FieldShape {
    /// A required field of this kind, with no constraints of its own: what a type states unless
    /// it is an `Option` or a newtype.
    pub const fn required(kind: FieldKind) -> Self {
        FieldShape {
            kind,
            optional: false,
            constraints: Constraints::NONE,
        }
    }

    /// This shape, left out of `required` (and absent from an answer) when `optional`, as
    /// `Option<_>`'s is.
    pub const fn with_optional(mut self, optional: bool) -> Self {
        self.optional = optional;
        self
    }

    /// This shape, every value of the type meeting `constraints`.
    pub const fn with_constraints(mut self, constraints: Constraints) -> Self {
        self.constraints = constraints;
        self
    }
}

/// Bounds a type puts on every value, as the attributes of the same names do at a field: a
/// newtype deriving `Elicit` with `#[elicit(transparent)]` carries its inner field's. The schema
/// states the narrower of the type's and the field's.
///
/// It may gain fields as forms gain bounds, so code outside this crate starts from
/// [`Constraints::NONE`] and adds each bound with its `with_*` method, not with a struct literal:
///
/// ```
/// use mcp_elicit::field::Constraints;
///
/// const NAME: Constraints = Constraints::NONE.with_min_length(2).with_max_length(40);
/// assert_eq!(NAME.max_length, Some(40));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Constraints {
    /// `min_length`: the fewest characters.
    pub min_length: Option<u64>,
    /// `max_length`: the most characters.
    pub max_length: Option<u64>,
    /// `minimum`: the smallest number.
    pub minimum: Option<Number>,
    /// `maximum`: the largest number.
    pub maximum: Option<Number>,
    /// `min_items`: the fewest choices.
    pub min_items: Option<u64>,
    /// `max_items`: the most choices.
    pub max_items: Option<u64>,
}

impl Constraints {
    /// No bounds.
    pub const NONE: Constraints = Constraints {
        min_length: None,
        max_length: None,
        minimum: None,
        maximum: None,
        min_items: None,
        max_items: None,
    };

    /// These bounds, with at least `min_length` characters.
    pub const fn with_min_length(mut self, min_length: u64) -> Self {
        self.min_length = Some(min_length);
        self
    }

    /// These bounds, with at most `max_length` characters.
    pub const fn with_max_length(mut self, max_length: u64) -> Self {
        self.max_length = Some(max_length);
        self
    }

    /// These bounds, with no number below `minimum`.
    pub const fn with_minimum(mut self, minimum: Number) -> Self {
        self.minimum = Some(minimum);
        self
    }

    /// These bounds, with no number above `maximum`.
    pub const fn with_maximum(mut self, maximum: Number) -> Self {
        self.maximum = Some(maximum);
        self
    }

    /// These bounds, with at least `min_items` choices.
    pub const fn with_min_items(mut self, min_items: u64) -> Self {
        self.min_items = Some(min_items);
        self
    }

    /// These bounds, with at most `max_items` choices.
    pub const fn with_max_items(mut self, max_items: u64) -> Self {
        self.max_items = Some(max_items);
        self
    }
}

/// The kinds of field an MCP form has, each with what the Rust type implies.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum FieldKind {
    /// Text (`"type": "string"`); `format` is one every value of the type has (a date type says
    /// `date`), stated in the schema unless the field's `format` attribute gives one.
    Text {
        /// The format every value of the type has.
        format: Option<StringFormat>,
    },
    /// An integer (`"type": "integer"`) of a type whose values are `min..=max` (without 0 unless
    /// `zero`). The schema states `stated_min` and `stated_max` unless the field's `minimum` and
    /// `maximum` replace them; `min`, `max` and `zero` are what the compile-time checks of those
    /// attributes and of a default hold them to.
    Integer {
        /// The type's smallest value.
        min: i128,
        /// The type's largest value.
        max: i128,
        /// Whether 0 is a value of the type (not for the `NonZero` integers).
        zero: bool,
        /// `minimum` stated when no attribute gives one.
        stated_min: Option<Number>,
        /// `maximum` stated when no attribute gives one.
        stated_max: Option<Number>,
    },
    /// A number (`"type": "number"`) of a floating-point type whose finite values lie in
    /// `-max..=max`.
    Float {
        /// The type's largest finite value.
        max: f64,
    },
    /// `true` or `false`.
    Boolean,
    /// A secret the person types (a password, an API key): text that must never pass through the
    /// client, so a form holding one is asked through a page only (feature `page`), where it is a
    /// password input, never written back, never refilled. [`secrecy::SecretString`] is one.
    ///
    /// [`secrecy::SecretString`]: https://docs.rs/secrecy
    Secret,
    /// One of the options.
    SingleSelect {
        /// The options, from the enum's [`Choice`] implementation.
        options: &'static [SelectOption],
        /// Whether titled options are written as the legacy `enum` + `enumNames` on every
        /// protocol version rather than as `oneOf` (`#[elicit(enum_names)]` on the enum).
        enum_names: bool,
        /// The options in each language the enum is written in, from [`Choice::TRANSLATIONS`].
        translations: &'static [ChoiceLanguage],
    },
    /// Any number of the options.
    MultiSelect {
        /// The options, from the enum's [`Choice`] implementation.
        options: &'static [SelectOption],
        /// The options in each language the enum is written in, from [`Choice::TRANSLATIONS`].
        translations: &'static [ChoiceLanguage],
    },
    /// One of options supplied when the form is asked ([`Pick`](crate::choices::Pick)), or (`multi`) any number of
    /// them ([`Picks`](crate::choices::Picks)).
    RuntimeSelect {
        /// Whether several may be chosen.
        multi: bool,
    },
}

/// A Rust type that can be a field of an elicitation form.
///
/// Implemented for `String`, `bool`, the integer types `i8`..`i64`, `u8`..`u64`, `isize`,
/// `usize` and their `NonZero` forms, the floats `f32` and `f64`, fieldless enums deriving `Elicit` (single-selects), `Vec`,
/// `HashSet` and `BTreeSet` of such enums (multi-selects), `Option<T>` of each (an optional
/// field), and the date, time, URL, e-mail and UUID types of the optional integrations.
///
/// A type of your own is a field once it says what it contributes to the schema ([`SHAPE`]), how
/// it reads from an answer ([`from_value`]) and how it writes into one ([`to_value`]). Reading
/// runs after the property's own rules have passed (the JSON type, lengths, bounds, format), so
/// `from_value` checks only what the type adds, and reports it as an [`ErrorKind`], which names
/// the field when it is shown. Implement the kind trait too ([`TextField`], [`NumberField`], ...)
/// for the kind's attributes to apply.
///
/// [`SHAPE`]: FormField::SHAPE
/// [`from_value`]: FormField::from_value
/// [`to_value`]: FormField::to_value
///
/// ```
/// use mcp_elicit::field::{Constraints, FieldKind, FieldShape, FormField, Refusal, TextField};
/// use mcp_elicit::{Elicit, ErrorKind, Expected};
/// use serde_json::{Value, json};
///
/// /// A user ID: `u-` and digits.
/// #[derive(Debug, PartialEq)]
/// struct UserId(String);
///
/// impl FormField for UserId {
///     // Text of at least 3 characters, which the schema states.
///     const SHAPE: FieldShape = FieldShape::required(FieldKind::Text { format: None })
///         .with_constraints(Constraints::NONE.with_min_length(3));
///
///     fn from_value(value: &Value) -> Result<Self, Refusal> {
///         let Value::String(text) = value else {
///             return Err(Box::new(ErrorKind::wrong_type(Expected::Text, value)));
///         };
///         match text.strip_prefix("u-") {
///             Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
///                 Ok(UserId(text.clone()))
///             }
///             _ => Err(Box::new(ErrorKind::Invalid {
///                 reason: format!("must be a user ID like \"u-42\", got {text:?}"),
///             })),
///         }
///     }
///
///     fn to_value(&self) -> Option<Value> {
///         Some(Value::String(self.0.clone()))
///     }
/// }
///
/// // A text field: `min_length`, `max_length` and `format` apply to it.
/// impl TextField for UserId {}
///
/// #[derive(Elicit, Debug)]
/// struct Invite {
///     /// Whom to invite
///     #[elicit(max_length = 12)]
///     user: UserId,
///     note: Option<String>,
/// }
///
/// assert_eq!(
///     serde_json::to_value(Invite::requested_schema()).unwrap()["properties"]["user"],
///     json!({"type": "string", "description": "Whom to invite", "minLength": 3, "maxLength": 12})
/// );
/// let ok = json!({"user": "u-42"});
/// assert_eq!(Invite::from_content(ok.as_object().unwrap()).unwrap().user, UserId("u-42".into()));
/// let bad = json!({"user": "bob"});
/// let err = Invite::from_content(bad.as_object().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "`user`: must be a user ID like \"u-42\", got \"bob\"");
/// let long = json!({"user": "u-1234567890123"});
/// let err = Invite::from_content(long.as_object().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "`user`: must be at most 12 characters long, got 15");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an elicitation form",
    label = "not a form field type",
    note = "MCP elicitation forms are flat: each field holds text (`String`), a number (`i8`..`i64`, `u8`..`u64`, `isize`, `usize`, `f32`, `f64`), a `bool`, a choice (a fieldless enum deriving `Elicit`) or several choices (a `Vec`, `HashSet` or `BTreeSet` of such an enum), or a choice among options supplied when asking (`Pick`, `Picks`), optionally wrapped in `Option`",
    note = "an enum becomes a select with `#[derive(Elicit)]` on it: its variants, which carry no data, are the options",
    note = "a type of your own becomes a field by implementing `FormField`, or with `#[elicit(from_str)]` or `#[elicit(with = module)]` on the field; a struct of fields joins this form when it derives `Elicit` and the field says `#[elicit(flatten)]`",
    note = "the date, time, URL, e-mail and UUID types of `chrono`, `jiff`, `time`, `url`, `email_address` and `uuid` are fields with the feature of mcp-elicit of the same name: `mcp-elicit = {{ version = \"0.1\", features = [\"chrono\"] }}`"
)]
pub trait FormField: Sized {
    /// What the type contributes to the schema: its kind (text, number, ...), with the format or
    /// range every value of the type has, and whether the field may be left out.
    const SHAPE: FieldShape;

    /// The value of the field, read from its JSON value in an answer. A derived form calls it
    /// only with a value that met the property's rules, so only what the type adds is left to
    /// check (an integer type's range, an enum's variants, a user ID's shape); called directly,
    /// it must refuse any other JSON too (a wrong type with [`ErrorKind::wrong_type`]).
    ///
    /// # Errors
    ///
    /// A [`Refusal`] when `value` is not a value of this type (the wrong JSON type, out of the
    /// type's range, or refused by the type's own parser).
    fn from_value(value: &Value) -> Result<Self, Refusal>;

    /// The field's JSON value in an answer; `None` leaves the field out (an `Option` that is
    /// `None`, a value the format cannot write). `from_value` reads it back to the same value.
    fn to_value(&self) -> Option<Value>;

    /// The value of a single-select field whose answer is the option at `index` of its options, as
    /// the rules found it; `None` reads the value with `from_value` instead. A derived enum takes
    /// its variant at that position, so an answer's option is looked up once.
    #[doc(hidden)]
    fn from_option(index: usize) -> Option<Self> {
        let _ = index;
        None
    }

    /// The value of a multi-select field whose answer chooses the options at `positions`, in
    /// that order, as the rules found them; `None` reads the value with `from_value` instead.
    #[doc(hidden)]
    fn from_options(positions: &[usize]) -> Option<Self> {
        let _ = positions;
        None
    }

    /// The value of a field the answer leaves out: `None` (it is missing) but for `Option`,
    /// whose absence is `None`. Only `Option` overrides it.
    #[doc(hidden)]
    fn absent() -> Option<Self> {
        None
    }
}

/// A field of free text: `min_length`, `max_length` and `format` apply to it. A type that takes
/// a text `default` as well implements [`TextDefault`] too.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a text field",
    label = "this attribute applies to text fields only",
    note = "`min_length`, `max_length`, `format` and `pattern` apply to `String` and `Option<String>` fields"
)]
pub trait TextField: FormField {}

/// A field that takes a text `default` (checked against the field's format at compile time):
/// one whose value is written as text, `String` and the date, time, URL and e-mail types of the
/// optional integrations.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a text field",
    label = "a text default applies to text fields only",
    note = "a text `default` applies to `String` (and to the date, time, URL and e-mail types of the optional integrations); the default of a select names a variant: `default = Plan::Pro`; a `Pick` or `Picks` takes its default with its options, when the form is asked: `Choices::default`"
)]
pub trait TextDefault: FormField {}

/// A field that holds a number: `minimum`, `maximum` and a numeric `default` apply to it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a numeric field",
    label = "this attribute applies to numeric fields only",
    note = "`minimum`, `maximum` and a numeric `default` apply to integer and floating-point fields"
)]
pub trait NumberField: FormField {}

/// A field that holds `true` or `false`: a boolean `default` applies to it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a boolean field",
    label = "a `true`/`false` default applies to boolean fields only",
    note = "a `default = true` or `default = false` applies to `bool` and `Option<bool>` fields"
)]
pub trait BooleanField: FormField {}

/// Why [`FormField::from_value`] refuses a value: the problem, boxed (the refusal is the rare path,
/// and a small `Result` keeps the accepted value from being copied through a large one).
pub type Refusal = Box<ErrorKind>;

/// A fieldless enum whose variants are the options of a select; `#[derive(Elicit)]` implements
/// it, with each variant's wire value, title and description.
///
/// Implement it only through the derive: its items are hidden because generated code is their
/// one user, and their shape may change between versions (the facade pins the derive exactly).
/// A bound `E: Choice` is what a user writes with it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an option of a select",
    label = "not a choice",
    note = "the options of a select are the variants of a fieldless enum with `#[derive(Elicit)]`; a multi-select is a `Vec`, `HashSet` or `BTreeSet` of such an enum"
)]
pub trait Choice {
    /// The options, one per variant, in declaration order.
    #[doc(hidden)]
    const OPTIONS: &'static [SelectOption];
    /// Each variant's discriminant, in the same order: how a `const` default finds its option.
    #[doc(hidden)]
    const DISCRIMINANTS: &'static [i128];
    /// Whether a single-select of this enum writes its titles as the legacy `enumNames` on every
    /// version (`#[elicit(enum_names)]`).
    #[doc(hidden)]
    const ENUM_NAMES: bool = false;
    /// The options in each language the enum is written in (`#[elicit(translations(..))]`): its
    /// own language's first, then each translation's; empty for an enum without translations.
    #[doc(hidden)]
    const TRANSLATIONS: &'static [ChoiceLanguage] = &[];

    /// The position of this variant in [`Choice::OPTIONS`].
    #[doc(hidden)]
    fn index(&self) -> usize;

    /// The variant at this position in [`Choice::OPTIONS`].
    #[doc(hidden)]
    fn from_index(index: usize) -> Option<Self>
    where
        Self: Sized;
}

/// The options of a select in one language: its tag, and the options with their titles and
/// descriptions in it (the same values, in the same order).
pub type ChoiceLanguage = (&'static str, &'static [SelectOption]);

/// The variant whose wire value `value` is, judged by the single-select rule.
#[inline]
pub(crate) fn choice_of<E: Choice>(value: &Value) -> Result<E, ErrorKind> {
    let options = Options::from_static(E::OPTIONS);
    let index = rules::option_chosen(&options, value)?;
    E::from_index(index).ok_or_else(|| rules::not_an_option(&options, value))
}

/// The wire value of a variant.
pub(crate) fn wire_value<E: Choice>(choice: &E) -> Option<Value> {
    E::OPTIONS
        .get(choice.index())
        .map(|option| Value::String(option.value().to_owned()))
}

/// A single-select field: a [`Choice`] enum, or `Option` of one. Its `default` names a variant.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a single-select field",
    label = "a default naming one option needs a single-select field",
    note = "a single-select field is a fieldless enum with `#[derive(Elicit)]`, or `Option` of one; the default of a multi-select is a list: `default = [Color::Red]`"
)]
pub trait SelectField: FormField {
    /// The enum whose variants are the options.
    type Choice: Choice;
}

/// A multi-select field: a `Vec`, `HashSet` or `BTreeSet` of a [`Choice`] enum, or `Option` of
/// one. `min_items`, `max_items` and a list `default` apply to it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a multi-select field",
    label = "this attribute applies to multi-select fields only",
    note = "`min_items`, `max_items` and a list default apply to a `Vec`, `HashSet` or `BTreeSet` of a fieldless enum with `#[derive(Elicit)]`"
)]
pub trait MultiSelectField: FormField {
    /// The enum whose variants are the options.
    type Choice: Choice;
}

/// A field whose value is a list of options, so that `min_items` and `max_items` apply to it: a
/// [`MultiSelectField`], or a [`Picks`](crate::choices::Picks) (whose options are supplied at run time).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a multi-select field",
    label = "this attribute applies to multi-select fields only",
    note = "`min_items` and `max_items` apply to a `Vec`, `HashSet` or `BTreeSet` of a fieldless enum with `#[derive(Elicit)]`, and to `Picks`"
)]
pub trait ListField: FormField {}

impl<T: MultiSelectField> ListField for T {}
