//! [`AskUrl`]: URL mode through the same call as [`ask`](super::ask), on every version that has
//! it: the client opens a page of the server's for the user, which is how to ask for what a form
//! must not (passwords, API keys, payment details).

use std::borrow::Cow;
use std::time::Duration;

use ::rmcp::model::{
    ClientResult, CustomNotification, ElicitRequest, ElicitRequestParams, RequestMetaObject,
    ServerNotification, ServerRequest,
};
use ::rmcp::service::{RequestContext, RoleServer, ServiceError};

use super::send::{Sent, send};
use super::{Asking, DEFAULT_KEY, ElicitError, Flow, Stop, Surface, action, flow};
use crate::answer::{Elicitation, Outcome};
use crate::error::ElicitResultError;
use crate::lang::CONTENT_LANGUAGE;
use crate::rounds::{Capability, Input, RoundError};
use crate::version::{ProtocolVersion, Unrepresentable};

/// A URL-mode elicitation from a tool, prompt or resource handler: a message, and a page the
/// client opens for the user.
///
/// `run` gives what the user did: `Accepted(())` (they agreed to open the page; what they do
/// there reaches the server by its own way), `Declined` or `Cancelled`.
///
/// - On 2025-11-25 it sends `elicitation/create` with `mode: "url"` and the `elicitationId`,
///   and awaits the answer; once the interaction on the page is done, [`url_completed`] tells
///   the client (`notifications/elicitation/complete`).
/// - On 2026-07-28 the first call ends with the request in an `InputRequiredResult` for the
///   handler to return ([`Stop::InputRequired`]), its state sealed and bound as every
///   round's ([`rounds`](crate::rounds)); the retried call carries the answer. A client that did
///   not declare URL elicitation gets [`RoundError::MissingCapability`] (`-32021`).
/// - 2025-06-18 has no URL mode: [`ElicitError::Unrepresentable`]. A 2025-11-25 client that did
///   not declare URL elicitation gets [`ElicitError::UrlNotSupported`], and nothing is sent.
///
/// The URL must carry no user data and nothing that authorizes (no session, no token, no
/// account id): a URL is shown, logged, forwarded and opened by whoever holds it. Give it an
/// opaque, single-use id that the server made for this one pending page (at least 128 bits from
/// the operating system's generator), and let the page itself check, by the application's own
/// sign-in, that whoever opens it is the user whose call asked (the specification requires it,
/// against phishing). The feature `page` builds such a page from the same derive
/// (`mcp_elicit::page`: the page, its identity check, CSRF token, single use, expiry and sealed
/// store).
///
/// ```no_run
/// use mcp_elicit::Elicitation;
/// use mcp_elicit::rmcp::{AskUrl, url_completed};
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// /// The application's pending pages: `page_id` is the opaque id it stored, with the user
/// /// whose call this is, when it made the page (say, 32 hex digits from `getrandom`).
/// async fn connect(
///     request: CallToolRequestParams,
///     context: RequestContext<RoleServer>,
///     page_id: &str,
/// ) -> Result<CallToolResponse, ErrorData> {
///     let asking = AskUrl::new(
///         "Sign in to your account to connect it",
///         format!("https://example.com/connect/{page_id}"),
///         page_id.to_owned(),
///     );
///     let text = match asking.run(&context, &request).await {
///         Ok(Elicitation::Accepted(())) => "waiting for you to sign in",
///         Ok(_) => "not connected",
///         Err(stop) => return stop.into(),
///     };
///     // Later, once the page has its answer: `url_completed(&context, page_id).await`.
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
/// }
/// ```
pub struct AskUrl {
    message: Cow<'static, str>,
    url: Cow<'static, str>,
    elicitation_id: Cow<'static, str>,
    key: Cow<'static, str>,
    timeout: Duration,
    /// The language the message is written in, if the handler said it.
    language: Option<Cow<'static, str>>,
}

/// How long a handler on 2025-11-25 waits for the client to answer a URL request, by default:
/// ten minutes (a page's own life, [`DEFAULT_PAGE_TTL`](crate::page::serve::DEFAULT_PAGE_TTL)
/// with the feature `page`).
pub const DEFAULT_URL_TIMEOUT: Duration = Duration::from_mins(10);

