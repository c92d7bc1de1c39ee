use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Booking {
    nights: u32,
    #[elicit(skip, title = "Notes", max_items = 3)]
    notes: Vec<String>,
}

fn main() {}
