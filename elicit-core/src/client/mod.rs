//! The client side of a form: show a server's form to a person through a [`FormUi`], starting
//! from its defaults, check what they enter against the form (showing it again, with the
//! problems, until it fits), and answer accept (exactly what they left in the form), decline or
//! cancel.
//!
//! [`fill_form`] works for any transport; with the feature `rmcp`,
//! `rmcp::answer_elicitation` is the whole of `ClientHandler::create_elicitation`. With the
//! feature `terminal`, `TerminalUi` asks at the terminal.
//!
//! ```
//! use mcp_elicit::client::{FormUi, FormToFill, fill_form};
//! use mcp_elicit::{Content, Elicitation};
//! use serde_json::json;
//!
//! /// A person who accepts every form as it comes, with its defaults.
//! struct AcceptDefaults;
//!
//! impl FormUi for AcceptDefaults {
//!     async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
//!         Elicitation::Accepted(form.values.clone())
//!     }
//! }
//!
//! let schema = json!({
//!     "type": "object",
//!     "properties": {"name": {"type": "string", "default": "John Doe"}, "age": {"type": "integer", "default": 30}}
//! });
//! let answer = futures_lite_block_on(fill_form(&AcceptDefaults, "Who are you?", &schema)).unwrap();
//! assert_eq!(answer, Elicitation::Accepted(json!({"name": "John Doe", "age": 30}).as_object().unwrap().clone()));
//! # fn futures_lite_block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     let mut f = std::pin::pin!(f);
//! #     let waker = std::task::Waker::noop();
//! #     let mut cx = std::task::Context::from_waker(&waker);
//! #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
//! # }
//! ```

use std::future::Future;

use serde::Deserialize;

#[cfg(feature = "terminal")]
mod terminal;
use serde_json::Value;
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
pub use terminal::TerminalUi;

use crate::answer::Elicitation;
use crate::error::ContentError;
use crate::schema::{Content, RequestedSchema};

/// How many times [`fill_form`] shows a form whose answers break its rules before it gives up
/// ([`NotFilled::GaveUp`]; the server is answered `cancel`): a person corrects a form in far
/// fewer; a UI that never does cannot loop forever.
pub const MAX_ATTEMPTS: usize = 10;

/// A form shown to a person: the server's message and form, the values it starts with (the
/// defaults, or what the person entered last time), and the problems of their last attempt.
///
/// [`fill_form`] makes one for each showing. It may gain fields as the protocol grows, so code
/// outside this crate makes one with [`FormToFill::new`] and the `with_*` methods (to drive a UI
/// in a test, say), not with a struct literal:
///
/// ```
/// use mcp_elicit::client::FormToFill;
/// use mcp_elicit::{Content, Elicit};
///
/// #[derive(Elicit)]
/// struct Profile {
///     #[elicit(min_length = 2)]
///     name: String,
/// }
///
/// let schema = Profile::requested_schema();
/// let mut values = Content::new();
/// schema.apply_defaults(&mut values);
/// let form = FormToFill::new(Profile::message(), schema, &values).with_language("en");
/// assert_eq!(form.language, Some("en"));
/// assert!(form.problems.is_none());
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct FormToFill<'a> {
    /// The server's message, shown above the form.
    pub message: &'a str,
    /// The form: its properties, in the order to show them.
    pub schema: &'a RequestedSchema,
    /// The values the form starts with: on the first showing, the defaults; after an attempt
    /// that broke the form's rules, what the person entered.
    pub values: &'a Content,
    /// What was wrong with the last attempt, each problem naming its field: `None` the first
    /// time.
    pub problems: Option<&'a ContentError>,
    /// The language the server says the form is written in (its `contentLanguage`, SEP-2792), if
    /// it says one: for a UI to set `lang` (and `dir`, with
    /// [`lang::is_right_to_left`](crate::lang::is_right_to_left)).
    pub language: Option<&'a str>,
}

impl<'a> FormToFill<'a> {
    /// The form `schema` under the server's `message`, starting with `values` (for a first
    /// showing, the form's defaults: [`RequestedSchema::apply_defaults`]); no problems and no
    /// language.
    pub const fn new(message: &'a str, schema: &'a RequestedSchema, values: &'a Content) -> Self {
        FormToFill {
            message,
            schema,
            values,
            problems: None,
            language: None,
        }
    }

