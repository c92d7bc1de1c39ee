use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Repo {
    #[elicit(pattern = "^[a-z-]+$")]
    slug: String,
}

fn main() {}
