use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(default = "18")]
    age: u8,
    #[elicit(default = 1)]
    newsletter: bool,
    #[elicit(default = false)]
    name: String,
}

fn main() {}
