use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(title = 3, min_length = "3", minimum = "1", max_length = -1)]
    name: String,
    #[elicit(description)]
    age: u8,
}

fn main() {}
