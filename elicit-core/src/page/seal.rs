//! The pages' ids and seal: what a store keeps is sealed with `XChaCha20-Poly1305` (`RustCrypto`'s
//! `chacha20poly1305`) under a key of its own drawn from the server's [`StateKeys`] (HKDF-SHA256),
//! with the layout's version, the kind of value ([`Kind`]: a page's record or its answer) and the
//! page's id as associated data, so that the store never holds an answer in plain text, and a
//! value can be neither read, edited, moved to another page's id, nor passed off as the other
//! kind.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

use crate::rounds::StateKeys;

/// What the key of the seal is drawn under, from the state keys (HKDF's `info`).
const LABEL: &[u8] = b"mcp-elicit/page-seal/v1";

/// What the key of the owners' digests is drawn under.
const OWNER_LABEL: &[u8] = b"mcp-elicit/page-owner/v1";

/// What every sealed value starts with; the version of its layout (2: the kind of value in the
/// associated data, keys drawn by HKDF).
const VERSION: u8 = 2;

/// What a sealed value is, bound into its seal: a value sealed as one kind never opens as the
/// other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A page's record: whose it is, what it asks.
    Record,
    /// A page's answer.
    Answer,
    /// A connection to an account in progress (feature `account`): sealed under its page's id.
    Connection,
    /// A connected account's tokens (feature `account`): sealed under the account's own id
    /// ([`PageSeal::account_ids`]).
    Account,
}

impl Kind {
    const fn byte(self) -> u8 {
        match self {
            Kind::Record => 1,
            Kind::Answer => 2,
            Kind::Connection => 3,
            Kind::Account => 4,
        }
    }
}

/// The associated data of a value of `kind` for the page `id`: the layout's version, the kind and
/// the id.
fn associated(id: &PageId, kind: Kind) -> [u8; 18] {
    let mut aad = [0; 18];
    aad[0] = VERSION;
    aad[1] = kind.byte();
    aad[2..].copy_from_slice(&id.0);
    aad
}

/// The length of a nonce (`XChaCha20`: 192 bits, drawn at random for each seal).
const NONCE: usize = 24;

/// The id of a pending page: 128 bits, written in the URL as 22 characters of unpadded
/// base64url; from the operating system's generator, but for the first byte of an id made for an
/// owner ([`PageId::random_for`]), its owner's bucket. It carries nothing else: no user data, no
/// secret, no authority (whoever opens the page must still be the user whose call made it).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PageId([u8; 16]);

impl PageId {
    /// A fresh id from the operating system's generator.
    ///
    /// # Errors
    ///
    /// When the generator fails.
    pub fn random() -> Result<Self, SealError> {
        let mut id = [0; 16];
        getrandom::fill(&mut id).map_err(|_| SealError::Random)?;
        Ok(PageId(id))
    }

    /// A fresh id for a page of `owner`: its first byte is the owner's bucket
    /// ([`Owner::bucket`]), the other 120 bits from the operating system's generator. A store
    /// finds by the id alone where it keeps the owner's pages (the Redis store: one hash slot of
    /// a Redis Cluster per bucket, so that the pages spread over its primaries). The bucket is a
    /// byte of a keyed digest: it tells nothing of who the owner is, and is shared by one owner
    /// in 256.
    ///
    /// # Errors
    ///
    /// When the generator fails.
    pub fn random_for(owner: &Owner) -> Result<Self, SealError> {
        let mut id = PageId::random()?;
        id.0[0] = owner.bucket();
        Ok(id)
    }

    /// The bucket of the owner this id was made for ([`PageId::random_for`]); of an id made
    /// otherwise, a byte at random.
    pub fn bucket(&self) -> u8 {
        self.0[0]
    }

    /// The id written as `text`, if it is one: exactly 22 characters of base64url, in the one
    /// spelling its `Display` gives (anything else, a URL's path included, is no id).
    pub fn parse(text: &str) -> Option<Self> {
        if text.len() != 22 {
            return None;
        }
        let mut id = [0; 16];
        let written = URL_SAFE_NO_PAD.decode_slice(text, &mut id).ok()?;
        // The last character holds 2 bits of the id and 4 unused ones, which must be zero: the
        // same id has one spelling.
        (written == 16 && PageId(id).to_string() == text).then_some(PageId(id))
    }

