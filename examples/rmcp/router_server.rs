//! rmcp's own `elicitation_stdio` example (a greeting that asks the user's name once), grown into
//! a server written the way rmcp users write theirs: one `#[tool_router]` impl of `#[tool]`
//! methods, one `#[prompt_router]` impl of `#[prompt]` methods, `#[tool_handler]` and
//! `#[prompt_handler]` on the `ServerHandler`, and no hand-written `call_tool` or `get_prompt`.
//! Each method that asks is marked `#[asks]`, takes a `Call` and asks with `?`, on 2025-11-25 and
//! 2026-07-28 alike. `router_server [--port P] [--public-url URL] [--redis URL | --redis-cluster
//! URL,... | --redis-sentinel URL,... [--redis-service NAME]] [--elicitation-wait SECONDS]`
//! (`--help` says what each does),
//! its keys from `MCP_ELICIT_STATE_KEY` (replicas
//! share it and the Redis, which holds the pages; the names and keys it remembers stay in each
//! replica's memory).
//!
//! - MCP at `/mcp` (Streamable HTTP), the pages at `/pages/{id}`, and the stand-in sign-in of
//!   `site.rs` (never deploy it): MCP requests carry `Authorization: Bearer dev-NAME`, the
//!   browser signs in at `/login` with `token=dev-NAME`.
//! - `greet_user` (`greeting`, rmcp's `Parameters`): asks the user's name unless it knows it for
//!   that user, and answers `GREETING NAME!` (`GREETING Guest!` when declined); `reset_name`
//!   forgets it.
//! - `book_table` (a derived `Booking` is its arguments): asks for exactly what the model left
//!   out or got wrong, and answers `Booked a table for N on DATE, SEATING.`
//! - `connect_service`: a label and an API key through a page of the server's (URL mode), the key
//!   kept on the server; answers `Connected LABEL`.
//! - The prompt `plan_trip`: asks the destination, and is `Plan a trip to DESTINATION.`
//! - Every client is reached (`Reach`), the handlers unchanged: a client that shows forms gets
//!   the forms; one that opens links only gets each form as a page; one that does neither gets a
//!   link in the result, and the same call made again completes with the answer. A client that
//!   declares forms and never answers (2025-11-25) gets the link after `--elicitation-wait`
//!   seconds (90 by default).
#[path = "site.rs"]
mod site;

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use clap::Parser;
use mcp_elicit::page::SecretString;
use mcp_elicit::page::serve::{Pages, Parts};
use mcp_elicit::page::store::{MemoryStore, PageStore};
use mcp_elicit::rmcp::{Call, Forms, Handled, Reach, asks};
use mcp_elicit::rounds::StateKeys;
use mcp_elicit::{Elicit, Elicitation};
use rmcp::handler::server::common::Extension;
use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ErrorData, GetPromptResult, PromptMessage, Role};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, prompt, prompt_handler, prompt_router, tool, tool_handler, tool_router};
use site::{Session, Site, SiteArgs, StoreArgs};

/// An MCP server in rmcp's own style, its `#[tool]` and `#[prompt]` methods marked `#[asks]`
#[derive(Parser)]
#[command(name = "router_server", next_line_help = true)]
#[command(after_help = site::environment(&[]))]
struct Cli {
    #[command(flatten)]
    site: SiteArgs,
    #[command(flatten)]
    store: StoreArgs,
    /// How long a form sent to a client on 2025-11-25 is waited for, in seconds: a client that
    /// declares forms and never shows one then gets the link to the form's page
    #[arg(long, value_name = "SECONDS", default_value_t = 90)]
    elicitation_wait: u64,
}

/// `greet_user`'s arguments, as rmcp's example writes them.
#[derive(rmcp::serde::Deserialize, rmcp::schemars::JsonSchema)]
#[serde(crate = "rmcp::serde")]
#[schemars(crate = "rmcp::schemars")]
struct GreetArgs {
    /// The greeting, such as `Hello`
    greeting: String,
}

#[derive(Elicit)]
#[elicit(message = "Please provide your name")]
#[elicit(translations(path = "locales", languages("fr", "zh-Hans")))]
struct UserInfo {
    /// How the greeting calls you
    #[elicit(title = "Name", min_length = 2)]
    name: String,
}

