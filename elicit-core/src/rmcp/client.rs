//! The client side on rmcp: [`answer_elicitation`] is the whole of
//! `ClientHandler::create_elicitation`, for forms and URL requests, on every protocol version
//! (rmcp's client hands the input requests of 2026-07-28 to the same handler).

use ::rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData};
use serde_json::Value;

use crate::answer::Elicitation;
use crate::client::{FormUi, fill_form};

/// Answers a server's elicitation request through `ui`: a form is shown (and shown again with
/// the problems until what the person enters fits it), its defaults filled in; a URL request
/// goes to [`FormUi::open_url`]. A form the specification does not allow is an
/// `invalid_params` error back to the server, and nothing is shown.
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
    let filled = match request {
        ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => {
            let schema = serde_json::to_value(&requested_schema)
                .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
            fill_form(ui, &message, &schema)
                .await
                .map_err(|refused| ErrorData::invalid_params(refused.to_string(), None))?
        }
        ElicitRequestParams::UrlElicitationParams { message, url, .. } => {
            // A URL request carries no values back.
            let action = match ui.open_url(&message, &url).await {
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
