//! The OAuth client as `openidconnect` types it: its token responses (with what they say of the
//! refresh token's life) and the client discovery makes.

use openidconnect::core::{
    CoreAuthDisplay, CoreAuthPrompt, CoreErrorResponseType, CoreGenderClaim, CoreJsonWebKey,
    CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm, CoreRevocableToken,
    CoreRevocationErrorResponse, CoreTokenIntrospectionResponse, CoreTokenType,
};
use openidconnect::{
    EmptyAdditionalClaims, EndpointMaybeSet, EndpointNotSet, EndpointSet, ExtraTokenFields,
    IdTokenFields, StandardErrorResponse, StandardTokenResponse,
};
use serde::{Deserialize, Serialize};

/// What a token response says beyond RFC 6749: how long the refresh token lives, where the
/// provider says (`refresh_token_expires_in`, as GitHub's and Microsoft's; `refresh_expires_in`,
/// as Keycloak's). Read leniently: a number, or a number written as text; anything else is
/// ignored rather than failing the whole response.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub(super) struct RefreshLife {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refresh_token_expires_in: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refresh_expires_in: Option<serde_json::Value>,
}

impl ExtraTokenFields for RefreshLife {}

impl RefreshLife {
    /// How long the refresh token lives, in seconds, if the provider said.
    pub(super) fn seconds(&self) -> Option<u64> {
        let read = |value: &serde_json::Value| match value {
            serde_json::Value::Number(number) => number.as_u64(),
            serde_json::Value::String(text) => text.trim().parse().ok(),
            _ => None,
        };
        self.refresh_token_expires_in
            .as_ref()
            .and_then(read)
            .or_else(|| self.refresh_expires_in.as_ref().and_then(read))
            // Keycloak says 0 for a refresh token that lives as long as the session.
            .filter(|seconds| *seconds > 0)
    }
}

/// A token response, its ID token's fields, and what it says of the refresh token's life.
pub(super) type TokenResponse = StandardTokenResponse<
    IdTokenFields<
        EmptyAdditionalClaims,
        RefreshLife,
        CoreGenderClaim,
        CoreJweContentEncryptionAlgorithm,
        CoreJwsSigningAlgorithm,
    >,
    CoreTokenType,
>;

/// The OpenID Connect client, as discovery makes it: an authorization endpoint, and a token and
/// user-info endpoint if the provider has them.
pub(super) type Client = openidconnect::Client<
    EmptyAdditionalClaims,
    CoreAuthDisplay,
    CoreGenderClaim,
    CoreJweContentEncryptionAlgorithm,
    CoreJsonWebKey,
    CoreAuthPrompt,
    StandardErrorResponse<CoreErrorResponseType>,
    TokenResponse,
    CoreTokenIntrospectionResponse,
    CoreRevocableToken,
    CoreRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refresh_tokens_life_is_read_where_a_provider_says_it() {
        let life = |json: &str| serde_json::from_str::<RefreshLife>(json).unwrap().seconds();
        assert_eq!(life(r#"{"refresh_token_expires_in": 3600}"#), Some(3600));
        assert_eq!(life(r#"{"refresh_expires_in": "1800"}"#), Some(1800));
        assert_eq!(life(r#"{"refresh_expires_in": 0}"#), None);
        assert_eq!(life(r#"{"refresh_expires_in": [1]}"#), None);
        assert_eq!(life(r#"{"refresh_token_expires_in": -5}"#), None);
        assert_eq!(life("{}"), None);
    }
}
