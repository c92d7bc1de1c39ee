use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Contact {
    email: String,
    #[elicit(rename = "phoneNumber")]
    phone: Option<String>,
}

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Address {
    street: String,
    phone_number: Option<String>,
}

#[derive(Elicit)]
struct Signup {
    #[elicit(flatten)]
    contact: Contact,
    #[elicit(flatten)]
    address: Address,
    email: String,
}

fn main() {}
