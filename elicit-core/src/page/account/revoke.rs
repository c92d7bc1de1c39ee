//! Disconnection and revocation: an account's tokens are revoked at the provider (RFC 7009: the
//! refresh token first, which ends the grant, then the access token) before anything of them is
//! forgotten. A grant retired (disconnected, replaced by a new connection, refused, or refreshed
//! after a disconnection) is kept, sealed, until each of its tokens is revoked or dead; a
//! revocation that fails is tried again (on the next disconnection, and in the background when
//! the account is next used, ever less often).

use std::collections::HashSet;
use std::sync::Mutex;

use secrecy::SecretString;

use super::kept::{Change, Found};
use super::revocation::Revoked;
use super::tokens::{Account, Retired, same};
use super::{AccountError, Accounts};
use crate::page::seal::PageId;
use crate::page::store::{KeptStore, PageStore};

/// How many retired grants one pass revokes at most (two requests each, within the provider's
/// time limit): the rest wait for the next pass.
const PER_PASS: usize = 4;

/// What [`Accounts::disconnect`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Disconnected {
    /// No account was connected.
    NotConnected,
    /// The account is disconnected, and its tokens revoked at the provider.
    Revoked,
    /// The account is disconnected; the provider has no revocation endpoint, so its tokens were
    /// forgotten here and stay valid at the provider until they expire.
    Forgotten,
    /// The account is disconnected here (no call gets its tokens any more), but the provider did
    /// not revoke them (it was down, slow, or refused): they are kept, sealed, and revoked by the
    /// next disconnection, or in the background when the account is next used or connected.
    /// Why, in words for a person (the detail is in the log).
    Pending(String),
}

/// The accounts whose revocation runs in the background in this process (one task each).
#[derive(Default)]
pub(super) struct Running(Mutex<HashSet<PageId>>);

/// What one pass of revocations came to.
struct Pass {
    /// Every token it tried was revoked (or dead).
    all: bool,
    /// The provider has no revocation endpoint.
    impossible: bool,
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// Disconnects `subject`'s account: no call gets its tokens any more, and they are revoked at
    /// the provider (RFC 7009: the refresh token, which ends the grant, then the access token),
    /// with anything retired before and not yet revoked. What is not revoked is kept, sealed,
    /// and revoked later ([`Disconnected::Pending`]); what is revoked, or dead, is forgotten.
    ///
    /// # Errors
    ///
    /// The store's failure (nothing was changed), or another caller holding the account for
    /// longer than a refresh may take ([`AccountError::Busy`]).
    pub async fn disconnect(&self, subject: &str) -> Result<Disconnected, AccountError> {
        let ids = self.ids(subject);
        let now = crate::rounds::now_secs();
        let had = self
            .change(&ids, |found: Option<&Found>| {
                let Some(found) = found else {
                    return (Change::Keep, false);
                };
                let mut account = found.account.clone();
                let had = account.current.is_some() || !account.retired.is_empty();
                match account.current.take() {
                    Some(grant) => {
                        account.retire(grant, now);
                        (Change::Write(account), had)
                    }
                    None => (Change::Keep, had),
                }
            })
            .await?;
        if !had {
            return Ok(Disconnected::NotConnected);
        }
        let pass = self.revoke_pending(&ids, true).await?;
        Ok(if pass.impossible {
            Disconnected::Forgotten
        } else if pass.all {
            Disconnected::Revoked
        } else {
            Disconnected::Pending(
                "the provider did not revoke the account's tokens (it could not be reached, or refused): they are kept, sealed, and their revocation is tried again".to_owned(),
            )
        })
    }

    /// Revokes the account's retired grants in the background if any is due (one task at a time
    /// in this process).
    pub(super) fn revoke_later(&self, ids: &[PageId], account: &Account) {
        let now = crate::rounds::now_secs();
        if account.retired.iter().any(|retired| retired.due(now)) {
            self.revoke_soon(ids, false);
        }
    }

