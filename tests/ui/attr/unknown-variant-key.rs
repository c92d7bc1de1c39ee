use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(title = "Plan")]
enum Plan {
    #[elicit(min_length = 3)]
    Free,
    #[elicit(titel = "Professional")]
    Pro,
    #[elicit(title = "")]
    Team,
}

fn main() {}
