//! A person at a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`),
//! driven over `WebDriver`, signs in, opens `connect_server`'s page, submits a key that is too
//! short, sees the problem beside the field (the other values kept, the key field empty), fixes
//! it and submits, while the MCP call (2026-07-28) gets the typed answer on its retry. Once with
//! JavaScript and once without; the screenshots are kept in `target/screenshots/`.
//!
//! Then pages in other languages: French, Chinese and Arabic from `router_server` and
//! `connect_server`; and from pages of the test's own, a form in Hebrew (a language the crate's
//! words do not speak), a Latin title on an Arabic page and a hostile name signed in as, each
//! page checked for its language, direction and isolation by where its characters are drawn.
//! axe-core finds nothing wrong with any page these tests open.
//!
//! It needs `chromium`, `chromedriver` and axe-core (`npm install` in `examples/rmcp/axe`), and
//! fails without them (CI installs them and runs it with `--ignored`).

#[path = "support/chromium.rs"]
mod chromium;
#[path = "support/connect.rs"]
mod connect;

use std::time::{Duration, Instant};

use chromium::{Driver, axe, characters, screenshot, type_into};
use connect::{SECRET, Server, asked, call, call_tool_with, retry, text, url_mode};
use fantoccini::{Client, Locator};
use mcp_elicit::Elicit;
use mcp_elicit::lang::ACCEPT_LANGUAGE;
use mcp_elicit::page::serve::{Identity, Pages, Parts};
use mcp_elicit::page::store::MemoryStore;
use mcp_elicit::rounds::StateKeys;
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
/// `language-{name}-1-page` and `-2-problem`; axe-core finds nothing wrong with either (the
/// browser runs JavaScript).
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
    assert_eq!(axe(browser).await, Vec::<String>::new(), "{name}");
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
    assert_eq!(axe(browser).await, Vec::<String>::new(), "{name}");
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

// A form translated into Hebrew (`tests/locales/he`), a language the crate's own words do not
// speak. (A comment, not a doc comment: that would be the form's description.)
#[derive(Elicit)]
#[elicit(title = "Book a table", message = "Book a table for tonight")]
#[elicit(translations(path = "tests/locales", languages("he")))]
struct Booking {
    /// Whose name the table is under
    #[elicit(title = "Name", min_length = 2)]
    name: String,
    #[elicit(title = "Notes")]
    notes: Option<String>,
}

// A form in Arabic with a field whose title is Latin and ends in punctuation.
#[derive(Elicit)]
#[elicit(
    language = "ar",
    title = "خبرتك",
    message = "أخبرنا عن خبرتك في البرمجة"
)]
struct Experience {
    /// ما الذي كتبته بهذه اللغة؟
    #[elicit(title = "C#", min_length = 3)]
    csharp: Option<String>,
}

// A form in Japanese, whose "Signed in as" line has its words after the name.
#[derive(Elicit)]
#[elicit(
    language = "ja",
    title = "ご予約",
    message = "今夜のテーブルを予約します"
)]
struct Reservation {
    #[elicit(title = "お名前", min_length = 2)]
    name: String,
}

/// The name the person of [`OwnPages`] is signed in as: a stray end of an isolate, then a
/// RIGHT-TO-LEFT OVERRIDE, which would reverse every word after it on its line.
const HOSTILE_NAME: &str = "mallory\u{2069}\u{202e}";

/// Every browser is ada's, signed in as [`HOSTILE_NAME`].
struct SignedIn;

impl Identity for SignedIn {
    fn subject(&self, _: &Parts) -> Option<String> {
        Some("ada".to_owned())
    }

    fn name(&self, _: &Parts) -> Option<String> {
        Some(HOSTILE_NAME.to_owned())
    }
}

/// Pages of the test's own, served in process on a free port of loopback: the forms above.
struct OwnPages {
    pages: Pages<MemoryStore>,
    served: tokio::task::JoinHandle<()>,
}

impl OwnPages {
    async fn start() -> OwnPages {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let keys = StateKeys::random().unwrap();
        let pages = Pages::new(
            MemoryStore::new(100),
            &keys,
            &format!("{origin}/pages"),
            SignedIn,
        )
        .form::<Booking>()
        .form::<Experience>()
        .form::<Reservation>();
        let router = axum::Router::new().nest("/pages", pages.router());
        let served = tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        OwnPages { pages, served }
    }

    /// A new page of `T`'s, made without a language: it speaks the browser's, among `T`'s.
    async fn page<T: Elicit>(&self) -> String {
        self.pages.create::<T>(Some("ada"), None).await.unwrap().1
    }
}

impl Drop for OwnPages {
    fn drop(&mut self) {
        self.served.abort();
    }
}

/// The computed style `property` of what `css` finds.
async fn style(browser: &Client, css: &str, property: &str) -> String {
    let value = browser
        .execute(
            "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]];",
            vec![json!(css), json!(property)],
        )
        .await
        .unwrap();
    value.as_str().unwrap().to_owned()
}

