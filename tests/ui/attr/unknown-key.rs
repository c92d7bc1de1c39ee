use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup {
    #[elicit(min_lenght = 3, colour = "red", titel = "Name")]
    name: String,
}

fn main() {}
