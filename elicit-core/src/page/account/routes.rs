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
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use openidconnect::core::CoreResponseType;
use openidconnect::{AuthenticationFlow, CsrfToken, Nonce, PkceCodeChallenge};
use sha2::{Digest, Sha256};

use super::Accounts;
use super::callback::{Pending, cookie_name, not_a_connection, pending_name};
use super::provider::scopes;
use crate::lang::{Word, Words, args};
use crate::page::render::FormPage;
use crate::page::seal::{Kind, PageId};
use crate::page::serve::{
    Answer, Visit, answered, browser_words, csrf_matches, html_in, notice_page, original_path,
    policy, secure, status_page, unavailable,
};
use crate::page::store::{Answered, KeptStore, PageStore};
use crate::schema::RequestedSchema;

/// The connect page's form: no field, its two buttons.
static NO_FIELDS: RequestedSchema =
    RequestedSchema::from_properties(std::borrow::Cow::Borrowed(&[]));

/// The largest body of a connect page's `POST`: its CSRF token and a button.
const MAX_BODY: usize = 4 * 1024;

impl<S: PageStore + KeptStore + 'static> Accounts<S> {
    /// The routes, to nest at the path of the base URL: `GET` and `POST /connect/{id}`, and
    /// `GET /callback`. Every response carries the headers of the pages (no store, no script,
    /// no framing, no referrer), the connect page's policy letting its form lead to the
    /// provider.
    pub fn router(&self) -> Router {
        // Browsers hold a form's redirect to `form-action` too: the provider's origin is allowed.
        let authorize = self.inner.provider.client.auth_uri().url();
        let policy = policy(Some(&authorize.origin().ascii_serialization()));
        Router::new()
            .route("/connect/{id}", get(show::<S>).post(start::<S>))
            .route("/callback", get(super::callback::callback::<S>))
            .fallback(|request: Request<Body>| async move {
                status_page(
                    &browser_words(&request.into_parts().0),
                    StatusCode::NOT_FOUND,
                    Word::PageNotFoundTitle,
                    Word::ConnectNotASignIn,
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
    pub(super) async fn connect_visit(
        &self,
        id: &str,
        parts: &Parts,
        sign_in: bool,
    ) -> Result<Visit, Response> {
        let visit = self.inner.pages.visit(id, parts, sign_in).await?;
        if visit.record.form != self.inner.kind {
            return Err(not_a_connection(&visit.words, StatusCode::NOT_FOUND));
        }
        if visit.answered {
            return Err(answered(parts, &visit.words));
        }
        Ok(visit)
    }

    fn connect_form<'a>(visit: &'a Visit, parts: &'a Parts, labels: &'a Labels) -> FormPage<'a> {
        let page = FormPage::new(&NO_FIELDS, &visit.record.message)
            .in_language(&visit.words)
            .title(&labels.title)
            .submit(&labels.submit)
            .action(original_path(parts))
            .hidden(crate::page::serve::CSRF_FIELD, &visit.record.csrf);
        match &visit.name {
            Some(name) => page.signed_in_as(name),
            None => page,
        }
    }

    /// The `Set-Cookie` of the binding cookie of the connection `id`, holding `value` for
    /// `max_age` seconds (`""` and 0 clear it): sent back to the callback only.
    pub(super) fn binding_cookie(&self, id: &PageId, value: &str, max_age: u64) -> String {
        let secure = if self.inner.secure { "; Secure" } else { "" };
        format!(
            "{}={value}; Path={}; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}",
            cookie_name(id),
            self.inner.callback_path,
        )
    }

    /// When the user of the connect page `visit` has their account connected already (by
    /// another page of theirs, say: two calls that each asked): the page answered as connected
    /// (its call takes the account), and a page saying so. Nothing is connected twice.
    pub(super) async fn connected_already(&self, visit: &Visit) -> Option<Response> {
        let subject = visit.record.subject.as_deref()?;
        if !matches!(self.is_connected(subject).await, Ok(true)) {
            return None;
        }
        let answer = Answer {
            accepted: true,
            content: crate::schema::Content::new(),
        };
        let _ = self.settle(&visit.id, answer).await;
        let words = &visit.words;
        let provider = self.inner.provider.title.as_str();
        Some(notice_page(
            words,
            StatusCode::OK,
            &words.say(Word::ConnectAlreadyTitle),
            &words.say_with(Word::ConnectAlready, &args!("provider" => provider)),
        ))
    }

    /// Gives the connect page `id` its outcome: what the call takes.
    pub(super) async fn settle(&self, id: &PageId, answer: Answer) -> Option<Answered> {
        self.inner.pages.give_answer(id, &answer).await
    }
}

/// The connect page's title and button.
struct Labels {
    title: String,
    submit: String,
}

impl Labels {
    fn of<S>(accounts: &Accounts<S>, words: &Words) -> Self {
        let provider = accounts.inner.provider.title.as_str();
        let say = |word| {
            words
                .say_with(word, &args!("provider" => provider))
                .into_owned()
        };
        Labels {
            title: say(Word::ConnectTitle),
            submit: say(Word::ConnectSubmit),
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
    if let Some(response) = accounts.connected_already(&visit).await {
        return response;
    }
    let labels = Labels::of(&accounts, &visit.words);
    let page = Accounts::<S>::connect_form(&visit, &parts, &labels);
    html_in(page.language(), StatusCode::OK, page.render())
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
    let words = &visit.words;
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY).await else {
        return status_page(
            words,
            StatusCode::PAYLOAD_TOO_LARGE,
            Word::PageTooLongTitle,
            Word::PageNotFromPage,
        );
    };
    if !csrf_matches(&body, &visit.record.csrf) {
        return status_page(
            words,
            StatusCode::FORBIDDEN,
            Word::PageNotFromPageTitle,
            Word::PageNotFromPage,
        );
    }
    let decline =
        form_urlencoded::parse(&body).any(|(name, value)| name == "action" && value == "decline");
    if !decline && let Some(response) = accounts.connected_already(&visit).await {
        return response;
    }
    if decline {
        let answer = Answer::declined();
        return match accounts.settle(&visit.id, answer).await {
            Some(Answered::Now) => status_page(
                words,
                StatusCode::OK,
                Word::ConnectNotConnectedTitle,
                Word::ConnectDeclined,
            ),
            Some(_) => answered(&parts, words),
            None => unavailable(words),
        };
    }
    let (Some(state), Some(browser)) = (random(), random()) else {
        return unavailable(words);
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
    // A connection in progress counts in its user's share of them: past it, their oldest ends
    // (its callback then finds nothing), and no one else's.
    let stored = async {
        let pages = &accounts.inner.pages;
        let sealed = pages
            .seal()
            .seal(&visit.id, Kind::Connection, &pending.to_bytes())
            .ok()?;
        let owner = pages.seal().owner(visit.record.subject.as_deref());
        pages
            .store()
            .put_owned(
                &owner,
                &pending_name(&visit.id),
                sealed,
                keep,
                pages.user_share(),
            )
            .await
            .ok()
    };
    if stored.await.is_none() {
        return unavailable(words);
    }
    let cookie = accounts.binding_cookie(&visit.id, &URL_SAFE_NO_PAD.encode(browser), left);
    let mut response = status_page(
        words,
        StatusCode::SEE_OTHER,
        Word::ConnectContinue,
        Word::ConnectContinueHint,
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