    /// Shown again after an attempt that broke the form's rules: `problems` are that attempt's
    /// (and the values, what the person entered).
    pub const fn with_problems(mut self, problems: &'a ContentError) -> Self {
        self.problems = Some(problems);
        self
    }

    /// The form said to be written in `language` (a language tag).
    pub const fn with_language(mut self, language: &'a str) -> Self {
        self.language = Some(language);
        self
    }
}

/// A page of the server's that a URL-mode request asks the person to open.
///
/// It may gain fields as the protocol grows, so code outside this crate makes one with
/// [`UrlToOpen::new`] and the `with_*` methods, not with a struct literal:
///
/// ```
/// use mcp_elicit::client::UrlToOpen;
///
/// let page = UrlToOpen::new("Sign in to connect your calendar", "https://example.com/connect")
///     .with_elicitation_id("e-42");
/// assert_eq!(page.elicitation_id, Some("e-42"));
/// assert_eq!(page.language, None);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct UrlToOpen<'a> {
    /// The server's message: why the page is to be opened.
    pub message: &'a str,
    /// The page.
    pub url: &'a str,
    /// The request's id (2025-11-25), which the server's
    /// `notifications/elicitation/complete` names once the person is done on the page.
    pub elicitation_id: Option<&'a str>,
    /// The language the server says the message is written in (its `contentLanguage`,
    /// SEP-2792), if it says one.
    pub language: Option<&'a str>,
}

impl<'a> UrlToOpen<'a> {
    /// The page at `url`, with the server's `message` saying why to open it; no request id and
    /// no language.
    pub const fn new(message: &'a str, url: &'a str) -> Self {
        UrlToOpen {
            message,
            url,
            elicitation_id: None,
            language: None,
        }
    }

    /// The request's id (2025-11-25), which the server's completion notification names.
    pub const fn with_elicitation_id(mut self, elicitation_id: &'a str) -> Self {
        self.elicitation_id = Some(elicitation_id);
        self
    }

    /// The message said to be written in `language` (a language tag).
    pub const fn with_language(mut self, language: &'a str) -> Self {
        self.language = Some(language);
        self
    }
}

/// A way to show a form to a person: a terminal, a window, a test script. Implement
/// [`FormUi::fill`]; for URL mode, [`FormUi::open_url`] and [`FormUi::opens_urls`].
///
/// The futures it gives must be `Send` (rmcp's and ACP's handlers run on a multi-threaded
/// runtime): a UI that keeps its state in a `RefCell` or an `Rc` across an `.await` does not
/// compile; keep it in a `Mutex` (or do the work before the first `.await`).
pub trait FormUi {
    /// Shows `form` and gives back what the person did. Start from `form.values` (the form's
    /// defaults, or their last attempt); what is returned is the answer as it is: leave out a
    /// field the person cleared, give `""` for a text field they emptied.
    fn fill(&self, form: FormToFill<'_>) -> impl Future<Output = Elicitation<Content>> + Send;

    /// Shows the person `page` (a page of the server's: its URL and why) and asks whether to
    /// open it: `Accept` (with no values) once they consented and it is opened (or shown to be
    /// opened), `Decline` or `Cancel`. Declines by default.
    fn open_url(&self, page: UrlToOpen<'_>) -> impl Future<Output = Elicitation<Content>> + Send {
        let _ = page;
        std::future::ready(Elicitation::Declined)
    }

    /// Whether this UI opens URLs ([`FormUi::open_url`]): the client declares URL mode to servers
    /// only then (`rmcp::elicitation_capability`). `false` by default.
    fn opens_urls(&self) -> bool {
        false
    }

    /// Told when [`fill_form`] gave up on a form ([`NotFilled::GaveUp`]: the UI's answers broke
    /// its rules [`MAX_ATTEMPTS`] times) and the server is answered `cancel`, which was not the
    /// person's choice. Does nothing by default.
    fn gave_up(&self, problems: &ContentError) {
        let _ = problems;
    }
}

/// Why a server's form was not shown: its `requestedSchema` is not one the specification allows
/// (the reason names the property). Send it back to the server as an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaRefused(pub String);

impl std::fmt::Display for SchemaRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the form cannot be shown: {}", self.0)
    }
}