/// The text of what `css` finds, as the document holds it (invisible characters too).
async fn text_content(browser: &Client, css: &str) -> String {
    let element = browser.find(Locator::Css(css)).await.unwrap();
    element
        .prop("textContent")
        .await
        .unwrap()
        .unwrap_or_default()
}

/// The boxes of the visible characters of `text`, as they follow each other in what `css`
/// finds (the first run of them), left to right as written.
async fn boxes_of(browser: &Client, css: &str, text: &str) -> Vec<(f64, f64)> {
    let shown = characters(browser, css).await;
    let wanted: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let visible: Vec<&(char, f64, f64)> = shown
        .iter()
        .filter(|(c, left, right)| !c.is_whitespace() && right > left)
        .collect();
    let at = visible
        .windows(wanted.len())
        .position(|run| run.iter().map(|(c, ..)| *c).eq(wanted.iter().copied()))
        .unwrap_or_else(|| panic!("no {text:?} in {css}: {shown:?}"));
    visible[at..at + wanted.len()]
        .iter()
        .map(|(_, left, right)| (*left, *right))
        .collect()
}

/// Whether each box is to the right of the one before it: the text reads left to right.
fn left_to_right(boxes: &[(f64, f64)]) -> bool {
    boxes.windows(2).all(|pair| pair[1].0 >= pair[0].1 - 0.5)
}

/// A form translated into Hebrew, for a Hebrew browser, in headless Chromium: the page is in
/// Hebrew (`<html lang="he" dir="rtl">`, `Content-Language: he`), laid out right to left; its
/// buttons and problems, in the crate's English, are marked `lang="en" dir="ltr"`, and the Hebrew
/// title in an English problem is isolated. axe-core finds nothing wrong; the screenshots
/// (`bidi-hebrew-*`) are looked at.
#[tokio::test]
#[ignore = "needs chromium, chromedriver and axe-core: CI installs them and runs this with --ignored"]
async fn a_form_in_hebrew_is_a_hebrew_page_with_english_words_marked() {
    let driver = Driver::start();
    let server = OwnPages::start().await;
    let url = server.page::<Booking>().await;
    // Its language, as a plain request sees it.
    let response = connect::http()
        .get(&url)
        .header("accept-language", "he-IL, he;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-language"], "he");
    let browser = driver.browser_in(true, "he").await;
    browser.goto(&url).await.unwrap();
    assert_eq!(attr(&browser, "html", "lang").await.as_deref(), Some("he"));
    assert_eq!(attr(&browser, "html", "dir").await.as_deref(), Some("rtl"));
    assert_eq!(browser.title().await.unwrap(), "הזמנת שולחן");
    assert_eq!(style(&browser, "main", "direction").await, "rtl");
    // The crate's words are English, and say so.
    let accept = "button[value=accept]";
    assert_eq!(attr(&browser, accept, "lang").await.as_deref(), Some("en"));
    assert_eq!(style(&browser, accept, "direction").await, "ltr");
    assert_eq!(text_content(&browser, accept).await, "Submit");
    // Laid out right to left: the first button at the right of the second, the label at the
    // right of the page.
    let first = browser.find(Locator::Css(accept)).await.unwrap();
    let (accept_x, ..) = first.rectangle().await.unwrap();
    let second = browser
        .find(Locator::Css("button[value=decline]"))
        .await
        .unwrap();
    let (decline_x, ..) = second.rectangle().await.unwrap();
    assert!(accept_x > decline_x, "{accept_x} then {decline_x}");
    let label = browser
        .find(Locator::Css("label[for='field-name']"))
        .await
        .unwrap();
    let (x, _, width, _) = label.rectangle().await.unwrap();
    let main = browser.find(Locator::Css("main")).await.unwrap();
    let (main_x, _, main_width, _) = main.rectangle().await.unwrap();
    assert!(
        x + width > main_x + main_width * 0.6,
        "{x} + {width} in {main_x} + {main_width}"
    );
    // The English rule under the field lines up with the page, at the right.
    let rule = boxes_of(
        &browser,
        "#field-name_hint p[lang=en]",
        "at least 2 characters",
    )
    .await;
    assert!(left_to_right(&rule), "{rule:?}");
    assert!(
        rule.last().unwrap().1 > main_x + main_width * 0.6,
        "{rule:?}"
    );
    // "(optional)" on the left of the Hebrew title, a space between them.
    let notes = "label[for='field-notes']";
    let title = boxes_of(&browser, notes, "הערות").await;
    let optional = boxes_of(&browser, notes, "(optional)").await;
    let title_left = title.iter().map(|b| b.0).fold(f64::MAX, f64::min);
    assert!(left_to_right(&optional), "{optional:?}");
    assert!(
        optional.last().unwrap().1 + 2.0 < title_left,
        "{optional:?} {title:?}"
    );
    assert_eq!(axe(&browser).await, Vec::<String>::new());
    screenshot("bidi-hebrew-1-page", &browser.screenshot().await.unwrap());
    // Too short: the English problem beside the Hebrew field, its title isolated.
    type_into(&browser, "input[name='f.name']", "x").await;
    click(&browser, accept).await;
    let problem = "#field-name_problem";
    assert_eq!(attr(&browser, problem, "lang").await.as_deref(), Some("en"));
    assert_eq!(style(&browser, problem, "direction").await, "ltr");
    let said = text_content(&browser, problem).await;
    assert!(
        said.contains("\u{2068}שם\u{2069} must be at least 2 characters long"),
        "{said:?}"
    );
    assert_eq!(axe(&browser).await, Vec::<String>::new());
    screenshot(
        "bidi-hebrew-2-problem",
        &browser.screenshot().await.unwrap(),
    );
    browser.close().await.unwrap();
}

