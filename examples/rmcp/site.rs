//! What `connect_server` and `router_server` share: the site around their MCP endpoint, and its
//! stand-in for the application's own sign-in, and nothing more (never deploy it: anyone can sign
//! in as anyone).
//!
//! - The site: `--port P [--public-url URL]`; MCP at `/mcp`, the pages at `/pages/{id}`, the
//!   sign-in at `/login`; the first line of the output says `serving http://ADDRESS/mcp`.
//! - MCP requests carry `Authorization: Bearer dev-NAME` (anything else gets 401), and the
//!   browser signs in at `/login` by posting `token=dev-NAME` through its form, which sets the
//!   cookie `session=dev-NAME` (`HttpOnly`, `SameSite=Lax`, and `Secure` when `--public-url` is
//!   `https`). A page is shown only to the NAME whose call made it, and says "Signed in as NAME"
//!   (`Identity::name`).
//! - What of the sign-in a real one must keep too. It goes back only to a path of this site
//!   (`return_to`: one leading `/`, printable ASCII, no backslash, nothing a browser reads as
//!   another host, such as `//host`, `/\host` or `/<tab>/host`; anything else goes back to `/`).
//!   A sign-in posted from another site is refused with 403 (login CSRF: the person would be
//!   signed in as the attacker and type their key into the attacker's page): the `Origin` must be
//!   this server's own (that of `--public-url`, or the local address), or, without one,
//!   `Sec-Fetch-Site` must say `same-origin`; and the form's hidden `csrf` field must equal the
//!   `login_csrf` cookie (`HttpOnly`, `SameSite=Strict`, `Path=/login`) that `GET /login` set, a
//!   random token compared in constant time. Every answer of `/login` is `no-store`, with a
//!   script-free CSP that forbids framing.
use std::collections::HashMap;
use std::error::Error;
use std::sync::Arc;

use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Form, Router};
use mcp_elicit::page::serve::{Identity, Parts};
use subtle::ConstantTimeEq;
use tokio::net::TcpListener;

/// The site: where it listens, and what its sign-in knows of it.
pub struct Site {
    listener: TcpListener,
    public: String,
    sign_in: SignIn,
}

impl Site {
    /// Listens on `--port` (8000 by default) of 127.0.0.1, public at `--public-url` (by default
    /// the local address).
    pub async fn bind(args: &[String]) -> Result<Site, Box<dyn Error>> {
        let port: u16 = flag(args, "--port").as_deref().unwrap_or("8000").parse()?;
        let listener = TcpListener::bind(("127.0.0.1", port)).await?;
        let address = listener.local_addr()?;
        let public = flag(args, "--public-url").unwrap_or(format!("http://{address}"));
        let sign_in = SignIn::new(&public)?;
        Ok(Site {
            listener,
            public,
            sign_in,
        })
    }

    /// Where the pages are: `PUBLIC-URL/pages`.
    pub fn pages_url(&self) -> String {
        format!("{}/pages", self.public_url())
    }

    /// The public URL, without a trailing `/`.
    pub fn public_url(&self) -> &str {
        self.public.trim_end_matches('/')
    }

    /// Serves `mcp` (a router with the MCP service at `/mcp`) behind the stand-in's bearer token,
    /// the `pages` at `/pages`, the sign-in at `/login` and `more` routes for the browser (such as
    /// an account's connect pages and callback), until the process ends.
    pub async fn serve(
        self,
        mcp: Router,
        pages: Router,
        more: Router,
    ) -> Result<(), Box<dyn Error>> {
        let mcp = mcp.layer(middleware::from_fn(require_bearer));
        let sign_in = Router::new()
            .route("/login", get(login_form).post(login))
            .with_state(self.sign_in)
            .layer(middleware::map_response(strict));
        let router = mcp.nest("/pages", pages).merge(sign_in).merge(more);
        println!("serving http://{}/mcp", self.listener.local_addr()?);
        axum::serve(self.listener, router).await?;
        Ok(())
    }
}