impl AskUrl {
    /// A request to open `url`, shown under `message`. `elicitation_id` names it on 2025-11-25
    /// (its completion notification gives it back); 2026-07-28 has no such id.
    pub fn new(
        message: impl Into<Cow<'static, str>>,
        url: impl Into<Cow<'static, str>>,
        elicitation_id: impl Into<Cow<'static, str>>,
    ) -> Self {
        AskUrl {
            message: message.into(),
            url: url.into(),
            elicitation_id: elicitation_id.into(),
            key: Cow::Borrowed(DEFAULT_KEY),
            timeout: DEFAULT_URL_TIMEOUT,
            language: None,
        }
    }

    /// The language the message (and the page) is written in, a language tag as `"fr"`:
    /// reported as the request's `_meta["io.modelcontextprotocol/contentLanguage"]` (SEP-2792),
    /// on every version. Without it the request reports none.
    ///
    /// ```
    /// use mcp_elicit::rmcp::AskUrl;
    ///
    /// let ask = AskUrl::new("Connectez votre compte", "https://example.com/connect/4f1c", "4f1c")
    ///     .in_language("fr");
    /// assert_eq!(ask.language(), Some("fr"));
    /// ```
    #[must_use]
    pub fn in_language(mut self, language: impl Into<Cow<'static, str>>) -> Self {
        self.language = Some(language.into());
        self
    }

    /// The language the message is said to be written in ([`AskUrl::in_language`]).
    pub fn language(&self) -> Option<&str> {
        self.language.as_deref()
    }

    /// How long a handler on 2025-11-25 waits for the client to answer ([`DEFAULT_URL_TIMEOUT`]):
    /// then the request is cancelled and the call ends with [`ElicitError::Service`] (a
    /// timeout). The call's own cancellation ends the wait at once, as `Cancelled`. (On
    /// 2026-07-28 nothing waits: the client calls again.)
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The key of the request in `inputRequests` and `inputResponses` (2026-07-28).
    pub fn key(mut self, key: impl Into<Cow<'static, str>>) -> Self {
        self.key = key.into();
        self
    }

    /// Asks the client to open the page, in `request` (a `tools/call`, `prompts/get` or
    /// `resources/read`) handled with `context`: see [`AskUrl`].
    ///
    /// # Errors
    ///
    /// As [`AskUrl`] says: no URL mode in the client's version or capabilities,
    /// [`Stop::InputRequired`] on 2026-07-28 while asked, a malformed answer, a failed
    /// request.
    pub async fn run(
        &self,
        context: &RequestContext<RoleServer>,
        request: &impl Surface,
    ) -> Result<Elicitation<()>, Stop> {
        if let Some(answer) = self.send(context).await.map_err(Stop::Elicit)? {
            return Ok(answer);
        }
        let params = serde_json::to_value(self.params(""))
            .map_err(|e| Stop::Elicit(ElicitError::Model(e)))?;
        let mut input = Input::new(self.key.clone(), "elicitation/create", params);
        let mut asking = Asking::new(context, request).map_err(Stop::Elicit)?;
        if let Some(language) = &self.language {
            asking.asked_in(language.to_string());
        }
        asking.round(&mut [&mut input]).await?;
        let error = match input.take() {
            // A URL request's answer has no content: only its action is read.
            Some(response) => match Outcome::envelope(&response).and_then(|(a, _)| answer(a)) {
                Ok(answer) => return Ok(answer),
                Err(error) => RoundError::Responses {
                    key: Some(self.key.to_string()),
                    reason: error.to_string(),
                },
            },
            None => RoundError::MissingCapability(Capability::ElicitationUrl),
        };
        Err(Stop::Elicit(ElicitError::Round(error)))
    }

