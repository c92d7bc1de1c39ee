use mcp_elicit::Elicit;

type Age = u8;

#[derive(Elicit)]
struct Signup {
    #[elicit(max_length = 3)]
    age: Age,
}

fn main() {}
