//! [`Browser`]: the person's browser, in process: your routes called as a signed-in browser calls
//! them, each page opened, filled in and submitted as a person does.

use std::fmt::Write;
use std::sync::Mutex;

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use tower::ServiceExt;

use super::error::TestError;
use super::person::Step;
use super::run::{PageEnd, Run, lock};
use super::shown::{Shown, ShownPage};
use crate::lang::Preference;

/// The most of a page that is read.
const MAX_PAGE: usize = 1 << 20;

/// The person's browser: your routes (the pages' router nested where your server serves it, and
/// anything else of your site's) called in process, each request carrying the headers that sign
/// the person in.
///
/// ```
/// # #[cfg(feature = "page")] {
/// use mcp_elicit::page::serve::{Identity, Pages, Parts};
/// use mcp_elicit::page::store::MemoryStore;
/// use mcp_elicit::rounds::StateKeys;
/// use mcp_elicit::testing::Browser;
///
/// // The application's sign-in: here, the session cookie names the user.
/// struct Cookie;
/// impl Identity for Cookie {
///     fn subject(&self, request: &Parts) -> Option<String> {
///         let cookie = request.headers.get("cookie")?.to_str().ok()?;
///         cookie.strip_prefix("session=").map(str::to_owned)
///     }
/// }
///
/// let keys = StateKeys::random().unwrap();
/// let pages = Pages::new(MemoryStore::new(100), &keys, "/pages", Cookie);
/// let browser = Browser::default()
///     .nest("/pages", pages.router())
///     .header("cookie", "session=ada");
/// # }
/// ```
#[derive(Clone, Default)]
pub struct Browser {
    router: Router,
    headers: Vec<(String, String)>,
}

impl Browser {
    /// A browser of `router`, the routes as your server serves them: a page's URL is looked up
    /// by its path (`https://example.com/pages/ID` is `/pages/ID`).
    pub fn new(router: Router) -> Self {
        Browser {
            router,
            headers: Vec::new(),
        }
    }

    /// The same browser, `router` served under `path` too: `nest("/pages", pages.router())` for
    /// pages whose URLs are under `/pages` (axum's `Router::nest`).
    #[must_use]
    pub fn nest(mut self, path: &str, router: Router) -> Self {
        self.router = self.router.nest(path, router);
        self
    }

    /// Every request carries the header `name: value` (a session cookie, a bearer token: how
    /// your site's `Identity` knows the person).
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// The person opens the page at `url` and takes `step` on it, and more steps from `run`'s
    /// script while it shows them problems.
    pub(super) async fn fill(
        &self,
        url: &str,
        mut step: Step,
        run: &Mutex<Run>,
        preference: Option<&Preference>,
    ) -> Result<PageEnd, TestError> {
        let failed = |why: String| TestError::Page {
            url: url.to_owned(),
            why,
        };
        let path = path_of(url);
        let (status, mut html) = self.send(path, None, preference).await.map_err(failed)?;
        if status != 200 {
            return Err(failed(format!(
                "it opened with the status {status}, not 200: {}",
                excerpt(&html)
            )));
        }
        lock(run).shown.push(Shown::Page(page(url, status, &html)));
        loop {
            let action = match step {
                Step::Cancel => return Ok(PageEnd::Closed),
                Step::Respond(_) => {
                    return Err(TestError::Unfillable {
                        shown: format!("the page {url}"),
                        why: "a page takes an answer, a decline or a cancel (Person::respond is the client's answer to a request, not a person's on a page)".to_owned(),
                    });
                }
                Step::Decline => "action=decline".to_owned(),
                Step::Answer(values) => {
                    fields(&html, &values).map_err(|why| TestError::Unfillable {
                        shown: format!("the page {url}"),
                        why,
                    })?
                }
            };
            let csrf = csrf_of(&html)
                .ok_or_else(|| failed(format!("it has no form to submit: {}", excerpt(&html))))?;
            let body = format!("csrf={}&{action}", encode(csrf));
            let (status, shown) = self
                .send(path, Some(body), preference)
                .await
                .map_err(failed)?;
            match status {
                200 => return Ok(PageEnd::Answered),
                422 => {
                    html = shown;
                    let again = page(url, status, &html);
                    let mut run = lock(run);
                    run.shown.push(Shown::Page(again));
                    step = run.steps.pop_front().ok_or_else(|| TestError::OutOfSteps {
                        shown: format!("the page {url} again, with problems"),
                        fields: Vec::new(),
                    })?;
                }
                _ => {
                    return Err(failed(format!(
                        "the submission was answered with the status {status}: {}",
                        excerpt(&shown)
                    )));
                }
            }
        }
    }

