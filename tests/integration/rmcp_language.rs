//! The person's language (SEP-2792) on a real rmcp server, in process: the preference each
//! request carries in `_meta` chooses the language of the forms asked and of the crate's words,
//! on every version, and the language used is reported as `contentLanguage`; a preference never
//! outlives its request, and no preference, however hostile, costs more than bounded work.

use std::sync::{Arc, Mutex, Once};

use mcp_elicit::client::{FormToFill, FormUi};
use mcp_elicit::lang::Preference;
use mcp_elicit::lang::{ACCEPT_LANGUAGE, CONTENT_LANGUAGE, MAX_LENGTH, MAX_RANGES, Words};
use mcp_elicit::rmcp::{
    Ask, Asking, Forms, Respond, Stop, WithPreference, WrittenIn, answer_elicitation_in, ask,
};
use mcp_elicit::{Content, ContentError, Elicit, Elicitation, RequestedSchema, Translation};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData, Implementation,
    InputResponses, MetaObject, ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, RequestMetaObject, ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;

#[derive(Elicit, Debug)]
#[elicit(message = "Create your account")]
struct Signup {
    #[elicit(title = "Age", minimum = 13, maximum = 120)]
    age: u8,
}

/// `Signup`'s texts in French: the same keys and rules.
#[derive(Elicit)]
#[elicit(message = "Créez votre compte")]
struct SignupFr {
    #[elicit(title = "Âge", minimum = 13, maximum = 120)]
    age: u8,
}

/// `Signup`'s texts in Hebrew, a language the crate's own words do not speak.
#[derive(Elicit)]
#[elicit(message = "צרו את החשבון שלכם")]
struct SignupHe {
    #[elicit(title = "גיל", minimum = 13, maximum = 120)]
    age: u8,
}

/// `Signup`'s texts in Portuguese as Portugal writes it (the crate's own words are Brazil's).
#[derive(Elicit)]
#[elicit(message = "Crie a sua conta")]
struct SignupPt {
    #[elicit(title = "Idade", minimum = 13, maximum = 120)]
    age: u8,
}

/// `Signup` written in English, French, Hebrew and Portugal's Portuguese, as a translated
/// derive will be.
#[derive(Debug)]
struct Bilingual(Signup);

impl Elicit for Bilingual {
    const LANGUAGES: &'static [&'static str] = &["en", "fr", "he", "pt-PT"];

    fn requested_schema() -> &'static RequestedSchema {
        Signup::requested_schema()
    }

    fn message() -> &'static str {
        Signup::message()
    }

    fn translation(index: usize) -> Translation {
        match index {
            1 => Translation::new("fr", SignupFr::message(), SignupFr::requested_schema()),
            2 => Translation::new("he", SignupHe::message(), SignupHe::requested_schema()),
            3 => Translation::new("pt-PT", SignupPt::message(), SignupPt::requested_schema()),
            _ => Translation::new("en", Signup::message(), Signup::requested_schema()),
        }
    }

    fn from_content(content: &Content) -> Result<Self, ContentError> {
        Signup::from_content(content).map(Bilingual)
    }

    fn to_content(&self) -> Content {
        self.0.to_content()
    }
}

/// The crate's words in French, for the note of a form asked again (until the crate ships them).
fn french() {
    static ADDED: Once = Once::new();
    ADDED.call_once(|| {
        Words::add(
            "fr",
            "retry-note = Veuillez corriger ceci :\n\
             problem-line = { $field } : { $problem }\n\
             problem-too-small = doit valoir au moins { $minimum }, reçu { $found }\n",
        )
        .unwrap();
    });
}

