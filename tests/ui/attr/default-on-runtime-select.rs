use mcp_elicit::Elicit;
use mcp_elicit::choices::{Pick, Picks};

#[derive(Elicit)]
struct Deploy {
    #[elicit(default = "main")]
    branch: Pick,
    #[elicit(min_items = 1, max_items = 2)]
    reviewers: Picks,
}

fn main() {}
