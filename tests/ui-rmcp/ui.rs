//! Compile-fail cases of the rmcp adapter (feature `rmcp`), with the exact message a user reads:
//! a `Stop` made into an `ErrorData` or a message, which on 2026-07-28 would lose the form; the
//! misuses of `#[asks]` (below `#[tool]`, without a `Call`, returning rmcp's
//! `Result<_, ErrorData>`, `Call<Args>` beside `Parameters`, a prompt with typed arguments, outside
//! a router); a task's work written as an async block rather than a closure given the task.
//! `call-without-asks` is rmcp's own error, which this crate cannot reword: the method's `Call`
//! and `Stop` are all it shows. (A `#[diagnostic::on_unimplemented]` message on a bound of
//! `Call`'s extraction is not shown: rmcp's route has many candidate impls, and the compiler
//! reports the route's bound rather than the nested one; the guide and `Call`'s documentation say
//! what the error means and what to write.)

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the expected compiler output is written for Rust 1.95"
)]
#[test]
fn ui_rmcp() {
    let t = trybuild::TestCases::new();
    // A passing case makes trybuild build (not only check) the failing ones: a form with a
    // secret asked in form mode is refused when the program is built.
    t.pass("pass/*.rs");
    t.compile_fail("cases/*.rs");
}
