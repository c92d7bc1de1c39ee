//! The tests' stand-in for an application's sign-in: the cookie `session=<subject>` taken as it
//! is (never do this in an application: see `Identity`'s documentation).

use axum::http::request::Parts;
use mcp_elicit::page::serve::Identity;

/// The cookie `session=<subject>`, as the tests' stand-in for a sign-in.
pub struct Session;

impl Identity for Session {
    fn subject(&self, request: &Parts) -> Option<String> {
        let cookies = request.headers.get("cookie")?.to_str().ok()?;
        cookies
            .split("; ")
            .find_map(|c| c.strip_prefix("session="))
            .map(str::to_owned)
    }
}
