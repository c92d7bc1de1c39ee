use std::num::NonZeroI32;

use mcp_elicit::Elicit;

// A schema cannot say "not zero", but the parser refuses zero: the form would start with an
// answer it refuses.
#[derive(Elicit)]
struct Shift {
    #[elicit(default = 0)]
    hours: NonZeroI32,
}

fn main() {}
