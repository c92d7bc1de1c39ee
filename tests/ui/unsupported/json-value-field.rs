use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    extra: serde_json::Value,
}

fn main() {}
