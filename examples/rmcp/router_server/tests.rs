//! `router_server`'s tools and prompt, tested in process with `mcp_elicit::testing`: a real rmcp
//! client on 2025-11-25 and 2026-07-28, a scripted person, the pages answered through the
//! server's own routes as the signed-in user. Plain `cargo test` runs them.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::Request;
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::testing::{Browser, Person, Profile, Session, TestClient, VERSIONS};
use rmcp::model::{ElicitResult, ElicitationAction, ProtocolVersion};
use serde_json::json;

use super::{Shared, pages, server, site};

/// The server's state, shared by every session as the HTTP service shares it, and its pages.
fn shared() -> Shared<Arc<MemoryStore>> {
    let keys = StateKeys::random().unwrap();
    Shared::new(pages(Arc::new(MemoryStore::new(100)), &keys, "/pages"))
}

/// A session of `user` at a client of `version` declaring `profile`, the pages opened in their
/// browser, signed in (the cookie `/login` sets).
async fn session(
    shared: &Shared<Arc<MemoryStore>>,
    user: &str,
    version: &ProtocolVersion,
    profile: Profile,
) -> Session {
    client(shared, user, version, profile)
        .connect()
        .await
        .unwrap()
}

fn client(
    shared: &Shared<Arc<MemoryStore>>,
    user: &str,
    version: &ProtocolVersion,
    profile: Profile,
) -> TestClient<impl rmcp::Service<rmcp::RoleServer>> {
    let client = TestClient::new(server(shared, Duration::from_secs(5)))
        .version(version.clone())
        .profile(profile);
    let routes = Browser::default().nest("/pages", shared.pages.router());
    site::signed_in(client, routes, user)
}

fn greeting(words: &str) -> serde_json::Value {
    json!({ "greeting": words })
}

#[tokio::test]
async fn greet_user_asks_the_name_once_for_each_user_and_again_after_a_reset() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = session(&shared, "ada", version, Profile::Form).await;
        let called = ada
            .call(
                "greet_user",
                greeting("Hello"),
                Person::new().answer(json!({"name": "Ada"})),
            )
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Ada!", "{version}");
        let form = called.forms()[0];
        assert_eq!(form.message, "Please provide your name");
        assert_eq!(form.fields(), ["name"]);
        assert_eq!(form.schema["properties"]["name"]["minLength"], 2);

        // Known now: not asked again, and the greeting is the one given.
        let again = ada
            .call("greet_user", greeting("Hi"), Person::new())
            .await
            .unwrap();
        assert_eq!((again.text().as_str(), again.shown.len()), ("Hi Ada!", 0));

        // Known for ada only: bob is asked his own.
        let bob = session(&shared, "bob", version, Profile::Form).await;
        let called = bob
            .call(
                "greet_user",
                greeting("Hello"),
                Person::new().answer(json!({"name": "Bob"})),
            )
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Bob!", "{version}");

        // Forgotten: asked again.
        let reset = ada
            .call("reset_name", json!({}), Person::new())
            .await
            .unwrap();
        assert_eq!(
            reset.text(),
            "User name reset. Next greeting will ask for name again."
        );
        let called = ada
            .call(
                "greet_user",
                greeting("Hello"),
                Person::new().answer(json!({"name": "Ada L."})),
            )
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Ada L.!", "{version}");
    }
}

#[tokio::test]
async fn a_name_too_short_is_asked_again_and_a_decline_or_cancel_is_a_guest() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = session(&shared, "ada", version, Profile::Form).await;
        let person = Person::new()
            .answer(json!({"name": "A"}))
            .answer(json!({"name": "Ada"}));
        let called = ada
            .call("greet_user", greeting("Hello"), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Ada!", "{version}");
        assert_eq!(called.forms().len(), 2, "{version}");
        assert_eq!(
            called.forms()[1].problems(),
            ["- Name: must be at least 2 characters long, got 1"],
            "{version}"
        );

        for (user, person, what) in [
            ("carol", Person::new().decline(), "decline"),
            ("dan", Person::new().cancel(), "cancel"),
        ] {
            let carol = session(&shared, user, version, Profile::Form).await;
            let called = carol
                .call("greet_user", greeting("Hello"), person)
                .await
                .unwrap();
            assert_eq!(called.text(), "Hello Guest!", "{version} {what}");
            // Nothing remembered: carol is asked again.
            let called = carol
                .call(
                    "greet_user",
                    greeting("Hello"),
                    Person::new().answer(json!({"name": "Carol"})),
                )
                .await
                .unwrap();
            assert_eq!(called.text(), "Hello Carol!", "{version} {what}");
        }

        // An accept with nothing in it is no name, nor is content no form holds.
        let dan = session(&shared, "erin", version, Profile::Form).await;
        let empty = ElicitResult::new(ElicitationAction::Accept);
        let person = Person::new().respond(empty).answer(json!({"name": "Dan"}));
        let called = dan
            .call("greet_user", greeting("Hello"), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Dan!", "{version}");
    }
}

