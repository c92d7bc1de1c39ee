//! `mcp_elicit::rmcp::ask` against real rmcp clients of every protocol version, in process: one
//! call on every version, asking again with the user's valid values filled in while the answer
//! breaks the form's rules, and never a form for a client without elicitation.

use mcp_elicit::rmcp::{Ask, Asking};
use mcp_elicit::rounds::Input;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitResult, ElicitationAction, ErrorData, InputResponses, ProtocolVersion,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::{connect, connect_with};

#[derive(Elicit, Debug)]
#[elicit(message = "Create your account")]
struct Signup {
    #[elicit(title = "E-mail", format = "email")]
    email: String,
    #[elicit(minimum = 13, maximum = 120)]
    age: u8,
    newsletter: bool,
}

#[derive(Elicit, Debug)]
struct Confirm {
    sure: bool,
}

struct Server;

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let asking = match request.name.as_ref() {
            "signup" => Ask::<Signup>::new(),
            "signup_once" => Ask::<Signup>::new().rounds(1),
            "wizard" => return wizard(&request, &context).await,
            "deploy_to" => return deploy_to(&request, &context).await,
            "mixed" => return mixed(&request, &context).await,
            "both" | "same_key" => {
                let key = if request.name == "both" {
                    "confirm"
                } else {
                    "signup"
                };
                let signup = Ask::<Signup>::new().key("signup");
                let confirm = Ask::<Confirm>::new().key(key).message("Sure?");
                let (Ok(mut signup), Ok(mut confirm)) = (signup.item(), confirm.item()) else {
                    return Err(ErrorData::internal_error("the forms", None));
                };
                let mut asking = match Asking::new(&context, &request) {
                    Ok(asking) => asking,
                    Err(stop) => return stop.into(),
                };
                if let Err(stop) = asking.round(&mut [&mut signup, &mut confirm]).await {
                    return stop.into();
                }
                let (Some(signup), Some(confirm)) = (signup.take(), confirm.take()) else {
                    return Err(ErrorData::internal_error(
                        "a settled round has answers",
                        None,
                    ));
                };
                let text = format!(
                    "{} / {}",
                    signup
                        .map(|s| s.email)
                        .accepted()
                        .unwrap_or_else(|| "-".into()),
                    confirm.action()
                );
                return Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
            }
            other => return Err(ErrorData::invalid_params(other.to_owned(), None)),
        };
        let text = match asking.run(&context, &request).await {
            Ok(Elicitation::Accepted(s)) => {
                format!("{} {} {}", s.email, s.age, s.newsletter)
            }
            Ok(answer) => answer.action().to_owned(),
            Err(stop) => return stop.into(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

#[expect(
    clippy::unnecessary_wraps,
    reason = "what a handler returns, ready for `return`"
)]
fn text(text: String) -> Result<CallToolResponse, ErrorData> {
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
}

/// Where a release goes: flattened into `DeployTo`.
#[derive(Elicit, Debug)]
struct Target {
    /// The region, among those the tool offers
    region: mcp_elicit::choices::Pick,
    #[elicit(minimum = 1, maximum = 10)]
    replicas: u8,
}

