//! What a `requestState` is bound to: a digest of the request it was sealed for ([`Binding`]) and
//! a digest of who made that request ([`caller_digest`]), so that a state is refused by every
//! other request and every other caller, however it is replayed.

use std::fmt;

use serde_json::Value;
use sha2::{Digest, Sha256};

/// What a state is bound to: the request's method, the name of its tool or prompt (or the URI of
/// its resource), and a digest of its arguments. A state sealed for one request is refused by
/// every other, however it is replayed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    digest: [u8; 32],
    hex: [u8; 64],
}

impl fmt::Debug for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Binding").field(&self.hex()).finish()
    }
}

impl Binding {
    /// The binding of a `method` call of `name` with `arguments` (key order does not matter).
    pub fn new(
        method: &str,
        name: &str,
        arguments: Option<&serde_json::Map<String, Value>>,
    ) -> Self {
        let mut hash = Sha256::new();
        for part in [method, name] {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part.as_bytes());
        }
        match arguments {
            None => hash.update([0]),
            Some(arguments) => {
                hash.update([1]);
                digest_object(&mut hash, arguments);
            }
        }
        let digest: [u8; 32] = hash.finalize().into();
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut hex = [0; 64];
        for (pair, byte) in hex.chunks_exact_mut(2).zip(digest) {
            pair[0] = HEX[usize::from(byte >> 4)];
            pair[1] = HEX[usize::from(byte & 15)];
        }
        Binding { digest, hex }
    }

    /// The digest's 32 bytes.
    pub(crate) fn digest(&self) -> &[u8; 32] {
        &self.digest
    }

    /// The binding as 64 lowercase hexadecimal characters.
    ///
    /// # Panics
    ///
    /// Never: the digits are ASCII.
    pub fn hex(&self) -> &str {
        std::str::from_utf8(&self.hex).expect("hexadecimal digits are ASCII")
    }
}

/// The digest of the caller a state is sealed for: the signed-in user of the request, as the
/// server's authorization found them ([`Incoming::caller`](super::Incoming::caller)), or `None`
/// when the server knows none. SEP-2322 asks that a state be bound to its user when the server
/// knows them: a state sealed for one user is refused when another (or a request with no user)
/// brings it back.
///
/// The name is length-prefixed and `None` has a tag of its own, so that no caller's digest is
/// another's, nor the digest of no caller; the label keeps it apart from every other digest of
/// the crate.
pub(crate) fn caller_digest(caller: Option<&str>) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(b"mcp-elicit/caller/v1");
    match caller {
        None => hash.update([0]),
        Some(caller) => {
            hash.update([1]);
            hash.update((caller.len() as u64).to_be_bytes());
            hash.update(caller.as_bytes());
        }
    }
    hash.finalize().into()
}

/// Feeds `value` to `hash` with its object keys in sorted order, each part tagged and
/// length-prefixed so that no two values feed the same bytes.
fn digest(hash: &mut Sha256, value: &Value) {
    match value {
        Value::Null => hash.update([b'n']),
        Value::Bool(b) => hash.update([b'b', u8::from(*b)]),
        Value::Number(n) => {
            let text = n.to_string();
            hash.update([b'#']);
            hash.update((text.len() as u64).to_be_bytes());
            hash.update(text.as_bytes());
        }
        Value::String(s) => {
            hash.update([b's']);
            hash.update((s.len() as u64).to_be_bytes());
            hash.update(s.as_bytes());
        }
        Value::Array(items) => {
            hash.update([b'[']);
            hash.update((items.len() as u64).to_be_bytes());
            for item in items {
                digest(hash, item);
            }
        }
        Value::Object(object) => digest_object(hash, object),
    }
}

fn digest_object(hash: &mut Sha256, object: &serde_json::Map<String, Value>) {
    let mut entries: Vec<_> = object.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    hash.update([b'{']);
    hash.update((entries.len() as u64).to_be_bytes());
    for (key, value) in entries {
        hash.update((key.len() as u64).to_be_bytes());
        hash.update(key.as_bytes());
        digest(hash, value);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_binding_tells_requests_apart_but_not_key_orders() {
        let args = |v: Value| v.as_object().cloned().unwrap();
        let one = Binding::new(
            "tools/call",
            "t",
            Some(&args(json!({"a": 1, "b": [1, "x"]}))),
        );
        let reordered = Binding::new(
            "tools/call",
            "t",
            Some(&args(json!({"b": [1, "x"], "a": 1}))),
        );
        assert_eq!(one, reordered);
        for other in [
            Binding::new(
                "prompts/get",
                "t",
                Some(&args(json!({"a": 1, "b": [1, "x"]}))),
            ),
            Binding::new(
                "tools/call",
                "u",
                Some(&args(json!({"a": 1, "b": [1, "x"]}))),
            ),
            Binding::new(
                "tools/call",
                "t",
                Some(&args(json!({"a": 1, "b": [1, "x", "evil"]}))),
            ),
            Binding::new(
                "tools/call",
                "t",
                Some(&args(json!({"a": "1", "b": [1, "x"]}))),
            ),
            Binding::new("tools/call", "t", None),
            Binding::new(
                "tools/callt",
                "",
                Some(&args(json!({"a": 1, "b": [1, "x"]}))),
            ),
        ] {
            assert_ne!(one, other);
        }
    }

    #[test]
    fn a_caller_digest_tells_every_caller_apart_and_none_from_each() {
        let digests = [
            caller_digest(None),
            caller_digest(Some("")),
            caller_digest(Some("alice")),
            caller_digest(Some("alic")),
            caller_digest(Some("alice\0")),
            caller_digest(Some("Alice")),
        ];
        for (i, one) in digests.iter().enumerate() {
            for other in &digests[i + 1..] {
                assert_ne!(one, other);
            }
        }
        assert_eq!(caller_digest(Some("alice")), caller_digest(Some("alice")));
    }
}
