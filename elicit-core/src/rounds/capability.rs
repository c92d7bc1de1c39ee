//! [`Capability`]: what a client must have declared for a request to be sent to it.

use serde_json::Value;

/// What a client must have declared for a request to be sent to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Capability {
    /// `elicitation` in form mode (`elicitation: {}` declares it too).
    ElicitationForm,
    /// `elicitation.url`: URL mode.
    ElicitationUrl,
    /// `sampling`.
    Sampling,
    /// `roots`.
    Roots,
    /// Nothing: a request any client takes.
    None,
}

impl Capability {
    /// The capability for a request of `method` with `params` (an `elicitation/create` in URL
    /// mode needs URL elicitation).
    pub fn of_request(method: &str, params: &Value) -> Capability {
        match method {
            "elicitation/create" if params.get("mode").and_then(Value::as_str) == Some("url") => {
                Capability::ElicitationUrl
            }
            "elicitation/create" => Capability::ElicitationForm,
            "sampling/createMessage" => Capability::Sampling,
            "roots/list" => Capability::Roots,
            _ => Capability::None,
        }
    }

    /// Whether `capabilities` (a client's `ClientCapabilities` as JSON) declare it.
    pub fn declared_in(self, capabilities: Option<&Value>) -> bool {
        let declared = |name: &str| capabilities.and_then(|c| c.get(name));
        match self {
            Capability::ElicitationForm => declared("elicitation")
                .is_some_and(|e| e.get("form").is_some() || e.get("url").is_none()),
            Capability::ElicitationUrl => {
                declared("elicitation").is_some_and(|e| e.get("url").is_some())
            }
            Capability::Sampling => declared("sampling").is_some(),
            Capability::Roots => declared("roots").is_some(),
            Capability::None => true,
        }
    }

    /// The `requiredCapabilities` of a `-32021` error for it.
    pub fn required(self) -> Value {
        match self {
            Capability::ElicitationForm => serde_json::json!({"elicitation": {"form": {}}}),
            Capability::ElicitationUrl => serde_json::json!({"elicitation": {"url": {}}}),
            Capability::Sampling => serde_json::json!({"sampling": {}}),
            Capability::Roots => serde_json::json!({"roots": {}}),
            Capability::None => serde_json::json!({}),
        }
    }
}
