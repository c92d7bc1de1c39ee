//! The pages' routes: what a browser's GET and POST of a page get, and the headers every
//! response carries.

use std::sync::{Arc, LazyLock};

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Request, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::record::{Answer, Record};
use super::{CSRF_FIELD, Form, Gate, Pages};
use crate::form::Translation;
use crate::lang::{Preference, Word, Words};
use crate::page::render::{self, FormPage};
use crate::page::seal::{Kind, PageId};
use crate::page::store::{Answered, Ended, PageStore, Stored};
use crate::page::submission::{self, Judged};

impl<S: PageStore + 'static> Pages<S> {
    /// The routes of the pages, `GET /{id}` and `POST /{id}`, to nest at the path of
    /// `base_url` (`Router::new().nest("/pages", pages.router())`). Every response it gives,
    /// axum's own among them (a 405 for another method, say), carries the headers of a page of
    /// secrets: they are a layer of the router.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/{id}", get(show::<S>).post(answer::<S>))
            .fallback(|request: Request<Body>| async move {
                not_found(&browser_words(&request.into_parts().0))
            })
            .with_state(self.clone())
            .layer(middleware::map_response(
                |mut response: Response| async move {
                    secure(response.headers_mut());
                    response
                },
            ))
    }
}

/// A page the browser request may see: its id, record, form, whether it was answered, and the
/// name of who is signed in (as [`Identity::name`](super::Identity::name) gives it).
struct Opened<'p> {
    id: PageId,
    record: Record,
    form: &'p Form,
    answered: bool,
    name: Option<String>,
    /// The form in the page's language, and the crate's words nearest to it.
    translation: Translation,
    words: Arc<Words>,
}

/// A page of any kind (a form's, or a connection's) as the browser request may see it.
pub(crate) struct Visit {
    pub(crate) id: PageId,
    pub(crate) record: Record,
    pub(crate) answered: bool,
    pub(crate) name: Option<String>,
    /// The crate's words in the page's language (see `record_words`).
    pub(crate) words: Arc<Words>,
}

