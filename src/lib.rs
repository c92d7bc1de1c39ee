#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// docs.rs (nightly, `--cfg docsrs`) marks each item behind a cargo feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

pub use mcp_elicit_core::*;
pub use mcp_elicit_derive::Elicit;

#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
pub mod rmcp {
    //! The official Rust SDK, [`rmcp`](https://docs.rs/rmcp): typed forms on a real server, on
    //! every protocol version. Everything of the runtime's `mcp_elicit_core::rmcp`, and [`asks`].
    //!
    //! rmcp's own way of writing a server: a `#[tool_router]` impl of `#[tool]` methods, each
    //! marked [`asks`] and taking a [`Call`], asks with `?` and returns [`Handled`]:
    //!
    //! ```
    //! use mcp_elicit::rmcp::{Call, Handled, asks};
    //! use mcp_elicit::{Elicit, Elicitation};
    //! use rmcp::{tool, tool_router};
    //! use rmcp::handler::server::router::tool::ToolRouter;
    //!
    //! #[derive(Elicit)]
    //! struct Name {
    //!     #[elicit(min_length = 2)]
    //!     name: String,
    //! }
    //!
    //! /// A table to book: the tool's arguments, and what is asked of the user when the model
    //! /// left some out.
    //! #[derive(Elicit)]
    //! struct Booking {
    //!     #[elicit(format = "date")]
    //!     date: String,
    //!     #[elicit(minimum = 1, maximum = 12)]
    //!     party_size: u8,
    //! }
    //!
    //! struct Server;
    //!
    //! #[tool_router]
    //! impl Server {
    //!     #[asks]
    //!     #[tool(description = "Greets the user by name")]
    //!     async fn greet(&self, call: Call) -> Handled<String> {
    //!         let Elicitation::Accepted(user) = call.ask::<Name>().await? else {
    //!             return Ok("Hello, guest!".into());
    //!         };
    //!         Ok(format!("Hello, {}!", user.name))
    //!     }
    //!
    //!     #[asks]
    //!     #[tool(description = "Books a table")]
    //!     async fn book_table(&self, call: Call<Booking>) -> Handled<String> {
    //!         let Elicitation::Accepted(booking) = call.arguments().await? else {
    //!             return Ok("Nothing was booked.".into());
    //!         };
    //!         Ok(format!("Booked a table for {} on {}.", booking.party_size, booking.date))
    //!     }
    //! }
    //!
    //! let tools: ToolRouter<Server> = Server::tool_router();
    //! // The tool's `inputSchema` is the derived one: no `JsonSchema` needed.
    //! let book = tools.get("book_table").unwrap();
    //! assert_eq!(book.input_schema["required"], serde_json::json!(["date", "party_size"]));
    //! assert_eq!(book.input_schema["properties"]["date"]["format"], "date");
    //! ```
    //!
    //! Serve the server as [`Forms::new(server)`](Forms::new) where its prompts ask (rmcp's
    //! `#[prompt_handler]` leaves the answers of 2026-07-28 out of a prompt's context) and to
    //! keep every swallowed ask's form in the `ServerHandler` style.
    #[doc(inline)]
    pub use mcp_elicit_core::rmcp::*;
    pub use mcp_elicit_derive::asks;
}

#[path = "guide/mod.rs"]
pub mod _guide;
