//! The field traits: which Rust types can be fields of a form, and what kind of field each is.
//!
//! `#[derive(Elicit)]` asks every field type for its [`FormField`] implementation, so a type a flat
//! form cannot hold (a nested struct, a map, a tuple, ...) fails to compile at that field, with a
//! message that says so. The kind traits ([`TextField`], [`NumberField`], [`BooleanField`],
//! [`SelectField`], [`MultiSelectField`]) say which attributes a field accepts: `min_length` on a
//! number fails at the attribute.
//!
//! The options of a select are the variants of a fieldless enum deriving `Elicit`, which
//! implements [`Choice`] (and [`FormField`], as a single-select); a `Vec`, `HashSet` or `BTreeSet`
//! of it is a multi-select.

use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasher, Hash};

use serde_json::Value;

use crate::error::{ErrorKind, Expected, describe};
use crate::schema::{Number, SelectOption, StringFormat, option_position};

/// What a field type contributes to the schema.
#[derive(Clone, Copy, Debug)]
pub struct FieldShape {
    /// What the field holds.
    pub kind: FieldKind,
    /// `Option<_>`: not required, and absent when left empty.
    pub optional: bool,
}

impl FieldShape {
    /// A required field of this kind.
    pub const fn required(kind: FieldKind) -> Self {
        FieldShape {
            kind,
            optional: false,
        }
    }
}

/// The kinds of field, with what the Rust type implies.
#[derive(Clone, Copy, Debug)]
pub enum FieldKind {
    /// Text; `format` is one the type implies (a date type says `date`).
    Text {
        /// The format every value of the type has.
        format: Option<StringFormat>,
    },
    /// An integer type with range `min..=max`, and the bounds the schema states by default.
    Integer {
        /// The type's smallest value.
        min: i128,
        /// The type's largest value.
        max: i128,
        /// `minimum` stated when no attribute gives one.
        stated_min: Option<Number>,
        /// `maximum` stated when no attribute gives one.
        stated_max: Option<Number>,
    },
    /// A floating-point type whose finite values lie in `-max..=max`.
    Float {
        /// The type's largest finite value.
        max: f64,
    },
    /// `true` or `false`.
    Boolean,
    /// One of the options.
    SingleSelect {
        /// The options, from the enum's [`Choice`] implementation.
        options: &'static [SelectOption],
    },
    /// Any number of the options.
    MultiSelect {
        /// The options, from the enum's [`Choice`] implementation.
        options: &'static [SelectOption],
    },
}

/// A Rust type that can be a field of an elicitation form.
///
/// Implemented for `String`, `bool`, the integer types `i8`..`i64`, `u8`..`u64`, `isize`,
/// `usize`, the floats `f32` and `f64`, fieldless enums deriving `Elicit` (single-selects), `Vec`,
/// `HashSet` and `BTreeSet` of such enums (multi-selects), and `Option<T>` of each (an optional
/// field). Its items are how the derive learns what a type contributes to the schema; they are not
/// a stable API.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an elicitation form",
    label = "not a form field type",
    note = "MCP elicitation forms are flat: each field holds text (`String`), a number (`i8`..`i64`, `u8`..`u64`, `isize`, `usize`, `f32`, `f64`), a `bool`, a choice (a fieldless enum deriving `Elicit`) or several choices (a `Vec`, `HashSet` or `BTreeSet` of such an enum), optionally wrapped in `Option`",
    note = "a struct deriving `Elicit` is a whole form, not a field: move its fields into this struct"
)]
pub trait FormField: Sized {
    /// What the type contributes to the schema.
    #[doc(hidden)]
    const SHAPE: FieldShape;

    /// The Rust value of a JSON value that met the property's rules (so only what the Rust type
    /// adds is left to check: its range, its variants).
    #[doc(hidden)]
    fn from_value(value: &Value) -> Result<Self, Refusal>;

    /// The JSON value of the field in an answer, or `None` to leave the field out.
    #[doc(hidden)]
    fn to_value(&self) -> Option<Value>;

    /// The value of a field the answer leaves out: `None` (it is missing) but for `Option`.
    #[doc(hidden)]
    fn absent() -> Option<Self> {
        None
    }
}

/// A field that holds free text: `min_length`, `max_length` and `format` apply to it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a text field",
    label = "this attribute applies to text fields only",
    note = "`min_length`, `max_length` and `format` apply to `String` and `Option<String>` fields"
)]
pub trait TextField: FormField {}

/// A field whose value is written as text: `String`, and the date, time, URL and e-mail types of
/// the optional integrations. A text `default` applies to it (checked against the field's format
/// at compile time).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a text field",
    label = "a text default applies to text fields only",
    note = "a text `default` applies to `String` (and to the date, time, URL and e-mail types of the optional integrations); the default of a select names a variant: `default = Plan::Pro`"
)]
pub trait TextValue: FormField {}

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

/// Why a value is refused, boxed: the refusal is the rare path, and a small `Result` keeps the
/// accepted value from being copied through a large one.
#[doc(hidden)]
pub type Refusal = Box<ErrorKind>;

