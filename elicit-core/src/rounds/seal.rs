//! The seal of `requestState`: HMAC-SHA256 over what the state carries, with the request it is
//! bound to and its expiry inside. The cryptography is `RustCrypto`'s (`hmac`, `sha2`, `hkdf`); the
//! tag is compared in constant time by `hmac`'s `verify_slice`.
//!
//! The configured key is never used as it is: each use (the state's MAC, the pages' AEAD, the
//! pages' owner digests) draws its own key from it with HKDF-SHA256 under a label of its own, so
//! that no value of one use can ever be a value or a key of another.

use std::fmt;
use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hkdf::Hkdf;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// How long a `requestState` is accepted after it was sealed, by default: five minutes.
pub const DEFAULT_TTL: Duration = Duration::from_mins(5);

/// What every sealed state starts with; the version of its layout (`me2`: bound to the caller
/// too). A state of another layout is refused as [`StateError::Malformed`].
const PREFIX: &str = "me2.";

/// The salt of HKDF's extraction from a configured key: this crate's, so that a key shared
/// with another program (it should not be) still gives keys of this crate's own.
const SALT: &[u8] = b"mcp-elicit/keys/v1";

/// The label (HKDF's `info`) of the key that seals `requestState`.
const STATE_LABEL: &[u8] = b"mcp-elicit/request-state/v1";

/// The longest `requestState` this crate makes or reads, in bytes of its sealed text: 64 KiB.
///
/// It is the size the MCP specification is converging on for a `requestState`
/// (modelcontextprotocol pull request #2778), so that clients and the proxies between them may
/// carry a state without limits of their own. A round whose state would be longer is refused
/// when it is made ([`RoundError::StateTooLarge`](super::RoundError::StateTooLarge)), never sent;
/// a longer one a client sends is refused unread ([`StateError::TooLong`]).
///
/// A state carries the answers settled so far, so a long one comes of long answers: give long
/// texts a `max_length`, ask fewer forms in one call, and keep large values on the server.
pub const MAX_STATE_SIZE: usize = 64 * 1024;

/// The secret that seals `requestState`, with the keys still accepted while rotating and how
/// long a state lives.
///
/// Replicas of a server that share the key serve each other's rounds: nothing is stored on the
/// server, and no session needs to stick to one replica. With no key configured, a random key is
/// made per process ([`StateKeys::installed`]): rounds then survive only as long as the process,
/// and replicas cannot share them.
///
/// ```
/// use std::time::Duration;
/// use mcp_elicit::rounds::StateKeys;
///
/// let keys = StateKeys::from_hex(&"ab".repeat(32))
///     .unwrap()
///     .with_previous_hex(&"cd".repeat(32))
///     .unwrap()
///     .with_ttl(Duration::from_secs(120));
/// assert_eq!(keys.ttl(), Duration::from_secs(120));
/// // The key is never printed.
/// assert!(!format!("{keys:?}").contains("abab"));
/// ```
#[derive(Clone)]
pub struct StateKeys {
    current: Key,
    previous: Vec<Key>,
    ttl: Duration,
}

/// One configured key, as its uses need it.
#[derive(Clone)]
struct Key {
    /// The MAC keyed with the state's own key, cloned for each tag (its pads are hashed once).
    state: HmacSha256,
    /// What every use's key is expanded from (HKDF's pseudorandom key).
    #[cfg_attr(
        not(feature = "page"),
        expect(dead_code, reason = "read by the pages only")
    )]
    root: Hkdf<Sha256>,
}

impl Key {
    fn new(key: &[u8; 32]) -> Self {
        let root = Hkdf::<Sha256>::new(Some(SALT), key);
        let state = derive(&root, STATE_LABEL);
        Key {
            state: HmacSha256::new_from_slice(&*state).expect("HMAC takes a key of any length"),
            root,
        }
    }
}

/// The key of the use `label`, expanded from `root`; zeroed when dropped.
fn derive(root: &Hkdf<Sha256>, label: &[u8]) -> zeroize::Zeroizing<[u8; 32]> {
    let mut key = zeroize::Zeroizing::new([0; 32]);
    root.expand(label, &mut *key)
        .expect("32 bytes is a length HKDF-SHA256 gives");
    key
}

impl fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateKeys")
            .field("current", &"<secret>")
            .field("previous", &self.previous.len())
            .field("ttl", &self.ttl)
            .finish()
    }
}

