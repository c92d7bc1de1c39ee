//! Compile-time checks of a derived form, for what the macro cannot see by itself: a bound or
//! default the field's type (say, a type alias) cannot hold, a default the field's format refuses,
//! an attribute of another kind than the field. Each is a `const` evaluation spanned at the
//! attribute, failing with the words the derive wrote for it.
//!
//! These are the `const` twins of the run-time judge of a property's satisfiability,
//! `rules::satisfiable` (which serves received schemas and runtime options): const evaluation
//! cannot call it (it allocates and formats), so the few rules a derived form needs are written
//! here again, each beside the message the derive spans at the attribute.

use std::borrow::Cow;

use super::build::{DefaultValue, FieldAttrs};
use crate::field::{
    BooleanField, FieldKind, FieldShape, ListField, NumberField, TextDefault, TextField,
};
use crate::schema::{Number, PropertySchema};

/// Fails to compile with `message` if a multi-select default names one variant twice.
pub const fn check_distinct(discriminants: &[i128], message: &'static str) {
    let mut i = 0;
    while i < discriminants.len() {
        let mut j = i + 1;
        while j < discriminants.len() {
            assert!(discriminants[i] != discriminants[j], "{}", message);
            j += 1;
        }
        i += 1;
    }
}

/// Fails to compile with `message` if a text default does not have the field's format: the one
/// given with `format = ".."`, or the one its type implies (a date type's `date`). The check is
/// the one that judges answers.
pub const fn check_default_format(shape: FieldShape, attrs: FieldAttrs, message: &'static str) {
    let Some(DefaultValue::Text(text)) = attrs.default else {
        return;
    };
    let format = match (attrs.format, shape.kind) {
        (Some(format), _) => Some(format),
        (None, FieldKind::Text { format }) => format,
        (None, _) => None,
    };
    if let Some(format) = format
        && !crate::format::matches(format, text)
    {
        panic!("{}", message);
    }
}

/// Fails to compile with `message` if `min_items` asks for more choices than the select has
/// (options supplied at run time are checked when they are, by `rules::satisfiable`).
pub const fn check_min_items<T: ListField>(min_items: u64, message: &'static str) {
    if let FieldKind::MultiSelect { options, .. } = T::SHAPE.kind
        && min_items > options.len() as u64
    {
        panic!("{}", message);
    }
}

/// Whether the numeric field type `T` can hold `value`: an integer type takes whole numbers in
/// its range (but 0 for a `NonZero` type), a float type finite numbers up to its largest.
pub const fn fits<T: NumberField>(value: Number) -> bool {
    fits_shape(T::SHAPE, value)
}

/// Whether a field of this shape can hold `value`: [`fits`], for a shape a `with` module gives.
pub const fn fits_shape(shape: FieldShape, value: Number) -> bool {
    match shape.kind {
        FieldKind::Integer { min, max, zero, .. } => match value.as_i128() {
            Some(v) => min <= v && v <= max && (zero || v != 0),
            None => false,
        },
        FieldKind::Float { max } => {
            let v = value.as_f64();
            -max <= v && v <= max
        }
        FieldKind::Text { .. }
        | FieldKind::Secret
        | FieldKind::Boolean
        | FieldKind::SingleSelect { .. }
        | FieldKind::MultiSelect { .. }
        | FieldKind::RuntimeSelect { .. } => false,
    }
}

/// Compiles only if `T` is a numeric field that can hold `value`; otherwise fails to compile with
/// `message`, which the derive writes for the attribute (a `const` panic cannot format). The
/// derive calls it, spanned at the attribute, for field types it cannot recognize by name.
pub const fn check_number<T: NumberField>(value: Number, message: &'static str) {
    assert!(fits::<T>(value), "{}", message);
}

/// Fails to compile with `message` if the property a field of this shape and these attributes
/// makes cannot be satisfied, or starts with a default it refuses: where a type brings bounds of
/// its own (a newtype with `#[elicit(transparent)]`), the field's bounds meet them here.
pub const fn check_consistent(shape: FieldShape, attrs: FieldAttrs, message: &'static str) {
    let property = super::build::property(shape, attrs);
    let ok = match &property.schema {
        PropertySchema::String(s) => {
            ordered(s.min_length, s.max_length)
                && match &s.default {
                    Some(Cow::Borrowed(text)) => {
                        let length = characters(text);
                        at_least(length, s.min_length) && at_most(length, s.max_length)
                    }
                    _ => true,
                }
        }
        PropertySchema::Number(n) => {
            let ordered_bounds = match (n.minimum, n.maximum) {
                (Some(min), Some(max)) => !min.numeric().compare(max.numeric()).is_gt(),
                _ => true,
            };
            let default_within = match n.default {
                Some(d) => {
                    (match n.minimum {
                        Some(min) => !d.numeric().compare(min.numeric()).is_lt(),
                        None => true,
                    }) && (match n.maximum {
                        Some(max) => !d.numeric().compare(max.numeric()).is_gt(),
                        None => true,
                    })
                }
                None => true,
            };
            ordered_bounds && default_within
        }
        PropertySchema::MultiSelect(m) => {
            ordered(m.min_items, m.max_items)
                && match &m.default {
                    Some(Cow::Borrowed(values)) => {
                        let count = values.len() as u64;
                        at_least(count, m.min_items) && at_most(count, m.max_items)
                    }
                    _ => true,
                }
        }
        PropertySchema::Boolean(_) | PropertySchema::SingleSelect(_) => true,
    };
    core::mem::forget(property);
    assert!(ok, "{}", message);
}

