//! Any bytes as the body a browser posts to a page (feature `page`), for a form of every field
//! kind and a secret: read and judged by the form's own reader, never a panic; an accepted body
//! reaches the typed form only if it keeps every rule; a refused one is the page again, rendered
//! without a panic, the secret left out of what is filled in again and out of the page.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::Elicit;
use mcp_elicit::page::SecretString;
use mcp_elicit::page::render::FormPage;
use mcp_elicit::page::submission::{self, Judged};
use mcp_elicit_fuzz::Everything;

#[derive(Elicit)]
struct Connect {
    #[elicit(flatten)]
    everything: Everything,
    #[elicit(min_length = 12)]
    api_key: SecretString,
}

fuzz_target!(|data: &[u8]| {
    let schema = Connect::requested_schema();
    let Ok(sent) = submission::read(schema, data) else {
        return;
    };
    let secret = sent
        .content
        .get("api_key")
        .and_then(|v| v.as_str())
        .map(str::to_owned);
    match sent.judge_with(schema, |content| Connect::from_content(content).map(drop)) {
        Judged::Accepted(content) => {
            let connect = Connect::from_content(&content).expect("what was accepted reads");
            assert!(
                schema.validate(&content).is_ok(),
                "the typed reader accepted what the rules refuse"
            );
            let _ = connect.everything;
        }
        Judged::Declined => {}
        Judged::Invalid { values, problems } => {
            assert!(
                !values.contains_key("api_key"),
                "a secret is never filled in again"
            );
            assert!(!problems.errors().is_empty());
            let page = FormPage::new(schema, "Connect")
                .values(&values)
                .problems(&problems)
                .render();
            // A secret long and plain enough to be told apart from the page's own words, and
            // from the other values (which are shown again, and may hold the same text).
            if let Some(secret) =
                secret.filter(|s| s.len() >= 12 && s.bytes().all(|b| b.is_ascii_alphanumeric()))
            {
                let others = serde_json::to_string(&values).unwrap() + &problems.to_string();
                if !others.contains(&secret) {
                    assert!(!page.contains(&secret), "the secret is on the page");
                }
            }
        }
    }
});
