//! An OAuth provider in process, for the accounts' tests: plain OAuth (RFC 8414 metadata, no
//! OpenID Connect), its codes exchanged once, its refresh tokens rotated (an old one refused, as
//! reuse), revocation (RFC 7009, a refresh token's revocation ending its grant), and faults on
//! demand (a refresh or a revocation answered with an error, or slowly). It keeps which tokens are
//! live, so that a test can count the tokens alive at the provider that nobody holds. And the
//! browser's side of a connection, through the accounts' router.
#![allow(dead_code, reason = "each test uses its part")]

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use mcp_elicit::page::account::{Accounts, Provider};
use mcp_elicit::page::seal::PageId;
use mcp_elicit::page::store::{KeptStore, PageStore};
use secrecy::SecretString;
use serde_json::json;
use tower::ServiceExt;

/// A fault of an endpoint: the next answers are this status and OAuth `error`.
#[derive(Clone, Debug)]
pub struct Fault {
    pub status: u16,
    pub error: &'static str,
}

#[derive(Default)]
struct State {
    /// Every request: `code`, `refresh`, `refused`, `revoke <hint>`, `faulted <endpoint>`.
    log: Vec<String>,
    /// The tokens the provider would accept now (access and refresh), by grant.
    grants: Vec<Grant>,
    issued: u32,
    refresh_faults: VecDeque<Fault>,
    revoke_faults: VecDeque<Fault>,
    /// How long each refresh takes.
    refresh_delay: Duration,
    /// How long each code exchange takes.
    code_delay: Duration,
    /// How long an access token lives.
    access_ttl: u64,
    /// `refresh_token_expires_in`, if the provider says.
    refresh_ttl: Option<u64>,
}

struct Grant {
    /// Its access tokens, and when each expires.
    access: BTreeMap<String, Instant>,
    refresh: Option<String>,
}

/// The provider: its issuer, and what it was asked.
#[derive(Clone)]
pub struct OAuth {
    pub issuer: String,
    state: Arc<Mutex<State>>,
}

fn field<'a>(body: &'a str, name: &str) -> Option<&'a str> {
    body.split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
}

fn error(fault: &Fault) -> axum::response::Response {
    (
        StatusCode::from_u16(fault.status).unwrap(),
        [("content-type", "application/json")],
        json!({"error": fault.error, "error_description": "injected fault"}).to_string(),
    )
        .into_response()
}

impl OAuth {
    /// A provider on a free port of 127.0.0.1 whose access tokens live `access_ttl` seconds. Any
    /// code is exchanged once (a code is `good-N`: the test names its codes).
    pub async fn start(access_ttl: u64) -> OAuth {
        OAuth::start_naming(access_ttl, None).await
    }

    /// As [`OAuth::start`], its metadata naming `issuer` as its issuer rather than its own
    /// address (a misconfigured or hostile one).
    pub async fn start_naming(access_ttl: u64, issuer: Option<&str>) -> OAuth {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let named = issuer.map_or_else(|| address.clone(), str::to_owned);
        let issuer = address;
        let state = Arc::new(Mutex::new(State {
            access_ttl,
            ..State::default()
        }));
        let metadata = json!({
            "issuer": named,
            "authorization_endpoint": format!("{issuer}/authorize"),
            "token_endpoint": format!("{issuer}/token"),
            "revocation_endpoint": format!("{issuer}/revoke"),
            "code_challenge_methods_supported": ["S256"],
        })
        .to_string();
        let (on_token, on_revoke) = (Arc::clone(&state), Arc::clone(&state));
        let used_codes: Arc<Mutex<BTreeSet<String>>> = Arc::default();
        let app = Router::new()
            .route(
                "/.well-known/oauth-authorization-server",
                get(move || async move { ([("content-type", "application/json")], metadata) }),
            )
            .route(
                "/token",
                post(move |body: String| {
                    let state = Arc::clone(&on_token);
                    let used_codes = Arc::clone(&used_codes);
                    async move { token(&state, &used_codes, &body).await }
                }),
            )
            .route(
                "/revoke",
                post(move |body: String| {
                    let state = Arc::clone(&on_revoke);
                    async move {
                        let mut state = state.lock().unwrap();
                        if let Some(fault) = state.revoke_faults.pop_front() {
                            state.log.push("faulted revoke".to_owned());
                            return error(&fault);
                        }
                        let hint = field(&body, "token_type_hint").unwrap_or("none").to_owned();
                        let token = field(&body, "token").unwrap_or_default().to_owned();
                        state.log.push(format!("revoke {hint}"));
                        // A refresh token ends its grant; an access token only itself.
                        state.grants.retain_mut(|grant| {
                            grant.access.remove(&token);
                            grant.refresh.as_deref() != Some(token.as_str())
                        });
                        StatusCode::OK.into_response()
                    }
                }),
            );
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        OAuth { issuer, state }
    }

