use mcp_elicit::Elicit;

// Stand-ins for the crates `chrono` and `url`, which this test package does not depend on: the
// derive knows their field types by name, and mcp-elicit is built here without its features.
mod chrono {
    pub struct NaiveDate;
}
mod url {
    pub struct Url;
}

#[derive(Elicit)]
struct Signup {
    birthday: chrono::NaiveDate,
    homepage: Option<url::Url>,
}

fn main() {}