    /// Revokes the account's retired grants in the background, now (one task at a time in this
    /// process): those due, or all of them (`all`: the provider just answered a token request,
    /// so one that failed before is tried at once).
    pub(super) fn revoke_soon(&self, ids: &[PageId], all: bool) {
        let Some(first) = ids.first().copied() else {
            return;
        };
        {
            let mut running = self
                .inner
                .revoking
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if !running.insert(first) {
                return;
            }
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let accounts = self.clone();
        let ids = ids.to_vec();
        runtime.spawn(async move {
            if let Err(error) = accounts.revoke_pending(&ids, all).await {
                tracing::warn!(%error, "the revocation of an account's retired tokens failed; it is tried again later");
            }
            accounts
                .inner
                .revoking
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(&first);
        });
    }

    /// One pass: the retired grants due (all of them, `force`d), up to [`PER_PASS`], revoked at
    /// the provider (no claim is held meanwhile), then the account changed as they came out (the
    /// revoked and dead tokens forgotten, the others tried again later).
    async fn revoke_pending(&self, ids: &[PageId], force: bool) -> Result<Pass, AccountError> {
        let Some(found) = self.find(ids).await? else {
            return Ok(Pass {
                all: true,
                impossible: false,
            });
        };
        let now = crate::rounds::now_secs();
        let due: Vec<Retired> = found
            .account
            .retired
            .iter()
            .filter(|retired| force || retired.due(now))
            .take(PER_PASS)
            .cloned()
            .collect();
        let mut outcomes = Vec::with_capacity(due.len());
        for retired in &due {
            outcomes.push(self.revoke_grant(retired).await);
        }
        let impossible = outcomes
            .iter()
            .flatten()
            .any(|(_, revoked)| matches!(revoked, Revoked::Impossible));
        let all = outcomes.iter().flatten().all(|(_, revoked)| {
            matches!(
                revoked,
                Revoked::Done | Revoked::Unsupported | Revoked::Impossible
            )
        });
        self.change(ids, |found: Option<&Found>| {
            let Some(found) = found else {
                return (Change::Keep, ());
            };
            let mut account = found.account.clone();
            for (secret, revoked) in outcomes.iter().flatten() {
                settle(&mut account, secret, revoked, now);
            }
            account.bound();
            (Change::Write(account), ())
        })
        .await?;
        Ok(Pass { all, impossible })
    }

    /// Revokes the tokens of `retired` still alive: its refresh token first, then its access
    /// token (when the refresh token's revocation failed, the access token is still tried). Each
    /// token tried, and what came of it.
    async fn revoke_grant(&self, retired: &Retired) -> Vec<(SecretString, Revoked)> {
        let provider = &self.inner.provider;
        let now = crate::rounds::now_secs();
        let mut outcomes = Vec::new();
        let tokens = [(&retired.refresh, true), (&retired.access, false)];
        for (token, refresh) in tokens {
            let Some(token) = token
                .as_ref()
                .filter(|token| token.expires.is_none_or(|e| e > now))
            else {
                continue;
            };
            let revoked = provider.revoke(&token.secret, refresh).await;
            match &revoked {
                Revoked::Failed(detail) => tracing::warn!(
                    provider = provider.name,
                    detail,
                    "the provider did not revoke a token; it is kept, and revoked later"
                ),
                Revoked::Unsupported => tracing::warn!(
                    provider = provider.name,
                    "the provider revokes no token of this kind: it stays valid until it expires"
                ),
                Revoked::Impossible => tracing::info!(
                    provider = provider.name,
                    "the provider has no revocation endpoint: a token is forgotten, and stays valid until it expires"
                ),
                Revoked::Done => {}
            }
            outcomes.push((token.secret.clone(), revoked));
        }
        outcomes
    }
}

/// Applies the outcome of the revocation of `secret` to `account`'s retired grants: a token
/// revoked, or that cannot be (no endpoint, or a kind the provider does not revoke), is
/// forgotten; a grant whose revocation failed is tried again later.
fn settle(account: &mut Account, secret: &SecretString, revoked: &Revoked, now: u64) {
    let matches = |token: &Option<super::tokens::Token>| {
        token
            .as_ref()
            .is_some_and(|token| same(&token.secret, secret))
    };
    for retired in &mut account.retired {
        let (refresh, access) = (matches(&retired.refresh), matches(&retired.access));
        if !refresh && !access {
            continue;
        }
        match revoked {
            Revoked::Done | Revoked::Unsupported | Revoked::Impossible => {
                if refresh {
                    retired.refresh = None;
                }
                if access {
                    retired.access = None;
                }
            }
            // Once a pass, however many of its tokens failed.
            Revoked::Failed(_) if retired.due(now) => retired.failed(now),
            Revoked::Failed(_) => {}
        }
    }
    account
        .retired
        .retain(|retired| retired.access.is_some() || retired.refresh.is_some());
}
