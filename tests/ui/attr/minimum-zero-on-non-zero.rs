use std::num::NonZeroU32;

use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Party {
    #[elicit(minimum = 0)]
    guests: NonZeroU32,
}

fn main() {}
