//! `account_server`'s tools that need no provider to answer, tested in process with
//! `mcp_elicit::testing`, on 2025-11-25 and 2026-07-28: the connect page (or its link) offered to
//! a user with no account connected, declined or closed, and a disconnection of nothing. The
//! provider's side (the redirect, the tokens, the user info) is `tests/account.rs`'s, against a
//! real OpenID provider.

use std::sync::Arc;

use mcp_elicit::page::account::{Accounts, Provider};
use mcp_elicit::page::serve::Pages;
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::rmcp::Forms;
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::testing::{Browser, Person, Profile, Session, TestClient, VERSIONS};
use rmcp::model::ProtocolVersion;
use serde_json::json;

use super::{Server, Session as SignIn, site};

const NOT_CONNECTED: &str = "Not connected: you did not connect your Upstream account.";

/// The accounts at a provider nothing is asked of in these tests (it listens nowhere).
fn accounts() -> Accounts<Arc<MemoryStore>> {
    let keys = StateKeys::random().unwrap();
    let pages = Pages::new(Arc::new(MemoryStore::new(100)), &keys, "/pages", SignIn);
    let nowhere = "http://127.0.0.1:9";
    let secret = "secret".to_owned().into();
    let provider = Provider::oauth(
        "upstream",
        nowhere,
        &format!("{nowhere}/authorize"),
        &format!("{nowhere}/token"),
        "client",
        secret,
    )
    .unwrap()
    .title("Upstream");
    Accounts::new(pages, provider, "http://localhost/oauth").unwrap()
}

async fn session(
    accounts: &Accounts<Arc<MemoryStore>>,
    user: &str,
    version: &ProtocolVersion,
    profile: Profile,
) -> Session {
    let server = Forms::new(Server::new(accounts.clone(), reqwest::Client::new()));
    let client = TestClient::new(server)
        .version(version.clone())
        .profile(profile);
    let routes = Browser::default().nest("/oauth", accounts.router());
    site::signed_in(client, routes, user)
        .connect()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_connect_page_declined_or_closed_connects_nothing() {
    for version in &VERSIONS {
        let accounts = accounts();
        for person in [Person::new().decline(), Person::new().cancel()] {
            let ada = session(&accounts, "ada", version, Profile::Both).await;
            let called = ada
                .call("whoami_upstream", json!({}), person)
                .await
                .unwrap();
            assert_eq!(called.text(), NOT_CONNECTED, "{version}");
            assert!(!called.is_error(), "{version}");
        }
        // The page was the connect page, in the person's browser, and never a form.
        let ada = session(&accounts, "ada", version, Profile::Both).await;
        let called = ada
            .call("whoami_upstream", json!({}), Person::new().decline())
            .await
            .unwrap();
        let page = called.shown[0].as_page().expect("the connect page");
        assert!(
            page.url.starts_with("http://localhost/oauth/connect/"),
            "{}",
            page.url
        );
        assert!(page.html.contains("Upstream"), "{version}");
    }
}

#[tokio::test]
async fn a_client_that_opens_no_page_is_given_the_connect_link() {
    for version in &VERSIONS {
        let accounts = accounts();
        let ada = session(&accounts, "ada", version, Profile::Form).await;
        let called = ada
            .call("whoami_upstream", json!({}), Person::new())
            .await
            .unwrap();
        let link = called.link().expect("the connect link");
        assert!(
            link.starts_with("http://localhost/oauth/connect/"),
            "{version}: {link}"
        );
        assert!(!called.is_error(), "{version}");
        // Declined on its page: the same call made again says so.
        let called = ada
            .call("whoami_upstream", json!({}), Person::new().decline())
            .await
            .unwrap();
        assert_eq!(called.text(), NOT_CONNECTED, "{version}");
    }
}

#[tokio::test]
async fn disconnecting_with_no_account_says_so() {
    for version in &VERSIONS {
        let accounts = accounts();
        let ada = session(&accounts, "ada", version, Profile::Both).await;
        let called = ada
            .call("disconnect_upstream", json!({}), Person::new())
            .await
            .unwrap();
        assert_eq!(
            called.text(),
            "Disconnected: no account was connected",
            "{version}"
        );
        assert!(called.shown.is_empty(), "{version}");
    }
}

#[tokio::test]
async fn a_call_of_nobody_signed_in_is_refused() {
    for version in &VERSIONS {
        let server = Forms::new(Server::new(accounts(), reqwest::Client::new()));
        // An HTTP request with no bearer token.
        let nobody = TestClient::new(server)
            .version(version.clone())
            .header("accept", "application/json")
            .connect()
            .await
            .unwrap();
        for tool in ["whoami_upstream", "disconnect_upstream"] {
            let error = nobody
                .call(tool, json!({}), Person::new())
                .await
                .unwrap_err();
            assert_eq!(
                error.to_string(),
                "the server answered with the error -32600: not signed in",
                "{version} {tool}"
            );
        }
    }
}