#[derive(Clone)]
struct Server;

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .build();
        ServerConfig::new(capabilities)
    }

    /// Asks the form, and writes the result itself: `Forms` reports its language.
    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.clone();
        ask::<Bilingual>(&context, &request)
            .await
            .map(|answer| {
                let text = answer
                    .accepted()
                    .map_or(0, |Bilingual(s)| s.age)
                    .to_string();
                ReadResourceResult::new(vec![ResourceContents::text(text, uri)])
            })
            .respond()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // Reports a language of its own: never overwritten.
        if request.name == "own" {
            let asking = Asking::new(&context, &request);
            let language = asking.as_ref().map_or("?", Asking::language).to_owned();
            let mut result = CallToolResult::success(vec![ContentBlock::text(language)]);
            let mut meta = MetaObject::default();
            meta.insert(CONTENT_LANGUAGE.into(), "fr-CA".into());
            result.meta = Some(meta);
            return Ok(result.into());
        }
        // Says the language `Bilingual` will be asked in, asking nothing.
        if request.name == "will" {
            let asking = Asking::new(&context, &request);
            let language = asking
                .as_ref()
                .map_or("?", Asking::language_of::<Bilingual>);
            let result = CallToolResult::success(vec![ContentBlock::text(language)]);
            return Ok(result.into());
        }
        // Says the language its own result is written in: the form's.
        if request.name == "written" {
            let result = async {
                let mut asking = Asking::new(&context, &request)?;
                let answer = asking.ask(&Ask::<Bilingual>::new()).await?;
                let text = match answer {
                    Elicitation::Accepted(Bilingual(s)) => s.age.to_string(),
                    other => other.action().to_owned(),
                };
                let result = CallToolResult::success(vec![ContentBlock::text(text)]);
                Ok::<_, Stop>(WrittenIn::new(asking.language(), result))
            };
            return result.await.respond_to(&context);
        }
        let answer = ask::<Bilingual>(&context, &request).await;
        let answer = answer.map(|answer| {
            let text = match answer {
                Elicitation::Accepted(Bilingual(s)) => s.age.to_string(),
                other => other.action().to_owned(),
            };
            CallToolResult::success(vec![ContentBlock::text(text)])
        });
        // The crate's own refusals in the person's language.
        if request.name == "told" {
            return answer.respond_to(&context);
        }
        answer.respond()
    }
}

/// A client that answers each form with the next of a script, recording each form's params and
/// the `contentLanguage` its request's `_meta` carried (as `"language"`; rmcp adds a
/// `progressToken` of its own beside it).
#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    answers: Arc<Mutex<Vec<ElicitResult>>>,
    seen: Arc<Mutex<Vec<Value>>>,
}

impl rmcp::ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        form_client(&self.version)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let mut params = serde_json::to_value(&request).unwrap();
        params["language"] = context.meta.get(CONTENT_LANGUAGE).cloned().into();
        self.seen.lock().unwrap().push(params);
        let mut answers = self.answers.lock().unwrap();
        if answers.is_empty() {
            return Err(ErrorData::internal_error("no answer left", None));
        }
        Ok(answers.remove(0))
    }
}

/// What the test clients declare: form elicitation, on `version`.
fn form_client(version: &ProtocolVersion) -> ClientConfig {
    let capabilities = ClientCapabilities::builder().enable_elicitation().build();
    ClientConfig::new(capabilities, Implementation::new("test", "0"))
        .with_protocol_version(version.clone())
}

fn age(age: u8) -> ElicitResult {
    ElicitResult::new(ElicitationAction::Accept).with_content(json!({"age": age}))
}

/// A call of `tool` carrying `preference` (if any) in its `_meta`.
fn params(tool: &'static str, preference: Option<&str>) -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new(tool);
    if let Some(preference) = preference {
        let mut meta = RequestMetaObject::new();
        meta.insert(ACCEPT_LANGUAGE.into(), preference.into());
        params.meta = Some(meta);
    }
    params
}

/// Calls `tool` on 2025-11-25 with `preference`, the client answering `answers`: the result as
/// JSON and each form's params with the `_meta` of its request.
async fn call_2025(
    tool: &'static str,
    preference: Option<&str>,
    answers: Vec<ElicitResult>,
) -> (Value, Vec<Value>) {
    french();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        version: ProtocolVersion::V_2025_11_25,
        answers: Arc::new(Mutex::new(answers)),
        seen: seen.clone(),
    };
    let client =
        scripted_client::start(Forms::new(Server), client, ProtocolVersion::V_2025_11_25).await;
    let result = client.call_tool(params(tool, preference)).await.unwrap();
    let _ = client.cancel().await;
    let seen = seen.lock().unwrap().clone();
    (serde_json::to_value(result).unwrap(), seen)
}

