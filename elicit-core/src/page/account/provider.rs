//! [`Provider`]: an OAuth provider as this server is its client, found by OpenID Connect
//! discovery, by RFC 8414 metadata, or from its endpoints.

use std::fmt;
use std::time::Duration;

use base64::Engine;
use openidconnect::core::{
    CoreAuthDisplay, CoreClaimName, CoreClaimType, CoreClient, CoreClientAuthMethod, CoreGrantType,
    CoreJsonWebKey, CoreJweContentEncryptionAlgorithm, CoreJweKeyManagementAlgorithm,
    CoreResponseMode, CoreResponseType, CoreSubjectIdentifierType,
};
use openidconnect::{
    AdditionalProviderMetadata, ClientId, ClientSecret, EndpointMaybeSet, EndpointNotSet,
    EndpointSet, IssuerUrl, ProviderMetadata, RevocationUrl, Scope,
};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use super::http::{DEFAULT_TIMEOUT, Http};
use super::{AccountError, error_chain};

/// The scopes asked for by default: `openid` (an ID token, whose subject names the account) and
/// `offline_access` (a refresh token, so that the account stays connected).
pub const DEFAULT_SCOPES: &[&str] = &["openid", "offline_access"];

/// The provider metadata this module reads: OpenID Connect discovery's, and RFC 7009's
/// `revocation_endpoint`.
#[derive(Clone, Debug, Deserialize, Serialize)]
struct Revocation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    revocation_endpoint: Option<String>,
}

impl AdditionalProviderMetadata for Revocation {}

type Metadata = ProviderMetadata<
    Revocation,
    CoreAuthDisplay,
    CoreClientAuthMethod,
    CoreClaimName,
    CoreClaimType,
    CoreGrantType,
    CoreJweContentEncryptionAlgorithm,
    CoreJweKeyManagementAlgorithm,
    CoreJsonWebKey,
    CoreResponseMode,
    CoreResponseType,
    CoreSubjectIdentifierType,
>;

/// RFC 8414 metadata, as far as this module reads it.
#[derive(Deserialize)]
struct OAuthMetadata {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: Option<String>,
    revocation_endpoint: Option<String>,
}

/// The metadata of a provider without OpenID Connect, written from its endpoints (no keys: it
/// issues no ID token), so that its client is made as a discovered one is.
fn plain_metadata(
    issuer: &str,
    authorization_endpoint: &str,
    token_endpoint: &str,
    revocation_endpoint: Option<String>,
) -> Result<Metadata, AccountError> {
    let discovery = |error: &dyn fmt::Display| AccountError::Discovery(error.to_string());
    let issuer_url = IssuerUrl::new(issuer.to_owned()).map_err(|e| discovery(&e))?;
    let authorize = openidconnect::AuthUrl::new(authorization_endpoint.to_owned())
        .map_err(|e| discovery(&e))?;
    let token =
        openidconnect::TokenUrl::new(token_endpoint.to_owned()).map_err(|e| discovery(&e))?;
    let keys = openidconnect::JsonWebKeySetUrl::new(format!("{}/", issuer.trim_end_matches('/')))
        .map_err(|e| discovery(&e))?;
    let metadata = Metadata::new(
        issuer_url,
        authorize,
        keys,
        vec![openidconnect::ResponseTypes::new(vec![
            CoreResponseType::Code,
        ])],
        Vec::new(),
        Vec::new(),
        Revocation {
            revocation_endpoint,
        },
    );
    Ok(metadata.set_token_endpoint(Some(token)))
}

