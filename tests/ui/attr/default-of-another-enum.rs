use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
enum Size {
    Small,
    Large,
}

#[derive(Elicit)]
struct Form {
    #[elicit(default = Size::Large)]
    color: Color,
}

fn main() {}
