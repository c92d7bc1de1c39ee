//! The test provider's faults (`oidc/provider.mjs --faults`, `POST /__test/faults`), each proved
//! against the real oidc-provider without an MCP server: a client as plain HTTP (discovery, the
//! code flow through the provider's own sign-in and consent pages, its redirect target a port
//! nobody serves, the token, userinfo, revocation, introspection and JWKS endpoints). The account
//! tests make the provider misbehave with these; this file shows that it does as told, and
//! otherwise as before.
//!
//! Needs `npm install` in `examples/rmcp/oidc` (`.ci/run` does it): ignored otherwise, failing
//! loudly when run without it.

#[path = "support/account.rs"]
mod account;
#[path = "support/connect.rs"]
mod connect;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use account::{
    Browser, CLIENT_ID, CLIENT_SECRET, NOTHING_LISTENS, Provider, callback, http, param,
};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, WWW_AUTHENTICATE};
use serde_json::{Value, json};

/// A PKCE verifier (the same for every flow: these tests are about the provider) and its S256
/// challenge, BASE64URL(SHA-256(verifier)).
const VERIFIER: &str = "provider-faults-test-code-verifier-0123456789";
const CHALLENGE: &str = "OI7zvblVCugO8TZdQHGb9eD6K3oeTs8DDhyPvQhmxL8";
const STATE: &str = "state-of-the-test";

/// What an endpoint answered: its status, headers and JSON body (`null` when empty).
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: HeaderMap,
    body: Value,
}

impl Reply {
    async fn of(request: reqwest::RequestBuilder) -> Reply {
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{status} {text:?}: {e}"))
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    /// oidc-provider's own refusal: `status`, the OAuth `error`.
    fn assert_refused(&self, status: u16, error: &str) {
        assert_eq!(
            (self.status, self.body["error"].as_str()),
            (status, Some(error)),
            "{self:?}"
        );
    }

    /// The injected fault's answer: `status`, a JSON `error`.
    fn assert_injected(&self, status: u16, error: &str) {
        assert_eq!(
            (self.status, &self.body),
            (
                status,
                &json!({"error": error, "error_description": "injected fault"})
            ),
            "{self:?}"
        );
        assert_eq!(
            self.headers[CONTENT_TYPE], "application/json; charset=utf-8",
            "{self:?}"
        );
    }
}

/// A provider and a client of it, as plain HTTP: the provider's discovered metadata, and a
/// redirect URI that nobody serves (only its `code` is read).
struct Client {
    provider: Provider,
    metadata: Value,
    redirect: String,
}

impl Client {
    async fn start() -> Client {
        let redirect = callback(NOTHING_LISTENS);
        let provider = Provider::start(std::slice::from_ref(&redirect), 300);
        let discovery = format!("{}/.well-known/openid-configuration", provider.issuer);
        let metadata = Reply::of(http().get(discovery)).await;
        assert_eq!(metadata.status, 200, "{metadata:?}");
        Client {
            provider,
            metadata: metadata.body,
            redirect,
        }
    }

    fn endpoint(&self, name: &str) -> &str {
        self.metadata[name].as_str().unwrap()
    }

    /// The authorization URL: the code flow with PKCE, asking for a refresh token.
    fn authorize(&self) -> String {
        let query = form_urlencoded::Serializer::new(String::new())
            .extend_pairs([
                ("client_id", CLIENT_ID),
                ("response_type", "code"),
                ("redirect_uri", &self.redirect),
                ("scope", "openid email offline_access"),
                ("prompt", "consent"),
                ("state", STATE),
                ("code_challenge", CHALLENGE),
                ("code_challenge_method", "S256"),
            ])
            .finish();
        format!("{}?{query}", self.endpoint("authorization_endpoint"))
    }

    /// The code of the redirect `back` (checked to be to the client, with its state and the
    /// provider's `iss`).
    fn code_of(&self, back: &str) -> String {
        assert!(back.starts_with(&format!("{}?", self.redirect)), "{back}");
        assert_eq!(param(back, "state").as_deref(), Some(STATE), "{back}");
        assert_eq!(param(back, "iss"), Some(self.provider.issuer.clone()));
        param(back, "code").unwrap_or_else(|| panic!("no code: {back}"))
    }

    /// Signs in as `login` and consents in `browser`, from the authorization URL or from a
    /// provider's page on the way: the code.
    async fn code_from(&self, browser: &mut Browser, from: &str, login: &str) -> String {
        let back = browser.sign_in_and_consent(from, login).await;
        self.code_of(&back)
    }

    async fn code(&self, browser: &mut Browser, login: &str) -> String {
        self.code_from(browser, &self.authorize(), login).await
    }