/// Why a key could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// Not 64 hexadecimal characters (32 bytes).
    NotHex {
        /// Where the key came from (an environment variable's name, or `"key"`).
        source: String,
    },
    /// The system's random number generator failed.
    Random,
    /// [`StateKeys::install`] was called after keys were installed (or first used).
    AlreadyInstalled,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::NotHex { source } => write!(
                f,
                "the state key in {source} is not 64 hexadecimal characters (32 bytes); make one with `openssl rand -hex 32`"
            ),
            KeyError::Random => f.write_str("the system's random number generator failed"),
            KeyError::AlreadyInstalled => f.write_str(
                "the state keys of this process were already installed, or already used: install them once, before the first request",
            ),
        }
    }
}

impl std::error::Error for KeyError {}

static INSTALLED: OnceLock<StateKeys> = OnceLock::new();

impl StateKeys {
    /// A 32-byte key, five minutes of life per state ([`DEFAULT_TTL`]).
    pub fn new(key: [u8; 32]) -> Self {
        StateKeys {
            current: Key::new(&key),
            previous: Vec::new(),
            ttl: DEFAULT_TTL,
        }
    }

    /// A key written as 64 hexadecimal characters.
    ///
    /// # Errors
    ///
    /// When `hex` is not 64 hexadecimal characters.
    pub fn from_hex(hex: &str) -> Result<Self, KeyError> {
        Ok(StateKeys::new(parse_hex(hex, "key")?))
    }

    /// The keys written as `CURRENT[,PREVIOUS...]`: comma-separated keys of 64 hexadecimal
    /// characters each, the current key first (it seals; every key opens), then the keys being
    /// rotated out ([`StateKeys::with_previous`]). Spaces around each key are ignored.
    ///
    /// ```
    /// use mcp_elicit::rounds::StateKeys;
    ///
    /// let (new, old) = ("ab".repeat(32), "cd".repeat(32));
    /// let rotated = StateKeys::from_hex_list(&format!("{new},{old}")).unwrap();
    /// let before = StateKeys::from_hex_list(&old).unwrap();
    /// assert_eq!(format!("{rotated:?}"), format!("{:?}", StateKeys::from_hex(&new).unwrap().with_previous_hex(&old).unwrap()));
    /// assert!(StateKeys::from_hex_list(&format!("{new},")).is_err());
    /// # let _ = before;
    /// ```
    ///
    /// # Errors
    ///
    /// When a key is not 64 hexadecimal characters, or none is given.
    pub fn from_hex_list(list: &str) -> Result<Self, KeyError> {
        parse_list(list, "the list")
    }

    /// A random key from the system's generator: rounds sealed with it can be opened only by
    /// this value (and its clones).
    ///
    /// # Errors
    ///
    /// When the system's random number generator fails.
    pub fn random() -> Result<Self, KeyError> {
        let mut key = [0; 32];
        getrandom::fill(&mut key).map_err(|_| KeyError::Random)?;
        Ok(StateKeys::new(key))
    }

    /// The keys in the environment variable `var`, written as [`StateKeys::from_hex_list`]
    /// reads them (`CURRENT[,PREVIOUS...]`), or a random key if it is not set. A value that is
    /// set but not keys is an error, never silently replaced.
    ///
    /// # Errors
    ///
    /// When the variable is set but is not a comma-separated list of keys of 64 hexadecimal
    /// characters, or the random number generator fails.
    pub fn from_env(var: &str) -> Result<Self, KeyError> {
        match std::env::var(var) {
            Ok(list) => parse_list(&list, var),
            Err(std::env::VarError::NotPresent) => StateKeys::random(),
            Err(std::env::VarError::NotUnicode(_)) => Err(KeyError::NotHex {
                source: var.to_owned(),
            }),
        }
    }

    /// Also accepts states sealed with `key` (the key being rotated out); new states are always
    /// sealed with the current key.
    pub fn with_previous(mut self, key: [u8; 32]) -> Self {
        self.previous.push(Key::new(&key));
        self
    }

    /// [`StateKeys::with_previous`] with a key written as 64 hexadecimal characters.
    ///
    /// # Errors
    ///
    /// When `hex` is not 64 hexadecimal characters.
    pub fn with_previous_hex(self, hex: &str) -> Result<Self, KeyError> {
        Ok(self.with_previous(parse_hex(hex, "previous key")?))
    }

    /// How long a state is accepted after it was sealed.
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// How long a state is accepted after it was sealed.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// Makes these the keys of this process, used wherever no other keys are given: call it once,
    /// at start-up, before the first request. An error if keys were installed (or already used)
    /// before.
    ///
    /// # Errors
    ///
    /// [`KeyError::AlreadyInstalled`] when keys were installed, or used, before.
    pub fn install(self) -> Result<(), KeyError> {
        INSTALLED.set(self).map_err(|_| KeyError::AlreadyInstalled)
    }

