use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    #[elicit(min_length = 1, max_items = 1)]
    color: Color,
}

fn main() {}
