//! rmcp's own way of writing a server: `#[tool]` and `#[prompt]` methods of `#[tool_router]` and
//! `#[prompt_router]` impls, marked `#[asks]`, ask with `?` on every protocol version, through a
//! real rmcp client. The state stays bound to the call's arguments whatever the order of the
//! method's parameters; a swallowed ask still asks its form; a derived struct is a tool's
//! arguments without `JsonSchema`.

use mcp_elicit::rmcp::{Call, Forms, Handled, ask, asks};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitResult,
    ElicitationAction, ErrorCode, ErrorData, GetPromptRequestParams, GetPromptResult,
    InputResponses, JsonObject, PromptMessage, ProtocolVersion, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ResourceContents, Role,
};
use rmcp::service::{RequestContext, RoleServer, ServiceError};
use rmcp::{ServerHandler, prompt, prompt_handler, prompt_router, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::connect;

#[derive(Elicit, Debug)]
#[elicit(message = "What is your name?")]
struct Name {
    #[elicit(min_length = 2)]
    name: String,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
enum Seating {
    #[elicit(rename = "indoor", title = "Indoor")]
    Indoor,
    #[elicit(rename = "outdoor", title = "Outdoor")]
    Outdoor,
}

/// A table to book: the tool's arguments, and the form of what the model left out.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    #[elicit(format = "date")]
    date: String,
    #[elicit(minimum = 1, maximum = 12)]
    party_size: u8,
    seating: Seating,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
    prompt_router: PromptRouter<Self>,
}

impl Server {
    fn new() -> Self {
        Server {
            tool_router: Self::tool_router(),
            prompt_router: Self::prompt_router(),
        }
    }
}

#[tool_router]
impl Server {
    #[asks]
    #[tool(description = "Greets the user")]
    async fn greet(&self, call: Call) -> Handled<String> {
        let Elicitation::Accepted(user) = call.ask::<Name>().await? else {
            return Ok("Hello Guest!".into());
        };
        Ok(format!("Hello {}!", user.name))
    }

    /// rmcp's own example's habit: the ask's error swallowed. On 2026-07-28 that error is the
    /// form, which `#[asks]` returns anyway.
    #[asks]
    #[tool(description = "Greets the user, swallowing the ask's error")]
    async fn greet_swallowing(&self, call: Call) -> Handled<String> {
        let name = match call.ask::<Name>().await {
            Ok(Elicitation::Accepted(user)) => user.name,
            Ok(_) | Err(_) => "Unknown".to_string(),
        };
        Ok(format!("Hello {name}!"))
    }

    /// The same habit as `.ok()`, in a tool that returns its own result type.
    #[asks]
    #[tool(description = "Greets the user, dropping the ask's error with ok()")]
    async fn greet_ok(&self, call: Call) -> Handled {
        let name = call
            .ask::<Name>()
            .await
            .ok()
            .and_then(Elicitation::accepted)
            .map_or_else(|| "Unknown".to_string(), |user| user.name);
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "Hello {name}!"
        ))]))
    }

    /// rmcp's `Parameters` first, the call after: `Parameters` takes the arguments, and the
    /// call still binds the state to them.
    #[asks]
    #[tool(description = "Takes a note, after asking who writes it")]
    async fn note(&self, Parameters(note): Parameters<JsonObject>, call: Call) -> Handled<String> {
        let Elicitation::Accepted(user) = call.ask::<Name>().await? else {
            return Ok("no note".into());
        };
        Ok(format!("{} wrote {}", user.name, Value::Object(note)))
    }

    #[asks]
    #[tool(description = "Books a table")]
    async fn book_table(&self, call: Call<Booking>) -> Handled<String> {
        let Elicitation::Accepted(booking) = call.arguments().await? else {
            return Ok("Nothing was booked.".into());
        };
        let seating = match booking.seating {
            Seating::Indoor => "Indoor",
            Seating::Outdoor => "Outdoor",
        };
        Ok(format!(
            "Booked a table for {} on {}, {seating}.",
            booking.party_size, booking.date
        ))
    }
}

