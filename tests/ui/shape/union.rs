use mcp_elicit::Elicit;

#[derive(Elicit)]
union Number {
    int: u32,
    float: f32,
}

fn main() {}