    /// Opens the authorization URL in `browser`, up to the provider's page, checked to ask for
    /// `prompt` (`login`: signing in, `consent`): that page's URL.
    async fn page(&self, browser: &mut Browser, prompt: &str) -> String {
        let at = browser.get(&self.authorize()).await;
        let interaction = at.location.expect("a redirect to the provider's page");
        let page = browser.get(&interaction).await;
        let asks = format!(r#"<input type="hidden" name="prompt" value="{prompt}"/>"#);
        assert!(
            page.status == 200 && page.body.contains(&asks),
            "{}",
            page.body
        );
        interaction
    }

    /// A token request of `form` (the client's credentials in the body).
    async fn token(&self, form: &[(&str, &str)]) -> Reply {
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .extend_pairs([("client_id", CLIENT_ID), ("client_secret", CLIENT_SECRET)])
            .finish();
        Reply::of(
            http()
                .post(self.endpoint("token_endpoint"))
                .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(body),
        )
        .await
    }

    async fn exchange(&self, code: &str) -> Reply {
        self.token(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &self.redirect),
            ("code_verifier", VERIFIER),
        ])
        .await
    }

    async fn refresh(&self, refresh_token: &str) -> Reply {
        self.token(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
        ])
        .await
    }

    /// A person's whole flow in `browser` as `login`: the token response.
    async fn tokens(&self, browser: &mut Browser, login: &str) -> Value {
        let code = self.code(browser, login).await;
        let tokens = self.exchange(&code).await;
        assert_eq!(
            tokens.status,
            200,
            "{tokens:?}\n{}",
            self.provider.process.log()
        );
        tokens.body
    }

    async fn userinfo(&self, access_token: &str) -> Reply {
        Reply::of(
            http()
                .get(self.endpoint("userinfo_endpoint"))
                .header(AUTHORIZATION, format!("Bearer {access_token}")),
        )
        .await
    }

    /// A request to the `endpoint` (revocation or introspection) about `token`.
    async fn about(&self, endpoint: &str, token: &str) -> Reply {
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs([
                ("token", token),
                ("client_id", CLIENT_ID),
                ("client_secret", CLIENT_SECRET),
            ])
            .finish();
        Reply::of(
            http()
                .post(self.endpoint(endpoint))
                .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(body),
        )
        .await
    }

    async fn jwks(&self) -> Reply {
        Reply::of(http().get(self.endpoint("jwks_uri"))).await
    }

    /// The `kid`s the JWKS publishes, in order.
    async fn kids(&self) -> Vec<String> {
        let jwks = self.jwks().await;
        assert_eq!(jwks.status, 200, "{jwks:?}");
        jwks.body["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|key| key["kid"].as_str().unwrap().to_owned())
            .collect()
    }
}

fn string<'a>(tokens: &'a Value, name: &str) -> &'a str {
    tokens[name]
        .as_str()
        .unwrap_or_else(|| panic!("no {name}: {tokens}"))
}

/// The header and the claims of the token response's ID token (not verified: the tests read the
/// `kid` and the times).
fn id_token(tokens: &Value) -> (Value, Value) {
    let mut parts = string(tokens, "id_token").split('.');
    let mut part = || {
        let bytes = URL_SAFE_NO_PAD.decode(parts.next().unwrap()).unwrap();
        serde_json::from_slice::<Value>(&bytes).unwrap()
    };
    (part(), part())
}

fn unix_now() -> i64 {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    i64::try_from(now.as_secs()).unwrap()
}

