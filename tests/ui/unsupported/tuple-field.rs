use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Form {
    location: (f64, f64),
}

fn main() {}
