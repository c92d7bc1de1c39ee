//! What `requestState` carries from one call to the next, and its layout: length-prefixed
//! fields, the binding and the caller's digest as their 32 bytes each, each settled answer as the JSON text it arrived in
//! (parsed only when judged). Sealing and opening a state builds no tree of values, and reading
//! one (after its seal verified) checks every length against what is left.
//!
//! ```text
//! binding: 32 bytes | caller: 32 bytes | expiry: u64, seconds since the epoch
//! asked:   u32 count, then each key: u32 length, UTF-8
//! answers: u32 count, then each: key (u32 length, UTF-8), JSON text (u32 length, UTF-8)
//! tries:   u32 count, then each: key (u32 length, UTF-8), u64
//! kept:    u32 count, then each: name (u32 length, UTF-8), text (u32 length, UTF-8)
//! once:    u8, 0 (any number of uses) or 1 and the 16 bytes of the state's single-use id
//! ```
//! Every integer is big-endian.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::binding::Binding;
use super::seal::{self, StateError, StateKeys};

/// A settled item's response: from the state it arrived in, or from this call's responses.
pub(super) enum Answer {
    /// As the state carried it: its JSON text.
    Carried(Box<str>),
    /// The response under this key in `inputResponses`.
    Response(String),
}

/// What the state carries.
#[derive(Default)]
pub(super) struct Carried {
    /// The keys asked in the round that sealed it: only responses under these are read.
    pub(super) asked: Vec<String>,
    /// The responses that settled an item, under its key.
    pub(super) answers: BTreeMap<String, Answer>,
    /// How many times each key still being asked has been asked.
    pub(super) tries: BTreeMap<String, u64>,
    /// What the handler keeps for its retries, under its names (a URL-mode page's id).
    pub(super) kept: BTreeMap<String, String>,
    /// The state's single-use id, when the call asked for single use: claimed once in a store
    /// by the retry that brings the state back.
    pub(super) once: Option<[u8; 16]>,
    /// When the state expires, in seconds since the epoch (read from a state; a state being
    /// sealed is given its own).
    #[cfg_attr(
        not(all(feature = "page", feature = "rmcp")),
        expect(dead_code, reason = "read by single use only (`rmcp` and `page`)")
    )]
    pub(super) expires: u64,
}

/// Appends `bytes` with their length.
fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    put_len(out, bytes.len());
    out.extend_from_slice(bytes);
}

fn put_len(out: &mut Vec<u8>, len: usize) {
    let len = u32::try_from(len).expect("a state part is shorter than 4 GiB");
    out.extend_from_slice(&len.to_be_bytes());
}

impl Carried {
    /// The payload sealed into the state, bound to `binding` and to the caller of digest
    /// `caller`.
    pub(super) fn payload(
        &self,
        binding: &Binding,
        caller: &[u8; 32],
        expires: u64,
        responses: Option<&Map<String, Value>>,
    ) -> Vec<u8> {
        let mut out = Vec::with_capacity(256);
        out.extend_from_slice(binding.digest());
        out.extend_from_slice(caller);
        out.extend_from_slice(&expires.to_be_bytes());
        put_len(&mut out, self.asked.len());
        for key in &self.asked {
            put(&mut out, key.as_bytes());
        }
        put_len(&mut out, self.answers.len());
        for (key, answer) in &self.answers {
            put(&mut out, key.as_bytes());
            match answer {
                Answer::Carried(text) => put(&mut out, text.as_bytes()),
                Answer::Response(from) => {
                    // The length is written once the text is.
                    let at = out.len();
                    out.extend_from_slice(&[0; 4]);
                    let value = responses.and_then(|r| r.get(from)).unwrap_or(&Value::Null);
                    serde_json::to_writer(&mut out, value).expect("a JSON value writes to a Vec");
                    let len =
                        u32::try_from(out.len() - at - 4).expect("an answer is shorter than 4 GiB");
                    out[at..at + 4].copy_from_slice(&len.to_be_bytes());
                }
            }
        }
        put_len(&mut out, self.tries.len());
        for (key, tries) in &self.tries {
            put(&mut out, key.as_bytes());
            out.extend_from_slice(&tries.to_be_bytes());
        }
        put_len(&mut out, self.kept.len());
        for (name, text) in &self.kept {
            put(&mut out, name.as_bytes());
            put(&mut out, text.as_bytes());
        }
        match &self.once {
            None => out.push(0),
            Some(id) => {
                out.push(1);
                out.extend_from_slice(id);
            }
        }
        out
    }

    /// The state a client sent back, opened with `keys` and checked against `binding`, the
    /// digest of the request's `caller` and the clock.
    pub(super) fn open(
        keys: &StateKeys,
        binding: &Binding,
        caller: &[u8; 32],
        state: &str,
    ) -> Result<Carried, StateError> {
        let payload = keys.open(state)?;
        // Sealed by this server: what follows reads only what it wrote, every length checked.
        let mut reader = Reader(&payload);
        if reader.take(32)? != binding.digest() {
            return Err(StateError::OtherRequest);
        }
        if reader.take(32)? != caller {
            return Err(StateError::OtherCaller);
        }
        let expires = reader.u64()?;
        if seal::now() > expires {
            return Err(StateError::Expired);
        }
        let mut carried = Carried {
            expires,
            ..Carried::default()
        };
        for _ in 0..reader.u32()? {
            carried.asked.push(reader.text()?.to_owned());
        }
        for _ in 0..reader.u32()? {
            let key = reader.text()?.to_owned();
            let text = reader.text()?.into();
            carried.answers.insert(key, Answer::Carried(text));
        }
        for _ in 0..reader.u32()? {
            let key = reader.text()?.to_owned();
            carried.tries.insert(key, reader.u64()?);
        }
        for _ in 0..reader.u32()? {
            let name = reader.text()?.to_owned();
            carried.kept.insert(name, reader.text()?.to_owned());
        }
        carried.once = match reader.take(1)? {
            [0] => None,
            [1] => Some(
                reader
                    .take(16)?
                    .try_into()
                    .map_err(|_| StateError::Malformed)?,
            ),
            _ => return Err(StateError::Malformed),
        };
        if !reader.0.is_empty() {
            return Err(StateError::Malformed);
        }
        Ok(carried)
    }
}

/// The unread rest of a payload.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], StateError> {
        if n > self.0.len() {
            return Err(StateError::Malformed);
        }
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(taken)
    }

    fn u32(&mut self) -> Result<u32, StateError> {
        let bytes = self.take(4)?;
        Ok(u32::from_be_bytes(
            bytes.try_into().map_err(|_| StateError::Malformed)?,
        ))
    }

    fn u64(&mut self) -> Result<u64, StateError> {
        let bytes = self.take(8)?;
        Ok(u64::from_be_bytes(
            bytes.try_into().map_err(|_| StateError::Malformed)?,
        ))
    }

    fn text(&mut self) -> Result<&'a str, StateError> {
        let len = self.u32()?;
        let bytes = self.take(usize::try_from(len).map_err(|_| StateError::Malformed)?)?;
        std::str::from_utf8(bytes).map_err(|_| StateError::Malformed)
    }
}
