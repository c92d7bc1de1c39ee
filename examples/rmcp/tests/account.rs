//! `account_server` end to end against a real OAuth provider (`oidc-provider`, OpenID Certified,
//! strict: PKCE required, refresh tokens rotated, revocation and introspection on): a person
//! connects their upstream account through the server's connect page and the provider's own
//! sign-in and consent pages, while the MCP call (2026-07-28, plain JSON) asks for it and then
//! gets the token; every step's hostile twin; the refresh made once by two replicas on one Redis;
//! and every token the provider issued searched for, and never found, in what the server wrote.
//!
//! Needs `npm install` in `examples/rmcp/oidc` (`.ci/run` does it), and `redis-server` for the
//! replicas: ignored otherwise, failing loudly when run without them.

#[path = "support/account.rs"]
mod account;
#[path = "support/connect.rs"]
mod connect;
#[path = "../../../tests/integration/support/redis_server.rs"]
mod redis_server;

use std::time::Duration;

use account::{
    Browser, Provider, Server, asked, call, callback, param, provider_and_server, retry, text,
    url_mode,
};
use serde_json::json;

const ADA: Option<&str> = Some("dev-ada");
const BOB: Option<&str> = Some("dev-bob");
const WHOAMI: &str = "whoami_upstream";
const DISCONNECT: &str = "disconnect_upstream";

