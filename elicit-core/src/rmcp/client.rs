//! The client side on rmcp: [`answer_elicitation`] is the whole of
//! `ClientHandler::create_elicitation`, for forms and URL requests, on every protocol version
//! (rmcp's client hands the input requests of 2026-07-28 to the same handler);
//! [`elicitation_capability`] declares what the UI can do; [`call_tool`] handles 2025-11-25's
//! `-32042` (URL elicitation required) in one call, with [`UrlCompletions`].

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::rmcp::model::{
    CallToolRequestParams, CallToolResult, CustomNotification, ElicitRequestParams, ElicitResult,
    ElicitationAction, ElicitationCapability, ErrorCode, ErrorData, FormElicitationCapability,
    UrlElicitationCapability,
};
use ::rmcp::model::{RequestMetaObject, RequestParamsMeta};
use ::rmcp::service::{RequestContext, RoleClient, RunningService, Service, ServiceError};
use serde_json::Value;
use tokio::sync::Notify;

use crate::answer::Elicitation;
use crate::client::{FormUi, MAX_ATTEMPTS, NotFilled, UrlToOpen, fill_form_in};
use crate::lang::{ACCEPT_LANGUAGE, CONTENT_LANGUAGE, Preference};
use crate::schema::StringFormat;

/// Answers a server's elicitation request through `ui`: a form is shown from its defaults (and
/// shown again with the problems until what the person enters fits it), and answered with what
/// the person left in it ([`fill_form`](crate::client::fill_form)); a URL request with an `http` or `https` URL goes to
/// [`FormUi::open_url`]. A form the specification does not allow, or a URL of another kind, is
/// an `invalid_params` error back to the server, and nothing is shown. A UI that gives up
/// ([`NotFilled::GaveUp`]) answers `cancel`, logs a warning and is told ([`FormUi::gave_up`]).
///
/// ```no_run
/// use mcp_elicit::client::{FormUi, FormToFill};
/// use mcp_elicit::{Content, Elicitation};
/// use rmcp::ClientHandler;
/// use rmcp::model::{ElicitRequestParams, ElicitResult, ErrorData};
/// use rmcp::service::{RequestContext, RoleClient};
///
/// struct MyUi;
///
/// impl FormUi for MyUi {
///     async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
///         Elicitation::Accepted(form.values.clone()) // a real UI asks a person
///     }
/// }
///
/// struct MyClient {
///     ui: MyUi,
/// }
///
/// impl ClientHandler for MyClient {
///     async fn create_elicitation(
///         &self,
///         request: ElicitRequestParams,
///         _context: RequestContext<RoleClient>,
///     ) -> Result<ElicitResult, ErrorData> {
///         mcp_elicit::rmcp::answer_elicitation(&self.ui, request).await
///     }
/// }
/// ```
///
/// # Errors
///
/// The `ErrorData` to answer the server with when its request is not one the specification
/// allows (the reason names the property).
pub async fn answer_elicitation<U: FormUi>(
    ui: &U,
    request: ElicitRequestParams,
) -> Result<ElicitResult, ErrorData> {
    answer(ui, request, None).await
}

/// [`answer_elicitation`], the UI told the language the server says the request is written in:
/// its `_meta["io.modelcontextprotocol/contentLanguage"]` (SEP-2792), which rmcp hands the
/// handler in `context.meta`, as [`FormToFill::language`](crate::client::FormToFill::language)
/// and [`UrlToOpen::language`], for the UI to set `lang` and `dir`.
///
/// ```no_run
/// # use mcp_elicit::client::TerminalUi;
/// use rmcp::ClientHandler;
/// use rmcp::model::{ElicitRequestParams, ElicitResult, ErrorData};
/// use rmcp::service::{RequestContext, RoleClient};
///
/// struct MyClient;
///
/// impl ClientHandler for MyClient {
///     async fn create_elicitation(
///         &self,
///         request: ElicitRequestParams,
///         context: RequestContext<RoleClient>,
///     ) -> Result<ElicitResult, ErrorData> {
///         mcp_elicit::rmcp::answer_elicitation_in(&TerminalUi::new(), request, &context).await
///     }
/// }
/// ```
///
/// # Errors
///
/// As [`answer_elicitation`].
pub async fn answer_elicitation_in<U: FormUi>(
    ui: &U,
    request: ElicitRequestParams,
    context: &RequestContext<RoleClient>,
) -> Result<ElicitResult, ErrorData> {
    let language = context
        .meta
        .get(CONTENT_LANGUAGE)
        .and_then(Value::as_str)
        .map(str::to_owned);
    answer(ui, request, language.as_deref()).await
}