    /// GET `path` (or POST `body` to it): the status and the page.
    async fn send(
        &self,
        path: &str,
        body: Option<String>,
        preference: Option<&Preference>,
    ) -> Result<(u16, String), String> {
        let mut request = match &body {
            Some(_) => {
                Request::post(path).header("content-type", "application/x-www-form-urlencoded")
            }
            None => Request::get(path),
        };
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        if let Some(preference) = preference.filter(|p| !p.is_empty()) {
            request = request.header("accept-language", preference.to_header());
        }
        let request = request
            .body(Body::from(body.unwrap_or_default()))
            .map_err(|error| format!("the request could not be made: {error}"))?;
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .map_err(|error| format!("the routes failed: {error}"))?;
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), MAX_PAGE)
            .await
            .map_err(|error| format!("the page could not be read: {error}"))?;
        Ok((status, String::from_utf8_lossy(&body).into_owned()))
    }
}

/// A page as it was shown.
fn page(url: &str, status: u16, html: &str) -> ShownPage {
    ShownPage {
        url: url.to_owned(),
        status,
        language: attribute(html, "<html lang=\"").map(str::to_owned),
        html: html.to_owned(),
    }
}

/// The path of `url` (and its query): what the routes are called with.
fn path_of(url: &str) -> &str {
    let Some(rest) = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
    else {
        return url;
    };
    rest.find('/').map_or("/", |at| &rest[at..])
}

/// The value of the attribute that `opening` (`name="` and what precedes it) starts.
fn attribute<'a>(html: &'a str, opening: &str) -> Option<&'a str> {
    let at = html.find(opening)? + opening.len();
    let end = html[at..].find('"')?;
    Some(&html[at..at + end])
}

/// The page's CSRF token.
fn csrf_of(html: &str) -> Option<&str> {
    let at = html.find(r#"name="csrf""#)?;
    attribute(&html[at..], "value=\"")
}

/// The page's fields filled in with `values`, and its accept button pressed: each field must be
/// on the page.
fn fields(html: &str, values: &serde_json::Value) -> Result<String, String> {
    use serde_json::Value;
    let Value::Object(values) = values else {
        return Err(format!(
            "an answer is a JSON object of its fields, not {values}"
        ));
    };
    let mut body = String::new();
    for (name, value) in values {
        let field = format!("{}{name}", crate::page::render::FIELD_PREFIX);
        if !html.contains(&format!("name=\"{field}\"")) {
            return Err(format!("it has no field {name}"));
        }
        let typed: Vec<String> = match value {
            Value::Null | Value::Bool(false) => Vec::new(),
            Value::Bool(true) => vec!["true".to_owned()],
            Value::String(text) => vec![text.clone()],
            Value::Array(items) => items.iter().map(typed_text).collect(),
            other => vec![other.to_string()],
        };
        for text in typed {
            let _ = write!(body, "{}={}&", encode(&field), encode(&text));
        }
    }
    body.push_str("action=accept");
    Ok(body)
}

/// What a person types for `value`.
fn typed_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// The start of `html`, for a message.
fn excerpt(html: &str) -> &str {
    let end = html
        .char_indices()
        .nth(300)
        .map_or(html.len(), |(at, _)| at);
    &html[..end]
}
