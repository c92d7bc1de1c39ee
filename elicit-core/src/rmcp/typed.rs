//! rmcp's own types for the other requests of a round: `roots/list` read as its
//! `ListRootsResult`, `sampling/createMessage` as its `CreateMessageResult`
//! ([`Input::roots`], [`Input::sampling`]).
//!
//! rmcp marks roots and sampling deprecated after SEP-2577; MCP 2026-07-28 still has them, and
//! so do the clients a server meets.
#![expect(
    deprecated,
    reason = "rmcp deprecates roots and sampling after SEP-2577, which 2026-07-28 still has"
)]

use std::borrow::Cow;

use ::rmcp::model::{CreateMessageRequestParams, CreateMessageResult, ListRootsResult};
use serde_json::Value;

use crate::rounds::Input;

#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
impl Input<ListRootsResult> {
    /// A `roots/list` under `key`, for a round ([`Asking::round`](super::Asking::round)) beside
    /// forms and other requests: its response read as rmcp's own `ListRootsResult`
    /// ([`Input::take`]). On 2025-06-18 and 2025-11-25 it is sent to the client as a request
    /// of its own; on 2026-07-28 it is an input request of the round. A client that did not
    /// declare roots is not asked ([`Input::is_unavailable`]); a response that is not a
    /// `ListRootsResult` is the protocol's error naming the key and what is wrong.
    ///
    /// The example is in the guide, "Roots and sampling, typed".
    pub fn roots(key: impl Into<Cow<'static, str>>) -> Self {
        Input::typed(key, "roots/list", Value::Object(serde_json::Map::new()))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
impl Input<CreateMessageResult> {
    /// A `sampling/createMessage` of `params` under `key`, for a round, as [`Input::roots`]:
    /// its response read as rmcp's own `CreateMessageResult`. A client that did not declare
    /// sampling is not asked ([`Input::is_unavailable`]).
    pub fn sampling(
        key: impl Into<Cow<'static, str>>,
        params: &CreateMessageRequestParams,
    ) -> Self {
        // rmcp's params always make JSON (string keys, finite numbers); were they ever not to,
        // the client would refuse the empty request and the round would say so.
        let params = serde_json::to_value(params).unwrap_or(Value::Null);
        Input::typed(key, "sampling/createMessage", params)
    }
}
