use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Address {
    street: String,
}

#[derive(Elicit)]
struct Signup {
    name: String,
    address: Address,
}

fn main() {}
