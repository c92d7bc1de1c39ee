use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(translations(path = "translations/syntax-error", languages("fr")))]
struct BookTable {
    #[elicit(title = "Party size")]
    party_size: u8,
}

fn main() {}
