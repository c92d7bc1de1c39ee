use mcp_elicit::Elicit;

type Age = u8;

#[derive(Elicit)]
struct Signup {
    #[elicit(minimum = -1)]
    age: Age,
}

fn main() {}
