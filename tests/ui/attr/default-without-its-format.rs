use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(format = "email", default = "nobody")]
    email: String,
    #[elicit(format = "date", default = "2023-02-29")]
    day: Option<String>,
}

fn main() {}
