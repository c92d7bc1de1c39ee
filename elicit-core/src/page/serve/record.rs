//! What a page's record and answer hold, as the bytes the store keeps sealed.

use serde_json::{Value, json};

use crate::schema::Content;

/// What the store keeps for a page, sealed: whose it is, what it asks, its CSRF token and when
/// it expires.
pub(super) struct Record {
    /// The subject of the call that made it (`None`: made without an identity check).
    pub(super) subject: Option<String>,
    /// The form's name in [`Pages::form`]'s registry.
    pub(super) form: String,
    pub(super) message: String,
    pub(super) csrf: String,
    /// Seconds since the Unix epoch.
    pub(super) expires: u64,
}

/// The answer a page keeps, sealed, until the call takes it.
pub(super) struct Answer {
    pub(super) accepted: bool,
    pub(super) content: Content,
}

impl Record {
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let record = json!({
            "subject": self.subject,
            "form": self.form,
            "message": self.message,
            "csrf": self.csrf,
            "expires": self.expires,
        });
        record.to_string().into_bytes()
    }

    /// A record this module wrote (what a store holds was sealed by it: anything else is no
    /// record).
    pub(super) fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let value: Value = serde_json::from_slice(bytes).ok()?;
        let text = |name: &str| value.get(name)?.as_str().map(str::to_owned);
        Some(Record {
            subject: match value.get("subject")? {
                Value::Null => None,
                Value::String(subject) => Some(subject.clone()),
                _ => return None,
            },
            form: text("form")?,
            message: text("message")?,
            csrf: text("csrf")?,
            expires: value.get("expires")?.as_u64()?,
        })
    }
}

impl Answer {
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        json!({"accepted": self.accepted, "content": self.content})
            .to_string()
            .into_bytes()
    }

    pub(super) fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let value: Value = serde_json::from_slice(bytes).ok()?;
        Some(Answer {
            accepted: value.get("accepted")?.as_bool()?,
            content: value.get("content")?.as_object()?.clone(),
        })
    }
}
