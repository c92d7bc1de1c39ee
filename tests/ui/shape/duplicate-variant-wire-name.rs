use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    #[elicit(rename = "small")]
    Little,
    Large,
}

fn main() {}
