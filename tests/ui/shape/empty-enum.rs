use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Never {}

fn main() {}