/// The server's log, on its error stream, as `RUST_LOG` says.
pub fn log() {
    let filter = tracing_subscriber::EnvFilter::from_default_env();
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

/// The user an MCP request was made by: the NAME of its `Authorization: Bearer dev-NAME` (rmcp
/// puts the request's `Parts` in the context's extensions).
pub fn user(request: &Parts) -> Option<&str> {
    bearer(&request.headers)
}

/// The stand-in sign-in's subject of a bearer token or cookie value: `dev-NAME` is NAME.
fn subject_of(token: &str) -> Option<&str> {
    token.strip_prefix("dev-").filter(|name| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// The subject of an MCP request's bearer token.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    subject_of(value.strip_prefix("Bearer ")?)
}

/// The value of the cookie `name` in a browser request (the first, if it came twice).
fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(name)?.strip_prefix('='))
}

/// The browser's sign-in: the cookie `/login` sets.
pub struct Session;

impl Identity for Session {
    fn subject(&self, request: &Parts) -> Option<String> {
        subject_of(cookie(&request.headers, "session")?).map(str::to_owned)
    }

    fn sign_in(&self, return_to: &str) -> Option<String> {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("return_to", return_to)
            .finish();
        Some(format!("/login?{query}"))
    }

    /// The NAME of `dev-NAME`, shown on the page: "Signed in as NAME".
    fn name(&self, request: &Parts) -> Option<String> {
        self.subject(request)
    }
}

/// MCP requests without the stand-in's bearer token get 401.
async fn require_bearer(request: Request, next: Next) -> Response {
    if bearer(request.headers()).is_none() {
        let challenge = [(header::WWW_AUTHENTICATE, "Bearer")];
        return (
            StatusCode::UNAUTHORIZED,
            challenge,
            "sign in: Bearer dev-NAME",
        )
            .into_response();
    }
    next.run(request).await
}

/// Whether `return_to` is a path of this site, and nothing a browser could read as another one.
///
/// One leading `/`, then printable ASCII only: no control character (a browser drops tab, CR and
/// LF from a URL, so `/<tab>/evil.example` is `//evil.example`), no space, no DEL, nothing
/// outside ASCII (a real path is percent-encoded). No backslash anywhere (a browser reads `\` as
/// `/`), and no second `/` at the start (`//evil.example` is another host). Percent-encoded,
/// the same refused where a decoder could be fooled: any `%00`-`%1F`, `%7F` or `%5C`, and `%2F`
/// right after the leading `/` (browsers leave `%2F` as it is in a path, but a proxy or a later
/// decoding might not).
fn is_local_path(return_to: &str) -> bool {
    let bytes = return_to.as_bytes();
    let hostile_escape = |at: usize| {
        let hex = |i: usize| bytes.get(i).map(u8::to_ascii_lowercase);
        match (hex(at + 1), hex(at + 2)) {
            (Some(b'0' | b'1'), _) | (Some(b'7'), Some(b'f')) | (Some(b'5'), Some(b'c')) => true,
            (Some(b'2'), Some(b'f')) => at == 1,
            _ => false,
        }
    };
    bytes.first() == Some(&b'/')
        && !matches!(bytes.get(1), Some(b'/' | b'\\'))
        && bytes.iter().all(|&b| b.is_ascii_graphic() && b != b'\\')
        && !bytes
            .iter()
            .enumerate()
            .any(|(at, &b)| b == b'%' && hostile_escape(at))
}

/// Where a sign-in goes back to: `return_to` if it is a path of this site, else `/`.
fn local_path(return_to: Option<&String>) -> &str {
    match return_to {
        Some(path) if is_local_path(path) => path,
        _ => "/",
    }
}

/// What the sign-in knows of this server.
#[derive(Clone)]
struct SignIn {
    /// This server's own origin (`https://mcp.example.com`): a sign-in must be posted from it.
    origin: Arc<str>,
    /// Whether the cookies are `Secure` (an `https` origin).
    secure: bool,
}

impl SignIn {
    /// The sign-in of the server at `public` (its public URL).
    fn new(public: &str) -> Result<SignIn, Box<dyn std::error::Error>> {
        let url = reqwest::Url::parse(public)?;
        let origin = url.origin();
        if !origin.is_tuple() {
            return Err(format!("{public} has no origin of its own").into());
        }
        Ok(SignIn {
            origin: origin.ascii_serialization().into(),
            secure: url.scheme() == "https",
        })
    }