    /// The keys of this process: those [`StateKeys::install`]ed, or a random key made on first
    /// use.
    ///
    /// # Panics
    ///
    /// If no keys were installed and the system's random number generator fails.
    pub fn installed() -> &'static StateKeys {
        INSTALLED.get_or_init(|| {
            StateKeys::random().expect("the system's random number generator works")
        })
    }

    /// A key of its own for another use of these keys, named by `label` (HKDF-SHA256's `info`;
    /// the state's own label is not one): the current key's first, then each previous key's, so
    /// that what the current one sealed opens and what a previous one sealed still opens while
    /// rotating. Each is zeroed when dropped.
    #[cfg(feature = "page")]
    pub(crate) fn subkeys(&self, label: &[u8]) -> Vec<zeroize::Zeroizing<[u8; 32]>> {
        debug_assert_ne!(label, STATE_LABEL, "the state's key is the state's alone");
        std::iter::once(&self.current)
            .chain(&self.previous)
            .map(|key| derive(&key.root, label))
            .collect()
    }

    /// `payload` sealed with the current key.
    pub(crate) fn seal(&self, payload: &[u8]) -> String {
        let tag = tag(&self.current.state, payload).finalize().into_bytes();
        let mut sealed = String::with_capacity(PREFIX.len() + (payload.len() + 32) * 4 / 3 + 4);
        sealed.push_str(PREFIX);
        URL_SAFE_NO_PAD.encode_string(payload, &mut sealed);
        sealed.push('.');
        URL_SAFE_NO_PAD.encode_string(tag, &mut sealed);
        sealed
    }

    /// The payload of a sealed state, if one of the keys sealed it.
    pub(crate) fn open(&self, sealed: &str) -> Result<Vec<u8>, StateError> {
        if sealed.len() > MAX_STATE_SIZE {
            return Err(StateError::TooLong);
        }
        let body = sealed.strip_prefix(PREFIX).ok_or(StateError::Malformed)?;
        let (payload, tag) = body.split_once('.').ok_or(StateError::Malformed)?;
        let payload = URL_SAFE_NO_PAD
            .decode(payload)
            .map_err(|_| StateError::Malformed)?;
        let tag = URL_SAFE_NO_PAD
            .decode(tag)
            .map_err(|_| StateError::Malformed)?;
        let verified = std::iter::once(&self.current)
            .chain(&self.previous)
            .any(|key| self::tag(&key.state, &payload).verify_slice(&tag).is_ok());
        if verified {
            Ok(payload)
        } else {
            Err(StateError::Forged)
        }
    }
}

/// The MAC of `payload` under `keyed`, not yet finalized.
fn tag(keyed: &HmacSha256, payload: &[u8]) -> HmacSha256 {
    let mut mac = keyed.clone();
    mac.update(payload);
    mac
}

/// The keys of `list` (`CURRENT[,PREVIOUS...]`), read from `source` (for the error).
fn parse_list(list: &str, source: &str) -> Result<StateKeys, KeyError> {
    let hexes: Vec<&str> = list.split(',').map(str::trim).collect();
    let count = hexes.len();
    let mut keys = hexes.iter().enumerate().map(|(at, hex)| {
        if count == 1 {
            parse_hex(hex, source)
        } else {
            let source = format!(
                "{source} (key {} of {count}, comma-separated, the current one first)",
                at + 1
            );
            parse_hex(hex, &source)
        }
    });
    let current = keys.next().unwrap_or_else(|| parse_hex("", source))?;
    keys.try_fold(StateKeys::new(current), |keys, previous| {
        Ok(keys.with_previous(previous?))
    })
}

fn parse_hex(hex: &str, source: &str) -> Result<[u8; 32], KeyError> {
    let error = || KeyError::NotHex {
        source: source.to_owned(),
    };
    let bytes = hex.as_bytes();
    if bytes.len() != 64 || !bytes.iter().all(u8::is_ascii_hexdigit) {
        return Err(error());
    }
    let mut key = [0; 32];
    for (byte, pair) in key.iter_mut().zip(bytes.chunks_exact(2)) {
        let text = std::str::from_utf8(pair).map_err(|_| error())?;
        *byte = u8::from_str_radix(text, 16).map_err(|_| error())?;
    }
    Ok(key)
}

