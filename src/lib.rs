#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use elicit_core::*;
pub use elicit_derive::Elicit;
