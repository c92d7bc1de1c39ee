use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(minimum = -1)]
    age: u8,
    #[elicit(maximum = 40000)]
    offset: i16,
    #[elicit(maximum = 1e39)]
    ratio: f32,
}

fn main() {}
