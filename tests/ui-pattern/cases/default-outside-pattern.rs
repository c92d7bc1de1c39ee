use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Repo {
    #[elicit(pattern = "^[a-z-]+$", default = "My Repo")]
    slug: String,
}

fn main() {}