/// A service name: a newtype with its own rule.
#[derive(Elicit, Debug)]
#[elicit(transparent)]
struct Service(#[elicit(min_length = 1)] String);

/// The arguments of `deploy_to`: a transparent newtype, a `from_str` field, a flattened struct, a
/// runtime select, a skipped field.
#[derive(Elicit, Debug)]
#[elicit(message = "Deploy details")]
struct DeployTo {
    service: Service,
    /// Where the health check goes
    #[elicit(from_str)]
    probe: Option<std::net::Ipv4Addr>,
    #[elicit(flatten)]
    target: Target,
    #[elicit(skip)]
    requested_by: String,
}

/// Reads its arguments, asking for what is missing or wrong.
async fn deploy_to(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    let regions = mcp_elicit::choices::Choices::new(
        ["eu-west", "us-east"].map(mcp_elicit::schema::SelectOption::new),
    );
    let ask = Ask::<DeployTo>::new().choices("region", regions);
    let mut asking = match Asking::new(context, request) {
        Ok(asking) => asking,
        Err(stop) => return stop.into(),
    };
    match asking.ask_arguments(&ask).await {
        Ok(Elicitation::Accepted(d)) => text(format!(
            "{} to {} x{} (by {:?}, probe {:?})",
            d.service.0, d.target.region.0, d.target.replicas, d.requested_by, d.probe
        )),
        Ok(other) => text(other.action().to_owned()),
        Err(stop) => stop.into(),
    }
}

/// Two forms in sequence: a confirmation, then (if sure) the sign-up.
async fn wizard(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    let mut asking = match Asking::new(context, request) {
        Ok(asking) => asking,
        Err(stop) => return stop.into(),
    };
    let sure = match asking.ask(&Ask::<Confirm>::new().key("first")).await {
        Ok(Elicitation::Accepted(confirm)) => confirm.sure,
        Ok(other) => return text(format!("first: {}", other.action())),
        Err(stop) => return stop.into(),
    };
    if !sure {
        return text("not sure".into());
    }
    match asking.ask(&Ask::<Signup>::new().key("second")).await {
        Ok(Elicitation::Accepted(signup)) => text(format!("sure; {}", signup.email)),
        Ok(other) => text(format!("second: {}", other.action())),
        Err(stop) => stop.into(),
    }
}

/// A form beside a `roots/list` and a sampling request, in one round.
async fn mixed(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    let mut asking = match Asking::new(context, request) {
        Ok(asking) => asking,
        Err(stop) => return stop.into(),
    };
    let Ok(mut confirm) = Ask::<Confirm>::new().key("confirm").item() else {
        return Err(ErrorData::internal_error("the form", None));
    };
    let mut roots = Input::new("roots", "roots/list", json!({}));
    let mut sampling = Input::new(
        "sampling",
        "sampling/createMessage",
        json!({"messages": [{"role": "user", "content": {"type": "text", "text": "hi"}}], "maxTokens": 5}),
    );
    if let Err(stop) = asking
        .round(&mut [&mut confirm, &mut roots, &mut sampling])
        .await
    {
        return stop.into();
    }
    let sure = confirm.take().map(|c| c.action());
    let roots = roots.take();
    text(format!(
        "confirm: {sure:?}; roots: {}; sampling unavailable: {}",
        roots.map(|r| r.to_string()).unwrap_or_default(),
        sampling.is_unavailable()
    ))
}

/// The tool's text and whether it is an error, and the forms the client was shown.
async fn call(
    version: ProtocolVersion,
    elicitation: bool,
    answers: Vec<ElicitResult>,
    tool: &'static str,
) -> (String, bool, Vec<Value>) {
    connect(Server, version, elicitation, answers)
        .await
        .call(tool)
        .await
}

fn accept(content: Value) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(content)
}

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

#[tokio::test]
async fn a_valid_answer_is_read_on_every_version() {
    for version in VERSIONS {
        let answers = vec![accept(
            json!({"email": "ada@example.com", "age": 36, "newsletter": true}),
        )];
        let (text, error, seen) = call(version.clone(), true, answers, "signup").await;
        assert_eq!(
            (text.as_str(), error),
            ("ada@example.com 36 true", false),
            "{version}"
        );
        assert_eq!(seen.len(), 1, "{version}");
        assert_eq!(seen[0]["message"], "Create your account", "{version}");
    }
}

