use agent_client_protocol::v1::schema::{
    ClientCapabilities, ElicitationCapabilities, ElicitationFormCapabilities,
    ElicitationRequestScope, ElicitationSessionScope, ElicitationUrlCapabilities,
};
use serde_json::json;

use super::*;
use crate::rounds::{Item, ask_again};

/// A form read from JSON (as a received schema is), its answer kept as content: the schema's
/// legacy `enumNames` set the select's flag, as `#[elicit(enum_names)]` does.
#[derive(Debug)]
struct Upgrade(crate::Content);

impl crate::Elicit for Upgrade {
    fn requested_schema() -> &'static crate::RequestedSchema {
        static SCHEMA: std::sync::OnceLock<crate::RequestedSchema> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| {
            serde_json::from_value(json!({
                "type": "object",
                "properties": {
                    "zebra": {"type": "string"},
                    "plan": {"type": "string", "enum": ["Free", "Pro"], "enumNames": ["Free plan", "Pro plan"]},
                    "extras": {"type": "array", "minItems": 1, "items": {"anyOf": [
                        {"const": "Backups", "title": "Backups"},
                        {"const": "Support", "title": "Support"}
                    ]}}
                },
                "required": ["zebra", "plan", "extras"]
            }))
            .unwrap()
        })
    }

    fn message() -> &'static str {
        "Pick a plan"
    }

    fn from_content(content: &crate::Content) -> Result<Self, ContentError> {
        Self::requested_schema().validate(content)?;
        Ok(Upgrade(content.clone()))
    }

    fn to_content(&self) -> crate::Content {
        self.0.clone()
    }
}

#[test]
fn the_request_keeps_declaration_order_and_writes_titles_as_one_of() {
    let request = ElicitationRequest::of::<Upgrade>(
        ElicitationSessionScope::new("s1").tool_call_id("call-7"),
    )
    .unwrap();
    // Compared as text: the order of every key is part of the request.
    assert_eq!(
        serde_json::to_string(request.params()).unwrap(),
        json!({
            "sessionId": "s1",
            "toolCallId": "call-7",
            "mode": "form",
            "message": "Pick a plan",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "zebra": {"type": "string"},
                    "plan": {"type": "string", "oneOf": [
                        {"const": "Free", "title": "Free plan"},
                        {"const": "Pro", "title": "Pro plan"}
                    ]},
                    "extras": {"type": "array", "minItems": 1, "items": {"anyOf": [
                        {"const": "Backups", "title": "Backups"},
                        {"const": "Support", "title": "Support"}
                    ]}}
                },
                "required": ["zebra", "plan", "extras"]
            }
        })
        .to_string()
    );
    // MCP keeps `enumNames` for this select, as it came.
    let mcp = Upgrade::requested_schema()
        .to_value_for(crate::ProtocolVersion::V2025_11_25)
        .unwrap();
    assert!(mcp["properties"]["plan"].get("enumNames").is_some());
}

#[test]
fn the_official_crate_reads_the_request() {
    let request = ElicitationRequest::of::<Upgrade>(ElicitationRequestScope::new(7)).unwrap();
    let untyped = request.to_untyped_message().unwrap();
    assert_eq!(untyped.method, "elicitation/create");
    let typed: agent_client_protocol::v1::schema::CreateElicitationRequest =
        serde_json::from_value(untyped.params).unwrap();
    assert_eq!(typed.message, "Pick a plan");
    assert!(matches!(typed.scope(), ElicitationScope::Request(_)));
    let parsed = ElicitationRequest::parse_message("elicitation/create", request.params()).unwrap();
    assert_eq!(parsed.params(), request.params());
    assert!(ElicitationRequest::parse_message("session/prompt", request.params()).is_err());
    assert!(ElicitationRequest::matches_method("elicitation/create"));
}

