//! An account's tokens at rest (sealed, under a digest of the user and the provider), their
//! refresh once across replicas, and their revocation.

use std::time::Duration;

use openidconnect::core::CoreRevocableToken;
use openidconnect::{OAuth2TokenResponse, RefreshToken, RequestTokenError};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};
use zeroize::Zeroizing;

use super::{AccountError, Accounts, error_chain};
use crate::page::seal::{Kind, PageId};
use crate::page::store::{KeptStore, PageStore};

/// How long before its expiry an access token is refreshed, at most: it must still work when
/// the server uses it (a quarter of its life, for one that lives less than two minutes).
const EARLY: u64 = 30;

/// How often a replica waiting for another's refresh looks at the store.
const REFRESH_POLL: Duration = Duration::from_millis(100);

/// An account's tokens, as kept (sealed).
pub(super) struct Tokens {
    pub(super) access: SecretString,
    pub(super) refresh: Option<SecretString>,
    /// Seconds since the Unix epoch when the access token expires, if the provider said.
    pub(super) expires: Option<u64>,
    /// Seconds since the Unix epoch when it was issued.
    pub(super) issued: u64,
}

impl Tokens {
    /// The tokens of a token response, received now.
    pub(super) fn of_response(response: &impl OAuth2TokenResponse) -> Self {
        let now = crate::rounds::now_secs();
        Tokens {
            issued: now,
            access: SecretString::from(response.access_token().secret().clone()),
            refresh: response
                .refresh_token()
                .map(|token| SecretString::from(token.secret().clone())),
            expires: response
                .expires_in()
                .map(|ttl| now.saturating_add(ttl.as_secs())),
        }
    }

    /// Whether the access token is expired, or about to be.
    fn expiring(&self) -> bool {
        self.expires.is_some_and(|expires| {
            let early = EARLY.min(expires.saturating_sub(self.issued) / 4);
            crate::rounds::now_secs().saturating_add(early) >= expires
        })
    }

    fn to_bytes(&self) -> Zeroizing<Vec<u8>> {
        let mut value = json!({
            "access": self.access.expose_secret(),
            "refresh": self.refresh.as_ref().map(ExposeSecret::expose_secret),
            "expires": self.expires,
            "issued": self.issued,
        });
        let bytes = Zeroizing::new(value.to_string().into_bytes());
        crate::page::zeroize_value(&mut value);
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let mut value: Value = serde_json::from_slice(bytes).ok()?;
        let text = |value: &Value, name: &str| {
            value
                .get(name)
                .and_then(Value::as_str)
                .map(|s| SecretString::from(s.to_owned()))
        };
        let tokens = Tokens {
            access: text(&value, "access")?,
            refresh: text(&value, "refresh"),
            expires: value.get("expires").and_then(Value::as_u64),
            issued: value.get("issued").and_then(Value::as_u64).unwrap_or(0),
        };
        crate::page::zeroize_value(&mut value);
        Some(tokens)
    }
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The id that names, and binds the seal of, `subject`'s account at this provider.
    fn account_id(&self, subject: &str) -> PageId {
        self.inner
            .pages
            .seal()
            .account(&self.inner.provider.name, subject)
    }

    /// The store's name of the account `id`'s tokens.
    fn tokens_name(id: &PageId) -> String {
        format!("account:{}", hex(id))
    }

    /// Keeps `tokens` as `subject`'s, sealed.
    pub(super) async fn save(&self, subject: &str, tokens: &Tokens) -> Result<(), AccountError> {
        let id = self.account_id(subject);
        let sealed = self
            .inner
            .pages
            .seal()
            .seal(&id, Kind::Account, &tokens.to_bytes())?;
        self.inner
            .pages
            .store()
            .put(&Self::tokens_name(&id), sealed, None)
            .await?;
        Ok(())
    }

    /// `subject`'s tokens, if kept.
    async fn load(&self, subject: &str) -> Result<Option<Tokens>, AccountError> {
        let id = self.account_id(subject);
        let sealed = self
            .inner
            .pages
            .store()
            .get(&Self::tokens_name(&id))
            .await?;
        self.open_tokens(&id, sealed)
    }

    /// The tokens sealed for the account `id` in `sealed`, if anything was kept.
    fn open_tokens(
        &self,
        id: &PageId,
        sealed: Option<Vec<u8>>,
    ) -> Result<Option<Tokens>, AccountError> {
        let Some(sealed) = sealed else {
            return Ok(None);
        };
        let plain = self.inner.pages.seal().open(id, Kind::Account, &sealed)?;
        Tokens::from_bytes(&plain)
            .map(Some)
            .ok_or(AccountError::Seal(crate::page::seal::SealError::Forged))
    }

    /// Whether `subject` has an account connected here (its tokens kept, fresh or not).
    ///
    /// # Errors
    ///
    /// The store's failure, or tokens this server did not seal.
    pub async fn is_connected(&self, subject: &str) -> Result<bool, AccountError> {
        Ok(self.load(subject).await?.is_some())
    }