impl<S: PageStore + 'static> Pages<S> {
    /// The page `id` as the browser request `parts` may see it, or the response that refuses it.
    async fn open(&self, id: &str, parts: &Parts) -> Result<Opened<'_>, Response> {
        let visit = self.visit(id, parts, true).await?;
        // A page of a form this server does not have (or of another kind) is none of its
        // form pages.
        let form = self
            .inner
            .forms
            .get(visit.record.form.as_str())
            .ok_or_else(|| not_found(&visit.words))?;
        // The language of the call that made the page; without one, the browser's, among the
        // form's languages. The crate's words follow the form's: a page speaks one language.
        let index = match visit.record.language.as_deref() {
            Some(tag) => form.languages.iter().position(|known| *known == tag),
            None => browser_preference(parts).choose(form.languages),
        };
        let translation = (form.translation)(index.unwrap_or(0));
        let words = match visit.record.language {
            // The record's language is the translation's: its words are the visit's.
            Some(_) => visit.words,
            // The browser's language among the form's (or, if the form has none of the
            // browser's languages, the form's own).
            None => Words::nearest(translation.language),
        };
        Ok(Opened {
            id: visit.id,
            record: visit.record,
            form,
            answered: visit.answered,
            name: visit.name,
            translation,
            words,
        })
    }

    /// The page `id`, of whatever kind, as the browser request `parts` may see it (signed in as
    /// the user whose call made it, within its time), or the response that refuses it: not
    /// signed in, to the sign-in page when `offer_sign_in` and the application has one.
    #[expect(
        clippy::result_large_err,
        reason = "the refusal is the response the handler returns at once, unboxed"
    )]
    pub(crate) async fn visit(
        &self,
        id: &str,
        parts: &Parts,
        offer_sign_in: bool,
    ) -> Result<Visit, Response> {
        let browser = browser_words(parts);
        let refuse =
            |words: &Words, status, title, text| Err(status_page(words, status, title, text));
        let id = PageId::parse(id).ok_or_else(|| not_found(&browser))?;
        let (sealed, answered) = match self.inner.store.read(&id).await {
            Ok(Some(Stored::Waiting(record))) => (record, false),
            Ok(Some(Stored::Answered(record))) => (record, true),
            // An ended page keeps no record, and so no owner: it says only that it has ended.
            Ok(Some(Stored::Ended(Ended::Taken))) => return Err(answered(parts, &browser)),
            Ok(Some(Stored::Ended(Ended::Closed))) => {
                return refuse(
                    &browser,
                    StatusCode::GONE,
                    Word::PageClosedTitle,
                    Word::PageClosed,
                );
            }
            Ok(Some(Stored::Ended(Ended::Expired))) => {
                return refuse(
                    &browser,
                    StatusCode::GONE,
                    Word::PageExpiredTitle,
                    Word::PageExpired,
                );
            }
            Ok(None) => return Err(not_found(&browser)),
            Err(_) => return Err(unavailable(&browser)),
        };
        // A record these keys did not seal for this id is no page of this server's.
        let record = self
            .open_record(&id, &sealed)
            .map_err(|_| not_found(&browser))?;
        // From here on, the page speaks the language of the call that made it.
        let words = record_words(&record, parts);
        let mut name = None;
        match &self.inner.gate {
            Gate::Unchecked => {}
            Gate::Checked(identity) => match identity.subject(parts).filter(|s| !s.is_empty()) {
                None => {
                    let path = original_path(parts);
                    return Err(match identity.sign_in(path).filter(|_| offer_sign_in) {
                        Some(url) => see_other(&words, &url),
                        None => status_page(
                            &words,
                            StatusCode::UNAUTHORIZED,
                            Word::PageSignInTitle,
                            Word::PageSignIn,
                        ),
                    });
                }
                Some(subject) => {
                    let owner = record.subject.as_deref().unwrap_or_default();
                    if !bool::from(subject.as_bytes().ct_eq(owner.as_bytes()))
                        || record.subject.is_none()
                    {
                        return refuse(
                            &words,
                            StatusCode::FORBIDDEN,
                            Word::PageForbiddenTitle,
                            Word::PageForbidden,
                        );
                    }
                    name = identity.name(parts);
                }
            },
        }
        if record.expired() {
            return refuse(
                &words,
                StatusCode::GONE,
                Word::PageExpiredTitle,
                Word::PageExpired,
            );
        }
        Ok(Visit {
            id,
            record,
            answered,
            name,
            words,
        })
    }

    /// Gives the page `id` its `answer`, sealed: what the store did, or `None` when it failed.
    pub(crate) async fn give_answer(&self, id: &PageId, answer: &Answer) -> Option<Answered> {
        let sealed = self
            .inner
            .seal
            .seal(id, Kind::Answer, &answer.to_bytes())
            .ok()?;
        self.inner.store.answer(id, sealed).await.ok()
    }
}

/// `GET /{id}`: the page's form.
async fn show<S: PageStore + 'static>(
    State(pages): State<Pages<S>>,
    Path(id): Path<String>,
    request: Request<Body>,
) -> Response {
    let (parts, _) = request.into_parts();
    let opened = match pages.open(&id, &parts).await {
        Ok(opened) if !opened.answered => opened,
        Ok(opened) => return answered(&parts, &opened.words),
        Err(response) => return response,
    };
    let page = opened.page(&parts);
    // A page that opens with values (the tool arguments the model gave) shows them.
    let page = match &opened.record.values {
        Some(values) => page.values(values),
        None => page,
    };
    html_in(page.language(), StatusCode::OK, page.render())
}

