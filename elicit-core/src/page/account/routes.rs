//! The routes of the connections: the connect page (`GET` shows it, `POST` starts the
//! connection and sends the person to the provider) and the callback the provider sends them
//! back to.
//!
//! | request | status |
//! |---|---|
//! | a connect page: as a form page (not signed in, another user, expired, answered...) | as a page's |
//! | its `POST` without its CSRF token | 403 |
//! | its `POST` with `action=decline` | 200, the call's answer a decline |
//! | its `POST` | 303 to the provider, the browser's binding cookie set |
//! | the callback with no `state`, or one that does not read | 400 |
//! | ... of a page of another user's (the phishing case), or not signed in | 403, 401 |
//! | ... whose connection was finished, or never started, or started again since | 409 |
//! | ... whose `state` was edited | 400 |
//! | ... in a browser other than the one that started it (no binding cookie, or another) | 403 |
//! | ... `error=access_denied` | 200, the call's answer a decline |
//! | ... a code the provider does not exchange, an ID token that does not verify, a provider down | 502, the call's answer a failure, nothing kept |
//! | ... a code exchanged, the ID token verified | 200, the account connected |

use std::sync::LazyLock;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header::{self, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Request, StatusCode};
use axum::middleware;
use axum::response::Response;
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use openidconnect::core::CoreResponseType;
use openidconnect::{
    AuthenticationFlow, AuthorizationCode, CsrfToken, Nonce, PkceCodeChallenge, PkceCodeVerifier,
    TokenResponse,
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::tokens::{Tokens, hex, request_error};
use super::{Accounts, FAILED, error_chain, scopes};
use crate::page::render::{FormPage, STYLESHEET};
use crate::page::seal::{Kind, PageId};
use crate::page::serve::{
    Answer, UNAVAILABLE, Visit, answered, csrf_matches, html, original_path, secure, status_page,
};
use crate::page::store::{Answered, KeptStore, PageStore};
use crate::schema::{Content, RequestedSchema};

/// The connect page's form: no field, its two buttons.
static NO_FIELDS: RequestedSchema =
    RequestedSchema::from_properties(std::borrow::Cow::Borrowed(&[]));

/// The largest body of a connect page's `POST`: its CSRF token and a button.
const MAX_BODY: usize = 4 * 1024;

const NOT_A_CONNECTION: &str =
    "This is not a sign-in this server started. Start again from your assistant.";
const NOT_YOURS: &str = "This sign-in was started by another user. Nothing was connected. If someone sent you this link, do not follow it: start again from your assistant, signed in as yourself.";
const USED: &str = "This sign-in was finished already, or a newer one was started. Nothing more was connected. Start again from your assistant if you need to.";
const OTHER_BROWSER: &str = "This sign-in was started in another browser. Nothing was connected: finish it in the browser where you started it, or start again from your assistant.";
const CONNECTED: &str =
    "Your account is connected. You can close this page and return to your assistant.";
const DECLINED: &str = "You did not connect your account: nothing was kept. You can close this page and return to your assistant.";
const FAILED_TEXT: &str = "Your account could not be connected: the provider did not complete the sign-in. Nothing was kept. Start again from your assistant.";
const NOT_FROM_PAGE: &str =
    "This was not sent from this page. Open the page again and answer there.";

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The routes, to nest at the path of the base URL: `GET` and `POST /connect/{id}`, and
    /// `GET /callback`. Every response carries the headers of the pages (no store, no script,
    /// no framing, no referrer), the connect page's policy letting its form lead to the
    /// provider.
    pub fn router(&self) -> Router {
        let policy = policy(&self.inner.provider.authorize_origin);
        Router::new()
            .route("/connect/{id}", get(show::<S>).post(start::<S>))
            .route("/callback", get(callback::<S>))
            .fallback(|| async {
                crate::page::serve::status_page(
                    StatusCode::NOT_FOUND,
                    "No such page",
                    NOT_A_CONNECTION,
                )
            })
            .with_state(self.clone())
            .layer(middleware::map_response(move |mut response: Response| {
                let policy = policy.clone();
                async move {
                    secure(response.headers_mut());
                    response
                        .headers_mut()
                        .insert(header::CONTENT_SECURITY_POLICY, policy);
                    response
                }
            }))
    }

    /// The connect page `id` as the browser request may see it: a page of this provider's,
    /// waiting.
    async fn connect_visit(
        &self,
        id: &str,
        parts: &Parts,
        sign_in: bool,
    ) -> Result<Visit, Response> {
        let visit = self.inner.pages.visit(id, parts, sign_in).await?;
        if visit.record.form != self.inner.kind {
            return Err(not_a_connection(StatusCode::NOT_FOUND));
        }
        if visit.answered {
            return Err(answered(parts));
        }
        Ok(visit)
    }

    fn connect_form<'a>(visit: &'a Visit, parts: &'a Parts, labels: &'a Labels) -> FormPage<'a> {
        let page = FormPage::new(&NO_FIELDS, &visit.record.message)
            .title(&labels.title)
            .submit(&labels.submit)
            .action(original_path(parts))
            .hidden(crate::page::serve::CSRF_FIELD, &visit.record.csrf);
        match &visit.name {
            Some(name) => page.signed_in_as(name),
            None => page,
        }
    }

    /// Gives the connect page `id` its outcome: what the call takes.
    async fn settle(&self, id: &PageId, answer: Answer) -> Option<Answered> {
        self.inner.pages.give_answer(id, &answer).await
    }
}

