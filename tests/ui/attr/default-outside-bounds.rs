use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(minimum = 1024, default = 80)]
    port: u16,
    #[elicit(min_length = 3, default = "Al")]
    name: String,
}

fn main() {}