/// `POST /{id}`: the person's answer.
async fn answer<S: PageStore + 'static>(
    State(pages): State<Pages<S>>,
    Path(id): Path<String>,
    request: Request<Body>,
) -> Response {
    let (parts, body) = request.into_parts();
    // The page first (who is signed in, whether it waits), and only then the body: a request
    // that may not answer the page is refused before a byte of it is read.
    let opened = match pages.open(&id, &parts).await {
        Ok(opened) if !opened.answered => opened,
        Ok(opened) => return answered(&parts, &opened.words),
        Err(response) => return response,
    };
    let words = &opened.words;
    let form_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    if !form_type.is_some_and(|t| {
        t.split(';').next().is_some_and(|t| {
            t.trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        })
    }) {
        return status_page(
            words,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Word::PageNotAFormTitle,
            Word::PageNotAForm,
        );
    }
    let Ok(body) = axum::body::to_bytes(body, pages.inner.max_body).await else {
        return status_page(
            words,
            StatusCode::PAYLOAD_TOO_LARGE,
            Word::PageTooLongTitle,
            Word::PageTooLong,
        );
    };
    // The body holds the secret as it was typed: zeroed once read.
    let body = Zeroizing::new(Vec::from(body));
    let Opened {
        id, record, form, ..
    } = &opened;
    if !csrf_matches(&body, &record.csrf) {
        return status_page(
            words,
            StatusCode::FORBIDDEN,
            Word::PageNotFromPageTitle,
            Word::PageNotFromPage,
        );
    }
    let schema = opened.translation.schema;
    let submitted = match submission::read(schema, &body) {
        Ok(submitted) => submitted,
        Err(error) => {
            return notice_page(
                words,
                StatusCode::BAD_REQUEST,
                &words.say(Word::PageNotThisFormTitle),
                &error.to_string(),
            );
        }
    };
    // Judged by the form's own reader: every rule and `validate` hook of the type.
    let answer = match submitted.judge_with(schema, form.judge) {
        Judged::Declined => Answer::declined(),
        Judged::Accepted(content) => Answer {
            accepted: true,
            content,
        },
        Judged::Invalid { values, problems } => {
            let page = opened.page(&parts).values(&values).problems(&problems);
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return html_in(page.language(), status, page.render());
        }
    };
    match pages.give_answer(id, &answer).await {
        Some(Answered::Now) if answer.accepted => {
            status_page(words, StatusCode::OK, Word::PageDoneTitle, Word::PageDone)
        }
        Some(Answered::Now) => status_page(
            words,
            StatusCode::OK,
            Word::PageDeclinedTitle,
            Word::PageDeclined,
        ),
        Some(Answered::Before) => answered(&parts, words),
        Some(Answered::Unknown) => not_found(words),
        None => unavailable(words),
    }
}

impl Opened<'_> {
    /// The page's form, in its language (the translation's: the crate's words say theirs where
    /// they speak another), posted to the path the browser asked for, with its CSRF token, and
    /// who is signed in.
    fn page<'a>(&'a self, parts: &'a Parts) -> FormPage<'a> {
        // A page made without a language, asking with the form's own message, asks with it in
        // the language the browser chose.
        let message = if self.record.language.is_none() && self.record.message == self.form.message
        {
            self.translation.message
        } else {
            &self.record.message
        };
        let page = FormPage::new(self.translation.schema, message)
            .in_language(&self.words)
            .written_in(self.translation.language)
            .action(original_path(parts))
            .hidden(CSRF_FIELD, &self.record.csrf);
        match &self.name {
            Some(name) => page.signed_in_as(name),
            None => page,
        }
    }
}

/// The path the browser asked for, as it asked (the router may be nested under a prefix, which
/// the path it routes on has lost): where the form posts to, and where a sign-in comes back to.
pub(crate) fn original_path(parts: &Parts) -> &str {
    parts
        .extensions
        .get::<axum::extract::OriginalUri>()
        .map_or_else(|| parts.uri.path(), |uri| uri.0.path())
}

/// Whether the body's CSRF field is the page's token, compared in constant time; a body with
/// none, or with two, has none.
pub(crate) fn csrf_matches(body: &[u8], token: &str) -> bool {
    let mut sent = form_urlencoded::parse(body).filter(|(name, _)| name == CSRF_FIELD);
    let (Some((_, value)), None) = (sent.next(), sent.next()) else {
        return false;
    };
    bool::from(value.as_bytes().ct_eq(token.as_bytes()))
}

/// The page of a page answered already: 410 to show it, 409 to post to it again.
pub(crate) fn answered(parts: &Parts, words: &Words) -> Response {
    let status = if parts.method == axum::http::Method::POST {
        StatusCode::CONFLICT
    } else {
        StatusCode::GONE
    };
    status_page(words, status, Word::PageAnsweredTitle, Word::PageAnswered)
}

/// The page of a store that cannot be reached just now (503).
pub(crate) fn unavailable(words: &Words) -> Response {
    status_page(
        words,
        StatusCode::SERVICE_UNAVAILABLE,
        Word::PageUnavailableTitle,
        Word::PageUnavailable,
    )
}

