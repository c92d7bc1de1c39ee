//! Compile-fail cases of `pattern` (feature `pattern`), with the exact message a user reads.

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the expected compiler output is written for Rust 1.95"
)]
#[test]
fn ui_pattern() {
    let t = trybuild::TestCases::new();
    t.compile_fail("cases/*.rs");
}
