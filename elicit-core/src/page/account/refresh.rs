//! An account's access token: given while it is fresh, refreshed once across replicas when it
//! expires (or when an API refused it), and what each answer to a refresh means for the tokens:
//! new tokens are kept only if the account still holds the grant they refresh (a disconnection
//! or a new connection meanwhile wins, and the new tokens are revoked); a definite refusal
//! (`invalid_grant`) retires the grant (its access token may still be live: it is revoked); any
//! other failure keeps everything and says the refresh could not be made now.

use std::time::Duration;

use openidconnect::{RefreshToken, RequestTokenError};
use secrecy::{ExposeSecret, SecretString};

use super::kept::{Change, Found, POLL};
use super::tokens::{Account, Grant, same};
use super::{AccountError, Accounts, error_chain};
use crate::page::seal::PageId;
use crate::page::store::{KeptStore, PageStore};

/// Why a refresh is made.
#[derive(Clone, Copy)]
enum Why<'a> {
    /// The access token expires.
    Due,
    /// An API refused this access token.
    Refused(&'a SecretString),
}

/// What the provider answered a refresh.
enum Refreshed {
    /// New tokens.
    Tokens(Grant),
    /// A definite refusal (`invalid_grant`): the grant is gone (revoked, expired, or its
    /// refresh token used twice).
    Gone,
    /// Anything else (the provider down, slow, answering garbage or a temporary error): nothing
    /// is known of the grant. Why, in detail.
    Failed(String),
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// Whether `subject` has an account connected here (its tokens kept, fresh or not).
    ///
    /// # Errors
    ///
    /// The store's failure, or a record this server did not seal.
    pub async fn is_connected(&self, subject: &str) -> Result<bool, AccountError> {
        let found = self.find(&self.ids(subject)).await?;
        Ok(found.is_some_and(|found| found.account.current.is_some()))
    }

    /// `subject`'s access token at the provider, if their account is connected: refreshed
    /// first when it has expired (or is about to), by one replica at a time (the others wait
    /// for its result and use it, or use the current token while it is still valid). `None`
    /// when the account is not connected, or its grant is gone (the provider refused the
    /// refresh token with `invalid_grant`: the account must be connected again).
    ///
    /// # Errors
    ///
    /// [`AccountError::Unavailable`] when the token has expired and the provider could not
    /// refresh it now (it was down, slow, or answered a temporary error: the tokens are kept,
    /// try again); the store's failure; or another replica's refresh that held its claim past
    /// its time ([`AccountError::Busy`]).
    pub async fn access_token(&self, subject: &str) -> Result<Option<SecretString>, AccountError> {
        let ids = self.ids(subject);
        let mut waited = Duration::ZERO;
        loop {
            let Some(found) = self.find(&ids).await? else {
                return Ok(None);
            };
            if found.at > 0 {
                // Kept under a key being rotated out: moved under the current key's id first.
                self.change(&ids, |_| (Change::Keep, ())).await?;
                continue;
            }
            self.revoke_later(&ids, &found.account);
            let Some(grant) = &found.account.current else {
                return Ok(None);
            };
            if !grant.expiring() {
                return Ok(Some(grant.access.clone()));
            }
            if let Some(held) = self.try_claim(&ids).await? {
                let refreshed = self.refresh_held(&ids, Why::Due).await;
                self.release(held).await;
                return refreshed;
            }
            // Another caller refreshes: the current token while it is valid, else its result.
            if !grant.expired() {
                return Ok(Some(grant.access.clone()));
            }
            if waited >= self.hold() {
                return Err(AccountError::Busy);
            }
            tokio::time::sleep(POLL).await;
            waited += POLL;
        }
    }

    /// `subject`'s access token, after an API of the provider's refused `refused` (it answered
    /// 401: the token was revoked, or expired early): refreshed now (once across replicas; a
    /// token another caller refreshed meanwhile is given as it is). `None` when the grant is
    /// gone too (the refresh refused, or no refresh token): the account is then disconnected,
    /// and must be connected again.
    ///
    /// # Errors
    ///
    /// As [`Accounts::access_token`].
    pub async fn refused(
        &self,
        subject: &str,
        refused: &SecretString,
    ) -> Result<Option<SecretString>, AccountError> {
        let ids = self.ids(subject);
        let held = self.claim(&ids).await?;
        let refreshed = self.refresh_held(&ids, Why::Refused(refused)).await;
        self.release(held).await;
        refreshed
    }

