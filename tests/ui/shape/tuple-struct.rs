use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup(String, u8);

fn main() {}
