//! `?` in a handler, on every protocol version: a handler returning `Handled` and made into
//! rmcp's response with `respond()` asks its form (on 2026-07-28 the form leaves through `?` as
//! the `InputRequiredResult`), keeps a protocol fault the JSON-RPC error it is, returns an
//! `ErrorData` it met as it is, and makes any other error a tool error the model reads.

use mcp_elicit::rmcp::{Handled, Respond, Stop, ask};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitResult,
    ElicitationAction, ErrorCode, ErrorData, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer, ServiceError};
use serde_json::json;

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::connect;

#[derive(Elicit, Debug)]
#[elicit(message = "Book a table")]
struct Booking {
    #[elicit(minimum = 1, maximum = 12)]
    guests: u8,
}

/// A tool as a new user writes it: `?` on the ask, `?` on the handler's own errors.
async fn book_table(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Handled {
    let Elicitation::Accepted(booking) = ask::<Booking>(context, request).await? else {
        return Ok(CallToolResult::success(vec![ContentBlock::text(
            "nothing booked",
        )]));
    };
    match request.name.as_ref() {
        // An error of the handler's own, after the form: a tool error the model reads.
        "book_then_fail" => {
            let guests: u8 = format!("{}00", booking.guests).parse::<u8>().map_err(|_| {
                std::io::Error::other(format!("no room for {}00 guests", booking.guests))
            })?;
            Ok(CallToolResult::success(vec![ContentBlock::text(
                guests.to_string(),
            )]))
        }
        // A JSON-RPC error the handler returns itself, through `?`.
        "book_then_refuse" => Err(ErrorData::invalid_params("the restaurant is closed", None))?,
        "book_then_stop" => Err(Stop::error("the kitchen is on fire")),
        _ => Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "booked for {}",
            booking.guests
        ))])),
    }
}

/// A prompt as a new user writes it, with `?` too.
async fn menu(
    request: &GetPromptRequestParams,
    context: &RequestContext<RoleServer>,
) -> Handled<GetPromptResult> {
    let Elicitation::Accepted(booking) = ask::<Booking>(context, request).await? else {
        return Ok(GetPromptResult::new(vec![]));
    };
    Ok(GetPromptResult::new(vec![
        rmcp::model::PromptMessage::new_text(
            rmcp::model::Role::User,
            format!("a menu for {}", booking.guests),
        ),
    ]))
}

struct Server;

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .build(),
        )
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        book_table(&request, &context).await.respond()
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        menu(&request, &context).await.respond()
    }
}

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

fn accept(guests: u64) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(json!({"guests": guests}))
}

#[tokio::test]
async fn question_mark_asks_the_form_on_every_version() {
    for version in VERSIONS {
        let session = connect(Server, version.clone(), true, vec![accept(4)]).await;
        let (text, error, seen) = session.call("book_table").await;
        assert_eq!((text.as_str(), error), ("booked for 4", false), "{version}");
        assert_eq!(seen.len(), 1, "{version}");
        assert_eq!(seen[0]["message"], "Book a table", "{version}");
    }
}