/// No token the provider issued is in `everything`.
fn assert_no_token(provider: &Provider, everything: &str) {
    let issued = provider.issued();
    assert!(!issued.is_empty(), "the provider issued tokens");
    for token in issued {
        assert!(!everything.contains(&token), "a token leaked: {token}");
    }
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_person_connects_and_the_retried_call_gets_the_token() {
    let (provider, server) = provider_and_server(300, &[]);
    let origin = server.origin.as_str();
    let first = call(origin, WHOAMI, ADA, url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    let id = url
        .strip_prefix(&format!("{origin}/oauth/connect/"))
        .unwrap_or_else(|| panic!("{url}"));
    assert_eq!(id.len(), 22, "an opaque id of 128 bits: {url}");
    assert_eq!(
        first["result"]["inputRequests"]["form"]["params"]["message"],
        "This server asks to act for you at Upstream: sign in there to connect your account."
    );

    // Accepted in the client before the account is connected: the same URL again.
    let early = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    let (again, state) = asked(&early);
    assert_eq!(again, url);

    let mut browser = Browser::default();
    // Not signed in: to the sign-in page, which comes back to the connect page.
    let page = browser.get(&url).await;
    assert_eq!(page.status, 303);
    assert_eq!(
        page.location.as_deref(),
        Some(format!("{origin}/login?return_to=%2Foauth%2Fconnect%2F{id}").as_str())
    );
    browser.sign_in(origin, "dev-ada").await;
    let page = browser.get(&url).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("<h1>Connect your Upstream account</h1>"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("Signed in as <strong><bdi>ada</bdi></strong>"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(">Continue to Upstream</button>"),
        "{}",
        page.body
    );
    let policy = page.headers["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains(&format!("form-action 'self' {}", provider.issuer))
            && policy.contains("default-src 'none'"),
        "{policy}"
    );

    // The button: to the provider, with PKCE S256, a state, a nonce and the scopes.
    let authorize = browser.continue_to_provider(&url).await;
    assert!(
        authorize.starts_with(&format!("{}/auth?", provider.issuer)),
        "{authorize}"
    );
    assert_eq!(
        param(&authorize, "code_challenge_method").as_deref(),
        Some("S256")
    );
    assert_eq!(
        param(&authorize, "code_challenge").map(|c| c.len()),
        Some(43)
    );
    assert_eq!(
        param(&authorize, "scope").as_deref(),
        Some("openid email offline_access")
    );
    assert_eq!(
        param(&authorize, "redirect_uri"),
        Some(format!("{origin}/oauth/callback"))
    );
    let state_param = param(&authorize, "state").unwrap();
    assert!(state_param.starts_with(&format!("{id}.")), "{state_param}");
    assert_eq!(
        state_param.len(),
        22 + 1 + 43,
        "the page's id and 256 random bits"
    );
    assert!(param(&authorize, "nonce").is_some());
    let binding = format!("mcp-elicit-connect-{id}");
    assert!(
        browser.has_cookie(&binding),
        "the browser is bound to the connection"
    );

    let back = browser.sign_in_and_consent(&authorize, "ada").await;
    assert!(
        back.starts_with(&format!("{origin}/oauth/callback?code=")),
        "{back}"
    );
    let done = browser.get(&back).await;
    assert_eq!(done.status, 200, "{}", done.body);
    // The upstream account's subject (the ID token's `sub`), kept and shown.
    assert!(
        done.body
            .contains("Your Upstream account ada is connected. You can close this page"),
        "{}",
        done.body
    );
    assert!(
        !browser.has_cookie(&binding),
        "the binding cookie is cleared"
    );

    // The retry: the token, used at the provider's user-info endpoint.
    let connected = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&connected), "Upstream account: ada (ada@example.com)");
    // Connected: a call asks nothing.
    let later = call(origin, WHOAMI, ADA, url_mode(), json!({})).await;
    assert_eq!(text(&later), "Upstream account: ada (ada@example.com)");
    // Bob is not connected by ada's account.
    let bob = call(origin, WHOAMI, BOB, url_mode(), json!({})).await;
    asked(&bob);

    // The callback replayed: refused, nothing exchanged twice.
    let token_requests = provider.requests("POST /token 200");
    let replayed = browser.get(&back).await;
    assert!(
        matches!(replayed.status, 409 | 410),
        "{}: {}",
        replayed.status,
        replayed.body
    );
    assert_eq!(provider.requests("POST /token 200"), token_requests);
    assert_eq!(provider.process.log().matches("POST /token 400").count(), 0);

    // Disconnect: revoked at the provider (both tokens), forgotten; the next call asks again.
    let gone = call(origin, DISCONNECT, ADA, url_mode(), json!({})).await;
    assert_eq!(text(&gone), "Disconnected");
    assert_eq!(
        provider.requests("POST /token/revocation 200"),
        2,
        "{}",
        provider.process.log()
    );
    let after = call(origin, WHOAMI, ADA, url_mode(), json!({})).await;
    let (new_url, _) = asked(&after);
    assert_ne!(new_url, url);
    let twice = call(origin, DISCONNECT, ADA, url_mode(), json!({})).await;
    assert_eq!(text(&twice), "Disconnected: no account was connected");

    let everything = format!(
        "{first}{early}{connected}{later}{gone}{after}{}{}",
        browser.seen,
        server.log()
    );
    assert_no_token(&provider, &everything);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn hostile_twins_bind_nothing() {
    let (provider, server) = provider_and_server(300, &[]);
    let origin = server.origin.as_str();
    let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);

    // Another user at the connect URL: refused, to show and to press.
    let mut bob = Browser::default();
    bob.sign_in(origin, "dev-bob").await;
    let seen = bob.get(&url).await;
    assert_eq!(seen.status, 403, "{}", seen.body);
    let pressed = bob.post(&url, &[("csrf", "x"), ("action", "accept")]).await;
    assert_eq!(pressed.status, 403);
    assert!(pressed.location.is_none());

    let mut ada = Browser::default();
    ada.sign_in(origin, "dev-ada").await;
    // The button without the page's CSRF token.
    let forged = ada
        .post(&url, &[("csrf", "forged"), ("action", "accept")])
        .await;
    assert_eq!(forged.status, 403);
    assert!(forged.location.is_none());

    // The phishing case: ada's provider URL, forwarded to bob, finished in bob's browser (bob
    // signed in at the server as himself, and at the provider as himself). Refused, and the
    // connection ends there: its code can bind bob's account to no one, even brought later by
    // ada's own browser.
    let authorize = ada.continue_to_provider(&url).await;
    let back = bob.sign_in_and_consent(&authorize, "bob").await;
    let phished = bob.get(&back).await;
    assert_eq!(phished.status, 403, "{}", phished.body);
    assert!(
        phished.body.contains("started by another user"),
        "{}",
        phished.body
    );
    let later = ada.get(&back).await;
    assert_eq!(later.status, 410, "{}", later.body);
    let failed = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert!(
        failed
            .to_string()
            .contains("finished in another user's browser"),
        "{failed:#}"
    );
    assert_eq!(
        provider.requests("POST /token 200"),
        0,
        "no code was exchanged"
    );

    // A new connection: forged, edited, missing and doubled states, an unknown page, garbage.
    let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
    let id = url.rsplit('/').next().unwrap().to_owned();
    let authorize = ada.continue_to_provider(&url).await;
    let state_param = param(&authorize, "state").unwrap();
    let back = ada.sign_in_and_consent(&authorize, "ada").await;
    let code = param(&back, "code").unwrap();
    let edited = {
        let mut chars: Vec<char> = state_param.chars().collect();
        let last = chars.len() - 1;
        chars[last] = if chars[last] == 'A' { 'B' } else { 'A' };
        chars.into_iter().collect::<String>()
    };
    for (query, status) in [
        (format!("state={id}.{}&code={code}", "A".repeat(43)), 400),
        (format!("state={edited}&code={code}"), 400),
        (format!("code={code}"), 400),
        (
            format!("state={state_param}&state={state_param}&code={code}"),
            400,
        ),
        (
            format!(
                "state=AAAAAAAAAAAAAAAAAAAAAA.{}&code={code}",
                "A".repeat(43)
            ),
            404,
        ),
        ("state=%FF%FE&code=%00".to_owned(), 400),
        (format!("state={}", "x".repeat(10_000)), 400),
        (format!("state={id}"), 400),
    ] {
        let seen = ada.get(&format!("{origin}/oauth/callback?{query}")).await;
        assert_eq!(seen.status, status, "{query}: {}", seen.body);
    }
    // ... in a browser signed in at no one: 401.
    let mut nobody = Browser::default();
    let anonymous = nobody
        .get(&format!(
            "{origin}/oauth/callback?state={edited}&code={code}"
        ))
        .await;
    assert_eq!(anonymous.status, 401, "{}", anonymous.body);
    assert_eq!(
        provider.requests("POST /token 200"),
        0,
        "no code was exchanged"
    );
    // None of these ended the connection: the honest callback connects ada, once.
    let honest = ada.get(&back).await;
    assert_eq!(honest.status, 200, "{}", honest.body);
    let replay = ada.get(&back).await;
    assert_eq!(replay.status, 410, "{}", replay.body);
    assert_eq!(
        provider.requests("POST /token 200"),
        1,
        "the code was exchanged once"
    );
    let done = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&done), "Upstream account: ada (ada@example.com)");

    // Bob's own connection finished in another browser of his (no binding cookie): refused,
    // and ended.
    let (url, _) = asked(&call(origin, WHOAMI, BOB, url_mode(), json!({})).await);
    let authorize = bob.continue_to_provider(&url).await;
    let back = bob.sign_in_and_consent(&authorize, "bob").await;
    let mut other = Browser::default();
    other.sign_in(origin, "dev-bob").await;
    let elsewhere = other.get(&back).await;
    assert_eq!(elsewhere.status, 403, "{}", elsewhere.body);
    assert!(
        elsewhere.body.contains("another browser"),
        "{}",
        elsewhere.body
    );
    assert_eq!(bob.get(&back).await.status, 410);
    // Bob is not connected (neither by his flow nor by ada's).
    asked(&call(origin, WHOAMI, BOB, url_mode(), json!({})).await);

    // A tampered requestState; a client without URL mode.
    let mut tampered = state.as_str().unwrap().to_owned();
    tampered.insert(10, 'x');
    let refused = call(
        origin,
        WHOAMI,
        BOB,
        url_mode(),
        retry("accept", &json!(tampered)),
    )
    .await;
    assert_eq!(refused["error"]["code"], -32602, "{refused:#}");
    let no_url = call(
        origin,
        WHOAMI,
        BOB,
        json!({"elicitation": {"form": {}}}),
        json!({}),
    )
    .await;
    // A client without URL mode connects through the link in the call's result: bob opens it,
    // signs in at the provider, and the same call made again acts for him.
    assert_eq!(no_url["result"]["isError"], json!(false), "{no_url:#}");
    let said = text(&no_url).to_owned();
    let link = said.lines().find(|line| line.starts_with("http"));
    let link = link.unwrap_or_else(|| panic!("a link: {said}"));
    let authorize = bob.continue_to_provider(link).await;
    let back = bob.sign_in_and_consent(&authorize, "bob").await;
    let connected = bob.get(&back).await;
    assert_eq!(connected.status, 200, "{}", connected.body);
    let form_only = json!({"elicitation": {"form": {}}});
    let done = call(origin, WHOAMI, BOB, form_only, json!({})).await;
    assert_eq!(
        text(&done),
        "Upstream account: bob (bob@example.com)",
        "{done:#}"
    );

    let everything = format!(
        "{}{}{}{}{}",
        ada.seen,
        bob.seen,
        nobody.seen,
        other.seen,
        server.log()
    );
    assert_no_token(&provider, &everything);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_denial_or_a_decline_connects_nothing() {
    let (provider, server) = provider_and_server(300, &[]);
    let origin = server.origin.as_str();
    let mut ada = Browser::default();
    ada.sign_in(origin, "dev-ada").await;

    // Cancelled at the provider's sign-in page: `access_denied`, a decline.
    let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
    let authorize = ada.continue_to_provider(&url).await;
    let back = ada.cancel_at_provider(&authorize).await;
    assert_eq!(param(&back, "error").as_deref(), Some("access_denied"));
    let denied = ada.get(&back).await;
    assert_eq!(denied.status, 200, "{}", denied.body);
    assert!(
        denied.body.contains("You did not connect your account"),
        "{}",
        denied.body
    );
    let retried = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert!(text(&retried).contains("Not connected"), "{retried:#}");

    // Declined at the connect page.
    let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
    let page = ada.get(&url).await;
    let csrf = account::hidden(&page.body, "csrf").unwrap();
    let declined = ada
        .post(&url, &[("csrf", &csrf), ("action", "decline")])
        .await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    let retried = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert!(text(&retried).contains("Not connected"), "{retried:#}");

    // Declined, or cancelled, in the client: the connect page is closed.
    for action in ["decline", "cancel"] {
        let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
        let refused = call(origin, WHOAMI, ADA, url_mode(), retry(action, &state)).await;
        assert!(text(&refused).contains("Not connected"), "{refused:#}");
        assert_eq!(ada.get(&url).await.status, 410);
    }
    assert_eq!(provider.requests("POST /token 200"), 0);
    asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
}

