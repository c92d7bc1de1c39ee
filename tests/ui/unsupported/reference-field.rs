use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form<'a> {
    name: &'a str,
}

fn main() {}