/// The connect page's title and button.
struct Labels {
    title: String,
    submit: String,
}

impl Labels {
    fn of<S>(accounts: &Accounts<S>) -> Self {
        let title = &accounts.inner.provider.title;
        Labels {
            title: format!("Connect your {title} account"),
            submit: format!("Continue to {title}"),
        }
    }
}

/// `GET /connect/{id}`: who is signed in, what will be connected, and a button to the provider.
async fn show<S: PageStore + KeptStore + 'static>(
    State(accounts): State<Accounts<S>>,
    Path(id): Path<String>,
    request: Request<Body>,
) -> Response {
    let (parts, _) = request.into_parts();
    let visit = match accounts.connect_visit(&id, &parts, true).await {
        Ok(visit) => visit,
        Err(response) => return response,
    };
    let labels = Labels::of(&accounts);
    html(
        StatusCode::OK,
        Accounts::<S>::connect_form(&visit, &parts, &labels).render(),
    )
}

/// What a connection in progress keeps, sealed under its page's id: the `state`'s random part,
/// the PKCE verifier, the OpenID nonce, and a digest of the browser's binding cookie.
struct Pending {
    state: String,
    verifier: String,
    nonce: String,
    browser: [u8; 32],
}

impl Pending {
    fn to_bytes(&self) -> Zeroizing<Vec<u8>> {
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

    fn from_bytes(bytes: &[u8]) -> Option<Self> {
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
fn pending_name(id: &PageId) -> String {
    format!("connection:{}", hex(id))
}

/// The binding cookie's name for the page `id`.
fn cookie_name(id: &PageId) -> String {
    format!("mcp-elicit-connect-{id}")
}

/// 32 random bytes.
fn random() -> Option<[u8; 32]> {
    let mut bytes = [0; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

/// `POST /connect/{id}`: declines, or starts the connection and sends the person to the
/// provider.
async fn start<S: PageStore + KeptStore + 'static>(
    State(accounts): State<Accounts<S>>,
    Path(id): Path<String>,
    request: Request<Body>,
) -> Response {
    let (parts, body) = request.into_parts();
    let visit = match accounts.connect_visit(&id, &parts, true).await {
        Ok(visit) => visit,
        Err(response) => return response,
    };
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY).await else {
        return status_page(StatusCode::PAYLOAD_TOO_LARGE, "Too long", NOT_FROM_PAGE);
    };
    if !csrf_matches(&body, &visit.record.csrf) {
        return status_page(
            StatusCode::FORBIDDEN,
            "Not sent from this page",
            NOT_FROM_PAGE,
        );
    }
    let decline =
        form_urlencoded::parse(&body).any(|(name, value)| name == "action" && value == "decline");
    if decline {
        let answer = Answer {
            accepted: false,
            content: Content::new(),
        };
        return match accounts.settle(&visit.id, answer).await {
            Some(Answered::Now) => status_page(StatusCode::OK, "Not connected", DECLINED),
            Some(_) => answered(&parts),
            None => status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE),
        };
    }
    let (Some(state), Some(browser)) = (random(), random()) else {
        return status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE);
    };
    let provider = &accounts.inner.provider;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let state_text = format!("{}.{}", visit.id, URL_SAFE_NO_PAD.encode(state));
    let mut authorize = provider
        .client
        .authorize_url(
            AuthenticationFlow::<CoreResponseType>::AuthorizationCode,
            {
                let state_text = state_text.clone();
                move || CsrfToken::new(state_text)
            },
            Nonce::new_random,
        )
        .set_pkce_challenge(challenge)
        .add_scopes(scopes(provider));
    for (name, value) in &provider.params {
        authorize = authorize.add_extra_param(name.clone(), value.clone());
    }
    let (url, _, nonce) = authorize.url();
    let pending = Pending {
        state: URL_SAFE_NO_PAD.encode(state),
        verifier: verifier.secret().clone(),
        nonce: nonce.secret().clone(),
        browser: Sha256::digest(browser).into(),
    };
    let left = visit
        .record
        .expires
        .saturating_sub(crate::rounds::now_secs());
    let keep = std::time::Duration::from_secs(left.max(1));
    let stored = async {
        let sealed = accounts
            .inner
            .pages
            .seal()
            .seal(&visit.id, Kind::Connection, &pending.to_bytes())
            .ok()?;
        accounts
            .inner
            .pages
            .store()
            .put(&pending_name(&visit.id), sealed, Some(keep))
            .await
            .ok()
    };
    if stored.await.is_none() {
        return status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE);
    }
    let cookie = format!(
        "{}={}; Path={}; Max-Age={left}; HttpOnly; SameSite=Lax{}",
        cookie_name(&visit.id),
        URL_SAFE_NO_PAD.encode(browser),
        accounts.inner.callback_path,
        if accounts.inner.secure {
            "; Secure"
        } else {
            ""
        },
    );
    let mut response = status_page(
        StatusCode::SEE_OTHER,
        "Continue",
        "Continue to the provider to sign in.",
    );
    let headers = response.headers_mut();
    if let (Ok(location), Ok(cookie)) = (
        HeaderValue::from_str(url.as_str()),
        HeaderValue::from_str(&cookie),
    ) {
        headers.insert(header::LOCATION, location);
        headers.insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `GET /callback`: where the provider sends the person back.
async fn callback<S: PageStore + KeptStore + 'static>(
    State(accounts): State<Accounts<S>>,
    request: Request<Body>,
) -> Response {
    let (parts, _) = request.into_parts();
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
            return not_a_connection(StatusCode::BAD_REQUEST);
        }
    }
    let Some((id, random)) = state.as_deref().and_then(|state| state.split_once('.')) else {
        return not_a_connection(StatusCode::BAD_REQUEST);
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
                    return status_page(StatusCode::FORBIDDEN, "Not your sign-in", NOT_YOURS);
                }
            }
            return response;
        }
    };
    let store = accounts.inner.pages.store();
    let seal = accounts.inner.pages.seal();
    let name = pending_name(&visit.id);
    let Ok(kept) = store.get(&name).await else {
        return status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE);
    };
    let Some(pending) = open_pending(seal, &visit.id, kept) else {
        return status_page(StatusCode::CONFLICT, "Already used", USED);
    };
    if !bool::from(random.as_bytes().ct_eq(pending.state.as_bytes())) {
        return not_a_connection(StatusCode::BAD_REQUEST);
    }
    if !browser_matches(&parts, &visit.id, &pending.browser) {
        accounts
            .burn(
                &visit.id,
                random,
                "the sign-in was finished in another browser",
            )
            .await;
        return status_page(StatusCode::FORBIDDEN, "Another browser", OTHER_BROWSER);
    }
    // Taken once, by one replica: the code is exchanged once. (A newer connection started
    // meanwhile is not this one.)
    let Ok(taken) = store.remove(&name).await else {
        return status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE);
    };
    let Some(pending) = open_pending(seal, &visit.id, taken)
        .filter(|taken| bool::from(taken.state.as_bytes().ct_eq(random.as_bytes())))
    else {
        return status_page(StatusCode::CONFLICT, "Already used", USED);
    };
    let provider = &accounts.inner.provider;
    if issuer
        .as_deref()
        .is_some_and(|iss| iss.trim_end_matches('/') != provider.issuer.trim_end_matches('/'))
    {
        return accounts
            .fail(&visit.id, "the response names another issuer")
            .await;
    }
    if let Some(error) = error {
        if error == "access_denied" {
            let answer = Answer {
                accepted: false,
                content: Content::new(),
            };
            return match accounts.settle(&visit.id, answer).await {
                Some(Answered::Now) => clear_cookie(
                    status_page(StatusCode::OK, "Not connected", DECLINED),
                    &accounts,
                    &visit.id,
                ),
                Some(_) => status_page(StatusCode::CONFLICT, "Already used", USED),
                None => status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE),
            };
        }
        let error: String = error
            .chars()
            .filter(char::is_ascii_graphic)
            .take(64)
            .collect();
        return accounts
            .fail(&visit.id, &format!("the provider answered `{error}`"))
            .await;
    }
    let Some(code) = code else {
        return accounts.fail(&visit.id, "the provider sent no code").await;
    };
    let subject = visit.record.subject.as_deref().unwrap_or_default();
    match accounts.exchange(code, pending).await {
        Ok(tokens) => {
            if accounts.save(subject, &tokens).await.is_err() {
                return accounts
                    .fail(&visit.id, "the tokens could not be kept")
                    .await;
            }
            let answer = Answer {
                accepted: true,
                content: Content::new(),
            };
            match accounts.settle(&visit.id, answer).await {
                Some(_) => clear_cookie(
                    status_page(StatusCode::OK, "Connected", CONNECTED),
                    &accounts,
                    &visit.id,
                ),
                None => status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE),
            }
        }
        Err(reason) => accounts.fail(&visit.id, &reason).await,
    }
}

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The code exchanged (with the PKCE verifier), and the ID token checked: the tokens, or
    /// why not (words that hold no token).
    async fn exchange(&self, code: String, pending: Pending) -> Result<Tokens, String> {
        let provider = &self.inner.provider;
        let http = &provider.http;
        let response = provider
            .client
            .exchange_code(AuthorizationCode::new(code))
            .map_err(|e| e.to_string())?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.verifier.clone()))
            .request_async(http)
            .await
            .map_err(|e| request_error(&e).to_string())?;
        // The request asked for `openid` (`openidconnect` always does): an OpenID provider
        // answers with an ID token, whose signature, issuer, audience and nonce must hold.
        let id_token = response.id_token().ok_or("the provider sent no ID token")?;
        let verifier = provider.client.id_token_verifier();
        id_token
            .claims(&verifier, &Nonce::new(pending.nonce.clone()))
            .map_err(|e| format!("the ID token does not verify: {}", error_chain(&e)))?;
        Ok(Tokens::of_response(&response))
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

    /// The connection `id` failed for `reason`: the call is told, the person shown a page.
    async fn fail(&self, id: &PageId, reason: &str) -> Response {
        self.settle_failed(id, reason).await;
        status_page(StatusCode::BAD_GATEWAY, "Not connected", FAILED_TEXT)
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
fn open_pending(
    seal: &crate::page::seal::PageSeal,
    id: &PageId,
    sealed: Option<Vec<u8>>,
) -> Option<Pending> {
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
fn clear_cookie<S>(mut response: Response, accounts: &Accounts<S>, id: &PageId) -> Response {
    let cookie = format!(
        "{}=; Path={}; Max-Age=0; HttpOnly; SameSite=Lax{}",
        cookie_name(id),
        accounts.inner.callback_path,
        if accounts.inner.secure {
            "; Secure"
        } else {
            ""
        },
    );
    if let Ok(cookie) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

fn not_a_connection(status: StatusCode) -> Response {
    status_page(status, "Not a sign-in of this server's", NOT_A_CONNECTION)
}

/// The pages' policy, with the provider's origin allowed as where the connect page's form
/// leads (browsers hold a form's redirect to `form-action` too).
fn policy(provider_origin: &str) -> HeaderValue {
    static HASH: LazyLock<String> =
        LazyLock::new(|| STANDARD.encode(Sha256::digest(STYLESHEET.as_bytes())));
    let origin: String = provider_origin
        .chars()
        .filter(|c| c.is_ascii_graphic() && !matches!(c, ';' | ','))
        .collect();
    let policy = format!(
        "default-src 'none'; style-src 'sha256-{}'; form-action 'self' {origin}; frame-ancestors 'none'; base-uri 'none'",
        *HASH
    );
    HeaderValue::from_str(&policy)
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'"))
}
