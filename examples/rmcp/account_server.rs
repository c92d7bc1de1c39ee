//! An MCP server that acts for its users at an OAuth provider, their accounts connected through
//! URL mode (the specification's own example): `account_server --issuer URL [--port P]
//! [--public-url URL] [--redis URL | --redis-cluster URL,... | --redis-sentinel URL,...
//! [--redis-service NAME]] [--page-ttl SECONDS]`
//! (`--help` says what each does), its keys from
//! `MCP_ELICIT_STATE_KEY` (`CURRENT[,PREVIOUS...]`, 64 hexadecimal characters each: replicas share
//! them, the Redis and the public URL; a key being rotated out stays after the current one), its
//! OAuth client from `OAUTH_CLIENT_ID` and `OAUTH_CLIENT_SECRET`.
//!
//! - MCP at `/mcp` (Streamable HTTP, 2025-11-25 and 2026-07-28), rmcp's `#[tool]` methods marked
//!   `#[asks]`; the connect pages at `/oauth/connect/{id}`, the redirect URI `PUBLIC-URL/oauth/callback`
//!   (register it at the provider).
//! - The stand-in sign-in of `site.rs` (never deploy it: anyone can sign in as anyone): MCP
//!   requests carry `Authorization: Bearer dev-NAME`, the browser signs in at `/login` with
//!   `token=dev-NAME`; a connect page is shown only to the NAME whose call made it, and the
//!   provider's redirect back is taken only in that NAME's browser.
//! - `whoami_upstream`: connects the calling user's account if needed, then calls the
//!   provider's user-info endpoint with their access token (within 10 seconds and 64 KiB):
//!   `Upstream account: SUB (EMAIL)`, or a text with `Not connected` when they declined. A token
//!   the endpoint refuses (401) is refreshed, or the account connected again, in the same call.
//! - `disconnect_upstream`: revokes the user's tokens at the provider and forgets them:
//!   `Disconnected`, or says that the provider has not revoked them yet.
//! - Scopes `openid email offline_access`, with `prompt=consent` (which providers such as
//!   `oidc-provider` need before they issue a refresh token).
#[path = "site.rs"]
mod site;

use std::process::ExitCode;
use std::sync::Arc;

use axum::Router;
use clap::Parser;
use mcp_elicit::Elicitation;
use mcp_elicit::page::account::{Accounts, Disconnected, Provider};
use mcp_elicit::page::serve::{Pages, Parts};
use mcp_elicit::page::store::{KeptStore, MemoryStore, PageStore};
use mcp_elicit::page::{ExposeSecret, SecretString};
use mcp_elicit::rmcp::{Call, Forms, Handled, Stop, asks};
use mcp_elicit::rounds::StateKeys;
use rmcp::handler::server::common::Extension;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::ErrorData;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use site::{Session, Site, SiteArgs, StoreArgs};

/// An MCP server that acts for its users at an OAuth provider, their accounts connected through
/// URL mode
#[derive(Parser)]
#[command(name = "account_server", next_line_help = true)]
#[command(after_help = site::environment(&[
    ("OAUTH_CLIENT_ID", "Its client id at the provider"),
    ("OAUTH_CLIENT_SECRET", "Its client secret at the provider"),
]))]
struct Cli {
    /// The OAuth provider's issuer, whose discovery document says where its endpoints are
    #[arg(long, value_name = "URL")]
    issuer: String,
    #[command(flatten)]
    site: SiteArgs,
    #[command(flatten)]
    store: StoreArgs,
    /// How long a connect page waits for the provider's answer, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    page_ttl: u64,
}

#[derive(Clone)]
struct Server<S: PageStore + KeptStore + 'static> {
    accounts: Accounts<S>,
    /// The client of the provider's user-info endpoint.
    http: reqwest::Client,
    tool_router: ToolRouter<Self>,
}

/// The signed-in user of an MCP request (its bearer token's NAME).
fn user(request: &Parts) -> Result<String, ErrorData> {
    site::user(request)
        .map(str::to_owned)
        .ok_or_else(|| ErrorData::invalid_request("not signed in", None))
}

#[tool_router]
impl<S: PageStore + KeptStore + Clone + 'static> Server<S> {
    fn new(accounts: Accounts<S>, http: reqwest::Client) -> Self {
        Server {
            accounts,
            http,
            tool_router: Self::tool_router(),
        }
    }

    #[asks]
    #[tool(
        description = "Says who you are at the upstream provider, connecting your account first if needed"
    )]
    async fn whoami_upstream(
        &self,
        call: Call,
        Extension(request): Extension<Parts>,
    ) -> Handled<String> {
        const NOT_CONNECTED: &str = "Not connected: you did not connect your Upstream account.";
        let user = user(&request)?;
        let asked = self.accounts.ask(&user);
        let Elicitation::Accepted(token) = asked.run(call.context(), &call).await? else {
            return Ok(NOT_CONNECTED.to_owned());
        };
        tracing::info!(user, "connected upstream");
        match self.userinfo(&token).await {
            // The provider no longer accepts the token: a new one, or the account connected
            // again, in this same call.
            Err(UserInfo::Refused) => {
                let again = asked.refused(token).run(call.context(), &call).await?;
                let Elicitation::Accepted(token) = again else {
                    return Ok(NOT_CONNECTED.to_owned());
                };
                self.userinfo(&token).await
            }
            answered => answered,
        }
        .map_err(|error| Stop::error(error.to_string()))
    }

    #[tool(description = "Disconnects your upstream account: its tokens revoked and forgotten")]
    async fn disconnect_upstream(
        &self,
        Extension(request): Extension<Parts>,
    ) -> Result<String, ErrorData> {
        let user = user(&request)?;
        match self.accounts.disconnect(&user).await {
            Ok(Disconnected::NotConnected) => {
                Ok("Disconnected: no account was connected".to_owned())
            }
            Ok(Disconnected::Pending(_)) => Ok(
                "Disconnected here; the provider has not revoked your tokens yet: this server keeps them sealed and revokes them as soon as the provider answers".to_owned(),
            ),
            Ok(_) => Ok("Disconnected".to_owned()),
            Err(error) => {
                tracing::warn!(error = error.detail(), "a disconnection failed");
                Err(ErrorData::internal_error(
                    format!("Not disconnected: {error}"),
                    None,
                ))
            }
        }
    }
}

