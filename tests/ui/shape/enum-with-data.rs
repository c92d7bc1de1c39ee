use mcp_elicit::Elicit;

#[derive(Elicit)]
enum Plan {
    Free,
    Pro { seats: u32 },
    Custom(String),
}

fn main() {}
