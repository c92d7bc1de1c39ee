//! Where an account is kept: its ids (one for each state key, the current key's first), its
//! sealed record, changed only by the caller holding the account's claims and only if it is still
//! what that caller read (a compare-and-swap), and moved under the current key's id after a
//! rotation.
//!
//! Every change of an account (a refresh, a connection, a disconnection, a revocation, a move)
//! is made holding the claims of all its ids, so that replicas change it one at a time, whichever
//! of the rotating keys is their current one; a claim is released only by its holder, and ends by
//! itself after a hold three times the provider's time limit (a replica that dies holding it
//! does not hold it for ever). Reading it takes no claim.

use std::time::Duration;

use super::tokens::Account;
use super::{AccountError, Accounts};
use crate::page::seal::{Kind, PageId, SealError};
use crate::page::store::{KeptStore, PageStore};

/// How often a caller waiting for an account's claims, or for another's refresh, looks again.
pub(super) const POLL: Duration = Duration::from_millis(100);

/// How many times a change is tried when the record changed under it (its claims expired
/// meanwhile): then [`AccountError::Busy`].
const TRIES: usize = 8;

/// An account as found in the store.
pub(super) struct Found {
    /// Which of the ids it was kept under (0: the current key's).
    pub(super) at: usize,
    /// Its sealed record, as kept.
    pub(super) sealed: Vec<u8>,
    pub(super) account: Account,
}

/// What a change does to an account.
pub(super) enum Change {
    /// Nothing (an account found under a previous key's id is moved all the same).
    Keep,
    /// Keeps it so (or removes it, when nothing is left in it).
    Write(Account),
}

/// The claims of an account, held by this caller: released by it only.
#[must_use = "release the claims"]
pub(super) struct Held {
    names: Vec<String>,
    token: Vec<u8>,
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The ids that name `subject`'s account at this provider, the current key's first.
    pub(super) fn ids(&self, subject: &str) -> Vec<PageId> {
        let provider = &self.inner.provider;
        self.inner
            .pages
            .seal()
            .account_ids(&provider.name, &provider.issuer, subject)
    }

    /// How long an account's claims are held at most: three times the provider's time limit (a
    /// refresh, and the revocation of what it found retired), and two seconds of the store's.
    pub(super) fn hold(&self) -> Duration {
        self.inner.provider.timeout * 3 + Duration::from_secs(2)
    }

    /// The account kept under one of `ids` (the current key's first), and where.
    ///
    /// # Errors
    ///
    /// The store's failure, or a record this server did not seal for it.
    pub(super) async fn find(&self, ids: &[PageId]) -> Result<Option<Found>, AccountError> {
        let store = self.inner.pages.store();
        for (at, id) in ids.iter().enumerate() {
            let Some(sealed) = store.get(&record_name(id)).await? else {
                continue;
            };
            let plain = self.inner.pages.seal().open(id, Kind::Account, &sealed)?;
            let account = Account::from_bytes(&plain)
                .filter(|account| account.issuer == self.inner.provider.issuer)
                .ok_or(AccountError::Seal(SealError::Forged))?;
            return Ok(Some(Found {
                at,
                sealed,
                account,
            }));
        }
        Ok(None)
    }

    /// Keeps `account` under `id` (nothing left in it: removes what is kept) if what is kept
    /// there is still `expected`: whether it was.
    async fn write(
        &self,
        id: &PageId,
        expected: Option<&[u8]>,
        account: &Account,
    ) -> Result<bool, AccountError> {
        if account.is_empty() {
            return match expected {
                Some(expected) => self.remove(id, expected).await,
                None => Ok(true),
            };
        }
        let store = self.inner.pages.store();
        let name = record_name(id);
        let now = crate::rounds::now_secs();
        let keep = account.keep(self.inner.forget_after.as_secs(), now);
        let sealed = self
            .inner
            .pages
            .seal()
            .seal(id, Kind::Account, &account.to_bytes())?;
        Ok(store
            .replace(
                &name,
                expected,
                Some(sealed),
                Some(Duration::from_secs(keep)),
            )
            .await?)
    }

    /// Removes what is kept under `id` if it is still `expected`: whether it was.
    async fn remove(&self, id: &PageId, expected: &[u8]) -> Result<bool, AccountError> {
        let store = self.inner.pages.store();
        Ok(store
            .replace(&record_name(id), Some(expected), None, None)
            .await?)
    }

    /// Takes the claims of every one of `ids` (in one order, the same on every replica), or none
    /// when another caller holds one of them.
    pub(super) async fn try_claim(&self, ids: &[PageId]) -> Result<Option<Held>, AccountError> {
        let mut token = vec![0; 16];
        getrandom::fill(&mut token).map_err(|_| AccountError::Seal(SealError::Random))?;
        let mut names: Vec<String> = ids.iter().map(claim_name).collect();
        names.sort_unstable();
        let store = self.inner.pages.store();
        let hold = self.hold();
        for (taken, name) in names.iter().enumerate() {
            let claimed = store
                .replace(name, None, Some(token.clone()), Some(hold))
                .await;
            if !matches!(claimed, Ok(true)) {
                let partial = Held {
                    names: names[..taken].to_vec(),
                    token,
                };
                self.release(partial).await;
                return claimed.map(|_| None).map_err(AccountError::Store);
            }
        }
        Ok(Some(Held { names, token }))
    }

