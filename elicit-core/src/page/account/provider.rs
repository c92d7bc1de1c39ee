//! [`Provider`]: an OAuth provider as this server is its client, found by OpenID Connect
//! discovery, by RFC 8414 metadata, or from its endpoints.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use openidconnect::core::{
    CoreAuthDisplay, CoreClaimName, CoreClaimType, CoreClientAuthMethod, CoreGrantType,
    CoreJsonWebKey, CoreJweContentEncryptionAlgorithm, CoreJweKeyManagementAlgorithm,
    CoreResponseMode, CoreResponseType, CoreSubjectIdentifierType,
};
use openidconnect::url::Url;
use openidconnect::{
    AdditionalProviderMetadata, ClientId, ClientSecret, IssuerUrl, ProviderMetadata, RevocationUrl,
    Scope,
};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use super::AccountError;
use super::client::Client;
use super::http::{DEFAULT_TIMEOUT, Http};
use super::keys::{KeySet, Keys};

/// The scopes asked for by default: `openid` (an ID token, whose subject names the account) and
/// `offline_access` (a refresh token, so that the account stays connected).
pub const DEFAULT_SCOPES: &[&str] = &["openid", "offline_access"];

/// The provider metadata this module reads beyond OpenID Connect discovery's: RFC 7009's
/// `revocation_endpoint`, and RFC 9207's `authorization_response_iss_parameter_supported`.
#[derive(Clone, Debug, Deserialize, Serialize)]
struct Extra {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    revocation_endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    authorization_response_iss_parameter_supported: Option<bool>,
}

impl AdditionalProviderMetadata for Extra {}

type Metadata = ProviderMetadata<
    Extra,
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
    #[serde(flatten)]
    extra: Extra,
}

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
    /// How long each request may take.
    pub(super) timeout: Duration,
    /// The client's secret, for a revocation on a loopback host.
    pub(super) client_secret: SecretString,
    /// An OpenID provider's signing keys (its ID token is then required, and checked).
    pub(super) keys: Option<Arc<Keys>>,
    /// Whether its authorization responses carry `iss` (RFC 9207): a callback without it is
    /// then refused.
    pub(super) iss_required: bool,
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

/// An error of the configuration: the provider's metadata, or a URL of it.
fn discovery(error: &dyn fmt::Display) -> AccountError {
    AccountError::Discovery(error.to_string())
}

