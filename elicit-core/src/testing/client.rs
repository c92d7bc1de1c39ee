//! [`TestClient`] and its [`Session`]: a real rmcp client connected to the server under test over
//! an in-memory pipe, answering as the scripted [`Person`], and the [`Called`] result of a call.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, Extensions,
    FormElicitationCapability, GetPromptRequestParams, GetPromptResult, Implementation,
    ProtocolVersion, UrlElicitationCapability,
};
use ::rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, MaybeSendFuture, NotificationContext, Peer,
    RequestContext, RoleClient, RoleServer, RunningService, Service, ServiceError,
};
use ::rmcp::{ClientHandler, ServiceExt};
use serde_json::{Map, Value};

use super::Profile;
#[cfg(feature = "page")]
use super::browser::Browser;
use super::error::TestError;
use super::person::{Person, Step};
use super::shown::{Shown, ShownForm, ShownLink, first_line};
use crate::lang::Preference;
use crate::rmcp::WithPreference;

/// The `_meta` key of the language a form or result is written in (SEP-2792).
pub(super) const CONTENT_LANGUAGE: &str = "io.modelcontextprotocol/contentLanguage";

/// Adds to the extensions of each request the server handles.
type Extend = Arc<dyn Fn(&mut Extensions) + Send + Sync>;

/// A test client of the server `S`, not connected yet: choose its protocol version, what it
/// declares, the person's language, what each request arrives with and the browser its person
/// opens pages in; then [`connect`](TestClient::connect).
pub struct TestClient<S> {
    server: S,
    version: ProtocolVersion,
    profile: Profile,
    preference: Option<Preference>,
    extend: Vec<Extend>,
    timeout: Duration,
    max_asks: usize,
    #[cfg(feature = "page")]
    browser: Option<Browser>,
    /// The headers of the HTTP request each request arrives as, if any.
    #[cfg(feature = "page")]
    headers: Vec<(String, String)>,
}

