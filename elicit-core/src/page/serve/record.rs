//! What a page's record and answer hold, as the bytes the store keeps sealed.

use serde_json::{Value, json};
use zeroize::Zeroizing;

use super::error::PageError;
use crate::form::Elicit;
use crate::schema::Content;

/// What the store keeps for a page, sealed: whose it is, what it asks, its CSRF token and when
/// it expires.
pub(crate) struct Record {
    /// The subject of the call that made it (`None`: made without an identity check).
    pub(crate) subject: Option<String>,
    /// The form's name in [`Pages::form`]'s registry.
    pub(crate) form: String,
    pub(crate) message: String,
    pub(crate) csrf: String,
    /// Seconds since the Unix epoch: from then on, the page takes no answer.
    pub(crate) expires: u64,
    /// The language of the call that made it (a tag of the form's languages), which the page
    /// speaks; `None`: the browser's.
    pub(crate) language: Option<String>,
    /// The values the form opens with (the tool arguments the model gave, asked through a
    /// page); `None`: its defaults.
    pub(crate) values: Option<Content>,
}

/// The answer a page keeps, sealed, until the call takes it. Its text values (a secret among
/// them) are zeroed when it is dropped.
pub(crate) struct Answer {
    pub(crate) accepted: bool,
    pub(crate) content: Content,
}

/// The content of an answer a page took, read into `T`: every rule checked again (what the
/// store gives back is not trusted); content that does not read is [`PageError::Invalid`].
pub(crate) fn read_content<T: Elicit>(content: &Content) -> Result<T, PageError> {
    T::from_content(content).map_err(PageError::Invalid)
}

impl Drop for Answer {
    fn drop(&mut self) {
        crate::page::zeroize_content(&mut self.content);
    }
}

impl Record {
    /// Whether the page's time is up, now: the one rule, for the page and the call that takes
    /// its answer alike.
    pub(crate) fn expired(&self) -> bool {
        crate::rounds::now_secs() >= self.expires
    }

    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let record = json!({
            "subject": self.subject,
            "form": self.form,
            "message": self.message,
            "csrf": self.csrf,
            "expires": self.expires,
            "language": self.language,
            "values": self.values,
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
            language: match value.get("language") {
                None | Some(Value::Null) => None,
                Some(Value::String(language)) => Some(language.clone()),
                Some(_) => return None,
            },
            values: match value.get("values") {
                None | Some(Value::Null) => None,
                Some(Value::Object(values)) => Some(values.clone()),
                Some(_) => return None,
            },
        })
    }
}

impl Answer {
    /// A decline: not accepted, nothing in it.
    pub(crate) fn declined() -> Self {
        Answer {
            accepted: false,
            content: Content::new(),
        }
    }

    /// The answer as JSON, zeroed when dropped.
    pub(crate) fn to_bytes(&self) -> Zeroizing<Vec<u8>> {
        let mut bytes = Zeroizing::new(Vec::with_capacity(64));
        let answer = AnswerRef {
            accepted: self.accepted,
            content: &self.content,
        };
        // Written straight into the zeroed buffer: no copy of a secret is left behind.
        serde_json::to_writer(&mut *bytes, &answer).expect("a JSON map is always written");
        bytes
    }

    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let Value::Object(mut value) = serde_json::from_slice(bytes).ok()? else {
            return None;
        };
        let accepted = value.get("accepted").and_then(Value::as_bool);
        let content = match value.remove("content") {
            Some(Value::Object(content)) => content,
            Some(mut other) => {
                crate::page::zeroize_value(&mut other);
                return None;
            }
            None => return None,
        };
        // Held by an `Answer` first, so that its content is zeroed however this ends.
        let mut answer = Answer {
            accepted: false,
            content,
        };
        answer.accepted = accepted?;
        Some(answer)
    }
}

/// What [`Answer::to_bytes`] writes: `{"accepted": .., "content": {..}}`, the content borrowed
/// (a `json!` would copy it, a secret among it).
struct AnswerRef<'a> {
    accepted: bool,
    content: &'a Content,
}

impl serde::Serialize for AnswerRef<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("accepted", &self.accepted)?;
        map.serialize_entry("content", self.content)?;
        map.end()
    }
}