/// Whether tokens and the client's secret may be sent to `url`: `https`, or `http` on a loopback
/// host (a provider on this machine, for development and tests).
pub(super) fn may_carry_secrets(url: &Url) -> bool {
    match url.scheme() {
        "https" => true,
        "http" => match url.host() {
            Some(openidconnect::url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(openidconnect::url::Host::Ipv6(ip)) => ip.is_loopback(),
            Some(openidconnect::url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
            None => false,
        },
        _ => false,
    }
}

/// `url`, if tokens may be sent there ([`may_carry_secrets`]); else why not, naming `what`.
fn checked(what: &str, url: &str) -> Result<Url, AccountError> {
    let parsed = Url::parse(url).map_err(|e| discovery(&format!("the {what} {url}: {e}")))?;
    if may_carry_secrets(&parsed) {
        Ok(parsed)
    } else {
        Err(discovery(&format!(
            "the {what} {url} is neither https nor on a loopback host: tokens and the client's secret are sent only over https"
        )))
    }
}

/// What every constructor of [`Provider`] starts from, made in one place
/// ([`Registration::new`]): the provider's name, its issuer (checked: tokens may be sent to it),
/// this server's registration as its client, and the HTTP client that fetches the provider's
/// metadata and then carries its requests. [`Provider::of_metadata`] makes the provider of it.
struct Registration<'a> {
    name: String,
    issuer: &'a str,
    issuer_url: Url,
    client_id: &'a str,
    client_secret: SecretString,
    http: Http,
}

impl<'a> Registration<'a> {
    /// This server as the client `client_id` with `client_secret` of the provider `name` whose
    /// issuer is `issuer`, if tokens and the client's secret may be sent to the issuer.
    fn new(
        name: impl Into<String>,
        issuer: &'a str,
        client_id: &'a str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let issuer_url = checked("issuer", issuer)?;
        let http = Http::new(DEFAULT_TIMEOUT).map_err(|e| discovery(&e))?;
        Ok(Registration {
            name: name.into(),
            issuer,
            issuer_url,
            client_id,
            client_secret,
            http,
        })
    }
}

impl Provider {
    /// The provider whose issuer is `issuer`, by OpenID Connect discovery
    /// (`ISSUER/.well-known/openid-configuration`, its issuer checked, its signing keys fetched),
    /// as the client `client_id` with `client_secret`. `name` names the provider in the store
    /// (with its issuer and the user, digested) and, until [`Provider::title`], on the pages:
    /// keep it the same across replicas and restarts.
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`]: the issuer is not an `https` URL (or `http` on a loopback
    /// host), or its metadata could not be fetched or read within [`DEFAULT_TIMEOUT`], or names
    /// an endpoint that is not.
    pub async fn discover(
        name: impl Into<String>,
        issuer: &str,
        client_id: &str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let registration = Registration::new(name, issuer, client_id, client_secret)?;
        let issuer_url = IssuerUrl::new(issuer.to_owned()).map_err(|e| discovery(&e))?;
        let metadata = Metadata::discover_async(issuer_url, &registration.http)
            .await
            .map_err(|e| match e {
                openidconnect::DiscoveryError::Request(error) => discovery(&error.detail()),
                other => discovery(&super::error_chain(&other)),
            })?;
        Provider::of_metadata(registration, metadata, true)
    }

    /// An OAuth provider without OpenID Connect, from its RFC 8414 metadata
    /// (`https://HOST/.well-known/oauth-authorization-server[/PATH]` for the issuer
    /// `https://HOST[/PATH]`, its `issuer` checked): its authorization, token and (if it names
    /// one) revocation endpoints. No ID token is asked for or expected; the scopes are the
    /// provider's own (none by default: set them with [`Provider::scopes`]).
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`]: the issuer is not an `https` URL (or `http` on a loopback
    /// host) without a query, or its metadata could not be fetched or read within
    /// [`DEFAULT_TIMEOUT`], names another issuer, or lacks an endpoint.
    pub async fn discover_oauth(
        name: impl Into<String>,
        issuer: &str,
        client_id: &str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let registration = Registration::new(name, issuer, client_id, client_secret)?;
        let issuer_url = &registration.issuer_url;
        if issuer_url.query().is_some() {
            return Err(discovery(&format!(
                "{issuer} is not an issuer (an https URL without a query)"
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
        let response = registration
            .http
            .send(request)
            .await
            .map_err(|e| discovery(&e.detail()))?;
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
        Provider::plain(
            registration,
            &metadata.authorization_endpoint,
            &token,
            metadata.extra,
        )
    }

    /// An OAuth provider without OpenID Connect, from its endpoints as its documentation gives
    /// them: `issuer` (its identifier, which a callback's `iss` must match), the authorization
    /// and token endpoints. No ID token is asked for or expected; the scopes are the provider's
    /// own (none by default). Add a revocation endpoint with [`Provider::revocation`], a
    /// user-info endpoint with [`Provider::userinfo`], and RFC 9207's `iss` with
    /// [`Provider::require_iss`].
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`] when an endpoint is not a URL, or the issuer or the token
    /// endpoint is not `https` (or `http` on a loopback host).
    pub fn oauth(
        name: impl Into<String>,
        issuer: &str,
        authorization_endpoint: &str,
        token_endpoint: &str,
        client_id: &str,
        client_secret: SecretString,
    ) -> Result<Self, AccountError> {
        let registration = Registration::new(name, issuer, client_id, client_secret)?;
        let extra = Extra {
            revocation_endpoint: None,
            authorization_response_iss_parameter_supported: None,
        };
        Provider::plain(registration, authorization_endpoint, token_endpoint, extra)
    }

    /// The provider without OpenID Connect whose endpoints are `authorization_endpoint` and
    /// `token_endpoint` (given, or read from its RFC 8414 metadata), with what else `extra` says.
    fn plain(
        registration: Registration<'_>,
        authorization_endpoint: &str,
        token_endpoint: &str,
        extra: Extra,
    ) -> Result<Self, AccountError> {
        let metadata = plain_metadata(
            registration.issuer,
            authorization_endpoint,
            token_endpoint,
            extra,
        )?;
        Provider::of_metadata(registration, metadata, false)
    }

    /// The provider of `metadata` (discovered, or written from the endpoints given), as
    /// `registration`'s client: the one place a provider is made. An OpenID provider (`openid`)
    /// asks for `openid` and the default scopes, and checks ID tokens with its keys; another asks
    /// for no scope until told. Every endpoint tokens or the client's secret are sent to must be
    /// `https` (or on loopback).
    fn of_metadata(
        registration: Registration<'_>,
        metadata: Metadata,
        openid: bool,
    ) -> Result<Self, AccountError> {
        let Registration {
            name,
            issuer,
            issuer_url: _,
            client_id,
            client_secret,
            http,
        } = registration;
        let extra = metadata.additional_metadata();
        let revocation = match &extra.revocation_endpoint {
            Some(url) => Some(RevocationUrl::from_url(checked(
                "revocation endpoint",
                url,
            )?)),
            None => None,
        };
        let iss_required = extra
            .authorization_response_iss_parameter_supported
            .unwrap_or(false);
        if let Some(token) = metadata.token_endpoint() {
            checked("token endpoint", token.as_str())?;
        }
        let userinfo = match metadata.userinfo_endpoint() {
            Some(url) => Some(checked("user-info endpoint", url.as_str())?.to_string()),
            None => None,
        };
        let id = ClientId::new(client_id.to_owned());
        let secret = ClientSecret::new(client_secret.expose_secret().to_owned());
        let keys = if openid {
            checked("key set", metadata.jwks_uri().as_str())?;
            Some(Arc::new(Keys::new(KeySet {
                url: metadata.jwks_uri().clone(),
                algs: metadata.id_token_signing_alg_values_supported().clone(),
                set: metadata.jwks().clone(),
                issuer: metadata.issuer().clone(),
                client_id: id.clone(),
                client_secret: secret.clone(),
                name: name.clone(),
            })))
        } else {
            None
        };
        let client = Client::from_provider_metadata(metadata, id, Some(secret));
        let (client, scopes) = if openid {
            (client, DEFAULT_SCOPES)
        } else {
            (client.disable_openid_scope(), &[][..])
        };
        let provider = Provider {
            title: name.clone(),
            name,
            issuer: issuer.to_owned(),
            client,
            revocation,
            userinfo,
            scopes: Vec::new(),
            params: Vec::new(),
            http,
            timeout: DEFAULT_TIMEOUT,
            client_secret,
            keys,
            iss_required,
        };
        Ok(provider.scopes(scopes))
    }

    /// Its revocation endpoint (RFC 7009), where discovery gave none.
    ///
    /// # Errors
    ///
    /// [`AccountError::Discovery`] when it is not a URL, or neither `https` nor on a loopback
    /// host.
    pub fn revocation(mut self, endpoint: &str) -> Result<Self, AccountError> {
        self.revocation = Some(RevocationUrl::from_url(checked(
            "revocation endpoint",
            endpoint,
        )?));
        Ok(self)
    }

    /// Its user-info endpoint, where discovery gave none (the server calls it itself).
    #[must_use]
    pub fn userinfo(mut self, endpoint: impl Into<String>) -> Self {
        self.userinfo = Some(endpoint.into());
        self
    }

    /// Its authorization responses carry the issuer (RFC 9207's `iss`), where its metadata does
    /// not say so (discovery reads `authorization_response_iss_parameter_supported`): a callback
    /// without `iss` is then refused, as one naming another issuer is.
    #[must_use]
    pub fn require_iss(mut self) -> Self {
        self.iss_required = true;
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

    /// How long each request to the provider may take ([`DEFAULT_TIMEOUT`] by default). A
    /// refresh holds its claim across replicas three times as long, at most.
    ///
    /// # Errors
    ///
    /// When reqwest's client cannot be built.
    pub fn timeout(mut self, timeout: Duration) -> Result<Self, AccountError> {
        self.http = Http::new(timeout).map_err(AccountError::Http)?;
        self.timeout = timeout;
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
        self.keys.is_some()
    }

    /// Whether it has a revocation endpoint (RFC 7009).
    pub fn revokes(&self) -> bool {
        self.revocation.is_some()
    }

    /// Whether its authorization responses must carry `iss` (RFC 9207).
    pub fn requires_iss(&self) -> bool {
        self.iss_required
    }

    /// Whether `iss` (a callback's, if it has one) is this provider's issuer: required when the
    /// provider says it sends it.
    pub(super) fn issuer_matches(&self, iss: Option<&str>) -> bool {
        match iss {
            Some(iss) => iss.trim_end_matches('/') == self.issuer.trim_end_matches('/'),
            None => !self.iss_required,
        }
    }
}

/// The metadata of a provider without OpenID Connect, written from its endpoints (no keys: it
/// issues no ID token), so that its client is made as a discovered one is.
fn plain_metadata(
    issuer: &str,
    authorization_endpoint: &str,
    token_endpoint: &str,
    extra: Extra,
) -> Result<Metadata, AccountError> {
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
        extra,
    );
    Ok(metadata.set_token_endpoint(Some(token)))
}