/// The OpenID Connect client, as discovery makes it: an authorization endpoint, and a token and
/// user-info endpoint if the provider has them.
pub(super) type Client = CoreClient<
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// An OAuth provider, as this server is its client: found by OpenID Connect discovery, with the
/// client's id and secret (from the environment, never from code), the scopes it asks for, and
/// any parameter the provider wants on its authorization request.
///
/// ```no_run
/// use mcp_elicit::page::account::Provider;
/// use mcp_elicit::page::SecretString;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let provider = Provider::discover(
///     "example",
///     "https://id.example.com",
///     &std::env::var("OAUTH_CLIENT_ID")?,
///     SecretString::from(std::env::var("OAUTH_CLIENT_SECRET")?),
/// )
/// .await?
/// .title("Example")
/// .scopes(&["openid", "email", "offline_access"])
/// .param("prompt", "consent");
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Provider {
    pub(super) name: String,
    pub(super) title: String,
    pub(super) issuer: String,
    pub(super) client: Client,
    pub(super) revocation: Option<RevocationUrl>,
    pub(super) userinfo: Option<String>,
    pub(super) scopes: Vec<String>,
    pub(super) params: Vec<(String, String)>,
    pub(super) http: Http,
    /// The client's secret, for a revocation on a loopback host.
    pub(super) client_secret: SecretString,
    /// Whether it is an OpenID provider: an ID token is then required, and checked.
    pub(super) openid: bool,
}

impl fmt::Debug for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Provider")
            .field("name", &self.name)
            .field("issuer", &self.issuer)
            .field("scopes", &self.scopes)
            .finish_non_exhaustive()
    }
}

