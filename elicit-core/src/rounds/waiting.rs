//! [`Waiting`]: a URL-mode request asked in every round, for as long as what it waits for (the
//! page's answer) is not there: the client's response only says the person agreed to open the
//! page, never what they answered on it.

use std::borrow::Cow;

use serde_json::Value;

use super::RoundError;
use super::capability::Capability;
use super::item::{Item, Retry};
use super::slot::{Slot, slot};
use crate::answer::Outcome;
use crate::version::ProtocolVersion;

/// A URL elicitation under `key`, asked again whatever the response (the handler runs the round
/// only while it waits), a malformed response refused as any item's is.
pub(crate) struct Waiting {
    slot: Slot,
    request: Value,
}

slot!(Waiting);

impl Waiting {
    /// The request `{"method": "elicitation/create", "params": params}` under `key`.
    pub(crate) fn new(key: Cow<'static, str>, params: Value) -> Self {
        Waiting {
            slot: Slot::new(key, Capability::ElicitationUrl, 1),
            request: serde_json::json!({"method": "elicitation/create", "params": params}),
        }
    }
}

impl Item for Waiting {
    fn request_for(
        &self,
        _version: ProtocolVersion,
        _retry: Option<&Retry>,
    ) -> Result<Value, RoundError> {
        Ok(self.request.clone())
    }

    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError> {
        Outcome::of_result(response).map_err(|error| RoundError::Responses {
            key: Some(self.slot.key.to_string()),
            reason: error.to_string(),
        })?;
        Ok(Some(Retry::waiting()))
    }
}
