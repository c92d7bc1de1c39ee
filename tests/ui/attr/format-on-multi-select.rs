use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    #[elicit(format = "email", minimum = 1)]
    colors: Vec<Color>,
}

fn main() {}
