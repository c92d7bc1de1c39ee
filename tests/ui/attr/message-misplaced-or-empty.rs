use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(message = "Pick a color")]
enum Color {
    Red,
}

#[derive(Elicit)]
#[elicit(message = " ")]
struct Form {
    color: Color,
}

fn main() {}
