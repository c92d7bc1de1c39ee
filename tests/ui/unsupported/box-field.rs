use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    name: Box<String>,
}

fn main() {}
