use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Signup<T> {
    value: T,
}

fn main() {}