const fn ordered(low: Option<u64>, high: Option<u64>) -> bool {
    match (low, high) {
        (Some(low), Some(high)) => low <= high,
        _ => true,
    }
}

const fn at_least(n: u64, low: Option<u64>) -> bool {
    match low {
        Some(low) => n >= low,
        None => true,
    }
}

const fn at_most(n: u64, high: Option<u64>) -> bool {
    match high {
        Some(high) => n <= high,
        None => true,
    }
}

/// The characters (code points) of `text`, counted at compile time.
const fn characters(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] & 0xC0 != 0x80 {
            count += 1;
        }
        i += 1;
    }
    count
}

/// The kinds of field an attribute may require of a `with` field's shape.
pub enum Kind {
    /// Text.
    Text,
    /// A number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// A multi-select.
    MultiSelect,
}

/// Fails to compile with `message` unless `shape` is of `kind`: the attribute checks of a `with`
/// field, whose kind only its module's `SHAPE` says.
pub const fn require_shape(shape: FieldShape, kind: Kind, message: &'static str) {
    let fits = matches!(
        (kind, shape.kind),
        (Kind::Text, FieldKind::Text { .. } | FieldKind::Secret)
            | (
                Kind::Number,
                FieldKind::Integer { .. } | FieldKind::Float { .. }
            )
            | (Kind::Boolean, FieldKind::Boolean)
            | (
                Kind::MultiSelect,
                FieldKind::MultiSelect { .. } | FieldKind::RuntimeSelect { multi: true }
            )
    );
    assert!(fits, "{}", message);
}

/// Fails to compile with `message` unless a field of this shape can hold `value`.
pub const fn check_number_shape(shape: FieldShape, value: Number, message: &'static str) {
    assert!(fits_shape(shape, value), "{}", message);
}

/// Compiles only if `T` is a text field; the derive calls it, spanned at the attribute, for
/// field types it cannot recognize by name.
pub const fn require_text<T: TextField>() {}

/// Compiles only if `T` takes a text default; see [`require_text`].
pub const fn require_text_default<T: TextDefault>() {}

/// Compiles only if `T` is a boolean field; see [`require_text`].
pub const fn require_boolean<T: BooleanField>() {}

/// Compiles only if `T` takes `min_items` and `max_items`; see [`require_text`].
pub const fn require_multi_select<T: ListField>() {}

/// The first secret field's message (`messages[i]` for the own field of shape `shapes[i]`), or a
/// flattened form's own reason: why a form may be asked through a page only, if it may.
pub const fn page_only(
    fields: &[(FieldShape, &'static str)],
    flattened: &[Option<&'static str>],
) -> Option<&'static str> {
    let mut i = 0;
    while i < fields.len() {
        if let FieldKind::Secret = fields[i].0.kind {
            return Some(fields[i].1);
        }
        i += 1;
    }
    let mut j = 0;
    while j < flattened.len() {
        if flattened[j].is_some() {
            return flattened[j];
        }
        j += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::float;

    #[test]
    fn fits_follows_the_rust_type() {
        assert!(fits::<u8>(Number::from_i64(255)));
        assert!(!fits::<u8>(Number::from_i64(256)));
        assert!(!fits::<u8>(Number::from_i64(-1)));
        assert!(!fits::<u8>(float(1.0)));
        assert!(fits::<Option<i8>>(Number::from_i64(-128)));
        assert!(fits::<u64>(Number::from_u64(u64::MAX)));
        assert!(!fits::<i64>(Number::from_u64(u64::MAX)));
        assert!(fits::<f32>(float(1e38)));
        assert!(!fits::<f32>(float(-1e39)));
        assert!(fits::<f64>(Number::from_u64(u64::MAX)));
    }
    #[test]
    #[should_panic(expected = "does not fit")]
    fn check_number_fails_with_the_given_words() {
        check_number::<u16>(Number::from_i64(70000), "`maximum = 70000` does not fit");
    }
}