/// [`answer_elicitation`] of a request said to be in `language`.
async fn answer<U: FormUi>(
    ui: &U,
    request: ElicitRequestParams,
    language: Option<&str>,
) -> Result<ElicitResult, ErrorData> {
    let filled = match request {
        ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => {
            let schema = serde_json::to_value(&requested_schema)
                .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
            match fill_form_in(ui, &message, &schema, language).await {
                Ok(filled) => filled,
                Err(NotFilled::GaveUp(problems)) => {
                    tracing::warn!(
                        "the form's answers broke its rules {MAX_ATTEMPTS} times: answering cancel (not the person's choice)"
                    );
                    ui.gave_up(&problems);
                    Elicitation::Cancelled
                }
                Err(refused) => return Err(ErrorData::invalid_params(refused.to_string(), None)),
            }
        }
        ElicitRequestParams::UrlElicitationParams {
            message,
            url,
            elicitation_id,
            ..
        } => {
            if !is_web_url(&url) {
                return Err(ErrorData::invalid_params(
                    format!("the page cannot be opened: {url:?} is not an http or https URL"),
                    None,
                ));
            }
            let page = UrlToOpen {
                message: &message,
                url: &url,
                elicitation_id: Some(elicitation_id.as_str()).filter(|id| !id.is_empty()),
                language,
            };
            // A URL request carries no values back.
            let action = match ui.open_url(page).await {
                Elicitation::Accepted(_) => ElicitationAction::Accept,
                Elicitation::Declined => ElicitationAction::Decline,
                Elicitation::Cancelled => ElicitationAction::Cancel,
            };
            return Ok(ElicitResult::new(action));
        }
        // A kind of request a newer rmcp knows and this crate does not.
        #[allow(unreachable_patterns)]
        _ => Elicitation::Declined,
    };
    Ok(match filled {
        Elicitation::Accepted(content) => {
            ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content))
        }
        Elicitation::Declined => ElicitResult::new(ElicitationAction::Decline),
        Elicitation::Cancelled => ElicitResult::new(ElicitationAction::Cancel),
    })
}

