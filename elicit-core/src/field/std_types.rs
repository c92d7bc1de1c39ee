//! The field types of the standard library: `String`, `bool`, the integers, the floats,
//! `Option` of any field, and `Vec`, `HashSet` and `BTreeSet` of a [`Choice`] enum.

use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasher, Hash};
use std::num::NonZero;

use serde_json::Value;

use super::{
    BooleanField, Choice, FieldKind, FieldShape, FormField, MultiSelectField, NumberField, Refusal,
    SelectField, TextDefault, TextField, choice_of, wire_value,
};
use crate::error::{ErrorKind, Expected};
use crate::schema::Number;

#[diagnostic::do_not_recommend]
impl FormField for String {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Text { format: None });

    // Always inlined, and the text copied with `to_owned` (inlined) rather than `String::clone`
    // (a call): the new `String` stays in registers on its way into the form. Returned through
    // memory, its pointer and length were written as two words and read back as one 16-byte
    // value, which the CPU cannot forward from the stores: a stall that cost a one-field form
    // about 10 ns.
    #[inline(always)]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        match value {
            Value::String(text) => Ok(text.as_str().to_owned()),
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
impl TextDefault for String {}

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
    const SHAPE: FieldShape = T::SHAPE.with_optional(true);

    // Always inlined, as `String`'s is: an optional text stays in registers too.
    #[inline(always)]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
        T::from_value(value).map(Some)
    }

    fn to_value(&self) -> Option<Value> {
        self.as_ref().and_then(T::to_value)
    }

    fn from_option(index: usize) -> Option<Self> {
        T::from_option(index).map(Some)
    }

    fn from_options(positions: &[usize]) -> Option<Self> {
        T::from_options(positions).map(Some)
    }

    fn absent() -> Option<Self> {
        Some(None)
    }
}
#[diagnostic::do_not_recommend]
impl<T: TextField> TextField for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: TextDefault> TextDefault for Option<T> {}
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
        translations: E::TRANSLATIONS,
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
#[expect(
    clippy::unnecessary_wraps,
    reason = "the shape of `FormField::to_value`"
)]
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

    fn from_options(positions: &[usize]) -> Option<Self> {
        positions.iter().map(|&i| E::from_index(i)).collect()
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

    fn from_options(positions: &[usize]) -> Option<Self> {
        positions.iter().map(|&i| E::from_index(i)).collect()
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

    fn from_options(positions: &[usize]) -> Option<Self> {
        positions.iter().map(|&i| E::from_index(i)).collect()
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
                zero: true,
                stated_min: $stated_min,
                stated_max: $stated_max,
            });

            #[inline]
    fn from_value(value: &Value) -> Result<Self, Refusal> {
                // Every integer type fits in i128 (usize too, which has no `From` into it).
                #[allow(clippy::cast_lossless, reason = "the same line serves usize and isize")]
                let whole = integer(value, <$ty>::MIN as i128, <$ty>::MAX as i128)?;
                <$ty>::try_from(whole).map_err(|_| {
                    #[expect(clippy::cast_precision_loss, reason = "the nearest float names the value in the message")]
                    let found = whole as f64;
                    Box::new(ErrorKind::NotAnInteger { found })
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

/// The non-zero integers: the underlying integer field, read and refused alike, and zero refused
/// in words. An unsigned one states `minimum: 1`; a signed one cannot say "not zero" in a schema,
/// so it states what its integer states.
macro_rules! non_zero_fields {
    ($($ty:ty)*) => {$(
        #[diagnostic::do_not_recommend]
        impl FormField for NonZero<$ty> {
            const SHAPE: FieldShape = non_zero(<$ty as FormField>::SHAPE);

            #[inline]
            fn from_value(value: &Value) -> Result<Self, Refusal> {
                NonZero::new(<$ty as FormField>::from_value(value)?).ok_or_else(|| {
                    Box::new(ErrorKind::Invalid {
                        reason: "must not be 0".to_owned(),
                    })
                })
            }

            fn to_value(&self) -> Option<Value> {
                Some(Value::from(self.get()))
            }
        }
        #[diagnostic::do_not_recommend]
        impl NumberField for NonZero<$ty> {}
    )*};
}

/// The shape of an integer type without zero: an unsigned one starts at 1, a signed one holds
/// every value of its range but zero.
const fn non_zero(integer: FieldShape) -> FieldShape {
    match integer.kind {
        FieldKind::Integer {
            min: 0,
            max,
            stated_max,
            ..
        } => FieldShape::required(FieldKind::Integer {
            min: 1,
            max,
            zero: false,
            stated_min: Some(Number::from_i64(1)),
            stated_max,
        }),
        FieldKind::Integer {
            min,
            max,
            stated_min,
            stated_max,
            ..
        } => FieldShape::required(FieldKind::Integer {
            min,
            max,
            zero: false,
            stated_min,
            stated_max,
        }),
        _ => integer,
    }
}

non_zero_fields!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

#[diagnostic::do_not_recommend]
impl FormField for f32 {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Float {
        max: f32::MAX as f64,
    });

    #[inline]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "rounded to the nearest f32 on purpose"
    )]
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
