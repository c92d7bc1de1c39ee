use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    #[elicit(min_items = 3)]
    colors: Vec<Color>,
}

fn main() {}
