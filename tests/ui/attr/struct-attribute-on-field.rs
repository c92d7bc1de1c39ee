use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(min_length = 3)]
struct Signup {
    #[elicit(rename_all = "camelCase")]
    first_name: String,
}

fn main() {}
