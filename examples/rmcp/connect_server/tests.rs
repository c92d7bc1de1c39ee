//! `connect_server`'s tool, tested in process with `mcp_elicit::testing`: a hand-written
//! `ServerHandler` whose key is asked on a page, answered through the server's own routes by the
//! signed-in user, on 2025-11-25 and 2026-07-28. Plain `cargo test` runs them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcp_elicit::page::serve::Pages;
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::page::{ExposeSecret, SecretString};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::testing::{Browser, Person, Profile, Session, TestClient, VERSIONS};
use rmcp::model::ProtocolVersion;
use serde_json::json;

use super::{Connector, pages, site};

type Kept = Arc<Mutex<HashMap<(String, String), SecretString>>>;

const KEY: &str = "sk-test-0123456789abcdef";

fn served() -> (Pages<MemoryStore>, Kept) {
    let keys = StateKeys::random().unwrap();
    let ttl = Duration::from_mins(1);
    (
        pages(MemoryStore::new(100), &keys, "/pages", ttl),
        Kept::default(),
    )
}

fn client(
    (pages, kept): &(Pages<MemoryStore>, Kept),
    user: &str,
    version: &ProtocolVersion,
    profile: Profile,
) -> TestClient<Connector<MemoryStore>> {
    let client = TestClient::new(Connector::new(pages.clone(), kept))
        .version(version.clone())
        .profile(profile);
    site::signed_in(
        client,
        Browser::default().nest("/pages", pages.router()),
        user,
    )
}

async fn session(
    served: &(Pages<MemoryStore>, Kept),
    user: &str,
    version: &ProtocolVersion,
    profile: Profile,
) -> Session {
    client(served, user, version, profile)
        .connect()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_key_is_given_on_the_page_kept_for_the_user_and_never_shown() {
    for version in &VERSIONS {
        let served = served();
        let ada = session(&served, "ada", version, Profile::Both).await;
        let person = Person::new()
            .answer(json!({"label": "Work", "api_key": "short", "region": "eu"}))
            .answer(json!({"label": "Work", "api_key": KEY, "region": "us"}));
        let called = ada
            .call("connect_service", json!({}), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Connected Work (United States)", "{version}");
        let statuses: Vec<u16> = called
            .shown
            .iter()
            .filter_map(|shown| shown.as_page())
            .map(|page| page.status)
            .collect();
        assert_eq!(statuses, [200, 422], "{version}: asked again on the page");
        assert!(called.forms().is_empty(), "{version}: never a form");
        {
            let kept = served.1.lock().unwrap();
            let key = &kept[&("ada".to_owned(), "Work".to_owned())];
            assert_eq!(key.expose_secret(), KEY, "{version}");
        }
        // The key is on no page shown back, and in no result.
        assert!(!format!("{:?}", called.shown).contains(KEY), "{version}");
        assert!(!called.text().contains(KEY), "{version}");
    }
}

#[tokio::test]
async fn a_decline_or_a_closed_page_connects_nothing() {
    for version in &VERSIONS {
        let served = served();
        for (user, person) in [
            ("ada", Person::new().decline()),
            ("bob", Person::new().cancel()),
        ] {
            let session = session(&served, user, version, Profile::Url).await;
            let called = session
                .call("connect_service", json!({}), person)
                .await
                .unwrap();
            assert_eq!(
                called.text(),
                "Nothing was connected: no key was given.",
                "{version} {user}"
            );
        }
        assert!(served.1.lock().unwrap().is_empty(), "{version}");
    }
}

#[tokio::test]
async fn a_call_of_nobody_signed_in_is_refused() {
    for version in &VERSIONS {
        let (pages, kept) = served();
        let nobody = TestClient::new(Connector::new(pages, &kept))
            .version(version.clone())
            .connect()
            .await
            .unwrap();
        let called = nobody
            .call("connect_service", json!({}), Person::new())
            .await
            .unwrap();
        assert!(called.is_error(), "{version}");
        assert_eq!(called.text(), "not signed in", "{version}");
    }
}

#[tokio::test]
async fn a_client_that_opens_no_page_gives_the_link_and_the_same_call_connects() {
    for version in &VERSIONS {
        let served = served();
        for profile in [Profile::Form, Profile::None] {
            let ada = session(&served, "ada", version, profile).await;
            let label = format!("{profile:?}");
            let person =
                Person::new().answer(json!({"label": label, "api_key": KEY, "region": "eu"}));
            let called = ada
                .call("connect_service", json!({}), person)
                .await
                .unwrap();
            assert_eq!(
                called.text(),
                format!("Connected {label} (Europe)"),
                "{version} {profile:?}"
            );
            assert!(called.shown[0].as_link().is_some(), "{version} {profile:?}");
        }
    }
}

#[tokio::test]
async fn the_page_is_written_in_arabic_for_a_person_who_reads_it() {
    for version in &VERSIONS {
        let served = served();
        let ada = client(&served, "ada", version, Profile::Url)
            .language("ar")
            .connect()
            .await
            .unwrap();
        let person = Person::new().answer(json!({"label": "عمل", "api_key": KEY, "region": "eu"}));
        let called = ada
            .call("connect_service", json!({}), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Connected عمل (Europe)", "{version}");
        let page = called.shown[0].as_page().unwrap();
        assert_eq!(page.language.as_deref(), Some("ar"), "{version}");
        assert!(page.html.contains("اربط خدمة الطقس الخاصة بك"), "{version}");
        assert!(page.html.contains("dir=\"rtl\""), "{version}");
    }
}
