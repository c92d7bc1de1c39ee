use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    lucky_numbers: Option<Vec<u32>>,
}

fn main() {}
