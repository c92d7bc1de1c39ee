use mcp_elicit::Elicit;

type Port = u16;

#[derive(Elicit)]
struct Server {
    #[elicit(pattern = "^[0-9]+$")]
    port: u16,
    #[elicit(pattern = "^[0-9]+$")]
    aliased: Port,
}

fn main() {}
