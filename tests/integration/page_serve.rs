//! The pages' router, driven in process as a browser drives it: the honest flow (made by a call,
//! shown to its user, answered once, taken once), and a hostile twin for every step: another
//! user, no sign-in, a replayed POST, a missing or wrong CSRF token, an expired page, an unknown
//! or malformed id, an oversized body, a body of another type, a take by another subject; and the
//! secret searched for, and not found, in every response and in every byte the store was given.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::request::Parts;
use axum::http::{Request, Response, StatusCode};
use mcp_elicit::page::seal::PageId;
use mcp_elicit::page::serve::{Identity, PageError, Pages};
use mcp_elicit::page::store::{
    Answered, Created, Ended, MemoryStore, NewPage, PageStore, StoreError, Stored, Taken,
};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use secrecy::{ExposeSecret, SecretString};
use tower::ServiceExt;

#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Region {
    #[elicit(title = "Europe")]
    Eu,
    #[elicit(title = "United States")]
    Us,
}

#[derive(Elicit, Debug)]
#[elicit(message = "Connect your account")]
struct Connect {
    #[elicit(min_length = 2, max_length = 40)]
    label: String,
    #[elicit(min_length = 20)]
    api_key: SecretString,
    region: Region,
}

/// Another form, to take a page as what it is not.
#[derive(Elicit, Debug)]
struct Other {
    label: String,
}

/// A form written in Hebrew, a language the crate's own words do not speak.
#[derive(Elicit, Debug)]
#[elicit(
    language = "he",
    message = "חברו את החשבון שלכם",
    title = "חיבור חשבון"
)]
struct Hebrew {
    #[elicit(title = "תווית", min_length = 2)]
    label: String,
}

const KEY: &str = "sk-live-0123456789abcdef";

/// The application's sign-in, as a stand-in: the cookie `session=<subject>`.
struct Session {
    sign_in: bool,
}

impl Identity for Session {
    fn subject(&self, request: &Parts) -> Option<String> {
        let cookies = request.headers.get("cookie")?.to_str().ok()?;
        cookies
            .split("; ")
            .find_map(|c| c.strip_prefix("session="))
            .map(str::to_owned)
    }

    fn sign_in(&self, return_to: &str) -> Option<String> {
        self.sign_in
            .then(|| format!("/login?return_to={return_to}"))
    }

    fn name(&self, request: &Parts) -> Option<String> {
        self.subject(request)
            .map(|subject| format!("{subject} <{subject}@example.test>"))
    }
}

/// A store that keeps every byte it is given, to search for the secret.
struct Recording {
    inner: MemoryStore,
    seen: Mutex<Vec<Vec<u8>>>,
}

impl PageStore for Recording {
    async fn create(&self, page: NewPage) -> Result<Created, StoreError> {
        self.seen.lock().unwrap().push(page.record.clone());
        self.inner.create(page).await
    }

    async fn read(&self, id: &PageId) -> Result<Option<Stored>, StoreError> {
        self.inner.read(id).await
    }

    async fn answer(&self, id: &PageId, answer: Vec<u8>) -> Result<Answered, StoreError> {
        self.seen.lock().unwrap().push(answer.clone());
        self.inner.answer(id, answer).await
    }

    async fn take(&self, id: &PageId) -> Result<Taken, StoreError> {
        self.inner.take(id).await
    }

    async fn close(&self, id: &PageId) -> Result<(), StoreError> {
        self.inner.close(id).await
    }
}

struct Server {
    pages: Pages<Arc<Recording>>,
    router: Router,
    store: Arc<Recording>,
}

fn server(sign_in: bool, ttl: Duration) -> Server {
    let store = Arc::new(Recording {
        inner: MemoryStore::new(100),
        seen: Mutex::new(Vec::new()),
    });
    let pages = Pages::new(
        Arc::clone(&store),
        &StateKeys::new([7; 32]),
        "https://example.test/pages/",
        Session { sign_in },
    )
    .form::<Connect>()
    .form::<Other>()
    .form::<Hebrew>()
    .ttl(ttl)
    .max_body(4096);
    let router = Router::new().nest("/pages", pages.router());
    Server {
        pages,
        router,
        store,
    }
}

/// A response's status, headers and body.
struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