    /// The attributes every cookie of the sign-in has.
    fn cookie(&self, pair: &str, same_site: &str, path: &str) -> String {
        let secure = if self.secure { "; Secure" } else { "" };
        format!("{pair}; HttpOnly; SameSite={same_site}; Path={path}{secure}")
    }

    /// Whether a request comes from this site: its `Origin` is ours, or, a browser having sent
    /// none, its `Sec-Fetch-Site` says `same-origin`. Anything else is refused (`Origin: null`,
    /// a client that sends neither).
    fn same_origin(&self, headers: &HeaderMap) -> bool {
        match headers.get(header::ORIGIN) {
            Some(origin) => origin.as_bytes() == self.origin.as_bytes(),
            None => headers
                .get("sec-fetch-site")
                .is_some_and(|site| site.as_bytes() == b"same-origin"),
        }
    }
}

/// The sign-in form's token cookie, which its hidden `csrf` field repeats.
const LOGIN_CSRF: &str = "login_csrf";

/// A new form token: 32 random bytes, in hex.
fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let hex = bytes
        .iter()
        .flat_map(|&b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
    Ok(hex.map(char::from).collect())
}

/// Whether `token` is one `new_token` could have made (a browser's cookie can be anything).
fn is_token(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The form, with the browser's token if it has one already (another tab's sign-in keeps
/// working), or a new one in a new cookie.
async fn login_form(
    State(sign_in): State<SignIn>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let return_to = local_path(query.get("return_to"));
    if let Some(token) = cookie(&headers, LOGIN_CSRF).filter(|t| is_token(t)) {
        return login_page(return_to, token, None).into_response();
    }
    let Ok(token) = new_token() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "no randomness: try again").into_response();
    };
    let set = sign_in.cookie(&format!("{LOGIN_CSRF}={token}"), "Strict", "/login");
    let page = login_page(return_to, &token, None);
    ([(header::SET_COOKIE, set)], page).into_response()
}

fn login_page(return_to: &str, token: &str, problem: Option<&str>) -> Html<String> {
    Html(
        maud::html! {
            (maud::DOCTYPE)
            html lang="en" {
                head { meta charset="utf-8"; title { "Sign in" } }
                body {
                    h1 { "Sign in (development stand-in)" }
                    @if let Some(problem) = problem { p role="alert" { (problem) } }
                    form method="post" action="/login" {
                        input type="hidden" name="csrf" value=(token);
                        input type="hidden" name="return_to" value=(return_to);
                        label for="token" { "Token (dev-NAME)" }
                        input id="token" name="token" type="password" required;
                        button type="submit" { "Sign in" }
                    }
                }
            }
        }
        .into_string(),
    )
}

/// A sign-in refused as not coming from this site's own form: 403, and no cookie.
fn refused() -> Response {
    let page = maud::html! {
        (maud::DOCTYPE)
        html lang="en" {
            head { meta charset="utf-8"; title { "Sign-in refused" } }
            body {
                h1 { "Sign-in refused" }
                p { "This sign-in did not come from this site's own form. "
                    a href="/login" { "Sign in here" } "." }
            }
        }
    };
    (StatusCode::FORBIDDEN, Html(page.into_string())).into_response()
}

async fn login(
    State(sign_in): State<SignIn>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    // Login CSRF: posted from this site, with the token of a form this server gave this browser.
    let expected = cookie(&headers, LOGIN_CSRF).unwrap_or_default();
    let posted = form.get("csrf").map_or("", String::as_str);
    let tokens_match: bool = expected.as_bytes().ct_eq(posted.as_bytes()).into();
    if !sign_in.same_origin(&headers) || !is_token(expected) || !tokens_match {
        return refused();
    }
    let return_to = local_path(form.get("return_to"));
    let Some(token) = form.get("token").filter(|t| subject_of(t).is_some()) else {
        let page = login_page(return_to, posted, Some("That is not a dev-NAME token."));
        return (StatusCode::UNAUTHORIZED, page).into_response();
    };
    let session = sign_in.cookie(&format!("session={token}"), "Lax", "/");
    ([(header::SET_COOKIE, session)], Redirect::to(return_to)).into_response()
}

