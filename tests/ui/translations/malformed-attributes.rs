use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(translations = "locales")]
struct NoList {
    #[elicit(ftl = "1st-field")]
    party_size: u8,
}

#[derive(Elicit)]
#[elicit(translations(path = "locales"))]
struct NoLanguages {
    party_size: u8,
}

#[derive(Elicit)]
#[elicit(translations(folder = "locales", languages("fr")))]
struct UnknownKey {
    party_size: u8,
}

#[derive(Elicit)]
#[elicit(transparent, language = "fr")]
struct Guests(u8);

fn main() {}
