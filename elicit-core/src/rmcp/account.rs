//! [`AskAccount`]: a user's access token at an OAuth provider from an rmcp handler, in one call:
//! the token when their account is connected, the connect page through URL mode when it is not
//! (features `rmcp` and `account`).

use std::borrow::Cow;
use std::time::Duration;

use ::rmcp::service::{RequestContext, RoleServer};
use secrecy::SecretString;

use super::ask::{Asking, Surface};
use super::page_ask::{PageAsk, PageSettings};
use super::{ElicitError, Stop};
use crate::answer::Elicitation;
use crate::lang::{Preference, Words};
use crate::page::account::{AccountError, Accounts, Connection};
use crate::page::seal::PageId;
use crate::page::serve::Pages;
use crate::page::store::{KeptStore, PageStore};

/// A user's access token at the provider of [`Accounts`], asked for from a tool, prompt or
/// resource handler: made by [`Accounts::ask`], run with [`AskAccount::run`].
///
/// - Connected: the access token at once (refreshed first when it has expired, once across
///   replicas).
/// - Not connected: the user is sent to a connect page of the server's through URL mode, as a
///   page is ([`AskPage`](super::AskPage)): on 2025-11-25 the call waits (progress
///   notifications, then `notifications/elicitation/complete`) and gives the token once the
///   account is connected; on 2026-07-28 it ends with an `InputRequiredResult`
///   ([`Stop::InputRequired`]), whose retry before the connection gets the same URL again, and
///   after it the token. A client without URL elicitation gets `-32021` on 2026-07-28 and
///   [`ElicitError::UrlNotSupported`] on 2025-11-25.
/// - `Declined`: the person declined in the client, at the connect page, or at the provider
///   (`access_denied`); `Cancelled`: they cancelled in the client (or the call was cancelled).
///   A connection that failed (the provider refused the code, was down, or sent an ID token
///   that does not verify) is [`ElicitError::Account`], and nothing was kept.
///
/// ```no_run
/// use mcp_elicit::Elicitation;
/// use mcp_elicit::page::ExposeSecret;
/// use mcp_elicit::page::account::Accounts;
/// use mcp_elicit::page::store::MemoryStore;
/// use mcp_elicit::rmcp::Handled;
/// use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// async fn repositories(
///     accounts: &Accounts<MemoryStore>,
///     user: &str, // who the MCP request's authorization says the caller is
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Handled {
///     let Elicitation::Accepted(token) = accounts.ask(user).run(context, request).await? else {
///         return Ok(CallToolResult::success(vec![ContentBlock::text("Not connected")]));
///     };
///     // call the provider's API with `token.expose_secret()`, on the server
///     Ok(CallToolResult::success(vec![ContentBlock::text("Connected")]))
/// }
/// ```
pub struct AskAccount<'a, S> {
    accounts: &'a Accounts<S>,
    subject: String,
    settings: PageSettings,
    /// An access token the provider's API refused ([`AskAccount::refused`]).
    refused: Option<SecretString>,
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// Asks for `subject`'s access token at the provider (`subject`: the user of the MCP call,
    /// as the application's authorization of the request found it): see [`AskAccount`].
    pub fn ask(&self, subject: &str) -> AskAccount<'_, S> {
        AskAccount {
            accounts: self,
            subject: subject.to_owned(),
            settings: PageSettings::default(),
            refused: None,
        }
    }
}

