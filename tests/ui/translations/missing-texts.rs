use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(
    message = "Book a table",
    translations(path = "translations/missing-texts", languages("fr"))
)]
struct BookTable {
    /// Yourself included
    #[elicit(title = "Party size", minimum = 1)]
    party_size: u8,
    #[elicit(title = "Name")]
    name: String,
    // No title or description in the code: none needed in French.
    notes: Option<String>,
}

fn main() {}