/// A form in Arabic whose field is titled `C#`, in headless Chromium: in the Arabic problem (beside
/// the field and in the summary) the title is between FSI and PDI, reads `C#` and has the colon
/// after it on its left; beside "(optional)" it reads `C#` too. axe-core finds nothing wrong;
/// the screenshot (`bidi-arabic-problem`) is looked at.
#[tokio::test]
#[ignore = "needs chromium, chromedriver and axe-core: CI installs them and runs this with --ignored"]
async fn a_latin_title_keeps_its_punctuation_on_an_arabic_page() {
    let driver = Driver::start();
    let server = OwnPages::start().await;
    let url = server.page::<Experience>().await;
    let browser = driver.browser_in(true, "ar").await;
    browser.goto(&url).await.unwrap();
    assert_eq!(attr(&browser, "html", "dir").await.as_deref(), Some("rtl"));
    type_into(&browser, "input[name='f.csharp']", "x").await;
    click(&browser, "button[value=accept]").await;
    for css in ["#field-csharp_problem", ".error-summary a"] {
        let said = text_content(&browser, css).await;
        assert!(said.contains("\u{2068}C#\u{2069}: "), "{css}: {said:?}");
        let shown = boxes_of(&browser, css, "C#:").await;
        let (c, sharp, colon) = (shown[0], shown[1], shown[2]);
        assert!(c.1 <= sharp.0 + 0.5, "{css}: C at {c:?}, # at {sharp:?}");
        assert!(
            colon.1 <= c.0 + 0.5,
            "{css}: the colon at {colon:?}, C at {c:?}"
        );
    }
    let shown = boxes_of(&browser, "label[for='field-csharp']", "C#").await;
    assert!(left_to_right(&shown), "{shown:?}");
    assert_eq!(axe(&browser).await, Vec::<String>::new());
    screenshot("bidi-arabic-problem", &browser.screenshot().await.unwrap());
    browser.close().await.unwrap();
}

/// The name a person is signed in as holds a stray PDI and a RIGHT-TO-LEFT OVERRIDE, in headless
/// Chromium: "Signed in as" before it keeps its order and its place on the left, and the
/// Japanese words after it ("としてログイン中") are not reversed and stay on its right. axe-core
/// finds nothing wrong; the screenshots (`bidi-name-*`) are looked at.
#[tokio::test]
#[ignore = "needs chromium, chromedriver and axe-core: CI installs them and runs this with --ignored"]
async fn a_hostile_name_moves_no_text_around_it() {
    let driver = Driver::start();
    let server = OwnPages::start().await;
    let line = "p.signed-in";
    let url = server.page::<Booking>().await;
    let browser = driver.browser(true).await;
    browser.goto(&url).await.unwrap();
    let said = text_content(&browser, line).await;
    assert!(said.starts_with("Signed in as mallory"), "{said:?}");
    let before = boxes_of(&browser, line, "Signed in as").await;
    let name = boxes_of(&browser, line, "mallory").await;
    assert!(left_to_right(&before), "{before:?}");
    assert!(left_to_right(&name), "{name:?}");
    assert!(before.last().unwrap().1 <= name[0].0, "{before:?} {name:?}");
    assert_eq!(axe(&browser).await, Vec::<String>::new());
    screenshot("bidi-name-english", &browser.screenshot().await.unwrap());
    browser.close().await.unwrap();

    let url = server.page::<Reservation>().await;
    let browser = driver.browser_in(true, "ja").await;
    browser.goto(&url).await.unwrap();
    assert_eq!(attr(&browser, "html", "lang").await.as_deref(), Some("ja"));
    let name = boxes_of(&browser, line, "mallory").await;
    let after = boxes_of(&browser, line, "としてログイン中").await;
    assert!(left_to_right(&name), "{name:?}");
    assert!(left_to_right(&after), "{after:?}");
    assert!(name.last().unwrap().1 <= after[0].0, "{name:?} {after:?}");
    assert_eq!(axe(&browser).await, Vec::<String>::new());
    screenshot("bidi-name-japanese", &browser.screenshot().await.unwrap());
    browser.close().await.unwrap();
}
