//! The rmcp integration's model side (feature `rmcp`): every schema survives rmcp's model byte
//! for byte, in order, on every version; the 2026-07-28 helpers build and read what the
//! specification says.

use std::collections::BTreeSet;

use mcp_elicit::rmcp::{ElicitError, elicitation_schema, read_result};
use mcp_elicit::rounds::{Ask, Exchange, Incoming, Round, StateKeys};
use mcp_elicit::{Elicit, Elicitation, ProtocolVersion};
use rmcp::model::{ElicitResult, ElicitationAction, InputRequiredResult};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Plain {
    A,
    B,
}

#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Titled {
    #[elicit(title = "Option A")]
    A,
    B,
}

/// Every kind of property, with names that sort otherwise than they are declared.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(message = "Everything")]
struct Everything {
    /// Text
    #[elicit(
        title = "Z",
        min_length = 1,
        max_length = 9,
        format = "email",
        default = "a@b.co"
    )]
    zulu: String,
    #[elicit(minimum = 1, maximum = 9, default = 5)]
    yankee: u8,
    #[elicit(minimum = -0.5, default = 0.25)]
    xray: f64,
    #[elicit(default = true)]
    whiskey: bool,
    #[elicit(default = Plain::B)]
    victor: Plain,
    #[elicit(default = Titled::A)]
    uniform: Option<Titled>,
    #[elicit(min_items = 1, max_items = 2, default = [Plain::A])]
    tango: BTreeSet<Plain>,
    #[elicit(default = [Titled::B])]
    sierra: Vec<Titled>,
}

#[derive(Elicit, Debug, PartialEq)]
struct Singles {
    #[elicit(default = Titled::B)]
    titled: Titled,
    plain: Option<Plain>,
    #[elicit(default = 3)]
    count: u32,
}

#[test]
fn schemas_survive_rmcps_model_unchanged_and_in_order() {
    for (schema, versions) in [
        (
            Everything::requested_schema(),
            &[ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28][..],
        ),
        (Singles::requested_schema(), &ProtocolVersion::ALL[..]),
    ] {
        for &version in versions {
            let ours = serde_json::to_string(&schema.to_value_for(version).unwrap()).unwrap();
            let theirs = elicitation_schema(schema, version).unwrap();
            assert_eq!(serde_json::to_string(&theirs).unwrap(), ours, "{version}");
        }
    }
}

#[test]
fn a_form_a_version_cannot_say_is_refused_before_rmcp() {
    let err = elicitation_schema(Everything::requested_schema(), ProtocolVersion::V2025_06_18)
        .unwrap_err();
    assert!(matches!(err, ElicitError::Unrepresentable(_)), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("field `tango` is a multi-select"),
        "{err}"
    );
}

#[test]
fn answers_from_rmcps_result() {
    let accepted = ElicitResult::new(ElicitationAction::Accept)
        .with_content(json!({"titled": "A", "plain": "B"}));
    assert_eq!(
        read_result::<Singles>(&accepted),
        Ok(Elicitation::Accepted(Singles {
            titled: Titled::A,
            plain: Some(Plain::B),
            count: 3
        }))
    );
    assert_eq!(
        read_result::<Singles>(&ElicitResult::new(ElicitationAction::Decline)),
        Ok(Elicitation::Declined)
    );
    assert_eq!(
        read_result::<Singles>(&ElicitResult::new(ElicitationAction::Cancel)),
        Ok(Elicitation::Cancelled)
    );
    let bad = ElicitResult::new(ElicitationAction::Accept).with_content(json!({"plain": "C"}));
    let err = read_result::<Singles>(&bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`plain`: must be one of \"A\", \"B\", got \"C\""
    );
}

#[test]
fn a_round_asks_under_the_key_in_rmcps_model_and_reads_the_answer_there() {
    let keys = StateKeys::random().unwrap();
    let capabilities = json!({"elicitation": {}});
    let mut meta = serde_json::Map::new();
    meta.insert("ui".into(), json!({"resourceUri": "ui://forms/prefs"}));
    let ask = Ask::<Singles>::new()
        .key("prefs")
        .message("Your preferences")
        .meta(meta);
    let incoming = Incoming::new("tools/call", "prefs").capabilities(Some(&capabilities));
    let mut exchange = Exchange::open(&keys, incoming).unwrap();
    let mut form = ask.item().unwrap();
    assert_eq!(
        exchange.round(&mut [&mut form]).unwrap(),
        Round::InputRequired
    );
    let value = exchange.input_required().unwrap();
    // rmcp's model reads it, and writes it back as it was.
    let result: InputRequiredResult = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&result).unwrap(), value);
    assert_eq!(value["resultType"], "input_required");
    let request = &value["inputRequests"]["prefs"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["message"], "Your preferences");
    // `_meta` passed through, and kept by rmcp's model (SEP-3118's app-rendered forms).
    assert_eq!(
        request["params"]["_meta"],
        json!({"ui": {"resourceUri": "ui://forms/prefs"}})
    );
    assert_eq!(
        request["params"]["requestedSchema"],
        serde_json::to_value(Singles::requested_schema()).unwrap()
    );

    let responses = json!({
        "prefs": {"action": "accept", "content": {"titled": "B"}},
        "unrelated": 1,
    });
    let incoming = Incoming::new("tools/call", "prefs")
        .capabilities(Some(&capabilities))
        .input_responses(Some(&responses))
        .request_state(value["requestState"].as_str());
    let mut exchange = Exchange::open(&keys, incoming).unwrap();
    let mut form = ask.item().unwrap();
    assert_eq!(exchange.round(&mut [&mut form]).unwrap(), Round::Settled);
    assert_eq!(
        form.take(),
        Some(Elicitation::Accepted(Singles {
            titled: Titled::B,
            plain: None,
            count: 3
        }))
    );
}
