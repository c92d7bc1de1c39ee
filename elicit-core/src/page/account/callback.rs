//! The callback the provider sends the person back to: the state read, the page opened for the
//! signed-in user whose call made it, the connection taken once and its code exchanged, the ID
//! token checked, the tokens kept; and every refusal (see [`routes`](super::routes)).

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{self, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Request, StatusCode};
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use openidconnect::{AuthorizationCode, Nonce, PkceCodeVerifier, TokenResponse};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::kept::{Change, hex};
use super::tokens::{Account, Grant};
use super::{AccountError, Accounts, FAILED, HttpError, error_chain};
use crate::lang::{Word, Words, args};
use crate::page::seal::{Kind, PageId, PageSeal};
use crate::page::serve::{Answer, browser_words, notice_page, status_page, unavailable};
use crate::page::store::{Answered, KeptStore, PageStore};
use crate::schema::Content;

/// `GET /callback`: where the provider sends the person back.
pub(super) async fn callback<S: PageStore + KeptStore + 'static>(
    State(accounts): State<Accounts<S>>,
    request: Request<Body>,
) -> Response {
    let (parts, _) = request.into_parts();
    let browser = browser_words(&parts);
    let query = parts.uri.query().unwrap_or_default();
    let mut state = None;
    let mut code = None;
    let mut error = None;
    let mut issuer = None;
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        let slot = match &*name {
            "state" => &mut state,
            "code" => &mut code,
            "error" => &mut error,
            "iss" => &mut issuer,
            _ => continue,
        };
        // A parameter given twice is no answer of a provider's.
        if slot.replace(value.into_owned()).is_some() {
            return not_a_connection(&browser, StatusCode::BAD_REQUEST);
        }
    }
    let Some((id, random)) = state.as_deref().and_then(|state| state.split_once('.')) else {
        return not_a_connection(&browser, StatusCode::BAD_REQUEST);
    };
    // The page: signed in as the user whose call made it (the phishing case is refused here),
    // of this provider, waiting. No sign-in is offered: the code would not survive it.
    let visit = match accounts.connect_visit(id, &parts, false).await {
        Ok(visit) => visit,
        Err(response) => {
            let status = response.status();
            if matches!(status, StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED) {
                // The connection's own state, brought by another user (or by no one signed in):
                // the flow was forwarded. It ends here, so that its code binds nothing later.
                if let Some(id) = PageId::parse(id) {
                    let why = if status == StatusCode::FORBIDDEN {
                        "the sign-in was finished in another user's browser"
                    } else {
                        "the sign-in was finished in a browser signed in as no one"
                    };
                    accounts.burn(&id, random, why).await;
                }
                if status == StatusCode::FORBIDDEN {
                    return status_page(
                        &browser,
                        StatusCode::FORBIDDEN,
                        Word::ConnectNotYoursTitle,
                        Word::ConnectNotYours,
                    );
                }
            }
            return response;
        }
    };
    let words = &*visit.words;
    let used = || {
        status_page(
            words,
            StatusCode::CONFLICT,
            Word::ConnectUsedTitle,
            Word::ConnectUsed,
        )
    };
    let store = accounts.inner.pages.store();
    let seal = accounts.inner.pages.seal();
    let name = pending_name(&visit.id);
    let Ok(kept) = store.get(&name).await else {
        return unavailable(words);
    };
    let Some(pending) = open_pending(seal, &visit.id, kept) else {
        return used();
    };
    if !bool::from(random.as_bytes().ct_eq(pending.state.as_bytes())) {
        return not_a_connection(words, StatusCode::BAD_REQUEST);
    }
    if !browser_matches(&parts, &visit.id, &pending.browser) {
        accounts
            .burn(
                &visit.id,
                random,
                "the sign-in was finished in another browser",
            )
            .await;
        return status_page(
            words,
            StatusCode::FORBIDDEN,
            Word::ConnectOtherBrowserTitle,
            Word::ConnectOtherBrowser,
        );
    }
    // Taken once, by one replica: the code is exchanged once. (A newer connection started
    // meanwhile is not this one.)
    let Ok(taken) = store.remove(&name).await else {
        return unavailable(words);
    };
    let Some(pending) = open_pending(seal, &visit.id, taken)
        .filter(|taken| bool::from(taken.state.as_bytes().ct_eq(random.as_bytes())))
    else {
        return used();
    };
    let provider = &accounts.inner.provider;
    if !provider.issuer_matches(issuer.as_deref()) {
        let why = if issuer.is_some() {
            "the provider's answer names another issuer"
        } else {
            "the provider's answer does not name its issuer, as it says it always does (RFC 9207)"
        };
        return accounts.fail(&visit.id, words, why).await;
    }
    if let Some(error) = error {
        if error == "access_denied" {
            let answer = Answer::declined();
            return match accounts.settle(&visit.id, answer).await {
                Some(Answered::Now) => clear_cookie(
                    status_page(
                        words,
                        StatusCode::OK,
                        Word::ConnectNotConnectedTitle,
                        Word::ConnectDeclined,
                    ),
                    &accounts,
                    &visit.id,
                ),
                Some(_) => used(),
                None => unavailable(words),
            };
        }
        // The call reads a code the specifications define, never what else a provider (or
        // whoever wrote the URL) put there: that goes to the log.
        let why = if let Some(known) = KNOWN_ERRORS.iter().find(|known| **known == error) {
            format!("the provider answered `{known}`")
        } else {
            let shown: String = error
                .chars()
                .filter(char::is_ascii_graphic)
                .take(64)
                .collect();
            tracing::warn!(error = shown, "the provider answered an unknown error");
            "the provider refused the sign-in".to_owned()
        };
        return accounts.fail(&visit.id, words, &why).await;
    }
    let Some(code) = code else {
        return accounts
            .fail(&visit.id, words, "the provider sent no code")
            .await;
    };
    // Connected meanwhile (another sign-in of the user's, started before this one, came back
    // first): nothing is exchanged, so that no second grant (or, at a provider with one grant a
    // user and client, a second set of tokens of the same one) is ever made.
    if let Some(response) = accounts.connected_already(&visit).await {
        return clear_cookie(response, &accounts, &visit.id);
    }
    let subject = visit.record.subject.as_deref().unwrap_or_default();
    let (grant, upstream) = match accounts.exchange(code, pending).await {
        Ok(exchanged) => exchanged,
        Err(reason) => return accounts.fail(&visit.id, words, reason).await,
    };
    if let Err(error) = accounts.save(subject, grant, upstream.clone()).await {
        tracing::warn!(
            error = error.detail(),
            "a connected account's tokens could not be kept"
        );
        return accounts
            .fail(
                &visit.id,
                words,
                "this server could not keep the account's tokens",
            )
            .await;
    }
    let answer = Answer {
        accepted: true,
        content: Content::new(),
    };
    match accounts.settle(&visit.id, answer).await {
        Some(_) => {
            let text = match upstream {
                Some(upstream) => words.say_with(
                    Word::ConnectDoneAs,
                    &args!("provider" => provider.title.as_str(), "account" => upstream),
                ),
                None => words.say(Word::ConnectDone),
            };
            clear_cookie(
                notice_page(
                    words,
                    StatusCode::OK,
                    &words.say(Word::ConnectDoneTitle),
                    &text,
                ),
                &accounts,
                &visit.id,
            )
        }
        None => unavailable(words),
    }
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The code exchanged (with the PKCE verifier), and the ID token checked (of an OpenID
    /// provider): the tokens and the upstream account's subject, or why not (words for a person;
    /// the detail goes to the log).
    async fn exchange(
        &self,
        code: String,
        pending: Pending,
    ) -> Result<(Grant, Option<String>), &'static str> {
        let provider = &self.inner.provider;
        let failed = |what: &'static str, detail: String| {
            tracing::warn!(provider = provider.name, detail, "{what}");
            what
        };
        let request = provider
            .client
            .exchange_code(AuthorizationCode::new(code))
            .map_err(|e| {
                failed(
                    "the provider's token endpoint is not configured",
                    e.to_string(),
                )
            })?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.verifier.clone()));
        let response = request.request_async(&provider.http).await.map_err(|e| {
            let what = match &e {
                openidconnect::RequestTokenError::ServerResponse(_) => {
                    "the provider refused the sign-in's code"
                }
                openidconnect::RequestTokenError::Request(HttpError::Timeout) => {
                    "the provider did not answer in time"
                }
                openidconnect::RequestTokenError::Request(HttpError::TooLarge) => {
                    "the provider's answer was too long"
                }
                openidconnect::RequestTokenError::Request(_) => "the provider could not be reached",
                _ => "the provider's answer does not read",
            };
            failed(what, error_chain(&e))
        })?;
        // An OpenID provider was asked for `openid`, and answers with an ID token, whose
        // signature, issuer, audience, nonce and issue time must hold.
        let upstream = match &provider.keys {
            Some(keys) => {
                let id_token = response.id_token().ok_or("the provider sent no ID token")?;
                let subject = keys
                    .verify(&provider.http, id_token, &Nonce::new(pending.nonce.clone()))
                    .await
                    .map_err(|detail| failed("the provider's ID token does not verify", detail))?;
                Some(subject)
            }
            None => None,
        };
        Ok((Grant::of_response(&response), upstream))
    }

    /// Keeps `grant` as `subject`'s account's current one, with the upstream account's subject:
    /// a grant it held before (a second connection) is retired, and revoked.
    async fn save(
        &self,
        subject: &str,
        grant: Grant,
        upstream: Option<String>,
    ) -> Result<(), AccountError> {
        let ids = self.ids(subject);
        let issuer = &self.inner.provider.issuer;
        let now = crate::rounds::now_secs();
        let (replaced, retired) = self
            .change(&ids, |found| {
                let mut account =
                    found.map_or_else(|| Account::empty(issuer), |found| found.account.clone());
                let replaced = match account.current.take() {
                    Some(old) => {
                        account.retire(old, now);
                        true
                    }
                    None => false,
                };
                account.current = Some(grant.clone());
                account.upstream.clone_from(&upstream);
                let retired = !account.retired.is_empty();
                (Change::Write(account), (replaced, retired))
            })
            .await?;
        if replaced {
            tracing::info!(
                provider = self.inner.provider.name,
                "an account was connected again: the grant it replaces is revoked"
            );
        }
        if retired {
            // The provider just answered: what it did not revoke before is tried again now.
            self.revoke_soon(&ids, true);
        }
        Ok(())
    }

    /// Ends the connection in progress of the page `id` when `random` is its state's (a state
    /// brought where it may not finish): its verifier forgotten, the call told why.
    async fn burn(&self, id: &PageId, random: &str, why: &str) {
        let store = self.inner.pages.store();
        let seal = self.inner.pages.seal();
        let name = pending_name(id);
        let Ok(kept) = store.get(&name).await else {
            return;
        };
        let Some(pending) = open_pending(seal, id, kept) else {
            return;
        };
        if bool::from(random.as_bytes().ct_eq(pending.state.as_bytes()))
            && let Ok(Some(_)) = store.remove(&name).await
        {
            self.settle_failed(id, why).await;
        }
    }

    /// The connection `id` failed for `reason`: the call is told, the person shown a page, and
    /// the browser's binding cookie cleared.
    async fn fail(&self, id: &PageId, words: &Words, reason: &str) -> Response {
        self.settle_failed(id, reason).await;
        clear_cookie(
            status_page(
                words,
                StatusCode::BAD_GATEWAY,
                Word::ConnectNotConnectedTitle,
                Word::ConnectFailed,
            ),
            self,
            id,
        )
    }

    /// Answers the connect page `id` with a failure, for `reason`: what its call takes.
    async fn settle_failed(&self, id: &PageId, reason: &str) {
        let mut content = Content::new();
        content.insert(FAILED.to_owned(), Value::String(reason.to_owned()));
        let answer = Answer {
            accepted: false,
            content,
        };
        let _ = self.settle(id, answer).await;
    }
}

