use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Setup {
    #[elicit(rename = "openaiApiKey")]
    key: String,
    refresh_token: Option<String>,
    card_number: u64,
}

fn main() {}
