//! [`Number`]: a JSON number that can be built in a `const` context.

use core::cmp::Ordering;
use core::fmt;

use super::numeric::Numeric;

/// A JSON number as a schema states it (`minimum`, `maximum`, `default`): an integer or a finite
/// floating-point value.
///
/// `serde_json::Number` cannot be built in a `const` context, and the schemas of this crate are
/// built at compile time, so this is the crate's own. An integer stays an integer on the wire
/// (`18`, not `18.0`).
///
/// ```
/// use mcp_elicit::schema::Number;
///
/// const EIGHTEEN: Number = Number::from_i64(18);
/// assert_eq!(EIGHTEEN.as_i64(), Some(18));
/// assert_eq!(Number::from_f64(0.5).unwrap().to_string(), "0.5");
/// assert!(Number::from_f64(f64::NAN).is_none());
/// ```
///
/// Numbers compare as numbers, exactly between integers: `2` equals `2.0` (they are written
/// differently, but no answer can tell them apart), and `u64::MAX - 1 < u64::MAX` although both
/// round to the same `f64`.
///
/// ```
/// use mcp_elicit::schema::Number;
///
/// assert_eq!(Number::from_i64(2), Number::from_f64(2.0).unwrap());
/// assert!(Number::from_u64(u64::MAX - 1) < Number::from_u64(u64::MAX));
/// assert!(Number::from_i64(-1) < Number::from_f64(-0.5).unwrap());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Number(Repr);

#[derive(Clone, Copy, Debug)]
enum Repr {
    /// Zero or more.
    PosInt(u64),
    /// Less than zero.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

impl Number {
    /// The number as a message of `words` is given it: an integer exactly, however large (see
    /// [`integer`](crate::lang::integer)); a float as a number, which the language writes its own
    /// way, or for English as the text Rust writes (`2.0`).
    pub(crate) fn said(&self, words: &crate::lang::Words) -> fluent_bundle::FluentValue<'static> {
        match self.0 {
            Repr::PosInt(v) => crate::lang::integer(v),
            Repr::NegInt(v) => crate::lang::integer(v),
            Repr::Float(v) if words.writes_numbers() => fluent_bundle::FluentValue::from(v),
            Repr::Float(_) => fluent_bundle::FluentValue::from(self.to_string()),
        }
    }
}

impl Number {
    /// A signed integer.
    pub const fn from_i64(value: i64) -> Self {
        if value < 0 {
            Number(Repr::NegInt(value))
        } else {
            Number(Repr::PosInt(value.cast_unsigned()))
        }
    }

    /// An unsigned integer.
    pub const fn from_u64(value: u64) -> Self {
        Number(Repr::PosInt(value))
    }

    /// A floating-point value; `None` for NaN and the infinities, which JSON cannot write.
    pub const fn from_f64(value: f64) -> Option<Self> {
        if value.is_finite() {
            Some(Number(Repr::Float(value)))
        } else {
            None
        }
    }

    /// Whether this number was given as an integer (`18`, not `18.0`).
    pub const fn is_integer(&self) -> bool {
        !matches!(self.0, Repr::Float(_))
    }

    /// The value as an `i64`, if it is an integer that fits.
    pub const fn as_i64(&self) -> Option<i64> {
        match self.0 {
            Repr::NegInt(v) => Some(v),
            Repr::PosInt(v) if v <= i64::MAX.cast_unsigned() => Some(v.cast_signed()),
            _ => None,
        }
    }

    /// The value as a `u64`, if it is a non-negative integer.
    pub const fn as_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::PosInt(v) => Some(v),
            _ => None,
        }
    }

    /// The value as an `i128`, if it is an integer (every integer this type holds fits).
    pub const fn as_i128(&self) -> Option<i128> {
        match self.0 {
            Repr::PosInt(v) => Some(v as i128),
            Repr::NegInt(v) => Some(v as i128),
            Repr::Float(_) => None,
        }
    }

    /// The value as an `f64` (the nearest one, for integers beyond 2^53).
    #[expect(clippy::cast_precision_loss, reason = "the nearest f64, as documented")]
    pub const fn as_f64(&self) -> f64 {
        match self.0 {
            Repr::PosInt(v) => v as f64,
            Repr::NegInt(v) => v as f64,
            Repr::Float(v) => v,
        }
    }

    /// A number of a JSON document.
    pub fn from_json(n: &serde_json::Number) -> Self {
        if let Some(v) = n.as_u64() {
            Number::from_u64(v)
        } else if let Some(v) = n.as_i64() {
            Number::from_i64(v)
        } else {
            // serde_json holds every other number as a finite f64.
            let v = n.as_f64().unwrap_or_default();
            Number(Repr::Float(v))
        }
    }

    /// The value as an `i128` if it is a whole number in `i128`'s range, given as an integer or
    /// as an integral float (`30.0`: a JavaScript client cannot tell them apart).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a whole float within i128's range"
    )]
    pub(crate) fn as_whole(&self) -> Option<i128> {
        match self.0 {
            Repr::Float(v) if v.fract() == 0.0 && v.abs() < 1.7e38 => Some(v as i128),
            Repr::Float(_) => None,
            _ => self.as_i128(),
        }
    }

    /// The number as the one comparison of the crate sees it.
    #[inline]
    pub(crate) const fn numeric(&self) -> Numeric {
        match self.as_i128() {
            Some(v) => Numeric::Int(v),
            None => Numeric::Float(self.as_f64()),
        }
    }
}

