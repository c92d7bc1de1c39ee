use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Confirm;

fn main() {}
