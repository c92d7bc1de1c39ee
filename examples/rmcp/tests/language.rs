//! The person's preference over Streamable HTTP (SEP-2792), on `router_server`: an
//! `Accept-Language` header that says another preference than the request's `_meta` is refused
//! with HTTP 400 and `-32020`, a header alone is no preference, and the answer to a preference
//! reports the language used; every answer says `Vary: Accept-Language`.

#[path = "support/connect.rs"]
mod connect;

use std::time::Duration;

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
    assert_eq!(vary.as_deref(), Some("Accept-Language"));
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
async fn a_preference_is_answered_with_its_language_and_a_header_alone_is_none_both_with_vary() {
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

    // The header alone is no preference: no language said. The answer still says `Vary`, as
    // every answer to a `POST` does: without a preference, it is in the default language.
    let (status, vary, message) = book(&server, Some("tlh"), None).await;
    assert_eq!(status, 200);
    assert_eq!(vary.as_deref(), Some("Accept-Language"));
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

    // A preference without the header: the body streams to the service unread, which answers in
    // the language.
    let (status, vary, message) = book(&server, None, Some("fr")).await;
    assert_eq!(status, 200);
    assert_eq!(vary.as_deref(), Some("Accept-Language"));
    assert_eq!(message["result"]["_meta"], json!({CONTENT_LANGUAGE: "fr"}));
}

/// A `POST` to `server`'s `/mcp` as ada, by hand, with the header lines `headers` and the body
/// `chunks` sent chunked (none: only the head is sent): the status line of the answer and the
/// answer's body.
async fn post_by_hand(server: &Server, headers: &str, chunks: &[&[u8]]) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let address = server.origin.strip_prefix("http://").unwrap();
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {address}\r\nauthorization: Bearer dev-ada\r\n\
         content-type: application/json\r\naccept: application/json, text/event-stream\r\n\
         mcp-protocol-version: 2026-07-28\r\nconnection: close\r\n{headers}\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    for chunk in chunks {
        let size = format!("{:x}\r\n", chunk.len());
        stream.write_all(size.as_bytes()).await.unwrap();
        stream.write_all(chunk).await.unwrap();
        stream.write_all(b"\r\n").await.unwrap();
    }
    if !chunks.is_empty() {
        stream.write_all(b"0\r\n\r\n").await.unwrap();
    }
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer))
        .await
        .expect("answered within 30 s")
        .unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