#[tokio::test]
async fn an_invalid_answer_is_asked_again_with_its_valid_values_filled_in() {
    for version in VERSIONS {
        let answers = vec![
            accept(json!({"email": "ada@example.com", "age": 12, "newsletter": true})),
            accept(json!({"email": "ada@example.com", "age": 13, "newsletter": true})),
        ];
        let (text, error, seen) = call(version.clone(), true, answers, "signup").await;
        assert_eq!(
            (text.as_str(), error),
            ("ada@example.com 13 true", false),
            "{version}"
        );
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(
            seen[1]["message"],
            "Create your account\n\nPlease correct this:\n- age: must be at least 13, got 12",
            "{version}"
        );
        let properties = &seen[1]["requestedSchema"]["properties"];
        // The version decides which defaults a client is shown: 2025-06-18 has them on
        // booleans only.
        let email_default = &properties["email"]["default"];
        if version == ProtocolVersion::V_2025_06_18 {
            assert!(email_default.is_null(), "{version}: {properties}");
        } else {
            assert_eq!(email_default, "ada@example.com", "{version}");
        }
        assert_eq!(properties["newsletter"]["default"], true, "{version}");
        assert!(properties["age"].get("default").is_none(), "{version}");
        // Still required: a default only fills the field in.
        assert_eq!(
            seen[1]["requestedSchema"]["required"],
            json!(["email", "age", "newsletter"]),
            "{version}"
        );
    }
}

#[tokio::test]
async fn after_the_last_round_the_problems_are_the_tools_error() {
    for version in VERSIONS {
        let bad = || accept(json!({"email": "nobody", "age": 12, "newsletter": false}));
        let (text, error, seen) =
            call(version.clone(), true, vec![bad(), bad(), bad()], "signup").await;
        assert_eq!(seen.len(), 3, "{version}: three rounds by default");
        assert!(error, "{version}");
        assert_eq!(
            text,
            "The form “Create your account” was asked 3 times, and the last answer still breaks its rules:\n- E-mail: must be an e-mail address, got \"nobody\"\n- age: must be at least 13, got 12",
            "{version}"
        );
        assert_eq!(
            seen[2]["message"],
            "Create your account\n\nPlease correct these:\n- E-mail: must be an e-mail address, got \"nobody\"\n- age: must be at least 13, got 12"
        );

        let (text, error, seen) = call(version.clone(), true, vec![bad()], "signup_once").await;
        assert_eq!(seen.len(), 1, "{version}");
        assert!(
            error && text.starts_with("The form “Create your account” was asked once,"),
            "{version}: {text}"
        );
    }
}

#[tokio::test]
async fn decline_and_cancel_end_it_at_once() {
    for version in VERSIONS {
        for (action, expected) in [
            (ElicitationAction::Decline, "decline"),
            (ElicitationAction::Cancel, "cancel"),
        ] {
            let answers = vec![ElicitResult::new(action)];
            let (text, error, seen) = call(version.clone(), true, answers, "signup").await;
            assert_eq!(
                (text.as_str(), error, seen.len()),
                (expected, false, 1),
                "{version}"
            );
        }
    }
}

#[tokio::test]
async fn a_client_without_elicitation_gets_a_tool_error_and_no_form() {
    for version in VERSIONS {
        if version == ProtocolVersion::V_2026_07_28 {
            continue;
        }
        let (text, error, seen) = call(version.clone(), false, Vec::new(), "signup").await;
        assert!(seen.is_empty(), "{version}");
        assert!(error, "{version}");
        assert_eq!(
            text, "the client did not declare form elicitation",
            "{version}"
        );
    }
}

/// Before 2026-07-28 a malformed answer comes as the result of the form's request: the protocol's
/// error, -32602, naming no key and advising no retry of a call (there is none to retry).
#[tokio::test]
async fn before_2026_07_28_a_malformed_answer_is_named_as_the_requests_result() {
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let malformed = ElicitResult::new(ElicitationAction::Accept).with_content(json!("yes"));
        let session = connect(Server, version.clone(), true, vec![malformed]).await;
        let error = session
            .client
            .call_tool(CallToolRequestParams::new("signup"))
            .await
            .unwrap_err();
        let rmcp::service::ServiceError::McpError(error) = error else {
            panic!("a JSON-RPC error, not {error:?}")
        };
        assert_eq!(
            (error.code.0, error.message.as_ref()),
            (
                -32602,
                "the client's answer to the request is malformed: the `content` of an elicitation result must be an object, got text"
            ),
            "{version}"
        );
        assert_eq!(session.seen().len(), 1, "{version}");
    }
}

