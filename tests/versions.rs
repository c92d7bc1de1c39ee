//! Protocol versions: the same form written as each version can say it, and the request params
//! around it.

use mcp_elicit::request::{FormRequest, UrlRequest};
use mcp_elicit::{DEFAULT_MESSAGE, Elicit, ProtocolVersion, Unrepresentable};
use serde_json::json;

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free plan")]
    Free,
    Pro,
}

#[derive(Elicit)]
enum Size {
    Small,
    Large,
}

#[derive(Elicit, PartialEq, Eq, Hash)]
enum Topic {
    News,
    Offers,
}

#[derive(Elicit)]
#[elicit(message = "Tell us about your order")]
#[allow(dead_code)]
struct Order {
    #[elicit(title = "Name", default = "Ada", min_length = 1)]
    name: String,
    #[elicit(default = 2, minimum = 1)]
    quantity: u8,
    #[elicit(default = true)]
    gift: bool,
    #[elicit(default = Plan::Pro)]
    plan: Plan,
    #[elicit(default = Size::Small)]
    size: Size,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct WithTopics {
    name: String,
    topics: std::collections::HashSet<Topic>,
}

#[test]
fn versions_parse_and_print() {
    for version in ProtocolVersion::ALL {
        assert_eq!(version.as_str().parse::<ProtocolVersion>(), Ok(version));
        assert_eq!(
            serde_json::to_value(version).unwrap(),
            json!(version.as_str())
        );
        assert_eq!(
            serde_json::from_value::<ProtocolVersion>(json!(version.as_str())).unwrap(),
            version
        );
    }
    let err = "2025-03-26".parse::<ProtocolVersion>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown MCP protocol version \"2025-03-26\": elicitation exists in 2025-06-18, 2025-11-25 and 2026-07-28"
    );
    assert_eq!(ProtocolVersion::LATEST, ProtocolVersion::V2026_07_28);
    assert!(ProtocolVersion::V2025_06_18 < ProtocolVersion::V2025_11_25);
}

#[test]
fn sep_1330_versions_write_what_requested_schema_writes() {
    let schema = Order::requested_schema();
    let plain = serde_json::to_string(schema).unwrap();
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let value = schema.to_value_for(version).unwrap();
        assert_eq!(serde_json::to_string(&value).unwrap(), plain, "{version}");
        let direct = serde_json::to_string(&schema.for_version(version).unwrap()).unwrap();
        assert_eq!(direct, plain, "{version}");
    }
}

#[test]
fn version_2025_06_18_says_titles_as_enum_names_and_defaults_on_booleans_only() {
    let old = Order::requested_schema()
        .to_value_for(ProtocolVersion::V2025_06_18)
        .unwrap();
    assert_eq!(
        serde_json::to_string(&old).unwrap(),
        serde_json::to_string(&json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "title": "Name", "minLength": 1},
                "quantity": {"type": "integer", "minimum": 1, "maximum": 255},
                "gift": {"type": "boolean", "default": true},
                "plan": {"type": "string", "enum": ["free", "pro"], "enumNames": ["Free plan", "pro"]},
                "size": {"type": "string", "enum": ["Small", "Large"]}
            }
        }))
        .unwrap()
    );
}

#[test]
fn version_2025_06_18_has_no_multi_selects() {
    let err = WithTopics::requested_schema()
        .to_value_for(ProtocolVersion::V2025_06_18)
        .unwrap_err();
    assert_eq!(
        err,
        Unrepresentable::MultiSelect {
            field: "topics".into(),
            version: ProtocolVersion::V2025_06_18
        }
    );
    assert_eq!(
        err.to_string(),
        "field `topics` is a multi-select, and protocol 2025-06-18 has none (multi-selects arrived in 2025-11-25): a client on 2025-06-18 cannot be sent this form"
    );
    assert!(
        WithTopics::requested_schema()
            .to_value_for(ProtocolVersion::V2025_11_25)
            .is_ok()
    );
}

#[test]
fn form_request_params() {
    assert_eq!(Order::message(), "Tell us about your order");
    assert_eq!(WithTopics::message(), DEFAULT_MESSAGE);
    let request = FormRequest::of::<Order>();
    let new = request.params_for(ProtocolVersion::V2025_11_25).unwrap();
    let keys: Vec<&String> = new.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["mode", "message", "requestedSchema"]);
    assert_eq!(new["mode"], "form");
    assert_eq!(new["message"], "Tell us about your order");
    assert_eq!(
        new["requestedSchema"],
        serde_json::to_value(Order::requested_schema()).unwrap()
    );
    let old = request.params_for(ProtocolVersion::V2025_06_18).unwrap();
    let keys: Vec<&String> = old.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["message", "requestedSchema"],
        "2025-06-18 has forms only, no `mode`"
    );
    let other = request.with_message("Anything else?");
    assert_eq!(
        other.params_for(ProtocolVersion::V2026_07_28).unwrap()["message"],
        "Anything else?"
    );
    assert!(
        FormRequest::of::<WithTopics>()
            .params_for(ProtocolVersion::V2025_06_18)
            .is_err()
    );
}

#[test]
fn url_request_params() {
    let request = UrlRequest::new("Add a card", "https://pay.example.com/card", "pay-7");
    assert_eq!(
        request.params_for(ProtocolVersion::V2026_07_28).unwrap(),
        json!({"mode": "url", "message": "Add a card", "url": "https://pay.example.com/card"})
    );
    assert_eq!(
        request.params_for(ProtocolVersion::V2025_11_25).unwrap()["elicitationId"],
        "pay-7"
    );
    let err = request
        .params_for(ProtocolVersion::V2025_06_18)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "protocol 2025-06-18 has no URL mode elicitation (it arrived in 2025-11-25)"
    );
}
