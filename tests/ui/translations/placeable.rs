use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(translations(path = "translations/placeable", languages("fr")))]
struct BookTable {
    /// How many people
    #[elicit(title = "Party size")]
    party_size: u8,
}

fn main() {}