/// On 2026-07-28 a client without form elicitation gets the protocol's error, -32021, naming the
/// capability, and no form.
#[tokio::test]
async fn on_2026_07_28_a_client_without_elicitation_gets_32021() {
    let session = connect(Server, ProtocolVersion::V_2026_07_28, false, Vec::new()).await;
    let error = session
        .client
        .call_tool_once(CallToolRequestParams::new("signup"))
        .await
        .unwrap_err();
    let text = format!("{error:?}");
    assert!(text.contains("-32021"), "{text}");
    assert!(text.contains("requiredCapabilities"), "{text}");
    assert!(
        text.contains("the client did not declare form elicitation"),
        "{text}"
    );
    assert!(session.seen().is_empty());
    let _ = session.client.cancel().await;
}

/// On 2026-07-28 the state a client sends back is untrusted: one edited, forged or too long is
/// the protocol's error, -32602, saying the call can start over; none at all starts over.
#[tokio::test]
async fn a_tampered_request_state_is_refused() {
    let session = connect(Server, ProtocolVersion::V_2026_07_28, true, Vec::new()).await;
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("signup"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(form) = first else {
        panic!("{first:?}")
    };
    let sealed = form.request_state.clone().expect("a sealed state");
    let retry = |state: Option<String>| {
        let mut responses = InputResponses::new();
        responses.insert(
            "form".to_owned(),
            json!({"action": "accept", "content": {"email": "x", "age": 1, "newsletter": true}}),
        );
        let mut params = CallToolRequestParams::new("signup").with_input_responses(responses);
        if let Some(state) = state {
            params = params.with_request_state(state);
        }
        session.client.call_tool_once(params)
    };
    for (state, reason) in [
        (format!("{sealed}-TAMPERED"), "its seal does not verify"),
        (
            r#"mcp-elicit/1;{"round":1,"keys":["form"],"answers":{}}"#.to_owned(),
            "it is not a state this server writes",
        ),
        (
            "x".repeat(1_000_000),
            "it is longer than any this server writes",
        ),
    ] {
        let error = format!("{:?}", retry(Some(state)).await.unwrap_err());
        assert!(error.contains("-32602"), "{error}");
        assert!(
            error.contains(&format!("the `requestState` is refused: {reason}")),
            "{error}"
        );
        assert!(error.contains("to start over"), "{error}");
    }
    // The honest state: the invalid answer asks again.
    let again = retry(Some(sealed)).await.unwrap();
    assert!(
        matches!(again, CallToolResponse::InputRequired(_)),
        "{again:?}"
    );
    // No state: a first round, the answer judged as any other.
    let again = retry(None).await.unwrap();
    assert!(
        matches!(again, CallToolResponse::InputRequired(_)),
        "{again:?}"
    );
    let _ = session.client.cancel().await;
}

/// Two forms asked together: on 2026-07-28 in one `InputRequiredResult`, then only the one whose
/// answer broke its rules, the other's answer carried in the state; on older versions one after
/// the other. Each answer comes back typed.
#[tokio::test]
async fn several_forms_at_once() {
    let signup =
        |age: u8| accept(json!({"email": "ada@example.com", "age": age, "newsletter": false}));
    let sure = || accept(json!({"sure": true}));
    for version in VERSIONS {
        // On 2026-07-28 both forms are shown in the first round, in the order of their keys (rmcp
        // keeps `inputRequests` sorted); before, one after the other, in the tuple's order.
        let modern = version == ProtocolVersion::V_2026_07_28;
        let answers = if modern {
            vec![sure(), signup(30)]
        } else {
            vec![signup(30), sure()]
        };
        let (text, error, seen) = call(version.clone(), true, answers, "both").await;
        assert_eq!(
            (text.as_str(), error),
            ("ada@example.com / accept", false),
            "{version}"
        );
        assert_eq!(seen.len(), 2, "{version}");
        let confirm = if modern { &seen[0] } else { &seen[1] };
        assert_eq!(confirm["message"], "Sure?", "{version}");

        // The sign-up's answer breaks a rule: it alone is asked again.
        let answers = if modern {
            vec![sure(), signup(3), signup(31)]
        } else {
            vec![signup(3), signup(31), sure()]
        };
        let (text, error, seen) = call(version.clone(), true, answers, "both").await;
        assert_eq!(
            (text.as_str(), error),
            ("ada@example.com / accept", false),
            "{version}"
        );
        assert_eq!(seen.len(), 3, "{version}");
        let again = if modern { &seen[2] } else { &seen[1] };
        assert!(
            again["message"]
                .as_str()
                .unwrap()
                .ends_with("- age: must be at least 13, got 3"),
            "{version}: {again}"
        );
        assert_eq!(
            again["requestedSchema"]["properties"]["newsletter"]["default"],
            false
        );

        // A decline of one form does not stop the other.
        let decline = ElicitResult::new(ElicitationAction::Decline);
        let answers = if modern {
            vec![sure(), decline]
        } else {
            vec![decline, sure()]
        };
        let (text, _, _) = call(version.clone(), true, answers, "both").await;
        assert_eq!(text, "- / accept", "{version}");

        let (text, error, seen) = call(version.clone(), true, vec![], "same_key").await;
        assert!(seen.is_empty() && error, "{version}");
        assert_eq!(
            text,
            "two requests of one call have the key `signup`: give each its own with `Ask::key`"
        );
    }
}

/// On 2026-07-28 both forms travel in one `InputRequiredResult`; the one answered is carried in
/// the sealed state and not asked again; a state forged to carry an answer is refused.
#[tokio::test]
async fn several_forms_travel_in_one_input_required_result() {
    let session = connect(Server, ProtocolVersion::V_2026_07_28, true, Vec::new()).await;
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("both"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("{first:?}")
    };
    let requests = first.input_requests.as_ref().unwrap();
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["confirm", "signup"]);
    let answer = |key: &str, content: Value| {
        let mut responses = InputResponses::new();
        responses.insert(
            key.to_owned(),
            json!({"action": "accept", "content": content}),
        );
        responses
    };
    // Only the confirmation answered: the sign-up alone is asked next.
    let params = CallToolRequestParams::new("both")
        .with_input_responses(answer("confirm", json!({"sure": true})))
        .with_request_state(first.request_state.clone().unwrap());
    let again = session.client.call_tool_once(params).await.unwrap();
    let CallToolResponse::InputRequired(again) = again else {
        panic!("{again:?}")
    };
    let requests = again.input_requests.as_ref().unwrap();
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["signup"]);
    // The sign-up answered: the confirmation comes from the state.
    let params = CallToolRequestParams::new("both")
        .with_input_responses(answer(
            "signup",
            json!({"email": "ada@example.com", "age": 30, "newsletter": true}),
        ))
        .with_request_state(again.request_state.clone().unwrap());
    let done = session.client.call_tool_once(params).await.unwrap();
    let CallToolResponse::Complete(done) = done else {
        panic!("{done:?}")
    };
    assert_eq!(
        done.content[0].as_text().unwrap().text,
        "ada@example.com / accept"
    );
    // A state written by hand to carry an answer is refused.
    let forged = r#"mcp-elicit/1;{"round":1,"keys":["signup","confirm"],"answers":{"signup":{"action":"accept","content":{"email":"x","age":1,"newsletter":true}}}}"#;
    let params = CallToolRequestParams::new("both")
        .with_input_responses(answer("confirm", json!({"sure": true})))
        .with_request_state(forged);
    let error = session.client.call_tool_once(params).await.unwrap_err();
    assert!(format!("{error:?}").contains("-32602"), "{error:?}");
    let _ = session.client.cancel().await;
}