/// Why the provider's user info is not known.
enum UserInfo {
    /// The endpoint refused the token (401).
    Refused,
    /// Anything else, in words for the caller.
    Failed(&'static str),
}

impl std::fmt::Display for UserInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UserInfo::Refused => f.write_str("the provider refused the account's token"),
            UserInfo::Failed(why) => f.write_str(why),
        }
    }
}

/// The most of a user-info answer that is read.
const MAX_USERINFO: usize = 64 * 1024;

impl<S: PageStore + KeptStore + Clone + 'static> Server<S> {
    /// `Upstream account: SUB (EMAIL)`, from the provider's user-info endpoint: within 10
    /// seconds and 64 KiB, as the library's own requests to the provider.
    async fn userinfo(&self, token: &SecretString) -> Result<String, UserInfo> {
        let failed = |why: &'static str, detail: &dyn std::fmt::Display| {
            tracing::warn!(%detail, "{why}");
            UserInfo::Failed(why)
        };
        let endpoint = self
            .accounts
            .provider()
            .userinfo_endpoint()
            .ok_or(UserInfo::Failed("the provider has no user-info endpoint"))?;
        let mut response = self
            .http
            .get(endpoint)
            .bearer_auth(token.expose_secret())
            .send()
            .await
            .map_err(|e| failed("the provider's user-info endpoint could not be reached", &e))?;
        if response.status() == reqwest::StatusCode::UNAUTHORIZED {
            return Err(UserInfo::Refused);
        }
        if !response.status().is_success() {
            let status = response.status();
            return Err(failed("the provider's user-info endpoint failed", &status));
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| failed("the provider's user info did not arrive", &e))?
        {
            if body.len() + chunk.len() > MAX_USERINFO {
                return Err(UserInfo::Failed("the provider's user info is too long"));
            }
            body.extend_from_slice(&chunk);
        }
        let info: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|e| failed("the provider's user info does not read", &e))?;
        let text = |name: &str| {
            info.get(name)
                .and_then(|v| v.as_str())
                .unwrap_or("?")
                .to_owned()
        };
        Ok(format!(
            "Upstream account: {} ({})",
            text("sub"),
            text("email")
        ))
    }
}

#[tool_handler(router = self.tool_router)]
impl<S: PageStore + KeptStore + Clone + 'static> ServerHandler for Server<S> {}

async fn serve<S: PageStore + KeptStore + Clone + 'static>(
    store: S,
    cli: &Cli,
) -> Result<(), Box<dyn std::error::Error>> {
    let site = Site::bind(&cli.site).await?;
    let keys = StateKeys::from_env("MCP_ELICIT_STATE_KEY")?;
    let client_id = std::env::var("OAUTH_CLIENT_ID").map_err(|_| "set OAUTH_CLIENT_ID")?;
    let client_secret = SecretString::from(
        std::env::var("OAUTH_CLIENT_SECRET").map_err(|_| "set OAUTH_CLIENT_SECRET")?,
    );
    let provider = Provider::discover("upstream", &cli.issuer, &client_id, client_secret)
        .await?
        .title("Upstream")
        .scopes(&["openid", "email", "offline_access"])
        .param("prompt", "consent");
    let pages = Pages::new(store, &keys, &site.pages_url(), Session)
        .ttl(std::time::Duration::from_secs(cli.page_ttl));
    let accounts = Accounts::new(
        pages.clone(),
        provider,
        &format!("{}/oauth", site.public_url()),
    )?;
    keys.install()?;
    let handler = accounts.clone();
    // The user-info requests: within a time limit, no redirect followed, as the library's own.
    let http = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let service = StreamableHttpService::new(
        move || Ok(Forms::new(Server::new(handler.clone(), http.clone()))),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let mcp = Router::new().nest_service("/mcp", service);
    let oauth = Router::new().nest("/oauth", accounts.router());
    site.serve(mcp, pages.router(), oauth).await
}

#[cfg(test)]
#[path = "account_server/tests.rs"]
mod tests;

#[tokio::main]
#[cfg_attr(test, allow(dead_code))]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    site::log();
    site::end(run(&cli).await)
}

/// Serves with the store `cli` names.
async fn run(cli: &Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.store.connect().await? {
        Some(redis) => serve(redis, cli).await,
        None => serve(Arc::new(MemoryStore::new(10_000)), cli).await,
    }
}
