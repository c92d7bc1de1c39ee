//! The input-required rounds of MCP 2026-07-28, on plain JSON (feature `rounds`): any Rust MCP
//! framework can drive them; the `rmcp` module (feature `rmcp`) and `acp` (feature `acp`) are
//! thin adapters over them.
//!
//! On 2026-07-28 a server sends no requests. A `tools/call`, `prompts/get` or `resources/read`
//! that needs the user ends with an `InputRequiredResult` (`inputRequests` and a
//! `requestState`); the client answers each request and calls again with the same params plus
//! `inputResponses` and the `requestState` echoed. The handler runs again from the top.
//!
//! [`Exchange`] is one such call seen from the handler: [`Exchange::round`] asks a set of
//! [`Item`]s (typed forms made from an [`Ask`], or raw [`Input`]s) and says whether every one is
//! settled, or whether the call ends with [`Exchange::input_required`]. A handler may run several
//! rounds in sequence (a wizard); the answers of the earlier ones travel in the state, so that
//! each run settles them again without asking, and asks the first one still open.
//!
//! The state is sealed ([`StateKeys`], HMAC-SHA256), bound to the request ([`Binding`]: method,
//! name, arguments) and to its caller ([`Incoming::caller`]: the signed-in user, when the server
//! knows them), expires, and is never longer than [`MAX_STATE_SIZE`]. Nothing a client sends
//! back can make an answer pass the form's rules (every answer is judged each time it is read),
//! skip a step (a response counts only for a request the state says was asked, and a state is
//! only what this server sealed), or replay a round into another request or another user's call.
//!
//! ```
//! use mcp_elicit::rounds::{Ask, Exchange, Incoming, Round, StateKeys};
//! use mcp_elicit::{Elicit, Elicitation};
//! use serde_json::{json, Value};
//!
//! #[derive(Elicit)]
//! struct Name {
//!     name: String,
//! }
//!
//! /// A `tools/call` of `greet`, as a framework hands it over.
//! fn greet(keys: &StateKeys, params: &Value) -> Result<Value, Value> {
//!     let capabilities = json!({"elicitation": {}});
//!     let incoming = Incoming::new("tools/call", "greet")
//!         .input_responses(params.get("inputResponses"))
//!         .request_state(params.get("requestState").and_then(Value::as_str))
//!         .capabilities(Some(&capabilities));
//!     let mut exchange = Exchange::open(keys, incoming).map_err(|e| json!({"code": e.code(), "message": e.to_string()}))?;
//!     let mut name = Ask::<Name>::new().key("name").item().unwrap();
//!     match exchange.round(&mut [&mut name]) {
//!         Ok(Round::Settled) => {}
//!         Ok(Round::InputRequired) => {
//!             return exchange.input_required().map_err(|e| json!({"code": e.code(), "message": e.to_string()}));
//!         }
//!         Err(e) => return Err(json!({"code": e.code(), "message": e.to_string()})),
//!     }
//!     match name.take() {
//!         Some(Elicitation::Accepted(name)) => Ok(json!({"content": [{"type": "text", "text": format!("Hello, {}!", name.name)}]})),
//!         _ => Ok(json!({"content": [{"type": "text", "text": "no name"}]})),
//!     }
//! }
//!
//! let keys = StateKeys::random().unwrap();
//! let first = greet(&keys, &json!({})).unwrap();
//! assert_eq!(first["resultType"], "input_required");
//! assert_eq!(first["inputRequests"]["name"]["method"], "elicitation/create");
//! let state = first["requestState"].clone();
//!
//! let retry = json!({
//!     "inputResponses": {"name": {"action": "accept", "content": {"name": "Ada"}}},
//!     "requestState": state,
//! });
//! assert_eq!(greet(&keys, &retry).unwrap()["content"][0]["text"], "Hello, Ada!");
//!
//! // The state edited: a protocol error (-32602), never a result.
//! let mut edited = retry.clone();
//! edited["requestState"] = json!(format!("{}x", state.as_str().unwrap()));
//! assert_eq!(greet(&keys, &edited).unwrap_err()["code"], -32602);
//! ```

use std::fmt;

use serde_json::{Map, Value};

use crate::version::ProtocolVersion;

mod arguments;
mod binding;
mod capability;
mod error;
mod input;
mod item;
mod seal;
mod slot;
mod state;
#[cfg(all(feature = "page", feature = "rmcp"))]
mod waiting;

