use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    #[elicit(default = [Color::Red])]
    color: Color,
}

fn main() {}