#[prompt_router]
impl Server {
    #[asks]
    #[prompt(description = "Plans a trip")]
    async fn plan_trip(&self, call: Call) -> Handled<GetPromptResult> {
        let Elicitation::Accepted(user) = call.ask::<Name>().await? else {
            return Ok(GetPromptResult::new(vec![]));
        };
        Ok(GetPromptResult::new(vec![PromptMessage::new_text(
            Role::User,
            format!("Plan a trip for {}.", user.name),
        )]))
    }
}

#[tool_handler(router = self.tool_router)]
#[prompt_handler(router = self.prompt_router)]
impl ServerHandler for Server {}

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

fn accept(content: Value) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(content)
}

fn text(result: &CallToolResult) -> &str {
    result.content[0].as_text().map_or("", |t| t.text.as_str())
}

#[tokio::test]
async fn a_tool_method_asks_with_question_mark_on_every_version() {
    for version in VERSIONS {
        let served = Forms::new(Server::new());
        let answers = vec![accept(json!({"name": "A"})), accept(json!({"name": "Ada"}))];
        let session = connect(served, version.clone(), true, answers).await;
        let (text, error, seen) = session.call("greet").await;
        // Too short at first: asked again, the problem named.
        assert_eq!((text.as_str(), error), ("Hello Ada!", false), "{version}");
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(seen[0]["message"], "What is your name?", "{version}");
        assert!(
            seen[1]["message"]
                .as_str()
                .unwrap()
                .contains("must be at least 2 characters"),
            "{version}: {}",
            seen[1]["message"]
        );

        // Without `Forms` too: a tool's call holds all it needs.
        let decline = ElicitResult::new(ElicitationAction::Decline);
        let session = connect(Server::new(), version.clone(), true, vec![decline]).await;
        let (text, error, _) = session.call("greet").await;
        assert_eq!((text.as_str(), error), ("Hello Guest!", false), "{version}");
    }
}

#[tokio::test]
async fn a_swallowed_ask_still_asks_its_form_on_every_version() {
    for version in VERSIONS {
        for tool in ["greet_swallowing", "greet_ok"] {
            let answers = vec![accept(json!({"name": "Ada"}))];
            let session = connect(Server::new(), version.clone(), true, answers).await;
            let (text, error, seen) = session.call(tool).await;
            assert_eq!(
                (text.as_str(), error, seen.len()),
                ("Hello Ada!", false, 1),
                "{version} {tool}"
            );
        }
    }
}

