//! A person at a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`),
//! driven over `WebDriver`, signs in, opens `connect_server`'s page, submits a key that is too
//! short, sees the problem beside the field (the other values kept, the key field empty), fixes
//! it and submits, while the MCP call (2026-07-28) gets the typed answer on its retry. Once with
//! JavaScript and once without; the screenshots are kept in `target/screenshots/`.
//!
//! It needs `chromium` and `chromedriver` and fails without them (CI installs both and runs it
//! with `--ignored`).

#[path = "support/chromium.rs"]
mod chromium;
#[path = "support/connect.rs"]
mod connect;

use std::time::{Duration, Instant};

use chromium::{Driver, screenshot, type_into};
use connect::{SECRET, Server, asked, call, call_tool_with, retry, text, url_mode};
use fantoccini::{Client, Locator};
use mcp_elicit::lang::ACCEPT_LANGUAGE;
use serde_json::json;

async fn value(browser: &Client, css: &str) -> String {
    let element = browser.find(Locator::Css(css)).await.unwrap();
    element.prop("value").await.unwrap().unwrap_or_default()
}

async fn attr(browser: &Client, css: &str, name: &str) -> Option<String> {
    browser
        .find(Locator::Css(css))
        .await
        .unwrap()
        .attr(name)
        .await
        .unwrap()
}

