// `?` on an ask in a handler that returns rmcp's `Result<_, ErrorData>`: on 2026-07-28 the form
// would be lost in an `ErrorData`.
use mcp_elicit::rmcp::ask;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData};
use rmcp::service::{RequestContext, RoleServer};

#[derive(Elicit)]
struct Booking {
    guests: u8,
}

async fn book_table(
    request: CallToolRequestParams,
    context: RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    let Elicitation::Accepted(booking) = ask::<Booking>(&context, &request).await? else {
        return Ok(CallToolResult::success(vec![ContentBlock::text("nothing booked")]).into());
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(booking.guests.to_string())]).into())
}

fn main() {}
