use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(format = "e-mail")]
    email: String,
    #[elicit(format = "phone")]
    phone: String,
}

fn main() {}