async fn send(router: &Router, request: Request<Body>) -> Reply {
    let response: Response<Body> = router.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = axum::body::to_bytes(body, 1 << 20).await.unwrap();
    Reply {
        status: parts.status,
        headers: parts.headers,
        body: String::from_utf8(body.to_vec()).unwrap(),
    }
}

fn get(path: &str, user: Option<&str>) -> Request<Body> {
    let mut request = Request::get(path);
    if let Some(user) = user {
        request = request.header("cookie", format!("theme=dark; session={user}"));
    }
    request.body(Body::empty()).unwrap()
}

fn post(path: &str, user: Option<&str>, body: &str) -> Request<Body> {
    let mut request =
        Request::post(path).header("content-type", "application/x-www-form-urlencoded");
    if let Some(user) = user {
        request = request.header("cookie", format!("session={user}"));
    }
    request.body(Body::from(body.to_owned())).unwrap()
}

/// The value of the hidden CSRF field in a page.
fn csrf_of(page: &str) -> String {
    let at = page.find("name=\"csrf\"").expect("a CSRF field");
    let value = &page[at..];
    let start = value.find("value=\"").unwrap() + 7;
    let end = value[start..].find('"').unwrap();
    value[start..start + end].to_owned()
}

/// A page made by `user`'s call and opened by `user`: its id, path and CSRF token.
async fn opened(s: &Server, user: &str) -> (PageId, String, String) {
    let (id, _) = s.pages.create::<Connect>(Some(user), None).await.unwrap();
    let path = format!("/pages/{id}");
    let csrf = csrf_of(&send(&s.router, get(&path, Some(user))).await.body);
    (id, path, csrf)
}

fn answer(csrf: &str, key: &str) -> String {
    format!("csrf={csrf}&f.label=Work&f.api_key={key}&f.region=eu&action=accept")
}

fn assert_secure(reply: &Reply) {
    let header = |name: &str| reply.headers.get(name).and_then(|v| v.to_str().ok());
    assert_eq!(header("cache-control"), Some("no-store"));
    assert_eq!(header("referrer-policy"), Some("no-referrer"));
    assert_eq!(header("x-content-type-options"), Some("nosniff"));
    assert_eq!(header("content-type"), Some("text/html; charset=utf-8"));
    let policy = header("content-security-policy").expect("a CSP");
    assert!(
        policy.starts_with("default-src 'none'; style-src 'sha256-"),
        "{policy}"
    );
    assert!(
        policy.ends_with("'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
        "{policy}"
    );
    assert!(!reply.body.contains("<script"), "no script");
    assert!(!reply.body.contains(KEY), "the secret in a page");
}

#[tokio::test]
async fn the_honest_flow_and_the_secret_nowhere_in_plain_text() {
    let s = server(true, Duration::from_mins(10));
    let (id, url) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    // The URL carries the id only: 128 random bits, nothing of the user.
    assert_eq!(url, format!("https://example.test/pages/{id}"));
    assert_eq!(id.to_string().len(), 22);
    assert!(!url.contains("alice"));
    let path = format!("/pages/{id}");

    let page = send(&s.router, get(&path, Some("alice"))).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_secure(&page);
    assert!(page.body.contains("Connect your account"));
    assert!(
        page.body.contains("type=\"password\""),
        "the secret is a password input"
    );
    assert!(page.body.contains(&format!("action=\"{path}\"")));
    let csrf = csrf_of(&page.body);
    assert_eq!(csrf.len(), 43, "256 random bits");
    // Nothing is taken before the page is answered.
    assert!(
        s.pages
            .take::<Connect>(&id, Some("alice"))
            .await
            .unwrap()
            .is_none()
    );

    // A key too short: 422, the problem beside its field, the label refilled, the key not.
    let short = send(
        &s.router,
        post(&path, Some("alice"), &answer(&csrf, "sk-short-key")),
    )
    .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_secure(&short);
    assert!(
        short
            .body
            .contains("must be at least 20 characters long, got 12"),
        "{}",
        short.body
    );
    assert!(short.body.contains("aria-invalid=\"true\""));
    assert!(short.body.contains("value=\"Work\""));
    assert!(
        !short.body.contains("sk-short-key"),
        "a secret is never refilled"
    );

    let done = send(&s.router, post(&path, Some("alice"), &answer(&csrf, KEY))).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_secure(&done);
    assert!(done.body.contains("your answer is saved"));

    let Some(Elicitation::Accepted(connect)) =
        s.pages.take::<Connect>(&id, Some("alice")).await.unwrap()
    else {
        panic!("the answer")
    };
    assert_eq!(
        (connect.label.as_str(), connect.api_key.expose_secret()),
        ("Work", KEY)
    );
    assert!(matches!(connect.region, Region::Eu));
    // Taken once.
    let again = s
        .pages
        .take::<Connect>(&id, Some("alice"))
        .await
        .unwrap_err();
    assert!(matches!(again, PageError::Taken), "{again}");
    // The page now says it was answered; a replayed POST changes nothing.
    assert_eq!(
        send(&s.router, get(&path, Some("alice"))).await.status,
        StatusCode::GONE
    );
    let replay = send(&s.router, post(&path, Some("alice"), &answer(&csrf, KEY))).await;
    assert_eq!(replay.status, StatusCode::CONFLICT);
    assert_secure(&replay);

    // Every byte the store was given: sealed, never the key, the label or the user in plain text.
    let seen = s.store.seen.lock().unwrap();
    assert!(seen.len() >= 2);
    for bytes in seen.iter() {
        for needle in [KEY.as_bytes(), b"Work", b"alice", csrf.as_bytes()] {
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle),
                "plain text in the store"
            );
        }
    }
}

