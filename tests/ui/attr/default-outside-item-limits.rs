use mcp_elicit::Elicit;

#[derive(Elicit, PartialEq, Eq, Hash)]
enum Color {
    Red,
    Green,
    Blue,
}

#[derive(Elicit)]
struct Form {
    #[elicit(max_items = 1, default = [Color::Red, Color::Green])]
    favourites: Vec<Color>,
    #[elicit(min_items = 2, default = [Color::Blue])]
    palette: std::collections::HashSet<Color>,
}

fn main() {}
