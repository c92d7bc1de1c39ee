use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(minimum = 3)]
    name: String,
}

fn main() {}
