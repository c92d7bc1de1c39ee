//! Any JSON as a client's answer to an ACP `elicitation/create`, read as `acp::ask` reads it (the
//! form item shared with MCP): a typed answer, a re-ask naming problems, or a malformed-answer
//! error, never a panic; a re-ask's request is written for ACP and carries the problems.
#![no_main]

use agent_client_protocol::v1::schema::{ElicitationScope, ElicitationSessionScope};
use libfuzzer_sys::fuzz_target;
use mcp_elicit::acp::ElicitationRequest;
use mcp_elicit::request::FormRequest;
use mcp_elicit::rounds::{Ask, Item};
use mcp_elicit::Elicitation;
use mcp_elicit_fuzz::Everything;

fuzz_target!(|data: &[u8]| {
    let Ok(answer) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let Ok(mut item) = Ask::<Everything>::new().item() else {
        return;
    };
    match item.judge(&answer) {
        Ok(None) => {
            // Settled: accepted (every rule held), declined or cancelled.
            assert!(matches!(
                item.take(),
                Some(Elicitation::Accepted(_) | Elicitation::Declined | Elicitation::Cancelled)
            ));
        }
        Ok(Some(retry)) => {
            assert!(!retry.problems().errors().is_empty());
            let content = answer
                .get("content")
                .and_then(serde_json::Value::as_object)
                .cloned()
                .unwrap_or_default();
            let again = FormRequest::of::<Everything>().retry(&content, retry.problems());
            let scope: ElicitationScope = ElicitationSessionScope::new("s").into();
            let request = ElicitationRequest::form(&again, &scope, None).expect("the form is writable");
            assert!(request.params()["message"]
                .as_str()
                .is_some_and(|m| m.contains("Please correct")));
        }
        Err(error) => {
            let _ = mcp_elicit::acp::ElicitError::from(error).to_string();
        }
    }
});
