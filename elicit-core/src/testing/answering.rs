//! The client's side of a test: the person's script answering each form and page.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::rmcp::ClientHandler;
use ::rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction,
    ElicitationCapability, ErrorData, FormElicitationCapability, Implementation, ProtocolVersion,
    UrlElicitationCapability,
};
use ::rmcp::service::{RequestContext, RoleClient};
use serde_json::{Map, Value};

use super::Profile;
#[cfg(feature = "page")]
use super::browser::Browser;
use super::called::language_of;
use super::error::TestError;
use super::person::Step;
#[cfg(feature = "page")]
use super::run::PageEnd;
use super::run::{Run, lock, no_browser};
use super::shown::{Shown, ShownForm, first_line};
use crate::lang::Preference;

/// The client's side: declares the profile, and answers each request as the person's script
/// says.
#[derive(Clone)]
pub(super) struct PersonClient {
    pub(super) version: ProtocolVersion,
    pub(super) profile: Profile,
    pub(super) run: Arc<Mutex<Run>>,
    pub(super) settings: Settings,
}

/// What a test client is set to, whichever way it reaches the server.
#[derive(Clone)]
pub(super) struct Settings {
    /// The person's language preference.
    pub(super) preference: Option<Preference>,
    /// How long a call is waited for.
    pub(super) timeout: Duration,
    /// How many times a call may ask the person.
    pub(super) max_asks: usize,
    /// Where the person opens pages.
    #[cfg(feature = "page")]
    pub(super) browser: Option<Browser>,
}

impl Default for Settings {
    /// No preference; 30 seconds and 32 requests to the person a call; no browser.
    fn default() -> Self {
        Settings {
            preference: None,
            timeout: Duration::from_secs(30),
            max_asks: 32,
            #[cfg(feature = "page")]
            browser: None,
        }
    }
}

impl ClientHandler for PersonClient {
    fn get_info(&self) -> ClientConfig {
        let capabilities = match self.profile {
            Profile::None => ClientCapabilities::default(),
            profile => {
                let mut elicitation = ElicitationCapability::new();
                if profile != Profile::Url {
                    elicitation = elicitation.with_form(FormElicitationCapability::default());
                }
                if profile != Profile::Form {
                    elicitation = elicitation.with_url(UrlElicitationCapability::new());
                }
                ClientCapabilities::builder()
                    .enable_elicitation_with(elicitation)
                    .build()
            }
        };
        let implementation = Implementation::new("mcp-elicit-testing", env!("CARGO_PKG_VERSION"));
        ClientConfig::new(capabilities, implementation).with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let mut request = serde_json::to_value(&request).unwrap_or(Value::Null);
        // rmcp hands the request's `_meta` to the handler apart: put it back, as it was sent.
        if let (Value::Object(request), false) = (&mut request, context.meta.0.0.is_empty()) {
            let meta = request
                .entry("_meta")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(meta) = meta {
                for (name, value) in &context.meta.0.0 {
                    meta.entry(name.clone()).or_insert_with(|| value.clone());
                }
            }
        }
        Ok(self.answer(request).await)
    }
}

/// What the client answers when the person's script has failed: nothing goes on.
fn cancel() -> ElicitResult {
    ElicitResult::new(ElicitationAction::Cancel)
}

impl PersonClient {
    /// The answer to `request`: a form answered from the script, or a page filled in.
    pub(super) async fn answer(&self, request: Value) -> ElicitResult {
        let text = |name: &str| {
            request
                .get(name)
                .and_then(Value::as_str)
                .unwrap_or_default()
        };
        let (message, url) = (text("message").to_owned(), text("url").to_owned());
        let form = ShownForm {
            message: message.clone(),
            schema: request
                .get("requestedSchema")
                .cloned()
                .unwrap_or(Value::Null),
            language: language_of(request.get("_meta").and_then(Value::as_object)),
            request: request.clone(),
        };
        let shown = if text("mode") == "url" {
            format!("the page {url} (“{}”)", first_line(&message))
        } else {
            Shown::Form(form.clone()).describe()
        };
        let step = {
            let mut run = lock(&self.run);
            if run.failure.is_some() {
                return cancel();
            }
            run.asks += 1;
            if run.asks > self.settings.max_asks {
                let last = shown;
                run.fail(TestError::AskedForever {
                    limit: self.settings.max_asks,
                    last,
                });
                return cancel();
            }
            if text("mode") != "url" {
                run.shown.push(Shown::Form(form.clone()));
            }
            let Some(step) = run.steps.pop_front() else {
                let fields = form.fields().into_iter().map(str::to_owned).collect();
                let fields = if text("mode") == "url" {
                    Vec::new()
                } else {
                    fields
                };
                run.fail(TestError::OutOfSteps { shown, fields });
                return cancel();
            };
            step
        };
        match step {
            Step::Respond(result) => result,
            Step::Cancel => cancel(),
            Step::Decline if text("mode") != "url" => ElicitResult::new(ElicitationAction::Decline),
            Step::Answer(values) if text("mode") != "url" => match fill(&form, values) {
                Ok(content) => ElicitResult::new(ElicitationAction::Accept)
                    .with_content(Value::Object(content)),
                Err(why) => {
                    lock(&self.run).fail(TestError::Unfillable { shown, why });
                    cancel()
                }
            },
            step => self.open(&url, step).await,
        }
    }

    /// A URL-mode request: the person consents, and the page is opened and answered.
    #[cfg(feature = "page")]
    async fn open(&self, url: &str, step: Step) -> ElicitResult {
        let Some(browser) = &self.settings.browser else {
            lock(&self.run).fail(no_browser(url));
            return cancel();
        };
        match browser
            .fill(url, step, &self.run, self.settings.preference.as_ref())
            .await
        {
            Ok(PageEnd::Answered) => ElicitResult::new(ElicitationAction::Accept),
            Ok(PageEnd::Closed) => cancel(),
            Err(failure) => {
                lock(&self.run).fail(failure);
                cancel()
            }
        }
    }

    #[cfg(not(feature = "page"))]
    #[allow(clippy::unused_async)]
    async fn open(&self, url: &str, _step: Step) -> ElicitResult {
        lock(&self.run).fail(no_browser(url));
        cancel()
    }
}

/// The content of an answer of `values` to `form`: only fields the form has.
fn fill(form: &ShownForm, values: Value) -> Result<Map<String, Value>, String> {
    let Value::Object(values) = values else {
        return Err(format!(
            "an answer is a JSON object of its fields, not {values}"
        ));
    };
    let fields = form.fields();
    let unknown: Vec<&str> = values
        .keys()
        .map(String::as_str)
        .filter(|name| !fields.contains(name))
        .collect();
    if !unknown.is_empty() {
        return Err(format!(
            "it has no field {} (its fields: {}); to send content no form holds, use Person::respond",
            unknown.join(", "),
            fields.join(", ")
        ));
    }
    Ok(values)
}
