//! An OpenID provider's signing keys, and the check of its ID tokens with them: fetched at
//! discovery, and fetched again when an ID token names a key the set does not hold (the provider
//! rotated its keys), at most once every [`REFETCH_EVERY`], by one caller while the others wait.

use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreGenderClaim, CoreJsonWebKeySet, CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm,
};
use openidconnect::{
    ClaimsVerificationError, ClientId, ClientSecret, EmptyAdditionalClaims, IdToken,
    IdTokenVerifier, IssuerUrl, JsonWebKeySetUrl, Nonce, SignatureVerificationError,
};

use super::http::Http;

/// The least time between two fetches of the key set after the first.
pub(super) const REFETCH_EVERY: Duration = Duration::from_secs(10);

/// How far ahead of this server's clock an ID token's `iat` may be (clocks differ a little).
pub(super) const SKEW: Duration = Duration::from_mins(1);

/// An ID token as the provider's token response carries it.
pub(super) type ProviderIdToken = IdToken<
    EmptyAdditionalClaims,
    CoreGenderClaim,
    CoreJweContentEncryptionAlgorithm,
    CoreJwsSigningAlgorithm,
>;

/// The provider's key set, where it is published, the algorithms it signs with, and what an ID
/// token of this client's must say (its issuer, its audience).
pub(super) struct Keys {
    url: JsonWebKeySetUrl,
    algs: Vec<CoreJwsSigningAlgorithm>,
    set: RwLock<CoreJsonWebKeySet>,
    /// How many times the set was fetched again (a check made with an older set tries again).
    generation: AtomicU64,
    /// When it was last fetched, or tried: one fetch at a time.
    fetched: tokio::sync::Mutex<Instant>,
    issuer: IssuerUrl,
    client_id: ClientId,
    /// The client's secret (an ID token signed with a shared secret is checked with it).
    client_secret: ClientSecret,
    /// The provider's name, for the log.
    name: String,
}

/// Where a provider's keys are, and whose ID tokens they check: its key set `set` (fetched at
/// discovery from `url`, signing with `algs`), its `issuer`, and this client's id and secret.
pub(super) struct KeySet {
    pub(super) url: JsonWebKeySetUrl,
    pub(super) algs: Vec<CoreJwsSigningAlgorithm>,
    pub(super) set: CoreJsonWebKeySet,
    pub(super) issuer: IssuerUrl,
    pub(super) client_id: ClientId,
    pub(super) client_secret: ClientSecret,
    pub(super) name: String,
}

impl Keys {
    /// The keys of `found`, fetched just now.
    pub(super) fn new(found: KeySet) -> Self {
        Keys {
            url: found.url,
            algs: found.algs,
            set: RwLock::new(found.set),
            generation: AtomicU64::new(0),
            fetched: tokio::sync::Mutex::new(Instant::now()),
            issuer: found.issuer,
            client_id: found.client_id,
            client_secret: found.client_secret,
            name: found.name,
        }
    }

    /// Checks `id_token` (its signature, issuer, audience, nonce, expiry, and an issue time not
    /// ahead of this server's clock by more than [`SKEW`]): its subject, or why not (words for
    /// the log). A key the set does not hold fetches the set again first (at most once every
    /// [`REFETCH_EVERY`]).
    pub(super) async fn verify(
        &self,
        http: &Http,
        id_token: &ProviderIdToken,
        nonce: &Nonce,
    ) -> Result<String, String> {
        let generation = self.generation.load(Ordering::Acquire);
        let checked = match self.check(id_token, nonce) {
            Err(ClaimsVerificationError::SignatureVerification(
                SignatureVerificationError::NoMatchingKey,
            )) if self.refetch(http, generation).await => self.check(id_token, nonce),
            checked => checked,
        };
        checked.map_err(|e| format!("the ID token does not verify: {}", super::error_chain(&e)))
    }

    fn check(
        &self,
        id_token: &ProviderIdToken,
        nonce: &Nonce,
    ) -> Result<String, ClaimsVerificationError> {
        let set = self
            .set
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        let verifier = IdTokenVerifier::new_confidential_client(
            self.client_id.clone(),
            self.client_secret.clone(),
            self.issuer.clone(),
            set,
        )
        .set_allowed_algs(self.algs.clone())
        .set_issue_time_verifier_fn(|iat| {
            let now = crate::rounds::now_secs();
            let ahead = u64::try_from(iat.timestamp())
                .unwrap_or(0)
                .saturating_sub(now);
            if ahead > SKEW.as_secs() {
                Err(format!(
                    "it was issued {ahead} seconds in the future (the provider's clock is ahead)"
                ))
            } else {
                Ok(())
            }
        });
        id_token
            .claims(&verifier, nonce)
            .map(|claims| claims.subject().as_str().to_owned())
    }

    /// Fetches the key set again, unless it was fetched (or tried) less than [`REFETCH_EVERY`]
    /// ago: whether the set changed since `seen` (its generation when the caller checked).
    async fn refetch(&self, http: &Http, seen: u64) -> bool {
        let mut fetched = self.fetched.lock().await;
        if self.generation.load(Ordering::Acquire) != seen {
            // Fetched by another caller meanwhile.
            return true;
        }
        if fetched.elapsed() < REFETCH_EVERY {
            tracing::warn!(
                provider = self.name,
                "an ID token names a key the provider's key set does not hold; the set was fetched less than {} seconds ago and is not fetched again yet",
                REFETCH_EVERY.as_secs()
            );
            return false;
        }
        *fetched = Instant::now();
        match CoreJsonWebKeySet::fetch_async(&self.url, http).await {
            Ok(set) => {
                *self
                    .set
                    .write()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = set;
                self.generation.fetch_add(1, Ordering::AcqRel);
                tracing::info!(
                    provider = self.name,
                    "the provider's key set was fetched again (an ID token named a key it did not hold)"
                );
                true
            }
            Err(error) => {
                tracing::warn!(
                    provider = self.name,
                    error = super::error_chain(&error),
                    "the provider's key set could not be fetched again"
                );
                false
            }
        }
    }
}