pub use arguments::{ARGUMENTS_KEY, ArgumentsItem};
pub use binding::Binding;
pub use capability::Capability;
#[cfg(feature = "acp")]
pub(crate) use error::still_invalid;
pub use error::{RoundError, Told};
pub use input::Input;
pub use item::{Ask, DEFAULT_KEY, DEFAULT_ROUNDS, FormItem, Item, Retry};
#[cfg(feature = "page")]
pub(crate) use seal::now as now_secs;
pub use seal::{DEFAULT_TTL, KeyError, MAX_STATE_SIZE, StateError, StateKeys};

use item::kind;
use state::{Answer, Carried};
#[cfg(all(feature = "page", feature = "rmcp"))]
pub(crate) use waiting::Waiting;

/// How much longer than its state a single-use claim is held: replicas whose clocks differ by
/// less never accept a state whose claim is gone.
#[cfg(all(feature = "page", feature = "rmcp"))]
const CLOCK_SKEW: std::time::Duration = std::time::Duration::from_mins(1);

/// The JSON-RPC code of invalid params.
pub const INVALID_PARAMS: i32 = -32602;

/// The JSON-RPC code of `MissingRequiredClientCapabilityError` (2026-07-28).
pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = -32021;

/// One `tools/call`, `prompts/get` or `resources/read` as it arrived: what the state is bound to,
/// and what the client sent back.
#[derive(Clone, Copy, Debug)]
pub struct Incoming<'a> {
    version: ProtocolVersion,
    method: &'a str,
    name: &'a str,
    arguments: Option<&'a Map<String, Value>>,
    input_responses: Option<&'a Value>,
    request_state: Option<&'a str>,
    capabilities: Option<&'a Value>,
    caller: Option<&'a str>,
}

impl<'a> Incoming<'a> {
    /// A call of `method` (`"tools/call"`, `"prompts/get"`, `"resources/read"`) naming `name`
    /// (the tool's or prompt's name, the resource's URI).
    pub fn new(method: &'a str, name: &'a str) -> Self {
        Incoming {
            version: ProtocolVersion::LATEST,
            method,
            name,
            arguments: None,
            input_responses: None,
            request_state: None,
            capabilities: None,
            caller: None,
        }
    }

    /// The protocol version the client speaks (one with rounds; the newest by default): the
    /// version the round's requests are written in.
    pub fn protocol_version(mut self, version: ProtocolVersion) -> Self {
        self.version = version;
        self
    }

    /// Its `arguments`.
    pub fn arguments(mut self, arguments: Option<&'a Map<String, Value>>) -> Self {
        self.arguments = arguments;
        self
    }

    /// Its `inputResponses`, as sent (read as untrusted input).
    pub fn input_responses(mut self, responses: Option<&'a Value>) -> Self {
        self.input_responses = responses;
        self
    }

    /// Its `requestState`, as sent (read as untrusted input).
    pub fn request_state(mut self, state: Option<&'a str>) -> Self {
        self.request_state = state;
        self
    }

    /// The client's capabilities (`ClientCapabilities` as JSON; on 2026-07-28 those of the
    /// request's `_meta`).
    pub fn capabilities(mut self, capabilities: Option<&'a Value>) -> Self {
        self.capabilities = capabilities;
        self
    }

    /// Who makes the call: the signed-in user of the request, as the server's authorization found
    /// them (a stable id, such as the token's subject), or `None` when the server knows no user.
    /// An empty name is no user.
    ///
    /// The state is bound to it (SEP-2322: a state SHOULD be bound to the authenticated user
    /// when the server knows them): a state sealed for one user and brought back by another, or
    /// by a call with no user, is refused ([`StateError::OtherCaller`]), and so is one sealed for
    /// no user and brought back by a user.
    pub fn caller(mut self, caller: Option<&'a str>) -> Self {
        self.caller = caller.filter(|caller| !caller.is_empty());
        self
    }
}

/// Whether a round is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Round {
    /// Every item has its answer (or was left out: the client lacks its capability).
    Settled,
    /// Some are asked: end the call with [`Exchange::input_required`].
    InputRequired,
}