/// The scopes as `openidconnect` takes them (it asks for `openid` itself).
pub(super) fn scopes(provider: &Provider) -> impl Iterator<Item = Scope> + '_ {
    provider
        .scopes
        .iter()
        .filter(|scope| *scope != "openid")
        .map(|scope| Scope::new(scope.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_travel_over_https_or_on_loopback_only() {
        for (url, may) in [
            ("https://id.example.com/token", true),
            ("HTTPS://id.example.com/token", true),
            ("http://127.0.0.1:8080/token", true),
            ("http://[::1]/token", true),
            ("http://LOCALHOST/token", true),
            ("http://id.example.com/token", false),
            ("http://10.0.0.1/token", false),
            ("http://localhost.example.com/token", false),
            ("ftp://127.0.0.1/token", false),
        ] {
            assert_eq!(may_carry_secrets(&Url::parse(url).unwrap()), may, "{url}");
        }
    }

    #[test]
    fn an_http_endpoint_elsewhere_than_loopback_is_refused_before_any_request() {
        let secret = || SecretString::from("secret");
        let error = Provider::oauth(
            "p",
            "http://id.example.com",
            "https://id.example.com/authorize",
            "https://id.example.com/token",
            "client",
            secret(),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "the provider's metadata could not be read: the issuer http://id.example.com is neither https nor on a loopback host: tokens and the client's secret are sent only over https"
        );
        let error = Provider::oauth(
            "p",
            "https://id.example.com",
            "https://id.example.com/authorize",
            "http://id.example.com/token",
            "client",
            secret(),
        )
        .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the token endpoint http://id.example.com/token is neither https"),
            "{error}"
        );
        let provider = Provider::oauth(
            "p",
            "https://id.example.com",
            "https://id.example.com/authorize",
            "https://id.example.com/token",
            "client",
            secret(),
        )
        .unwrap();
        assert!(provider.revocation("http://id.example.com/revoke").is_err());
    }

    #[test]
    fn iss_is_required_where_the_provider_sends_it() {
        let provider = Provider::oauth(
            "p",
            "https://id.example.com/",
            "https://id.example.com/authorize",
            "https://id.example.com/token",
            "client",
            SecretString::from("secret"),
        )
        .unwrap();
        assert!(provider.issuer_matches(None));
        assert!(provider.issuer_matches(Some("https://id.example.com")));
        assert!(!provider.issuer_matches(Some("https://other.example.com")));
        let provider = provider.require_iss();
        assert!(!provider.issuer_matches(None));
        assert!(provider.issuer_matches(Some("https://id.example.com/")));
    }
}
