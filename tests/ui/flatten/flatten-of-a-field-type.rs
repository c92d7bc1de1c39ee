use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(transparent)]
struct Username(String);

#[derive(Elicit)]
struct Signup {
    #[elicit(flatten)]
    name: String,
    #[elicit(flatten)]
    user: Username,
    #[elicit(flatten)]
    note: Option<String>,
}

fn main() {}
