//! Secret fields (`secrecy::SecretString`, feature `page`): read like text, judged by the same
//! rules, never shown (in `Debug`, in a problem, in an answer written back), and a form holding
//! one is a page-only form: no protocol version writes it for a client, and asking it in form
//! mode does not build (tests/ui-rmcp).

use mcp_elicit::Unrepresentable;
use mcp_elicit::schema::PropertySchema;
use mcp_elicit::{Elicit, Elicitation, ProtocolVersion};
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;

#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Region {
    #[elicit(title = "Europe")]
    Eu,
    #[elicit(title = "United States")]
    Us,
}

/// What `connect_service` asks through its page.
#[derive(Elicit, Debug)]
#[elicit(message = "Connect your account")]
struct Connect {
    #[elicit(min_length = 2, max_length = 40)]
    label: String,
    #[elicit(min_length = 20, pattern = "^sk-[a-z0-9-]+$")]
    api_key: SecretString,
    region: Region,
    backup_key: Option<SecretString>,
}

/// A form without a secret, and one that brings a secret in through `flatten`.
#[derive(Elicit, Debug)]
struct Label {
    label: String,
}

#[derive(Elicit, Debug)]
struct Credentials {
    password: SecretString,
}

#[derive(Elicit, Debug)]
struct SignIn {
    user: String,
    #[elicit(flatten)]
    credentials: Credentials,
}

const KEY: &str = "sk-live-0123456789abcdef";

#[test]
fn a_secret_is_read_and_judged_like_text_and_never_written_back() {
    let answer =
        json!({"action": "accept", "content": {"label": "Work", "api_key": KEY, "region": "eu"}});
    let Elicitation::Accepted(connect) = Elicitation::<Connect>::from_result(&answer).unwrap()
    else {
        panic!("accepted")
    };
    assert_eq!(connect.api_key.expose_secret(), KEY);
    assert!(connect.backup_key.is_none());
    // Never in `Debug`, never in the content written back.
    assert!(!format!("{connect:?}").contains(KEY), "{connect:?}");
    let written = connect.to_content();
    assert_eq!(
        serde_json::Value::Object(written),
        json!({"label": "Work", "region": "eu"})
    );
}

#[test]
fn a_secret_that_breaks_its_rules_is_named_never_quoted() {
    let short = json!({"label": "Work", "api_key": "sk-short", "region": "eu"});
    let problems = Connect::from_content(short.as_object().unwrap()).unwrap_err();
    assert_eq!(
        problems.to_string(),
        "`api_key`: must be at least 20 characters long, got 8"
    );
    let wrong = json!({"label": "Work", "api_key": "SK_LIVE_0123456789ABCDEF", "region": "eu"});
    let problems = Connect::from_content(wrong.as_object().unwrap()).unwrap_err();
    assert_eq!(
        problems.to_string(),
        "`api_key`: must match the pattern `^sk-[a-z0-9-]+$`"
    );
    assert!(!problems.to_string().contains("SK_LIVE"));
    // Text of another kind: its JSON type is named.
    let number =
        json!({"label": "Work", "api_key": 12_345_678_901_234_567_890_u64, "region": "eu"});
    let problems = Connect::from_content(number.as_object().unwrap()).unwrap_err();
    assert_eq!(
        problems.to_string(),
        "`api_key`: must be text, not a number"
    );
}

#[test]
fn a_form_with_a_secret_is_sent_to_no_client() {
    let schema = Connect::requested_schema();
    let secrets: Vec<&str> = schema
        .properties()
        .iter()
        .filter(|p| matches!(p.schema(), PropertySchema::String(s) if s.is_secret()))
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(secrets, ["api_key", "backup_key"]);
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        let error = schema.to_value_for(version).unwrap_err();
        assert!(
            matches!(&error, Unrepresentable::Secret { field } if field == "api_key"),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            "field `api_key` is a secret, which a form would send through the client: ask for this form through a page of the server's own (`mcp_elicit::page::serve::Pages::ask`)"
        );
    }
    let request = mcp_elicit::request::FormRequest::new("Connect", schema);
    assert!(request.params_for(ProtocolVersion::V2025_11_25).is_err());
}

#[test]
fn the_derive_says_which_forms_are_page_only_and_why() {
    assert_eq!(
        <Connect as Elicit>::PAGE_ONLY,
        Some(
            "`Connect` holds the secret field `api_key`, which a form would send through the client: ask for `Connect` through a page of the server's own (`mcp_elicit::page::serve::Pages::ask`), never in a form"
        )
    );
    assert_eq!(<Label as Elicit>::PAGE_ONLY, None);
    // A secret brought in by `flatten` makes the whole form page-only, with the inner form's words.
    assert_eq!(
        <SignIn as Elicit>::PAGE_ONLY,
        <Credentials as Elicit>::PAGE_ONLY
    );
    assert!(<SignIn as Elicit>::PAGE_ONLY.is_some_and(|m| m.contains("`password`")));
}