#[derive(Elicit, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
#[elicit(translations(path = "locales", languages("fr", "zh-Hans")))]
enum Seating {
    #[elicit(title = "Indoor")]
    Indoor,
    #[elicit(title = "Outdoor")]
    Outdoor,
}

impl Seating {
    fn title(self) -> &'static str {
        match self {
            Seating::Indoor => "Indoor",
            Seating::Outdoor => "Outdoor",
        }
    }
}

/// A table to book: `book_table`'s arguments (its `inputSchema`), and the form of what the model
/// left out or got wrong.
#[derive(Elicit)]
#[elicit(rename_all = "camelCase", message = "Which table should I book?")]
#[elicit(translations(path = "locales", languages("fr", "zh-Hans")))]
struct Booking {
    #[elicit(title = "Date", format = "date")]
    date: String,
    #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    party_size: u8,
    #[elicit(title = "Seating")]
    seating: Seating,
}

/// Asked through a page: the key never passes through the client.
#[derive(Elicit)]
#[elicit(
    title = "Connect a weather service",
    message = "Connect your weather service"
)]
#[elicit(translations(path = "locales", languages("fr", "zh-Hans")))]
struct Connection {
    /// A name for this connection
    #[elicit(title = "Label", min_length = 2, max_length = 40)]
    label: String,
    /// The service's API key (it stays on this server)
    #[elicit(title = "API key", min_length = 20)]
    api_key: SecretString,
}

#[derive(Elicit)]
#[elicit(message = "Where would you like to go?")]
#[elicit(translations(path = "locales", languages("fr", "zh-Hans")))]
struct Trip {
    #[elicit(title = "Destination", min_length = 2)]
    destination: String,
}

/// What every session of the server shares (rmcp's Streamable HTTP service makes one server a
/// session).
#[derive(Clone)]
struct Shared<S> {
    pages: Pages<S>,
    /// The names the greeting knows, by user.
    names: Arc<Mutex<HashMap<String, String>>>,
    /// The keys kept on the server, by user and label (a real server would seal them at rest).
    keys: Arc<Mutex<HashMap<(String, String), SecretString>>>,
}

#[derive(Clone)]
struct Server<S: PageStore + Clone + 'static> {
    shared: Shared<S>,
    tool_router: ToolRouter<Self>,
    prompt_router: PromptRouter<Self>,
}

impl<S: PageStore + Clone + 'static> Server<S> {
    fn new(shared: Shared<S>) -> Self {
        Server {
            shared,
            tool_router: Self::tool_router(),
            prompt_router: Self::prompt_router(),
        }
    }

    fn names(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.shared
            .names
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The signed-in user of an MCP request (its bearer token's NAME).
fn user(request: &Parts) -> Result<String, ErrorData> {
    site::user(request)
        .map(str::to_owned)
        .ok_or_else(|| ErrorData::invalid_request("not signed in", None))
}

#[tool_router]
impl<S: PageStore + Clone + 'static> Server<S> {
    #[asks]
    #[tool(description = "Greets the user by name, asking the name the first time")]
    async fn greet_user(
        &self,
        call: Call,
        Parameters(args): Parameters<GreetArgs>,
        Extension(request): Extension<Parts>,
    ) -> Handled<String> {
        let user = user(&request)?;
        let known = self.names().get(&user).cloned();
        let name = match known {
            Some(name) => name,
            None => match call.ask::<UserInfo>().await? {
                Elicitation::Accepted(info) => {
                    self.names().insert(user, info.name.clone());
                    info.name
                }
                _ => "Guest".to_owned(),
            },
        };
        Ok(format!("{} {name}!", args.greeting))
    }

    #[tool(description = "Forgets the user's name")]
    async fn reset_name(&self, Extension(request): Extension<Parts>) -> Result<String, ErrorData> {
        self.names().remove(&user(&request)?);
        Ok("User name reset. Next greeting will ask for name again.".to_owned())
    }

    #[asks]
    #[tool(description = "Books a table, asking for what is missing")]
    async fn book_table(&self, call: Call<Booking>) -> Handled<String> {
        let Elicitation::Accepted(booking) = call.arguments().await? else {
            return Ok("Nothing was booked.".to_owned());
        };
        Ok(format!(
            "Booked a table for {} on {}, {}.",
            booking.party_size,
            booking.date,
            booking.seating.title()
        ))
    }

    #[asks]
    #[tool(description = "Connects your weather service")]
    async fn connect_service(
        &self,
        call: Call,
        Extension(request): Extension<Parts>,
    ) -> Handled<String> {
        let user = user(&request)?;
        let asked = self.shared.pages.ask::<Connection>(Some(&user));
        let Elicitation::Accepted(connection) = asked.run(call.context(), &call).await? else {
            return Ok("Nothing was connected: no key was given.".to_owned());
        };
        let answer = format!("Connected {}", connection.label);
        tracing::info!(user, label = %connection.label, "connected");
        self.shared
            .keys
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((user, connection.label), connection.api_key);
        Ok(answer)
    }
}

#[prompt_router]
impl<S: PageStore + Clone + 'static> Server<S> {
    #[asks]
    #[prompt(description = "Plans a trip to where the user would like to go")]
    async fn plan_trip(&self, call: Call) -> Handled<GetPromptResult> {
        let text = match call.ask::<Trip>().await? {
            Elicitation::Accepted(trip) => format!("Plan a trip to {}.", trip.destination),
            _ => "Plan a trip.".to_owned(),
        };
        let message = PromptMessage::new_text(Role::User, text);
        Ok(GetPromptResult::new(vec![message]))
    }
}