#[tokio::test]
async fn book_table_asks_exactly_for_what_the_model_left_out_or_got_wrong() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = session(&shared, "ada", version, Profile::Form).await;
        let all = json!({"date": "2026-12-24", "partySize": 4, "seating": "outdoor"});
        let called = ada.call("book_table", all, Person::new()).await.unwrap();
        assert_eq!(
            called.text(),
            "Booked a table for 4 on 2026-12-24, Outdoor.",
            "{version}"
        );

        // The party size left out, the seating wrong: asked for those two only.
        let partial = json!({"date": "2026-12-24", "seating": "roof"});
        let person = Person::new().answer(json!({"partySize": 2, "seating": "indoor"}));
        let called = ada.call("book_table", partial, person).await.unwrap();
        assert_eq!(
            called.text(),
            "Booked a table for 2 on 2026-12-24, Indoor.",
            "{version}"
        );
        assert_eq!(called.forms()[0].fields(), ["partySize", "seating"]);

        // Twelve at most: thirteen is asked again.
        let person = Person::new()
            .answer(json!({"date": "2026-12-31", "partySize": 13, "seating": "indoor"}))
            .answer(json!({"date": "2026-12-31", "partySize": 12, "seating": "indoor"}));
        let called = ada.call("book_table", json!({}), person).await.unwrap();
        assert_eq!(
            called.text(),
            "Booked a table for 12 on 2026-12-31, Indoor.",
            "{version}"
        );
        assert_eq!(
            called.forms()[1].problems(),
            ["- Party size: must be at most 12, got 13"],
            "{version}"
        );

        let called = ada
            .call("book_table", json!({}), Person::new().decline())
            .await
            .unwrap();
        assert_eq!(called.text(), "Nothing was booked.", "{version}");
    }
}

#[tokio::test]
async fn plan_trip_asks_the_destination() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = session(&shared, "ada", version, Profile::Form).await;
        let person = Person::new().answer(json!({"destination": "Lisbon"}));
        let called = ada.prompt("plan_trip", json!({}), person).await.unwrap();
        assert_eq!(called.text(), "Plan a trip to Lisbon.", "{version}");
        let called = ada
            .prompt("plan_trip", json!({}), Person::new().decline())
            .await
            .unwrap();
        assert_eq!(called.text(), "Plan a trip.", "{version}");
    }
}

/// The key given to `connect_service`'s page.
const KEY: &str = "sk-test-0123456789abcdef";

