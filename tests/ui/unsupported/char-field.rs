use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    initial: char,
    big: u128,
}

fn main() {}
