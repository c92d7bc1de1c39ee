//! Revocation at the provider (RFC 7009): through `oauth2` at an `https` endpoint, and as RFC 7009
//! writes the request at an `http` one on a loopback host (which `oauth2` does not send to); and
//! what a revocation came to.

use base64::Engine;
use openidconnect::RevocationErrorResponseType;
use openidconnect::core::CoreRevocableToken;
use openidconnect::url::Url;
use secrecy::{ExposeSecret, SecretString};

use super::provider::{Provider, may_carry_secrets};

impl Provider {
    /// Revokes `token`, a refresh token (`refresh`) or an access token, at the revocation
    /// endpoint (RFC 7009): through `oauth2` at an `https` endpoint, and as RFC 7009 writes the
    /// request at an `http` one on a loopback host (which `oauth2` does not send to).
    pub(super) async fn revoke(&self, token: &SecretString, refresh: bool) -> Revoked {
        let Some(endpoint) = &self.revocation else {
            return Revoked::Impossible;
        };
        if endpoint.url().scheme() == "https" {
            let revocable: CoreRevocableToken = if refresh {
                openidconnect::RefreshToken::new(token.expose_secret().to_owned()).into()
            } else {
                openidconnect::AccessToken::new(token.expose_secret().to_owned()).into()
            };
            let client = self.client.clone().set_revocation_url(endpoint.clone());
            let request = match client.revoke_token(revocable) {
                Ok(request) => request,
                Err(error) => return Revoked::Failed(error.to_string()),
            };
            return match request.request_async(&self.http).await {
                Ok(()) => Revoked::Done,
                Err(openidconnect::RequestTokenError::ServerResponse(response))
                    if *response.error() == RevocationErrorResponseType::UnsupportedTokenType =>
                {
                    Revoked::Unsupported
                }
                Err(error) => Revoked::Failed(super::error_chain(&error)),
            };
        }
        self.revoke_on_loopback(endpoint.url(), token, refresh)
            .await
    }

    /// Revokes `token` at an http revocation endpoint on a loopback host: RFC 7009's request
    /// (section 2.1), the client authenticated as at the token endpoint (`client_secret_basic`,
    /// RFC 6749 section 2.3.1).
    async fn revoke_on_loopback(&self, url: &Url, token: &SecretString, refresh: bool) -> Revoked {
        if !may_carry_secrets(url) {
            return Revoked::Failed(format!(
                "the revocation endpoint {url} is neither https nor on a loopback host"
            ));
        }
        let encode =
            |text: &str| -> String { form_urlencoded::byte_serialize(text.as_bytes()).collect() };
        let credentials = format!(
            "{}:{}",
            encode(self.client.client_id().as_str()),
            encode(self.client_secret.expose_secret())
        );
        let hint = if refresh {
            "refresh_token"
        } else {
            "access_token"
        };
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
            .body(body.into_bytes());
        let request = match request {
            Ok(request) => request,
            Err(error) => return Revoked::Failed(error.to_string()),
        };
        match self.http.send(request).await {
            Ok(response) if response.status().is_success() => Revoked::Done,
            Ok(response) => {
                let error = serde_json::from_slice::<serde_json::Value>(response.body())
                    .ok()
                    .and_then(|body| body.get("error")?.as_str().map(str::to_owned));
                if error.as_deref() == Some("unsupported_token_type") {
                    Revoked::Unsupported
                } else {
                    Revoked::Failed(format!(
                        "the revocation endpoint answered {}{}",
                        response.status(),
                        error.map(|e| format!(" `{e}`")).unwrap_or_default()
                    ))
                }
            }
            Err(error) => Revoked::Failed(error.detail()),
        }
    }
}

/// What a revocation came to.
#[derive(Debug)]
pub(super) enum Revoked {
    /// The provider revoked it (or knew it no more: RFC 7009 answers both alike).
    Done,
    /// The provider revokes no token of this kind (`unsupported_token_type`): it lives until it
    /// expires.
    Unsupported,
    /// The provider has no revocation endpoint.
    Impossible,
    /// The request failed, or the provider refused: why, in detail (for the log).
    Failed(String),
}