/// Whether `url` is one a person may be asked to open: an absolute URI by the form's own `uri`
/// rule (so no whitespace, control or non-URI characters), with a host, whose scheme is `http`
/// or `https` (a `file:`, `javascript:` or `data:` URL is never opened, whatever the server
/// sends).
fn is_web_url(url: &str) -> bool {
    let scheme = url.split_once("://").map_or("", |(scheme, _)| scheme);
    (scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http"))
        && url.len() > scheme.len() + 3
        && crate::format::matches(StringFormat::Uri, url)
}

/// The elicitation capability of a client whose person answers through `ui`: form mode, and URL
/// mode when the UI opens URLs ([`FormUi::opens_urls`]). Servers offer URL-mode tools only to a
/// client that declares it.
///
/// ```
/// use mcp_elicit::client::TerminalUi;
/// use mcp_elicit::rmcp::elicitation_capability;
/// use rmcp::model::ClientCapabilities;
///
/// let capabilities = ClientCapabilities::builder()
///     .enable_elicitation_with(elicitation_capability(&TerminalUi::new()))
///     .build();
/// let declared = serde_json::to_value(&capabilities).unwrap();
/// assert_eq!(declared["elicitation"], serde_json::json!({"form": {}, "url": {}}));
/// ```
pub fn elicitation_capability(ui: &impl FormUi) -> ElicitationCapability {
    let capability = ElicitationCapability::new().with_form(FormElicitationCapability::default());
    if ui.opens_urls() {
        capability.with_url(UrlElicitationCapability::default())
    } else {
        capability
    }
}

/// The URL-mode requests a server said are complete (`notifications/elicitation/complete`, on
/// 2025-11-25), for [`call_tool`] to wait on. Hand it every custom notification the client gets
/// (`ClientHandler::on_custom_notification`); clones share it.
#[derive(Clone, Default)]
pub struct UrlCompletions {
    completed: Arc<(Mutex<HashSet<String>>, Notify)>,
}

/// The most completions kept: a server that sends notifications nobody waits for does not grow
/// the client's memory without bound (at the bound, every kept completion is forgotten).
const MAX_COMPLETIONS: usize = 1024;

impl UrlCompletions {
    /// Reads `notification`: `true` if it is an elicitation's completion, then kept.
    pub fn observe(&self, notification: &CustomNotification) -> bool {
        if notification.method != "notifications/elicitation/complete" {
            return false;
        }
        let id = notification
            .params
            .as_ref()
            .and_then(|params| params.get("elicitationId"))
            .and_then(Value::as_str);
        let Some(id) = id else {
            return false;
        };
        let (completed, changed) = &*self.completed;
        let mut completed = completed.lock().unwrap_or_else(PoisonError::into_inner);
        if completed.len() >= MAX_COMPLETIONS {
            completed.clear();
        }
        completed.insert(id.to_owned());
        changed.notify_waiters();
        true
    }

    /// Waits until the request `elicitation_id` is complete, at most `limit`: `true` if it is.
    pub async fn wait(&self, elicitation_id: &str, limit: Duration) -> bool {
        let (completed, changed) = &*self.completed;
        let done = || {
            completed
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .remove(elicitation_id)
        };
        let waiting = async {
            loop {
                let notified = changed.notified();
                if done() {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(limit, waiting).await.is_ok()
    }
}

/// The most pages one `-32042` error may ask to open: more is refused, nothing opened.
pub const MAX_URL_ELICITATIONS: usize = 8;

/// Calls a tool through `client` (rmcp's `call_tool`, which answers the input-required rounds of
/// 2026-07-28 through the client's handler), and handles 2025-11-25's `-32042` (URL elicitation
/// required) in the same call: each page the error names is shown through `ui` ([`FormUi::open_url`], with
/// its `elicitationId`), each consented page's completion awaited in `completions` (up to
/// `limit` each: a server that sends none is not waited on forever), then the tool is called
/// once more. On 2026-07-28 a URL request arrives inside the call's input-required result and
/// goes to `answer_elicitation` like any other.
///
/// # Errors
///
/// The call's own error; the `-32042` error as the server sent it when the person declined or
/// cancelled a page, when its data is malformed or asks for more than
/// [`MAX_URL_ELICITATIONS`] pages or for a page that is not an `http`/`https` URL (nothing is
/// opened then), or when the call asks again after the pages.
pub async fn call_tool<S: Service<RoleClient>, U: FormUi>(
    client: &RunningService<RoleClient, S>,
    ui: &U,
    completions: &UrlCompletions,
    request: CallToolRequestParams,
    limit: Duration,
) -> Result<CallToolResult, ServiceError> {
    let error = match client.call_tool(request.clone()).await {
        Err(ServiceError::McpError(error)) if error.code == ErrorCode(-32042) => error,
        other => return other,
    };
    let Some(pages) = pages_of(&error) else {
        return Err(ServiceError::McpError(error));
    };
    for page in &pages {
        let shown = UrlToOpen {
            message: &page.message,
            url: &page.url,
            elicitation_id: Some(&page.elicitation_id),
            language: page.language.as_deref(),
        };
        if !matches!(ui.open_url(shown).await, Elicitation::Accepted(_)) {
            return Err(ServiceError::McpError(error));
        }
    }
    for page in &pages {
        completions.wait(&page.elicitation_id, limit).await;
    }
    client.call_tool(request).await
}

/// One page a `-32042` error asks to open.
struct Page {
    message: String,
    url: String,
    elicitation_id: String,
    /// Its `_meta`'s `contentLanguage`, if it says one.
    language: Option<String>,
}

/// The pages of a `-32042` error's `data.elicitations`, each a URL-mode request with a web URL
/// and an `elicitationId`; `None` when any is not, or there are none, or too many.
fn pages_of(error: &ErrorData) -> Option<Vec<Page>> {
    let elicitations = error.data.as_ref()?.get("elicitations")?.as_array()?;
    if elicitations.is_empty() || elicitations.len() > MAX_URL_ELICITATIONS {
        return None;
    }
    elicitations
        .iter()
        .map(|elicitation| {
            let text = |key: &str| elicitation.get(key).and_then(Value::as_str);
            let url = text("url").filter(|url| is_web_url(url))?;
            (text("mode") == Some("url")).then_some(())?;
            Some(Page {
                message: text("message").unwrap_or_default().to_owned(),
                url: url.to_owned(),
                elicitation_id: text("elicitationId")?.to_owned(),
                language: elicitation
                    .pointer("/_meta")
                    .and_then(|meta| meta.get(CONTENT_LANGUAGE))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            })
        })
        .collect()
}

/// The person's language preference sent with a request (SEP-2792), as a client that knows its
/// person's language sends it on every request: `_meta["io.modelcontextprotocol/acceptLanguage"]`
/// of any of rmcp's request params (`CallToolRequestParams`, `GetPromptRequestParams`,
/// `ReadResourceRequestParams`, ...). rmcp keeps the params' `_meta` on each retry of a
/// 2026-07-28 call, so every round carries it; so does [`call_tool`].
///
/// ```
/// use mcp_elicit::lang::Preference;
/// use mcp_elicit::rmcp::WithPreference;
/// use rmcp::model::CallToolRequestParams;
///
/// let request = CallToolRequestParams::new("signup")
///     .with_preference(&Preference::parse("fr-CH, fr;q=0.9"));
/// let sent = serde_json::to_value(&request).unwrap();
/// assert_eq!(sent["_meta"]["io.modelcontextprotocol/acceptLanguage"], "fr-CH, fr;q=0.9");
/// ```
pub trait WithPreference: Sized {
    /// The same request carrying `preference` (as [`Preference::to_header`] writes it); an empty
    /// preference removes the one it carried.
    #[must_use]
    fn with_preference(self, preference: &Preference) -> Self;
}

impl<P: RequestParamsMeta> WithPreference for P {
    fn with_preference(mut self, preference: &Preference) -> Self {
        if preference.is_empty() {
            if let Some(meta) = self.meta_mut() {
                meta.remove(ACCEPT_LANGUAGE);
            }
            return self;
        }
        self.meta_mut()
            .get_or_insert_with(RequestMetaObject::new)
            .insert(ACCEPT_LANGUAGE.into(), preference.to_header().into());
        self
    }
}