/// Clicks what `css` finds, and waits for the page it leads to (a new document).
async fn click(browser: &Client, css: &str) {
    let before = browser.find(Locator::Css("html")).await.unwrap();
    choose(browser, css).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    // The old document's element goes stale once the new one is loaded.
    while before.tag_name().await.is_ok() {
        assert!(
            Instant::now() < deadline,
            "no page came after clicking {css}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks what `css` finds (a radio button: no new page).
async fn choose(browser: &Client, css: &str) {
    browser
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// The whole flow in one browser: sign-in, a short key, the problem, the fix, the answer.
async fn connect_in(driver: &Driver, javascript: bool) {
    let name = if javascript {
        "with-javascript"
    } else {
        "without-javascript"
    };
    let server = Server::start(&[]);
    let origin = server.origin.as_str();
    let (_, first) = call(origin, Some("dev-ada"), url_mode(), json!({})).await;
    let (url, state) = asked(&first);
    let browser = driver.browser(javascript).await;

    // Not signed in: the sign-in page, and back to the page.
    browser.goto(&url).await.unwrap();
    assert_eq!(browser.current_url().await.unwrap().path(), "/login");
    type_into(&browser, "#token", "dev-ada").await;
    click(&browser, "button[type=submit]").await;
    assert_eq!(browser.current_url().await.unwrap().as_str(), url);
    assert_eq!(browser.title().await.unwrap(), "Connect a weather service");
    screenshot(
        &format!("connect-{name}-1-page"),
        &browser.screenshot().await.unwrap(),
    );

    // A key that is too short: the page again, the problem beside the field and in the summary.
    type_into(&browser, "input[name='f.label']", "Work").await;
    type_into(&browser, "input[name='f.api_key']", "too-short").await;
    choose(&browser, "input[name='f.region'][value=us]").await;
    click(&browser, "button[value=accept]").await;
    let key = "input[name='f.api_key']";
    assert_eq!(
        attr(&browser, key, "aria-invalid").await.as_deref(),
        Some("true")
    );
    let described = attr(&browser, key, "aria-describedby").await.unwrap();
    let problem = described
        .split(' ')
        .find(|id| id.ends_with("_problem"))
        .unwrap();
    let problem = browser
        .find(Locator::Id(problem))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(problem.contains("at least 20 characters"), "{problem}");
    let summary = browser
        .find(Locator::Css(".error-summary a"))
        .await
        .unwrap();
    assert_eq!(
        summary.attr("href").await.unwrap(),
        Some(format!("#{}", attr(&browser, key, "id").await.unwrap()))
    );
    assert_eq!(value(&browser, "input[name='f.label']").await, "Work");
    assert_eq!(
        value(&browser, key).await,
        "",
        "a secret is never written back"
    );
    let checked = browser
        .find(Locator::Css("input[name='f.region'][value=us]"))
        .await
        .unwrap();
    assert_eq!(
        checked.prop("checked").await.unwrap().as_deref(),
        Some("true")
    );
    screenshot(
        &format!("connect-{name}-2-problem"),
        &browser.screenshot().await.unwrap(),
    );

    // The call is still waiting for the page.
    let (_, waiting) = call(origin, Some("dev-ada"), url_mode(), retry("accept", &state)).await;
    let (_, state) = asked(&waiting);

    // Fixed, and submitted.
    type_into(&browser, key, SECRET).await;
    click(&browser, "button[value=accept]").await;
    let done = browser.source().await.unwrap();
    assert!(!done.contains(SECRET));
    screenshot(
        &format!("connect-{name}-3-done"),
        &browser.screenshot().await.unwrap(),
    );
    let (_, result) = call(origin, Some("dev-ada"), url_mode(), retry("accept", &state)).await;
    assert_eq!(text(&result), "Connected Work (United States)");

    // The page is answered: opening it again shows it is gone.
    browser.goto(&url).await.unwrap();
    let gone = browser.source().await.unwrap();
    assert!(!gone.contains("f.api_key"), "{gone}");
    browser.close().await.unwrap();
    assert!(!format!("{first}{waiting}{result}{}", server.log()).contains(SECRET));
}

#[tokio::test]
#[ignore = "needs chromium and chromedriver: CI installs them and runs this with --ignored"]
async fn a_person_connects_a_service_in_chromium() {
    let driver = Driver::start();
    connect_in(&driver, true).await;
    connect_in(&driver, false).await;
}

/// The page of `url`, opened in `browser` (signed in as ada on the way), then answered with a
/// key that is too short: what the person sees, in the page's language. Screenshots are kept as
/// `language-{name}-1-page` and `-2-problem`.
async fn page_in(browser: &Client, url: &str, name: &str) -> (String, String) {
    browser.goto(url).await.unwrap();
    if browser.current_url().await.unwrap().path() == "/login" {
        type_into(browser, "#token", "dev-ada").await;
        click(browser, "button[type=submit]").await;
    }
    let page = browser.source().await.unwrap();
    screenshot(
        &format!("language-{name}-1-page"),
        &browser.screenshot().await.unwrap(),
    );
    type_into(browser, "input[name='f.label']", "Work").await;
    type_into(browser, "input[name='f.api_key']", "too-short").await;
    if browser
        .find(Locator::Css("input[name='f.region'][value=eu]"))
        .await
        .is_ok()
    {
        choose(browser, "input[name='f.region'][value=eu]").await;
    }
    click(browser, "button[value=accept]").await;
    let problem = browser.source().await.unwrap();
    screenshot(
        &format!("language-{name}-2-problem"),
        &browser.screenshot().await.unwrap(),
    );
    (page, problem)
}

/// A page in French and in Simplified Chinese (the language of the call that asked for it,
/// whatever the browser's), and in Arabic, right to left (the browser's language, for a page
/// whose call gave none): the frame, the form, the rules under each field and the problems, each
/// in the page's language. The screenshots are looked at: `target/screenshots/language-*.png`.
#[tokio::test]
#[ignore = "needs chromium and chromedriver: CI installs them and runs this with --ignored"]
async fn pages_speak_french_chinese_and_arabic() {
    let driver = Driver::start();
    let router = Server::start_program(env!("CARGO_BIN_EXE_router_server"), &[]);
    for (preference, tag, title, rules, problem) in [
        (
            "fr-CH, fr;q=0.9",
            "fr",
            "Connecter un service météo",
            "de 2 à 40 caractères",
            "au moins 20 caractères",
        ),
        (
            "zh-CN",
            "zh-Hans",
            "连接天气服务",
            "2 至 40 个字符",
            "至少需要 20 个字符",
        ),
    ] {
        let meta = json!({ACCEPT_LANGUAGE: preference});
        let (_, _, first) = call_tool_with(
            &router.origin,
            "connect_service",
            Some("dev-ada"),
            url_mode(),
            serde_json::Value::Null,
            meta,
            &[],
        )
        .await;
        let (url, _) = asked(&first);
        // An English browser: the page speaks the call's language, sealed with it.
        let browser = driver.browser(true).await;
        let (page, after) = page_in(&browser, &url, tag).await;
        assert!(page.contains(&format!("<html lang=\"{tag}\">")), "{page}");
        let shown = browser.title().await.unwrap();
        assert!(shown.contains(title), "{shown}");
        assert!(page.contains(rules), "{page}");
        assert!(after.contains(problem), "{after}");
        browser.close().await.unwrap();
    }

    // A call without a preference, an Arabic browser: the page in Arabic, right to left.
    let server = Server::start(&[]);
    let (_, first) = call(&server.origin, Some("dev-ada"), url_mode(), json!({})).await;
    let (url, _) = asked(&first);
    let browser = driver.browser_in(true, "ar").await;
    let (page, after) = page_in(&browser, &url, "ar").await;
    assert!(page.contains("<html lang=\"ar\" dir=\"rtl\">"), "{page}");
    assert!(page.contains("ربط خدمة طقس"), "{page}");
    // The form's own message too, in the browser's language.
    assert!(page.contains("اربط خدمة الطقس الخاصة بك"), "{page}");
    assert!(after.contains("dir=\"rtl\""), "{after}");
    // The problem is Arabic: "must be at least 20 characters".
    assert!(after.contains("حرفًا"), "{after}");
    // The layout is mirrored: the form's fields start at the right.
    let label = browser
        .find(Locator::Css("label[for='field-label']"))
        .await
        .unwrap();
    let (x, _, width, _) = label.rectangle().await.unwrap();
    let main = browser.find(Locator::Css("main")).await.unwrap();
    let (main_x, _, main_width, _) = main.rectangle().await.unwrap();
    assert!(
        x + width > main_x + main_width * 0.6,
        "the label sits at the right of the page: {x} + {width} in {main_x} + {main_width}"
    );
    browser.close().await.unwrap();
}
