use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    #[elicit(default = [Color::Red, Color::Green, Color::Red])]
    colors: Vec<Color>,
}

fn main() {}
