//! The pages' routes: what a browser's GET and POST of a page get, and the headers every
//! response carries.

use std::sync::LazyLock;

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
            .fallback(|| async { not_found() })
            .with_state(self.clone())
            .layer(middleware::map_response(
                |mut response: Response| async move {
                    secure(response.headers_mut());
                    response
                },
            ))
    }
}

const NOT_FOUND: &str = "This page does not exist. Start again from your assistant.";
const EXPIRED: &str = "This page has expired. Start again from your assistant.";
const ANSWERED: &str = "This page has been answered already. You can close it.";
const FORBIDDEN: &str =
    "This page belongs to another user. Start again from your assistant, signed in as yourself.";
pub(crate) const SIGN_IN: &str = "Sign in to answer this page.";
const CLOSED: &str =
    "This page was closed: the request it belonged to has ended. Start again from your assistant.";

/// A page the browser request may see: its id, record, form, whether it was answered, and the
/// name of who is signed in (as [`Identity::name`](super::Identity::name) gives it).
struct Opened<'p> {
    id: PageId,
    record: Record,
    form: &'p Form,
    answered: bool,
    name: Option<String>,
}

/// A page of any kind (a form's, or a connection's) as the browser request may see it.
pub(crate) struct Visit {
    pub(crate) id: PageId,
    pub(crate) record: Record,
    pub(crate) answered: bool,
    pub(crate) name: Option<String>,
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
            .ok_or_else(not_found)?;
        Ok(Opened {
            id: visit.id,
            record: visit.record,
            form,
            answered: visit.answered,
            name: visit.name,
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
        let refuse = |status, title, text| Err(status_page(status, title, text));
        let id = PageId::parse(id).ok_or_else(not_found)?;
        let (sealed, answered) = match self.inner.store.read(&id).await {
            Ok(Some(Stored::Waiting(record))) => (record, false),
            Ok(Some(Stored::Answered(record))) => (record, true),
            // An ended page keeps no record, and so no owner: it says only that it has ended.
            Ok(Some(Stored::Ended(Ended::Taken))) => return Err(answered(parts)),
            Ok(Some(Stored::Ended(Ended::Closed))) => {
                return refuse(StatusCode::GONE, "Page closed", CLOSED);
            }
            Ok(Some(Stored::Ended(Ended::Expired))) => {
                return refuse(StatusCode::GONE, "Page expired", EXPIRED);
            }
            Ok(None) => return Err(not_found()),
            Err(_) => return Err(unavailable()),
        };
        // A record these keys did not seal for this id is no page of this server's.
        let record = self.open_record(&id, &sealed).map_err(|_| not_found())?;
        let mut name = None;
        match &self.inner.gate {
            Gate::Unchecked => {}
            Gate::Checked(identity) => match identity.subject(parts).filter(|s| !s.is_empty()) {
                None => {
                    let path = original_path(parts);
                    return Err(match identity.sign_in(path).filter(|_| offer_sign_in) {
                        Some(url) => see_other(&url),
                        None => status_page(StatusCode::UNAUTHORIZED, "Sign in", SIGN_IN),
                    });
                }
                Some(subject) => {
                    let owner = record.subject.as_deref().unwrap_or_default();
                    if !bool::from(subject.as_bytes().ct_eq(owner.as_bytes()))
                        || record.subject.is_none()
                    {
                        return refuse(StatusCode::FORBIDDEN, "Not your page", FORBIDDEN);
                    }
                    name = identity.name(parts);
                }
            },
        }
        if record.expired() {
            return refuse(StatusCode::GONE, "Page expired", EXPIRED);
        }
        Ok(Visit {
            id,
            record,
            answered,
            name,
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

const UNAVAILABLE: &str = "The page cannot be reached just now. Try again in a moment.";

/// `GET /{id}`: the page's form.
async fn show<S: PageStore + 'static>(
    State(pages): State<Pages<S>>,
    Path(id): Path<String>,
    request: Request<Body>,
) -> Response {
    let (parts, _) = request.into_parts();
    let opened = match pages.open(&id, &parts).await {
        Ok(opened) if !opened.answered => opened,
        Ok(_) => return answered(&parts),
        Err(response) => return response,
    };
    html(StatusCode::OK, opened.page(&parts).render())
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
        Ok(_) => return answered(&parts),
        Err(response) => return response,
    };
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
        return status_page(StatusCode::UNSUPPORTED_MEDIA_TYPE, "Not a form", NOT_A_FORM);
    }
    let Ok(body) = axum::body::to_bytes(body, pages.inner.max_body).await else {
        return status_page(StatusCode::PAYLOAD_TOO_LARGE, "Too long", TOO_LONG);
    };
    // The body holds the secret as it was typed: zeroed once read.
    let body = Zeroizing::new(Vec::from(body));
    let Opened {
        id, record, form, ..
    } = &opened;
    if !csrf_matches(&body, &record.csrf) {
        return status_page(
            StatusCode::FORBIDDEN,
            "Not sent from this page",
            NOT_FROM_PAGE,
        );
    }
    let submitted = match submission::read(form.schema, &body) {
        Ok(submitted) => submitted,
        Err(error) => {
            return status_page(
                StatusCode::BAD_REQUEST,
                "Not this page's form",
                &error.to_string(),
            );
        }
    };
    // Judged by the form's own reader: every rule and `validate` hook of the type.
    let answer = match submitted.judge_with(form.schema, form.judge) {
        Judged::Declined => Answer::declined(),
        Judged::Accepted(content) => Answer {
            accepted: true,
            content,
        },
        Judged::Invalid { values, problems } => {
            let page = opened.page(&parts).values(&values).problems(&problems);
            return html(StatusCode::UNPROCESSABLE_ENTITY, page.render());
        }
    };
    match pages.give_answer(id, &answer).await {
        Some(Answered::Now) if answer.accepted => status_page(StatusCode::OK, "Done", DONE),
        Some(Answered::Now) => status_page(StatusCode::OK, "Declined", DECLINED),
        Some(Answered::Before) => answered(&parts),
        Some(Answered::Unknown) => not_found(),
        None => unavailable(),
    }
}

const NOT_A_FORM: &str = "This page takes the answer of its own form only.";
const TOO_LONG: &str = "The answer is longer than this page takes.";
const NOT_FROM_PAGE: &str =
    "This answer was not sent from this page. Open the page again and answer there.";
const DONE: &str =
    "Thank you: your answer is saved. You can close this page and return to your assistant.";
const DECLINED: &str =
    "You declined: nothing was saved. You can close this page and return to your assistant.";

impl Opened<'_> {
    /// The page's form, posted to the path the browser asked for, with its CSRF token, and who
    /// is signed in.
    fn page<'a>(&'a self, parts: &'a Parts) -> FormPage<'a> {
        let page = FormPage::new(self.form.schema, &self.record.message)
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
pub(crate) fn answered(parts: &Parts) -> Response {
    let status = if parts.method == axum::http::Method::POST {
        StatusCode::CONFLICT
    } else {
        StatusCode::GONE
    };
    status_page(status, "Answered", ANSWERED)
}

/// The page of a store that cannot be reached just now (503).
pub(crate) fn unavailable() -> Response {
    status_page(StatusCode::SERVICE_UNAVAILABLE, "Try again", UNAVAILABLE)
}

/// The page of an id that is none of this server's pages.
pub(crate) fn not_found() -> Response {
    status_page(StatusCode::NOT_FOUND, "No such page", NOT_FOUND)
}

/// A page of `title` saying `text`, with `status`.
pub(crate) fn status_page(status: StatusCode, title: &str, text: &str) -> Response {
    html(status, render::notice(title, text))
}

/// A redirection to `url` (303: the browser asks for it with GET).
pub(crate) fn see_other(url: &str) -> Response {
    let mut response = status_page(StatusCode::SEE_OTHER, "Sign in", SIGN_IN);
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
