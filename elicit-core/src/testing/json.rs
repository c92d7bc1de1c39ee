//! [`JsonClient`]: the client of 2026-07-28 on plain JSON, for a handler written on another
//! framework with [`rounds`](crate::rounds): the same scripted person, the rounds driven.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::rmcp::model::{ErrorCode, ErrorData, ProtocolVersion};
use serde_json::{Map, Value};

#[cfg(feature = "page")]
use super::Browser;
use super::Profile;
use super::answering::{PersonClient, Settings};
use super::called::{CONTENT_LANGUAGE, Called, Outcome};
use super::error::TestError;
use super::person::Person;
use super::run::{Run, lock};
use super::shown::Shown;
use crate::lang::{ACCEPT_LANGUAGE, Preference};

/// A 2026-07-28 client on plain JSON: it calls your handler with a request's params, answers
/// each form of an `InputRequiredResult` as the [`Person`] says, and calls again with the
/// `inputResponses` and the `requestState`, until the result is complete.
///
/// ```
/// use mcp_elicit::rounds::{Ask, Exchange, Incoming, Round, StateKeys};
/// use mcp_elicit::testing::{JsonClient, Person};
/// use mcp_elicit::{Elicit, Elicitation};
/// use serde_json::{json, Value};
///
/// #[derive(Elicit)]
/// #[elicit(message = "Your name?")]
/// struct Name {
///     name: String,
/// }
///
/// /// `tools/call` of `greet`, as another framework hands its params over.
/// fn greet(keys: &StateKeys, params: &Value) -> Result<Value, Value> {
///     let error = |e: mcp_elicit::rounds::RoundError| json!({"code": e.code(), "message": e.to_string()});
///     let capabilities = json!({"elicitation": {}});
///     let incoming = Incoming::new("tools/call", "greet")
///         .input_responses(params.get("inputResponses"))
///         .request_state(params.get("requestState").and_then(Value::as_str))
///         .capabilities(Some(&capabilities));
///     let mut exchange = Exchange::open(keys, incoming).map_err(error)?;
///     let mut name = Ask::<Name>::new().key("name").item().unwrap();
///     if let Round::InputRequired = exchange.round(&mut [&mut name]).map_err(error)? {
///         return exchange.input_required().map_err(error);
///     }
///     let text = match name.take() {
///         Some(Elicitation::Accepted(name)) => format!("Hello, {}!", name.name),
///         _ => "Hello, stranger!".to_owned(),
///     };
///     Ok(json!({"content": [{"type": "text", "text": text}]}))
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), mcp_elicit::testing::TestError> {
/// let keys = StateKeys::random().unwrap();
/// let client = JsonClient::new();
/// let person = Person::new().answer(json!({"name": "Ada"}));
/// let called = client
///     .call(json!({"name": "greet"}), person, |params| std::future::ready(greet(&keys, &params)))
///     .await?;
/// assert_eq!(called.text(), "Hello, Ada!");
/// assert_eq!(called.forms()[0].message, "Your name?");
/// # Ok(())
/// # }
/// ```
pub struct JsonClient {
    settings: Settings,
}

impl Default for JsonClient {
    fn default() -> Self {
        JsonClient::new()
    }
}

impl JsonClient {
    /// A client with no language preference, each call given 30 seconds and at most 32 requests
    /// to the person.
    pub fn new() -> Self {
        JsonClient {
            settings: Settings::default(),
        }
    }

    /// The person's language preference, sent as the params' `_meta` `acceptLanguage`.
    #[must_use]
    pub fn language(mut self, preference: &str) -> Self {
        self.settings.preference = Some(Preference::parse(preference));
        self
    }

    /// The person opens URL-mode pages in `browser`.
    #[cfg(feature = "page")]
    #[must_use]
    pub fn browser(mut self, browser: Browser) -> Self {
        self.settings.browser = Some(browser);
        self
    }

    /// A call that has not ended within `timeout` ends with [`TestError::TimedOut`].
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.settings.timeout = timeout;
        self
    }

    /// A call that asks the person more than `max_asks` times ends with
    /// [`TestError::AskedForever`].
    #[must_use]
    pub fn max_asks(mut self, max_asks: usize) -> Self {
        self.settings.max_asks = max_asks;
        self
    }

    /// Calls `handler` with `params` (a `tools/call`'s `{"name", "arguments"}`, or any
    /// request's params), the person doing what `person` says, until its result is complete.
    /// `handler` gives the result, or the JSON-RPC error object (`{"code", "message"}`).
    ///
    /// # Errors
    ///
    /// As [`Session::call`](super::Session::call); a request of the round other than a form
    /// (`roots/list`, `sampling/createMessage`) is [`TestError::Unfillable`].
    pub async fn call<F, Fut>(
        &self,
        params: Value,
        person: Person,
        mut handler: F,
    ) -> Result<Called<Value>, TestError>
    where
        F: FnMut(Value) -> Fut,
        Fut: Future<Output = Result<Value, Value>>,
    {
        let run = Arc::new(Mutex::new(Run::new(person.steps)));
        let client = PersonClient {
            version: ProtocolVersion::V_2026_07_28,
            profile: Profile::Both,
            run: Arc::clone(&run),
            settings: self.settings.clone(),
        };
        let mut params = match params {
            Value::Object(params) => params,
            other => {
                return Err(TestError::Unfillable {
                    shown: "the call".to_owned(),
                    why: format!("its params are a JSON object, not {other}"),
                });
            }
        };
        if let Some(preference) = self.settings.preference.as_ref().filter(|p| !p.is_empty()) {
            let meta = params
                .entry("_meta")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(meta) = meta {
                meta.insert(ACCEPT_LANGUAGE.into(), preference.to_header().into());
            }
        }
        let rounds = async {
            loop {
                let result = handler(Value::Object(params.clone()))
                    .await
                    .map_err(|error| TestError::Server(error_data(&error)))?;
                if result.get("resultType").and_then(Value::as_str) != Some("input_required") {
                    return lock(&run).end(result);
                }
                let requests = result.get("inputRequests").and_then(Value::as_object);
                let mut responses = Map::new();
                for (key, request) in requests.into_iter().flatten() {
                    let method = request.get("method").and_then(Value::as_str);
                    if method != Some("elicitation/create") {
                        return Err(TestError::Unfillable {
                            shown: format!("the request {key} ({})", method.unwrap_or("?")),
                            why: "the test person answers forms only".to_owned(),
                        });
                    }
                    let asked = request.get("params").cloned().unwrap_or(Value::Null);
                    let answer = client.answer(asked).await;
                    if let Some(failure) = lock(&run).failure.take() {
                        return Err(failure);
                    }
                    responses.insert(
                        key.clone(),
                        serde_json::to_value(answer).unwrap_or_default(),
                    );
                }
                params.insert("inputResponses".into(), Value::Object(responses));
                match result.get("requestState") {
                    Some(state) => params.insert("requestState".into(), state.clone()),
                    None => params.remove("requestState"),
                };
            }
        };
        match tokio::time::timeout(self.settings.timeout, rounds).await {
            Ok(called) => called,
            Err(_) => Err(TestError::TimedOut {
                after: self.settings.timeout,
                shown: lock(&run).shown.iter().map(Shown::describe).collect(),
            }),
        }
    }
}

/// A JSON-RPC error object, as rmcp's.
fn error_data(error: &Value) -> ErrorData {
    serde_json::from_value(error.clone())
        .unwrap_or_else(|_| ErrorData::new(ErrorCode::INTERNAL_ERROR, error.to_string(), None))
}

impl Outcome for Value {
    fn text(&self) -> String {
        let texts: Vec<&str> = self
            .get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|content| content.get("text")?.as_str())
            .collect();
        texts.join("\n\n")
    }

    fn is_error(&self) -> bool {
        self.get("isError") == Some(&Value::Bool(true))
    }

    fn language(&self) -> Option<String> {
        let meta = self.get("_meta")?;
        meta.get(CONTENT_LANGUAGE)?.as_str().map(str::to_owned)
    }
}
