use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    nickname: Option<Option<String>>,
}

fn main() {}