#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn an_expired_connection_is_gone() {
    let (provider, server) = provider_and_server(300, &["--page-ttl", "2"]);
    let origin = server.origin.as_str();
    let mut ada = Browser::default();
    ada.sign_in(origin, "dev-ada").await;
    let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
    let authorize = ada.continue_to_provider(&url).await;
    let back = ada.sign_in_and_consent(&authorize, "ada").await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let late = ada.get(&back).await;
    assert_eq!(late.status, 410, "{}", late.body);
    assert_eq!(ada.get(&url).await.status, 410);
    assert_eq!(provider.requests("POST /token 200"), 0);
    let retried = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(retried["error"]["code"], -32602, "{retried:#}");
}

/// The grant gone at the provider (its refresh token expired): the account is forgotten and the
/// next call asks to connect again. The provider down when a refresh is due: the call says so,
/// and the account stays connected (nothing forgotten on a failure that is not the provider's
/// refusal).
#[tokio::test]
#[ignore = "needs oidc-provider (npm): CI installs it and runs this with --ignored"]
async fn a_grant_gone_connects_again_and_a_provider_down_forgets_nothing() {
    // Access tokens live 2 seconds, refresh tokens 4.
    let provider = Provider::start_with(&[], 2, 4);
    let server = Server::start(&provider.issuer, &[] as &[&str]);
    provider.register(&callback(&server.origin));
    let origin = server.origin.as_str();
    let mut ada = Browser::default();
    ada.sign_in(origin, "dev-ada").await;
    let (url, state) = asked(&call(origin, WHOAMI, ADA, url_mode(), json!({})).await);
    assert_eq!(ada.connect(&url, "ada").await.status, 200);
    let connected = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&connected), "Upstream account: ada (ada@example.com)");
    tokio::time::sleep(Duration::from_millis(4_500)).await;
    // Both expired: the refresh is refused, the account forgotten, a new connect page asked.
    let again = call(origin, WHOAMI, ADA, url_mode(), json!({})).await;
    let (new_url, state) = asked(&again);
    assert_ne!(new_url, url);
    assert!(
        provider
            .process
            .log()
            .contains("POST /token 400 invalid_grant")
    );

    // Connected again; then the provider goes away while the access token expires.
    assert_eq!(ada.connect(&new_url, "ada").await.status, 200);
    let connected = call(origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&connected), "Upstream account: ada (ada@example.com)");
    let issued = provider.issued();
    drop(provider);
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let down = call(origin, WHOAMI, ADA, url_mode(), json!({})).await;
    let said = down.to_string();
    // Words for a person and a model (the detail, with the provider's address, in the log).
    assert_eq!(down["result"]["isError"], true, "{down:#}");
    assert_eq!(
        down["result"]["content"][0]["text"],
        "the provider could not refresh the account's access now: try again in a moment",
        "{down:#}"
    );
    assert!(
        !said.contains("127.0.0.1") && !said.contains("os error"),
        "{said}"
    );
    assert!(
        down["result"]["resultType"] != "input_required",
        "not asked to connect: {down:#}"
    );
    let everything = format!("{connected}{again}{down}{}{}", ada.seen, server.log());
    for token in issued {
        assert!(!everything.contains(&token), "a token leaked: {token}");
    }
}

