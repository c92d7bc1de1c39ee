use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(translations(path = "translations/empty-texts", languages("fr")))]
enum Seating {
    #[elicit(title = "By the window")]
    Window,
    #[elicit(title = "On the terrace")]
    Terrace,
}

#[derive(Elicit)]
#[elicit(
    message = "Book a table",
    translations(path = "translations/empty-texts", languages("fr"))
)]
struct BookTable {
    /// Yourself included
    #[elicit(title = "Party size")]
    party_size: u8,
    #[elicit(title = "Seating")]
    seating: Seating,
    // No description in the code: an empty one in French is still refused.
    #[elicit(title = "Name")]
    name: String,
}

fn main() {}
