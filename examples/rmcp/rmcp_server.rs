//! A real MCP server on stdio, built on the official Rust SDK (rmcp), with one tool, `signup`,
//! that asks the user for a sign-up form and describes what came back.
//!
//! It serves clients of every protocol version with one call, `mcp_elicit::rmcp::ask`: on
//! 2025-06-18 and 2025-11-25 it asks with an `elicitation/create` request; on 2026-07-28, where a
//! server may not send requests, the tool returns the form in an `InputRequiredResult` and the
//! client calls it again with the answer. An answer that breaks the form's rules is asked again
//! (3 rounds in all), with the problems named and the valid values filled in.
//!
//! A second tool, `deploy`, is a wizard of two forms: the environment (staging | production),
//! and only for production a confirmation (the word `production` typed, and a reason of at least
//! 10 characters). On 2026-07-28 each form is a round: the first answer travels in the sealed
//! `requestState`, and is never asked again.
//!
//! A third, `create_issue`, takes its arguments from a derived struct: the struct's schema is the
//! tool's `inputSchema`, and what the model leaves out or gets wrong is asked of the user in one
//! form of exactly those fields (`mcp_elicit::rmcp::ask_arguments`).
//!
//! The sign-up form speaks English, French and Hebrew (`locales/`): a call whose `_meta` prefers
//! one is asked in it, and told why there is no answer in the person's language.
//!
//! Run it with `cargo run --bin rmcp_server` (it speaks JSON-RPC on stdin and stdout), or let the
//! example client (`rmcp_client.rs`, beside this file) start it.

use std::collections::BTreeSet;
use std::sync::Arc;

use mcp_elicit::choices::{Choices, Pick, Picks, SelectOption};
use mcp_elicit::rmcp::{Ask, Asking, Respond, ask, ask_arguments, input_schema};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    Implementation, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
    Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt};

/// The plan: a titled single-select.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
#[elicit(translations(path = "locales", languages("fr", "he")))]
enum Plan {
    #[elicit(title = "Free: one project")]
    Free,
    #[elicit(title = "Pro: unlimited projects")]
    Pro,
}

/// What to write about: a multi-select.
#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
#[elicit(translations(path = "locales", languages("fr", "he")))]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
}

/// The sign-up form. The properties reach the client in this order.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase", message = "Create your account")]
#[elicit(translations(path = "locales", languages("fr", "he")))]
struct Signup {
    /// We send the confirmation link here
    #[elicit(title = "E-mail", format = "email")]
    email: String,
    /// You must be 13 or older
    #[elicit(minimum = 13, maximum = 120)]
    age: u8,
    #[elicit(title = "Plan", default = Plan::Free)]
    plan: Plan,
    #[elicit(title = "Write to me about", max_items = 2)]
    topics: BTreeSet<Topic>,
}

/// Where `deploy` deploys to.
#[derive(Elicit, Debug, PartialEq, Eq)]
#[elicit(rename_all = "lowercase")]
enum Environment {
    Staging,
    Production,
}

/// The first step of `deploy`.
#[derive(Elicit, Debug)]
#[elicit(message = "Where should this deploy go?")]
struct Target {
    /// The environment to deploy to
    environment: Environment,
}

/// The second step of `deploy`, for production only.
#[derive(Elicit, Debug)]
#[elicit(message = "Deploying to production: please confirm")]
struct ConfirmProduction {
    /// Type the word production to confirm
    #[elicit(validate = typed_production)]
    confirm: String,
    /// Why this deploy is needed now
    #[elicit(min_length = 10)]
    reason: String,
}

/// The confirmation must be the word itself.
fn typed_production(confirm: &str) -> Result<(), String> {
    if confirm == "production" {
        Ok(())
    } else {
        Err("type the word production to confirm".to_owned())
    }
}

/// How urgent an issue is.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Priority {
    Low,
    Normal,
    High,
}

/// What an issue is about.
#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Label {
    Bug,
    Feature,
    Docs,
}

/// The arguments of `create_issue`: its `inputSchema`, and the form of what is missing or wrong.
#[derive(Elicit, Debug)]
#[elicit(message = "A few details for the new issue")]
struct CreateIssue {
    /// A short summary of the issue
    #[elicit(min_length = 3)]
    title: String,
    /// How urgent it is
    priority: Priority,
    /// What it is about
    labels: Option<BTreeSet<Label>>,
}

/// The form of the `choose` tool: options known only when it is called.
#[derive(Elicit, Debug)]
#[elicit(message = "Choose one, and any extras")]
struct Choose {
    /// The one you want
    choice: Pick,
    /// Anything else you would like too
    extras: Option<Picks>,
}

/// The `options` argument of `choose`: `[{"value": "...", "title": "..."}, ...]`, the title
/// optional.
fn options(request: &CallToolRequestParams) -> Result<Choices, ErrorData> {
    let bad = || {
        ErrorData::invalid_params(
            "`options` must be a list of {\"value\": text, \"title\": text (optional)}",
            None,
        )
    };
    let list = request
        .arguments
        .as_ref()
        .and_then(|a| a.get("options"))
        .and_then(|o| o.as_array())
        .ok_or_else(bad)?;
    let mut options = Vec::with_capacity(list.len());
    for option in list {
        let value = option
            .get("value")
            .and_then(|v| v.as_str())
            .ok_or_else(bad)?;
        options.push(match option.get("title") {
            None => SelectOption::new(value.to_owned()),
            Some(title) => {
                let title = title.as_str().ok_or_else(bad)?;
                SelectOption::titled(value.to_owned(), title.to_owned())
            }
        });
    }
    Ok(Choices::new(options))
}

struct SignupServer;

