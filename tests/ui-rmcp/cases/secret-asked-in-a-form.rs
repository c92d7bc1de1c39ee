// A form holding a secret asked in form mode: its answer would pass through the client.
use mcp_elicit::rmcp::{Handled, ask};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use rmcp::service::{RequestContext, RoleServer};
use secrecy::SecretString;

#[derive(Elicit)]
struct Connect {
    label: String,
    api_key: SecretString,
}

pub async fn connect(request: &CallToolRequestParams, context: &RequestContext<RoleServer>) -> Handled {
    let Elicitation::Accepted(connect) = ask::<Connect>(context, request).await? else {
        return Ok(CallToolResult::success(vec![ContentBlock::text("not connected")]));
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(connect.label)]))
}

fn main() {}
