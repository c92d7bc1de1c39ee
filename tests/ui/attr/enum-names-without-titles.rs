use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(enum_names)]
enum Plan {
    Free,
    Pro,
}

#[derive(Elicit)]
#[elicit(enum_names)]
struct Signup {
    plan: Plan,
}

fn main() {}
