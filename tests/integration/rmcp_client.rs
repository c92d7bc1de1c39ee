//! `mcp_elicit::rmcp::answer_elicitation` as a real rmcp client's `create_elicitation`, against a
//! server asking with `mcp_elicit::rmcp::ask`, in process, on both flows: the form shown through a
//! `FormUi`, corrected before anything is sent, its defaults filled in.

use std::sync::{Arc, Mutex};

use mcp_elicit::Elicit;
use mcp_elicit::client::{FormToFill, FormUi};
use mcp_elicit::rmcp::{answer_elicitation, ask};
use mcp_elicit::{Content, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ElicitRequestParams, ElicitResult, ErrorData, Implementation, ProtocolVersion,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler};
use serde_json::{Value, json};

#[path = "support/scripted_client.rs"]
mod scripted_client;
use scripted_client::start;

/// What the person was shown: the values the form started with, and the problems.
type Shown = Arc<Mutex<Vec<(Value, Option<String>)>>>;

#[derive(Elicit, Debug)]
struct Signup {
    #[elicit(min_length = 2)]
    name: String,
    #[elicit(default = 30, minimum = 13)]
    age: u8,
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
        let text = match ask::<Signup>(&context, &request).await {
            Ok(Elicitation::Accepted(s)) => format!("{} {}", s.name, s.age),
            Ok(answer) => answer.action().to_owned(),
            Err(stop) => return stop.into(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

/// A person who first leaves the name too short, then corrects it, and never touches the age.
#[derive(Clone, Default)]
struct Person {
    shown: Shown,
}

impl FormUi for Person {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        let mut shown = self.shown.lock().unwrap();
        shown.push((
            Value::Object(form.values.clone()),
            form.problems.map(ToString::to_string),
        ));
        // As a person at a form: what it shows, with a name typed in.
        let name = if shown.len() == 1 { "A" } else { "Ada" };
        let mut values = form.values.clone();
        values.insert("name".to_owned(), json!(name));
        Elicitation::Accepted(values)
    }
}

#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    person: Person,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("test", "0"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        answer_elicitation(&self.person, request).await
    }
}

#[tokio::test]
async fn the_person_corrects_the_form_before_it_is_sent() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let person = Person::default();
        let client = Client {
            version: version.clone(),
            person: person.clone(),
        };
        let client = start(Server, client, version.clone()).await;
        let result = client
            .call_tool(CallToolRequestParams::new("signup"))
            .await
            .unwrap();
        let text = &result.content[0].as_text().unwrap().text;
        // The server got a valid answer the first time, the age its default.
        assert_eq!(text, "Ada 30", "{version}");
        let shown = person.shown.lock().unwrap().clone();
        assert_eq!(
            shown,
            [
                (json!({"age": 30}), None),
                (
                    json!({"name": "A", "age": 30}),
                    Some("`name`: must be at least 2 characters long, got 1".to_owned())
                )
            ],
            "{version}"
        );
        let _ = client.cancel().await;
    }
}