    /// Before 2026-07-28, the request sent and its answer; `None` on a version with rounds.
    async fn send(
        &self,
        context: &RequestContext<RoleServer>,
    ) -> Result<Option<Elicitation<()>>, ElicitError> {
        let Some(version) = context.protocol_version() else {
            return Err(ElicitError::NotSupported);
        };
        match flow(&version)? {
            Flow::InputRequired => Ok(None),
            Flow::Requests(version) => {
                require_url_mode(context, version)?;
                match self.request(context, self.timeout).await? {
                    Sent::Answered(answer) => Ok(Some(answer)),
                    Sent::Cancelled => Ok(Some(Elicitation::Cancelled)),
                    Sent::TimedOut => Err(ElicitError::Service(ServiceError::Timeout {
                        timeout: self.timeout,
                    })),
                }
            }
        }
    }

    /// Before 2026-07-28, to a client that has URL mode ([`require_url_mode`]): the request
    /// sent, and its answer, raced against the call's cancellation and `limit` (either cancels
    /// the request: a client that never answers holds nothing).
    pub(super) async fn request(
        &self,
        context: &RequestContext<RoleServer>,
        limit: Duration,
    ) -> Result<Sent<Elicitation<()>>, ElicitError> {
        let request =
            ServerRequest::ElicitRequest(ElicitRequest::new(self.params(&self.elicitation_id)));
        Ok(match send(context, request, Some(limit)).await? {
            Sent::Answered(ClientResult::ElicitResult(result)) => {
                Sent::Answered(answer(action(&result)).map_err(ElicitError::Answer)?)
            }
            Sent::Answered(_) => {
                return Err(ElicitError::Service(ServiceError::UnexpectedResponse));
            }
            Sent::Cancelled => Sent::Cancelled,
            Sent::TimedOut => Sent::TimedOut,
        })
    }

    /// The request's params, with `elicitation_id`.
    pub(super) fn params(&self, elicitation_id: &str) -> ElicitRequestParams {
        let meta = self.language.as_ref().map(|language| {
            let mut meta = RequestMetaObject::new();
            meta.insert(CONTENT_LANGUAGE.to_owned(), language.as_ref().into());
            meta
        });
        ElicitRequestParams::UrlElicitationParams {
            meta,
            message: self.message.clone().into_owned(),
            url: self.url.clone().into_owned(),
            elicitation_id: elicitation_id.to_owned(),
        }
    }
}

/// Tells the client that the interaction behind the URL elicitation `elicitation_id` is done
/// (`notifications/elicitation/complete`), on 2025-11-25, the version that has it; on others it
/// sends nothing (2026-07-28 has no such notification: the client calls the tool again).
///
/// # Errors
///
/// When the notification cannot be sent.
pub async fn url_completed(
    context: &RequestContext<RoleServer>,
    elicitation_id: &str,
) -> Result<(), ElicitError> {
    let version = context.protocol_version();
    let version = version.and_then(|v| v.as_str().parse::<ProtocolVersion>().ok());
    if !version.is_some_and(ProtocolVersion::has_url_completion_notification) {
        return Ok(());
    }
    let notification = CustomNotification::new(
        "notifications/elicitation/complete",
        Some(serde_json::json!({ "elicitationId": elicitation_id })),
    );
    context
        .peer
        .send_notification(ServerNotification::CustomNotification(notification))
        .await
        .map_err(ElicitError::Service)
}

/// Before 2026-07-28: nothing when `version` has URL mode and the client of `context` declared it,
/// otherwise the error saying which is missing (nothing is to be sent then).
pub(super) fn require_url_mode(
    context: &RequestContext<RoleServer>,
    version: ProtocolVersion,
) -> Result<(), ElicitError> {
    if !version.has_elicitation_modes() {
        return Err(Unrepresentable::UrlMode { version }.into());
    }
    if !declared(context, Capability::ElicitationUrl) {
        return Err(ElicitError::UrlNotSupported);
    }
    Ok(())
}

/// Whether the client of `context` declared `capability` (as the rounds read a client's
/// capabilities: [`Capability::declared_in`]).
pub(super) fn declared(context: &RequestContext<RoleServer>, capability: Capability) -> bool {
    let capabilities = context
        .client_capabilities()
        .and_then(|c| serde_json::to_value(c).ok());
    capability.declared_in(capabilities.as_ref())
}

/// The answer to a URL elicitation, from its `action`.
fn answer(action: &str) -> Result<Elicitation<()>, ElicitResultError> {
    Ok(Outcome::of_parts(action, None)?.answer(|_| ()))
}