    /// The id's bytes.
    pub fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }
}

impl fmt::Display for PageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&URL_SAFE_NO_PAD.encode(self.0))
    }
}

impl fmt::Debug for PageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PageId({self})")
    }
}

/// Whose a page is, as a store counts a user's share: a digest of the user's subject keyed with
/// the server's key ([`PageSeal::owner`]), so a store never holds
/// who the user is. Written as 32 hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Owner([u8; 16]);

impl Owner {
    /// The owner of these 16 bytes (a digest: [`PageSeal::owner`]).
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Owner(bytes)
    }

    /// Its bytes.
    pub fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// Its bucket, one of 256: the first byte of its digest. The ids of its pages carry it
    /// ([`PageId::random_for`]).
    pub fn bucket(&self) -> u8 {
        self.0[0]
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Owner({self})")
    }
}

/// The seal of what a page store keeps: its key derived from the server's [`StateKeys`] (the
/// current one seals; the current and the previous ones open, while rotating), so replicas that
/// share `MCP_ELICIT_STATE_KEY` open each other's records.
///
/// ```
/// use mcp_elicit::page::seal::{Kind, PageId, PageSeal};
/// use mcp_elicit::rounds::StateKeys;
///
/// let seal = PageSeal::new(&StateKeys::new([7; 32]));
/// let id = PageId::random().unwrap();
/// let sealed = seal.seal(&id, Kind::Answer, b"sk-live-0123456789").unwrap();
/// // The store holds no plain text, and the value opens under its own id and kind only.
/// assert!(!sealed.windows(18).any(|w| w == b"sk-live-0123456789"));
/// assert_eq!(*seal.open(&id, Kind::Answer, &sealed).unwrap(), b"sk-live-0123456789");
/// assert!(seal.open(&PageId::random().unwrap(), Kind::Answer, &sealed).is_err());
/// assert!(seal.open(&id, Kind::Record, &sealed).is_err());
/// ```
#[derive(Clone)]
pub struct PageSeal {
    /// The current key's cipher first, then each previous key's.
    ciphers: Vec<XChaCha20Poly1305>,
    /// The MAC of the owners' and accounts' digests, under each key's own key for them: the
    /// current key's first, then each previous key's.
    owners: Vec<Hmac<Sha256>>,
}

impl fmt::Debug for PageSeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PageSeal")
            .field("keys", &self.ciphers.len())
            .finish_non_exhaustive()
    }
}

impl PageSeal {
    /// The seal whose keys are derived from `keys` (and from each previous key, to open).
    pub fn new(keys: &StateKeys) -> Self {
        let ciphers = keys
            .subkeys(LABEL)
            .into_iter()
            .map(|key| XChaCha20Poly1305::new(&(*key).into()))
            .collect();
        let owners = keys
            .subkeys(OWNER_LABEL)
            .iter()
            .map(|key| owner_mac(key))
            .collect();
        PageSeal { ciphers, owners }
    }

    /// The owner of the pages of `subject` (`None`: pages made without an identity check, which
    /// share one owner): a digest keyed with the server's key, so that a store counts each user's
    /// pages without holding who they are. (Rotating the key gives every user a new owner: for a
    /// page's life, a user's share may count twice.)
    pub fn owner(&self, subject: Option<&str>) -> Owner {
        let mut mac = self.owners[0].clone();
        match subject {
            Some(subject) => {
                mac.update(&[1]);
                mac.update(subject.as_bytes());
            }
            None => mac.update(&[0]),
        }
        let digest = mac.finalize().into_bytes();
        let mut owner = [0; 16];
        owner.copy_from_slice(&digest[..16]);
        Owner::from_bytes(owner)
    }