/// The swallowed ask on 2026-07-28, seen from the wire: the first call's result is the form,
/// never `Hello Unknown!`.
#[tokio::test]
async fn a_swallowed_ask_returns_the_form_not_the_fallback() {
    let session = connect(Server::new(), ProtocolVersion::V_2026_07_28, true, vec![]).await;
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("greet_swallowing"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(form) = first else {
        panic!("the form, got {first:?}")
    };
    let requests = serde_json::to_value(&form.input_requests).unwrap();
    assert_eq!(requests["form"]["params"]["message"], "What is your name?");
}

fn answers(content: Value) -> InputResponses {
    let mut responses = InputResponses::new();
    responses.insert(
        "form".to_owned(),
        json!({"action": "accept", "content": content}),
    );
    responses
}

/// `Parameters` before the call takes the arguments away from rmcp's context; the state is
/// bound to them all the same: a retry with other arguments is refused, the honest one settles.
#[tokio::test]
async fn the_state_is_bound_to_the_arguments_whatever_the_parameters_order() {
    let session = connect(Server::new(), ProtocolVersion::V_2026_07_28, true, vec![]).await;
    let call = |note: &str| {
        CallToolRequestParams::new("note")
            .with_arguments(json!({"text": note}).as_object().unwrap().clone())
    };
    let first = session
        .client
        .call_tool_once(call("buy milk"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(form) = first else {
        panic!("the form, got {first:?}")
    };
    let sealed = form.request_state.clone().expect("a sealed state");
    let retry = |note: &str| {
        session.client.call_tool_once(
            call(note)
                .with_input_responses(answers(json!({"name": "Ada"})))
                .with_request_state(sealed.clone()),
        )
    };
    let Err(ServiceError::McpError(error)) = retry("sell the house").await else {
        panic!("a JSON-RPC error")
    };
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
    assert!(
        error.message.starts_with("the `requestState` is refused"),
        "{}",
        error.message
    );
    let Ok(CallToolResponse::Complete(done)) = retry("buy milk").await else {
        panic!("the result")
    };
    assert_eq!(text(&done), r#"Ada wrote {"text":"buy milk"}"#);
}

#[tokio::test]
async fn derived_arguments_are_the_input_schema_and_what_is_missing_is_asked() {
    let tools = Server::new().tool_router.list_all();
    let book = tools.iter().find(|t| t.name == "book_table").unwrap();
    assert_eq!(
        Value::Object((*book.input_schema).clone()),
        json!({
            "type": "object",
            "properties": {
                "date": {"type": "string", "format": "date"},
                "partySize": {"type": "integer", "minimum": 1, "maximum": 12},
                "seating": {"type": "string", "oneOf": [
                    {"const": "indoor", "title": "Indoor"},
                    {"const": "outdoor", "title": "Outdoor"}
                ]}
            },
            "required": ["date", "partySize", "seating"]
        })
    );

    for version in VERSIONS {
        // All given and valid: nothing asked.
        let session = connect(Server::new(), version.clone(), true, vec![]).await;
        let complete = json!({"date": "2026-12-24", "partySize": 4, "seating": "outdoor"});
        let result = session
            .client
            .call_tool(
                CallToolRequestParams::new("book_table")
                    .with_arguments(complete.as_object().unwrap().clone()),
            )
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            "Booked a table for 4 on 2026-12-24, Outdoor.",
            "{version}"
        );
        assert!(session.seen().is_empty(), "{version}");

        // The party size out of bounds and the seating missing: those two asked, nothing else.
        let answers = vec![accept(json!({"partySize": 2, "seating": "indoor"}))];
        let session = connect(Server::new(), version.clone(), true, answers).await;
        let partial = json!({"date": "2026-12-24", "partySize": 40});
        let result = session
            .client
            .call_tool(
                CallToolRequestParams::new("book_table")
                    .with_arguments(partial.as_object().unwrap().clone()),
            )
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            "Booked a table for 2 on 2026-12-24, Indoor.",
            "{version}"
        );
        let seen = session.seen();
        assert_eq!(seen.len(), 1, "{version}");
        let asked: Vec<&String> = seen[0]["requestedSchema"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(asked, ["partySize", "seating"], "{version}");
    }
}

#[tokio::test]
async fn a_prompt_method_asks_with_question_mark_when_served_with_forms() {
    for version in VERSIONS {
        let session = connect(
            Forms::new(Server::new()),
            version.clone(),
            true,
            vec![accept(json!({"name": "Ada"}))],
        )
        .await;
        let result = session
            .client
            .get_prompt(GetPromptRequestParams::new("plan_trip"))
            .await
            .expect("the prompt answers");
        let messages = serde_json::to_value(&result.messages).unwrap();
        assert_eq!(
            messages[0]["content"]["text"], "Plan a trip for Ada.",
            "{version}"
        );
        assert_eq!(session.seen().len(), 1, "{version}");
    }
}

/// The JSON-RPC error `plan_trip` ends in.
async fn plan_trip_refused(session: &scripted_client::Session) -> ErrorData {
    let result = session
        .client
        .get_prompt(GetPromptRequestParams::new("plan_trip"))
        .await;
    let Err(ServiceError::McpError(error)) = result else {
        panic!("a JSON-RPC error, got {result:?}")
    };
    error
}

/// A prompt that asks, from a client that cannot answer forms: on every version the spec's error
/// for a missing capability, `-32021`, naming it (a prompt has no error result to say it in).
#[tokio::test]
async fn a_prompt_asking_a_client_without_forms_gets_32021_on_every_version() {
    for version in VERSIONS {
        let session = connect(Forms::new(Server::new()), version.clone(), false, vec![]).await;
        let error = plan_trip_refused(&session).await;
        assert_eq!(
            (error.code.0, error.message.as_ref(), error.data),
            (
                -32021,
                "the client did not declare form elicitation (`elicitation.form`)",
                Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}}))
            ),
            "{version}"
        );
        assert!(session.seen().is_empty(), "{version}");
    }
}

