use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(title = "")]
    name: String,
}

fn main() {}
