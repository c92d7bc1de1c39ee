use mcp_elicit::Elicit;

// Titled options, and no French.
#[derive(Elicit)]
enum Seating {
    #[elicit(title = "By the window")]
    Window,
}

// No titles: nothing to translate.
#[derive(Elicit)]
enum Size {
    Small,
    Large,
}

#[derive(Elicit)]
#[elicit(translations(path = "translations/enum-lacks-language", languages("fr")))]
struct BookTable {
    #[elicit(title = "Seating")]
    seating: Vec<Seating>,
    #[elicit(title = "Size")]
    size: Size,
}

fn main() {}