/// One call, seen from its handler: the state it carried, the responses it brought, and the
/// requests and state of the `InputRequiredResult` that ends it if a round is not settled.
pub struct Exchange<'k> {
    keys: &'k StateKeys,
    version: ProtocolVersion,
    binding: Binding,
    /// The digest of the call's caller ([`Incoming::caller`]), which the state is bound to too.
    caller: [u8; 32],
    responses: Option<Map<String, Value>>,
    carried: Option<Carried>,
    /// Whether the client declared form elicitation, URL elicitation, sampling and roots.
    declared: [bool; 4],
    /// Whether no round has run yet in this call: without a state, only the first round may
    /// read responses.
    first_round: bool,
    next: Carried,
    requests: Map<String, Value>,
    /// How long the state that ends this call lives: the keys' time, or longer.
    ttl: std::time::Duration,
}

impl fmt::Debug for Exchange<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Exchange")
            .field("binding", &self.binding)
            .field("requests", &self.requests.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl<'k> Exchange<'k> {
    /// Reads what the call brought back, with `keys` to open its state: a state that is not one
    /// these keys sealed for this very request and caller, or has expired, or `inputResponses`
    /// that are not an object, is a protocol error ([`RoundError::is_protocol_error`]).
    ///
    /// # Errors
    ///
    /// A protocol error: [`RoundError::State`] for a refused state, [`RoundError::Responses`]
    /// for `inputResponses` that are not an object.
    pub fn open(keys: &'k StateKeys, incoming: Incoming<'_>) -> Result<Self, RoundError> {
        let binding = Binding::new(incoming.method, incoming.name, incoming.arguments);
        let caller = binding::caller_digest(incoming.caller);
        let responses = match incoming.input_responses {
            None => None,
            Some(Value::Object(responses)) => Some(responses.clone()),
            Some(other) => {
                return Err(RoundError::Responses {
                    key: None,
                    reason: format!("`inputResponses` is an object, not {}", kind(other)),
                });
            }
        };
        let carried = match incoming.request_state {
            None => None,
            Some(state) => {
                Some(Carried::open(keys, &binding, &caller, state).map_err(RoundError::State)?)
            }
        };
        // What the handler kept travels on to the next state unless it keeps something else.
        let next = Carried {
            kept: carried.as_ref().map(|c| c.kept.clone()).unwrap_or_default(),
            ..Carried::default()
        };
        let declared = [
            Capability::ElicitationForm,
            Capability::ElicitationUrl,
            Capability::Sampling,
            Capability::Roots,
        ]
        .map(|capability| capability.declared_in(incoming.capabilities));
        Ok(Exchange {
            keys,
            version: incoming.version,
            binding,
            caller,
            responses,
            carried,
            declared,
            first_round: true,
            next,
            requests: Map::new(),
            ttl: keys.ttl(),
        })
    }

    /// Settles `items` from the state and the responses, or asks them: [`Round::Settled`] when
    /// each has its answer (read it from the item), [`Round::InputRequired`] when some were
    /// asked (end the call with [`Exchange::input_required`]; the settled ones travel in its
    /// state).
    ///
    /// An item whose capability the client did not declare is left out of the round and marked
    /// unavailable, for the handler to fall back from. An answer that breaks the form's rules
    /// asks the form again, with the problems named and the valid values filled in, until the
    /// item's rounds are spent ([`RoundError::StillInvalid`]). A response missing for an asked
    /// key asks it again; responses under keys not asked are ignored.
    ///
    /// Responses are read only for the keys the state says its round asked. A call that brings
    /// responses without a state is a first call: they are read for this call's first round only
    /// (so a later step cannot be answered before it is asked), and its count of tries starts
    /// again, as a fresh call's would.
    ///
    /// # Errors
    ///
    /// A protocol error for a malformed response; [`RoundError::StillInvalid`] when a form's
    /// rounds are spent; [`RoundError::SameKey`] for two items with one key; a form its version
    /// cannot say.
    pub fn round(&mut self, items: &mut [&mut dyn Item]) -> Result<Round, RoundError> {
        distinct_keys(items)?;
        // Nor one of an earlier round of this call.
        if let Some(item) = items.iter().find(|item| {
            self.next.answers.contains_key(item.key()) || self.requests.contains_key(item.key())
        }) {
            return Err(RoundError::SameKey {
                key: item.key().to_owned(),
            });
        }
        let readable = self.first_round;
        self.first_round = false;
        let mut asking = Vec::new();
        for item in items.iter_mut() {
            if item.is_settled() {
                continue;
            }
            let key = item.key().to_owned();
            // Settled in an earlier round: judged again (the options are the tool's own, and the
            // state's answers are what this server sealed), never asked again.
            let carried = self.carried.as_mut().and_then(|c| c.answers.remove(&key));
            if let Some(Answer::Carried(text)) = carried {
                let answer: Value = serde_json::from_str(&text)
                    .map_err(|_| RoundError::State(StateError::Malformed))?;
                if item.judge(&answer)?.is_none() {
                    self.next.answers.insert(key, Answer::Carried(text));
                    continue;
                }
            }
            if !self.declares(item.capability()) {
                item.set_unavailable();
                continue;
            }
            let response = readable_response(
                self.carried.as_ref(),
                self.responses.as_ref(),
                &key,
                readable,
            );
            let tries = self
                .carried
                .as_ref()
                .and_then(|c| c.tries.get(&key).copied())
                .unwrap_or(1);
            let Some(response) = response else {
                asking.push((key, item.request_for(self.version, None)?, tries));
                continue;
            };
            match item.judge(response)? {
                None => {
                    self.next.answers.insert(key.clone(), Answer::Response(key));
                }
                Some(retry) => {
                    let retry = ask_again(&**item, tries, retry)?;
                    let request = item.request_for(self.version, Some(&retry))?;
                    asking.push((key, request, tries + u64::from(!retry.waits)));
                }
            }
        }
        if asking.is_empty() {
            return Ok(Round::Settled);
        }
        for (key, request, tries) in asking {
            self.next.asked.push(key.clone());
            self.next.tries.insert(key.clone(), tries);
            self.requests.insert(key, request);
        }
        Ok(Round::InputRequired)
    }

    /// The `InputRequiredResult` that ends the call, as JSON: the requests of the round not
    /// settled, and the sealed state carrying every answer settled so far.
    ///
    /// # Errors
    ///
    /// [`RoundError::StateTooLarge`] when the state would be longer than [`MAX_STATE_SIZE`]
    /// ([`Exchange::seal`]).
    pub fn input_required(&self) -> Result<Value, RoundError> {
        Ok(serde_json::json!({
            "resultType": "input_required",
            "inputRequests": self.requests,
            "requestState": self.seal()?,
        }))
    }

    /// The requests of the round not settled, under their keys.
    pub fn input_requests(&self) -> &Map<String, Value> {
        &self.requests
    }

    /// The sealed state for the call's retry, bound to the request and its caller.
    ///
    /// # Errors
    ///
    /// [`RoundError::StateTooLarge`] when it would be longer than [`MAX_STATE_SIZE`]: it is
    /// refused here, where it is made, rather than sent to a client that could not bring it back.
    pub fn seal(&self) -> Result<String, RoundError> {
        let expires = seal::now().saturating_add(self.ttl.as_secs());
        let payload = self.next.payload(
            &self.binding,
            &self.caller,
            expires,
            self.responses.as_ref(),
        );
        let sealed = self.keys.seal(&payload);
        if sealed.len() > MAX_STATE_SIZE {
            return Err(RoundError::StateTooLarge {
                size: sealed.len(),
                limit: MAX_STATE_SIZE,
            });
        }
        Ok(sealed)
    }

    /// What the handler kept under `name` in the state this call brought back
    /// ([`Exchange::keep`]): sealed and bound as the rest of it, so only this server wrote it, for
    /// this very request.
    #[cfg(all(feature = "page", feature = "rmcp"))]
    pub(crate) fn kept(&self, name: &str) -> Option<&str> {
        self.carried.as_ref()?.kept.get(name).map(String::as_str)
    }

    /// Keeps `text` under `name` in the state that ends this call, and every later one of the
    /// request (until kept again).
    #[cfg(all(feature = "page", feature = "rmcp"))]
    pub(crate) fn keep(&mut self, name: &str, text: String) {
        self.next.kept.insert(name.to_owned(), text);
    }

    /// Makes the state that ends this call single use under `id` (fresh and random), and gives
    /// what the state this call brought back asks to be claimed before its answers are read, if
    /// it was single use: a name, and how long to hold it (the state's remaining life, and
    /// [`CLOCK_SKEW`] for replicas whose clocks differ). A claim held already means the state was
    /// used ([`StateError::Used`]).
    #[cfg(all(feature = "page", feature = "rmcp"))]
    pub(crate) fn single_use(&mut self, id: [u8; 16]) -> Option<(String, std::time::Duration)> {
        use std::fmt::Write as _;
        self.next.once = Some(id);
        let carried = self.carried.as_ref()?;
        let once = carried.once?;
        let name = once.iter().fold(String::from("once:"), |mut name, byte| {
            let _ = write!(name, "{byte:02x}");
            name
        });
        let life = carried.expires.saturating_sub(seal::now()) + 1;
        Some((name, std::time::Duration::from_secs(life) + CLOCK_SKEW))
    }

    /// Makes the state that ends this call live at least `ttl` (as long as a page it waits for).
    #[cfg(all(feature = "page", feature = "rmcp"))]
    pub(crate) fn live_at_least(&mut self, ttl: std::time::Duration) {
        self.ttl = self.ttl.max(ttl);
    }

    /// The response under `key`, if the state this call brought back says its round asked it
    /// (a response to a request never asked is not read).
    #[cfg(all(feature = "page", feature = "rmcp"))]
    pub(crate) fn response(&self, key: &str) -> Option<&Value> {
        readable_response(self.carried.as_ref(), self.responses.as_ref(), key, false)
    }

    /// Whether the client declared what `capability` names.
    pub(crate) fn declares(&self, capability: Capability) -> bool {
        match capability {
            Capability::ElicitationForm => self.declared[0],
            Capability::ElicitationUrl => self.declared[1],
            Capability::Sampling => self.declared[2],
            Capability::Roots => self.declared[3],
            Capability::None => true,
        }
    }
}

/// The response under `key` that a call may read: one to a request its state's round asked; for a
/// call without a state, any, if `readable` (its first round).
fn readable_response<'r>(
    carried: Option<&Carried>,
    responses: Option<&'r Map<String, Value>>,
    key: &str,
    readable: bool,
) -> Option<&'r Value> {
    let asked = match carried {
        Some(carried) => carried.asked.iter().any(|asked| asked == key),
        None => readable,
    };
    responses.filter(|_| asked)?.get(key)
}

