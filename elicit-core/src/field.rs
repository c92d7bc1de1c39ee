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

use crate::__private::{FieldKind, FieldShape};
use crate::schema::{Number, SelectOption};

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
pub trait FormField {
    #[doc(hidden)]
    const SHAPE: FieldShape;
}

/// A field that holds text: `min_length`, `max_length`, `format` and a text `default` apply to it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a text field",
    label = "this attribute applies to text fields only",
    note = "`min_length`, `max_length`, `format` and a text `default` apply to `String` and `Option<String>` fields; the default of a select names a variant: `default = Plan::Pro`"
)]
pub trait TextField: FormField {}

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
}
#[diagnostic::do_not_recommend]
impl TextField for String {}

#[diagnostic::do_not_recommend]
impl FormField for bool {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Boolean);
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
}
#[diagnostic::do_not_recommend]
impl<T: TextField> TextField for Option<T> {}
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

/// A multi-select, in the order the client sent the choices.
impl<E: Choice> FormField for Vec<E> {
    const SHAPE: FieldShape = multi_select::<E>();
}
#[diagnostic::do_not_recommend]
impl<E: Choice> MultiSelectField for Vec<E> {
    type Choice = E;
}

/// A multi-select, as a set.
impl<E: Choice + Eq + Hash, S: BuildHasher + Default> FormField for HashSet<E, S> {
    const SHAPE: FieldShape = multi_select::<E>();
}
#[diagnostic::do_not_recommend]
impl<E: Choice + Eq + Hash, S: BuildHasher + Default> MultiSelectField for HashSet<E, S> {
    type Choice = E;
}

/// A multi-select, as a set in the enum's order (`Ord`).
impl<E: Choice + Ord> FormField for BTreeSet<E> {
    const SHAPE: FieldShape = multi_select::<E>();
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
        }
        #[diagnostic::do_not_recommend]
        impl NumberField for $ty {}
    )*};
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
}
#[diagnostic::do_not_recommend]
impl NumberField for f32 {}

#[diagnostic::do_not_recommend]
impl FormField for f64 {
    const SHAPE: FieldShape = FieldShape::required(FieldKind::Float { max: f64::MAX });
}
#[diagnostic::do_not_recommend]
impl NumberField for f64 {}
