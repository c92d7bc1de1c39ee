use mcp_elicit::Elicit;

struct Session {
    id: u64,
}

#[derive(Elicit)]
struct Booking {
    nights: u32,
    #[elicit(skip)]
    session: Session,
}

fn main() {}
