use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(title = "Name")]
    #[elicit(title = "Your name")]
    name: String,
}

fn main() {}