    /// The ids that name, and bind the seal of, the account of `subject` at the provider named
    /// `provider` whose issuer is `issuer` (feature `account`), one for each key: the current
    /// key's first (under which an account is kept), then each previous key's (under which it was
    /// kept before the rotation, and is found until it is kept again). Digests keyed with the
    /// server's keys, so that a store holds neither who the user is nor which provider (beyond
    /// the digest); and the issuer's, so that tokens kept for one issuer are never found for
    /// another.
    pub fn account_ids(&self, provider: &str, issuer: &str, subject: &str) -> Vec<PageId> {
        self.owners
            .iter()
            .map(|mac| {
                let mut mac = mac.clone();
                mac.update(&[3]);
                for part in [provider, issuer] {
                    mac.update(&(part.len() as u64).to_be_bytes());
                    mac.update(part.as_bytes());
                }
                mac.update(subject.as_bytes());
                let digest = mac.finalize().into_bytes();
                let mut id = [0; 16];
                id.copy_from_slice(&digest[..16]);
                PageId(id)
            })
            .collect()
    }

    /// The id of the page that asks `subject` on behalf of one call through a link in its result
    /// (a client that shows no form and opens no page): a digest keyed with the server's current
    /// key of the subject, the call (`call`: the digest of its method, name and arguments, as a
    /// `requestState` is bound), the `key` the handler asked under, and the `generation` (the
    /// same call asked again after its answer was used), its first byte the subject's bucket. The
    /// same call made again finds its page without anything kept beside it; anyone else, or any
    /// other call, finds another id; and the id tells nothing of any of them.
    pub fn link_id(&self, subject: &str, call: &[u8; 32], key: &str, generation: u32) -> PageId {
        let mut mac = self.owners[0].clone();
        mac.update(&[4]);
        for part in [subject.as_bytes(), call, key.as_bytes()] {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part);
        }
        mac.update(&generation.to_be_bytes());
        let digest = mac.finalize().into_bytes();
        let mut id = [0; 16];
        id.copy_from_slice(&digest[..16]);
        id[0] = self.owner(Some(subject)).bucket();
        PageId(id)
    }

    /// `plain`, a value of `kind`, sealed for the page `id` with the current key: a version
    /// byte, a random nonce, the ciphertext and its tag.
    ///
    /// # Errors
    ///
    /// When the operating system's generator fails.
    pub fn seal(&self, id: &PageId, kind: Kind, plain: &[u8]) -> Result<Vec<u8>, SealError> {
        let mut nonce = [0; NONCE];
        getrandom::fill(&mut nonce).map_err(|_| SealError::Random)?;
        let aad = associated(id, kind);
        let payload = Payload {
            msg: plain,
            aad: &aad,
        };
        let cipher = self.ciphers.first().ok_or(SealError::Forged)?;
        let sealed = cipher
            .encrypt(&XNonce::from(nonce), payload)
            .map_err(|_| SealError::Forged)?;
        let mut record = Vec::with_capacity(1 + NONCE + sealed.len());
        record.push(VERSION);
        record.extend_from_slice(&nonce);
        record.extend_from_slice(&sealed);
        Ok(record)
    }

    /// What `sealed` holds, if one of the keys sealed it as a value of `kind` for the page `id`;
    /// zeroed when dropped.
    ///
    /// # Errors
    ///
    /// [`SealError::Forged`] for anything else: edited, sealed for another id, as another kind or
    /// with another key, truncated, or of another layout.
    pub fn open(
        &self,
        id: &PageId,
        kind: Kind,
        sealed: &[u8],
    ) -> Result<Zeroizing<Vec<u8>>, SealError> {
        let Some((&VERSION, rest)) = sealed.split_first() else {
            return Err(SealError::Forged);
        };
        if rest.len() < NONCE {
            return Err(SealError::Forged);
        }
        let (nonce, ciphertext) = rest.split_at(NONCE);
        let nonce: [u8; NONCE] = nonce.try_into().map_err(|_| SealError::Forged)?;
        let nonce = XNonce::from(nonce);
        let aad = associated(id, kind);
        self.ciphers
            .iter()
            .find_map(|cipher| {
                let payload = Payload {
                    msg: ciphertext,
                    aad: &aad,
                };
                cipher.decrypt(&nonce, payload).ok()
            })
            .map(Zeroizing::new)
            .ok_or(SealError::Forged)
    }
}

