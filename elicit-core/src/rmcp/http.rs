//! [`accept_language_header`]: the person's preference over rmcp's Streamable HTTP transport
//! (SEP-2792), as an axum middleware in front of the MCP service.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use ::rmcp::model::ErrorCode;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Value, json};

use crate::error::describe;
use crate::lang::{ACCEPT_LANGUAGE, Preference};

/// The largest request body [`accept_language_header`] lets through (4 MiB): a larger one is
/// refused with HTTP 413.
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
/// - every answer to a `POST`, the refusal included, says `Vary: Accept-Language`. Its language
///   follows `_meta`, which the header must repeat when it is sent, and the answer to a request
///   without the header may be in any language: no cache should give either to a request whose
///   header asks for another. (`_meta` is read only when the header is sent, so the middleware
///   could not say it only where a preference was carried.)
///
/// Only a `POST` that carries the header is read, and only for its `id` and its `_meta`
/// preference: every other value of the JSON-RPC request is skipped as it is read, never built,
/// so a large request costs its bytes, once. A body that is not a JSON object passes unchanged,
/// for the service to refuse in its own words. Without the header the body is not read at all
/// and streams through to the service.
///
/// Bodies are limited to [`MAX_REQUEST_BODY`] bytes, with HTTP 413: at once when the
/// `Content-Length` says more; past the limit when the body is read for the check; and without
/// the header, the service's reading of a longer body ends in an error at the limit, and its
/// answer (rmcp's is a 500) is replaced by the 413.
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
    if declared_length(request.headers()).is_some_and(|length| length > MAX_REQUEST_BODY as u64) {
        return too_large();
    }
    let Some(header) = header_value(request.headers()) else {
        let over = Arc::new(AtomicBool::new(false));
        let request = request.map(|body| limited(body, Arc::clone(&over)));
        let response = next.run(request).await;
        if over.load(Ordering::Relaxed) {
            return too_large();
        }
        return varying(response);
    };
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_REQUEST_BODY).await else {
        return too_large();
    };
    // A body that is not JSON, or not an object, is the service's to refuse, in its own words.
    let message = serde_json::from_slice::<Read<Message>>(&bytes)
        .map(|read| read.0)
        .unwrap_or_default();
    if let Some(carried) = &message.preference
        && Preference::parse(carried) != Preference::parse(&header)
    {
        let text = format!(
            "the `Accept-Language` header {} says another preference than `_meta[\"{ACCEPT_LANGUAGE}\"]` {}: send the same value in both, or leave the header out",
            describe(&Value::from(header)),
            describe(&Value::from(carried.as_str())),
        );
        let refused = refusal(
            StatusCode::BAD_REQUEST,
            &message.id,
            ErrorCode::HEADER_MISMATCH.0,
            &text,
        );
        return varying(refused);
    }
    varying(
        next.run(Request::from_parts(parts, Body::from(bytes)))
            .await,
    )
}

/// `response`, saying that it varies with the request's `Accept-Language`.
fn varying(mut response: Response) -> Response {
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("Accept-Language"));
    response
}

/// The request's `Content-Length`, when it has one that is a number.
fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// `body` cut off by an error past [`MAX_REQUEST_BODY`] bytes, which sets `over`.
fn limited(body: Body, over: Arc<AtomicBool>) -> Body {
    Body::new(Limited::new(body, MAX_REQUEST_BODY).map_err(move |error| {
        if error.is::<LengthLimitError>() {
            over.store(true, Ordering::Relaxed);
        }
        error
    }))
}

/// The refusal of a body over [`MAX_REQUEST_BODY`] bytes.
fn too_large() -> Response {
    let message = format!("the request body is over {MAX_REQUEST_BODY} bytes: send less");
    refusal(
        StatusCode::PAYLOAD_TOO_LARGE,
        &Value::Null,
        -32600,
        &message,
    )
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

/// What the check reads of a JSON-RPC request: its `id`, for the refusal, and the preference its
/// `params._meta` carries. Nothing else of the request is built.
#[derive(Default)]
struct Message {
    /// A string or a number, as JSON-RPC has it; any other `id` is answered as `null`.
    id: Value,
    preference: Option<String>,
}

/// `params`, for its `_meta`.
#[derive(Default)]
struct Params(Option<String>);

/// `_meta`, for the preference.
#[derive(Default)]
struct Meta(Option<String>);

/// The `id` of a JSON-RPC request.
#[derive(Default)]
struct Id(Value);

/// The preference `_meta` carries: a string.
#[derive(Default)]
struct Carried(Option<String>);

/// How one JSON value is read for the check: each kind of value it may be gives `Self`, the
/// default when the check has no use for that kind. A value is never refused for its kind (the
/// service judges the request), and what is not used is skipped as it is read.
trait Shape: Default {
    /// A string.
    fn text(_text: &str) -> Self {
        Self::default()
    }

    /// A number.
    fn number(_number: Value) -> Self {
        Self::default()
    }

    /// An object, read entry by entry.
    fn object<'de, A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Self::default())
    }
}