impl std::error::Error for SchemaRefused {}

/// Why [`fill_form`] has no answer of the person's.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum NotFilled {
    /// The server's `requestedSchema` is not one the specification allows: send it back to the
    /// server as an error.
    Refused(SchemaRefused),
    /// The UI gave [`MAX_ATTEMPTS`] answers that each broke the form's rules: it was not the
    /// person who stopped. Answer the server `cancel` (what `rmcp::answer_elicitation` does), and
    /// tell whoever runs the UI: these are the last attempt's problems.
    GaveUp(ContentError),
}

impl std::fmt::Display for NotFilled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotFilled::Refused(refused) => refused.fmt(f),
            NotFilled::GaveUp(problems) => write!(
                f,
                "the form's answers broke its rules {MAX_ATTEMPTS} times, the last time:\n{problems}"
            ),
        }
    }
}

impl std::error::Error for NotFilled {}

impl From<SchemaRefused> for NotFilled {
    fn from(refused: SchemaRefused) -> Self {
        NotFilled::Refused(refused)
    }
}

/// Shows a server's form (`message` and `requested_schema`, as the request carries them) through
/// `ui` until the person declines, cancels, or submits values that keep every rule of the form;
/// then their answer. A form the specification does not allow is refused before anything is
/// shown.
///
/// What the person sees is what is sent: the form starts with its defaults (SEP-1034: a client
/// pre-populates them), and what the UI returns *is* the answer. A field the person cleared stays
/// out (a cleared text field the form lets be empty is `""`, the UI's to give); nothing is filled
/// in behind their back. Keys the form does not have, and `null`s, are dropped; the answer's
/// properties are in form order. After an attempt that breaks the form's rules it is shown again
/// with what the person entered and the problems, up to [`MAX_ATTEMPTS`] times.
///
/// # Errors
///
/// [`NotFilled::Refused`] when the server's `requestedSchema` is not one the specification
/// allows (the error names the property and the reason, ready to send back to the server);
/// [`NotFilled::GaveUp`] when the attempts ran out (answer `cancel`).
pub async fn fill_form<U: FormUi>(
    ui: &U,
    message: &str,
    requested_schema: &Value,
) -> Result<Elicitation<Content>, NotFilled> {
    fill_form_in(ui, message, requested_schema, None).await
}

/// [`fill_form`], the form said to be in `language` (the request's `contentLanguage`, SEP-2792),
/// which the UI is given as [`FormToFill::language`].
///
/// # Errors
///
/// As [`fill_form`].
pub async fn fill_form_in<U: FormUi>(
    ui: &U,
    message: &str,
    requested_schema: &Value,
    language: Option<&str>,
) -> Result<Elicitation<Content>, NotFilled> {
    let schema = RequestedSchema::deserialize(requested_schema)
        .map_err(|error| SchemaRefused(error.to_string()))?;
    let mut values = Content::new();
    schema.apply_defaults(&mut values);
    let mut problems = None;
    for _ in 0..MAX_ATTEMPTS {
        let filled = ui
            .fill(FormToFill {
                message,
                schema: &schema,
                values: &values,
                problems: problems.as_ref(),
                language,
            })
            .await;
        let Elicitation::Accepted(given) = filled else {
            return Ok(filled);
        };
        let content = answer_of(&schema, &given);
        match schema.validate(&content) {
            Ok(()) => return Ok(Elicitation::Accepted(content)),
            Err(found) => {
                problems = Some(found);
                values = content;
            }
        }
    }
    // Every attempt broke a rule (none at all only were `MAX_ATTEMPTS` 0).
    problems.map_or(Ok(Elicitation::Cancelled), |problems| {
        Err(NotFilled::GaveUp(problems))
    })
}

/// What a UI gave, as the answer: the form's properties it holds, in form order, `null`s (a
/// field left empty) out. Linear in the size of the form.
fn answer_of(schema: &RequestedSchema, given: &Content) -> Content {
    schema
        .properties()
        .iter()
        .filter_map(|property| {
            let value = given.get(property.name()).filter(|v| !v.is_null())?;
            Some((property.name().to_owned(), value.clone()))
        })
        .collect()
}