/// The ID token's `iat`, checked to be `ahead` seconds from now (give or take a few for a busy
/// machine), and its life the provider's 300 s.
fn assert_issued_ahead(tokens: &Value, ahead: i64) {
    let (_, claims) = id_token(tokens);
    let iat = claims["iat"].as_i64().unwrap();
    let off = iat - unix_now() - ahead;
    assert!((-5..=1).contains(&off), "iat {iat} is {off} s off");
    assert_eq!(claims["exp"].as_i64().unwrap() - iat, 300, "{claims}");
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_failed_code_exchange_uses_the_code_up_not() {
    let client = Client::start().await;
    let provider = &client.provider;
    let code = client.code(&mut Browser::default(), "ada").await;

    // No `error` given: `server_error`.
    provider
        .fault(json!({"endpoint": "token", "status": 500, "times": 1}))
        .await;
    client
        .exchange(&code)
        .await
        .assert_injected(500, "server_error");

    let tokens = client.exchange(&code).await;
    assert_eq!(tokens.status, 200, "{tokens:?}");
    provider.assert_requests("POST /token 500 server_error: injected fault (injected)", 1);
    provider.assert_requests("POST /token 200", 1);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_failed_refresh_leaves_the_refresh_token_as_it_was_and_the_code_exchange_alone() {
    let client = Client::start().await;
    let provider = &client.provider;
    provider
        .fail_refresh(503, "temporarily_unavailable", 2)
        .await;
    // The code exchange is not a refresh: it goes through.
    let tokens = client.tokens(&mut Browser::default(), "ada").await;
    let refresh_token = string(&tokens, "refresh_token");

    for _ in 0..2 {
        client
            .refresh(refresh_token)
            .await
            .assert_injected(503, "temporarily_unavailable");
    }
    provider.assert_requests(
        "POST /token 503 temporarily_unavailable: injected fault (injected)",
        2,
    );

    // Neither used nor rotated: it refreshes now, once (it is rotated then).
    let refreshed = client.refresh(refresh_token).await;
    assert_eq!(refreshed.status, 200, "{refreshed:?}");
    assert_ne!(string(&refreshed.body, "refresh_token"), refresh_token);
    client
        .refresh(refresh_token)
        .await
        .assert_refused(400, "invalid_grant");
    provider.assert_requests("POST /token 200", 2);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn userinfo_revocation_introspection_and_the_jwks_fail_as_told_then_answer() {
    let client = Client::start().await;
    let provider = &client.provider;
    let tokens = client.tokens(&mut Browser::default(), "ada").await;
    let access_token = string(&tokens, "access_token");

    provider.fail("userinfo", 401, "invalid_token", 1).await;
    let refused = client.userinfo(access_token).await;
    refused.assert_injected(401, "invalid_token");
    assert_eq!(
        refused.headers[WWW_AUTHENTICATE],
        r#"Bearer error="invalid_token""#
    );
    let info = client.userinfo(access_token).await;
    assert_eq!((info.status, &info.body["sub"]), (200, &json!("ada")));

    provider.fail("introspection", 503, "server_error", 1).await;
    client
        .about("introspection_endpoint", access_token)
        .await
        .assert_injected(503, "server_error");
    let active = client.about("introspection_endpoint", access_token).await;
    assert_eq!((active.status, &active.body["active"]), (200, &json!(true)));

    provider.fail("jwks", 500, "server_error", 2).await;
    client.jwks().await.assert_injected(500, "server_error");
    client.jwks().await.assert_injected(500, "server_error");
    assert_eq!(client.kids().await, ["key-1"]);

    // A revocation that failed revoked nothing; the next one does.
    provider
        .fail("revocation", 503, "temporarily_unavailable", 1)
        .await;
    client
        .about("revocation_endpoint", access_token)
        .await
        .assert_injected(503, "temporarily_unavailable");
    assert_eq!(client.userinfo(access_token).await.status, 200);
    assert_eq!(
        client
            .about("revocation_endpoint", access_token)
            .await
            .status,
        200
    );
    client
        .userinfo(access_token)
        .await
        .assert_refused(401, "invalid_token");

    for (line, times) in [
        ("GET /me 401 invalid_token: injected fault (injected)", 1),
        (
            "GET /me 401 invalid_token: invalid token provided (access token not found)",
            1,
        ),
        (
            "POST /token/introspection 503 server_error: injected fault (injected)",
            1,
        ),
        ("GET /jwks 500 server_error: injected fault (injected)", 2),
        (
            "POST /token/revocation 503 temporarily_unavailable: injected fault (injected)",
            1,
        ),
        ("POST /token/revocation 200", 1),
    ] {
        provider.assert_requests(line, times);
    }
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_stalled_endpoint_answers_after_the_stall() {
    const STALL: Duration = Duration::from_secs(2);
    let client = Client::start().await;
    let provider = &client.provider;

    provider.stall("jwks", 2000, 2).await;
    for _ in 0..2 {
        let start = Instant::now();
        assert_eq!(client.kids().await, ["key-1"]);
        assert!(start.elapsed() >= STALL, "{:?}", start.elapsed());
    }
    let start = Instant::now();
    client.kids().await;
    assert!(start.elapsed() < STALL, "{:?}", start.elapsed());

    // Refreshes alone: the code is exchanged at once, the refresh token after the stall.
    provider
        .fault(json!({
            "endpoint": "token", "grant_type": "refresh_token", "stall_ms": 2000, "times": 1,
        }))
        .await;
    let start = Instant::now();
    let tokens = client.tokens(&mut Browser::default(), "ada").await;
    assert!(start.elapsed() < STALL, "{:?}", start.elapsed());
    let start = Instant::now();
    let refreshed = client.refresh(string(&tokens, "refresh_token")).await;
    assert!(start.elapsed() >= STALL, "{:?}", start.elapsed());
    assert_eq!(refreshed.status, 200, "{refreshed:?}");
    provider.assert_requests("POST /token 200", 2);
}

/// A late answer: the refresh is done at the provider at once (its refresh token rotated, the
/// old one refused from then on), and its answer reaches the client later.
#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_late_answer_is_done_at_once_and_answered_late() {
    const LATE: Duration = Duration::from_secs(2);
    let client = Client::start().await;
    let provider = &client.provider;
    let tokens = client.tokens(&mut Browser::default(), "ada").await;
    let old = string(&tokens, "refresh_token").to_owned();
    provider.answer_late("refresh_token", 2000, 1).await;
    let start = Instant::now();
    let (late, reused) = tokio::join!(client.refresh(&old), async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        // Meanwhile the old refresh token is spent: done already at the provider.
        client.refresh(&old).await
    });
    assert!(start.elapsed() >= LATE, "{:?}", start.elapsed());
    assert_eq!(late.status, 200, "{late:?}");
    assert_eq!(reused.status, 400, "{reused:?}");
    assert_eq!(reused.body["error"], "invalid_grant", "{reused:?}");
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn rotated_keys_sign_from_then_on_and_what_came_before_still_works() {
    let client = Client::start().await;
    let provider = &client.provider;
    let mut ada = Browser::default();
    let tokens = client.tokens(&mut ada, "ada").await;
    assert_eq!(id_token(&tokens).0["kid"], "key-1");
    assert_eq!(client.kids().await, ["key-1"]);

    // Bob's sign-in is under way (at the provider's sign-in page) when the key changes.
    let mut bob = Browser::default();
    let interaction = client.page(&mut bob, "login").await;

    provider.rotate_keys(false).await;
    assert_eq!(client.kids().await, ["key-2", "key-1"]);

    // Ada's refresh token from before: refreshed, the new ID token signed with the new key.
    let refreshed = client.refresh(string(&tokens, "refresh_token")).await;
    assert_eq!(refreshed.status, 200, "{refreshed:?}");
    assert_eq!(id_token(&refreshed.body).0["kid"], "key-2");
    // Her access token from before.
    let info = client.userinfo(string(&tokens, "access_token")).await;
    assert_eq!((info.status, &info.body["sub"]), (200, &json!("ada")));
    // Bob's interaction from before, finished now.
    let code = client.code_from(&mut bob, &interaction, "bob").await;
    let bobs = client.exchange(&code).await;
    assert_eq!(bobs.status, 200, "{bobs:?}");
    assert_eq!(id_token(&bobs.body).1["sub"], "bob");
    assert_eq!(id_token(&bobs.body).0["kid"], "key-2");
    // Ada's session from before: asked to consent (as every request here asks), not to sign in.
    let interaction = client.page(&mut ada, "consent").await;
    let code = client.code_from(&mut ada, &interaction, "ada").await;
    let adas = client.exchange(&code).await;
    assert_eq!(id_token(&adas.body).1["sub"], "ada");

    provider.rotate_keys(true).await;
    assert_eq!(client.kids().await, ["key-3"]);
    let again = client
        .refresh(string(&refreshed.body, "refresh_token"))
        .await;
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(id_token(&again.body).0["kid"], "key-3");
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_skewed_clock_issues_tokens_ahead_or_behind_and_keeps_to_itself() {
    let client = Client::start().await;
    let provider = &client.provider;
    let mut browser = Browser::default();

    provider.skew_clock(3600).await;
    let ahead = client.tokens(&mut browser, "ada").await;
    assert_issued_ahead(&ahead, 3600);
    assert_eq!(ahead["expires_in"], 300);
    // Its own checks read the same clock: the token is good for its 300 s.
    let introspected = client
        .about("introspection_endpoint", string(&ahead, "access_token"))
        .await;
    let iat = introspected.body["iat"].as_i64().unwrap();
    assert_eq!(introspected.body["active"], true, "{introspected:?}");
    assert_eq!(introspected.body["exp"].as_i64().unwrap() - iat, 300);
    assert_eq!(
        client.userinfo(string(&ahead, "access_token")).await.status,
        200
    );

    provider.skew_clock(-120).await;
    let behind = client.refresh(string(&ahead, "refresh_token")).await;
    assert_eq!(behind.status, 200, "{behind:?}");
    assert_issued_ahead(&behind.body, -120);

    provider.clear_faults().await;
    let now = client.refresh(string(&behind.body, "refresh_token")).await;
    assert_eq!(now.status, 200, "{now:?}");
    assert_issued_ahead(&now.body, 0);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn revoke_all_ends_every_grant_and_leaves_the_sessions() {
    let client = Client::start().await;
    let provider = &client.provider;
    let ada = client.tokens(&mut Browser::default(), "ada").await;
    let bob = client.tokens(&mut Browser::default(), "bob").await;
    let mut carol = Browser::default();
    let code = client.code(&mut carol, "carol").await;

    provider.revoke_all().await;

    for tokens in [&ada, &bob] {
        client
            .userinfo(string(tokens, "access_token"))
            .await
            .assert_refused(401, "invalid_token");
        client
            .refresh(string(tokens, "refresh_token"))
            .await
            .assert_refused(400, "invalid_grant");
    }
    client
        .exchange(&code)
        .await
        .assert_refused(400, "invalid_grant");

    // Carol is still signed in: not asked to sign in again, she consents and gets tokens that work.
    let interaction = client.page(&mut carol, "consent").await;
    let code = client.code_from(&mut carol, &interaction, "carol").await;
    let tokens = client.exchange(&code).await;
    assert_eq!(tokens.status, 200, "{tokens:?}");
    let info = client.userinfo(string(&tokens.body, "access_token")).await;
    assert_eq!((info.status, &info.body["sub"]), (200, &json!("carol")));
    provider.assert_requests("POST /token 200", 3);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn bad_commands_are_refused_with_the_reason_and_clear_drops_what_is_queued() {
    let client = Client::start().await;
    let provider = &client.provider;
    for (command, reason) in [
        (json!([]), "the command must be a JSON object"),
        (
            json!({}),
            "expected a command: `endpoint`, `rotate_keys`, `clock_skew_s`, `revoke_all` or `clear`",
        ),
        (
            json!({"endpoint": "authorization", "status": 503, "times": 1}),
            r#"`endpoint` must be "token" or "revocation" or "userinfo" or "jwks" or "introspection", not "authorization""#,
        ),
        (
            json!({"endpoint": "token", "status": 503}),
            "`times` is missing: a whole number from 1 to 1000",
        ),
        (
            json!({"endpoint": "token", "status": 200, "times": 1}),
            "`status` must be a whole number from 400 to 599, not 200",
        ),
        (
            json!({"endpoint": "token", "times": 1}),
            "a command for an `endpoint` needs `status` (a failure), `stall_ms` (a stall) or `late_ms` (a late answer)",
        ),
        (
            json!({"endpoint": "token", "status": 503, "stall_ms": 10, "times": 1}),
            "unexpected field `status` beside `endpoint`, expected only `endpoint`, `stall_ms`, `times`, `grant_type`",
        ),
        (
            json!({"endpoint": "jwks", "status": 503, "times": 1, "grant_type": "refresh_token"}),
            "`grant_type` applies to the `token` endpoint only",
        ),
        (
            json!({"endpoint": "token", "status": 503, "times": 1, "error": "a\"b"}),
            "`error` must be an OAuth error code (printable ASCII, no `\"` or `\\`)",
        ),
        (
            json!({"rotate_keys": "remove"}),
            r#"`rotate_keys` must be "add" or "replace", not "remove""#,
        ),
        (
            json!({"clock_skew_s": 1.5}),
            "`clock_skew_s` must be a whole number from -31536000 to 31536000, not 1.5",
        ),
        (
            json!({"revoke_all": true, "clear": true}),
            "unexpected field `clear` beside `revoke_all`, expected only `revoke_all`",
        ),
        (json!({"clear": false}), "`clear` must be true, not false"),
    ] {
        assert_eq!(
            provider.command(&command).await,
            (
                400,
                json!({"error": "invalid_request", "error_description": reason})
            ),
            "{command}"
        );
    }

    // Nothing of those was queued; what is queued, `clear` drops.
    assert_eq!(client.kids().await, ["key-1"]);
    provider
        .fail("jwks", 503, "temporarily_unavailable", 5)
        .await;
    provider.skew_clock(3600).await;
    provider.clear_faults().await;
    assert_eq!(client.kids().await, ["key-1"]);
    assert_issued_ahead(&client.tokens(&mut Browser::default(), "ada").await, 0);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn without_faults_there_is_no_control_endpoint() {
    let provider = Provider::start_without_faults(&[callback(NOTHING_LISTENS)]);
    let response = http()
        .post(format!("{}/__test/faults", provider.issuer))
        .header(CONTENT_TYPE, "application/json")
        .body(json!({"revoke_all": true}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 404);
    provider.assert_requests("POST /__test/faults 404", 1);
}