/// rmcp's `#[prompt_handler]` leaves the answers of 2026-07-28 out of the prompt's context:
/// without `Forms` the prompt says so rather than asking forever.
#[tokio::test]
async fn a_prompt_without_forms_on_2026_07_28_says_what_to_do() {
    let session = connect(Server::new(), ProtocolVersion::V_2026_07_28, true, vec![]).await;
    let error = plan_trip_refused(&session).await;
    assert_eq!(error.code, ErrorCode::INTERNAL_ERROR);
    assert!(
        error
            .message
            .contains("mcp_elicit::rmcp::Forms::new(server)"),
        "{}",
        error.message
    );
}

/// The `ServerHandler` style: a handler that swallows its ask, served with `Forms`, still asks.
struct Swallowing;

impl ServerHandler for Swallowing {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = match ask::<Name>(&context, &request).await {
            Ok(Elicitation::Accepted(user)) => user.name,
            _ => "Unknown".into(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(format!("Hello {name}!"))]).into())
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let name = ask::<Name>(&context, &request)
            .await
            .ok()
            .and_then(Elicitation::accepted)
            .map_or_else(|| "Unknown".to_owned(), |user| user.name);
        let text = ResourceContents::text(format!("Notes of {name}"), request.uri);
        Ok(ReadResourceResult::new(vec![text]).into())
    }
}

#[tokio::test]
async fn a_handler_served_with_forms_keeps_a_swallowed_form() {
    for version in VERSIONS {
        let answers = vec![accept(json!({"name": "Ada"}))];
        let session = connect(Forms::new(Swallowing), version.clone(), true, answers).await;
        let (text, _, seen) = session.call("greet").await;
        assert_eq!((text.as_str(), seen.len()), ("Hello Ada!", 1), "{version}");

        // `resources/read`, its ask swallowed by `.ok()`.
        let answers = vec![accept(json!({"name": "Ada"}))];
        let session = connect(Forms::new(Swallowing), version.clone(), true, answers).await;
        let read = session
            .client
            .read_resource(ReadResourceRequestParams::new("notes://mine"))
            .await
            .expect("the resource is read");
        let ResourceContents::TextResourceContents { text, .. } = &read.contents[0] else {
            panic!("a text resource: {read:?}");
        };
        assert_eq!(
            (text.as_str(), session.seen().len()),
            ("Notes of Ada", 1),
            "{version}"
        );

        // Without `Forms` the swallowed form of 2026-07-28 is lost: what `Forms` is for.
        let answers = vec![accept(json!({"name": "Ada"}))];
        let session = connect(Swallowing, version.clone(), true, answers).await;
        let (text, _, seen) = session.call("greet").await;
        let lost = version == ProtocolVersion::V_2026_07_28;
        let expected = if lost {
            ("Hello Unknown!", 0)
        } else {
            ("Hello Ada!", 1)
        };
        assert_eq!((text.as_str(), seen.len()), expected, "{version}");
    }
}
