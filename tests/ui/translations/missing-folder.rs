use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(translations(path = "translations/missing-folder", languages("de")))]
struct BookTable {
    #[elicit(title = "Party size")]
    party_size: u8,
}

fn main() {}