#[tool_handler(router = self.tool_router)]
#[prompt_handler(router = self.prompt_router)]
impl<S: PageStore + Clone + 'static> ServerHandler for Server<S> {}

/// The pages, every form a tool asks registered with them: a client that shows no form gets it
/// as a page.
fn pages<S: PageStore + Clone + 'static>(store: S, keys: &StateKeys, url: &str) -> Pages<S> {
    Pages::new(store, keys, url, Session)
        .form::<Connection>()
        .form::<UserInfo>()
        .form::<Booking>()
        .form::<Trip>()
}

/// The server of one MCP session. `Forms`: on 2026-07-28 a prompt's answers reach its
/// `#[prompt]` method, and no form asked is lost. The `Reach`: whatever the client declares, the
/// form, the page, or a link in the call's result, bound to the signed-in user of the MCP
/// request; a form not answered within `wait` (2025-11-25) gives way to its link.
fn server<S: PageStore + Clone + 'static>(shared: &Shared<S>, wait: Duration) -> Forms<Server<S>> {
    let reach = Reach::new()
        .pages(shared.pages.clone())
        .caller(|context| {
            let request = context.extensions.get::<Parts>()?;
            site::user(request).map(str::to_owned)
        })
        .wait(wait);
    Forms::new(Server::new(shared.clone())).reach(reach)
}

impl<S> Shared<S> {
    fn new(pages: Pages<S>) -> Self {
        Shared {
            pages,
            names: Arc::default(),
            keys: Arc::default(),
        }
    }
}

async fn serve<S: PageStore + Clone + 'static>(
    store: S,
    cli: &Cli,
) -> Result<(), Box<dyn std::error::Error>> {
    let site = Site::bind(&cli.site).await?;
    let keys = StateKeys::from_env("MCP_ELICIT_STATE_KEY")?;
    let pages = pages(store, &keys, &site.pages_url());
    keys.install()?;
    let shared = Shared::new(pages.clone());
    let wait = Duration::from_secs(cli.elicitation_wait);
    let service = StreamableHttpService::new(
        move || Ok(server(&shared, wait)),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let mcp = Router::new().nest_service("/mcp", service);
    site.serve(mcp, pages.router(), Router::new()).await
}

#[cfg(test)]
#[path = "router_server/tests.rs"]
mod tests;

#[tokio::main]
#[cfg_attr(test, allow(dead_code))]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    site::log();
    site::end(run(&cli).await)
}

/// Serves with the store `cli` names.
async fn run(cli: &Cli) -> Result<(), Box<dyn std::error::Error>> {
    match cli.store.connect().await? {
        Some(redis) => serve(redis, cli).await,
        None => serve(Arc::new(MemoryStore::new(10_000)), cli).await,
    }
}
