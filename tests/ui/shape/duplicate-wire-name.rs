use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Signup {
    #[elicit(rename = "emailAddress")]
    email: String,
    email_address: String,
}

fn main() {}
