//! Quickstart: a sign-up form written as a Rust struct, and the `requestedSchema` it becomes.
//!
//! Run it with `cargo run --example quickstart`.

use std::collections::BTreeSet;

use mcp_elicit::Elicit;

/// A single choice: a Rust enum. With titles, the client shows the titles and sends the values.
#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free: one project")]
    Free,
    #[elicit(title = "Pro: unlimited projects")]
    Pro,
    #[elicit(title = "Team: shared projects and billing")]
    Team,
}

/// Several choices: a set (or `Vec`) of a Rust enum.
#[derive(Elicit, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
}

/// What a new user tells us. Each field is one entry of the form, in this order.
#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)] // read once the client answers; this example only prints the schema
struct Signup {
    /// How other users will see you
    #[elicit(title = "Display name", min_length = 3, max_length = 30)]
    display_name: String,

    /// We send the confirmation link here
    #[elicit(title = "E-mail", format = "email")]
    email: String,

    /// You must be 13 or older to sign up
    #[elicit(minimum = 13)]
    age: u8,

    #[elicit(title = "Birthday", format = "date")]
    birthday: Option<String>,

    #[elicit(title = "Your website", format = "uri")]
    homepage: Option<String>,

    /// Roughly how many hours a week you will spend with us
    #[elicit(minimum = 0, maximum = 168, default = 2.5)]
    weekly_hours: f32,

    /// Pick a plan; you can change it later
    #[elicit(default = Plan::Free)]
    plan: Plan,

    /// What we may write to you about
    #[elicit(title = "Topics", max_items = 2, default = [Topic::Releases])]
    topics: BTreeSet<Topic>,

    #[elicit(title = "Send me the monthly newsletter", default = false)]
    newsletter: bool,
}

fn main() {
    // Built at compile time: this is a reference to a `static`, nothing is allocated.
    let schema = Signup::requested_schema();
    let json = serde_json::to_string_pretty(schema).expect("a schema always serializes");
    println!("{json}");
}