impl PartialEq for Number {
    #[inline]
    fn eq(&self, other: &Number) -> bool {
        self.numeric() == other.numeric()
    }
}

impl PartialOrd for Number {
    #[inline]
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        self.numeric().partial_cmp(&other.numeric())
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::PosInt(v) => fmt::Display::fmt(&v, f),
            Repr::NegInt(v) => fmt::Display::fmt(&v, f),
            // `Debug` keeps the `.0` of an integral float, as JSON writers do.
            Repr::Float(v) => fmt::Debug::fmt(&v, f),
        }
    }
}

impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Repr::PosInt(v) => serializer.serialize_u64(v),
            Repr::NegInt(v) => serializer.serialize_i64(v),
            Repr::Float(v) => serializer.serialize_f64(v),
        }
    }
}

impl From<Number> for serde_json::Number {
    fn from(n: Number) -> Self {
        match n.0 {
            Repr::PosInt(v) => v.into(),
            Repr::NegInt(v) => v.into(),
            // Finite by construction, so `from_f64` always succeeds; zero is the unreachable fallback.
            Repr::Float(v) => serde_json::Number::from_f64(v).unwrap_or_else(|| 0.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_keep_their_kind() {
        assert_eq!(Number::from_i64(5), Number::from_u64(5));
        assert_eq!(Number::from_i64(-5).as_i64(), Some(-5));
        assert_eq!(Number::from_i64(-5).as_u64(), None);
        assert_eq!(Number::from_u64(u64::MAX).as_i64(), None);
        assert_eq!(
            Number::from_u64(u64::MAX).as_i128(),
            Some(i128::from(u64::MAX))
        );
        assert!(Number::from_i64(1).is_integer());
        assert!(!Number::from_f64(1.0).unwrap().is_integer());
        assert_eq!(Number::from_f64(1.0).unwrap().as_i128(), None);
    }

    #[test]
    fn json_numbers_and_whole_values() {
        let json = |s: &str| Number::from_json(&serde_json::from_str(s).unwrap());
        assert_eq!(json("18446744073709551615"), Number::from_u64(u64::MAX));
        assert_eq!(json("-3"), Number::from_i64(-3));
        assert_eq!(json("30.0"), Number::from_f64(30.0).unwrap());
        assert_eq!(json("30.0").as_whole(), Some(30));
        assert_eq!(json("-0.0").as_whole(), Some(0));
        assert_eq!(json("30.5").as_whole(), None);
        assert_eq!(json("1e300").as_whole(), None);
        assert_eq!(json("1e20").as_whole(), Some(100_000_000_000_000_000_000));
        assert_eq!(json("7").as_whole(), Some(7));
    }

    #[test]
    fn non_finite_floats_are_refused() {
        assert!(Number::from_f64(f64::INFINITY).is_none());
        assert!(Number::from_f64(f64::NEG_INFINITY).is_none());
        assert!(Number::from_f64(f64::NAN).is_none());
    }

    #[test]
    fn comparison_is_exact_between_integers() {
        let big = Number::from_u64(u64::MAX);
        let almost = Number::from_u64(u64::MAX - 1);
        assert!(almost < big);
        assert!(big > almost);
        assert_ne!(almost, big);
        assert!(Number::from_i64(i64::MIN) < Number::from_u64(0));
        assert!(Number::from_i64(-1) < Number::from_f64(-0.5).unwrap());
        assert!(Number::from_f64(2.0).unwrap() >= Number::from_i64(2));
    }

    #[test]
    fn equality_agrees_with_the_order() {
        let two = Number::from_i64(2);
        let two_float = Number::from_f64(2.0).unwrap();
        assert_eq!(two, two_float);
        assert_eq!(two.partial_cmp(&two_float), Some(Ordering::Equal));
        assert_eq!(Number::from_f64(-0.0).unwrap(), Number::from_u64(0));
        assert_ne!(two, Number::from_f64(2.5).unwrap());
        // Equal numbers may still be written differently.
        assert_ne!(two.to_string(), two_float.to_string());
    }

    #[test]
    fn writes_json_numbers() {
        let to_json = |n: Number| serde_json::to_string(&n).unwrap();
        assert_eq!(to_json(Number::from_i64(-32768)), "-32768");
        assert_eq!(to_json(Number::from_u64(u64::MAX)), "18446744073709551615");
        assert_eq!(to_json(Number::from_f64(0.5).unwrap()), "0.5");
        assert_eq!(to_json(Number::from_f64(2.0).unwrap()), "2.0");
        assert_eq!(Number::from_f64(2.0).unwrap().to_string(), "2.0");
        assert_eq!(Number::from_i64(-3).to_string(), "-3");
        assert_eq!(
            serde_json::Number::from(Number::from_f64(1.5).unwrap()),
            serde_json::Number::from_f64(1.5).unwrap()
        );
    }
}
