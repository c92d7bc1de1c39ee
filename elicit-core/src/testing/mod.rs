//! Testing the tools that ask, in process (feature `testing`): a real rmcp client connected to
//! your server over an in-memory pipe, on the protocol version you choose, declaring what a real
//! client declares ([`Profile`]), in the person's language, and a scripted [`Person`] who answers
//! each form, declines, cancels, gives a wrong value, or fills a page in through your pages'
//! router as a signed-in user (feature `page`). Every call gives its result and everything the
//! person was shown ([`Shown`]): each form's message, schema and language, each page, each link.
//!
//! No port, no other process, no other language: `cargo test` runs it. It works with any rmcp
//! server: `#[tool_router]` servers served through [`Forms`](crate::rmcp::Forms), hand-written
//! `ServerHandler`s, and the rounds of 2026-07-28 however they are written.
//!
//! ```
//! use mcp_elicit::rmcp::{Call, Forms, Handled, asks};
//! use mcp_elicit::testing::{Person, Profile, TestClient, VERSIONS};
//! use mcp_elicit::{Elicit, Elicitation};
//! use rmcp::handler::server::router::tool::ToolRouter;
//! use rmcp::{ServerHandler, tool, tool_handler, tool_router};
//! use serde_json::json;
//!
//! #[derive(Elicit)]
//! #[elicit(message = "Please provide your name")]
//! struct Name {
//!     #[elicit(min_length = 2)]
//!     name: String,
//! }
//!
//! #[derive(Clone)]
//! struct Greeter {
//!     tool_router: ToolRouter<Self>,
//! }
//!
//! #[tool_router]
//! impl Greeter {
//!     #[asks]
//!     #[tool(description = "Greets you by name")]
//!     async fn greet(&self, call: Call) -> Handled<String> {
//!         match call.ask::<Name>().await? {
//!             Elicitation::Accepted(you) => Ok(format!("Hello {}!", you.name)),
//!             _ => Ok("Hello stranger!".to_owned()),
//!         }
//!     }
//! }
//!
//! #[tool_handler(router = self.tool_router)]
//! impl ServerHandler for Greeter {}
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), mcp_elicit::testing::TestError> {
//! for version in VERSIONS {
//!     let server = Forms::new(Greeter { tool_router: Greeter::tool_router() });
//!     let client = TestClient::new(server).version(version).profile(Profile::Form);
//!     let mut session = client.connect().await?;
//!
//!     // A wrong value is asked again, its problem named; the second answer is taken.
//!     let person = Person::new()
//!         .answer(json!({"name": "A"}))
//!         .answer(json!({"name": "Ada"}));
//!     let called = session.call("greet", json!({}), person).await?;
//!     assert_eq!(called.text(), "Hello Ada!");
//!     assert_eq!(called.forms().len(), 2);
//!     assert_eq!(called.forms()[1].problems(), ["- name: must be at least 2 characters long, got 1"]);
//!
//!     // A decline is never taken for an answer.
//!     let called = session.call("greet", json!({}), Person::new().decline()).await?;
//!     assert_eq!(called.text(), "Hello stranger!");
//! }
//! # Ok(())
//! # }
//! ```

mod answering;
#[cfg(feature = "page")]
mod browser;
mod called;
mod client;
mod error;
mod json;
mod person;
mod run;
mod shown;

#[cfg(feature = "page")]
pub use browser::Browser;
pub use called::{Called, Outcome};
pub use client::{Session, TestClient};
pub use error::TestError;
pub use json::JsonClient;
pub use person::Person;
pub use shown::{Shown, ShownForm, ShownLink, ShownPage};

use ::rmcp::model::ProtocolVersion;

/// The protocol versions whose forms a server asks in two ways: sent and waited for
/// (2025-11-25) and returned in rounds (2026-07-28). Test a tool on both.
pub const VERSIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28];

/// Runs `future` to its end on a runtime of its own (tokio's, on this thread): a plain `#[test]`
/// (or a doctest) that tests a server without `#[tokio::test]`.
///
/// # Panics
///
/// When the runtime cannot be made (the system refuses its timer or I/O driver), and when
/// `future` panics.
pub fn run<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime on this thread")
        .block_on(future)
}

/// What the test client declares it can show, as real clients differ: a client that shows
/// forms, one that only opens links (URL mode), one that does both, one that does neither (the
/// person is then reached, if at all, through a link in the call's result).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Form elicitation only.
    Form,
    /// URL-mode elicitation only.
    Url,
    /// Form and URL mode (the default).
    #[default]
    Both,
    /// No elicitation at all.
    None,
}