/// A body over 4 MiB is refused with 413, with the header or without, by its `Content-Length`
/// or as it streams in (where rmcp, whose reading of the body is cut off, would say 500).
#[tokio::test]
async fn a_body_over_4_mib_is_refused_with_413_however_it_is_sent() {
    let server = server();
    let refused = json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32600, "message": "the request body is over 4194304 bytes: send less"},
    });
    let spaces = vec![b' '; 1024 * 1024];
    // Four MiB of spaces, then one byte more.
    let over: Vec<&[u8]> = vec![&spaces, &spaces, &spaces, &spaces, b"{"];
    for header in ["", "accept-language: fr\r\n"] {
        let declared = format!("{header}content-length: 4194305\r\n");
        let (status, body) = post_by_hand(&server, &declared, &[]).await;
        assert_eq!(status, "HTTP/1.1 413 Payload Too Large", "{header:?}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), refused);
        let streamed = format!("{header}transfer-encoding: chunked\r\n");
        let (status, body) = post_by_hand(&server, &streamed, &over).await;
        assert_eq!(status, "HTTP/1.1 413 Payload Too Large", "{header:?}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), refused);
    }
}

/// `tool` called on 2026-07-28 as ada with the preference `preference` and `more` params: the
/// JSON-RPC message.
async fn call_in(server: &Server, tool: &str, preference: &str, more: Value) -> Value {
    let capabilities = json!({"elicitation": {"form": {}, "url": {}}});
    let meta = json!({ACCEPT_LANGUAGE: preference});
    let (status, _, message) = call_tool_with(
        &server.origin,
        tool,
        Some("dev-ada"),
        capabilities,
        more,
        meta,
        &[],
    )
    .await;
    assert_eq!(status, 200, "{message:#}");
    message
}

/// `router_server` speaks French and Simplified Chinese: `book_table`'s form (its options too)
/// and its re-ask, `greet_user`'s form, `connect_service`'s URL request; each result reports the
/// language, and a tool's own result keeps its wording and reports none.
#[tokio::test]
async fn router_server_asks_in_french_and_simplified_chinese() {
    let server = server();
    for (preference, language, message, party, indoor, note) in [
        (
            "fr-CH, fr;q=0.9, en;q=0.5",
            "fr",
            "Quelle table dois-je réserver ?",
            "Nombre de convives",
            "En salle",
            "Veuillez corriger ce point\u{a0}:\n- Nombre de convives\u{a0}: doit valoir au plus 12 (valeur reçue\u{a0}: 40)",
        ),
        (
            "zh-CN",
            "zh-Hans",
            "要为您预订哪张餐桌？",
            "用餐人数",
            "室内",
            "请更正以下问题：\n- 用餐人数：不能大于 12，收到的是 40",
        ),
    ] {
        let asked = call_in(&server, "book_table", preference, Value::Null).await;
        let result = &asked["result"];
        assert_eq!(result["resultType"], "input_required", "{asked:#}");
        assert_eq!(result["_meta"][CONTENT_LANGUAGE], language, "{asked:#}");
        let request = &result["inputRequests"]["arguments"];
        let params = &request["params"];
        // What the model left out is named in the person's language too.
        let first = params["message"].as_str().unwrap_or_default();
        assert!(first.starts_with(&format!("{message}\n\n")), "{asked:#}");
        assert_eq!(params["_meta"][CONTENT_LANGUAGE], language, "{asked:#}");
        let properties = &params["requestedSchema"]["properties"];
        assert_eq!(properties["partySize"]["title"], party);
        // The option's value is never translated; its title is.
        assert_eq!(properties["seating"]["oneOf"][0]["const"], "indoor");
        assert_eq!(properties["seating"]["oneOf"][0]["title"], indoor);
        assert_eq!(properties["partySize"]["maximum"], 12);

        // A party of 40 breaks the form's rule: asked again, the problem in the same language.
        let state = result["requestState"].clone();
        let answer = json!({
            "inputResponses": {"arguments": {"action": "accept", "content": {
                "date": "2026-12-24", "partySize": 40, "seating": "indoor"}}},
            "requestState": state,
        });
        let again = call_in(&server, "book_table", preference, answer).await;
        let again_message = again["result"]["inputRequests"]["arguments"]["params"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert_eq!(again_message, format!("{message}\n\n{note}"), "{again:#}");
        assert_eq!(again["result"]["_meta"][CONTENT_LANGUAGE], language);

        // Answered: the tool's own words are kept, the language still reported.
        let answer = json!({
            "inputResponses": {"arguments": {"action": "accept", "content": {
                "date": "2026-12-24", "partySize": 4, "seating": "indoor"}}},
            "requestState": again["result"]["requestState"].clone(),
        });
        let done = call_in(&server, "book_table", preference, answer).await;
        assert_eq!(
            done["result"]["content"][0]["text"], "Booked a table for 4 on 2026-12-24, Indoor.",
            "{done:#}"
        );
        // The tool's own words (English) say no language: none is reported for them.
        assert_eq!(done["result"].get("_meta"), None, "{done:#}");

        let greet = call_in(&server, "connect_service", preference, Value::Null).await;
        let params = &greet["result"]["inputRequests"]["form"]["params"];
        assert_eq!(params["mode"], "url", "{greet:#}");
        let connect = if language == "fr" {
            "Connectez votre service météo"
        } else {
            "连接您的天气服务"
        };
        assert_eq!(params["message"], connect, "{greet:#}");
        // The URL request and its round report the page's language.
        assert_eq!(
            params["_meta"],
            json!({CONTENT_LANGUAGE: language}),
            "{greet:#}"
        );
        assert_eq!(
            greet["result"]["_meta"],
            json!({CONTENT_LANGUAGE: language})
        );

        let greeting = json!({"arguments": {"greeting": "Bonjour"}});
        let greet = call_in(&server, "greet_user", preference, greeting).await;
        let params = &greet["result"]["inputRequests"]["form"]["params"];
        let (asks, name) = if language == "fr" {
            ("Veuillez indiquer votre nom", "Nom")
        } else {
            ("请提供您的姓名", "姓名")
        };
        assert_eq!(params["message"], asks, "{greet:#}");
        assert_eq!(
            params["requestedSchema"]["properties"]["name"]["title"],
            name
        );
    }
    // Without a preference, English, and no language reported.
    let (status, _, plain) = call_tool_with(
        &server.origin,
        "greet_user",
        Some("dev-ada"),
        json!({"elicitation": {"form": {}}}),
        json!({"arguments": {"greeting": "Hello"}}),
        Value::Null,
        &[],
    )
    .await;
    assert_eq!(status, 200);
    let params = &plain["result"]["inputRequests"]["form"]["params"];
    assert_eq!(params["message"], "Please provide your name", "{plain:#}");
    assert!(plain["result"].get("_meta").is_none(), "{plain:#}");
}