/// A client of 2026-07-28 that drives no rounds: the test retries as it likes.
async fn session_2026() -> scripted_client::Session {
    french();
    scripted_client::connect(
        Forms::new(Server),
        ProtocolVersion::V_2026_07_28,
        true,
        vec![],
    )
    .await
}

/// One call of 2026-07-28, as JSON.
async fn once(session: &scripted_client::Session, params: CallToolRequestParams) -> Value {
    match session.client.call_tool_once(params).await.unwrap() {
        CallToolResponse::Complete(result) => serde_json::to_value(result).unwrap(),
        CallToolResponse::InputRequired(form) => serde_json::to_value(form).unwrap(),
        other => panic!("a result or a form, not {other:?}"),
    }
}

/// `params` retried after `previous` (an `InputRequiredResult`), answering its form with `answer`.
fn retry(
    mut params: CallToolRequestParams,
    previous: &Value,
    answer: &ElicitResult,
) -> CallToolRequestParams {
    let mut responses = InputResponses::new();
    responses.insert("form".into(), serde_json::to_value(answer).unwrap());
    params.input_responses = Some(responses);
    params.request_state = previous["requestState"].as_str().map(str::to_owned);
    params
}

const FRENCH_AGAIN: &str =
    "Créez votre compte\n\nVeuillez corriger ceci :\n- Âge : doit valoir au moins 13, reçu 12";
const ENGLISH_AGAIN: &str =
    "Create your account\n\nPlease correct this:\n- Age: must be at least 13, got 12";

#[tokio::test]
async fn on_2025_11_25_the_forms_and_the_result_are_in_the_language_preferred_and_only_then() {
    // The handler says its result is written in the form's language.
    let (result, seen) =
        call_2025("written", Some("fr-CH, fr;q=0.9"), vec![age(12), age(36)]).await;
    assert_eq!(
        result,
        json!({
            "content": [{"type": "text", "text": "36"}],
            "isError": false,
            "_meta": {CONTENT_LANGUAGE: "fr"},
        })
    );
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0]["message"], "Créez votre compte");
    assert_eq!(
        seen[0]["requestedSchema"]["properties"]["age"]["title"],
        "Âge"
    );
    assert_eq!(seen[0]["language"], "fr");
    assert_eq!(seen[1]["message"], FRENCH_AGAIN);
    assert_eq!(seen[1]["language"], "fr");

    // The same call without a preference: English, and no language said.
    let (result, seen) = call_2025("signup", None, vec![age(12), age(36)]).await;
    assert_eq!(
        result,
        json!({"content": [{"type": "text", "text": "36"}], "isError": false})
    );
    assert_eq!(seen[0]["message"], "Create your account");
    assert_eq!(seen[0]["language"], Value::Null);
    assert_eq!(seen[1]["message"], ENGLISH_AGAIN);
    assert_eq!(seen[1]["language"], Value::Null);
}

#[tokio::test]
async fn a_preference_nothing_matches_is_answered_in_english_and_said_so() {
    let (result, seen) = call_2025("written", Some("de-CH, de;q=0.9"), vec![age(36)]).await;
    assert_eq!(result["_meta"], json!({CONTENT_LANGUAGE: "en"}));
    assert_eq!(seen[0]["message"], "Create your account");
    assert_eq!(seen[0]["language"], "en");
}

#[tokio::test]
async fn a_language_the_handler_reports_itself_is_kept() {
    let (result, _) = call_2025("own", Some("fr"), vec![]).await;
    assert_eq!(
        result,
        json!({
            "content": [{"type": "text", "text": "fr"}],
            "isError": false,
            "_meta": {CONTENT_LANGUAGE: "fr-CA"},
        })
    );
}

#[tokio::test]
async fn on_2026_07_28_every_round_and_the_result_are_in_the_language_preferred() {
    let session = session_2026().await;
    let first = params("written", Some("fr-CH, fr;q=0.9"));
    let asked = once(&session, first.clone()).await;
    assert_eq!(asked["resultType"], "input_required");
    assert_eq!(asked["_meta"], json!({CONTENT_LANGUAGE: "fr"}));
    let form = &asked["inputRequests"]["form"]["params"];
    assert_eq!(form["message"], "Créez votre compte");
    assert_eq!(form["_meta"], json!({CONTENT_LANGUAGE: "fr"}));

    let again = once(&session, retry(first.clone(), &asked, &age(12))).await;
    assert_eq!(again["_meta"], json!({CONTENT_LANGUAGE: "fr"}));
    assert_eq!(
        again["inputRequests"]["form"]["params"]["message"],
        FRENCH_AGAIN
    );

    let done = once(&session, retry(first, &again, &age(36))).await;
    assert_eq!(
        done,
        json!({
            "resultType": "complete",
            "content": [{"type": "text", "text": "36"}],
            "isError": false,
            "_meta": {CONTENT_LANGUAGE: "fr"},
        })
    );
}

