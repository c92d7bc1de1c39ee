use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(
    language = "english",
    translations(path = "translations/unknown-language", languages("zz", "en_US", "fr", "fr", "zh-hans"))
)]
struct BookTable {
    party_size: u8,
}

#[derive(Elicit)]
#[elicit(language = "fr", translations(path = "translations/unknown-language", languages("fr")))]
enum Seating {
    Window,
}

fn main() {}
