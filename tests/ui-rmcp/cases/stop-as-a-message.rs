// The error of an ask made into a message for an `ErrorData`: on 2026-07-28 the form would be
// sent as the text of an internal error.
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
    let answer = ask::<Booking>(&context, &request)
        .await
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
    let Elicitation::Accepted(booking) = answer else {
        return Ok(CallToolResult::success(vec![ContentBlock::text("nothing booked")]).into());
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(booking.guests.to_string())]).into())
}

fn main() {}