    /// The access tokens it issues from now on live `seconds` (so that a test's refreshed token
    /// does not expire again while a busy machine runs the test's other callers).
    pub fn access_ttl(&self, seconds: u64) {
        self.state.lock().unwrap().access_ttl = seconds;
    }

    /// Its refresh tokens live `seconds`, and it says so (`refresh_token_expires_in`).
    pub fn refresh_ttl(&self, seconds: u64) {
        self.state.lock().unwrap().refresh_ttl = Some(seconds);
    }

    /// Each refresh takes `delay`.
    pub fn refresh_delay(&self, delay: Duration) {
        self.state.lock().unwrap().refresh_delay = delay;
    }

    /// Each code exchange takes `delay`.
    pub fn code_delay(&self, delay: Duration) {
        self.state.lock().unwrap().code_delay = delay;
    }

    /// The next `times` refreshes are answered `fault`, and consume nothing.
    pub fn fail_refresh(&self, fault: Fault, times: usize) {
        let mut state = self.state.lock().unwrap();
        state
            .refresh_faults
            .extend((0..times).map(|_| fault.clone()));
    }

    /// The next `times` revocations are answered `fault`, and revoke nothing.
    pub fn fail_revocation(&self, fault: Fault, times: usize) {
        let mut state = self.state.lock().unwrap();
        state
            .revoke_faults
            .extend((0..times).map(|_| fault.clone()));
    }

    /// Every grant ends (the user removed the application at the provider).
    pub fn revoke_all(&self) {
        self.state.lock().unwrap().grants.clear();
    }

    /// Every refresh token ends, and the access tokens live on until they expire (as at a
    /// provider that ends a grant's refresh tokens only).
    pub fn forget_refresh_tokens(&self) {
        for grant in &mut self.state.lock().unwrap().grants {
            grant.refresh = None;
        }
    }

    /// What it was asked, in order.
    pub fn log(&self) -> Vec<String> {
        self.state.lock().unwrap().log.clone()
    }

    /// How many of its requests were `line`.
    pub fn count(&self, line: &str) -> usize {
        self.log().iter().filter(|l| *l == line).count()
    }

    /// The tokens it would accept now (access tokens not expired, and refresh tokens, of live
    /// grants).
    pub fn live(&self) -> BTreeSet<String> {
        let state = self.state.lock().unwrap();
        let now = Instant::now();
        state
            .grants
            .iter()
            .flat_map(|grant| {
                grant
                    .access
                    .iter()
                    .filter(|(_, expires)| **expires > now)
                    .map(|(token, _)| token.clone())
                    .chain(grant.refresh.clone())
            })
            .collect()
    }

    /// Whether it accepts `token` (as an API would).
    pub fn accepts(&self, token: &str) -> bool {
        self.live().contains(token)
    }

    /// The provider as the accounts' client of it.
    pub async fn provider(&self) -> Provider {
        Provider::discover_oauth(
            "plain",
            &self.issuer,
            "client",
            SecretString::from("secret"),
        )
        .await
        .unwrap()
        .scopes(&["repo"])
        .timeout(Duration::from_secs(2))
        .unwrap()
    }
}

async fn token(
    state: &Mutex<State>,
    used_codes: &Mutex<BTreeSet<String>>,
    body: &str,
) -> axum::response::Response {
    let refused = || {
        (
            StatusCode::BAD_REQUEST,
            [("content-type", "application/json")],
            r#"{"error":"invalid_grant"}"#,
        )
            .into_response()
    };
    let issue = |state: &mut State, grant: Option<usize>| {
        state.issued += 1;
        let n = state.issued;
        let (access, refresh) = (format!("at-{n}"), format!("rt-{n}"));
        let expires = Instant::now() + Duration::from_secs(state.access_ttl);
        match grant {
            Some(at) => {
                let grant = &mut state.grants[at];
                grant.access.insert(access.clone(), expires);
                grant.refresh = Some(refresh.clone());
            }
            None => state.grants.push(Grant {
                access: BTreeMap::from([(access.clone(), expires)]),
                refresh: Some(refresh.clone()),
            }),
        }
        let mut body = json!({
            "access_token": access,
            "refresh_token": refresh,
            "token_type": "Bearer",
            "expires_in": state.access_ttl,
        });
        if let Some(ttl) = state.refresh_ttl {
            body["refresh_token_expires_in"] = json!(ttl);
        }
        ([("content-type", "application/json")], body.to_string()).into_response()
    };
    match field(body, "grant_type") {
        Some("authorization_code") => {
            let code = field(body, "code").unwrap_or_default().to_owned();
            if !code.starts_with("good") || !used_codes.lock().unwrap().insert(code) {
                return refused();
            }
            let delay = state.lock().unwrap().code_delay;
            tokio::time::sleep(delay).await;
            let mut state = state.lock().unwrap();
            state.log.push("code".to_owned());
            issue(&mut state, None)
        }
        Some("refresh_token") => {
            let delay = {
                let mut state = state.lock().unwrap();
                if let Some(fault) = state.refresh_faults.pop_front() {
                    state.log.push("faulted refresh".to_owned());
                    return error(&fault);
                }
                state.refresh_delay
            };
            tokio::time::sleep(delay).await;
            let mut state = state.lock().unwrap();
            let sent = field(body, "refresh_token").unwrap_or_default();
            let at = state
                .grants
                .iter()
                .position(|grant| grant.refresh.as_deref() == Some(sent));
            if let Some(at) = at {
                state.log.push("refresh".to_owned());
                issue(&mut state, Some(at))
            } else {
                // Reuse of a rotated token, or of one revoked.
                state.log.push("refused".to_owned());
                refused()
            }
        }
        _ => refused(),
    }
}