/// The sign-in's responses, as the pages': kept by no cache, no script, no framing.
async fn strict(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let policy = "default-src 'none'; form-action 'self'; frame-ancestors 'none'";
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    response
}

/// `--name value` from the command line.
pub fn flag(args: &[String], name: &str) -> Option<String> {
    let at = args.iter().position(|a| a == name)?;
    args.get(at + 1).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_to_is_a_path_of_this_site_or_nothing() {
        let hostile = [
            "",
            "evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            "//evil.example",
            "///evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "/pages/\\..\\..\\evil",
            "/\t/evil.example",
            "/\r\n/evil.example",
            "/\n/evil.example",
            "\t//evil.example",
            " //evil.example",
            "/ /evil.example",
            "/\u{0}/evil.example",
            "/\u{1f}/evil.example",
            "/\u{7f}/evil.example",
            "/\u{3000}/evil.example",
            "/pages/é",
            "/%09/evil.example",
            "/%0d%0a/evil.example",
            "/%0A/evil.example",
            "/%00",
            "/%1F/evil.example",
            "/%7f/evil.example",
            "/%5c/evil.example",
            "/%5Cevil.example",
            "/pages/%5c",
            "/%2f/evil.example",
            "/%2F%2Fevil.example",
        ];
        for value in hostile {
            assert!(!is_local_path(value), "{value:?} was taken as a local path");
            assert_eq!(local_path(Some(&value.to_owned())), "/", "{value:?}");
        }
        assert_eq!(local_path(None), "/");

        let local = [
            "/",
            "/pages/AAAAAAAAAAAAAAAAAAAAAA",
            "/pages/a-b_c?x=1&y=%2F#top",
            "/a/%2f/b",
            "/a%20b",
            "/a/b//c",
        ];
        for value in local {
            assert!(is_local_path(value), "{value:?} was refused");
            assert_eq!(local_path(Some(&value.to_owned())), value);
        }
    }

    #[test]
    fn the_origin_is_the_public_urls() {
        let sign_in = SignIn::new("https://MCP.example.com:443/weather/").unwrap();
        assert_eq!(&*sign_in.origin, "https://mcp.example.com");
        assert!(sign_in.secure);
        let local = SignIn::new("http://127.0.0.1:8000").unwrap();
        assert_eq!(&*local.origin, "http://127.0.0.1:8000");
        assert!(!local.secure);
        assert!(SignIn::new("data:text/html,x").is_err());

        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for &(name, value) in pairs {
                map.append(name, HeaderValue::from_static(value));
            }
            map
        };
        assert!(local.same_origin(&headers(&[("origin", "http://127.0.0.1:8000")])));
        assert!(local.same_origin(&headers(&[("sec-fetch-site", "same-origin")])));
        for refused in [
            &[][..],
            &[("origin", "https://evil.example")],
            &[("origin", "null")],
            &[("origin", "http://127.0.0.1:8000.evil.example")],
            &[("origin", "http://127.0.0.1:8001")],
            &[("sec-fetch-site", "same-site")],
            &[("sec-fetch-site", "cross-site")],
            &[("sec-fetch-site", "none")],
            &[
                ("origin", "https://evil.example"),
                ("sec-fetch-site", "same-origin"),
            ],
        ] {
            assert!(!local.same_origin(&headers(refused)), "{refused:?}");
        }
    }

    #[test]
    fn a_token_is_random_hex() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert!(is_token(&a) && is_token(&b));
        assert_ne!(a, b);
        assert!(!is_token("") && !is_token(&"g".repeat(64)) && !is_token(&a[1..]));
    }

    #[test]
    fn the_session_names_who_is_signed_in() {
        let parts = |cookie: &'static str| {
            let request = axum::http::Request::builder()
                .header(header::COOKIE, cookie)
                .body(())
                .unwrap();
            request.into_parts().0
        };
        let signed_in = parts("login_csrf=00; session=dev-ada");
        assert_eq!(Session.name(&signed_in).as_deref(), Some("ada"));
        assert_eq!(Session.subject(&signed_in).as_deref(), Some("ada"));
        for cookie in ["session=ada", "session=dev-", "xsession=dev-eve", "other=1"] {
            assert_eq!(Session.name(&parts(cookie)), None, "{cookie}");
        }
    }
}