#[tokio::test]
async fn on_2026_07_28_a_preference_does_not_stick_to_a_retry_that_leaves_it_out() {
    let session = session_2026().await;
    let asked = once(&session, params("signup", Some("fr-CH, fr;q=0.9"))).await;
    assert_eq!(asked["_meta"], json!({CONTENT_LANGUAGE: "fr"}));
    // The retry carries no preference: English, and no language reported.
    let again = once(&session, retry(params("signup", None), &asked, &age(12))).await;
    assert_eq!(again.get("_meta"), None, "{again}");
    let form = &again["inputRequests"]["form"]["params"];
    assert_eq!(form["message"], ENGLISH_AGAIN);
    assert_eq!(form.get("_meta"), None, "{form}");
    let done = once(&session, retry(params("signup", None), &again, &age(36))).await;
    assert_eq!(
        done,
        json!({"resultType": "complete", "content": [{"type": "text", "text": "36"}], "isError": false})
    );
}

#[tokio::test]
async fn a_hostile_preference_is_answered_in_english_after_bounded_work() {
    let megabyte = "fr".repeat(500_000);
    let ranges = vec!["de;q=0.5"; 100_000].join(",");
    // What lies past the bounds is never read: a French range there chooses nothing.
    let past_length = format!("{}, fr", "x".repeat(MAX_LENGTH));
    let past_ranges = format!("{}, fr", vec!["de"; MAX_RANGES].join(", "));
    let hostile = [
        megabyte.as_str(),
        ranges.as_str(),
        past_length.as_str(),
        past_ranges.as_str(),
        ";;q=7,,fr;q=2, fr;q=-1, fr;q=0.5000, *;q=1",
        "\u{0}fr\u{202e}",
    ];
    for preference in hostile {
        let (result, seen) = call_2025("written", Some(preference), vec![age(36)]).await;
        let shown = &preference[..preference.len().min(40)];
        assert_eq!(result["_meta"], json!({CONTENT_LANGUAGE: "en"}), "{shown}");
        assert_eq!(seen[0]["message"], "Create your account", "{shown}");
    }
    // Within the bounds, the same French range is read.
    let within = format!("{}, fr", vec!["de"; MAX_RANGES - 1].join(", "));
    let (result, _) = call_2025("written", Some(&within), vec![age(36)]).await;
    assert_eq!(result["_meta"], json!({CONTENT_LANGUAGE: "fr"}));
}

/// A UI that answers each form with the next age of a script, recording the language each form
/// was said to be in.
#[derive(Clone)]
struct Ui {
    ages: Arc<Mutex<Vec<u8>>>,
    languages: Arc<Mutex<Vec<Option<String>>>>,
}

impl FormUi for Ui {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        self.languages
            .lock()
            .unwrap()
            .push(form.language.map(str::to_owned));
        let age = self.ages.lock().unwrap().remove(0);
        Elicitation::Accepted(json!({"age": age}).as_object().unwrap().clone())
    }
}

/// A client answering through [`Ui`] with `answer_elicitation_in`.
#[derive(Clone)]
struct UiClient {
    version: ProtocolVersion,
    ui: Ui,
}

impl rmcp::ClientHandler for UiClient {
    fn get_info(&self) -> ClientConfig {
        form_client(&self.version)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        answer_elicitation_in(&self.ui, request, &context).await
    }
}

