//! The person's preference over Streamable HTTP (SEP-2792), on `router_server`: an
//! `Accept-Language` header that says another preference than the request's `_meta` is refused
//! with HTTP 400 and `-32020`, a header alone is no preference, and the answer to a preference
//! reports the language used and says `Vary: Accept-Language`.

#[path = "support/connect.rs"]
mod connect;

use connect::{Server, call_tool_with};
use mcp_elicit::lang::{ACCEPT_LANGUAGE, CONTENT_LANGUAGE};
use serde_json::{Value, json};

/// A `router_server` on a free port.
fn server() -> Server {
    Server::start_program(env!("CARGO_BIN_EXE_router_server"), &[])
}

/// `book_table` without arguments (it asks for them), on 2026-07-28, as ada, with the
/// `Accept-Language` header `header` and the `_meta` preference `preference`: the status, the
/// `Vary` header and the JSON-RPC message.
async fn book(
    server: &Server,
    header: Option<&str>,
    preference: Option<&str>,
) -> (u16, Option<String>, Value) {
    let meta = match preference {
        Some(preference) => json!({ACCEPT_LANGUAGE: preference}),
        None => Value::Null,
    };
    let headers: Vec<(&str, &str)> = header.map(|h| ("accept-language", h)).into_iter().collect();
    let capabilities = json!({"elicitation": {"form": {}}});
    let (status, headers, message) = call_tool_with(
        &server.origin,
        "book_table",
        Some("dev-ada"),
        capabilities,
        Value::Null,
        meta,
        &headers,
    )
    .await;
    let vary = headers
        .get("vary")
        .map(|vary| vary.to_str().unwrap().to_owned());
    (status, vary, message)
}

#[tokio::test]
async fn a_header_that_contradicts_the_meta_is_refused_with_32020() {
    let server = server();
    let (status, vary, message) = book(&server, Some("de"), Some("fr-CH, fr;q=0.9")).await;
    assert_eq!(status, 400);
    assert_eq!(vary, None);
    assert_eq!(
        message,
        json!({
            "jsonrpc": "2.0",
            "id": 1,
            "error": {
                "code": -32020,
                "message": "the `Accept-Language` header \"de\" says another preference than `_meta[\"io.modelcontextprotocol/acceptLanguage\"]` \"fr-CH, fr;q=0.9\": send the same value in both, or leave the header out",
            },
        })
    );
    // However long the values, the message quotes 64 characters of each.
    let long = format!("de, {}", "en;q=0.5, ".repeat(500));
    let (status, _, message) = book(&server, Some(&long), Some("fr")).await;
    assert_eq!(status, 400);
    assert_eq!(message["error"]["code"], -32020);
    assert_eq!(
        message["error"]["message"],
        format!(
            "the `Accept-Language` header \"{}…\" says another preference than `_meta[\"io.modelcontextprotocol/acceptLanguage\"]` \"fr\": send the same value in both, or leave the header out",
            &long[..64]
        )
    );
}

#[tokio::test]
async fn a_preference_is_answered_with_its_language_and_vary_and_a_header_alone_is_none() {
    let server = server();
    // The same preference in the header (spelled otherwise) and in `_meta`; Klingon, which
    // nothing here is written in: the default language, said so.
    let (status, vary, message) = book(&server, Some("tlh;q=1"), Some("tlh")).await;
    assert_eq!(status, 200);
    assert_eq!(vary.as_deref(), Some("Accept-Language"));
    let result = &message["result"];
    assert_eq!(result["resultType"], "input_required", "{message:#}");
    assert_eq!(result["_meta"], json!({CONTENT_LANGUAGE: "en"}));
    let form = &result["inputRequests"]["arguments"]["params"];
    assert_eq!(form["_meta"], json!({CONTENT_LANGUAGE: "en"}));

    // The header alone is no preference: no language said, nothing varies.
    let (status, vary, message) = book(&server, Some("tlh"), None).await;
    assert_eq!(status, 200);
    assert_eq!(vary, None);
    let result = &message["result"];
    assert_eq!(result["resultType"], "input_required", "{message:#}");
    assert_eq!(result.get("_meta"), None, "{result:#}");
    let form = &result["inputRequests"]["arguments"]["params"];
    assert!(
        form["message"]
            .as_str()
            .unwrap()
            .contains("Please correct these:"),
        "{form:#}"
    );
    assert_eq!(form.get("_meta"), None, "{form:#}");
}
