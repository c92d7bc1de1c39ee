use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelcase")]
struct Signup {
    first_name: String,
}

fn main() {}