impl Shape for Message {
    fn object<'de, A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut message = Self::default();
        // A name given twice counts once, the last, as a parsed `Value` holds it.
        while let Some(name) = map.next_key_seed(Name(&["id", "params"]))? {
            match name {
                Some(0) => message.id = map.next_value::<Read<Id>>()?.0.0,
                Some(_) => message.preference = map.next_value::<Read<Params>>()?.0.0,
                None => _ = map.next_value::<IgnoredAny>()?,
            }
        }
        Ok(message)
    }
}

impl Shape for Params {
    fn object<'de, A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut params = Self::default();
        while let Some(name) = map.next_key_seed(Name(&["_meta"]))? {
            match name {
                Some(_) => params.0 = map.next_value::<Read<Meta>>()?.0.0,
                None => _ = map.next_value::<IgnoredAny>()?,
            }
        }
        Ok(params)
    }
}

impl Shape for Meta {
    fn object<'de, A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut meta = Self::default();
        while let Some(name) = map.next_key_seed(Name(&[ACCEPT_LANGUAGE]))? {
            match name {
                Some(_) => meta.0 = map.next_value::<Read<Carried>>()?.0.0,
                None => _ = map.next_value::<IgnoredAny>()?,
            }
        }
        Ok(meta)
    }
}

impl Shape for Id {
    fn text(text: &str) -> Self {
        Self(Value::from(text))
    }

    fn number(number: Value) -> Self {
        Self(number)
    }
}

impl Shape for Carried {
    fn text(text: &str) -> Self {
        Self(Some(text.to_owned()))
    }
}

/// One JSON value read as its [`Shape`] reads it.
struct Read<T>(T);

impl<'de, T: Shape> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ReadVisitor(PhantomData))
    }
}

/// The visitor of [`Read`].
struct ReadVisitor<T>(PhantomData<T>);

