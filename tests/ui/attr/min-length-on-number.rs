use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(min_length = 1)]
    age: u8,
}

fn main() {}
