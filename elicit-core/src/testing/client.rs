//! [`TestClient`] and its [`Session`]: a real rmcp client connected to the server under test over
//! an in-memory pipe, answering as the scripted [`Person`], and the [`Called`] result of a call.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::rmcp::ServiceExt;
use ::rmcp::model::{
    CallToolRequestParams, CallToolResult, ErrorData, Extensions, GetPromptRequestParams,
    GetPromptResult, ProtocolVersion,
};
use ::rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, MaybeSendFuture, NotificationContext, Peer,
    RequestContext, RoleClient, RoleServer, RunningService, Service, ServiceError,
};
use serde_json::Value;

use super::Profile;
use super::answering::{PersonClient, Settings};
#[cfg(feature = "page")]
use super::browser::Browser;
use super::called::{Called, Outcome};
use super::error::TestError;
use super::person::{Person, Step};
use super::run::{PageEnd, Run, lock, no_browser};
use super::shown::{Shown, ShownLink};
use crate::lang::Preference;
use crate::rmcp::WithPreference;

/// Adds to the extensions of each request the server handles.
type Extend = Arc<dyn Fn(&mut Extensions) + Send + Sync>;

/// A test client of the server `S`, not connected yet: choose its protocol version, what it
/// declares, the person's language, what each request arrives with and the browser its person
/// opens pages in; then [`connect`](TestClient::connect).
pub struct TestClient<S> {
    server: S,
    version: ProtocolVersion,
    profile: Profile,
    extend: Vec<Extend>,
    settings: Settings,
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
            extend: Vec::new(),
            settings: Settings::default(),
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
        self.settings.preference = Some(Preference::parse(preference));
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
        self.settings.browser = Some(browser);
        self
    }

    /// A call that has not ended within `timeout` ends with [`TestError::TimedOut`].
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.settings.timeout = timeout;
        self
    }

    /// A call that asks the person more than `max_asks` times (forms, pages and links) ends
    /// with [`TestError::AskedForever`].
    #[must_use]
    pub fn max_asks(mut self, max_asks: usize) -> Self {
        self.settings.max_asks = max_asks;
        self
    }

    /// The client, each request arriving with the `Parts` of an HTTP request carrying the
    /// headers given to [`header`](TestClient::header), if any.
    #[cfg(feature = "page")]
    fn over_http(self) -> Result<Self, TestError> {
        if self.headers.is_empty() {
            return Ok(self);
        }
        let mut request = axum::http::Request::post("/mcp");
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        let request = request
            .body(())
            .map_err(|error| TestError::Connect(format!("a header: {error}")))?;
        Ok(self.extension(request.into_parts().0))
    }

    #[cfg(not(feature = "page"))]
    #[allow(clippy::unnecessary_wraps)]
    fn over_http(self) -> Result<Self, TestError> {
        Ok(self)
    }

    /// Starts the server and connects the client to it over an in-memory pipe (2026-07-28 and
    /// later without the initialize handshake, as those clients connect).
    ///
    /// # Errors
    ///
    /// [`TestError::Connect`] when the handshake fails.
    pub async fn connect(self) -> Result<Session, TestError> {
        let this = self.over_http()?;
        let run = Arc::new(Mutex::new(Run::default()));
        let person = PersonClient {
            version: this.version.clone(),
            profile: this.profile,
            run: Arc::clone(&run),
            settings: this.settings.clone(),
        };
        let server = Extended {
            inner: this.server,
            extend: this.extend.into(),
        };
        let (server_side, client_side) = tokio::io::duplex(1 << 20);
        tokio::spawn(async move {
            if let Ok(server) = server.serve(server_side).await {
                let _ = server.waiting().await;
            }
        });
        let client = if this.version >= ProtocolVersion::V_2026_07_28 {
            let lifecycle = ClientLifecycleMode::Discover {
                preferred_versions: vec![this.version],
            };
            person.serve_with_lifecycle(client_side, lifecycle).await
        } else {
            person.serve(client_side).await
        }
        .map_err(|error| TestError::Connect(error.to_string()))?;
        Ok(Session {
            client,
            run,
            settings: this.settings,
        })
    }
}

/// A test client connected to the server: make calls, each with what the person does.
pub struct Session {
    client: RunningService<RoleClient, PersonClient>,
    run: Arc<Mutex<Run>>,
    settings: Settings,
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
        if let Some(preference) = &self.settings.preference {
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
        if let Some(preference) = &self.settings.preference {
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
        let deadline = tokio::time::Instant::now() + self.settings.timeout;
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
                    after: self.settings.timeout,
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
        if run.asks > self.settings.max_asks {
            return Err(TestError::AskedForever {
                limit: self.settings.max_asks,
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
        let browser = self
            .settings
            .browser
            .as_ref()
            .ok_or_else(|| no_browser(url))?;
        browser
            .fill(url, step, &self.run, self.settings.preference.as_ref())
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

/// What one sending of a call ended in.
enum Settled<R> {
    /// The call's end.
    Ended(Called<R>),
    /// A link, and the person's step on its page.
    Link(R, String, Step),
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
