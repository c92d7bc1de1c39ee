//! Quickstart: a sign-up form written as a Rust struct, and the `requestedSchema` it becomes.
//!
//! Run it with `cargo run --example quickstart`.

use mcp_elicit::Elicit;

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

    #[elicit(title = "Send me the monthly newsletter", default = false)]
    newsletter: bool,
}

fn main() {
    // Built at compile time: this is a reference to a `static`, nothing is allocated.
    let schema = Signup::requested_schema();
    let json = serde_json::to_string_pretty(schema).expect("a schema always serializes");
    println!("{json}");
}