// `AskPage` (`rmcp/page.rs`) has the same three setters: each sets the shared `PageSettings`,
// where its rule and default live, and says here what it does for this ask. They stay methods of
// each builder, as a trait shared by both would have every caller import it.
impl<S: PageStore + KeptStore + 'static> AskAccount<'_, S> {
    /// The message the client shows beside the URL, and the connect page under its title
    /// ([`Accounts::default_message`] by default).
    #[must_use]
    pub fn message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.settings.set_message(message);
        self
    }

    /// The key of the request in `inputRequests` and `inputResponses` (2026-07-28).
    #[must_use]
    pub fn key(mut self, key: impl Into<Cow<'static, str>>) -> Self {
        self.settings.set_key(key);
        self
    }

    /// How long a handler on 2025-11-25 waits for the account to be connected
    /// ([`DEFAULT_WAIT`](super::DEFAULT_WAIT)).
    #[must_use]
    pub fn wait(mut self, wait: Duration) -> Self {
        self.settings.set_wait(wait);
        self
    }

    /// The provider's API refused `token` (it answered 401: revoked, or expired early), which
    /// this ask gave: [`AskAccount::run`] then refreshes it (once across replicas), or, when the
    /// grant is gone too, forgets it and connects the account again, in the same call, on every
    /// version (on 2026-07-28 the client's retry of the call gets the new token from the first
    /// `run` of the handler).
    ///
    /// ```no_run
    /// # use mcp_elicit::Elicitation;
    /// # use mcp_elicit::page::{ExposeSecret, SecretString};
    /// # use mcp_elicit::page::account::Accounts;
    /// # use mcp_elicit::page::store::MemoryStore;
    /// # use mcp_elicit::rmcp::Handled;
    /// # use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
    /// # use rmcp::service::{RequestContext, RoleServer};
    /// # async fn call_api(token: &SecretString) -> Result<String, u16> { Err(401) }
    /// async fn profile(
    ///     accounts: &Accounts<MemoryStore>,
    ///     user: &str,
    ///     request: &CallToolRequestParams,
    ///     context: &RequestContext<RoleServer>,
    /// ) -> Handled {
    ///     let asked = accounts.ask(user);
    ///     let Elicitation::Accepted(token) = asked.run(context, request).await? else {
    ///         return Ok(CallToolResult::success(vec![ContentBlock::text("Not connected")]));
    ///     };
    ///     let profile = match call_api(&token).await {
    ///         Err(401) => {
    ///             // The provider no longer accepts the token: a new one, or connect again.
    ///             let again = asked.refused(token).run(context, request).await?;
    ///             let Elicitation::Accepted(token) = again else {
    ///                 return Ok(CallToolResult::success(vec![ContentBlock::text("Not connected")]));
    ///             };
    ///             call_api(&token).await
    ///         }
    ///         other => other,
    ///     };
    ///     let text = profile.unwrap_or_else(|status| format!("the provider answered {status}"));
    ///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    /// }
    /// ```
    #[must_use]
    pub fn refused(mut self, token: SecretString) -> Self {
        self.refused = Some(token);
        self
    }

    /// The access token, in `request` (a `tools/call`, `prompts/get` or `resources/read`)
    /// handled with `context`: see [`AskAccount`].
    ///
    /// # Errors
    ///
    /// [`Stop::InputRequired`] on 2026-07-28 while the account is not connected (not a
    /// failure: return it); otherwise [`Stop::Elicit`]: no URL mode in the client, a state
    /// refused, the connection not made in time, the connection failed or the refresh did
    /// ([`ElicitError::Account`]), or the store's failure.
    pub async fn run(
        &self,
        context: &RequestContext<RoleServer>,
        request: &impl Surface,
    ) -> Result<Elicitation<SecretString>, Stop> {
        let mut asking = Asking::new(context, request).map_err(Stop::Elicit)?;
        // The retry of a call whose connect page was made (2026-07-28): its page's outcome is
        // taken first, so that an answered page does not wait in the store for its time.
        let retried = asking
            .exchange()
            .is_some_and(|exchange| exchange.kept(self.settings.key()).is_some());
        if retried {
            return asking.page_of(self).await;
        }
        let connected = match &self.refused {
            Some(refused) => self.accounts.refused(&self.subject, refused).await,
            None => self.accounts.access_token(&self.subject).await,
        };
        if let Some(token) = connected.map_err(|e| Stop::Elicit(account_error(e)))? {
            return Ok(Elicitation::Accepted(token));
        }
        asking.page_of(self).await
    }
}

/// An account's error as the call's, its detail logged (the call reads the short words only).
fn account_error(error: AccountError) -> ElicitError {
    tracing::warn!(error = error.detail(), "an account could not be used");
    ElicitError::Account(error)
}

impl<S: PageStore + KeptStore + 'static> PageAsk<S> for AskAccount<'_, S> {
    type Output = SecretString;

    fn pages(&self) -> &Pages<S> {
        self.accounts.pages()
    }

    fn subject(&self) -> Option<&str> {
        Some(&self.subject)
    }

    fn settings(&self) -> &PageSettings {
        &self.settings
    }

    fn default_message(&self, _: Option<&Preference>) -> &str {
        self.accounts.default_message()
    }

    fn language(&self, preference: &Preference) -> std::borrow::Cow<'static, str> {
        // The connect page speaks the crate's words chosen for the call.
        std::borrow::Cow::Owned(Words::choose(preference).language().to_owned())
    }

    fn url(&self, id: &PageId) -> String {
        self.accounts.connect_url(id)
    }

    async fn create(
        &self,
        at: Option<PageId>,
        preference: Option<&Preference>,
    ) -> Result<(PageId, String), ElicitError> {
        // The connect page speaks the call's language: the crate's words chosen for it.
        let language = preference.map(|preference| Words::choose(preference).language().to_owned());
        self.accounts
            .connect_page_at(
                at,
                &self.subject,
                self.message_text(preference),
                language.as_deref(),
            )
            .await
            .map_err(ElicitError::Page)
    }

    async fn take(&self, id: &PageId) -> Result<Option<Elicitation<SecretString>>, ElicitError> {
        let account = account_error;
        match self
            .accounts
            .take_connect_page(id, &self.subject)
            .await
            .map_err(ElicitError::Page)?
        {
            // The page waits; the account may have been connected meanwhile through another page
            // of the user's (two calls that each asked): the call completes with it, and this
            // spare page ends.
            None => match self.accounts.access_token(&self.subject).await {
                Ok(Some(token)) => {
                    let _ = self.accounts.pages().close_page(id).await;
                    Ok(Some(Elicitation::Accepted(token)))
                }
                Ok(None) | Err(_) => Ok(None),
            },
            Some(Connection::Declined) => Ok(Some(Elicitation::Declined)),
            Some(Connection::Failed(reason)) => Err(account(AccountError::Failed(reason))),
            Some(Connection::Connected) => match self
                .accounts
                .access_token(&self.subject)
                .await
                .map_err(account)?
            {
                Some(token) => Ok(Some(Elicitation::Accepted(token))),
                None => Err(account(AccountError::Failed(
                    "it was disconnected meanwhile".to_owned(),
                ))),
            },
        }
    }
}
