use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(minimum = 0.5)]
    count: u32,
}

fn main() {}
