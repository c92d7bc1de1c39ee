//! A user's account at an OAuth provider, connected through a page of the server's (feature
//! `account`): the specification's own example of URL mode ("URL Mode Elicitation for OAuth
//! Flows"), where a server needs a user's access to a third-party service, and neither the
//! tokens nor the provider's sign-in may pass through the MCP client.
//!
//! [`Accounts`] is the server's OAuth client of one [`Provider`] (found by OpenID Connect
//! discovery, by RFC 8414 metadata, or from its endpoints; the requests made by the
//! `openidconnect` and `oauth2` crates):
//!
//! - A call that needs the user's token asks for it with one call (`Accounts::ask` of the `rmcp`
//!   module, or [`Accounts::access_token`] first): connected, it gets the access token (refreshed
//!   when expired); not connected, the user is sent to a **connect page** of the server's
//!   (`BASE/connect/{id}`, an opaque id, as every page), shown only to the signed-in user whose
//!   call made it, whose button sends them to the provider.
//! - The provider sends the person back to `BASE/callback` with a `state` of 256 random bits that
//!   names the page, kept with the connection (sealed, with its PKCE verifier and OpenID nonce)
//!   and bound to the browser that pressed the button (an `HttpOnly` cookie). The callback
//!   refuses, with a 4xx status and nothing bound: no state, or one edited, replayed, or of a
//!   page of another user's (the specification's phishing case: a provider URL forwarded to
//!   someone else, finished in their browser, signed in as them), or finished in another
//!   browser. The connection in progress is taken from the store once (by one replica, once),
//!   so the code is exchanged once.
//! - The code is exchanged with the PKCE verifier (S256), the ID token's signature, issuer,
//!   audience and nonce checked (an OpenID provider's), and the tokens sealed (the pages' AEAD, under a key drawn from
//!   `MCP_ELICIT_STATE_KEY`) under a digest of the user and the provider, in the pages' store
//!   ([`KeptStore`]): never in plain text, a log line, a page or a result.
//! - An expired access token is refreshed **once across replicas**: the account's claims in the
//!   shared store let one replica refresh while the others wait for its result (a provider that
//!   rotates refresh tokens revokes the whole grant when an old one is used twice). New tokens
//!   are kept only if the account still holds the grant they refresh; a definite refusal
//!   (`invalid_grant`) retires the grant, any other failure keeps it.
//! - A user's connections in progress count in a share of their own ([`Pages::share`]): past
//!   it, their oldest ends. The account is kept as long as its refresh token lives (as the
//!   provider says it, or [`Accounts::forget_after`]), under ids for the current state key and
//!   the previous ones (`MCP_ELICIT_STATE_KEY=NEW,OLD`): a key rotation keeps every account,
//!   moved under the new key when next used.
//! - [`Accounts::disconnect`] revokes the tokens at the provider (RFC 7009) before it forgets
//!   them; a revocation that fails, like the grant a second connection replaces, is kept sealed
//!   and tried again.

mod callback;
mod client;
mod http;
mod kept;
mod keys;
mod provider;
mod refresh;
mod revocation;
mod revoke;
mod routes;
mod tokens;

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use openidconnect::RedirectUrl;

pub use http::{DEFAULT_TIMEOUT, HttpError, MAX_RESPONSE};
pub use provider::{DEFAULT_SCOPES, Provider};
pub use revoke::Disconnected;

/// How long an account is kept at most, by default, when the provider does not say how long its
/// refresh token lives: ninety days from its last refresh or connection.
pub const DEFAULT_FORGET_AFTER: Duration = Duration::from_hours(90 * 24);

use super::seal::SealError;
use super::serve::{PageError, Pages};
use super::store::{KeptStore, PageStore, StoreError};

/// A server's connections to one [`Provider`]: the accounts of its users there, the connect
/// pages and the callback ([`Accounts::router`]), the tokens sealed in the pages' store.
///
/// Make one at start-up from the server's [`Pages`] (their store, key and sign-in are the
/// accounts' too) and the provider, nest [`Accounts::router`] at the path of `base_url`, and
/// register `base_url` + `/callback` as the client's redirect URI at the provider. Clones share
/// everything.
pub struct Accounts<S> {
    inner: Arc<Inner<S>>,
}

