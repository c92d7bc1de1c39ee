use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
}

#[derive(Elicit)]
struct Form {
    palettes: Vec<Vec<Color>>,
}

fn main() {}