#[test]
fn meta_travels() {
    let asking = Ask::<Upgrade>::new().meta(json!({"app": {"id": 3}}).as_object().unwrap().clone());
    let item = asking.item().unwrap();
    let request = ElicitationRequest::form(
        &item.form_request(None),
        &ElicitationSessionScope::new("s").into(),
        item.meta(),
    )
    .unwrap();
    assert_eq!(request.params()["_meta"], json!({"app": {"id": 3}}));
}

#[test]
fn capabilities_are_read_as_acp_defines_them() {
    let none = ClientCapabilities::new();
    assert!(!supports_form(&none) && !supports_url(&none));
    // `{}` under `elicitation` advertises no mode (unlike MCP).
    let empty: ClientCapabilities = serde_json::from_value(json!({"elicitation": {}})).unwrap();
    assert!(!supports_form(&empty) && !supports_url(&empty));
    let nulls: ClientCapabilities =
        serde_json::from_value(json!({"elicitation": {"form": null, "url": null}})).unwrap();
    assert!(!supports_form(&nulls));
    let form = ClientCapabilities::new()
        .elicitation(ElicitationCapabilities::new().form(ElicitationFormCapabilities::new()));
    assert!(supports_form(&form) && !supports_url(&form));
    let url = ClientCapabilities::new()
        .elicitation(ElicitationCapabilities::new().url(ElicitationUrlCapabilities::new()));
    assert!(!supports_form(&url) && supports_url(&url));
}

#[test]
fn answers_are_judged_by_the_shared_form_item() {
    let mut item = Ask::<Upgrade>::new().rounds(2).item().unwrap();
    // The wrong shape is malformed, in ACP's words.
    let error = ElicitError::from(item.judge(&json!({"action": "maybe"})).unwrap_err());
    assert_eq!(
        error.to_string(),
        "the client's answer to `elicitation/create` is malformed: unknown `action` \"maybe\": expected \"accept\", \"decline\" or \"cancel\""
    );
    // An answer breaking the rules is asked again, prefilled, naming the problem.
    let again = item
        .judge(
            &json!({"action": "accept", "content": {"zebra": "z", "plan": "Gold", "extras": []}}),
        )
        .unwrap()
        .unwrap();
    let retry = ask_again(&item, 1, again).unwrap();
    let request = ElicitationRequest::form(
        &item.form_request(Some(&retry)),
        &ElicitationSessionScope::new("s").into(),
        None,
    )
    .unwrap();
    let params = request.params();
    assert_eq!(
        params["message"],
        "Pick a plan\n\nPlease correct these:\n- plan: must be one of \"Free\", \"Pro\", got \"Gold\"\n- extras: must have at least 1 option chosen, got 0"
    );
    assert_eq!(
        params["requestedSchema"]["properties"]["zebra"]["default"],
        "z"
    );
    // The last allowed answer still invalid: typed, with its problems.
    let again = item
        .judge(&json!({"action": "accept", "content": {"zebra": "z", "plan": "Gold", "extras": ["Backups"]}}))
        .unwrap()
        .unwrap();
    let error = ElicitError::from(ask_again(&item, 2, again).unwrap_err());
    assert!(matches!(error, ElicitError::StillInvalid { rounds: 2, .. }));
    assert_eq!(
        error.to_string(),
        "the form \"Pick a plan\" was asked 2 times, and the last answer still breaks its rules:\n`plan`: must be one of \"Free\", \"Pro\", got \"Gold\""
    );
    // A valid answer settles it.
    assert!(
        item.judge(&json!({"action": "accept", "content": {"zebra": "z", "plan": "Pro", "extras": ["Support"]}}))
            .unwrap()
            .is_none()
    );
    let Some(Elicitation::Accepted(upgrade)) = item.take() else {
        panic!("accepted")
    };
    assert_eq!(upgrade.0["extras"], json!(["Support"]));
    assert!(matches!(
        item.judge(&json!({"action": "decline"})),
        Ok(None)
    ));
    assert!(matches!(item.take(), Some(Elicitation::Declined)));
}