#[tokio::test]
async fn connect_service_takes_the_key_on_a_page_and_never_through_the_client() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = session(&shared, "ada", version, Profile::Both).await;
        let person = Person::new()
            .answer(json!({"label": "Work", "api_key": "too-short"}))
            .answer(json!({"label": "Work", "api_key": KEY}));
        let called = ada
            .call("connect_service", json!({}), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Connected Work", "{version}");
        // The page, then the page again with its problem; never a form.
        let pages: Vec<u16> = called
            .shown
            .iter()
            .map(|shown| shown.as_page().expect("only pages").status)
            .collect();
        assert_eq!(pages, [200, 422], "{version}");
        assert!(
            called.shown[1]
                .as_page()
                .unwrap()
                .html
                .contains("at least 20")
        );
        {
            let kept = shared.keys.lock().unwrap();
            let key = &kept[&("ada".to_owned(), "Work".to_owned())];
            assert_eq!(mcp_elicit::page::ExposeSecret::expose_secret(key), KEY);
        }

        let called = ada
            .call("connect_service", json!({}), Person::new().decline())
            .await
            .unwrap();
        assert_eq!(
            called.text(),
            "Nothing was connected: no key was given.",
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_client_without_forms_reaches_the_person_through_a_page_or_a_link() {
    for version in &VERSIONS {
        let shared = shared();
        // URL mode only: the form is a page.
        let ada = session(&shared, "ada", version, Profile::Url).await;
        let person = Person::new().answer(json!({"name": "Ada"}));
        let called = ada
            .call("greet_user", greeting("Hello"), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Hello Ada!", "{version}");
        assert!(called.shown[0].as_page().is_some(), "{version}");

        // Neither: a link in the result, answered on its page, and the same call again.
        let bob = session(&shared, "bob", version, Profile::None).await;
        let person = Person::new().answer(json!({"destination": "Porto"}));
        let called = bob.prompt("plan_trip", json!({}), person).await.unwrap();
        assert_eq!(called.text(), "Plan a trip to Porto.", "{version}");
        assert!(called.shown[0].as_link().is_some(), "{version}");

        // Not followed: the call ends with the link, and nothing was done.
        let called = bob
            .call("book_table", json!({}), Person::new())
            .await
            .unwrap();
        let link = called.link().expect("a link");
        assert!(link.starts_with("/pages/"), "{version}: {link}");
        assert!(!called.is_error(), "{version}");

        // A secret under a client with forms only: the link, never a form.
        let carol = session(&shared, "carol", version, Profile::Form).await;
        let person = Person::new().answer(json!({"label": "Home", "api_key": KEY}));
        let called = carol
            .call("connect_service", json!({}), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Connected Home", "{version}");
        assert!(called.forms().is_empty(), "{version}");
    }
}

#[tokio::test]
async fn another_user_cannot_answer_the_page_of_a_call() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = session(&shared, "ada", version, Profile::None).await;
        let called = ada
            .call("greet_user", greeting("Hello"), Person::new())
            .await
            .unwrap();
        let link = called.link().expect("a link").to_owned();
        // Bob's browser is refused ada's page.
        let routes = Router::new().nest("/pages", shared.pages.router());
        let status = opened(routes, &link, "bob").await;
        assert_eq!(status, 403, "{version}");
    }
}

/// The status `user`'s browser opens `url` with.
async fn opened(routes: Router, url: &str, user: &str) -> u16 {
    use tower::ServiceExt;
    let request = Request::get(url)
        .header("cookie", format!("session=dev-{user}"))
        .body(axum::body::Body::empty())
        .unwrap();
    routes.oneshot(request).await.unwrap().status().as_u16()
}

#[tokio::test]
async fn a_person_who_reads_french_is_asked_in_french() {
    for version in &VERSIONS {
        let shared = shared();
        let ada = client(&shared, "ada", version, Profile::Form)
            .language("fr-CH, fr;q=0.9")
            .connect()
            .await
            .unwrap();
        let person = Person::new()
            .answer(json!({"name": "A"}))
            .answer(json!({"name": "Adèle"}));
        let called = ada
            .call("greet_user", greeting("Bonjour"), person)
            .await
            .unwrap();
        assert_eq!(called.text(), "Bonjour Adèle!", "{version}");
        let forms = called.forms();
        assert_eq!(forms[0].message, "Veuillez indiquer votre nom", "{version}");
        assert_eq!(forms[0].language.as_deref(), Some("fr"), "{version}");
        assert_eq!(forms[0].schema["properties"]["name"]["title"], "Nom");
        assert_eq!(
            forms[1].problems(),
            ["- Nom\u{a0}: doit comporter au moins 2 caractères (actuellement 1)"],
            "{version}"
        );

        // The page too.
        let bob = client(&shared, "bob", version, Profile::Url)
            .language("fr")
            .connect()
            .await
            .unwrap();
        let person = Person::new().answer(json!({"destination": "Lyon"}));
        let called = bob.prompt("plan_trip", json!({}), person).await.unwrap();
        let page = called.shown[0].as_page().unwrap();
        assert_eq!(page.language.as_deref(), Some("fr"), "{version}");
        assert!(page.html.contains("Où aimeriez-vous aller ?"), "{version}");
    }
}
