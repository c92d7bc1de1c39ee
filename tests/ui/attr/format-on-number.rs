use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(format = "date")]
    year: Option<i32>,
}

fn main() {}
