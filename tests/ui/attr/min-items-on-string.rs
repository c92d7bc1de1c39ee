use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(min_items = 1)]
    tags: String,
}

fn main() {}