impl<S> Clone for Accounts<S> {
    fn clone(&self) -> Self {
        Accounts {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<S> fmt::Debug for Accounts<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Accounts")
            .field("provider", &self.inner.provider)
            .field("base_url", &self.inner.base_url)
            .finish_non_exhaustive()
    }
}

struct Inner<S> {
    pages: Pages<S>,
    provider: Provider,
    /// The public URL the router is served at, without a trailing `/`.
    base_url: String,
    /// The callback's path, where the browser's binding cookie is sent.
    callback_path: String,
    /// The page kind of this provider's connect pages (the record's form name).
    kind: String,
    /// Whether cookies are `Secure` (an `https` base URL).
    secure: bool,
    /// How long an account is kept at most ([`Accounts::forget_after`]).
    forget_after: Duration,
    /// The accounts whose retired grants this process revokes in the background now.
    revoking: revoke::Running,
    /// The default message of a connect request.
    message: String,
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The accounts of `pages`' users at `provider`, its routes served at `base_url` (the
    /// public URL [`Accounts::router`] is nested at, as the browser reaches it): connect pages at
    /// `BASE/connect/{id}`, the redirect URI `BASE/callback`.
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`] when `base_url` + `/callback` is not a URL.
    pub fn new(
        pages: Pages<S>,
        mut provider: Provider,
        base_url: &str,
    ) -> Result<Self, AccountError> {
        let base_url = base_url.trim_end_matches('/').to_owned();
        let callback = format!("{base_url}/callback");
        let redirect = RedirectUrl::new(callback.clone())
            .map_err(|e| AccountError::Discovery(format!("the redirect URI {callback}: {e}")))?;
        let callback_path = redirect.url().path().to_owned();
        provider.client = provider.client.set_redirect_uri(redirect.clone());
        let kind = format!("mcp-elicit/account/{}", provider.name);
        let message = format!(
            "This server asks to act for you at {}: sign in there to connect your account.",
            provider.title
        );
        Ok(Accounts {
            inner: Arc::new(Inner {
                pages,
                secure: redirect.url().scheme() == "https",
                provider,
                base_url,
                callback_path,
                kind,
                message,
                forget_after: DEFAULT_FORGET_AFTER,
                revoking: revoke::Running::default(),
            }),
        })
    }

    /// Keeps an account at most `at_most` after its last connection or refresh
    /// ([`DEFAULT_FORGET_AFTER`] by default) when the provider does not say how long its refresh
    /// token lives (one it says lives shorter is kept as long as it does): an account unused
    /// that long is forgotten by the store, so that no account lives for ever. Set it to the
    /// provider's own limit on an unused refresh token, where it has one.
    ///
    /// # Panics
    ///
    /// When called after the accounts were cloned (set it first).
    #[must_use]
    pub fn forget_after(mut self, at_most: Duration) -> Self {
        Arc::get_mut(&mut self.inner)
            .expect("configure the accounts before cloning them")
            .forget_after = at_most.max(Duration::from_secs(1));
        self
    }

    /// The provider.
    pub fn provider(&self) -> &Provider {
        &self.inner.provider
    }

    /// The redirect URI to register at the provider: `BASE/callback`.
    pub fn redirect_uri(&self) -> String {
        format!("{}/callback", self.inner.base_url)
    }

    /// The pages the connect pages are made with.
    pub fn pages(&self) -> &Pages<S> {
        &self.inner.pages
    }

    /// The URL of the connect page `id`.
    pub(crate) fn connect_url(&self, id: &super::seal::PageId) -> String {
        format!("{}/connect/{id}", self.inner.base_url)
    }

    /// The message a connect request shows by default (in the client beside the URL, and on
    /// the connect page under its title, "Connect your TITLE account"): "This server asks to act
    /// for you at TITLE: sign in there to connect your account."
    pub fn default_message(&self) -> &str {
        &self.inner.message
    }

    /// Makes a connect page for `subject`'s call, saying `message`: its id and URL.
    ///
    /// # Errors
    ///
    /// As [`Pages::create`].
    pub async fn connect_page(
        &self,
        subject: &str,
        message: &str,
    ) -> Result<(super::seal::PageId, String), PageError> {
        self.connect_page_in(subject, message, None).await
    }

    /// [`Accounts::connect_page`], the page speaking `language` (a language tag of the crate's
    /// words, sealed with the page); without one, the language the browser asks for.
    ///
    /// # Errors
    ///
    /// As [`Accounts::connect_page`].
    pub async fn connect_page_in(
        &self,
        subject: &str,
        message: &str,
        language: Option<&str>,
    ) -> Result<(super::seal::PageId, String), PageError> {
        self.connect_page_at(None, subject, message, language).await
    }

    /// [`Accounts::connect_page_in`], the page made under the id `at` when one is given (a
    /// link's).
    pub(crate) async fn connect_page_at(
        &self,
        at: Option<super::seal::PageId>,
        subject: &str,
        message: &str,
        language: Option<&str>,
    ) -> Result<(super::seal::PageId, String), PageError> {
        let id = self
            .inner
            .pages
            .create_named_at(at, Some(subject), &self.inner.kind, message, language, None)
            .await?;
        Ok((id, self.connect_url(&id)))
    }

    /// What the connect page `id` of `subject` came to: `None` while it waits; then, once,
    /// `Connected`, `Declined` (at the page, or at the provider) or `Failed`.
    ///
    /// # Errors
    ///
    /// As [`Pages::take`]: another user's page, one taken, closed or expired, the store's
    /// failure.
    pub async fn take_connect_page(
        &self,
        id: &super::seal::PageId,
        subject: &str,
    ) -> Result<Option<Connection>, PageError> {
        let Some(answer) = self
            .inner
            .pages
            .take_named(id, Some(subject), &self.inner.kind)
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(if answer.accepted {
            Connection::Connected
        } else {
            match answer.content.get(FAILED).and_then(|v| v.as_str()) {
                Some(reason) => Connection::Failed(reason.to_owned()),
                None => Connection::Declined,
            }
        }))
    }
}

/// The key of a failed connection's reason in its page's answer.
pub(crate) const FAILED: &str = "failed";

/// What a connect page came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// The account is connected: its tokens are kept.
    Connected,
    /// The person declined, at the connect page or at the provider (`access_denied`).
    Declined,
    /// The connection failed (the provider refused the code, could not be reached, or sent an
    /// ID token that does not verify): nothing was kept. Why, in words.
    Failed(String),
}

/// Why an account could not be connected, refreshed or disconnected. Its `Display` is short,
/// for the person and the model that read a call's error (no URL, no system error, none of the
/// provider's own text); [`AccountError::detail`] gives everything, for the log.
#[derive(Debug)]
#[non_exhaustive]
pub enum AccountError {
    /// The provider's metadata could not be found or read (or a URL of the configuration is
    /// none): an error of the server's configuration, said in full.
    Discovery(String),
    /// A request to the provider failed.
    Http(HttpError),
    /// The provider refused a request: its `error` (and description).
    Provider(String),
    /// The connection failed ([`Connection::Failed`]): why, in words for a person.
    Failed(String),
    /// The connect page, or its answer.
    Page(PageError),
    /// The store failed.
    Store(StoreError),
    /// What the store keeps is not what this server sealed.
    Seal(SealError),
    /// Another replica held this account for longer than a refresh may take: try again.
    Busy,
    /// The access token has expired and the provider could not refresh it now (it was down,
    /// slow, or answered a temporary error): the tokens are kept; try again in a moment.
    Unavailable,
}

impl AccountError {
    /// Everything the error knows, sources included: for the server's log, not for a person.
    pub fn detail(&self) -> String {
        match self {
            AccountError::Http(error) => error.detail(),
            AccountError::Provider(error) => format!("the provider refused: {error}"),
            AccountError::Store(error) => error_chain(error),
            AccountError::Page(error) => error_chain(error),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for AccountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountError::Discovery(error) => {
                write!(f, "the provider's metadata could not be read: {error}")
            }
            AccountError::Http(error) => fmt::Display::fmt(error, f),
            AccountError::Provider(_) => f.write_str("the provider refused the request"),
            AccountError::Failed(reason) => {
                write!(f, "the account could not be connected: {reason}")
            }
            AccountError::Page(PageError::Store(StoreError::Backend(_)))
            | AccountError::Store(_) => {
                f.write_str("the server could not reach its store of accounts: try again")
            }
            AccountError::Page(error) => fmt::Display::fmt(error, f),
            AccountError::Seal(_) => {
                f.write_str("the account's record is not one this server sealed")
            }
            AccountError::Busy => f.write_str(
                "another replica is refreshing this account's tokens and has not finished: try again",
            ),
            AccountError::Unavailable => f.write_str(
                "the provider could not refresh the account's access now: try again in a moment",
            ),
        }
    }
}

impl std::error::Error for AccountError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AccountError::Http(error) => Some(error),
            AccountError::Page(error) => Some(error),
            AccountError::Store(error) => Some(error),
            AccountError::Seal(error) => Some(error),
            _ => None,
        }
    }
}

impl From<StoreError> for AccountError {
    fn from(error: StoreError) -> Self {
        AccountError::Store(error)
    }
}

impl From<SealError> for AccountError {
    fn from(error: SealError) -> Self {
        AccountError::Seal(error)
    }
}

/// An error and its sources, in one line (the crates' errors say what failed; their sources
/// say why).
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
