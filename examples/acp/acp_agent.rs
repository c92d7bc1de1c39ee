//! An ACP agent that asks for a form: newline-delimited JSON-RPC over stdio, on the official
//! Rust ACP crate (`agent-client-protocol`).
//!
//! On `session/prompt` it asks the quickstart's `Signup` form with `elicitation/create`, scoped to
//! the session. On accept it answers with an agent message naming the display name and the plan,
//! and ends the turn; on decline or cancel it says the form was declined; an answer that breaks
//! the form's rules gets the form again (its message naming the field, the valid values
//! prefilled). A client that did not advertise form elicitation is asked nothing and told why.
//!
//! Run it with `cargo run --bin acp_agent`, or let an editor start it; `tests/sdks.rs` drives it
//! with the official TypeScript and Python ACP SDKs.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    AgentCapabilities, ClientCapabilities, ContentChunk, ElicitationSessionScope,
    InitializeRequest, InitializeResponse, NewSessionRequest, NewSessionResponse, PromptRequest,
    PromptResponse, SessionNotification, SessionUpdate, StopReason,
};
use agent_client_protocol::{Agent, Client, Stdio};
use mcp_elicit::{Elicit, Elicitation, acp};

/// A single choice: the client shows the titles and sends back the values. ACP shows each
/// option's description (its doc comment) too.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    /// No cost, for trying things out
    #[elicit(title = "Free: one project")]
    Free,
    /// Billed monthly
    #[elicit(title = "Pro: unlimited projects")]
    Pro,
}

/// Several choices: a set of an enum.
#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
}

/// We create your account from these details.
///
/// (The quickstart's sign-up form, with a title and this description, which ACP shows.)
#[derive(Elicit, Debug)]
#[elicit(
    rename_all = "camelCase",
    message = "Create your account",
    title = "Sign up",
    description = "We create your account from these details."
)]
struct Signup {
    /// How other users will see you: letters, spaces, dots, dashes and apostrophes
    #[elicit(
        title = "Display name",
        min_length = 3,
        max_length = 30,
        pattern = "^[A-Za-z][A-Za-z .'-]*$"
    )]
    display_name: String,

    /// We send the confirmation link here
    #[elicit(title = "E-mail", format = "email")]
    email: String,

    /// You must be 13 or older to sign up
    #[elicit(minimum = 13)]
    age: u8,

    #[elicit(default = Plan::Free)]
    plan: Plan,

    #[elicit(title = "Write to me about", max_items = 2)]
    topics: Option<BTreeSet<Topic>>,
}

#[tokio::main]
async fn main() -> agent_client_protocol::Result<()> {
    // What the client advertised in `initialize`: read by every prompt.
    let client: Arc<Mutex<ClientCapabilities>> = Arc::default();
    let advertised = Arc::clone(&client);
    Agent
        .v1()
        .name("mcp-elicit-acp-agent")
        .on_receive_request(
            async move |initialize: InitializeRequest, responder, _cx| {
                if let Ok(mut client) = advertised.lock() {
                    *client = initialize.client_capabilities.clone();
                }
                responder.respond(
                    InitializeResponse::new(initialize.protocol_version)
                        .agent_capabilities(AgentCapabilities::new()),
                )
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_request(
            async move |_: NewSessionRequest, responder, _cx| {
                responder.respond(NewSessionResponse::new("signup-session"))
            },
            agent_client_protocol::on_receive_request!(),
        )
        .on_receive_request(
            async move |prompt: PromptRequest, responder, cx| {
                let client = client.lock().map(|c| c.clone()).unwrap_or_default();
                // The form's answer arrives through the dispatch loop: ask outside it.
                cx.clone().spawn(async move {
                    let reply = signup(&cx, &client, &prompt).await;
                    let update = SessionUpdate::AgentMessageChunk(ContentChunk::new(reply.into()));
                    cx.send_notification(SessionNotification::new(
                        prompt.session_id.clone(),
                        update,
                    ))?;
                    responder.respond(PromptResponse::new(StopReason::EndTurn))
                })
            },
            agent_client_protocol::on_receive_request!(),
        )
        .connect_to(Stdio::new())
        .await
}

/// Asks for the form, and says what came of it.
async fn signup(
    cx: &ConnectionTo<Client>,
    client: &ClientCapabilities,
    prompt: &PromptRequest,
) -> String {
    let scope = ElicitationSessionScope::new(prompt.session_id.clone());
    match acp::ask::<Signup>(cx, client, scope).await {
        Ok(Elicitation::Accepted(signup)) => format!(
            "Welcome, {}! You are on the {} plan.",
            signup.display_name,
            match signup.plan {
                Plan::Free => "free",
                Plan::Pro => "pro",
            }
        ),
        Ok(Elicitation::Declined | Elicitation::Cancelled) => {
            "The sign-up form was declined: nothing was created.".to_owned()
        }
        Err(acp::ElicitError::NotSupported) => {
            "I need a few details to sign you up, and this client cannot show forms (it did not advertise `elicitation.form`).".to_owned()
        }
        Err(error) => format!("The sign-up failed: {error}"),
    }
}
