use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(title = "Plan")]
enum Plan {
    #[elicit(description = "No cost")]
    Free,
    #[elicit(titel = "Professional")]
    Pro,
    #[elicit(title = "")]
    Team,
}

fn main() {}
