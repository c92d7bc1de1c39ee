//! Quickstart: a sign-up form written as a Rust struct, and the `requestedSchema` it becomes.
//!
//! Run it with `cargo run --example quickstart`. The README shows the types and what this prints;
//! a test (`tests/integration/readme.rs`) keeps the two the same.

use std::collections::BTreeSet;

use mcp_elicit::{Elicit, Elicitation};
use serde_json::json;

/// A single choice: the client shows the titles and sends back the values.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free: one project")]
    Free,
    #[elicit(title = "Pro: unlimited projects")]
    Pro,
}

/// Several choices: a set (or a `Vec`) of an enum.
#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
}

/// What a new user tells us. Each field is one entry of the form, in this order.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
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

    #[elicit(default = Plan::Free)]
    plan: Plan,

    #[elicit(title = "Write to me about", max_items = 2)]
    topics: Option<BTreeSet<Topic>>,
}

fn main() {
    // 1. The form. Built at compile time: this is a reference to a `static`, nothing is allocated.
    let schema = Signup::requested_schema();
    let json = serde_json::to_string_pretty(schema).expect("a schema always serializes");
    println!("requestedSchema:\n{json}\n");

    // 2. The client's answer, as an `ElicitResult`: parsed into `Signup`, every constraint checked.
    let answer = json!({
        "action": "accept",
        "content": {
            "displayName": "Ada",
            "email": "ada@example.com",
            "age": 36,
            "topics": ["security-notices", "releases"]
        }
    });
    match Elicitation::<Signup>::from_result(&answer) {
        Ok(Elicitation::Accepted(signup)) => {
            println!(
                "accepted: {} <{}>, {}, the {:?} plan (the default), topics {:?}\n",
                signup.display_name, signup.email, signup.age, signup.plan, signup.topics
            );
        }
        Ok(Elicitation::Declined) => println!("the user declined\n"),
        Ok(Elicitation::Cancelled) => println!("the user dismissed the form\n"),
        Err(err) => println!("a bad answer:\n{err}\n"),
    }

    // 3. A bad answer: every problem is reported, each naming its field, in words a person can
    //    read (send them back with the next request, say).
    let bad = json!({
        "action": "accept",
        "content": {
            "displayName": "Al",
            "email": "al-at-example.com",
            "age": 12,
            "plan": "gold",
            "topics": ["releases", "releases", "security-notices"]
        }
    });
    if let Err(err) = Elicitation::<Signup>::from_result(&bad) {
        println!("refused:\n{err}");
    }
}
