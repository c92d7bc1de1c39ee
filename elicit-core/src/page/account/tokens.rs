//! An account as it is kept (sealed): the issuer its tokens belong to, the upstream account's
//! subject, the current grant's tokens, and the grants retired (replaced by a new connection,
//! disconnected, or orphaned by a refresh that lost to a disconnect) whose tokens may still be
//! live at the provider: kept until they are revoked, or dead.

use openidconnect::OAuth2TokenResponse;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};
use zeroize::Zeroizing;

use super::client::TokenResponse;

/// How long before its expiry an access token is refreshed, at most: it must still work when
/// the server uses it (a quarter of its life, for one that lives less than two minutes).
const EARLY: u64 = 30;

/// How many retired grants an account keeps at most: past them, the oldest is forgotten (and
/// logged as an error), so that a provider that never revokes cannot grow an account without end.
pub(super) const MAX_RETIRED: usize = 16;

/// The longest wait before a failed revocation is tried again: an hour.
const LONGEST_RETRY: u64 = 3_600;

/// Whether two tokens are the same (in constant time).
pub(super) fn same(one: &SecretString, other: &SecretString) -> bool {
    use subtle::ConstantTimeEq;
    bool::from(
        one.expose_secret()
            .as_bytes()
            .ct_eq(other.expose_secret().as_bytes()),
    )
}

/// One grant's tokens: what a token response gave.
#[derive(Clone)]
pub(super) struct Grant {
    pub(super) access: SecretString,
    /// Seconds since the Unix epoch when the access token expires, if the provider said.
    pub(super) expires: Option<u64>,
    pub(super) refresh: Option<SecretString>,
    /// Seconds since the Unix epoch when the refresh token expires, if the provider said.
    pub(super) refresh_expires: Option<u64>,
    /// Seconds since the Unix epoch when it was issued.
    pub(super) issued: u64,
}

/// A token of a retired grant: its secret, and when it expires (if the provider said).
#[derive(Clone)]
pub(super) struct Token {
    pub(super) secret: SecretString,
    pub(super) expires: Option<u64>,
}

impl Token {
    fn dead(&self, now: u64) -> bool {
        self.expires.is_some_and(|expires| expires <= now)
    }
}

/// A retired grant, until its tokens are revoked or dead.
#[derive(Clone)]
pub(super) struct Retired {
    pub(super) access: Option<Token>,
    pub(super) refresh: Option<Token>,
    /// When its revocation is tried next (seconds since the Unix epoch).
    pub(super) next: u64,
    /// How many times its revocation failed.
    pub(super) tries: u32,
}

impl Retired {
    /// Whether nothing of it may still be live.
    pub(super) fn dead(&self, now: u64) -> bool {
        self.access.as_ref().is_none_or(|token| token.dead(now))
            && self.refresh.as_ref().is_none_or(|token| token.dead(now))
    }

    /// Whether its revocation is due.
    pub(super) fn due(&self, now: u64) -> bool {
        self.next <= now
    }

    /// Its revocation failed now: tried again later, ever later (a minute, doubling, up to an
    /// hour).
    pub(super) fn failed(&mut self, now: u64) {
        self.tries = self.tries.saturating_add(1);
        let wait = 30_u64
            .saturating_mul(1 << self.tries.min(10))
            .min(LONGEST_RETRY);
        self.next = now.saturating_add(wait);
    }
}

impl Grant {
    /// The tokens of a token response, received now.
    pub(super) fn of_response(response: &TokenResponse) -> Self {
        let now = crate::rounds::now_secs();
        Grant {
            issued: now,
            access: SecretString::from(response.access_token().secret().clone()),
            expires: response
                .expires_in()
                .map(|ttl| now.saturating_add(ttl.as_secs())),
            refresh: response
                .refresh_token()
                .map(|token| SecretString::from(token.secret().clone())),
            refresh_expires: response
                .extra_fields()
                .extra_fields()
                .seconds()
                .map(|ttl| now.saturating_add(ttl)),
        }
    }

    /// Whether the access token is expired, or about to be.
    pub(super) fn expiring(&self) -> bool {
        self.expires.is_some_and(|expires| {
            let early = EARLY.min(expires.saturating_sub(self.issued) / 4);
            crate::rounds::now_secs().saturating_add(early) >= expires
        })
    }

    /// Whether the access token is expired.
    pub(super) fn expired(&self) -> bool {
        self.expires
            .is_some_and(|expires| crate::rounds::now_secs() >= expires)
    }

    /// The grant retired now: its tokens to revoke (due at once).
    pub(super) fn retire(self, now: u64) -> Retired {
        Retired {
            access: Some(Token {
                secret: self.access,
                expires: self.expires,
            }),
            refresh: self.refresh.map(|secret| Token {
                secret,
                expires: self.refresh_expires,
            }),
            next: now,
            tries: 0,
        }
    }
}

