use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    tags: Vec<String>,
}

fn main() {}