impl<'de, T: Shape> Visitor<'de> for ReadVisitor<T> {
    type Value = Read<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _value: bool) -> Result<Self::Value, E> {
        Ok(Read(T::default()))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Self::Value, E> {
        Ok(Read(T::number(Value::from(value))))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Self::Value, E> {
        Ok(Read(T::number(Value::from(value))))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Self::Value, E> {
        Ok(Read(T::number(Value::from(value))))
    }

    fn visit_str<E>(self, value: &str) -> Result<Self::Value, E> {
        Ok(Read(T::text(value)))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Read(T::default()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Read(T::default()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        T::object(map).map(Read)
    }
}

/// An object's key, read for its position among the names the check looks for (`None` for any
/// other), without keeping it.
struct Name(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Name {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for Name {
    type Value = Option<usize>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a key")
    }

    fn visit_str<E>(self, key: &str) -> Result<Self::Value, E> {
        Ok(self.0.iter().position(|name| *name == key))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use axum::Router;
    use axum::body::{Body, Bytes, to_bytes};
    use axum::extract::Request;
    use axum::http::{StatusCode, header};
    use axum::middleware::from_fn;
    use axum::response::{IntoResponse, Response};
    use axum::routing::post;
    use http_body_util::{BodyExt, channel::Channel};
    use serde_json::{Value, json};
    use tower::ServiceExt;

    use super::{MAX_REQUEST_BODY, accept_language_header};

    /// A service in rmcp's place, behind the middleware: it reads the whole body, as rmcp does,
    /// and answers it back; a body it cannot read is answered 500, as rmcp does. `calls` counts
    /// the requests that reached it.
    fn echo(calls: Arc<AtomicUsize>) -> Router {
        let service = move |request: Request| async move {
            calls.fetch_add(1, Ordering::Relaxed);
            match to_bytes(request.into_body(), usize::MAX).await {
                Ok(bytes) => bytes.into_response(),
                Err(error) => {
                    (StatusCode::INTERNAL_SERVER_ERROR, error.to_string()).into_response()
                }
            }
        };
        Router::new()
            .route("/mcp", post(service.clone()).get(service))
            .layer(from_fn(accept_language_header))
    }

    /// A `POST` of `body` with the `Accept-Language` header `header` and the `Content-Length`
    /// `length`, each when given.
    fn post_of(header: Option<&str>, length: Option<usize>, body: Body) -> Request {
        let mut request = Request::post("/mcp");
        if let Some(header) = header {
            request = request.header(header::ACCEPT_LANGUAGE, header);
        }
        if let Some(length) = length {
            request = request.header(header::CONTENT_LENGTH, length);
        }
        request.body(body).unwrap()
    }

    /// `request` through the middleware to [`echo`]: the status, the `Vary` header, the body,
    /// and how many requests reached the service.
    async fn send(request: Request) -> (StatusCode, Option<String>, Bytes, usize) {
        let calls = Arc::new(AtomicUsize::new(0));
        let response: Response = echo(Arc::clone(&calls)).oneshot(request).await.unwrap();
        let status = response.status();
        let vary = response
            .headers()
            .get(header::VARY)
            .map(|vary| vary.to_str().unwrap().to_owned());
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, vary, body, calls.load(Ordering::Relaxed))
    }

    /// A `tools/call` with the id `id` and the `_meta` preference `preference`.
    fn call(id: &Value, preference: &str) -> String {
        json!({
            "jsonrpc": "2.0",
            "id": id,
            "method": "tools/call",
            "params": {
                "name": "book_table",
                "arguments": {"guests": [1, 2, {"a": null}], "note": "x"},
                "_meta": {"io.modelcontextprotocol/acceptLanguage": preference, "other": [true]},
            },
        })
        .to_string()
    }

    /// The 400 of a header `header` against the preference `carried`, answering `id`.
    fn mismatch(id: &Value, header: &str, carried: &str) -> Value {
        json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {
                "code": -32020,
                "message": format!("the `Accept-Language` header \"{header}\" says another preference than `_meta[\"io.modelcontextprotocol/acceptLanguage\"]` \"{carried}\": send the same value in both, or leave the header out"),
            },
        })
    }

    #[tokio::test]
    async fn a_header_that_contradicts_the_meta_is_refused_with_the_requests_id() {
        for (id, answered) in [
            (json!(7), json!(7)),
            (json!(-2.5), json!(-2.5)),
            (json!("call-1"), json!("call-1")),
            // Not a JSON-RPC id: answered as `null`, never built.
            (json!({"huge": [1, 2, 3]}), Value::Null),
            (json!([1]), Value::Null),
            (json!(true), Value::Null),
        ] {
            let body = call(&id, "fr-CH, fr;q=0.9");
            let (status, vary, answer, calls) =
                send(post_of(Some("de"), None, Body::from(body))).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{id}");
            assert_eq!(vary.as_deref(), Some("Accept-Language"));
            assert_eq!(calls, 0);
            let answer: Value = serde_json::from_slice(&answer).unwrap();
            assert_eq!(answer, mismatch(&answered, "de", "fr-CH, fr;q=0.9"));
        }
        // Duplicate names count once, the last, as a parsed `Value` holds them; names elsewhere
        // (in `arguments`, at the top) are not the request's.
        let body = r#"{"id": 1, "params": {"_meta": {"io.modelcontextprotocol/acceptLanguage": "de"},
            "arguments": {"_meta": {"io.modelcontextprotocol/acceptLanguage": "ja"}},
            "_meta": {"io.modelcontextprotocol/acceptLanguage": "fr"}}, "id": "two",
            "_meta": {"io.modelcontextprotocol/acceptLanguage": "ko"}}"#;
        let (status, _, answer, _) = send(post_of(Some("de"), None, Body::from(body))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let answer: Value = serde_json::from_slice(&answer).unwrap();
        assert_eq!(answer, mismatch(&json!("two"), "de", "fr"));
    }

    #[tokio::test]
    async fn a_header_that_agrees_passes_the_body_unchanged() {
        for (header, body) in [
            // The same preference, spelled otherwise.
            ("fr-ch, fr;q=0.9", call(&json!(1), "fr-CH, fr;q=0.9")),
            // No preference in `_meta`, or none that is a string: the header alone is none.
            (
                "de",
                r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.to_owned(),
            ),
            (
                "de",
                r#"{"id":1,"params":{"_meta":{"io.modelcontextprotocol/acceptLanguage":["fr"]}}}"#
                    .to_owned(),
            ),
            (
                "de",
                r#"{"id":1,"params":[{"_meta":{"io.modelcontextprotocol/acceptLanguage":"fr"}}]}"#
                    .to_owned(),
            ),
            // Not JSON, or not an object: the service's to refuse.
            ("de", "not json".to_owned()),
            (
                "de",
                r#"{"id":1,"params":{"_meta":{"io.modelcontextprotocol/acceptLanguage":"fr"}}"#
                    .to_owned(),
            ),
            (
                "de",
                r#"[{"id":1,"params":{"_meta":{"io.modelcontextprotocol/acceptLanguage":"fr"}}}]"#
                    .to_owned(),
            ),
            ("de", "\"fr\"".to_owned()),
            ("de", String::new()),
        ] {
            let (status, vary, answer, calls) =
                send(post_of(Some(header), None, Body::from(body.clone()))).await;
            assert_eq!((status, calls), (StatusCode::OK, 1), "{body}");
            assert_eq!(vary.as_deref(), Some("Accept-Language"));
            assert_eq!(answer, body.as_bytes(), "{body}");
        }
    }

    #[tokio::test]
    async fn without_the_header_the_body_streams_to_the_service_unread() {
        // A `_meta` that no header contradicts.
        let body = call(&json!(1), "fr");
        let (status, vary, answer, _) = send(post_of(None, None, Body::from(body.clone()))).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(vary.as_deref(), Some("Accept-Language"));
        assert_eq!(answer, body.as_bytes());

        // A body whose end has not come yet reaches the service, which reads what has come.
        let (mut sender, body) = Channel::<Bytes>::new(1);
        sender
            .send_data(Bytes::from_static(b"{\"jsonrpc\""))
            .await
            .unwrap();
        let service = |request: Request| async move {
            let first = request.into_body().frame().await.unwrap().unwrap();
            first.into_data().unwrap().into_response()
        };
        let router = Router::new()
            .route("/mcp", post(service))
            .layer(from_fn(accept_language_header));
        let response = tokio::time::timeout(
            Duration::from_secs(30),
            router.oneshot(post_of(None, None, Body::new(body))),
        )
        .await
        .expect("the service is reached before the body ends")
        .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let answer = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert_eq!(answer, "{\"jsonrpc\"");
        drop(sender);
    }

    #[tokio::test]
    async fn a_body_over_the_limit_is_refused_with_413() {
        let refused = json!({
            "jsonrpc": "2.0",
            "id": null,
            "error": {"code": -32600, "message": "the request body is over 4194304 bytes: send less"},
        });
        let over = || Body::from(vec![b' '; MAX_REQUEST_BODY + 1]);
        for header in [None, Some("fr")] {
            // Said by its `Content-Length`: refused before anything is read, the service not
            // reached; the body here never ends.
            let (_sender, body) = Channel::<Bytes>::new(1);
            let request = post_of(header, Some(MAX_REQUEST_BODY + 1), Body::new(body));
            let (status, vary, answer, calls) =
                tokio::time::timeout(Duration::from_secs(30), send(request))
                    .await
                    .expect("refused before the body is read");
            assert_eq!(
                (status, vary, calls),
                (StatusCode::PAYLOAD_TOO_LARGE, None, 0)
            );
            assert_eq!(serde_json::from_slice::<Value>(&answer).unwrap(), refused);

            // Found as it is read: by the check, or by the service (whose 500 is replaced).
            let (status, vary, answer, _) = send(post_of(header, None, over())).await;
            assert_eq!(
                (status, vary),
                (StatusCode::PAYLOAD_TOO_LARGE, None),
                "{header:?}"
            );
            assert_eq!(serde_json::from_slice::<Value>(&answer).unwrap(), refused);

            // At the limit, it passes.
            let body = vec![b' '; MAX_REQUEST_BODY];
            let request = post_of(header, Some(body.len()), Body::from(body));
            let (status, _, answer, calls) = send(request).await;
            assert_eq!(
                (status, answer.len(), calls),
                (StatusCode::OK, MAX_REQUEST_BODY, 1)
            );
        }
    }

    #[tokio::test]
    async fn other_methods_pass_untouched() {
        let request = Request::get("/mcp")
            .header(header::ACCEPT_LANGUAGE, "de")
            .header(header::CONTENT_LENGTH, MAX_REQUEST_BODY + 1)
            .body(Body::from(call(&json!(1), "fr")))
            .unwrap();
        let (status, vary, _, calls) = send(request).await;
        assert_eq!((status, vary, calls), (StatusCode::OK, None, 1));
    }
}