/// Two replicas on one Redis and one key: the call made on A, the connect page pressed and the
/// callback taken on B, the retry on A. Then the access token expires, and both replicas need it
/// at once: the refresh token (rotated at every use; used twice, the provider revokes the whole
/// grant) is used once, by one of them, and both get the new access token.
#[tokio::test]
#[ignore = "needs oidc-provider (npm) and redis-server: CI installs them and runs this with --ignored"]
async fn two_replicas_connect_through_redis_and_refresh_once() {
    let redis = redis_server::Redis::start();
    // Replicas behind one public address: the provider sends the person back to it (here, A's
    // address; the test delivers that callback to B itself).
    let store = ["--redis", redis.url.as_str()];
    let (provider, a, b, _) = account::replicas(&store, 3, account::STATE_KEY);

    let first = call(&a.origin, WHOAMI, ADA, url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    let on_b = url.replace(&a.origin, &b.origin);
    let mut ada = Browser::default();
    // Signed in at the public address (a browser's cookies are the host's, whatever the port).
    ada.sign_in(&a.origin, "dev-ada").await;
    let authorize = ada.continue_to_provider(&on_b).await;
    let back = ada.sign_in_and_consent(&authorize, "ada").await;
    let done = ada.get(&back.replace(&a.origin, &b.origin)).await;
    assert_eq!(done.status, 200, "{}", done.body);
    let connected = call(&a.origin, WHOAMI, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&connected), "Upstream account: ada (ada@example.com)");
    assert_eq!(provider.requests("POST /token 200"), 1);

    // The access token lives 3 seconds: both replicas need a new one at once, three times.
    for round in 1..=3 {
        tokio::time::sleep(Duration::from_millis(3_200)).await;
        let (on_a, on_b) = tokio::join!(
            call(&a.origin, WHOAMI, ADA, url_mode(), json!({})),
            call(&b.origin, WHOAMI, ADA, url_mode(), json!({})),
        );
        assert_eq!(
            text(&on_a),
            "Upstream account: ada (ada@example.com)",
            "round {round}"
        );
        assert_eq!(
            text(&on_b),
            "Upstream account: ada (ada@example.com)",
            "round {round}"
        );
        assert_eq!(
            provider.requests("POST /token 200"),
            1 + round,
            "one refresh per expiry: {}",
            provider.process.log()
        );
    }
    provider.assert_no_refresh_token_reused();

    // Everything Redis holds: the tokens sealed, none in plain text.
    let (keys, held) = redis.everything();
    assert!(keys.contains("kept:account:"), "{keys}");
    assert!(
        !keys.contains("ada") && !held.contains("ada"),
        "no user's name in Redis: {keys}{held}"
    );
    let everything = format!(
        "{keys}{held}{first}{connected}{}{}{}",
        ada.seen,
        a.log(),
        b.log()
    );
    assert_no_token(&provider, &everything);
}