impl<S: Service<RoleServer> + Send + 'static> TestClient<S> {
    /// A client of `server` (any rmcp server: `Forms::new(server)`, a `ServerHandler`), on
    /// 2026-07-28, declaring forms and URL mode, with no language preference; each call given
    /// 30 seconds and at most 32 requests to the person.
    pub fn new(server: S) -> Self {
        TestClient {
            server,
            version: ProtocolVersion::V_2026_07_28,
            profile: Profile::Both,
            preference: None,
            extend: Vec::new(),
            timeout: Duration::from_secs(30),
            max_asks: 32,
            #[cfg(feature = "page")]
            browser: None,
            #[cfg(feature = "page")]
            headers: Vec::new(),
        }
    }

    /// Speaks `version` (2025-11-25: forms are sent and waited for; 2026-07-28: returned in
    /// rounds, which the client drives).
    #[must_use]
    pub fn version(mut self, version: ProtocolVersion) -> Self {
        self.version = version;
        self
    }

    /// Declares `profile`.
    #[must_use]
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    /// The person's language preference (`fr`, or `fr-CH, fr;q=0.9`), sent with every call as
    /// `_meta["io.modelcontextprotocol/acceptLanguage"]` and with every page as
    /// `Accept-Language`.
    #[must_use]
    pub fn language(mut self, preference: &str) -> Self {
        self.preference = Some(Preference::parse(preference));
        self
    }

    /// Each request reaches the server's handlers with `value` in its extensions, as a
    /// transport puts things there: over Streamable HTTP, rmcp puts the HTTP request's
    /// `http::request::Parts` (its bearer token, its cookies), which `Extension<Parts>` reads.
    #[must_use]
    pub fn extension<T: Clone + Send + Sync + 'static>(mut self, value: T) -> Self {
        self.extend
            .push(Arc::new(move |extensions: &mut Extensions| {
                extensions.insert(value.clone());
            }));
        self
    }

    /// Each request arrives as if over HTTP with the header `name: value` (a bearer token, a
    /// session cookie): its `http::request::Parts`, which `Extension<Parts>` reads and your
    /// `Reach::caller` may, are those of a `POST /mcp` with these headers.
    #[cfg(feature = "page")]
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// The person opens pages in `browser` (URL mode, or a link in a result): your pages'
    /// routes, in process, signed in as the person.
    #[cfg(feature = "page")]
    #[must_use]
    pub fn browser(mut self, browser: Browser) -> Self {
        self.browser = Some(browser);
        self
    }

    /// A call that has not ended within `timeout` ends with [`TestError::TimedOut`].
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// A call that asks the person more than `max_asks` times (forms, pages and links) ends
    /// with [`TestError::AskedForever`].
    #[must_use]
    pub fn max_asks(mut self, max_asks: usize) -> Self {
        self.max_asks = max_asks;
        self
    }

    /// Starts the server and connects the client to it over an in-memory pipe (2026-07-28 and
    /// later without the initialize handshake, as those clients connect).
    ///
    /// # Errors
    ///
    /// [`TestError::Connect`] when the handshake fails.
    pub async fn connect(mut self) -> Result<Session, TestError> {
        #[cfg(feature = "page")]
        if !self.headers.is_empty() {
            let mut request = axum::http::Request::post("/mcp");
            for (name, value) in &self.headers {
                request = request.header(name, value);
            }
            let request = request
                .body(())
                .map_err(|error| TestError::Connect(format!("a header: {error}")))?;
            self = self.extension(request.into_parts().0);
        }
        let run = Arc::new(Mutex::new(Run::default()));
        let person = PersonClient {
            version: self.version.clone(),
            profile: self.profile,
            preference: self.preference.clone(),
            max_asks: self.max_asks,
            run: Arc::clone(&run),
            #[cfg(feature = "page")]
            browser: self.browser.clone(),
        };
        let server = Extended {
            inner: self.server,
            extend: self.extend.into(),
        };
        let (server_side, client_side) = tokio::io::duplex(1 << 20);
        tokio::spawn(async move {
            if let Ok(server) = server.serve(server_side).await {
                let _ = server.waiting().await;
            }
        });
        let client = if self.version >= ProtocolVersion::V_2026_07_28 {
            let lifecycle = ClientLifecycleMode::Discover {
                preferred_versions: vec![self.version],
            };
            person.serve_with_lifecycle(client_side, lifecycle).await
        } else {
            person.serve(client_side).await
        }
        .map_err(|error| TestError::Connect(error.to_string()))?;
        Ok(Session {
            client,
            run,
            preference: self.preference,
            timeout: self.timeout,
            max_asks: self.max_asks,
            #[cfg(feature = "page")]
            browser: self.browser,
        })
    }
}

/// A test client connected to the server: make calls, each with what the person does.
pub struct Session {
    client: RunningService<RoleClient, PersonClient>,
    run: Arc<Mutex<Run>>,
    preference: Option<Preference>,
    timeout: Duration,
    max_asks: usize,
    #[cfg(feature = "page")]
    browser: Option<Browser>,
}

/// What one call has shown and has left of the script.
#[derive(Default)]
pub(super) struct Run {
    pub(super) steps: VecDeque<Step>,
    pub(super) shown: Vec<Shown>,
    pub(super) failure: Option<TestError>,
    /// Told when `failure` is set: the call is not waited for any longer.
    failed: Arc<tokio::sync::Notify>,
    asks: usize,
}

