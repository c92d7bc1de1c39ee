use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Login {
    username: String,
    password: String,
}

fn main() {}
