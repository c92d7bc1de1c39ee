//! Headless Chromium for the browser tests: a `chromedriver` of the test's own (Debian's
//! `chromium` and `chromium-driver`), a browser session with JavaScript or without, and where the
//! screenshots are kept.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Map, json};

/// A `chromedriver` of the test's own, on a free port; stopped when dropped.
pub struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    pub fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "this test needs `chromedriver` ({error}): install Debian's `chromium` and `chromium-driver`, as .ci/run does"
                )
            });
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen within 20 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
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
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
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
