//! [`accept_language_header`]: the person's preference over rmcp's Streamable HTTP transport
//! (SEP-2792), as an axum middleware in front of the MCP service.

use ::rmcp::model::ErrorCode;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::error::describe;
use crate::lang::{ACCEPT_LANGUAGE, Preference};

/// The largest request body [`accept_language_header`] reads (4 MiB): a larger one is refused
/// with HTTP 413, before the MCP service reads any of it.
pub const MAX_REQUEST_BODY: usize = 4 * 1024 * 1024;

/// The person's preference on a Streamable HTTP endpoint (SEP-2792), for
/// `axum::middleware::from_fn` on the router that serves rmcp's `StreamableHttpService`:
///
/// - a `POST` whose `Accept-Language` header says another preference than the
///   `_meta["io.modelcontextprotocol/acceptLanguage"]` of its JSON-RPC request is refused with
///   HTTP 400 and the JSON-RPC error `-32020` (`HeaderMismatch`), naming both: an intermediary
///   that routes or caches by the header would otherwise answer in one language what the server
///   answers in another;
/// - the header alone is no preference (the server reads only `_meta`), and passes;
/// - the response to a request that carries a preference says `Vary: Accept-Language`.
///
/// The body is read up to [`MAX_REQUEST_BODY`] bytes; a larger one is refused with HTTP 413.
///
/// ```
/// use axum::Router;
/// use axum::middleware::from_fn;
/// use mcp_elicit::rmcp::accept_language_header;
///
/// /// `mcp`: rmcp's `StreamableHttpService`, nested at `/mcp`.
/// fn with_languages(mcp: Router) -> Router {
///     mcp.layer(from_fn(accept_language_header))
/// }
/// # let _ = with_languages(Router::new());
/// ```
pub async fn accept_language_header(request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_REQUEST_BODY).await else {
        let message = format!("the request body is over {MAX_REQUEST_BODY} bytes: send less");
        return refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            &Value::Null,
            -32600,
            &message,
        );
    };
    // A body that is not JSON is the service's to refuse, in its own words.
    let message: Option<Value> = serde_json::from_slice(&bytes).ok();
    let carried = message
        .as_ref()
        .and_then(|message| message.pointer("/params/_meta"))
        .and_then(|meta| meta.get(ACCEPT_LANGUAGE))
        .and_then(Value::as_str);
    if let (Some(carried), Some(header)) = (carried, header_value(&parts.headers))
        && Preference::parse(carried) != Preference::parse(&header)
    {
        let id = message
            .as_ref()
            .and_then(|message| message.get("id"))
            .cloned()
            .unwrap_or(Value::Null);
        let text = format!(
            "the `Accept-Language` header {} says another preference than `_meta[\"{ACCEPT_LANGUAGE}\"]` {}: send the same value in both, or leave the header out",
            describe(&Value::from(header)),
            describe(&Value::from(carried)),
        );
        return refusal(
            StatusCode::BAD_REQUEST,
            &id,
            ErrorCode::HEADER_MISMATCH.0,
            &text,
        );
    }
    let preferred = carried.is_some();
    let mut response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    if preferred {
        response
            .headers_mut()
            .append(header::VARY, HeaderValue::from_static("Accept-Language"));
    }
    response
}

/// The request's `Accept-Language`, its lines joined as one list (RFC 9110); `None` without one.
/// A line that is not text is kept as the text it holds, so that it differs from any `_meta`.
fn header_value(headers: &HeaderMap) -> Option<String> {
    let mut lines = headers.get_all(header::ACCEPT_LANGUAGE).iter().peekable();
    lines.peek()?;
    let lines: Vec<String> = lines
        .map(|line| String::from_utf8_lossy(line.as_bytes()).into_owned())
        .collect();
    Some(lines.join(", "))
}

/// An HTTP `status` answering a JSON-RPC request `id` with the error `code` and `message`.
fn refusal(status: StatusCode, id: &Value, code: i32, message: &str) -> Response {
    let body = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    });
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}