/// A wizard: the second form only once the first is answered, on every version the same code;
/// on 2026-07-28 the first answer travels in the sealed state and is never asked again, and an
/// invalid second answer asks the second form again, not the first.
#[tokio::test]
async fn a_wizard_asks_its_forms_in_sequence_on_every_version() {
    let signup =
        |age: u8| accept(json!({"email": "ada@example.com", "age": age, "newsletter": true}));
    for version in VERSIONS {
        let answers = vec![accept(json!({"sure": true})), signup(30)];
        let (text, error, seen) = call(version.clone(), true, answers, "wizard").await;
        assert_eq!(
            (text.as_str(), error),
            ("sure; ada@example.com", false),
            "{version}"
        );
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(seen[1]["message"], "Create your account", "{version}");

        let answers = vec![accept(json!({"sure": true})), signup(3), signup(31)];
        let (text, _, seen) = call(version.clone(), true, answers, "wizard").await;
        assert_eq!(text, "sure; ada@example.com", "{version}");
        assert_eq!(seen.len(), 3, "{version}");
        assert!(
            seen[2]["message"]
                .as_str()
                .unwrap()
                .starts_with("Create your account\n\nPlease correct this:"),
            "{version}: {}",
            seen[2]
        );

        let answers = vec![accept(json!({"sure": false}))];
        let (text, _, seen) = call(version.clone(), true, answers, "wizard").await;
        assert_eq!((text.as_str(), seen.len()), ("not sure", 1), "{version}");
    }
}

