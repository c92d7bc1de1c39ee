use mcp_elicit::Elicit;

// The variants of an enum are the options of a select once the enum derives `Elicit`.
enum Plan {
    Free,
    Pro,
}

#[derive(Elicit)]
struct Signup {
    plan: Plan,
    backup_plan: Option<Plan>,
}

fn main() {}
