use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Address {
    street: String,
}

#[derive(Elicit)]
struct Signup {
    address: Option<Address>,
}

fn main() {}
