use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Contact {
    email: String,
}

#[derive(Elicit)]
struct Signup {
    #[elicit(flatten, title = "Contact", default = "a@b.c")]
    contact: Contact,
}

fn main() {}