impl Session {
    /// Calls the tool `name` with `arguments` (a JSON object, or `null` for none), the person
    /// doing what `person` says, and gives its result and everything the person was shown. A
    /// link in the result is followed while the person has a step for it: they answer the page,
    /// and the same call is made again.
    ///
    /// # Errors
    ///
    /// The [`TestError`] that says what went wrong: the server's error, the script out of
    /// steps or with steps left over, a step that cannot be taken, a server that asks forever,
    /// a call that does not end in time.
    pub async fn call(
        &self,
        name: &str,
        arguments: Value,
        person: Person,
    ) -> Result<Called<CallToolResult>, TestError> {
        let mut params = CallToolRequestParams::new(name.to_owned());
        if let Value::Object(arguments) = arguments {
            params = params.with_arguments(arguments);
        }
        if let Some(preference) = &self.preference {
            params = params.with_preference(preference);
        }
        let client = &self.client;
        self.run(person, || client.call_tool(params.clone())).await
    }

    /// Gets the prompt `name` with `arguments` (string values), as [`call`](Session::call).
    ///
    /// # Errors
    ///
    /// As [`call`](Session::call).
    pub async fn prompt(
        &self,
        name: &str,
        arguments: Value,
        person: Person,
    ) -> Result<Called<GetPromptResult>, TestError> {
        let mut params = GetPromptRequestParams::new(name.to_owned());
        if let Value::Object(arguments) = arguments {
            params = params.with_arguments(arguments);
        }
        if let Some(preference) = &self.preference {
            params = params.with_preference(preference);
        }
        let client = &self.client;
        self.run(person, || client.get_prompt(params.clone())).await
    }

    /// The rmcp client's peer, for anything else (listing tools, reading resources).
    pub fn peer(&self) -> &Peer<RoleClient> {
        self.client.peer()
    }

    /// Runs one call, made again after each link the person answers.
    async fn run<R, F, Fut>(&self, person: Person, mut send: F) -> Result<Called<R>, TestError>
    where
        R: Outcome,
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<R, ServiceError>>,
    {
        *lock(&self.run) = Run::new(person.steps);
        let failed = Arc::clone(&lock(&self.run).failed);
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            // Whichever comes first: the call's end, the person's script failing (the server
            // may go on asking), the time limit.
            let ended = tokio::select! {
                ended = tokio::time::timeout_at(deadline, send()) => Some(ended),
                () = failed.notified() => None,
            };
            let (result, url, step) = match self.settle(ended)? {
                Settled::Ended(called) => return Ok(called),
                Settled::Link(result, url, step) => (result, url, step),
            };
            if let PageEnd::Closed = self.follow(&url, step).await? {
                // The person closed the page unanswered: the call ends with the link.
                return lock(&self.run).end(result);
            }
        }
    }

    /// What one sending of the call ended in: the call's end, or a link the person follows with
    /// their next step.
    fn settle<R: Outcome>(
        &self,
        ended: Option<Result<Result<R, ServiceError>, tokio::time::error::Elapsed>>,
    ) -> Result<Settled<R>, TestError> {
        let mut run = lock(&self.run);
        if let Some(failure) = run.failure.take() {
            return Err(failure);
        }
        let result = match ended {
            None => return Err(TestError::Service("the call was stopped".to_owned())),
            Some(Err(_)) => {
                return Err(TestError::TimedOut {
                    after: self.timeout,
                    shown: run.shown.iter().map(Shown::describe).collect(),
                });
            }
            Some(Ok(Err(ServiceError::McpError(error)))) => return Err(TestError::Server(error)),
            Some(Ok(Err(error))) => return Err(TestError::Service(error.to_string())),
            Some(Ok(Ok(result))) => result,
        };
        let text = result.text();
        let Some(url) = link_in(&text) else {
            return run.end(result).map(Settled::Ended);
        };
        let link = ShownLink {
            url: url.to_owned(),
            text: text.clone(),
            language: result.language(),
        };
        run.asks += 1;
        if run.asks > self.max_asks {
            return Err(TestError::AskedForever {
                limit: self.max_asks,
                last: Shown::Link(link).describe(),
            });
        }
        run.shown.push(Shown::Link(link));
        // No step, or a cancel: the person does not open the link, and the call ends with it.
        match run.steps.pop_front() {
            None | Some(Step::Cancel) => run.end(result).map(Settled::Ended),
            Some(step) => Ok(Settled::Link(result, url.to_owned(), step)),
        }
    }

    /// The person opens the link to `url` and takes `step` (and more, while the page asks
    /// again) on its page.
    #[cfg(feature = "page")]
    async fn follow(&self, url: &str, step: Step) -> Result<PageEnd, TestError> {
        let browser = self.browser.as_ref().ok_or_else(|| no_browser(url))?;
        browser
            .fill(url, step, &self.run, self.preference.as_ref())
            .await
    }

    #[cfg(not(feature = "page"))]
    #[allow(clippy::unused_async)]
    async fn follow(&self, url: &str, _step: Step) -> Result<PageEnd, TestError> {
        Err(no_browser(url))
    }

    /// Disconnects.
    pub async fn close(self) {
        let _ = self.client.cancel().await;
    }
}

