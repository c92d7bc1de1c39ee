use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    scores: [u8; 3],
}

fn main() {}