/// The official Python SDK as the client, on 2025-11-25 (`legacy`: the call waits, with progress
/// notifications, and ends with `notifications/elicitation/complete`) and 2026-07-28 (the client
/// accepts before and after): the connect URL shown, the person connecting meanwhile, the call
/// answered with the account.
#[tokio::test]
#[ignore = "needs oidc-provider (npm) and the Python SDK: CI installs them and runs this with --ignored"]
async fn the_python_sdk_waits_while_the_person_connects() {
    let (provider, server) = provider_and_server(300, &[]);
    for (mode, user) in [("legacy", "ada"), ("2026-07-28", "bob")] {
        let mut client =
            connect::PythonClient::start(&server.origin, mode, &format!("dev-{user}"), WHOAMI);
        let shown = client.line();
        assert_eq!(
            shown["message"],
            "This server asks to act for you at Upstream: sign in there to connect your account.",
            "{mode}"
        );
        let url = shown["url"].as_str().unwrap().to_owned();
        let id = url.rsplit('/').next().unwrap().to_owned();
        assert!(
            url.starts_with(&format!("{}/oauth/connect/", server.origin)),
            "{url}"
        );
        // The person agrees to open the page; on 2025-11-25 the call now waits for it.
        client.answer("accept");
        if mode == "2026-07-28" {
            // Accepted before the account was connected: shown again, the same URL.
            assert_eq!(client.line()["url"], url.as_str());
        }
        let mut browser = Browser::default();
        browser
            .sign_in(&server.origin, &format!("dev-{user}"))
            .await;
        let authorize = browser.continue_to_provider(&url).await;
        if mode == "legacy" {
            // Long enough for a progress notification (one each five seconds).
            tokio::time::sleep(Duration::from_millis(5_600)).await;
        }
        let back = browser.sign_in_and_consent(&authorize, user).await;
        let done = browser.get(&back).await;
        assert_eq!(done.status, 200, "{}", done.body);
        if mode == "2026-07-28" {
            client.answer("accept");
        }
        let report = client.line();
        assert_eq!(
            report["text"],
            format!("Upstream account: {user} ({user}@example.com)"),
            "{mode}: {report:#}"
        );
        assert_eq!(report["isError"], false);
        if mode == "legacy" {
            assert_eq!(shown["elicitationId"], id.as_str());
            assert_eq!(report["completed"], json!([id]), "{report:#}");
            assert!(report["progress"].as_u64().unwrap() >= 1, "{report:#}");
        } else {
            assert_eq!(report["completed"], json!([]), "{report:#}");
        }
        client.finish();
        assert_no_token(
            &provider,
            &format!("{report}{}{}", browser.seen, server.log()),
        );
    }
}
