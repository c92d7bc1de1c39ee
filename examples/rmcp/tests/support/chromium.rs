//! Headless Chromium for the browser tests: a `chromedriver` of the test's own (Debian's
//! `chromium` and `chromium-driver`), a browser session with JavaScript or without, and where the
//! screenshots are kept.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Map, json};

/// A `chromedriver` of the test's own, on a port the system chose (`--port=0`, read from what it
/// says); stopped when dropped.
pub struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    pub fn start() -> Driver {
        let mut child = Command::new("chromedriver")
            .arg("--port=0")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "this test needs `chromedriver` ({error}): install Debian's `chromium` and `chromium-driver`, as .ci/run does"
                )
            });
        // It says `ChromeDriver was started successfully on port PORT.` once it listens; what
        // it says after that is read and dropped, so that it never waits on a full pipe.
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (said, port) = mpsc::channel();
        std::thread::spawn(move || {
            let mut said = Some(said);
            for line in stdout.lines().map_while(Result::ok) {
                let port = line
                    .strip_prefix("ChromeDriver was started successfully on port ")
                    .and_then(|rest| rest.trim_end_matches('.').parse::<u16>().ok());
                if let Some(port) = port
                    && let Some(said) = said.take()
                {
                    let _ = said.send(port);
                }
            }
        });
        let port = port
            .recv_timeout(Duration::from_secs(20))
            .expect("chromedriver said the port it listens on within 20 s");
        Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }

    /// A headless Chromium, with JavaScript or without (checked before it is given).
    pub async fn browser(&self, javascript: bool) -> Client {
        self.browser_in(javascript, "en-US").await
    }

    /// [`Driver::browser`], its language (and its `Accept-Language`) `language`.
    pub async fn browser_in(&self, javascript: bool, language: &str) -> Client {
        let mut options = json!({
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1000,1400", format!("--lang={language}")],
            "prefs": {"intl.accept_languages": language},
        });
        if !javascript {
            options["prefs"]["profile.managed_default_content_settings.javascript"] = json!(2);
        }
        let mut capabilities = Map::new();
        capabilities.insert("goog:chromeOptions".into(), options);
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let browser = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&self.url)
            .await
            .expect("a Chromium session");
        // Whether script runs at all, as asked: a page that would change its own text.
        browser
            .goto("data:text/html,<p id=x>static</p><script>x.textContent='script'</script>")
            .await
            .unwrap();
        let ran = browser
            .find(Locator::Id("x"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(ran, if javascript { "script" } else { "static" });
        browser
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the screenshots are kept: `target/screenshots/`.
pub fn screenshot(name: &str, png: &[u8]) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    // Written under a name of its own (the process's id and a count), then renamed: two runs at
    // once each leave a whole picture, never one made of both.
    static WRITTEN: AtomicUsize = AtomicUsize::new(0);
    let n = WRITTEN.fetch_add(1, Ordering::Relaxed);
    let part = dir.join(format!(".{name}.png.{}-{n}", std::process::id()));
    std::fs::write(&part, png).unwrap();
    std::fs::rename(&part, dir.join(format!("{name}.png"))).unwrap();
}

/// Where the browser is.
pub async fn here(browser: &Client) -> String {
    browser
        .current_url()
        .await
        .map_or_else(|e| format!("(no URL: {e})"), |url| url.to_string())
}

/// Types `text` into what `css` finds, emptied first.
pub async fn type_into(browser: &Client, css: &str, text: &str) {
    let element = match browser.find(Locator::Css(css)).await {
        Ok(element) => element,
        Err(e) => panic!("no {css} on {}: {e}", here(browser).await),
    };
    element.clear().await.unwrap();
    element.send_keys(text).await.unwrap();
}

/// What axe-core (Deque's accessibility engine, `examples/rmcp/axe`) finds wrong with the page
/// `browser` shows, every rule it runs by default: each violation's rule and the elements it
/// names. The browser needs JavaScript (the page has none: `WebDriver` runs axe beside it).
pub async fn axe(browser: &Client) -> Vec<String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("axe/node_modules/axe-core/axe.min.js");
    let engine = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "this test needs axe-core at {} ({error}): `npm install` in examples/rmcp/axe, as .ci/run does",
            path.display()
        )
    });
    browser.execute(&engine, Vec::new()).await.unwrap();
    let found = browser
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document).then(
                 (results) => done({
                     passed: results.passes.length,
                     violations: results.violations.map((v) =>
                         `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
                 }),
                 (error) => done({passed: 0, violations: [`axe failed: ${error}`]}));",
            Vec::new(),
        )
        .await
        .unwrap();
    // Rules that ran and passed: axe looked at the page (a page it could not read passes none).
    assert!(
        found["passed"].as_u64() > Some(0),
        "axe checked nothing: {found}"
    );
    serde_json::from_value(found["violations"].clone()).unwrap()
}

/// Each character of the text in what `css` finds, in the text's order, with the left and right
/// edges of its box as the page shows it (invisible characters, such as bidi controls, have no
/// width).
pub async fn characters(browser: &Client, css: &str) -> Vec<(char, f64, f64)> {
    let found = browser
        .execute(
            "const root = document.querySelector(arguments[0]);
             const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
             const range = document.createRange();
             const out = [];
             for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                 for (let i = 0; i < node.data.length; i++) {
                     range.setStart(node, i);
                     range.setEnd(node, i + 1);
                     const box = range.getBoundingClientRect();
                     out.push([node.data[i], box.left, box.right]);
                 }
             }
             return out;",
            vec![json!(css)],
        )
        .await
        .unwrap();
    let found: Vec<(String, f64, f64)> = serde_json::from_value(found).unwrap();
    found
        .into_iter()
        .map(|(c, left, right)| (c.chars().next().unwrap(), left, right))
        .collect()
}
