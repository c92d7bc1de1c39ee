use mcp_elicit::Elicit;

#[derive(Debug)]
struct Coordinates {
    lat: f64,
    lon: f64,
}

#[derive(Elicit)]
struct Place {
    #[elicit(from_str)]
    at: Coordinates,
}

fn main() {}
