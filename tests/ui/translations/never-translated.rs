use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(translations(path = "translations/never-translated", languages("fr")))]
enum Seating {
    #[elicit(title = "By the window")]
    Window,
}

#[derive(Elicit)]
#[elicit(translations(path = "translations/never-translated", languages("fr")))]
struct BookTable {
    #[elicit(title = "Party size", minimum = 1)]
    party_size: u8,
    #[elicit(title = "Email", format = "email")]
    email: String,
    seating: Seating,
}

fn main() {}