    /// Takes the claims of `ids`, waiting for another caller's for as long as a claim is held at
    /// most.
    ///
    /// # Errors
    ///
    /// [`AccountError::Busy`] when another caller held them all that time; the store's failure.
    pub(super) async fn claim(&self, ids: &[PageId]) -> Result<Held, AccountError> {
        let mut waited = Duration::ZERO;
        loop {
            if let Some(held) = self.try_claim(ids).await? {
                return Ok(held);
            }
            if waited >= self.hold() {
                return Err(AccountError::Busy);
            }
            tokio::time::sleep(POLL).await;
            waited += POLL;
        }
    }

    /// Releases `held` (each claim only if it is still this caller's).
    pub(super) async fn release(&self, held: Held) {
        let store = self.inner.pages.store();
        for name in &held.names {
            if let Err(error) = store.replace(name, Some(&held.token), None, None).await {
                tracing::warn!(%error, "an account's claim could not be released: it ends by itself");
            }
        }
    }

    /// Changes the account of `ids` with `change`, holding its claims (taken by the caller): the
    /// account read, changed, and kept if it is still what was read (else read again). An
    /// account found under a previous key's id is kept under the current key's and removed from
    /// the other. What `change` gave.
    ///
    /// # Errors
    ///
    /// The store's failure, a record this server did not seal, or [`AccountError::Busy`] when
    /// the record kept changing under the change (claims that expired meanwhile).
    pub(super) async fn change_held<R>(
        &self,
        ids: &[PageId],
        mut change: impl FnMut(Option<&Found>) -> (Change, R),
    ) -> Result<R, AccountError> {
        for _ in 0..TRIES {
            let found = self.find(ids).await?;
            let (what, result) = change(found.as_ref());
            let account = match (what, found.as_ref()) {
                (Change::Write(account), _) => account,
                (Change::Keep, None) => return Ok(result),
                (Change::Keep, Some(found)) if found.at == 0 => return Ok(result),
                (Change::Keep, Some(found)) => found.account.clone(),
            };
            let written = match &found {
                Some(found) if found.at == 0 => {
                    self.write(&ids[0], Some(&found.sealed), &account).await?
                }
                // Nothing under the current key's id: the account is kept there, and removed
                // from the previous key's.
                Some(found) => {
                    self.write(&ids[0], None, &account).await?
                        && self.remove(&ids[found.at], &found.sealed).await?
                }
                None => self.write(&ids[0], None, &account).await?,
            };
            if written {
                return Ok(result);
            }
        }
        Err(AccountError::Busy)
    }

    /// [`Accounts::change_held`], the claims taken first and released after.
    ///
    /// # Errors
    ///
    /// As [`Accounts::claim`] and [`Accounts::change_held`].
    pub(super) async fn change<R>(
        &self,
        ids: &[PageId],
        change: impl FnMut(Option<&Found>) -> (Change, R),
    ) -> Result<R, AccountError> {
        let held = self.claim(ids).await?;
        let changed = self.change_held(ids, change).await;
        self.release(held).await;
        changed
    }
}

/// The store's name of the account record `id`.
fn record_name(id: &PageId) -> String {
    format!("account:{}", hex(id))
}

/// The store's name of the claim of the account `id`.
fn claim_name(id: &PageId) -> String {
    format!("claim:account:{}", hex(id))
}

/// `id` in hexadecimal.
pub(super) fn hex(id: &PageId) -> String {
    use std::fmt::Write;
    id.as_bytes()
        .iter()
        .fold(String::with_capacity(32), |mut text, b| {
            let _ = write!(text, "{b:02x}");
            text
        })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use secrecy::SecretString;

    use crate::page::account::{Accounts, Provider};
    use crate::page::serve::{Pages, Parts};
    use crate::page::store::MemoryStore;
    use crate::rounds::StateKeys;

    struct NoOne;

    impl crate::page::serve::Identity for NoOne {
        fn subject(&self, _: &Parts) -> Option<String> {
            None
        }
    }

    fn accounts(timeout: Duration) -> Accounts<Arc<MemoryStore>> {
        let provider = Provider::oauth(
            "p",
            "http://127.0.0.1:9",
            "http://127.0.0.1:9/authorize",
            "http://127.0.0.1:9/token",
            "client",
            SecretString::from("secret"),
        )
        .unwrap()
        .timeout(timeout)
        .unwrap();
        let keys = StateKeys::new([7; 32]);
        let pages = Pages::new(
            Arc::new(MemoryStore::new(10)),
            &keys,
            "http://x/pages",
            NoOne,
        );
        Accounts::new(pages, provider, "http://x/oauth").unwrap()
    }

    #[test]
    fn the_claims_are_held_as_long_as_the_provider_may_take() {
        // A refresh (and the revocations it may make) never outlives its claim.
        assert_eq!(
            accounts(Duration::from_secs(1)).hold(),
            Duration::from_secs(5)
        );
        assert_eq!(
            accounts(Duration::from_secs(40)).hold(),
            Duration::from_secs(122)
        );
    }

    #[tokio::test]
    async fn a_claim_is_released_by_its_holder_only() {
        let accounts = accounts(Duration::from_millis(100));
        let ids = accounts.ids("ada");
        let first = accounts.try_claim(&ids).await.unwrap().expect("free");
        assert!(accounts.try_claim(&ids).await.unwrap().is_none(), "held");
        // The first holder stalls past the hold: its claim ends, and another takes it.
        tokio::time::sleep(accounts.hold() + Duration::from_millis(50)).await;
        let second = accounts.try_claim(&ids).await.unwrap().expect("ended");
        // The first holder's release leaves the second's claim alone.
        accounts.release(first).await;
        assert!(
            accounts.try_claim(&ids).await.unwrap().is_none(),
            "still held"
        );
        accounts.release(second).await;
        let third = accounts.try_claim(&ids).await.unwrap().expect("released");
        accounts.release(third).await;
    }
}