    /// `subject`'s access token at the provider, if their account is connected: refreshed
    /// first when it has expired (or is about to), by one replica at a time (the others wait
    /// for its result and use it). `None` when the account is not connected, or its grant is
    /// gone (the provider refused the refresh token: the account is then forgotten, and must
    /// be connected again).
    ///
    /// # Errors
    ///
    /// The store's failure, a request to the provider that failed (the tokens are kept: try
    /// again), or another replica's refresh that held its claim past its time
    /// ([`AccountError::Busy`]).
    pub async fn access_token(&self, subject: &str) -> Result<Option<SecretString>, AccountError> {
        let lock = format!("refresh:{}", hex(&self.account_id(subject)));
        let mut waited = Duration::ZERO;
        loop {
            let Some(tokens) = self.load(subject).await? else {
                return Ok(None);
            };
            if !tokens.expiring() {
                return Ok(Some(tokens.access));
            }
            let Some(refresh) = tokens.refresh else {
                // Expired, and nothing to refresh it with: connect again.
                self.forget(subject).await?;
                return Ok(None);
            };
            let store = self.inner.pages.store();
            if store.claim(&lock, self.inner.refresh_hold).await? {
                let refreshed = self.refresh_held(subject, &refresh).await;
                let _ = store.remove(&lock).await;
                return refreshed;
            }
            // Another replica (or call) refreshes: wait for its tokens.
            if waited >= self.inner.refresh_hold {
                return Err(AccountError::Busy);
            }
            tokio::time::sleep(REFRESH_POLL).await;
            waited += REFRESH_POLL;
        }
    }

    /// The refresh, under the claim: the tokens read again first (another replica may have
    /// refreshed them between the first read and the claim), then the refresh token used once.
    async fn refresh_held(
        &self,
        subject: &str,
        refresh: &SecretString,
    ) -> Result<Option<SecretString>, AccountError> {
        match self.load(subject).await? {
            None => return Ok(None),
            Some(current) if !current.expiring() => return Ok(Some(current.access)),
            Some(current)
                if current.refresh.as_ref().map(ExposeSecret::expose_secret)
                    != Some(refresh.expose_secret()) =>
            {
                // Refreshed meanwhile by another replica: its token is the newest there is.
                return Ok(Some(current.access));
            }
            Some(_) => {}
        }
        let provider = &self.inner.provider;
        let token = RefreshToken::new(refresh.expose_secret().to_owned());
        let request = provider
            .client
            .exchange_refresh_token(&token)
            .map_err(|e| AccountError::Discovery(e.to_string()))?;
        let http = &provider.http;
        match request.request_async(http).await {
            Ok(response) => {
                let mut tokens = Tokens::of_response(&response);
                // A provider that does not rotate keeps the refresh token as it was.
                if tokens.refresh.is_none() {
                    tokens.refresh = Some(refresh.clone());
                }
                self.save(subject, &tokens).await?;
                Ok(Some(tokens.access))
            }
            Err(RequestTokenError::ServerResponse(_)) => {
                // The grant is gone (revoked, expired, used twice): forget it, and connect again.
                self.forget(subject).await?;
                Ok(None)
            }
            Err(error) => Err(request_error(&error)),
        }
    }

    /// Forgets `subject`'s tokens: what was kept, if anything.
    async fn forget(&self, subject: &str) -> Result<Option<Tokens>, AccountError> {
        let id = self.account_id(subject);
        let sealed = self
            .inner
            .pages
            .store()
            .remove(&Self::tokens_name(&id))
            .await?;
        self.open_tokens(&id, sealed)
    }

    /// Disconnects `subject`'s account: its tokens forgotten here, then revoked at the provider
    /// (RFC 7009: the refresh token, which ends the grant, and the access token), when it has a
    /// revocation endpoint. `false` when no account was connected.
    ///
    /// # Errors
    ///
    /// The store's failure; or the provider's refusal of the revocation, or its failure (the
    /// tokens are forgotten here all the same).
    pub async fn disconnect(&self, subject: &str) -> Result<bool, AccountError> {
        let Some(tokens) = self.forget(subject).await? else {
            return Ok(false);
        };
        let provider = &self.inner.provider;
        let Some(revocation) = &provider.revocation else {
            return Ok(true);
        };
        let http = &provider.http;
        // The refresh token first: revoking it ends the grant (and, at most providers, its
        // access tokens); then the access token, for those that do not.
        let mut revoke: Vec<(CoreRevocableToken, &SecretString)> = Vec::new();
        if let Some(refresh) = &tokens.refresh {
            let token = RefreshToken::new(refresh.expose_secret().to_owned());
            revoke.push((token.into(), refresh));
        }
        let access = openidconnect::AccessToken::new(tokens.access.expose_secret().to_owned());
        revoke.push((access.into(), &tokens.access));
        if revocation.url().scheme() == "https" {
            let client = provider
                .client
                .clone()
                .set_revocation_url(revocation.clone());
            for (token, _) in revoke {
                client
                    .revoke_token(token)
                    .map_err(|e| AccountError::Discovery(e.to_string()))?
                    .request_async(http)
                    .await
                    .map_err(|e| request_error(&e))?;
            }
        } else {
            // `oauth2` sends revocations to https endpoints only (RFC 7009, section 2); an http
            // endpoint is accepted on a loopback host only (a provider on this machine, for
            // development and tests), where the same request is sent as RFC 7009 writes it.
            for (token, secret) in revoke {
                let hint = match token {
                    CoreRevocableToken::RefreshToken(_) => "refresh_token",
                    _ => "access_token",
                };
                provider
                    .revoke_on_loopback(revocation, secret, hint)
                    .await?;
            }
        }
        Ok(true)
    }
}

/// A failed token request as the account's error: the provider's refusal (its `error` and
/// description, which hold no token), or the request's failure.
pub(super) fn request_error<
    RE: std::error::Error + 'static,
    T: openidconnect::ErrorResponse + 'static,
>(
    error: &RequestTokenError<RE, T>,
) -> AccountError {
    match error {
        RequestTokenError::ServerResponse(response) => AccountError::Provider(response.to_string()),
        RequestTokenError::Request(error) => AccountError::Failed(error_chain(error)),
        RequestTokenError::Parse(error, _) => {
            AccountError::Failed(format!("the provider's answer does not read: {error}"))
        }
        RequestTokenError::Other(error) => AccountError::Failed(error.clone()),
    }
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