#[tokio::test]
async fn an_invalid_answer_is_asked_again_and_a_spent_form_is_a_tool_error() {
    for version in VERSIONS {
        let session = connect(
            Server,
            version.clone(),
            true,
            vec![accept(40), accept(40), accept(40)],
        )
        .await;
        let (text, error, seen) = session.call("book_table").await;
        assert_eq!(seen.len(), 3, "{version}");
        assert!(error, "{version}");
        assert_eq!(
            text,
            "The form “Book a table” was asked 3 times, and the last answer still breaks its rules:\n- guests: must be at most 12, got 40",
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_declined_form_and_the_handlers_own_errors() {
    for version in VERSIONS {
        let decline = ElicitResult::new(ElicitationAction::Decline);
        let session = connect(Server, version.clone(), true, vec![decline]).await;
        let (text, error, _) = session.call("book_table").await;
        assert_eq!(
            (text.as_str(), error),
            ("nothing booked", false),
            "{version}"
        );

        // Any error `?` meets: a tool error, by its message.
        let session = connect(Server, version.clone(), true, vec![accept(7)]).await;
        let (text, error, _) = session.call("book_then_fail").await;
        assert_eq!(
            (text.as_str(), error),
            ("no room for 700 guests", true),
            "{version}"
        );
        let session = connect(Server, version.clone(), true, vec![accept(7)]).await;
        let (text, error, _) = session.call("book_then_stop").await;
        assert_eq!(
            (text.as_str(), error),
            ("the kitchen is on fire", true),
            "{version}"
        );

        // An `ErrorData` `?` meets: the JSON-RPC error, as it is.
        let session = connect(Server, version.clone(), true, vec![accept(7)]).await;
        let refused = session
            .client
            .call_tool(CallToolRequestParams::new("book_then_refuse"))
            .await;
        let Err(ServiceError::McpError(error)) = refused else {
            panic!("{version}: a JSON-RPC error, got {refused:?}");
        };
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{version}");
        assert_eq!(error.message, "the restaurant is closed", "{version}");
    }
}

#[tokio::test]
async fn a_client_without_elicitation_gets_the_error_of_its_version() {
    for version in VERSIONS {
        let session = connect(Server, version.clone(), false, vec![]).await;
        let result = session
            .client
            .call_tool(CallToolRequestParams::new("book_table"))
            .await;
        if version == ProtocolVersion::V_2026_07_28 {
            // A protocol fault stays the JSON-RPC error the specification names: -32021.
            let Err(ServiceError::McpError(error)) = result else {
                panic!("{version}: -32021, got {result:?}");
            };
            assert_eq!(error.code, ErrorCode(-32021), "{version}");
            assert_eq!(
                error.data,
                Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}}))
            );
        } else {
            let result = result.expect("a tool error");
            assert_eq!(result.is_error, Some(true), "{version}");
        }
    }
}

#[tokio::test]
async fn a_prompt_asks_through_question_mark_too() {
    for version in VERSIONS {
        let session = connect(Server, version.clone(), true, vec![accept(2)]).await;
        let result = session
            .client
            .get_prompt(GetPromptRequestParams::new("menu"))
            .await
            .expect("the prompt answers");
        let text = serde_json::to_value(&result.messages).unwrap();
        assert_eq!(text[0]["content"]["text"], "a menu for 2", "{version}");
    }
}

/// The hostile twin of the first test on 2026-07-28: a `requestState` edited by the client leaves
/// the handler through `?` as the protocol's error, -32602, never as a tool result.
#[tokio::test]
async fn an_edited_state_through_question_mark_is_the_protocol_error() {
    let session = connect(Server, ProtocolVersion::V_2026_07_28, true, Vec::new()).await;
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("book_table"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(form) = first else {
        panic!("the form, got {first:?}")
    };
    let sealed = form.request_state.clone().expect("a sealed state");
    let mut responses = rmcp::model::InputResponses::new();
    responses.insert(
        "form".to_owned(),
        json!({"action": "accept", "content": {"guests": 4}}),
    );
    let retry = |state: String| {
        let params = CallToolRequestParams::new("book_table")
            .with_input_responses(responses.clone())
            .with_request_state(state);
        session.client.call_tool_once(params)
    };
    let Err(ServiceError::McpError(error)) = retry(format!("{sealed}x")).await else {
        panic!("a JSON-RPC error")
    };
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
    assert!(
        error.message.starts_with("the `requestState` is refused"),
        "{}",
        error.message
    );
    // The honest retry settles it.
    let Ok(CallToolResponse::Complete(done)) = retry(sealed).await else {
        panic!("the result")
    };
    assert_eq!(
        done.content[0].as_text().map(|t| t.text.as_str()),
        Some("booked for 4")
    );
}
