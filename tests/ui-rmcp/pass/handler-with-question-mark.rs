// The right way: a handler returning `Handled` uses `?` on the ask, and `.respond()` makes its
// result rmcp's response.
use mcp_elicit::rmcp::{Handled, Respond, ask};
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData};
use rmcp::service::{RequestContext, RoleServer};

#[derive(Elicit)]
struct Booking {
    guests: u8,
}

async fn book_table(request: &CallToolRequestParams, context: &RequestContext<RoleServer>) -> Handled {
    let Elicitation::Accepted(booking) = ask::<Booking>(context, request).await? else {
        return Ok(CallToolResult::success(vec![ContentBlock::text("nothing booked")]));
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(booking.guests.to_string())]))
}

#[allow(dead_code)]
async fn call_tool(
    request: CallToolRequestParams,
    context: RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    book_table(&request, &context).await.respond()
}

fn main() {}