impl Run {
    /// A call's run, the person taking `steps`.
    pub(super) fn new(steps: VecDeque<Step>) -> Self {
        Run {
            steps,
            ..Run::default()
        }
    }

    /// The call fails with `failure` (the first one kept), and stops being waited for.
    fn fail(&mut self, failure: TestError) {
        self.failure.get_or_insert(failure);
        self.failed.notify_one();
    }

    /// The call's end: its result and what it showed, unless steps were left.
    pub(super) fn end<R>(&mut self, result: R) -> Result<Called<R>, TestError> {
        if !self.steps.is_empty() {
            let steps = self.steps.drain(..).map(|step| step.describe()).collect();
            return Err(TestError::LeftOver { steps });
        }
        Ok(Called {
            result,
            shown: std::mem::take(&mut self.shown),
        })
    }
}

/// What one sending of a call ended in.
enum Settled<R> {
    /// The call's end.
    Ended(Called<R>),
    /// A link, and the person's step on its page.
    Link(R, String, Step),
}

/// How a person's visit to a page ended.
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub(super) enum PageEnd {
    /// The page took the person's answer (or decline).
    Answered,
    /// The person closed it unanswered.
    Closed,
}

/// The error of a page shown to a person without a browser.
fn no_browser(url: &str) -> TestError {
    TestError::Page {
        url: url.to_owned(),
        why: "the person has no browser to open it in: give the TestClient one (TestClient::browser, feature `page`) with your pages' routes".to_owned(),
    }
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The URL of a link result: the paragraph before the last, when it is a URL alone (the form's
/// message, what to do, the link, what to do after: `rmcp::Link::text`).
fn link_in(text: &str) -> Option<&str> {
    let paragraphs: Vec<&str> = text.split("\n\n").collect();
    let at = paragraphs
        .len()
        .checked_sub(2)
        .filter(|_| paragraphs.len() >= 4)?;
    let url = paragraphs[at];
    let is_url = url.starts_with("http://") || url.starts_with("https://") || url.starts_with('/');
    (is_url && !url.contains(char::is_whitespace)).then_some(url)
}

/// A call's result, and everything its person was shown, in order.
#[derive(Clone, Debug)]
pub struct Called<R> {
    /// The result, as the client received it.
    pub result: R,
    /// What the person was shown.
    pub shown: Vec<Shown>,
}

impl<R: Outcome> Called<R> {
    /// The result's text: a tool's text contents, or a prompt's text messages, joined by
    /// blank lines.
    pub fn text(&self) -> String {
        self.result.text()
    }

    /// Whether a tool's result is an error (`isError`); a prompt's never is.
    pub fn is_error(&self) -> bool {
        self.result.is_error()
    }

    /// The language the result reports (`contentLanguage`), if any.
    pub fn language(&self) -> Option<String> {
        self.result.language()
    }
}

impl<R> Called<R> {
    /// The forms shown, in order.
    pub fn forms(&self) -> Vec<&ShownForm> {
        self.shown.iter().filter_map(Shown::as_form).collect()
    }

    /// The link the call ended with (the person did not follow it), if it did.
    pub fn link(&self) -> Option<&str> {
        match self.shown.last() {
            Some(Shown::Link(link)) => Some(&link.url),
            _ => None,
        }
    }
}

/// What a call ends with: a tool's or a prompt's result.
pub trait Outcome: Send + 'static {
    /// Its text.
    fn text(&self) -> String;
    /// Whether it is an error.
    fn is_error(&self) -> bool;
    /// The language it reports.
    fn language(&self) -> Option<String>;
}

impl Outcome for CallToolResult {
    fn text(&self) -> String {
        let texts: Vec<&str> = self
            .content
            .iter()
            .filter_map(|content| content.as_text())
            .map(|text| text.text.as_str())
            .collect();
        texts.join("\n\n")
    }

    fn is_error(&self) -> bool {
        self.is_error == Some(true)
    }

    fn language(&self) -> Option<String> {
        language_of(self.meta.as_ref().map(|meta| &meta.0))
    }
}

impl Outcome for GetPromptResult {
    fn text(&self) -> String {
        let texts: Vec<String> = self
            .messages
            .iter()
            .filter_map(|message| serde_json::to_value(&message.content).ok())
            .filter_map(|content| content.get("text")?.as_str().map(str::to_owned))
            .collect();
        texts.join("\n\n")
    }

    fn is_error(&self) -> bool {
        false
    }

    fn language(&self) -> Option<String> {
        language_of(self.meta.as_ref().map(|meta| &meta.0))
    }
}

fn language_of(meta: Option<&Map<String, Value>>) -> Option<String> {
    meta?.get(CONTENT_LANGUAGE)?.as_str().map(str::to_owned)
}

/// The client's side: declares the profile, and answers each request as the person's script
/// says.
#[derive(Clone)]
pub(super) struct PersonClient {
    pub(super) version: ProtocolVersion,
    pub(super) profile: Profile,
    pub(super) preference: Option<Preference>,
    pub(super) max_asks: usize,
    pub(super) run: Arc<Mutex<Run>>,
    #[cfg(feature = "page")]
    pub(super) browser: Option<Browser>,
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
            if run.asks > self.max_asks {
                let last = shown;
                run.fail(TestError::AskedForever {
                    limit: self.max_asks,
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
        let Some(browser) = &self.browser else {
            lock(&self.run).fail(no_browser(url));
            return cancel();
        };
        match browser
            .fill(url, step, &self.run, self.preference.as_ref())
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
        let _ = &self.preference;
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

/// The server under test, each request arriving with the client's extensions.
struct Extended<S> {
    inner: S,
    extend: Arc<[Extend]>,
}

impl<S: Service<RoleServer>> Service<RoleServer> for Extended<S> {
    fn handle_request(
        &self,
        request: <RoleServer as ::rmcp::service::ServiceRole>::PeerReq,
        mut context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<<RoleServer as ::rmcp::service::ServiceRole>::Resp, ErrorData>>
    + MaybeSendFuture
    + '_ {
        for extend in self.extend.iter() {
            extend(&mut context.extensions);
        }
        self.inner.handle_request(request, context)
    }

    fn handle_notification(
        &self,
        notification: <RoleServer as ::rmcp::service::ServiceRole>::PeerNot,
        mut context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + MaybeSendFuture + '_ {
        for extend in self.extend.iter() {
            extend(&mut context.extensions);
        }
        self.inner.handle_notification(notification, context)
    }

    fn get_info(&self) -> <RoleServer as ::rmcp::service::ServiceRole>::Info {
        self.inner.get_info()
    }

    fn supported_protocol_versions(&self) -> std::borrow::Cow<'static, [ProtocolVersion]> {
        self.inner.supported_protocol_versions()
    }
}