/// A client on `version` whose UI answers the ages `ages` in turn, connected to the server
/// served through `Forms`: its UI (which notes the language of each form) and the client.
async fn ui_client(
    version: &ProtocolVersion,
    ages: &[u8],
) -> (Ui, RunningService<RoleClient, UiClient>) {
    let ui = Ui {
        ages: Arc::new(Mutex::new(ages.to_vec())),
        languages: Arc::default(),
    };
    let client = UiClient {
        version: version.clone(),
        ui: ui.clone(),
    };
    let client = scripted_client::start(Forms::new(Server), client, version.clone()).await;
    (ui, client)
}

#[tokio::test]
async fn a_client_sends_its_preference_and_its_ui_is_told_the_forms_language() {
    french();
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let (ui, client) = ui_client(&version, &[12, 36]).await;
        let request = CallToolRequestParams::new("written")
            .with_preference(&Preference::parse("fr-CH, fr;q=0.9"));
        let result = client.call_tool(request).await.unwrap();
        let _ = client.cancel().await;
        let result = serde_json::to_value(result).unwrap();
        assert_eq!(result["content"][0]["text"], "36", "{version}");
        assert_eq!(
            result["_meta"],
            json!({CONTENT_LANGUAGE: "fr"}),
            "{version}"
        );
        let languages = ui.languages.lock().unwrap().clone();
        assert_eq!(
            languages,
            [Some("fr".to_owned()), Some("fr".to_owned())],
            "{version}"
        );
    }
}

