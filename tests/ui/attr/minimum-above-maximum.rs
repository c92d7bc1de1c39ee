use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(minimum = 65535, maximum = 1024)]
    port: u16,
}

fn main() {}