/// Two items of one round under one key are refused: their answers could not be told apart.
pub(crate) fn distinct_keys(items: &[&mut dyn Item]) -> Result<(), RoundError> {
    for (i, item) in items.iter().enumerate() {
        if items[..i].iter().any(|other| other.key() == item.key()) {
            return Err(RoundError::SameKey {
                key: item.key().to_owned(),
            });
        }
    }
    Ok(())
}

/// `item` asked again after an answer that broke its rules, having been asked `asked` times:
/// `retry`, or [`RoundError::StillInvalid`] once its rounds are spent.
pub(crate) fn ask_again<I: Item + ?Sized>(
    item: &I,
    asked: u64,
    retry: Retry,
) -> Result<Retry, RoundError> {
    if !retry.waits && asked >= u64::from(item.rounds()) {
        let problems = retry.into_problems();
        let told = error::told_still_invalid(item.slot(), item.asked(), item.rounds(), &problems);
        return Err(RoundError::StillInvalid {
            key: item.key().to_owned(),
            form: item.slot().name().map(str::to_owned),
            rounds: item.rounds(),
            problems,
            told,
        });
    }
    Ok(retry)
}

/// Asks `item` one request after another until an answer settles it: how a form is asked where
/// there are no input-required rounds (MCP before 2026-07-28, and ACP). `write` writes the
/// request for `item` (the first, or the one asking again after the [`Retry`] it is given),
/// `send` sends it and gives the response; an answer that breaks the form's rules is asked again
/// while the item's rounds last ([`ask_again`]).
///
/// `send` is a closure giving a future rather than an async closure: the future of an async
/// closure called in a generic function cannot yet be shown to be `Send` (a server's handler must
/// be).
#[cfg(any(feature = "rmcp", feature = "acp"))]
pub(crate) async fn ask_until_settled<I, R, F, E>(
    item: &mut I,
    write: impl Fn(&I, Option<&Retry>) -> Result<R, E>,
    mut send: impl FnMut(R) -> F,
) -> Result<(), E>
where
    I: Item + ?Sized,
    F: Future<Output = Result<Value, E>>,
    E: From<RoundError>,
{
    let mut retry = None;
    let mut asked = 1;
    loop {
        let request = write(item, retry.as_ref())?;
        let response = send(request).await?;
        let Some(again) = item.judge(&response)? else {
            return Ok(());
        };
        retry = Some(ask_again(item, asked, again)?);
        asked += 1;
    }
}

#[cfg(test)]
mod tests;