/// The connection in progress of the page `id`, from what the store kept.
fn open_pending(seal: &PageSeal, id: &PageId, sealed: Option<Vec<u8>>) -> Option<Pending> {
    let plain = seal.open(id, Kind::Connection, &sealed?).ok()?;
    Pending::from_bytes(&plain)
}

/// Whether the browser brought the binding cookie of the page `id` whose digest is `digest`.
fn browser_matches(parts: &Parts, id: &PageId, digest: &[u8; 32]) -> bool {
    let name = cookie_name(id);
    let mut found = None;
    for header in parts.headers.get_all(header::COOKIE) {
        let Ok(cookies) = header.to_str() else {
            continue;
        };
        for cookie in cookies.split(';') {
            if let Some((key, value)) = cookie.trim().split_once('=')
                && key == name
            {
                if found.is_some() {
                    return false;
                }
                found = Some(value.to_owned());
            }
        }
    }
    let mut browser = [0; 32];
    let Some(value) = found else { return false };
    if URL_SAFE_NO_PAD.decode_slice(value, &mut browser).ok() != Some(32) {
        return false;
    }
    bool::from(Sha256::digest(browser).as_slice().ct_eq(digest))
}

/// `response`, with the binding cookie of the page `id` cleared.
fn clear_cookie<S: PageStore + KeptStore + 'static>(
    mut response: Response,
    accounts: &Accounts<S>,
    id: &PageId,
) -> Response {
    if let Ok(cookie) = HeaderValue::from_str(&accounts.binding_cookie(id, "", 0)) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// The errors an authorization response may carry (RFC 6749, section 4.1.2.1, and OpenID Connect
/// Core, section 3.1.2.6), besides `access_denied`.
const KNOWN_ERRORS: &[&str] = &[
    "invalid_request",
    "unauthorized_client",
    "unsupported_response_type",
    "invalid_scope",
    "server_error",
    "temporarily_unavailable",
    "interaction_required",
    "login_required",
    "account_selection_required",
    "consent_required",
    "invalid_request_uri",
    "invalid_request_object",
    "request_not_supported",
    "request_uri_not_supported",
    "registration_not_supported",
];

/// What a connection in progress keeps, sealed under its page's id: the `state`'s random part,
/// the PKCE verifier, the OpenID nonce, and a digest of the browser's binding cookie.
pub(super) struct Pending {
    pub(super) state: String,
    pub(super) verifier: String,
    pub(super) nonce: String,
    pub(super) browser: [u8; 32],
}

impl Pending {
    pub(super) fn to_bytes(&self) -> Zeroizing<Vec<u8>> {
        let mut value = json!({
            "state": self.state,
            "verifier": self.verifier,
            "nonce": self.nonce,
            "browser": URL_SAFE_NO_PAD.encode(self.browser),
        });
        let bytes = Zeroizing::new(value.to_string().into_bytes());
        crate::page::zeroize_value(&mut value);
        bytes
    }

    pub(super) fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let mut value: Value = serde_json::from_slice(bytes).ok()?;
        let text = |name: &str| value.get(name)?.as_str().map(str::to_owned);
        let mut browser = [0; 32];
        let read = URL_SAFE_NO_PAD
            .decode_slice(text("browser")?, &mut browser)
            .ok()?;
        let pending = Pending {
            state: text("state")?,
            verifier: text("verifier")?,
            nonce: text("nonce")?,
            browser,
        };
        crate::page::zeroize_value(&mut value);
        (read == 32).then_some(pending)
    }
}

/// The store's name of the connection in progress of the page `id`.
pub(super) fn pending_name(id: &PageId) -> String {
    format!("connection:{}", hex(id))
}

/// The binding cookie's name for the page `id`.
pub(super) fn cookie_name(id: &PageId) -> String {
    format!("mcp-elicit-connect-{id}")
}

pub(super) fn not_a_connection(words: &Words, status: StatusCode) -> Response {
    status_page(
        words,
        status,
        Word::ConnectNotASignInTitle,
        Word::ConnectNotASignIn,
    )
}
