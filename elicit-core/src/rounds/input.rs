//! [`Input`]: any other request of a round than a form (`roots/list`, `sampling/createMessage`,
//! one the server builds), its response handed back raw or read into a type.

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::RoundError;
use super::capability::Capability;
use super::item::{Item, Retry, kind};
use super::slot::{Slot, slot};
use crate::version::ProtocolVersion;

/// Any other request in a round (`sampling/createMessage`, `roots/list`, or one the server
/// builds itself), its response handed back raw (`Input`, that is `Input<Value>`) or read into a
/// type of your framework's model ([`Input::typed`]; with the feature `rmcp`,
/// `Input::roots` and `Input::sampling` read rmcp's own `ListRootsResult` and
/// `CreateMessageResult`).
///
/// ```
/// use mcp_elicit::rounds::Input;
/// use serde_json::json;
///
/// let roots = Input::new("client_roots", "roots/list", json!({}));
/// let question = Input::new(
///     "capital",
///     "sampling/createMessage",
///     json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Capital of France?"}}], "maxTokens": 100}),
/// );
/// # let _ = (roots, question);
/// ```
#[derive(Clone, Debug)]
pub struct Input<R = Value> {
    slot: Slot,
    method: Cow<'static, str>,
    params: Value,
    response: Option<R>,
}

slot!(Input<R>);

impl Input {
    /// A `method` request with `params`, under `key`, its response handed back raw; the
    /// capability it needs follows from them ([`Capability::of_request`]).
    pub fn new(
        key: impl Into<Cow<'static, str>>,
        method: impl Into<Cow<'static, str>>,
        params: Value,
    ) -> Self {
        Input::typed(key, method, params)
    }
}

impl<R: DeserializeOwned> Input<R> {
    /// A `method` request with `params`, under `key`, its response read into `R` (a type of your
    /// framework's model, or your own); the capability it needs follows from them
    /// ([`Capability::of_request`]). A response that does not read as `R` is the protocol's
    /// error ([`RoundError::Responses`] on 2026-07-28, [`RoundError::Answer`] for the result of
    /// a request sent before), naming the key, the method and what is wrong; never a panic.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// use mcp_elicit::rounds::{Input, Item};
    /// use serde_json::{Value, json};
    ///
    /// // Any `Deserialize` type; rmcp's own with `Input::roots`.
    /// type Roots = BTreeMap<String, Vec<Value>>;
    ///
    /// let mut roots = Input::<Roots>::typed("roots", "roots/list", json!({}));
    /// let error = roots.judge(&json!({"roots": "all"})).unwrap_err();
    /// assert!(error.to_string().contains("the response to `roots/list` does not read as"), "{error}");
    /// roots.judge(&json!({"roots": [{"uri": "file:///work"}]})).unwrap();
    /// assert_eq!(roots.take().unwrap()["roots"].len(), 1);
    /// ```
    pub fn typed(
        key: impl Into<Cow<'static, str>>,
        method: impl Into<Cow<'static, str>>,
        params: Value,
    ) -> Self {
        let method = method.into();
        let capability = Capability::of_request(&method, &params);
        Input {
            // Asked once: a response is not judged against rules, so never asked again.
            slot: Slot::new(key.into(), capability, 1),
            method,
            params,
            response: None,
        }
    }

    /// The response, once a round has one: `None` before, or if the client could not be asked.
    pub fn take(&mut self) -> Option<R> {
        self.response.take()
    }

    /// Whether the round left it out, the client not having declared its capability.
    pub fn is_unavailable(&self) -> bool {
        self.slot.is_unavailable()
    }

    /// Its method.
    pub fn method(&self) -> &str {
        &self.method
    }

    /// Its params.
    pub fn params(&self) -> &Value {
        &self.params
    }
}

impl<R: DeserializeOwned + Send> Item for Input<R> {
    fn request_for(
        &self,
        _version: ProtocolVersion,
        _retry: Option<&Retry>,
    ) -> Result<Value, RoundError> {
        Ok(serde_json::json!({"method": self.method, "params": self.params}))
    }

    fn judge(&mut self, response: &Value) -> Result<Option<Retry>, RoundError> {
        let malformed = |reason: String| RoundError::Responses {
            key: Some(self.key().to_owned()),
            reason,
        };
        if !response.is_object() {
            return Err(malformed(format!(
                "a response is an object, not {}",
                kind(response)
            )));
        }
        let read = R::deserialize(response).map_err(|error| {
            malformed(format!(
                "the response to `{}` does not read as `{}`: {error}",
                self.method,
                std::any::type_name::<R>()
            ))
        })?;
        self.response = Some(read);
        Ok(None)
    }
}
