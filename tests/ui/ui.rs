//! Compile-fail cases: every mistake the derive refuses, with the exact message a user reads.
//!
//! The messages are the compiler's as much as ours, so they are pinned to the compiler they were
//! written against; another compiler skips them rather than failing on reworded notes.

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the expected compiler output is written for Rust 1.95"
)]
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("*/*.rs");
}
