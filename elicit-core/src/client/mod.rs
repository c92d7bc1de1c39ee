//! The client side of a form: show a server's form to a person through a [`FormUi`], check what
//! they enter against the form (showing it again, with the problems, until it fits), fill in
//! the defaults, and answer accept, decline or cancel.
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
/// (and cancels): a person corrects a form in far fewer; a UI that never does cannot loop
/// forever.
pub const MAX_ATTEMPTS: usize = 10;

/// A form shown to a person: the server's message and form, the values it starts with (the
/// defaults, or what the person entered last time), and the problems of their last attempt.
#[derive(Clone, Copy, Debug)]
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
}

/// A way to show a form to a person: a terminal, a window, a test script. Implement
/// [`FormUi::fill`]; [`FormUi::open_url`] answers URL-mode requests, and declines them unless
/// implemented.
pub trait FormUi {
    /// Shows `form` and gives back what the person did.
    fn fill(&self, form: FormToFill<'_>) -> impl Future<Output = Elicitation<Content>> + Send;

    /// Asks the person whether to open `url` (a page of the server's), explained by `message`:
    /// `Accept` (with no values) once it is opened, `Decline` or `Cancel`. Declines by default.
    fn open_url(
        &self,
        message: &str,
        url: &str,
    ) -> impl Future<Output = Elicitation<Content>> + Send {
        let _ = (message, url);
        std::future::ready(Elicitation::Declined)
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

/// Shows a server's form (`message` and `requested_schema`, as the request carries them) through
/// `ui` until the person declines, cancels, or submits values that keep every rule of the form;
/// then the answer, with the defaults of the fields they left out filled in. A form the
/// specification does not allow is refused before anything is shown.
///
/// The form starts with its defaults; after an attempt that breaks its rules it is shown again
/// with what the person entered and the problems, up to [`MAX_ATTEMPTS`] times, then cancelled.
///
/// # Errors
///
/// When the server's `requestedSchema` is not one the specification allows: the error names the
/// property and the reason, ready to send back to the server.
pub async fn fill_form<U: FormUi>(
    ui: &U,
    message: &str,
    requested_schema: &Value,
) -> Result<Elicitation<Content>, SchemaRefused> {
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
            })
            .await;
        let Elicitation::Accepted(mut content) = filled else {
            return Ok(filled);
        };
        schema.apply_defaults(&mut content);
        match schema.validate(&content) {
            Ok(()) => return Ok(Elicitation::Accepted(content)),
            Err(found) => {
                problems = Some(found);
                values = content;
            }
        }
    }
    Ok(Elicitation::Cancelled)
}