/// The page of an id that is none of this server's pages.
pub(crate) fn not_found(words: &Words) -> Response {
    status_page(
        words,
        StatusCode::NOT_FOUND,
        Word::PageNotFoundTitle,
        Word::PageNotFound,
    )
}

/// A page of the message `title` saying the message `text`, with `status`, in the language of
/// `words`.
pub(crate) fn status_page(words: &Words, status: StatusCode, title: Word, text: Word) -> Response {
    notice_page(words, status, &words.say(title), &words.say(text))
}

/// A page of `title` saying `text` (both said already in the language of `words`), with
/// `status`.
pub(crate) fn notice_page(words: &Words, status: StatusCode, title: &str, text: &str) -> Response {
    html_in(
        words.language(),
        status,
        render::notice_in(words, title, text),
    )
}

/// The crate's words the browser request `parts` asks for with its `Accept-Language`: what a
/// page says before it knows the call it belongs to (an unknown or ended page).
pub(crate) fn browser_words(parts: &Parts) -> Arc<Words> {
    Words::choose(&browser_preference(parts))
}

/// The browser's `Accept-Language`, as a preference.
fn browser_preference(parts: &Parts) -> Preference {
    let asked = parts
        .headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    Preference::parse(asked)
}

/// The crate's words of a page: the language of the call that made it, sealed in its record;
/// for a page made without one, the browser's.
pub(crate) fn record_words(record: &Record, parts: &Parts) -> Arc<Words> {
    match record.language.as_deref() {
        Some(tag) => Words::nearest(tag),
        None => browser_words(parts),
    }
}

/// A redirection to `url` (303: the browser asks for it with GET).
pub(crate) fn see_other(words: &Words, url: &str) -> Response {
    let mut response = status_page(
        words,
        StatusCode::SEE_OTHER,
        Word::PageSignInTitle,
        Word::PageSignIn,
    );
    if let Ok(location) = HeaderValue::from_str(url) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response
}

/// `body` as an HTML response of `status` (the router's layer adds the headers every response
/// carries).
pub(crate) fn html(status: StatusCode, body: String) -> Response {
    (status, body).into_response()
}

/// `body`, a page in the language `language` (a language tag, as its `<html lang>` says it), as
/// an HTML response of `status` that says its language (`Content-Language`).
pub(crate) fn html_in(language: &str, status: StatusCode, body: String) -> Response {
    let mut response = html(status, body);
    if let Ok(language) = HeaderValue::from_str(language) {
        response
            .headers_mut()
            .insert(header::CONTENT_LANGUAGE, language);
    }
    response
}

/// The headers every response of the pages carries, whoever made it: a layer of the router.
pub(crate) fn secure(headers: &mut HeaderMap) {
    let static_value = HeaderValue::from_static;
    headers.insert(
        header::CONTENT_TYPE,
        static_value("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, static_value("no-store"));
    headers.insert(header::REFERRER_POLICY, static_value("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, static_value("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, POLICY.clone());
    // A page without the language of a call speaks the browser's.
    headers.insert(header::VARY, static_value("Accept-Language"));
}

/// The pages' policy: written once (the stylesheet is a constant).
static POLICY: LazyLock<HeaderValue> = LazyLock::new(|| policy(None));

/// No script at all, the stylesheet by its hash, forms posted to this origin only (and to
/// `form_also`, an origin such as a provider's that a form's redirect leads to), no framing.
pub(crate) fn policy(form_also: Option<&str>) -> HeaderValue {
    static HASH: LazyLock<String> =
        LazyLock::new(|| STANDARD.encode(Sha256::digest(render::STYLESHEET.as_bytes())));
    // Only what a source expression may hold: no separator of directives or policies.
    let also: String = form_also
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_graphic() && !matches!(c, ';' | ','))
        .collect();
    let space = if also.is_empty() { "" } else { " " };
    let policy = format!(
        "default-src 'none'; style-src 'sha256-{}'; form-action 'self'{space}{also}; frame-ancestors 'none'; base-uri 'none'",
        *HASH
    );
    HeaderValue::from_str(&policy)
        .expect("the policy is printable ASCII: base64, literals, and a filtered origin")
}