impl SignupServer {
    /// `deploy`: the wizard. The same code on every protocol version.
    async fn deploy(
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let text =
            |text: String| Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
        let mut asking = match Asking::new(context, request) {
            Ok(asking) => asking,
            Err(stop) => return stop.into(),
        };
        let target = match asking.ask(&Ask::<Target>::new().key("target")).await {
            Ok(Elicitation::Accepted(target)) => target,
            Ok(answer) => return text(format!("nothing deployed ({})", answer.action())),
            Err(stop) => return stop.into(),
        };
        if target.environment == Environment::Production {
            match asking
                .ask(&Ask::<ConfirmProduction>::new().key("confirm"))
                .await
            {
                Ok(Elicitation::Accepted(confirmed)) => {
                    return text(format!("deployed to production ({})", confirmed.reason));
                }
                Ok(answer) => return text(format!("nothing deployed ({})", answer.action())),
                Err(stop) => return stop.into(),
            }
        }
        text("deployed to staging".to_owned())
    }

    /// What the tool says about the user's answer.
    fn describe(answer: Elicitation<Signup>) -> CallToolResult {
        match answer {
            Elicitation::Accepted(signup) => {
                let topics: Vec<String> = signup.topics.iter().map(|t| format!("{t:?}")).collect();
                CallToolResult::success(vec![ContentBlock::text(format!(
                    "signed up {} (age {}) on the {:?} plan; topics: {}",
                    signup.email,
                    signup.age,
                    signup.plan,
                    if topics.is_empty() {
                        "none".to_owned()
                    } else {
                        topics.join(", ")
                    }
                ))])
            }
            Elicitation::Declined => {
                CallToolResult::success(vec![ContentBlock::text("the user declined to sign up")])
            }
            Elicitation::Cancelled => CallToolResult::success(vec![ContentBlock::text(
                "the user dismissed the sign-up form",
            )]),
        }
    }
}

impl ServerHandler for SignupServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(
            // Its own name, and the version of mcp-elicit it shows.
            Implementation::new("mcp-elicit-signup-example", env!("CARGO_PKG_VERSION"))
                .with_title("mcp-elicit sign-up example"),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let no_arguments = Arc::new(
            serde_json::json!({"type": "object", "properties": {}})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        let options = Arc::new(
            serde_json::json!({
                "type": "object",
                "properties": {"options": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"value": {"type": "string"}, "title": {"type": "string"}},
                        "required": ["value"]
                    }
                }},
                "required": ["options"]
            })
            .as_object()
            .cloned()
            .unwrap_or_default(),
        );
        Ok(ListToolsResult::with_all_items(vec![
            Tool::new(
                "signup",
                "Sign the user up: asks them for an e-mail address, their age, a plan and topics",
                no_arguments,
            ),
            Tool::new(
                "create_issue",
                "Create an issue: a title, a priority and optional labels",
                input_schema::<CreateIssue>(),
            ),
            Tool::new(
                "deploy",
                "Deploy: asks where to (staging or production), and for production a confirmation",
                Arc::new(
                    serde_json::json!({"type": "object", "properties": {}})
                        .as_object()
                        .cloned()
                        .unwrap_or_default(),
                ),
            ),
            Tool::new(
                "choose",
                "Asks the user to choose one of the given options, and any extras among them",
                options,
            ),
        ]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name == "choose" {
            // The options come with every call, the retried one of 2026-07-28 too: the answer is
            // checked against those of this very call.
            let choices = options(&request)?;
            let asking = Ask::<Choose>::new()
                .choices("choice", choices.clone())
                .choices("extras", choices);
            return Ok(match asking.run(&context, &request).await {
                Ok(Elicitation::Accepted(chosen)) => {
                    let extras = chosen.extras.map(|e| e.0).unwrap_or_default();
                    let extras = if extras.is_empty() {
                        "none".to_owned()
                    } else {
                        extras.join(", ")
                    };
                    let text = format!("chose {}; extras: {extras}", chosen.choice);
                    CallToolResult::success(vec![ContentBlock::text(text)]).into()
                }
                Ok(answer) => CallToolResult::success(vec![ContentBlock::text(format!(
                    "nothing chosen ({})",
                    answer.action()
                ))])
                .into(),
                // The form on 2026-07-28, a protocol error, or a tool error saying why.
                Err(stop) => return stop.into(),
            });
        }
        if request.name == "create_issue" {
            let issue = match ask_arguments::<CreateIssue>(&context, &request).await {
                Ok(Elicitation::Accepted(issue)) => issue,
                Ok(answer) => {
                    let text = format!("no issue created ({})", answer.action());
                    return Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
                }
                // The form on 2026-07-28, a protocol error, or a tool error naming what is wrong.
                Err(stop) => return stop.into(),
            };
            let labels: Vec<String> = issue
                .labels
                .iter()
                .flatten()
                .map(|l| format!("{l:?}").to_lowercase())
                .collect();
            let text = format!(
                "created issue {:?} with priority {:?}; labels: {}",
                issue.title,
                issue.priority,
                if labels.is_empty() {
                    "none".to_owned()
                } else {
                    labels.join(", ")
                }
            );
            return Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
        }
        if request.name == "deploy" {
            return Self::deploy(&request, &context).await;
        }
        if request.name != "signup" {
            return Err(ErrorData::invalid_params(
                format!("no tool named {}", request.name),
                None,
            ));
        }
        // The form on 2026-07-28 (the client calls again with the answer), or a tool error
        // saying why there is no answer (no elicitation, or still invalid after 3 rounds), in the
        // person's language.
        ask::<Signup>(&context, &request)
            .await
            .map(Self::describe)
            .respond_to(&context)
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = SignupServer.serve(rmcp::transport::stdio()).await?;
    server.waiting().await?;
    Ok(())
}