/// A fieldless enum whose variants are the options of a select; `#[derive(Elicit)]` implements
/// it, with each variant's wire value and title.
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

    /// The position of this variant in [`Choice::OPTIONS`].
    #[doc(hidden)]
    fn index(&self) -> usize;

    /// The variant at this position in [`Choice::OPTIONS`].
    #[doc(hidden)]
    fn from_index(index: usize) -> Option<Self>
    where
        Self: Sized;
}

/// The variant whose wire value `value` is.
#[inline]
pub(crate) fn choice_of<E: Choice>(value: &Value) -> Result<E, ErrorKind> {
    let Value::String(text) = value else {
        return Err(ErrorKind::wrong_type(Expected::Option, value));
    };
    option_position(E::OPTIONS, text)
        .and_then(E::from_index)
        .ok_or_else(|| ErrorKind::NotAnOption {
            found: describe(value),
            options: E::OPTIONS.into(),
        })
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

#[diagnostic::do_not_recommend]
impl FormField for String {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Text { format: None });

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        match value {
            Value::String(text) => Ok(text.clone()),
            other => Err(Box::new(ErrorKind::wrong_type(Expected::Text, other))),
        }
    }

    fn to_value(&self) -> Option<Value> {
        Some(Value::String(self.clone()))
    }
}

#[diagnostic::do_not_recommend]
impl TextField for String {}
#[diagnostic::do_not_recommend]
impl TextValue for String {}

#[diagnostic::do_not_recommend]
impl FormField for bool {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Boolean);

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        value
            .as_bool()
            .ok_or_else(|| Box::new(ErrorKind::wrong_type(Expected::Boolean, value)))
    }

    fn to_value(&self) -> Option<Value> {
        Some(Value::Bool(*self))
    }
}
#[diagnostic::do_not_recommend]
impl BooleanField for bool {}

/// An optional field: left out of `required`, and absent from the answer when the user leaves it
/// empty.
impl<T: FormField> FormField for Option<T> {
    const SHAPE: FieldShape = FieldShape {
        optional: true,
        ..T::SHAPE
    };

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        T::from_value(value).map(Some)
    }

    fn to_value(&self) -> Option<Value> {
        self.as_ref().and_then(T::to_value)
    }

    fn absent() -> Option<Self> {
        Some(None)
    }
}
#[diagnostic::do_not_recommend]
impl<T: TextField> TextField for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: TextValue> TextValue for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: NumberField> NumberField for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: BooleanField> BooleanField for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: SelectField> SelectField for Option<T> {
    type Choice = T::Choice;
}
#[diagnostic::do_not_recommend]
impl<T: MultiSelectField> MultiSelectField for Option<T> {
    type Choice = T::Choice;
}

/// The shape of every multi-select container: its options are the enum's.
const fn multi_select<E: Choice>() -> FieldShape {
    FieldShape::required(FieldKind::MultiSelect {
        options: E::OPTIONS,
    })
}

/// The variants a list of wire values names, in the order given.
fn choices_of<E: Choice, C: FromIterator<E>>(value: &Value) -> Result<C, ErrorKind> {
    match value {
        Value::Array(items) => items.iter().map(choice_of::<E>).collect(),
        other => Err(ErrorKind::wrong_type(Expected::Options, other)),
    }
}

/// The wire values of a set of variants, in the enum's declaration order (a set's own iteration
/// order says nothing, and a `HashSet`'s changes from run to run).
fn set_value<'a, E: Choice + 'a>(choices: impl Iterator<Item = &'a E>) -> Option<Value> {
    let mut indices: Vec<usize> = choices.map(Choice::index).collect();
    indices.sort_unstable();
    let values = indices
        .into_iter()
        .filter_map(|i| E::OPTIONS.get(i))
        .map(|option| Value::String(option.value().to_owned()));
    Some(Value::Array(values.collect()))
}

/// A multi-select, in the order the client sent the choices.
impl<E: Choice> FormField for Vec<E> {
    const SHAPE: FieldShape = multi_select::<E>();

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        choices_of::<E, _>(value).map_err(Box::new)
    }

    fn to_value(&self) -> Option<Value> {
        let values = self.iter().filter_map(wire_value);
        Some(Value::Array(values.collect()))
    }
}
#[diagnostic::do_not_recommend]
impl<E: Choice> MultiSelectField for Vec<E> {
    type Choice = E;
}

/// A multi-select, as a set.
impl<E: Choice + Eq + Hash, S: BuildHasher + Default> FormField for HashSet<E, S> {
    const SHAPE: FieldShape = multi_select::<E>();

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        choices_of::<E, _>(value).map_err(Box::new)
    }

    fn to_value(&self) -> Option<Value> {
        set_value(self.iter())
    }
}
#[diagnostic::do_not_recommend]
impl<E: Choice + Eq + Hash, S: BuildHasher + Default> MultiSelectField for HashSet<E, S> {
    type Choice = E;
}

/// A multi-select, as an ordered set.
impl<E: Choice + Ord> FormField for BTreeSet<E> {
    const SHAPE: FieldShape = multi_select::<E>();

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        choices_of::<E, _>(value).map_err(Box::new)
    }

    fn to_value(&self) -> Option<Value> {
        set_value(self.iter())
    }
}
#[diagnostic::do_not_recommend]
impl<E: Choice + Ord> MultiSelectField for BTreeSet<E> {
    type Choice = E;
}

