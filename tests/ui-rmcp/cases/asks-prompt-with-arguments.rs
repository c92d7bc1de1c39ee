//! A prompt whose call names a form as its arguments: a prompt's arguments are strings.
use mcp_elicit::Elicit;
use mcp_elicit::rmcp::{Call, Handled, asks};
use rmcp::model::GetPromptResult;
use rmcp::{prompt, prompt_router};

#[derive(Elicit)]
struct Trip {
    destination: String,
}

struct Server;

#[prompt_router]
impl Server {
    #[asks]
    #[prompt(description = "Plans a trip")]
    async fn plan_trip(&self, call: Call<Trip>) -> Handled<GetPromptResult> {
        let _ = call.name();
        Ok(GetPromptResult::new(vec![]))
    }
}

fn main() {
    let _ = Server::prompt_router();
}
