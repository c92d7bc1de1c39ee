//! `#[elicit(pattern = "..")]` (feature `pattern`): checked on every answer with the `regex`
//! crate, in time linear in the text; kept in the model; never written on MCP, whose forms have
//! no `pattern` (ACP's writing is tested with the ACP examples).

use mcp_elicit::schema::PropertySchema;
use mcp_elicit::{Elicit, Elicitation, ErrorKind, ProtocolVersion, RequestedSchema};
use serde_json::json;

#[derive(Elicit, Debug)]
struct Repo {
    /// Lowercase letters, digits and dashes
    #[elicit(pattern = "^[a-z0-9-]+$", max_length = 100_000)]
    slug: String,
    #[elicit(pattern = "v[0-9]+", default = "v1")]
    tag: Option<String>,
}

#[derive(Elicit, Debug)]
struct Outer {
    #[elicit(flatten)]
    repo: Repo,
    note: String,
}

#[test]
fn answers_are_checked_against_the_pattern() {
    let ok = json!({"action": "accept", "content": {"slug": "mcp-elicit", "tag": "release-v2"}});
    let Ok(Elicitation::Accepted(repo)) = Elicitation::<Repo>::from_result(&ok) else {
        panic!("accepted")
    };
    // Not anchored unless the pattern says so: "release-v2" contains "v2".
    assert_eq!(repo.tag.as_deref(), Some("release-v2"));
    let bad = json!({"action": "accept", "content": {"slug": "MCP Elicit", "tag": "latest"}});
    let error = Elicitation::<Repo>::from_result(&bad).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`slug`: must match the pattern `^[a-z0-9-]+$`, got \"MCP Elicit\"\n`tag`: must match the pattern `v[0-9]+`, got \"latest\""
    );
    let content = bad["content"].as_object().unwrap();
    let problems = Repo::from_content(content).unwrap_err();
    assert!(matches!(
        problems.errors()[0].kind(),
        ErrorKind::PatternMismatch { pattern, .. } if pattern == "^[a-z0-9-]+$"
    ));
}

#[test]
fn the_dynamic_reader_and_flattened_forms_keep_it() {
    let content = json!({"slug": "no spaces", "note": "x"});
    let error = Outer::requested_schema()
        .validate(content.as_object().unwrap())
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "`slug`: must match the pattern `^[a-z0-9-]+$`, got \"no spaces\""
    );
    let PropertySchema::String(slug) = Outer::requested_schema().property("slug").unwrap().schema()
    else {
        panic!("text")
    };
    let pattern = slug.pattern().map(mcp_elicit::schema::Pattern::as_str);
    assert_eq!(pattern, Some("^[a-z0-9-]+$"));
}

#[test]
fn mcp_renderings_leave_it_out() {
    for version in ProtocolVersion::ALL {
        let schema = Repo::requested_schema().to_value_for(version).unwrap();
        assert!(
            schema["properties"]["slug"].get("pattern").is_none(),
            "{version}"
        );
        assert!(
            schema["properties"]["tag"].get("pattern").is_none(),
            "{version}"
        );
    }
    // A schema read back from MCP JSON has none either: MCP does not carry it.
    let json = serde_json::to_value(Repo::requested_schema()).unwrap();
    let read: RequestedSchema = serde_json::from_value(json).unwrap();
    let PropertySchema::String(slug) = read.property("slug").unwrap().schema() else {
        panic!("text")
    };
    assert!(slug.pattern().is_none());
}

#[test]
fn a_hundred_thousand_characters_are_matched_in_one_pass() {
    let long = "a".repeat(100_000);
    let ok = json!({"slug": long});
    assert!(Repo::from_content(ok.as_object().unwrap()).is_ok());
    // The classic catastrophic-backtracking shape, which the `regex` crate matches linearly.
    let almost = format!("{}!", "a".repeat(99_999));
    let bad = json!({"slug": almost});
    let error = Repo::from_content(bad.as_object().unwrap()).unwrap_err();
    assert!(matches!(
        error.errors()[0].kind(),
        ErrorKind::PatternMismatch { found, .. } if found.chars().count() == 65
    ));
}
