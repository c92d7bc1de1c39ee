//! The HTTP client of the OAuth requests: reqwest's, following no redirect (a provider's
//! endpoint that redirects is refused, as `oauth2` advises against SSRF), within a time limit
//! for each request, and reading at most [`MAX_RESPONSE`] bytes of a response: a provider that is
//! slow or answers garbage gives a clear error in bounded time and memory.

use std::fmt;
use std::time::Duration;

use openidconnect::{HttpRequest, HttpResponse};

/// The most of a provider's response that is read: 256 KiB (a discovery document, a key set or
/// a token response is a few kilobytes).
pub const MAX_RESPONSE: usize = 256 * 1024;

/// How long one request to the provider may take, by default: ten seconds.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The client, and its limits.
#[derive(Clone, Debug)]
pub(super) struct Http {
    client: reqwest::Client,
}

impl Http {
    pub(super) fn new(timeout: Duration) -> Result<Self, HttpError> {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(timeout)
            .connect_timeout(timeout)
            .build()
            .map_err(|error| HttpError::Request(error.to_string()))?;
        Ok(Http { client })
    }

    /// Sends `request`, and reads its response within [`MAX_RESPONSE`].
    pub(super) async fn send(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let (parts, body) = request.into_parts();
        let mut response = self
            .client
            .request(parts.method, parts.uri.to_string())
            .headers(parts.headers)
            .body(body)
            .send()
            .await
            .map_err(HttpError::from_reqwest)?;
        let mut built = HttpResponse::new(Vec::new());
        *built.status_mut() = response.status();
        *built.headers_mut() = std::mem::take(response.headers_mut());
        let body = built.body_mut();
        while let Some(chunk) = response.chunk().await.map_err(HttpError::from_reqwest)? {
            if body.len() + chunk.len() > MAX_RESPONSE {
                return Err(HttpError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(built)
    }
}

/// The client as `openidconnect` takes it: each request a boxed `Send` future.
impl<'c> openidconnect::AsyncHttpClient<'c> for Http {
    type Error = HttpError;
    type Future = std::pin::Pin<
        Box<dyn std::future::Future<Output = Result<HttpResponse, HttpError>> + Send + 'c>,
    >;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        Box::pin(self.send(request))
    }
}

/// Why a request to the provider failed.
#[derive(Debug)]
pub enum HttpError {
    /// No answer within the time limit.
    Timeout,
    /// A response longer than [`MAX_RESPONSE`].
    TooLarge,
    /// The request could not be made or answered (a connection refused, a name unknown, an
    /// `https` URL with no TLS in reqwest: turn on its `rustls` feature): what went wrong, in
    /// full ([`HttpError::detail`]).
    Request(String),
}

impl HttpError {
    fn from_reqwest(error: reqwest::Error) -> Self {
        if error.is_timeout() {
            return HttpError::Timeout;
        }
        // reqwest's error names the URL: it holds no secret (tokens travel in bodies and
        // headers), but the chain of sources says what went wrong.
        let mut text = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            text.push_str(": ");
            text.push_str(&cause.to_string());
            source = cause.source();
        }
        HttpError::Request(text)
    }
}

impl HttpError {
    /// What went wrong, in full (for the log and for the server's operator): the request's own
    /// error and its causes. Its `Display` is the short form a person and a model read.
    pub fn detail(&self) -> String {
        match self {
            HttpError::Request(error) => format!("{self}: {error}"),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpError::Timeout => f.write_str("the provider did not answer in time"),
            HttpError::TooLarge => write!(
                f,
                "the provider's response is longer than {MAX_RESPONSE} bytes"
            ),
            HttpError::Request(_) => f.write_str("the provider could not be reached"),
        }
    }
}

impl std::error::Error for HttpError {}