    /// The refresh, holding the account's claims: the account read again first (another replica
    /// may have refreshed it between the caller's read and the claim), then its refresh token
    /// used once, and the answer kept as the module says.
    async fn refresh_held(
        &self,
        ids: &[PageId],
        why: Why<'_>,
    ) -> Result<Option<SecretString>, AccountError> {
        let Some(found) = self.find(ids).await? else {
            return Ok(None);
        };
        let Some(grant) = &found.account.current else {
            return Ok(None);
        };
        match why {
            Why::Due if !grant.expiring() => return Ok(Some(grant.access.clone())),
            Why::Refused(token) if !same(token, &grant.access) => {
                return Ok(Some(grant.access.clone()));
            }
            _ => {}
        }
        let Some(refresh) = grant.refresh.clone() else {
            if matches!(why, Why::Due) && !grant.expired() {
                return Ok(Some(grant.access.clone()));
            }
            // Expired or refused, and nothing to refresh it with: retired (and revoked, should
            // it still be live), and connected again.
            self.retire_current(ids, &grant.access, false).await?;
            return Ok(None);
        };
        match self.refresh_at_provider(&refresh).await {
            Refreshed::Tokens(new) => self.keep_refreshed(ids, &refresh, new).await,
            Refreshed::Gone => {
                tracing::info!(
                    provider = self.inner.provider.name,
                    "the provider refused an account's refresh token (invalid_grant): the account must be connected again"
                );
                self.retire_current(ids, &grant.access, true).await?;
                Ok(None)
            }
            Refreshed::Failed(detail) => {
                tracing::warn!(
                    provider = self.inner.provider.name,
                    detail,
                    "an account's tokens could not be refreshed now; they are kept"
                );
                if matches!(why, Why::Due) && !grant.expired() {
                    return Ok(Some(grant.access.clone()));
                }
                Err(AccountError::Unavailable)
            }
        }
    }

    /// The refresh token `refresh` sent to the provider's token endpoint (this account's
    /// issuer's: tokens go nowhere else).
    async fn refresh_at_provider(&self, refresh: &SecretString) -> Refreshed {
        let provider = &self.inner.provider;
        let token = RefreshToken::new(refresh.expose_secret().to_owned());
        let request = match provider.client.exchange_refresh_token(&token) {
            Ok(request) => request,
            Err(error) => return Refreshed::Failed(error.to_string()),
        };
        match request.request_async(&provider.http).await {
            Ok(response) => {
                let mut grant = Grant::of_response(&response);
                // A provider that does not rotate keeps the refresh token as it was.
                if grant.refresh.is_none() {
                    grant.refresh = Some(refresh.clone());
                }
                Refreshed::Tokens(grant)
            }
            Err(RequestTokenError::ServerResponse(response))
                if *response.error()
                    == openidconnect::core::CoreErrorResponseType::InvalidGrant =>
            {
                Refreshed::Gone
            }
            Err(error) => Refreshed::Failed(error_chain(&error)),
        }
    }

    /// Keeps `new`, the refresh of the grant whose refresh token was `refresh`, if the account
    /// still holds that grant; else (disconnected, or connected again meanwhile) retires it, to
    /// be revoked: the account's current access token, if it has one.
    async fn keep_refreshed(
        &self,
        ids: &[PageId],
        refresh: &SecretString,
        new: Grant,
    ) -> Result<Option<SecretString>, AccountError> {
        let issuer = self.inner.provider.issuer.clone();
        let (token, orphaned) = self
            .change_held(ids, |found: Option<&Found>| {
                let mut account =
                    found.map_or_else(|| Account::empty(&issuer), |f| f.account.clone());
                let holds = account
                    .current
                    .as_ref()
                    .and_then(|grant| grant.refresh.as_ref())
                    .is_some_and(|kept| same(kept, refresh));
                if holds {
                    let token = new.access.clone();
                    account.current = Some(new.clone());
                    (Change::Write(account), (Some(token), false))
                } else {
                    let token = account.current.as_ref().map(|grant| grant.access.clone());
                    account.retire(new.clone(), crate::rounds::now_secs());
                    (Change::Write(account), (token, true))
                }
            })
            .await?;
        if orphaned {
            tracing::info!(
                provider = self.inner.provider.name,
                "an account was disconnected or connected again while its tokens were refreshed: the refreshed tokens are revoked"
            );
            self.revoke_soon(ids, true);
        }
        Ok(token)
    }

    /// Retires the account's current grant if its access token is still `access` (its refresh
    /// token dead already when `refresh_dead`), and revokes what of it may still be live.
    async fn retire_current(
        &self,
        ids: &[PageId],
        access: &SecretString,
        refresh_dead: bool,
    ) -> Result<(), AccountError> {
        let retired = self
            .change_held(ids, |found: Option<&Found>| {
                let Some(found) = found else {
                    return (Change::Keep, false);
                };
                let mut account = found.account.clone();
                match account.current.take() {
                    Some(mut grant) if same(&grant.access, access) => {
                        if refresh_dead {
                            grant.refresh = None;
                        }
                        account.retire(grant, crate::rounds::now_secs());
                        (Change::Write(account), true)
                    }
                    _ => (Change::Keep, false),
                }
            })
            .await?;
        if retired {
            self.revoke_soon(ids, true);
        }
        Ok(())
    }
}