/// What a form states for an integer type without attributes: `minimum: 0` for the unsigned
/// types, and for the 8- and 16-bit types their whole range, which a person can reasonably type.
/// Wider types state nothing more (their bounds are not useful to a person), but the parser always
/// enforces the Rust range.
macro_rules! integer_fields {
    ($($ty:ty: states $stated_min:expr, $stated_max:expr;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl FormField for $ty {
            const SHAPE: FieldShape = FieldShape::required(FieldKind::Integer {
                min: <$ty>::MIN as i128,
                max: <$ty>::MAX as i128,
                stated_min: $stated_min,
                stated_max: $stated_max,
            });

            #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
                let whole = integer(value, <$ty>::MIN as i128, <$ty>::MAX as i128)?;
                <$ty>::try_from(whole).map_err(|_| {
                    Box::new(ErrorKind::NotAnInteger {
                        found: whole as f64,
                    })
                })
            }

            fn to_value(&self) -> Option<Value> {
                Some(Value::from(*self))
            }
        }
        #[diagnostic::do_not_recommend]
        impl NumberField for $ty {}
    )*};
}

/// A whole number in `min..=max`: an integer, or a float without fraction.
#[inline]
fn integer(value: &Value, min: i128, max: i128) -> Result<i128, ErrorKind> {
    let Value::Number(n) = value else {
        return Err(ErrorKind::wrong_type(Expected::Integer, value));
    };
    let found = Number::from_json(n);
    let bound = |v: i128| match u64::try_from(v) {
        Ok(v) => Number::from_u64(v),
        Err(_) => Number::from_i64(i64::try_from(v).unwrap_or(i64::MIN)),
    };
    match found.as_whole() {
        Some(v) if v < min => Err(ErrorKind::TooSmall {
            minimum: bound(min),
            found,
        }),
        Some(v) if v > max => Err(ErrorKind::TooLarge {
            maximum: bound(max),
            found,
        }),
        Some(v) => Ok(v),
        None if found.as_f64().fract() == 0.0 => Err(if found.as_f64() < 0.0 {
            ErrorKind::TooSmall {
                minimum: bound(min),
                found,
            }
        } else {
            ErrorKind::TooLarge {
                maximum: bound(max),
                found,
            }
        }),
        None => Err(ErrorKind::NotAnInteger {
            found: found.as_f64(),
        }),
    }
}

/// A number that `fits` the float type, whose finite values lie within `-max..=max`.
#[inline]
fn float(value: &Value, max: f64, fits: fn(f64) -> bool) -> Result<f64, ErrorKind> {
    let Value::Number(n) = value else {
        return Err(ErrorKind::wrong_type(Expected::Number, value));
    };
    let found = Number::from_json(n);
    let v = found.as_f64();
    if fits(v) {
        return Ok(v);
    }
    let bound = |v: f64| Number::from_f64(v).unwrap_or(found);
    Err(if v < 0.0 {
        ErrorKind::TooSmall {
            minimum: bound(-max),
            found,
        }
    } else {
        ErrorKind::TooLarge {
            maximum: bound(max),
            found,
        }
    })
}

const ZERO: Option<Number> = Some(Number::from_i64(0));

integer_fields! {
    i8: states Some(Number::from_i64(i8::MIN as i64)), Some(Number::from_i64(i8::MAX as i64));
    i16: states Some(Number::from_i64(i16::MIN as i64)), Some(Number::from_i64(i16::MAX as i64));
    i32: states None, None;
    i64: states None, None;
    isize: states None, None;
    u8: states ZERO, Some(Number::from_u64(u8::MAX as u64));
    u16: states ZERO, Some(Number::from_u64(u16::MAX as u64));
    u32: states ZERO, None;
    u64: states ZERO, None;
    usize: states ZERO, None;
}

#[diagnostic::do_not_recommend]
impl FormField for f32 {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Float {
        max: f32::MAX as f64,
    });

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        // Rounded to the nearest `f32`; only what would round to infinity is out of range.
        float(value, f64::from(f32::MAX), |v| (v as f32).is_finite())
            .map(|v| v as f32)
            .map_err(Box::new)
    }

    fn to_value(&self) -> Option<Value> {
        // Through the shortest decimal that reads back as this `f32`, so `0.1` stays `0.1`.
        let decimal: f64 = self.to_string().parse().ok()?;
        serde_json::Number::from_f64(decimal).map(Value::Number)
    }
}
#[diagnostic::do_not_recommend]
impl NumberField for f32 {}

#[diagnostic::do_not_recommend]
impl FormField for f64 {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Float { max: f64::MAX });

    #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        float(value, f64::MAX, f64::is_finite).map_err(Box::new)
    }

    fn to_value(&self) -> Option<Value> {
        serde_json::Number::from_f64(*self).map(Value::Number)
    }
}
#[diagnostic::do_not_recommend]
impl NumberField for f64 {}
