//! A person at a real browser connects their upstream account: headless Chromium (Debian's
//! `chromium` and `chromium-driver`), driven over `WebDriver`, signs in at `account_server`'s
//! stand-in sign-in by its form, opens the connect page an MCP call (2026-07-28) asked for,
//! presses its button, signs in and consents on the real provider's own pages (`oidc-provider`),
//! and lands back on the server's page saying the account is connected, while the retried call
//! gets the account. Once with JavaScript (ada) and once without (bob), on one provider and one
//! server; every token the provider issued searched for, and never found, in what the browser
//! was shown, the MCP messages and the server's log. The screenshots are kept in
//! `target/screenshots/`.
//!
//! It needs `chromium`, `chromedriver` and `npm install` in `examples/rmcp/oidc`, and fails
//! without them (CI installs them and runs it with `--ignored`).

#[path = "support/account.rs"]
mod account;
#[path = "support/chromium.rs"]
mod chromium;
#[path = "support/connect.rs"]
mod connect;

use std::time::{Duration, Instant};

use account::{Provider, Server, asked, call, provider_and_server, retry, text, url_mode};
use chromium::{Driver, here, screenshot, type_into};
use fantoccini::{Client, Locator};
use serde_json::json;

const WHOAMI: &str = "whoami_upstream";

/// The button whose text is `label`.
fn button(label: &str) -> String {
    format!("//button[normalize-space()='{label}']")
}

/// Clicks the button whose text is `label`, and waits for the page it leads to (a new
/// document, after every redirect).
async fn press(browser: &Client, label: &str) {
    let before = browser.find(Locator::Css("html")).await.unwrap();
    let xpath = button(label);
    let found = match browser.find(Locator::XPath(&xpath)).await {
        Ok(found) => found,
        Err(e) => panic!("no button {label:?} on {}: {e}", here(browser).await),
    };
    found.click().await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    // The old document's element goes stale once the new one is loaded.
    while before.tag_name().await.is_ok() {
        assert!(
            Instant::now() < deadline,
            "no page came after pressing {label:?} on {}",
            here(browser).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The visible text of the page.
async fn body_text(browser: &Client) -> String {
    browser
        .find(Locator::Css("body"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Checks that the browser is at the provider's own page of `prompt` (`login` or `consent`),
/// keeps what it shows, and takes its screenshot `shot`.
async fn at_provider(
    browser: &Client,
    provider: &Provider,
    prompt: &str,
    shot: &str,
    shown: &mut Shown,
) {
    let at = here(browser).await;
    assert!(
        at.starts_with(&format!("{}/interaction/", provider.issuer)),
        "{at}"
    );
    shown.keep(browser).await;
    let css = format!("input[name=prompt][value={prompt}]");
    browser
        .find(Locator::Css(&css))
        .await
        .unwrap_or_else(|e| panic!("not the provider's {prompt} page at {at}: {e}"));
    screenshot(shot, &browser.screenshot().await.unwrap());
}

/// What a browser was shown: every page's source and address.
#[derive(Default)]
struct Shown(String);

impl Shown {
    async fn keep(&mut self, browser: &Client) {
        self.0.push_str(&here(browser).await);
        self.0.push('\n');
        self.0.push_str(&browser.source().await.unwrap());
        self.0.push('\n');
    }
}

/// One person's connection in one browser: the server's sign-in, the connect page, the
/// provider's sign-in and consent, the server's page again, and the retried call. The MCP
/// messages and what the browser was shown.
async fn connect_in(
    driver: &Driver,
    provider: &Provider,
    server: &Server,
    javascript: bool,
    (name, token): (&str, &str),
) -> String {
    let tag = if javascript { "js" } else { "nojs" };
    let origin = server.origin.as_str();
    let first = call(origin, WHOAMI, Some(token), url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    assert!(
        url.starts_with(&format!("{origin}/oauth/connect/")),
        "{url}"
    );
    let browser = driver.browser(javascript).await;
    let mut shown = Shown::default();

    // The server's sign-in, by its form (back to `/`, which is no page of the server: a 404).
    browser
        .goto(&format!("{origin}/login?return_to=/"))
        .await
        .unwrap();
    shown.keep(&browser).await;
    assert_eq!(browser.title().await.unwrap(), "Sign in");
    type_into(&browser, "#token", token).await;
    press(&browser, "Sign in").await;
    assert_eq!(
        browser.current_url().await.unwrap().as_str(),
        format!("{origin}/"),
        "signed in, back to return_to"
    );

    // The connect page: who is signed in, what is connected, the button.
    browser.goto(&url).await.unwrap();
    assert_eq!(browser.current_url().await.unwrap().as_str(), url);
    shown.keep(&browser).await;
    assert_eq!(
        browser.title().await.unwrap(),
        "Connect your Upstream account"
    );
    let page = body_text(&browser).await;
    assert!(page.contains(&format!("Signed in as {name}")), "{page}");
    screenshot(
        &format!("account-connect-{tag}"),
        &browser.screenshot().await.unwrap(),
    );
    press(&browser, "Continue to Upstream").await;

    // The provider's own sign-in page.
    at_provider(
        &browser,
        provider,
        "login",
        &format!("account-provider-{tag}"),
        &mut shown,
    )
    .await;
    type_into(&browser, "input[name=login]", name).await;
    type_into(&browser, "input[name=password]", "correct horse battery").await;
    press(&browser, "Sign-in").await;

    // The call is still waiting for the account: the same page again.
    let waiting = call(
        origin,
        WHOAMI,
        Some(token),
        url_mode(),
        retry("accept", &state),
    )
    .await;
    let (again, state) = asked(&waiting);
    assert_eq!(again, url);

    // The provider's consent page.
    at_provider(
        &browser,
        provider,
        "consent",
        &format!("account-consent-{tag}"),
        &mut shown,
    )
    .await;
    press(&browser, "Continue").await;

    // Back at the server: connected.
    let at = here(&browser).await;
    assert!(at.starts_with(&format!("{origin}/oauth/callback?")), "{at}");
    shown.keep(&browser).await;
    let heading = browser
        .find(Locator::Css("h1"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(heading, "Connected");
    let done = body_text(&browser).await;
    assert!(
        done.contains(&format!("Your Upstream account {name} is connected.")),
        "{done}"
    );
    screenshot(
        &format!("account-done-{tag}"),
        &browser.screenshot().await.unwrap(),
    );
    browser.close().await.unwrap();

    // The retry: the account, read at the provider with the token.
    let connected = call(
        origin,
        WHOAMI,
        Some(token),
        url_mode(),
        retry("accept", &state),
    )
    .await;
    assert_eq!(
        text(&connected),
        format!("Upstream account: {name} ({name}@example.com)")
    );
    format!("{first}\n{waiting}\n{connected}\n{}", shown.0)
}

#[tokio::test]
#[ignore = "needs chromium, chromedriver and oidc-provider: CI installs them and runs this with --ignored"]
async fn a_person_connects_an_account_in_chromium() {
    let (provider, server) = provider_and_server(300, &[]);
    let driver = Driver::start();
    let with = connect_in(&driver, &provider, &server, true, ("ada", "dev-ada")).await;
    let exchanged = provider.issued().len();
    assert!(exchanged > 0, "the provider issued tokens for ada");
    let without = connect_in(&driver, &provider, &server, false, ("bob", "dev-bob")).await;
    let issued = provider.issued();
    assert!(
        issued.len() > exchanged,
        "the provider issued tokens for bob"
    );
    let everything = format!("{with}{without}{}", server.log());
    for token in issued {
        assert!(!everything.contains(&token), "a token leaked: {token}");
    }
}