/// A form beside other input requests in one round, on every version: the client declares
/// elicitation and roots, not sampling, so the sampling request is left out and the tool hears
/// so.
#[tokio::test]
async fn a_mixed_round_leaves_out_what_the_client_cannot_take() {
    for version in VERSIONS {
        // (rmcp's builder marks roots deprecated, after SEP-2577; 2026-07-28 still has them.)
        let capabilities: ClientCapabilities =
            serde_json::from_value(json!({"elicitation": {}, "roots": {}})).unwrap();
        let session = connect_with(
            Server,
            version.clone(),
            capabilities,
            vec![accept(json!({"sure": true}))],
        )
        .await;
        let (text, error, seen) = session.call("mixed").await;
        assert_eq!(
            (text.as_str(), error),
            (
                "confirm: Some(\"accept\"); roots: {\"roots\":[]}; sampling unavailable: true",
                false
            ),
            "{version}"
        );
        assert_eq!(seen.len(), 1, "{version}");
    }
}

/// A tool's arguments on every version: what the model gave is kept, a flattened field and a
/// runtime select that are wrong or missing are asked in one form (the select with the tool's
/// options), a skipped field is never asked, and a valid call asks nothing.
#[tokio::test]
async fn missing_arguments_are_asked_on_every_version() {
    for version in VERSIONS {
        let session = connect(
            Server,
            version.clone(),
            true,
            vec![accept(
                json!({"region": "us-east", "replicas": 3, "service": "evil", "probe": "10.0.0.9"}),
            )],
        )
        .await;
        let arguments = json!({
            "service": "web", "region": "mars", "requested_by": "evil", "probe": "10.0.0.999"
        });
        let result = session
            .client
            .call_tool(
                CallToolRequestParams::new("deploy_to")
                    .with_arguments(arguments.as_object().cloned().unwrap()),
            )
            .await
            .unwrap();
        let seen = session.seen();
        assert_eq!(seen.len(), 1, "{version}: {seen:?}");
        let properties = seen[0]["requestedSchema"]["properties"]
            .as_object()
            .unwrap();
        assert_eq!(
            properties.keys().collect::<Vec<_>>(),
            ["probe", "region", "replicas"],
            "{version}"
        );
        let region = &properties["region"];
        let offered = region
            .get("enum")
            .or_else(|| region.get("oneOf"))
            .unwrap()
            .to_string();
        assert!(
            offered.contains("eu-west") && !offered.contains("mars"),
            "{version}: {offered}"
        );
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "web to us-east x3 (by \"\", probe Some(10.0.0.9))",
            "{version}: {seen:?}"
        );
        let _ = session.client.cancel().await;

        // Valid as given: nothing asked.
        let session = connect(Server, version.clone(), true, vec![]).await;
        let arguments = json!({"service": "web", "region": "eu-west", "replicas": 2});
        let result = session
            .client
            .call_tool(
                CallToolRequestParams::new("deploy_to")
                    .with_arguments(arguments.as_object().cloned().unwrap()),
            )
            .await
            .unwrap();
        assert!(session.seen().is_empty(), "{version}");
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "web to eu-west x2 (by \"\", probe None)",
            "{version}"
        );
        let _ = session.client.cancel().await;
    }
}