/// Seconds since the Unix epoch, now.
pub(crate) fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Why a `requestState` a client sent back is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// Longer than any this crate writes; not read.
    TooLong,
    /// Not a state this crate writes at all.
    Malformed,
    /// Its seal does not verify with this server's keys: edited, or sealed by a server with
    /// another key.
    Forged,
    /// Sealed by this server, but for another request: another method, tool, prompt or resource,
    /// or other arguments.
    OtherRequest,
    /// Sealed by this server for this request, but for another caller: the request's signed-in
    /// user ([`Incoming::caller`](super::Incoming::caller)) is not the one it was sealed for, or one of them has none.
    OtherCaller,
    /// Sealed by this server for this request, but its time is up.
    Expired,
    /// Sealed by this server for this request, and used already: its answers were taken once
    /// (a page's), or its single use was claimed (`Asking::single_use` of the `rmcp` module).
    Used,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StateError::TooLong => "it is longer than any this server writes",
            StateError::Malformed => "it is not a state this server writes",
            StateError::Forged => {
                "its seal does not verify: it was edited, or sealed by a server with another key"
            }
            StateError::OtherRequest => {
                "it was sealed for another request (another method, name or arguments)"
            }
            StateError::OtherCaller => {
                "it was sealed for another caller (the signed-in user of this request is not the one it was asked of)"
            }
            StateError::Expired => "it has expired",
            StateError::Used => "its answers were used already",
        })
    }
}

impl std::error::Error for StateError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(byte: u8) -> StateKeys {
        StateKeys::new([byte; 32])
    }

    #[test]
    fn a_sealed_payload_opens_with_its_key_and_a_previous_one() {
        let sealed = keys(1).seal(b"payload");
        assert_eq!(keys(1).open(&sealed).unwrap(), b"payload");
        assert_eq!(
            keys(2).with_previous([1; 32]).open(&sealed).unwrap(),
            b"payload"
        );
        assert_eq!(keys(2).open(&sealed), Err(StateError::Forged));
    }

    #[test]
    fn every_edit_is_refused() {
        let sealed = keys(1).seal(br#"{"a":1}"#);
        for i in 0..sealed.len() {
            let mut bytes = sealed.clone().into_bytes();
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
            let edited = String::from_utf8(bytes).unwrap();
            assert!(keys(1).open(&edited).is_err(), "{edited}");
        }
        for edited in [
            format!("{sealed}-TAMPERED"),
            sealed[..sealed.len() - 1].to_owned(),
            sealed.replace(PREFIX, "me1."),
            sealed.replace(PREFIX, "me3."),
            String::new(),
            ".".into(),
            PREFIX.into(),
            format!("{PREFIX}."),
            "x".repeat(MAX_STATE_SIZE + 1),
        ] {
            assert!(keys(1).open(&edited).is_err(), "{edited:.60}");
        }
    }

    #[test]
    fn keys_read_from_hex_and_refuse_anything_else() {
        let hex = "0123456789abcdefABCDEF0123456789abcdef0123456789abcdef0123456789";
        assert!(StateKeys::from_hex(hex).is_ok());
        for bad in [
            "",
            "00",
            &"g".repeat(64),
            &"0".repeat(63),
            &"0".repeat(65),
            &"é".repeat(32),
            // `from_str_radix` alone would read a sign.
            &"+f".repeat(32),
        ] {
            assert!(StateKeys::from_hex(bad).is_err(), "{bad}");
        }
        assert_ne!(
            StateKeys::random().unwrap().seal(b"x"),
            StateKeys::random().unwrap().seal(b"x")
        );
    }

    #[test]
    fn a_list_of_keys_is_the_current_one_then_the_previous_ones() {
        let (one, two) = ("01".repeat(32), "02".repeat(32));
        let rotated = StateKeys::from_hex_list(&format!(" {two} , {one}")).unwrap();
        assert_eq!(rotated.previous.len(), 1);
        // The first seals; both open.
        let sealed = rotated.seal(b"x");
        assert_eq!(keys(2).open(&sealed).unwrap(), b"x");
        assert_eq!(rotated.open(&keys(1).seal(b"y")).unwrap(), b"y");
        assert_eq!(keys(1).open(&sealed), Err(StateError::Forged));
        for (bad, which) in [
            (String::new(), "the list"),
            (
                ",".to_owned(),
                "the list (key 1 of 2, comma-separated, the current one first)",
            ),
            (
                format!("{two},"),
                "the list (key 2 of 2, comma-separated, the current one first)",
            ),
            (
                format!("{two},{one},xyz"),
                "the list (key 3 of 3, comma-separated, the current one first)",
            ),
            (format!("{two};{one}"), "the list"),
        ] {
            assert_eq!(
                StateKeys::from_hex_list(&bad).err(),
                Some(KeyError::NotHex {
                    source: which.to_owned()
                }),
                "{bad}"
            );
        }
        let error = StateKeys::from_hex_list(&format!("{two},x")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the state key in the list (key 2 of 2, comma-separated, the current one first) is not 64 hexadecimal characters (32 bytes); make one with `openssl rand -hex 32`"
        );
    }
}