/// An account, as kept.
#[derive(Clone)]
pub(super) struct Account {
    /// The issuer its tokens were issued by: sent to no other.
    pub(super) issuer: String,
    /// The upstream account's subject (an OpenID provider's `sub`), if the provider said.
    pub(super) upstream: Option<String>,
    pub(super) current: Option<Grant>,
    pub(super) retired: Vec<Retired>,
}

impl Account {
    /// An account of `issuer` with nothing in it.
    pub(super) fn empty(issuer: &str) -> Self {
        Account {
            issuer: issuer.to_owned(),
            upstream: None,
            current: None,
            retired: Vec::new(),
        }
    }

    /// Retires `grant` (to be revoked), keeping at most [`MAX_RETIRED`].
    pub(super) fn retire(&mut self, grant: Grant, now: u64) {
        self.retired.push(grant.retire(now));
        self.bound();
    }

    /// Forgets what is dead, and the oldest retired grants past [`MAX_RETIRED`].
    pub(super) fn bound(&mut self) {
        let now = crate::rounds::now_secs();
        self.retired.retain(|retired| !retired.dead(now));
        let over = self.retired.len().saturating_sub(MAX_RETIRED);
        if over > 0 {
            tracing::error!(
                issuer = self.issuer,
                forgotten = over,
                "an account holds more grants the provider did not revoke than it may keep: the oldest are forgotten, and may stay live at the provider until they expire"
            );
            self.retired.drain(..over);
        }
    }

    /// Whether nothing is left to keep.
    pub(super) fn is_empty(&self) -> bool {
        self.current.is_none() && self.retired.is_empty()
    }

    /// How long the store keeps it: as long as its longest-lived token may live (a refresh token
    /// whose life the provider did not say, `at_most`), and never longer than `at_most`.
    pub(super) fn keep(&self, at_most: u64, now: u64) -> u64 {
        let left = |expires: Option<u64>| expires.map_or(at_most, |e| e.saturating_sub(now));
        let current = self.current.as_ref().map(|grant| match &grant.refresh {
            Some(_) => left(grant.refresh_expires),
            None => left(grant.expires),
        });
        let retired = self.retired.iter().flat_map(|retired| {
            [&retired.access, &retired.refresh]
                .into_iter()
                .flatten()
                .map(|token| left(token.expires))
        });
        current
            .into_iter()
            .chain(retired)
            .max()
            .unwrap_or(0)
            .clamp(1, at_most.max(1))
    }

    pub(super) fn to_bytes(&self) -> Zeroizing<Vec<u8>> {
        let token = |token: &Token| json!({"secret": token.secret.expose_secret(), "expires": token.expires});
        let mut value = json!({
            "issuer": self.issuer,
            "upstream": self.upstream,
            "current": self.current.as_ref().map(|grant| json!({
                "access": grant.access.expose_secret(),
                "expires": grant.expires,
                "refresh": grant.refresh.as_ref().map(ExposeSecret::expose_secret),
                "refresh_expires": grant.refresh_expires,
                "issued": grant.issued,
            })),
            "retired": self.retired.iter().map(|retired| json!({
                "access": retired.access.as_ref().map(token),
                "refresh": retired.refresh.as_ref().map(token),
                "next": retired.next,
                "tries": retired.tries,
            })).collect::<Vec<_>>(),
        });
        let bytes = Zeroizing::new(value.to_string().into_bytes());
        crate::page::zeroize_value(&mut value);
        bytes
    }

    pub(super) fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let mut value: Value = serde_json::from_slice(bytes).ok()?;
        let account = read(&value);
        crate::page::zeroize_value(&mut value);
        account
    }
}