#[tokio::test]
async fn a_decline_reaches_the_call_as_a_decline() {
    let s = server(true, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), Some("Connect the staging account"))
        .await
        .unwrap();
    let path = format!("/pages/{id}");
    let page = send(&s.router, get(&path, Some("alice"))).await;
    assert!(page.body.contains("Connect the staging account"));
    let csrf = csrf_of(&page.body);
    // Declined whatever the fields hold, valid or not.
    let body = format!("csrf={csrf}&f.label=x&action=decline");
    let declined = send(&s.router, post(&path, Some("alice"), &body)).await;
    assert_eq!(declined.status, StatusCode::OK);
    assert!(declined.body.contains("You declined"));
    assert!(matches!(
        s.pages.take::<Connect>(&id, Some("alice")).await.unwrap(),
        Some(Elicitation::Declined)
    ));
}

#[tokio::test]
async fn another_user_or_no_sign_in_never_gets_the_form() {
    let s = server(true, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let path = format!("/pages/{id}");
    let csrf = csrf_of(&send(&s.router, get(&path, Some("alice"))).await.body);

    // Bob, even with Alice's token: 403, and nothing changes.
    let bob = send(&s.router, get(&path, Some("bob"))).await;
    assert_eq!(bob.status, StatusCode::FORBIDDEN);
    assert_secure(&bob);
    assert!(!bob.body.contains("csrf"), "no form for another user");
    let bob = send(&s.router, post(&path, Some("bob"), &answer(&csrf, KEY))).await;
    assert_eq!(bob.status, StatusCode::FORBIDDEN);
    // A subject that only starts like Alice's is another subject.
    let alicia = send(&s.router, get(&path, Some("alic"))).await;
    assert_eq!(alicia.status, StatusCode::FORBIDDEN);

    // Not signed in: to the sign-in page, which comes back here.
    let anonymous = send(&s.router, get(&path, None)).await;
    assert_eq!(anonymous.status, StatusCode::SEE_OTHER);
    assert_eq!(
        anonymous.headers.get("location").unwrap(),
        &format!("/login?return_to={path}")
    );
    assert!(!anonymous.body.contains("csrf"));
    let anonymous = send(&s.router, post(&path, None, &answer(&csrf, KEY))).await;
    assert_eq!(anonymous.status, StatusCode::SEE_OTHER);
    // An application without a sign-in page: 401.
    let s401 = server(false, Duration::from_mins(10));
    let (id401, _) = s401
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let reply = send(&s401.router, get(&format!("/pages/{id401}"), None)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_secure(&reply);

    // Nothing of it reached the page: still waiting, for Alice alone.
    assert!(
        s.pages
            .take::<Connect>(&id, Some("alice"))
            .await
            .unwrap()
            .is_none()
    );
    // Taken by the call of another subject, or as another form: refused.
    let other = s.pages.take::<Connect>(&id, Some("bob")).await.unwrap_err();
    assert!(matches!(other, PageError::NotYours), "{other}");
    let other = s.pages.take::<Other>(&id, Some("alice")).await.unwrap_err();
    assert!(matches!(other, PageError::NotYours), "{other}");
    let done = send(&s.router, post(&path, Some("alice"), &answer(&csrf, KEY))).await;
    assert_eq!(done.status, StatusCode::OK);
}

#[tokio::test]
async fn a_post_without_the_pages_token_changes_nothing() {
    let s = server(true, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let path = format!("/pages/{id}");
    let csrf = csrf_of(&send(&s.router, get(&path, Some("alice"))).await.body);
    let mut wrong = csrf.clone();
    wrong.replace_range(0..1, if csrf.starts_with('A') { "B" } else { "A" });
    let (_, other_page) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let other_csrf = csrf_of(
        &send(
            &s.router,
            get(
                &other_page.replace("https://example.test", ""),
                Some("alice"),
            ),
        )
        .await
        .body,
    );
    for body in [
        format!("f.label=Work&f.api_key={KEY}&f.region=eu&action=accept"),
        answer(&wrong, KEY),
        answer(&other_csrf, KEY),
        answer("", KEY),
        format!("csrf={csrf}&{}", answer(&csrf, KEY)),
    ] {
        let reply = send(&s.router, post(&path, Some("alice"), &body)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{body}");
        assert_secure(&reply);
    }
    assert!(
        s.pages
            .take::<Connect>(&id, Some("alice"))
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn unknown_expired_oversized_and_foreign_requests() {
    let s = server(true, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let path = format!("/pages/{id}");
    let csrf = csrf_of(&send(&s.router, get(&path, Some("alice"))).await.body);

    // An id never made, one that is no id, and other paths: 404.
    let unknown = PageId::random().unwrap();
    for path in [
        format!("/pages/{unknown}"),
        "/pages/not-an-id".to_owned(),
        format!("/pages/{id}x"),
        "/pages/".to_owned(),
        format!("/pages/{id}/more"),
    ] {
        let reply = send(&s.router, get(&path, Some("alice"))).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.body.contains("csrf"), "{path}");
        // The application's router answers for paths outside the pages' own (`/pages/` is one):
        // those within carry the pages' headers.
        if path != "/pages/" {
            assert_secure(&reply);
        }
    }

    // Over the limit: 413; not a form body: 415; neither reaches the page.
    let long = format!("{}&f.label={}", answer(&csrf, KEY), "x".repeat(8192));
    assert_eq!(
        send(&s.router, post(&path, Some("alice"), &long))
            .await
            .status,
        StatusCode::PAYLOAD_TOO_LARGE
    );
    let json = Request::post(&path)
        .header("content-type", "application/json")
        .header("cookie", "session=alice")
        .body(Body::from(format!("{{\"api_key\": \"{KEY}\"}}")))
        .unwrap();
    assert_eq!(
        send(&s.router, json).await.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    // A body of the form without a button: 400.
    let no_button = format!("csrf={csrf}&f.label=Work");
    assert_eq!(
        send(&s.router, post(&path, Some("alice"), &no_button))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    // Bytes that are no text at all: a clear status, no panic.
    let bytes = Request::post(&path)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("cookie", "session=alice")
        .body(Body::from(vec![0xff, 0xfe, b'%', b'z', 0x00]))
        .unwrap();
    assert_eq!(send(&s.router, bytes).await.status, StatusCode::FORBIDDEN);
    assert!(
        s.pages
            .take::<Connect>(&id, Some("alice"))
            .await
            .unwrap()
            .is_none()
    );

    // A page past its expiry: 410, and it can no longer be answered.
    let expired = server(true, Duration::ZERO);
    let (old, _) = expired
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let old_path = format!("/pages/{old}");
    let reply = send(&expired.router, get(&old_path, Some("alice"))).await;
    assert_eq!(reply.status, StatusCode::GONE);
    assert_secure(&reply);
    let reply = send(
        &expired.router,
        post(&old_path, Some("alice"), &answer(&csrf, KEY)),
    )
    .await;
    assert_eq!(reply.status, StatusCode::GONE);
}

#[tokio::test]
async fn a_page_needs_a_registered_form_and_a_subject() {
    #[derive(Elicit)]
    struct Unregistered {
        name: String,
    }
    let s = server(true, Duration::from_mins(10));
    // Pages that check who opens them are made for a subject.
    let error = s.pages.create::<Connect>(None, None).await.unwrap_err();
    assert!(matches!(error, PageError::NoSubject), "{error}");
    let error = s
        .pages
        .create::<Unregistered>(Some("alice"), None)
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::Unregistered { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("is not registered with the pages: add `.form::<"),
        "{error}"
    );
}

#[tokio::test]
async fn pages_without_an_identity_check_say_so_in_their_name() {
    let pages = Pages::without_identity_check_unsafe(
        MemoryStore::new(10),
        &StateKeys::new([7; 32]),
        "http://127.0.0.1:3000/pages",
    )
    .form::<Connect>();
    let router = Router::new().nest("/pages", pages.router());
    let (id, _) = pages.create::<Connect>(None, None).await.unwrap();
    let path = format!("/pages/{id}");
    // Anyone with the URL gets the form: what the name of the constructor warns of.
    let page = send(&router, get(&path, None)).await;
    assert_eq!(page.status, StatusCode::OK);
    let csrf = csrf_of(&page.body);
    let done = send(&router, post(&path, Some("mallory"), &answer(&csrf, KEY))).await;
    assert_eq!(done.status, StatusCode::OK);
    // The CSRF token and single use still hold.
    let replay = send(&router, post(&path, None, &answer(&csrf, KEY))).await;
    assert_eq!(replay.status, StatusCode::CONFLICT);
    assert!(matches!(
        pages.take::<Connect>(&id, None).await.unwrap(),
        Some(Elicitation::Accepted(_))
    ));
}

#[tokio::test]
async fn every_response_of_the_router_carries_the_pages_headers_axums_own_too() {
    let s = server(true, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let path = format!("/pages/{id}");
    // Another method: axum's own 405.
    for method in ["PUT", "DELETE", "PATCH"] {
        let request = Request::builder()
            .method(method)
            .uri(&path)
            .header("cookie", "session=alice")
            .body(Body::from(KEY))
            .unwrap();
        let reply = send(&s.router, request).await;
        assert_eq!(reply.status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_secure(&reply);
    }
    // A path segment that is not UTF-8: axum's own 400.
    let reply = send(&s.router, get("/pages/%FF%FE", Some("alice"))).await;
    assert!(reply.status.is_client_error(), "{}", reply.status);
    assert_secure(&reply);
}

#[tokio::test]
async fn a_request_that_may_not_answer_the_page_is_refused_before_its_body_is_read() {
    let s = server(false, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let path = format!("/pages/{id}");
    // Signed out, another user, an unknown page: each refused for what it is, with a body far
    // over the limit that the server would have answered 413 to had it read it first.
    let unknown = format!("/pages/{}", PageId::random().unwrap());
    for (path, user, status) in [
        (&path, None, StatusCode::UNAUTHORIZED),
        (&path, Some("mallory"), StatusCode::FORBIDDEN),
        (&unknown, Some("alice"), StatusCode::NOT_FOUND),
    ] {
        let mut request =
            Request::post(path).header("content-type", "application/x-www-form-urlencoded");
        if let Some(user) = user {
            request = request.header("cookie", format!("session={user}"));
        }
        let body = Body::from(vec![b'x'; 1 << 20]);
        let reply = send(&s.router, request.body(body).unwrap()).await;
        assert_eq!(reply.status, status, "{path} {user:?}");
    }
    // Alice's own POST reads it, and is told it is too long.
    let request = Request::post(&path)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("cookie", "session=alice")
        .body(Body::from(vec![b'x'; 1 << 20]))
        .unwrap();
    assert_eq!(
        send(&s.router, request).await.status,
        StatusCode::PAYLOAD_TOO_LARGE
    );
}

#[tokio::test]
async fn an_empty_subject_is_no_subject_on_either_side() {
    let s = server(false, Duration::from_mins(10));
    let error = s.pages.create::<Connect>(Some(""), None).await.unwrap_err();
    assert!(matches!(error, PageError::NoSubject), "{error}");
    // A sign-in that finds an empty subject is no sign-in: not the owner of any page.
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let reply = send(&s.router, get(&format!("/pages/{id}"), Some(""))).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    // Unchecked pages refuse an empty subject too (`None` is how they are made).
    let unchecked = Pages::without_identity_check_unsafe(
        MemoryStore::new(10),
        &StateKeys::new([7; 32]),
        "http://127.0.0.1:3000/pages",
    )
    .form::<Connect>();
    let error = unchecked
        .create::<Connect>(Some(""), None)
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::NoSubject), "{error}");
}

#[tokio::test]
async fn the_page_says_who_is_signed_in() {
    let s = server(true, Duration::from_mins(10));
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let page = send(&s.router, get(&format!("/pages/{id}"), Some("alice"))).await;
    assert_eq!(page.status, StatusCode::OK);
    // Escaped as every value.
    assert!(
        page.body.contains(
            r#"<p class="signed-in">Signed in as <strong><bdi>alice &lt;alice@example.test&gt;</bdi></strong></p>"#
        ),
        "{}",
        page.body
    );
}

/// A page is in its form's language (`<html lang>`, `dir`, `Content-Language`), made with the
/// call's language or without one; the crate's words on it, in the nearest language they speak,
/// say theirs. A page whose text is all the crate's is in the words' language.
#[tokio::test]
async fn a_page_is_in_the_language_of_its_form() {
    let s = server(true, Duration::from_mins(10));
    let preference = mcp_elicit::lang::Preference::parse("he-IL");
    for preference in [None, Some(&preference)] {
        let (id, _) = s
            .pages
            .create_in::<Hebrew>(Some("ada"), None, preference)
            .await
            .unwrap();
        let path = format!("/pages/{id}");
        let page = send(&s.router, get(&path, Some("ada"))).await;
        assert_eq!(page.status, StatusCode::OK);
        let language = page.headers.get("content-language").unwrap();
        assert_eq!(language, "he");
        let body = &page.body;
        assert!(
            body.starts_with("<!DOCTYPE html><html lang=\"he\" dir=\"rtl\"><head>"),
            "{body}"
        );
        assert!(body.contains("<title>חיבור חשבון</title>"), "{body}");
        assert!(
            body.contains(r#"<p class="signed-in" lang="en" dir="ltr">Signed in as <strong><bdi>ada &lt;ada@example.test&gt;</bdi></strong></p>"#),
            "{body}"
        );
        assert!(
            body.contains(r#"<button type="submit" name="action" value="accept" lang="en" dir="ltr">Submit</button>"#),
            "{body}"
        );
        // Sent too short: the problem in the words' voice, the title isolated in it.
        let csrf = csrf_of(body);
        let sent = format!("csrf={csrf}&f.label=x&action=accept");
        let again = send(&s.router, post(&path, Some("ada"), &sent)).await;
        assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(again.headers.get("content-language").unwrap(), "he");
        assert!(
            again.body.contains("<p class=\"problem\" id=\"field-label_problem\" lang=\"en\" dir=\"ltr\"><span class=\"visually-hidden\">Error: </span>\u{2068}תווית\u{2069} must be at least 2 characters long, got 1</p>"),
            "{}",
            again.body
        );
        // Answered: a page all of the crate's words, in their language.
        let sent = format!("csrf={csrf}&f.label=xy&action=accept");
        let done = send(&s.router, post(&path, Some("ada"), &sent)).await;
        assert_eq!(done.status, StatusCode::OK);
        assert_eq!(done.headers.get("content-language").unwrap(), "en");
        assert!(
            done.body
                .starts_with("<!DOCTYPE html><html lang=\"en\"><head>"),
            "{}",
            done.body
        );
    }
}

#[tokio::test]
async fn an_ended_page_keeps_only_its_marker_and_says_how_it_ended() {
    let s = server(true, Duration::from_mins(10));
    // Answered and taken: 410 for whoever asks, and the store holds no record any more.
    let (taken, path, csrf) = opened(&s, "alice").await;
    send(&s.router, post(&path, Some("alice"), &answer(&csrf, KEY))).await;
    assert!(
        s.pages
            .take::<Connect>(&taken, Some("alice"))
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(
        s.store.read(&taken).await.unwrap(),
        Some(Stored::Ended(Ended::Taken))
    );
    for user in [Some("alice"), Some("mallory"), None] {
        let reply = send(&s.router, get(&path, user)).await;
        assert_eq!(reply.status, StatusCode::GONE, "{user:?}");
        assert!(reply.body.contains("answered already"), "{}", reply.body);
        assert_secure(&reply);
    }
    let error = s
        .pages
        .take::<Connect>(&taken, Some("alice"))
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::Taken), "{error}");

    // Closed by its call: the person is not told an answer is saved, and an answer is refused.
    let (closed, path, csrf) = opened(&s, "alice").await;
    // Only its own user's call closes it.
    let error = s
        .pages
        .close::<Connect>(&closed, Some("mallory"))
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::NotYours), "{error}");
    s.pages
        .close::<Connect>(&closed, Some("alice"))
        .await
        .unwrap();
    let reply = send(&s.router, get(&path, Some("alice"))).await;
    assert_eq!(reply.status, StatusCode::GONE);
    assert!(
        reply.body.contains("This page was closed"),
        "{}",
        reply.body
    );
    let reply = send(&s.router, post(&path, Some("alice"), &answer(&csrf, KEY))).await;
    assert_eq!(reply.status, StatusCode::GONE);
    assert!(!reply.body.contains("saved"), "{}", reply.body);
    let error = s
        .pages
        .take::<Connect>(&closed, Some("alice"))
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::Closed), "{error}");
    assert!(
        error.to_string().starts_with("the page was closed"),
        "{error}"
    );

    // Answered, then closed before its answer was taken: the answer is dropped.
    let (dropped, path, csrf) = opened(&s, "alice").await;
    send(&s.router, post(&path, Some("alice"), &answer(&csrf, KEY))).await;
    s.pages
        .close::<Connect>(&dropped, Some("alice"))
        .await
        .unwrap();
    assert_eq!(
        s.store.read(&dropped).await.unwrap(),
        Some(Stored::Ended(Ended::Closed))
    );
    assert_eq!(
        s.store.take(&dropped).await.unwrap(),
        Taken::Ended(Ended::Closed)
    );
}

#[tokio::test]
async fn the_page_and_the_call_read_its_expiry_by_one_rule() {
    // A page whose time is up the second it is made: the page refuses it, and the call taking
    // its answer says it expired (not that it still waits), and closes it.
    let s = server(true, Duration::ZERO);
    let (id, _) = s
        .pages
        .create::<Connect>(Some("alice"), None)
        .await
        .unwrap();
    let reply = send(&s.router, get(&format!("/pages/{id}"), Some("alice"))).await;
    assert_eq!(reply.status, StatusCode::GONE);
    let error = s
        .pages
        .take::<Connect>(&id, Some("alice"))
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::Expired), "{error}");
    assert_eq!(
        s.store.read(&id).await.unwrap(),
        Some(Stored::Ended(Ended::Closed))
    );
}

#[tokio::test]
async fn one_user_over_their_share_never_refuses_another() {
    let store = MemoryStore::new(10_000);
    let pages = Pages::new(
        store,
        &StateKeys::new([7; 32]),
        "https://example.test/pages",
        Session { sign_in: false },
    )
    .form::<Connect>()
    .share(4);
    let router = Router::new().nest("/pages", pages.router());
    let (bobs, _) = pages.create::<Connect>(Some("bob"), None).await.unwrap();
    let mut alices = Vec::new();
    for _ in 0..20 {
        alices.push(
            pages
                .create::<Connect>(Some("mallory"), None)
                .await
                .unwrap()
                .0,
        );
    }
    // Mallory's oldest pages were closed to make room for her newer ones; Bob's waits.
    let error = pages
        .take::<Connect>(&alices[0], Some("mallory"))
        .await
        .unwrap_err();
    assert!(matches!(error, PageError::Closed), "{error}");
    assert!(
        pages
            .take::<Connect>(&alices[19], Some("mallory"))
            .await
            .unwrap()
            .is_none()
    );
    let reply = send(&router, get(&format!("/pages/{bobs}"), Some("bob"))).await;
    assert_eq!(reply.status, StatusCode::OK);
    // Her four open pages answered, and not taken: her next page is refused, Bob's is not.
    for id in &alices[16..] {
        let path = format!("/pages/{id}");
        let csrf = csrf_of(&send(&router, get(&path, Some("mallory"))).await.body);
        let reply = send(&router, post(&path, Some("mallory"), &answer(&csrf, KEY))).await;
        assert_eq!(reply.status, StatusCode::OK);
    }
    let error = pages
        .create::<Connect>(Some("mallory"), None)
        .await
        .unwrap_err();
    assert!(
        matches!(error, PageError::Store(StoreError::Share { share: 4 })),
        "{error}"
    );
    pages.create::<Connect>(Some("bob"), None).await.unwrap();
}
