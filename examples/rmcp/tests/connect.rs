//! `connect_server` end to end: the API key asked through a page of the server's (URL mode),
//! bound to the user whose call asked, the answer reaching the retried call (2026-07-28) or the
//! waiting one (2025-11-25, the official Python SDK as the client), and every step's hostile
//! twin: no sign-in, another user, a tampered or replayed state, a wrong CSRF token, an expired
//! page, a client without URL mode, a sign-in sent back to another site or posted from one. The
//! key is searched for, and never found, in the server's output, the results, the pages and (with
//! two replicas) everything Redis holds.
//!
//! The Redis and Python tests need `redis-server` and the SDK (CI installs both and runs them
//! with `--ignored`).

#[path = "support/connect.rs"]
mod connect;
#[path = "../../../tests/integration/support/redis_server.rs"]
mod redis_server;

use std::time::Duration;

use reqwest::header::{LOCATION, SET_COOKIE};

use connect::{
    Browser, SECRET, Server, asked, call, csrf, hidden, post_login, retry, session_cookie,
    sign_in_form, text, url_mode,
};
use serde_json::{Value, json};

const ADA: Option<&str> = Some("dev-ada");

#[tokio::test]
async fn the_page_answers_the_retried_call() {
    let server = Server::start(&[]);
    let origin = server.origin.as_str();
    let (status, first) = call(origin, ADA, url_mode(), json!({})).await;
    assert_eq!(status, 200);
    let (url, state) = asked(&first);
    let id = url.strip_prefix(&format!("{origin}/pages/")).unwrap();
    assert_eq!(
        id.len(),
        22,
        "an opaque id of 128 bits, nothing else: {url}"
    );
    assert_eq!(
        first["result"]["inputRequests"]["form"]["params"]["elicitationId"],
        id
    );

    // Accepted in the client before the page is answered: the same URL again, not an error.
    let (_, early) = call(origin, ADA, url_mode(), retry("accept", &state)).await;
    let (again, state) = asked(&early);
    assert_eq!(again, url);

    // The page: not signed in, to the sign-in; signed in, the form.
    let mut browser = Browser::default();
    let (status, location, _) = browser.get(&url).await;
    assert_eq!(
        (status, location.as_deref()),
        (
            303,
            Some(format!("/login?return_to=%2Fpages%2F{id}").as_str())
        )
    );
    browser.sign_in(origin, "dev-ada").await;
    let (status, page) = browser.answer(&url, "too-short", "accept").await;
    assert_eq!(status, 422);
    assert!(
        page.contains(r#"name="f.api_key" type="password""#),
        "{page}"
    );
    assert!(
        page.contains(r#"aria-invalid="true""#) && page.contains("at least 20"),
        "{page}"
    );
    assert!(
        page.contains(r#"value="Work""#) && !page.contains("too-short"),
        "{page}"
    );
    // Still waiting: the retry is asked again.
    let (_, waiting) = call(origin, ADA, url_mode(), retry("accept", &state)).await;
    let (_, state) = asked(&waiting);

    let (status, page) = browser.answer(&url, SECRET, "accept").await;
    assert_eq!(status, 200, "{page}");
    let (_, done) = call(origin, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&done), "Connected Work (Europe)");

    // Replayed: the answer was taken.
    let (_, replayed) = call(origin, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(replayed["error"]["code"], -32602, "{replayed:#}");
    let (status, _, _) = browser.get(&url).await;
    assert_eq!(status, 410);

    let everything = format!(
        "{first}{early}{waiting}{done}{replayed}{}{}",
        browser.seen,
        server.log()
    );
    assert!(!everything.contains(SECRET));
}

#[tokio::test]
async fn hostile_twins_through_mcp() {
    let server = Server::start(&[]);
    let origin = server.origin.as_str();

    for token in [None, Some("ada"), Some("dev-"), Some("dev-a b")] {
        let (status, message) = call(origin, token, url_mode(), json!({})).await;
        assert_eq!((status, message), (401, Value::Null), "{token:?}");
    }
    // A client with forms only never gets the key in a form: the link to the page, in the
    // call's result (not an error), for the model to give the person.
    let form_only = json!({"elicitation": {"form": {}}});
    let (_, message) = call(origin, ADA, form_only, json!({})).await;
    assert_eq!(message["result"]["isError"], json!(false), "{message:#}");
    let pages = format!("{origin}/pages/");
    let said = text(&message);
    assert!(said.lines().any(|line| line.starts_with(&pages)), "{said}");

    let (_, first) = call(origin, ADA, url_mode(), json!({})).await;
    let (url, state) = asked(&first);

    // The state edited.
    let mut edited = state.as_str().unwrap().to_owned();
    edited.insert(10, 'x');
    let (_, message) = call(origin, ADA, url_mode(), retry("accept", &json!(edited))).await;
    assert_eq!(message["error"]["code"], -32602, "{message:#}");

    // Another user with ada's state, and at ada's page: refused, and nothing changes.
    let (_, message) = call(origin, Some("dev-eve"), url_mode(), retry("accept", &state)).await;
    assert_eq!(message["error"]["code"], -32602, "{message:#}");
    let mut eve = Browser::default();
    eve.sign_in(origin, "dev-eve").await;
    let (status, _, _) = eve.get(&url).await;
    assert_eq!(status, 403);

    // A POST with another page's CSRF token: refused, and nothing changes.
    let mut ada = Browser::default();
    ada.sign_in(origin, "dev-ada").await;
    let (_, other) = call(origin, ADA, url_mode(), json!({})).await;
    let (other_url, _) = asked(&other);
    let (_, _, other_page) = ada.get(&other_url).await;
    let wrong = csrf(&other_page);
    let fields = [
        ("csrf", wrong.as_str()),
        ("f.label", "Work"),
        ("f.api_key", SECRET),
        ("f.region", "eu"),
        ("action", "accept"),
    ];
    let (status, _, _) = ada.post(&url, &fields).await;
    assert_eq!(status, 403);
    let (status, _, _) = ada.post(&url, &fields[1..]).await;
    assert_eq!(status, 403);

    // An oversized body, an unknown id and one that is not an id: nothing reaches the page.
    let big = "x".repeat(100 * 1024);
    let (status, _, _) = ada.post(&url, &[("csrf", &big)]).await;
    assert_eq!(status, 413);
    for path in ["AAAAAAAAAAAAAAAAAAAAAA", "not-an-id", "..%2Flogin"] {
        let (status, _, _) = ada.get(&format!("{origin}/pages/{path}")).await;
        assert_eq!(status, 404, "{path}");
    }

    // Declined on the page: a decline reaches the call.
    let (status, _) = ada.answer(&url, "", "decline").await;
    assert_eq!(status, 200);
    let (_, message) = call(origin, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&message), "Nothing was connected: no key was given.");

    // Declined, or cancelled, in the client.
    let (_, other_state) = asked(&other);
    for action in ["decline", "cancel"] {
        let (_, message) = call(origin, ADA, url_mode(), retry(action, &other_state)).await;
        assert_eq!(text(&message), "Nothing was connected: no key was given.");
    }
    // ... which closes the page: the person is told so, and is asked for nothing; the state,
    // accepted afterwards, starts over.
    let (status, _, page) = ada.get(&other_url).await;
    assert_eq!(status, 410);
    assert!(page.contains("This page was closed"), "{page}");
    assert!(!page.contains("api_key"), "{page}");
    let (_, message) = call(origin, ADA, url_mode(), retry("accept", &other_state)).await;
    assert_eq!(message["error"]["code"], -32602, "{message:#}");
    // A response that is not one.
    let bad = json!({"inputResponses": {"form": {"action": "maybe"}}, "requestState": other_state});
    let (_, message) = call(origin, ADA, url_mode(), bad).await;
    assert_eq!(message["error"]["code"], -32602, "{message:#}");
}

/// The honest sign-in: the form fetched, then posted from this origin, signs in and goes back to
/// the page's path; a wrong `dev-NAME` gets the form again, going back to the same path.
#[tokio::test]
async fn the_sign_in_form_signs_in_and_goes_back_to_the_page() {
    let server = Server::start(&[]);
    let origin = server.origin.as_str();
    let back = "/pages/AAAAAAAAAAAAAAAAAAAAAA";
    assert_eq!(sign_in_form(origin, back).await, back);
    let headers = [("origin", origin)];

    let wrong = [("token", "ada"), ("return_to", back)];
    let response = post_login(origin, &headers, &wrong).await;
    assert_eq!(response.status().as_u16(), 401);
    assert!(session_cookie(&response).is_none());
    let page = response.text().await.unwrap();
    assert_eq!(hidden(&page, "return_to").as_deref(), Some(back));

    let fields = [("token", "dev-ada"), ("return_to", back)];
    let response = post_login(origin, &headers, &fields).await;
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(response.headers()[LOCATION], back);
    assert_eq!(
        session_cookie(&response).as_deref(),
        Some("session=dev-ada")
    );

    // A browser that sends no `Origin` but says the request is its own site's.
    let headers = [("sec-fetch-site", "same-origin")];
    let response = post_login(origin, &headers, &fields).await;
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(response.headers()[LOCATION], back);
}

/// Each hostile `return_to`, in the sign-in's link or posted past its form, goes back to `/` and
/// never to another site.
#[tokio::test]
async fn a_sign_in_never_goes_back_to_another_site() {
    let server = Server::start(&[]);
    let origin = server.origin.as_str();
    let hostile = [
        "/\t/evil.example",
        "/\r\n/evil.example",
        "\t//evil.example",
        "//evil.example",
        "///evil.example",
        "/\\evil.example",
        "/\\/evil.example",
        "https://evil.example",
        "evil.example",
        "/%09/evil.example",
        "/%2F%2Fevil.example",
        "/%5Cevil.example",
    ];
    for value in hostile {
        assert_eq!(sign_in_form(origin, value).await, "/", "{value:?}");
        let fields = [("token", "dev-ada"), ("return_to", value)];
        let response = post_login(origin, &[("origin", origin)], &fields).await;
        assert_eq!(response.status().as_u16(), 303, "{value:?}");
        assert_eq!(response.headers()[LOCATION], "/", "{value:?}");
        let page = response.text().await.unwrap();
        assert!(!page.contains("evil"), "{value:?}: {page}");
    }
}

/// Login CSRF: a sign-in posted from another site (or by a client that does not say where from)
/// is 403 and sets no cookie (the person is not signed in as the attacker).
#[tokio::test]
async fn a_sign_in_from_another_site_is_refused() {
    let server = Server::start(&[]);
    let origin = server.origin.as_str();
    let fields = [("token", "dev-eve"), ("return_to", "/")];
    // Each case: what it is, and its request headers.
    let cases: [(&str, &[(&str, &str)]); 7] = [
        ("from another site", &[("origin", "https://evil.example")]),
        (
            "from another site that says same-origin",
            &[
                ("origin", "https://evil.example"),
                ("sec-fetch-site", "same-origin"),
            ],
        ),
        ("from an opaque origin", &[("origin", "null")]),
        ("from another port", &[("origin", "http://127.0.0.1:1")]),
        ("without Origin", &[]),
        (
            "without Origin, cross-site",
            &[("sec-fetch-site", "cross-site")],
        ),
        (
            "without Origin, same-site",
            &[("sec-fetch-site", "same-site")],
        ),
    ];
    for (case, headers) in cases {
        let response = post_login(origin, headers, &fields).await;
        assert_eq!(response.status().as_u16(), 403, "{case}");
        assert!(response.headers().get(SET_COOKIE).is_none(), "{case}");
        assert!(response.headers().get(LOCATION).is_none(), "{case}");
        let page = response.text().await.unwrap();
        assert!(page.contains("Sign-in refused"), "{case}: {page}");
    }
}

#[tokio::test]
async fn an_expired_page_is_gone_and_its_call_starts_over() {
    let server = Server::start(&["--page-ttl", "1"]);
    let origin = server.origin.as_str();
    let (_, first) = call(origin, ADA, url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let mut browser = Browser::default();
    browser.sign_in(origin, "dev-ada").await;
    let (status, _, _) = browser.get(&url).await;
    assert_eq!(status, 410);
    let (_, message) = call(origin, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(message["error"]["code"], -32602, "{message:#}");
    assert!(
        message["error"]["message"]
            .as_str()
            .unwrap()
            .contains("expired"),
        "{message:#}"
    );
    // Starting over makes a new page.
    let (_, fresh) = call(origin, ADA, url_mode(), json!({})).await;
    assert_ne!(asked(&fresh).0, url);
}

/// The page posted to replica B, the call made on A and retried on B: one Redis, one key.
#[tokio::test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn two_replicas_share_pages_and_retries_through_redis() {
    let redis = redis_server::Redis::start();
    let seen = across_replicas(&["--redis", &redis.url]).await;

    // The page's hash, and its owner's sorted sets of open and ended pages.
    let (keys, held) = redis.everything();
    assert!(!keys.trim().is_empty(), "the pages are in Redis");
    // The page, its answer taken, keeps only a marker: no record, no answer.
    assert!(held.contains("\"taken\""), "{held}");
    assert!(
        !held.contains("record") && !held.contains("answer"),
        "{held}"
    );
    assert!(!format!("{held}{seen}").contains(SECRET));
}

/// As [`two_replicas_share_pages_and_retries_through_redis`], on a Redis Cluster of three
/// primaries (`--redis-cluster`, its six nodes as seeds): every key of the store on one of them.
#[tokio::test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn two_replicas_share_pages_and_retries_through_a_redis_cluster() {
    let cluster = redis_server::Cluster::start();
    let seen = across_replicas(&["--redis-cluster", &cluster.seeds()]).await;

    // The store's keys share one hash slot: one primary holds them all.
    let sizes: Vec<u64> = cluster
        .primaries()
        .into_iter()
        .map(|port| redis_server::cli(port, &["DBSIZE"]).trim().parse().unwrap())
        .collect();
    assert_eq!(
        sizes.iter().filter(|&&size| size > 0).count(),
        1,
        "{sizes:?}"
    );
    assert!(!seen.contains(SECRET));
}

/// Two replicas started with the store flags `store`: the call made on A, the page answered on
/// B, the call retried on B, and its answer taken once (the retry replayed on A is refused).
/// Everything the client, the browser and the replicas' logs saw, for the secret to be looked
/// for.
async fn across_replicas(store: &[&str]) -> String {
    let a = Server::start(store);
    let b = Server::start(store);
    let (_, first) = call(&a.origin, ADA, url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    let on_b = url.replace(&a.origin, &b.origin);
    let mut browser = Browser::default();
    browser.sign_in(&b.origin, "dev-ada").await;
    let (status, page) = browser.answer(&on_b, SECRET, "accept").await;
    assert_eq!(status, 200, "{page}");
    let (_, done) = call(&b.origin, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&done), "Connected Work (Europe)");
    let (_, replayed) = call(&a.origin, ADA, url_mode(), retry("accept", &state)).await;
    assert_eq!(replayed["error"]["code"], -32602, "{replayed:#}");
    format!("{first}{done}{}{}{}", browser.seen, a.log(), b.log())
}

/// The official Python SDK as the client, on 2025-11-25 (`legacy`) and 2026-07-28: the URL it was
/// shown, then the page answered while it waits (2025-11-25: the call itself waits, with progress
/// and the completion notification; 2026-07-28: the client accepts before and after).
#[tokio::test]
#[ignore = "needs the Python SDK: CI installs it and runs this with --ignored"]
async fn the_python_sdk_asks_the_person_and_gets_the_answer() {
    let server = Server::start(&[]);
    for mode in ["legacy", "2026-07-28"] {
        let mut client =
            connect::PythonClient::start(&server.origin, mode, "dev-ada", "connect_service");
        let shown = client.line();
        assert_eq!(shown["message"], "Connect your weather service", "{mode}");
        let url = shown["url"].as_str().unwrap().to_owned();
        let id = url.rsplit('/').next().unwrap().to_owned();
        // The person agrees to open the page; on 2025-11-25 the call now waits for it.
        client.answer("accept");
        if mode == "2026-07-28" {
            // Accepted before the page was answered: shown again, the same URL.
            assert_eq!(client.line()["url"], url.as_str());
        }
        let mut browser = Browser::default();
        browser.sign_in(&server.origin, "dev-ada").await;
        if mode == "legacy" {
            // Long enough for a progress notification (one each five seconds).
            tokio::time::sleep(Duration::from_millis(5600)).await;
        }
        let (status, page) = browser.answer(&url, SECRET, "accept").await;
        assert_eq!(status, 200, "{page}");
        if mode == "2026-07-28" {
            client.answer("accept");
        }
        let report = client.line();
        assert_eq!(
            report["text"], "Connected Work (Europe)",
            "{mode}: {report:#}"
        );
        assert_eq!(report["isError"], false);
        if mode == "legacy" {
            assert_eq!(shown["elicitationId"], id.as_str());
            assert_eq!(report["completed"], json!([id]), "{report:#}");
            assert!(report["progress"].as_u64().unwrap() >= 1, "{report:#}");
        } else {
            assert_eq!(
                report["completed"],
                json!([]),
                "2026-07-28 has no completion notification"
            );
        }
        client.finish();
        assert!(!format!("{report}{}{}", browser.seen, server.log()).contains(SECRET));
    }
}

/// The official Python SDK carrying an Arabic preference on 2025-11-25: the URL request's message
/// and the progress notifications of the waiting call are in Arabic, the page too.
#[tokio::test]
#[ignore = "needs the Python SDK: CI installs it and runs this with --ignored"]
async fn the_python_sdk_is_asked_and_kept_waiting_in_arabic() {
    let server = Server::start(&[]);
    let mut client = connect::PythonClient::start_in(
        &server.origin,
        "legacy",
        "dev-ada",
        "connect_service",
        Some("ar-EG, en;q=0.5"),
    );
    let shown = client.line();
    assert_eq!(shown["message"], "اربط خدمة الطقس الخاصة بك", "{shown:#}");
    let url = shown["url"].as_str().unwrap().to_owned();
    client.answer("accept");
    let mut browser = Browser::default();
    browser.sign_in(&server.origin, "dev-ada").await;
    let (_, _, page) = browser.get(&url).await;
    assert!(page.contains("<html lang=\"ar\" dir=\"rtl\">"), "{page}");
    // Long enough for a progress notification (one each five seconds).
    tokio::time::sleep(Duration::from_millis(5600)).await;
    let (status, page) = browser.answer(&url, SECRET, "accept").await;
    assert_eq!(status, 200, "{page}");
    let report = client.line();
    assert_eq!(report["text"], "Connected Work (Europe)", "{report:#}");
    let said = report["progressMessages"].as_array().unwrap();
    assert!(!said.is_empty(), "{report:#}");
    assert!(
        said.iter()
            .all(|message| message == "في انتظار الإجابة على الصفحة"),
        "{report:#}"
    );
    client.finish();
}

/// Behind a proxy: the page's URL is on the public address given, the id its only part.
#[tokio::test]
async fn the_url_is_on_the_public_address() {
    let server = Server::start(&["--public-url", "https://mcp.example.com/weather/"]);
    let (_, first) = call(&server.origin, ADA, url_mode(), json!({})).await;
    let (url, _) = asked(&first);
    let id = url
        .strip_prefix("https://mcp.example.com/weather/pages/")
        .unwrap();
    assert_eq!(id.len(), 22, "{url}");
}