/// The account `value` holds.
fn read(value: &Value) -> Option<Account> {
    let secret = |value: &Value, name: &str| {
        value
            .get(name)
            .and_then(Value::as_str)
            .map(|s| SecretString::from(s.to_owned()))
    };
    let number = |value: &Value, name: &str| value.get(name).and_then(Value::as_u64);
    let token = |value: &Value, name: &str| {
        let token = value.get(name).filter(|token| !token.is_null())?;
        Some(Token {
            secret: secret(token, "secret")?,
            expires: number(token, "expires"),
        })
    };
    let current = match value.get("current") {
        None | Some(Value::Null) => None,
        Some(grant) => Some(Grant {
            access: secret(grant, "access")?,
            expires: number(grant, "expires"),
            refresh: secret(grant, "refresh"),
            refresh_expires: number(grant, "refresh_expires"),
            issued: number(grant, "issued").unwrap_or(0),
        }),
    };
    let retired = value
        .get("retired")?
        .as_array()?
        .iter()
        .map(|retired| Retired {
            access: token(retired, "access"),
            refresh: token(retired, "refresh"),
            next: number(retired, "next").unwrap_or(0),
            tries: number(retired, "tries")
                .and_then(|tries| u32::try_from(tries).ok())
                .unwrap_or(0),
        })
        .collect();
    Some(Account {
        issuer: value.get("issuer")?.as_str()?.to_owned(),
        upstream: value
            .get("upstream")
            .and_then(Value::as_str)
            .map(str::to_owned),
        current,
        retired,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(access: &str, expires: Option<u64>, refresh: Option<(&str, Option<u64>)>) -> Grant {
        Grant {
            access: SecretString::from(access.to_owned()),
            expires,
            refresh: refresh.map(|(secret, _)| SecretString::from(secret.to_owned())),
            refresh_expires: refresh.and_then(|(_, expires)| expires),
            issued: 1_000,
        }
    }

    #[test]
    fn an_account_reads_back_as_it_was_kept() {
        let mut account = Account::empty("https://id.example");
        account.upstream = Some("ada".to_owned());
        account.current = Some(grant("at-2", Some(4_000), Some(("rt-2", None))));
        account
            .retired
            .push(grant("at-1", Some(3_000), Some(("rt-1", Some(9_000)))).retire(5));
        let read = Account::from_bytes(&account.to_bytes()).unwrap();
        assert_eq!(read.issuer, "https://id.example");
        assert_eq!(read.upstream.as_deref(), Some("ada"));
        let current = read.current.unwrap();
        assert_eq!(current.access.expose_secret(), "at-2");
        assert_eq!(current.refresh.unwrap().expose_secret(), "rt-2");
        assert_eq!(
            (current.expires, current.refresh_expires),
            (Some(4_000), None)
        );
        let [retired] = &read.retired[..] else {
            panic!("one retired grant");
        };
        assert_eq!(
            retired.access.as_ref().unwrap().secret.expose_secret(),
            "at-1"
        );
        assert_eq!(retired.refresh.as_ref().unwrap().expires, Some(9_000));
        assert_eq!((retired.next, retired.tries), (5, 0));
        for bad in [&b"{}"[..], b"[]", b"not json", br#"{"issuer":"x"}"#] {
            assert!(Account::from_bytes(bad).is_none());
        }
    }

    #[test]
    fn a_retired_grant_is_dead_once_each_token_is() {
        let retired = grant("at", Some(100), Some(("rt", Some(200)))).retire(0);
        assert!(!retired.dead(99));
        assert!(!retired.dead(150), "its refresh token lives");
        assert!(retired.dead(200));
        // A refresh token of unknown life is never dead by time: only revoked.
        let retired = grant("at", Some(100), Some(("rt", None))).retire(0);
        assert!(!retired.dead(u64::MAX));
    }

    #[test]
    fn failed_revocations_are_tried_ever_later() {
        let mut retired = grant("at", None, None).retire(0);
        assert!(retired.due(0));
        let waits: Vec<u64> = (0..8)
            .map(|_| {
                retired.failed(1_000);
                retired.next - 1_000
            })
            .collect();
        assert_eq!(waits, [60, 120, 240, 480, 960, 1_920, 3_600, 3_600]);
    }

    #[test]
    fn an_account_is_kept_as_long_as_its_longest_lived_token_and_never_longer_than_the_most() {
        let now = 1_000;
        let mut account = Account::empty("i");
        account.current = Some(grant("at", Some(1_300), None));
        assert_eq!(account.keep(86_400, now), 300);
        account.current = Some(grant("at", Some(1_300), Some(("rt", Some(5_000)))));
        assert_eq!(account.keep(86_400, now), 4_000);
        account.current = Some(grant("at", Some(1_300), Some(("rt", None))));
        assert_eq!(account.keep(86_400, now), 86_400);
        account.current = Some(grant("at", Some(1_300), Some(("rt", Some(999_999)))));
        assert_eq!(account.keep(86_400, now), 86_400);
        account.current = None;
        account
            .retired
            .push(grant("at", Some(1_500), None).retire(now));
        assert_eq!(account.keep(86_400, now), 500);
        // Never zero: an expiry of zero is none.
        account.retired = vec![grant("at", Some(10), None).retire(now)];
        assert_eq!(account.keep(86_400, now), 1);
    }

    #[test]
    fn retired_grants_are_bounded_and_the_dead_forgotten() {
        let mut account = Account::empty("i");
        let now = crate::rounds::now_secs();
        account.retire(grant("dead", Some(1), None), now);
        assert!(
            account.retired.is_empty(),
            "expired, no refresh token: dead"
        );
        for n in 0..MAX_RETIRED + 3 {
            account.retire(grant(&format!("at-{n}"), None, None), now);
        }
        assert_eq!(account.retired.len(), MAX_RETIRED);
        assert_eq!(
            account.retired[0]
                .access
                .as_ref()
                .unwrap()
                .secret
                .expose_secret(),
            "at-3"
        );
    }
}