/// The MAC of the owners' digests, keyed with `key`.
fn owner_mac(key: &[u8; 32]) -> Hmac<Sha256> {
    Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length")
}

/// Why a record could not be sealed or opened.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SealError {
    /// The operating system's random number generator failed.
    Random,
    /// Not a record these keys sealed for this page.
    Forged,
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::Random => f.write_str("the system's random number generator failed"),
            SealError::Forged => {
                f.write_str("the page's record is not one this server sealed for this page")
            }
        }
    }
}

impl std::error::Error for SealError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn seal(byte: u8) -> PageSeal {
        PageSeal::new(&StateKeys::new([byte; 32]))
    }

    #[test]
    fn ids_have_one_spelling_and_nothing_else_is_an_id() {
        let id = PageId::random().unwrap();
        let text = id.to_string();
        assert_eq!(text.len(), 22);
        assert_eq!(PageId::parse(&text), Some(id));
        // Two random ids differ (128 bits).
        assert_ne!(PageId::random().unwrap(), id);
        for bad in [
            "",
            "short",
            &format!("{text}A"),
            &text[..21],
            "../../../../etc/passwd",
            "AAAAAAAAAAAAAAAAAAAAA=",
            "AAAAAAAAAAAAAAAAAAAA+/",
            "ÄAAAAAAAAAAAAAAAAAAAA",
        ] {
            assert_eq!(PageId::parse(bad), None, "{bad:?}");
        }
        // The unused bits of the last character set: the same bytes spelled otherwise.
        let zero = PageId([0; 16]).to_string();
        assert_eq!(zero, "AAAAAAAAAAAAAAAAAAAAAA");
        assert_eq!(PageId::parse("AAAAAAAAAAAAAAAAAAAAAB"), None);
    }

    #[test]
    fn an_owners_ids_carry_its_bucket_and_differ() {
        let owner = Owner::from_bytes([0xb7; 16]);
        let (one, two) = (
            PageId::random_for(&owner).unwrap(),
            PageId::random_for(&owner).unwrap(),
        );
        assert_eq!(
            (owner.bucket(), one.bucket(), two.bucket()),
            (0xb7, 0xb7, 0xb7)
        );
        assert_ne!(one, two);
        assert_eq!(PageId::parse(&one.to_string()), Some(one));
    }

    #[test]
    fn a_record_opens_with_its_key_and_id_only() {
        let id = PageId::random().unwrap();
        let record = seal(1).seal(&id, Kind::Answer, b"the answer").unwrap();
        assert_eq!(
            *seal(1).open(&id, Kind::Answer, &record).unwrap(),
            b"the answer"
        );
        // Another key, another id, another kind.
        assert_eq!(
            seal(2).open(&id, Kind::Answer, &record),
            Err(SealError::Forged)
        );
        let other = PageId::random().unwrap();
        assert_eq!(
            seal(1).open(&other, Kind::Answer, &record),
            Err(SealError::Forged)
        );
        assert_eq!(
            seal(1).open(&id, Kind::Record, &record),
            Err(SealError::Forged)
        );
        // Each seal draws its own nonce: the same answer is never the same record.
        assert_ne!(
            seal(1).seal(&id, Kind::Answer, b"the answer").unwrap(),
            record
        );
    }

    #[test]
    fn every_edit_of_a_record_is_refused() {
        let id = PageId::random().unwrap();
        let record = seal(1)
            .seal(&id, Kind::Answer, b"{\"api_key\":\"sk-0123\"}")
            .unwrap();
        for at in 0..record.len() {
            let mut edited = record.clone();
            edited[at] ^= 0x01;
            assert_eq!(
                seal(1).open(&id, Kind::Answer, &edited),
                Err(SealError::Forged),
                "{at}"
            );
        }
        for len in 0..record.len() {
            assert_eq!(
                seal(1).open(&id, Kind::Answer, &record[..len]),
                Err(SealError::Forged),
                "{len}"
            );
        }
        let mut longer = record.clone();
        longer.push(0);
        assert_eq!(
            seal(1).open(&id, Kind::Answer, &longer),
            Err(SealError::Forged)
        );
    }

    #[test]
    fn a_previous_key_still_opens_while_rotating() {
        let id = PageId::random().unwrap();
        let old = seal(1)
            .seal(&id, Kind::Record, b"sealed before the rotation")
            .unwrap();
        let rotated = PageSeal::new(&StateKeys::new([2; 32]).with_previous([1; 32]));
        assert_eq!(
            *rotated.open(&id, Kind::Record, &old).unwrap(),
            b"sealed before the rotation"
        );
        // What the rotated keys seal, the old ones cannot open.
        let new = rotated.seal(&id, Kind::Record, b"after").unwrap();
        assert_eq!(
            seal(1).open(&id, Kind::Record, &new),
            Err(SealError::Forged)
        );
    }

    #[test]
    fn each_use_of_the_key_has_a_key_of_its_own() {
        // Drawn from the same secret by HKDF under labels of their own: never the secret, never
        // each other, never a state's tag; the seal's Debug shows none of them.
        let keys = StateKeys::new([9; 32]);
        let page = *keys.subkeys(LABEL)[0];
        let owner = *keys.subkeys(OWNER_LABEL)[0];
        assert_ne!(page, [9; 32]);
        assert_ne!(page, owner);
        assert_ne!(*keys.subkeys(b"another use")[0], page);
        // A state whose payload is the page label behind any byte has a tag that is no key.
        for first in 0..=255u8 {
            let mut payload = vec![first];
            payload.extend_from_slice(LABEL);
            let sealed = keys.seal(&payload);
            let tag = URL_SAFE_NO_PAD
                .decode(sealed.rsplit_once('.').unwrap().1)
                .unwrap();
            assert_ne!(tag, page);
            assert_ne!(tag, owner);
        }
        assert!(!format!("{:?}", PageSeal::new(&keys)).contains('9'));
    }

    #[test]
    fn account_ids_are_one_per_key_and_name_the_issuer() {
        let one = seal(1);
        let [id] = one.account_ids("p", "https://a.example", "ada")[..] else {
            panic!("one key, one id");
        };
        assert_eq!(one.account_ids("p", "https://a.example", "ada"), [id]);
        for other in [
            one.account_ids("p", "https://b.example", "ada"),
            one.account_ids("q", "https://a.example", "ada"),
            one.account_ids("p", "https://a.example", "bob"),
            // The parts' lengths are in the digest: no two splits of one text give one id.
            one.account_ids("p", "https://a.exampleada", ""),
            seal(2).account_ids("p", "https://a.example", "ada"),
        ] {
            assert_ne!(other[0], id);
        }
        // Rotated: the new key's id first, then the old one's (the one kept before).
        let rotated = PageSeal::new(&StateKeys::new([2; 32]).with_previous([1; 32]));
        let ids = rotated.account_ids("p", "https://a.example", "ada");
        assert_eq!(ids.len(), 2);
        assert_eq!(
            ids[0],
            seal(2).account_ids("p", "https://a.example", "ada")[0]
        );
        assert_eq!(ids[1], id);
        // An owner is not an account.
        assert_ne!(one.owner(Some("ada")).as_bytes(), id.as_bytes());
    }

    #[test]
    fn owners_are_keyed_digests_of_the_subject() {
        let (one, two) = (seal(1), seal(2));
        assert_eq!(one.owner(Some("alice")), one.owner(Some("alice")));
        assert_ne!(one.owner(Some("alice")), one.owner(Some("bob")));
        assert_ne!(one.owner(Some("alice")), two.owner(Some("alice")));
        assert_ne!(one.owner(Some("")), one.owner(None));
        assert!(!one.owner(Some("alice")).to_string().contains("616c696365"));
        assert_eq!(one.owner(None).to_string().len(), 32);
    }
}
