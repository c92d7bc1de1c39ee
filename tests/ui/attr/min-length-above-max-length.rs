use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(min_length = 10, max_length = 3)]
    name: String,
}

fn main() {}
