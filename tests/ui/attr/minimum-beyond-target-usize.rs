use mcp_elicit::Elicit;

// The width of `usize` is the target's: the compiler judges the bound for the target, not the
// derive for the machine it runs on.
#[derive(Elicit)]
struct Order {
    #[elicit(minimum = -1)]
    quantity: usize,
}

fn main() {}
