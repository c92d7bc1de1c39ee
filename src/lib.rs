#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// docs.rs (nightly, `--cfg docsrs`) marks each item behind a cargo feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

pub use mcp_elicit_core::*;
pub use mcp_elicit_derive::Elicit;

#[path = "guide/mod.rs"]
pub mod _guide;