impl Provider {
    /// The provider whose issuer is `issuer`, by OpenID Connect discovery
    /// (`ISSUER/.well-known/openid-configuration`, its issuer checked, its signing keys fetched),
    /// as the client `client_id` with `client_secret`. `name` names the provider in the store
    /// (with the user, digested) and, until [`Provider::title`], on the pages: keep it the same
    /// across replicas and restarts.
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`]: the issuer is not a URL, or its metadata could not be
    /// fetched or read within [`DEFAULT_TIMEOUT`].
    pub async fn discover(
        name: impl Into<String>,
        issuer: &str,
        client_id: &str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let discovery = |error: &dyn fmt::Display| AccountError::Discovery(error.to_string());
        let http = Http::new(DEFAULT_TIMEOUT).map_err(|e| discovery(&e))?;
        let issuer_url = IssuerUrl::new(issuer.to_owned()).map_err(|e| discovery(&e))?;
        let metadata = Metadata::discover_async(issuer_url, &http)
            .await
            .map_err(|e| discovery(&error_chain(&e)))?;
        Provider::of_metadata(name, issuer, metadata, client_id, client_secret, http, true)
    }

    /// An OAuth provider without OpenID Connect, from its RFC 8414 metadata
    /// (`https://HOST/.well-known/oauth-authorization-server[/PATH]` for the issuer
    /// `https://HOST[/PATH]`, its `issuer` checked): its authorization, token and (if it names
    /// one) revocation endpoints. No ID token is asked for or expected; the scopes are the
    /// provider's own (none by default: set them with [`Provider::scopes`]).
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`]: the issuer is not an `http(s)` URL, or its metadata could
    /// not be fetched or read within [`DEFAULT_TIMEOUT`], names another issuer, or lacks an
    /// endpoint.
    pub async fn discover_oauth(
        name: impl Into<String>,
        issuer: &str,
        client_id: &str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let discovery = |error: &dyn fmt::Display| AccountError::Discovery(error.to_string());
        let http = Http::new(DEFAULT_TIMEOUT).map_err(|e| discovery(&e))?;
        let issuer_url = openidconnect::url::Url::parse(issuer).map_err(|e| discovery(&e))?;
        if !matches!(issuer_url.scheme(), "http" | "https") || issuer_url.query().is_some() {
            return Err(discovery(&format!(
                "{issuer} is not an issuer (an http(s) URL without a query)"
            )));
        }
        // RFC 8414, section 3.1: the well-known path goes between the host and the issuer's path.
        let mut well_known = issuer_url.clone();
        let path = issuer_url.path().trim_end_matches('/');
        well_known.set_path(&format!("/.well-known/oauth-authorization-server{path}"));
        let request = openidconnect::http::Request::get(well_known.as_str())
            .header(openidconnect::http::header::ACCEPT, "application/json")
            .body(Vec::new())
            .map_err(|e| discovery(&e))?;
        let response = http.send(request).await.map_err(|e| discovery(&e))?;
        if !response.status().is_success() {
            return Err(discovery(&format!(
                "{well_known} answered {}",
                response.status()
            )));
        }
        let metadata: OAuthMetadata = serde_json::from_slice(response.body())
            .map_err(|e| discovery(&format!("{well_known} does not read: {e}")))?;
        if metadata.issuer != issuer {
            return Err(discovery(&format!(
                "{well_known} names the issuer {}, not {issuer}",
                metadata.issuer
            )));
        }
        let token = metadata
            .token_endpoint
            .ok_or_else(|| discovery(&format!("{well_known} names no token endpoint")))?;
        let metadata = plain_metadata(
            issuer,
            &metadata.authorization_endpoint,
            &token,
            metadata.revocation_endpoint,
        )?;
        Provider::of_metadata(
            name,
            issuer,
            metadata,
            client_id,
            client_secret,
            http,
            false,
        )
    }

    /// An OAuth provider without OpenID Connect, from its endpoints as its documentation gives
    /// them: `issuer` (its identifier, which a callback's `iss` must match), the authorization
    /// and token endpoints. No ID token is asked for or expected; the scopes are the provider's
    /// own (none by default). Add a revocation endpoint with [`Provider::revocation`] and a
    /// user-info endpoint with [`Provider::userinfo`].
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`] when an endpoint is not a URL.
    pub fn oauth(
        name: impl Into<String>,
        issuer: &str,
        authorization_endpoint: &str,
        token_endpoint: &str,
        client_id: &str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let metadata = plain_metadata(issuer, authorization_endpoint, token_endpoint, None)?;
        let http =
            Http::new(DEFAULT_TIMEOUT).map_err(|e| AccountError::Discovery(e.to_string()))?;
        Provider::of_metadata(
            name,
            issuer,
            metadata,
            client_id,
            client_secret,
            http,
            false,
        )
    }

    /// The provider of `metadata` (discovered, or written from the endpoints given), as the
    /// client `client_id`: an OpenID provider (`openid`) asks for `openid` and the default
    /// scopes; another asks for no scope until told.
    fn of_metadata(
        name: impl Into<String>,
        issuer: &str,
        metadata: Metadata,
        client_id: &str,
        client_secret: SecretString,
        http: Http,
        openid: bool,
    ) -> Result<Self, AccountError> {
        let revocation = match &metadata.additional_metadata().revocation_endpoint {
            Some(url) => Some(
                RevocationUrl::new(url.clone())
                    .map_err(|e| AccountError::Discovery(e.to_string()))?,
            ),
            None => None,
        };
        let userinfo = metadata.userinfo_endpoint().map(ToString::to_string);
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(client_id.to_owned()),
            Some(ClientSecret::new(client_secret.expose_secret().to_owned())),
        );
        let (client, scopes) = if openid {
            (client, DEFAULT_SCOPES)
        } else {
            (client.disable_openid_scope(), &[][..])
        };
        let name = name.into();
        Ok(Provider {
            title: name.clone(),
            name,
            issuer: issuer.to_owned(),
            client,
            revocation,
            userinfo,
            scopes: scopes.iter().map(|s| (*s).to_owned()).collect(),
            params: Vec::new(),
            http,
            client_secret,
            openid,
        })
    }

    /// Its revocation endpoint (RFC 7009), where discovery gave none.
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`] when it is not a URL.
    pub fn revocation(mut self, endpoint: &str) -> Result<Self, AccountError> {
        self.revocation = Some(
            RevocationUrl::new(endpoint.to_owned())
                .map_err(|e| AccountError::Discovery(e.to_string()))?,
        );
        Ok(self)
    }

    /// Its user-info endpoint, where discovery gave none (the server calls it itself).
    #[must_use]
    pub fn userinfo(mut self, endpoint: impl Into<String>) -> Self {
        self.userinfo = Some(endpoint.into());
        self
    }

    /// The provider's name as a person knows it ("GitHub"), on the pages (its `name` by
    /// default).
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// The scopes to ask for ([`DEFAULT_SCOPES`] by default).
    #[must_use]
    pub fn scopes(mut self, scopes: &[&str]) -> Self {
        self.scopes = scopes.iter().map(|s| (*s).to_owned()).collect();
        self
    }

    /// One more parameter of the authorization request (`prompt=consent`, which some providers
    /// need before they issue a refresh token).
    #[must_use]
    pub fn param(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.params.push((name.into(), value.into()));
        self
    }

    /// How long each request to the provider may take ([`DEFAULT_TIMEOUT`] by default).
    ///
    /// # Errors
    ///
    /// When reqwest's client cannot be built.
    pub fn timeout(mut self, timeout: Duration) -> Result<Self, AccountError> {
        self.http = Http::new(timeout).map_err(AccountError::Http)?;
        Ok(self)
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its issuer, as given.
    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    /// Its user-info endpoint, if discovery gave one (a server calls it with the access token).
    pub fn userinfo_endpoint(&self) -> Option<&str> {
        self.userinfo.as_deref()
    }

    /// Whether it is an OpenID provider (found by OpenID Connect discovery): an ID token is
    /// asked for, and checked.
    pub fn is_openid(&self) -> bool {
        self.openid
    }

    /// Whether it has a revocation endpoint (RFC 7009).
    pub fn revokes(&self) -> bool {
        self.revocation.is_some()
    }

    /// Revokes `token` (of the kind `hint`) at an http revocation endpoint on a loopback host:
    /// RFC 7009's request (section 2.1), the client authenticated as at the token endpoint
    /// (`client_secret_basic`, RFC 6749 section 2.3.1).
    pub(super) async fn revoke_on_loopback(
        &self,
        endpoint: &RevocationUrl,
        token: &SecretString,
        hint: &str,
    ) -> Result<(), AccountError> {
        let url = endpoint.url();
        let loopback = match url.host() {
            Some(openidconnect::url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(openidconnect::url::Host::Ipv6(ip)) => ip.is_loopback(),
            Some(openidconnect::url::Host::Domain(name)) => name == "localhost",
            None => false,
        };
        if url.scheme() != "http" || !loopback {
            return Err(AccountError::Discovery(format!(
                "the revocation endpoint {url} is neither https nor on a loopback host"
            )));
        }
        let encode =
            |text: &str| -> String { form_urlencoded::byte_serialize(text.as_bytes()).collect() };
        let credentials = format!(
            "{}:{}",
            encode(self.client.client_id().as_str()),
            encode(self.client_secret.expose_secret())
        );
        let body = form_urlencoded::Serializer::new(String::new())
            .append_pair("token", token.expose_secret())
            .append_pair("token_type_hint", hint)
            .finish();
        let request = openidconnect::http::Request::post(url.as_str())
            .header(
                openidconnect::http::header::AUTHORIZATION,
                format!(
                    "Basic {}",
                    base64::engine::general_purpose::STANDARD.encode(credentials)
                ),
            )
            .header(
                openidconnect::http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(body.into_bytes())
            .map_err(|e| AccountError::Discovery(e.to_string()))?;
        let response = self.http.send(request).await.map_err(AccountError::Http)?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(AccountError::Provider(format!(
                "the revocation endpoint answered {}",
                response.status()
            )))
        }
    }
}

/// The scopes as `openidconnect` takes them (it asks for `openid` itself).
pub(super) fn scopes(provider: &Provider) -> impl Iterator<Item = Scope> + '_ {
    provider
        .scopes
        .iter()
        .filter(|scope| *scope != "openid")
        .map(|scope| Scope::new(scope.clone()))
}
