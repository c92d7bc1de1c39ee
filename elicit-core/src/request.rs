//! The `params` of an `elicitation/create` request, for any transport: form mode (a message and
//! a form) and URL mode (a message and a page of yours), each written for the protocol version the
//! client speaks.
//!
//! ```
//! use mcp_elicit::request::FormRequest;
//! use mcp_elicit::{Elicit, ProtocolVersion};
//!
//! #[derive(Elicit)]
//! #[elicit(message = "Where should we ship it?")]
//! struct Shipping {
//!     #[elicit(min_length = 1)]
//!     address: String,
//! }
//!
//! let params = FormRequest::of::<Shipping>()
//!     .params_for(ProtocolVersion::V2025_11_25)
//!     .unwrap();
//! assert_eq!(
//!     serde_json::to_string(&params).unwrap(),
//!     r#"{"mode":"form","message":"Where should we ship it?","requestedSchema":{"type":"object","properties":{"address":{"type":"string","minLength":1}},"required":["address"]}}"#
//! );
//! ```

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::form::Elicit;
use crate::schema::{RequestedSchema, SchemaFor};
use crate::version::{ProtocolVersion, Unrepresentable};

/// A form-mode elicitation: a message and a form.
#[derive(Clone, Debug)]
pub struct FormRequest<'a> {
    message: Cow<'a, str>,
    schema: &'a RequestedSchema,
}

impl<'a> FormRequest<'a> {
    /// A request for `schema`, shown under `message`.
    pub fn new(message: impl Into<Cow<'a, str>>, schema: &'a RequestedSchema) -> Self {
        FormRequest {
            message: message.into(),
            schema,
        }
    }

    /// The request for `T`'s form, with `T`'s message.
    pub fn of<T: Elicit>() -> FormRequest<'static> {
        FormRequest::new(T::message(), T::requested_schema())
    }

    /// The same form under another message.
    pub fn with_message(mut self, message: impl Into<Cow<'a, str>>) -> Self {
        self.message = message.into();
        self
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The form.
    pub fn schema(&self) -> &'a RequestedSchema {
        self.schema
    }

    /// The `params` as `version` writes them, ready to serialize (nothing is copied):
    /// `{"mode":"form","message":..,"requestedSchema":..}`, without `mode` for 2025-06-18, which
    /// has only forms. An error if the form says what `version` cannot (see
    /// [`RequestedSchema::for_version`]).
    pub fn serialize_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<impl Serialize + '_, Unrepresentable> {
        Ok(FormParams {
            message: &self.message,
            schema: self.schema.for_version(version)?,
            mode: version.has_elicitation_modes(),
        })
    }

    /// Appends the `params` as JSON text to `out`, exactly as [`FormRequest::serialize_for`]
    /// writes them, but copying the schema's text, written once per protocol version (see
    /// [`RequestedSchema::json_for`]): the fast path for a server writing requests itself.
    ///
    /// ```
    /// use mcp_elicit::request::FormRequest;
    /// use mcp_elicit::{Elicit, ProtocolVersion};
    ///
    /// #[derive(Elicit)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let request = FormRequest::of::<Name>();
    /// let mut out = Vec::new();
    /// request.write_params_for(ProtocolVersion::V2025_11_25, &mut out).unwrap();
    /// let serialized = serde_json::to_vec(&request.serialize_for(ProtocolVersion::V2025_11_25).unwrap()).unwrap();
    /// assert_eq!(out, serialized);
    /// ```
    pub fn write_params_for(
        &self,
        version: ProtocolVersion,
        out: &mut Vec<u8>,
    ) -> Result<(), Unrepresentable> {
        let schema = self.schema.json_for(version)?;
        out.extend_from_slice(if version.has_elicitation_modes() {
            br#"{"mode":"form","message":"#
        } else {
            br#"{"message":"#
        });
        serde_json::to_writer(&mut *out, self.message()).expect("writing to a Vec cannot fail");
        out.extend_from_slice(br#","requestedSchema":"#);
        out.extend_from_slice(schema.as_bytes());
        out.push(b'}');
        Ok(())
    }

    /// The `params` as a JSON value; see [`FormRequest::serialize_for`].
    pub fn params_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<serde_json::Value, Unrepresentable> {
        let params = self.serialize_for(version)?;
        Ok(serde_json::to_value(params).expect("request params always serialize to JSON"))
    }
}

struct FormParams<'a> {
    message: &'a str,
    schema: SchemaFor<'a>,
    mode: bool,
}

impl Serialize for FormParams<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2 + usize::from(self.mode)))?;
        if self.mode {
            map.serialize_entry("mode", "form")?;
        }
        map.serialize_entry("message", self.message)?;
        map.serialize_entry("requestedSchema", &self.schema)?;
        map.end()
    }
}

/// A URL-mode elicitation: a message, and a page of yours the client opens for the user. This is
/// how to ask for what a form must not (passwords, API keys, payment details): it never passes
/// through the client.
#[derive(Clone, Debug)]
pub struct UrlRequest<'a> {
    message: Cow<'a, str>,
    url: Cow<'a, str>,
    elicitation_id: Cow<'a, str>,
}

impl<'a> UrlRequest<'a> {
    /// A request to open `url`, shown under `message`. `elicitation_id` identifies it in 2025-11-25
    /// (its completion notification names it); 2026-07-28 has no such id and leaves it out.
    pub fn new(
        message: impl Into<Cow<'a, str>>,
        url: impl Into<Cow<'a, str>>,
        elicitation_id: impl Into<Cow<'a, str>>,
    ) -> Self {
        UrlRequest {
            message: message.into(),
            url: url.into(),
            elicitation_id: elicitation_id.into(),
        }
    }

    /// The `params` as `version` writes them: `{"mode":"url","message":..,"url":..}`, with the
    /// `elicitationId` in 2025-11-25. An error for 2025-06-18, which has no URL mode.
    ///
    /// ```
    /// use mcp_elicit::ProtocolVersion;
    /// use mcp_elicit::request::UrlRequest;
    ///
    /// let request = UrlRequest::new("Connect your account", "https://example.com/connect", "c-42");
    /// assert_eq!(
    ///     request.params_for(ProtocolVersion::V2025_11_25).unwrap().to_string(),
    ///     r#"{"mode":"url","message":"Connect your account","url":"https://example.com/connect","elicitationId":"c-42"}"#
    /// );
    /// assert!(request.params_for(ProtocolVersion::V2025_06_18).is_err());
    /// ```
    pub fn params_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<serde_json::Value, Unrepresentable> {
        if !version.has_elicitation_modes() {
            return Err(Unrepresentable::UrlMode { version });
        }
        let mut params = serde_json::Map::with_capacity(4);
        params.insert("mode".into(), "url".into());
        params.insert("message".into(), self.message.as_ref().into());
        params.insert("url".into(), self.url.as_ref().into());
        if version == ProtocolVersion::V2025_11_25 {
            params.insert("elicitationId".into(), self.elicitation_id.as_ref().into());
        }
        Ok(serde_json::Value::Object(params))
    }
}