/// A browser request to a router: the status, the headers and the body.
pub async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    cookie: &str,
    body: &str,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("cookie", cookie)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body.to_owned()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    (
        status,
        headers,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

/// A connection of `user`'s through `accounts` (signed in with `session=USER`), up to the
/// provider's redirect back: the connect page made, shown and its button pressed. The page's
/// id, and the callback's query (with the code `code`) and cookies; or the status of the press
/// when it did not lead to the provider.
pub async fn press<S: PageStore + KeptStore + 'static>(
    accounts: &Accounts<S>,
    user: &str,
    code: &str,
) -> Result<(PageId, String, String), StatusCode> {
    let (id, _) = accounts.connect_page(user, "Connect").await.unwrap();
    press_page(accounts, &id, user, code).await
}

/// As [`press`], on the connect page `id` made already.
pub async fn press_page<S: PageStore + KeptStore + 'static>(
    accounts: &Accounts<S>,
    id: &PageId,
    user: &str,
    code: &str,
) -> Result<(PageId, String, String), StatusCode> {
    let router = accounts.router();
    let path = format!("/connect/{id}");
    let session = format!("session={user}");
    let (status, _, page) = send(&router, "GET", &path, &session, "").await;
    if status != StatusCode::OK {
        return Err(status);
    }
    let Some(at) = page.find(r#"name="csrf" value=""#) else {
        return Err(status);
    };
    let at = at + r#"name="csrf" value=""#.len();
    let csrf = page[at..].split('"').next().unwrap().to_owned();
    let (status, headers, _) = send(
        &router,
        "POST",
        &path,
        &session,
        &format!("csrf={csrf}&action=accept"),
    )
    .await;
    if status != StatusCode::SEE_OTHER {
        return Err(status);
    }
    let location = headers["location"].to_str().unwrap();
    let state = location
        .split(['?', '&'])
        .find_map(|p| p.strip_prefix("state="))
        .unwrap()
        .to_owned();
    let binding = headers["set-cookie"].to_str().unwrap().to_owned();
    LAST_BINDING.with(|last| last.replace(binding.clone()));
    let binding = binding.split(';').next().unwrap().to_owned();
    Ok((
        *id,
        format!("state={state}&code={code}"),
        format!("{session}; {binding}"),
    ))
}

thread_local! {
    /// The whole `Set-Cookie` of the last binding cookie [`press_page`] was given, attributes
    /// and all.
    static LAST_BINDING: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The whole `Set-Cookie` of the binding cookie the last press on this thread was given.
pub fn last_binding_cookie() -> String {
    LAST_BINDING.with(|last| last.borrow().clone())
}

/// `user`'s account connected through `accounts` with the code `code`: the callback's status and
/// page.
pub async fn connect<S: PageStore + KeptStore + 'static>(
    accounts: &Accounts<S>,
    user: &str,
    code: &str,
) -> (StatusCode, String) {
    let (_, query, cookies) = press(accounts, user, code).await.expect("pressed");
    callback(accounts, &query, &cookies).await
}

/// The provider's redirect back to `accounts`' callback with `query`, in the browser holding
/// `cookies`: its status and page.
pub async fn callback<S: PageStore + KeptStore + 'static>(
    accounts: &Accounts<S>,
    query: &str,
    cookies: &str,
) -> (StatusCode, String) {
    let (status, _, page) = send(
        &accounts.router(),
        "GET",
        &format!("/callback?{query}"),
        cookies,
        "",
    )
    .await;
    (status, page)
}
