//! How two numbers of a form compare: exactly between integers, through `f64` otherwise. Every
//! number of a form is finite, so any two compare.
//!
//! The one comparison of numbers in mcp-elicit. The runtime compares answers and received
//! schemas with it (through `Number`); the derive, which cannot depend on the runtime, compares
//! the bounds and defaults it reads with it too: its `src/numeric.rs` is a link to this file.

use core::cmp::Ordering;

/// A number as it is compared: an integer, or a finite float.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Numeric {
    /// A whole number given as an integer (`18`, not `18.0`).
    Int(i128),
    /// Any other number; always finite.
    Float(f64),
}

impl Numeric {
    /// The value as an `f64` (the nearest one, for integers beyond 2^53).
    #[inline]
    #[expect(clippy::cast_precision_loss, reason = "the nearest f64, as documented")]
    pub(crate) const fn as_f64(self) -> f64 {
        match self {
            Numeric::Int(v) => v as f64,
            Numeric::Float(v) => v,
        }
    }

    /// How `self` compares with `other` as numbers, `const` so that compile-time checks use it.
    #[inline]
    pub(crate) const fn compare(self, other: Numeric) -> Ordering {
        if let (Numeric::Int(a), Numeric::Int(b)) = (self, other) {
            order(a < b, a > b)
        } else {
            let (a, b) = (self.as_f64(), other.as_f64());
            order(a < b, a > b)
        }
    }
}

const fn order(less: bool, greater: bool) -> Ordering {
    if less {
        Ordering::Less
    } else if greater {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Equal as numbers: `2` equals `2.0`.
impl PartialEq for Numeric {
    #[inline]
    fn eq(&self, other: &Numeric) -> bool {
        self.compare(*other).is_eq()
    }
}

impl PartialOrd for Numeric {
    #[inline]
    fn partial_cmp(&self, other: &Numeric) -> Option<Ordering> {
        Some(self.compare(*other))
    }
}