/// The resource's text is the handler's, which says no language: none is reported, though its
/// form was asked in French.
#[tokio::test]
async fn a_resource_read_reports_no_language_it_was_not_told() {
    french();
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let (ui, client) = ui_client(&version, &[36]).await;
        let request = ReadResourceRequestParams::new("mem://age")
            .with_preference(&Preference::parse("fr-CH, fr;q=0.9"));
        let result = client.read_resource(request).await.unwrap();
        let _ = client.cancel().await;
        let result = serde_json::to_value(result).unwrap();
        assert_eq!(result["contents"][0]["text"], "36", "{version}: {result}");
        assert_eq!(result.get("_meta"), None, "{version}: {result}");
        assert_eq!(
            *ui.languages.lock().unwrap(),
            [Some("fr".to_owned())],
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_result_the_handler_wrote_reports_no_language_unless_it_says_one() {
    for preference in [Some("fr"), None] {
        let (result, seen) = call_2025("signup", preference, vec![age(36)]).await;
        assert_eq!(
            result,
            json!({"content": [{"type": "text", "text": "36"}], "isError": false}),
            "{preference:?}"
        );
        assert_eq!(seen.len(), 1);
    }
    let session = session_2026().await;
    let first = params("signup", Some("fr"));
    let asked = once(&session, first.clone()).await;
    assert_eq!(asked["_meta"], json!({CONTENT_LANGUAGE: "fr"}));
    let done = once(&session, retry(first, &asked, &age(36))).await;
    assert_eq!(done.get("_meta"), None, "{done}");
}

/// A form translated into a language the crate's own words do not speak reports that language,
/// exactly as it declares it: Hebrew (`he`), and Portugal's Portuguese (`pt-PT`, not the crate's
/// `pt-BR`); its problems are said in the nearest words the crate has.
#[tokio::test]
async fn a_form_reports_the_language_it_is_written_in_not_the_crates_words() {
    for (preference, language, message, title) in [
        ("he-IL, he;q=0.9", "he", "צרו את החשבון שלכם", "גיל"),
        ("pt-PT", "pt-PT", "Crie a sua conta", "Idade"),
    ] {
        let (result, seen) = call_2025("written", Some(preference), vec![age(12), age(36)]).await;
        assert_eq!(
            result["_meta"],
            json!({CONTENT_LANGUAGE: language}),
            "{preference}"
        );
        assert_eq!(seen[0]["message"], message, "{preference}");
        assert_eq!(
            seen[0]["requestedSchema"]["properties"]["age"]["title"],
            title
        );
        assert_eq!(seen[0]["language"], language, "{preference}");
        assert_eq!(seen[1]["language"], language, "{preference}");
        let again = seen[1]["message"].as_str().unwrap();
        assert!(again.starts_with(&format!("{message}\n\n")), "{again}");
        assert!(again.contains(&format!("- {title}")), "{again}");

        let session = session_2026().await;
        let asked = once(&session, params("written", Some(preference))).await;
        assert_eq!(
            asked["_meta"],
            json!({CONTENT_LANGUAGE: language}),
            "{preference}"
        );
        assert_eq!(
            asked["inputRequests"]["form"]["params"]["_meta"],
            json!({CONTENT_LANGUAGE: language})
        );
    }
}

/// When the rounds run out, the tool error is in the person's language: the form by its
/// translated message, each field by its translated title, reported as such. (The problem's
/// words are this file's French, which `french` adds over the crate's.)
#[tokio::test]
async fn a_form_whose_rounds_are_spent_is_told_in_the_persons_language() {
    let (result, seen) = call_2025("told", Some("fr"), vec![age(12), age(12), age(12)]).await;
    assert_eq!(seen.len(), 3);
    assert_eq!(
        result,
        json!({
            "content": [{"type": "text", "text": "Le formulaire «\u{a0}Créez votre compte\u{a0}» a été demandé 3 fois, et la dernière réponse ne respecte toujours pas ses règles\u{a0}:\n- Âge : doit valoir au moins 13, reçu 12"}],
            "isError": true,
            "_meta": {CONTENT_LANGUAGE: "fr"},
        })
    );
    // Without a preference, in the crate's English, and no language reported.
    let (result, _) = call_2025("told", None, vec![age(12), age(12), age(12)]).await;
    assert_eq!(
        result,
        json!({
            "content": [{"type": "text", "text": "The form “Create your account” was asked 3 times, and the last answer still breaks its rules:\n- Age: must be at least 13, got 12"}],
            "isError": true,
        })
    );
}

/// On 2026-07-28 the protocol's own errors are told in the person's language too, their language
/// in `error.data._meta` (SEP-2792) beside what the error's data says.
#[tokio::test]
async fn on_2026_07_28_a_refusal_is_told_in_the_persons_language_with_its_language_in_data() {
    french();
    let session = scripted_client::connect(
        Forms::new(Server),
        ProtocolVersion::V_2026_07_28,
        false,
        vec![],
    )
    .await;
    let error = session
        .client
        .call_tool_once(params("told", Some("ja")))
        .await
        .unwrap_err();
    let error = serde_json::to_value(error_data(error)).unwrap();
    assert_eq!(error["code"], -32021, "{error}");
    assert_eq!(
        error["message"],
        "本人にたずねられませんでした。クライアントがフォームを表示できません（フォームによる入力要求を宣言していません）。"
    );
    assert_eq!(
        error["data"]["_meta"],
        json!({CONTENT_LANGUAGE: "ja"}),
        "{error}"
    );
    assert_eq!(
        error["data"]["requiredCapabilities"],
        json!({"elicitation": {"form": {}}}),
        "{error}"
    );

    // A state edited: refused, in the person's language.
    let session = session_2026().await;
    let first = params("told", Some("de"));
    let asked = once(&session, first.clone()).await;
    let mut edited = retry(first, &asked, &age(36));
    edited.request_state = edited.request_state.map(|state| format!("{state}x"));
    let error = session.client.call_tool_once(edited).await.unwrap_err();
    let error = serde_json::to_value(error_data(error)).unwrap();
    assert_eq!(error["code"], -32602, "{error}");
    assert_eq!(
        error["message"],
        "Diese Antworten gehören nicht zu diesem Aufruf. Rufen Sie erneut ohne `inputResponses` und `requestState` auf, um neu zu beginnen."
    );
    assert_eq!(error["data"]["_meta"], json!({CONTENT_LANGUAGE: "de"}));
}

/// The JSON-RPC error a call ended in.
fn error_data(error: rmcp::ServiceError) -> ErrorData {
    match error {
        rmcp::ServiceError::McpError(error) => error,
        other => panic!("a JSON-RPC error, not {other:?}"),
    }
}

#[tokio::test]
async fn asking_says_the_language_a_form_will_be_asked_in_before_asking() {
    for (preference, language) in [
        (Some("he"), "he"),
        (Some("pt-PT, en;q=0.5"), "pt-PT"),
        (Some("fr-CA"), "fr"),
        (Some("de"), "en"),
        (None, "en"),
    ] {
        let (result, seen) = call_2025("will", preference, vec![]).await;
        assert_eq!(result["content"][0]["text"], language, "{preference:?}");
        assert!(seen.is_empty());
    }
}
