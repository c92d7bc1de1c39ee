//! What `connect_server`, `router_server` and `account_server` share: the site around their MCP
//! endpoint, with a stand-in for your application's sign-in (never deploy it: anyone can sign in
//! as anyone): MCP at `/mcp`, the pages at `/pages/{id}`, the sign-in at `/login`; the first line
//! printed is `serving http://ADDRESS/mcp`.
//!
//! Their command lines share two groups of flags, each a `clap::Args` flattened into the
//! program's own: [`SiteArgs`] (`--port P`, `--public-url URL`) and [`StoreArgs`] (where its
//! store, the pages and any connected accounts, is kept: in memory by default, `--redis URL` for
//! one Redis, `--redis-cluster URL,URL,...` for a Redis Cluster's seed nodes, `--redis-sentinel
//! URL,URL,... [--redis-service NAME]` for the primary Redis Sentinels name). A flag a program
//! does not know is refused (exit code 2, with the usage), never ignored; `--help` says what each
//! one does and its default. A store that cannot be used ends the program before it listens
//! (`error: ...`, exit code 1).
//!
//! An MCP request is NAME's when it carries `Authorization: Bearer dev-NAME` (else 401); a browser
//! is NAME's once it has posted `token=dev-NAME` to `/login`, which sets the cookie
//! `session=dev-NAME`. What a real sign-in keeps of it: the session cookie is `HttpOnly` and
//! `SameSite=Lax` (and `Secure` on https); a sign-in posted from another site is refused
//! (`same_origin`); it sends the person back only to a path of this site (`local_path`); its
//! answers are never cached, run no script and are never framed. An MCP request whose
//! `Accept-Language` header contradicts its `_meta` preference is refused (`-32020`).
use std::collections::HashMap;
use std::error::Error;
use std::process::ExitCode;

use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::{Form, Router};
use mcp_elicit::page::redis::{RedisStore, SentinelNodeConnectionInfo, redacted};
use mcp_elicit::page::serve::{Identity, Parts, local_path, same_origin};
use mcp_elicit::rmcp::accept_language_header;
use tokio::net::TcpListener;

/// Where the site listens, and the address it is reached at.
#[derive(clap::Args)]
pub struct SiteArgs {
    /// The port to listen on, on 127.0.0.1 (0: one the system chooses)
    #[arg(long, value_name = "PORT", default_value_t = 8000)]
    port: u16,
    /// The site's public address, in the pages' links [default: its local address]
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
}

/// Where a server's store (its pages, and any connected accounts) is kept: in this process's
/// memory (the default, for one replica), or in a Redis, a Redis Cluster, or the primary Redis
/// Sentinels name, that replicas share.
#[derive(clap::Args)]
pub struct StoreArgs {
    /// The Redis its store is kept in, shared by replicas [default: its own memory]
    #[arg(long, value_name = "URL", conflicts_with_all = ["redis_cluster", "redis_sentinel"])]
    redis: Option<String>,
    /// The seed nodes of the Redis Cluster its store is kept in, shared by replicas
    #[arg(
        long,
        value_name = "URL,URL,...",
        value_delimiter = ',',
        conflicts_with = "redis_sentinel"
    )]
    redis_cluster: Vec<String>,
    /// The Redis Sentinels that name the primary its store is kept in, shared by replicas
    #[arg(long, value_name = "URL,URL,...", value_delimiter = ',')]
    redis_sentinel: Vec<String>,
    /// The service the Sentinels watch
    #[arg(
        long,
        value_name = "NAME",
        default_value = "mymaster",
        requires = "redis_sentinel"
    )]
    redis_service: String,
}

impl StoreArgs {
    /// The Redis store these flags name, connected; `None` when they name none (the store is
    /// then kept in memory).
    ///
    /// # Errors
    ///
    /// When the store cannot be used, naming it and its flag.
    pub async fn connect(&self) -> Result<Option<RedisStore>, Box<dyn Error>> {
        let (cluster, sentinels) = (
            self.redis_cluster.as_slice(),
            self.redis_sentinel.as_slice(),
        );
        let (flag, named, connected) = match (&self.redis, cluster, sentinels) {
            (Some(url), _, _) => ("--redis", url.clone(), RedisStore::connect(url).await),
            (None, [], []) => return Ok(None),
            (None, [], sentinels) => {
                let node = SentinelNodeConnectionInfo::default();
                let connected = RedisStore::connect_sentinel(sentinels, &self.redis_service, node);
                ("--redis-sentinel", sentinels.join(","), connected.await)
            }
            (None, seeds, _) => {
                let connected = RedisStore::connect_cluster(seeds).await;
                ("--redis-cluster", seeds.join(","), connected)
            }
        };
        // The address as it may be shown: a password in it stays out of the error stream (and
        // the logs that collect it).
        let named = redacted(&named);
        let store = connected.map_err(|error| format!("`{flag} {named}`: {error}"))?;
        Ok(Some(store))
    }
}

/// The end of a server's `--help`: the environment it reads, `MCP_ELICIT_STATE_KEY` and then
/// `more` (each variable's name and what it holds).
pub fn environment(more: &[(&str, &str)]) -> String {
    let keys = (
        "MCP_ELICIT_STATE_KEY",
        "The keys that seal what it keeps, CURRENT[,PREVIOUS...] (64 hexadecimal characters each),\n          \
         shared by replicas [default: a random key]",
    );
    let variables: Vec<String> = std::iter::once(&keys)
        .chain(more)
        .map(|(name, what)| format!("  {name}\n          {what}"))
        .collect();
    format!("Environment:\n{}", variables.join("\n"))
}

/// How a program ends: on an error, `error: WHAT` on its error stream (as a refused command line
/// is told) and exit code 1.
pub fn end(result: Result<(), Box<dyn Error>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The site: where it listens, and its public URL.
pub struct Site {
    listener: TcpListener,
    public: String,
}

impl Site {
    /// Listens on `--port` of 127.0.0.1, public at `--public-url` (by default the local
    /// address).
    pub async fn bind(args: &SiteArgs) -> Result<Site, Box<dyn Error>> {
        let listener = TcpListener::bind(("127.0.0.1", args.port)).await?;
        let local = format!("http://{}", listener.local_addr()?);
        let public = args.public_url.clone().unwrap_or(local);
        let public = public.trim_end_matches('/').to_owned();
        Ok(Site { listener, public })
    }

    /// Where the pages are: `PUBLIC-URL/pages`.
    pub fn pages_url(&self) -> String {
        format!("{}/pages", self.public_url())
    }

    /// The public URL, without a trailing `/`.
    pub fn public_url(&self) -> &str {
        &self.public
    }

    /// Serves `mcp` (a router with the MCP service at `/mcp`) to bearers of `dev-NAME`, the
    /// `pages` at `/pages`, the sign-in at `/login` and `more` routes for the browser.
    pub async fn serve(
        self,
        mcp: Router,
        pages: Router,
        more: Router,
    ) -> Result<(), Box<dyn Error>> {
        // This site's origin, as a browser writes it in `Origin`: `https://mcp.example.com`.
        let origin = reqwest::Url::parse(&self.public)?.origin();
        let sign_in = Router::new()
            .route("/login", get(login_form).post(login))
            .with_state(origin.ascii_serialization())
            .layer(middleware::map_response(strict));
        // The person's preference: an `Accept-Language` header that contradicts the request's
        // `_meta` is refused, and every answer says `Vary: Accept-Language`.
        let mcp = mcp
            .layer(middleware::from_fn(accept_language_header))
            .layer(middleware::from_fn(require_bearer));
        let router = mcp.nest("/pages", pages).merge(sign_in).merge(more);
        println!("serving http://{}/mcp", self.listener.local_addr()?);
        // Each response is written as soon as it is ready: without TCP_NODELAY, Nagle's
        // algorithm held an MCP response's last segment until the client's delayed ACK, ~40 ms
        // per call on keep-alive connections (BENCHMARKS.md: the page flows' load).
        let listener = self.listener.tap_io(|tcp| {
            if let Err(error) = tcp.set_nodelay(true) {
                eprintln!("could not set TCP_NODELAY on a connection: {error}");
            }
        });
        axum::serve(listener, router).await?;
        Ok(())
    }
}

/// The NAME of a stand-in token `dev-NAME` (letters, digits and `_`).
fn name_of(token: &str) -> Option<&str> {
    let name = token.strip_prefix("dev-")?;
    let valid = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    valid.then_some(name)
}

/// The user an MCP request was made by: the NAME of its `Authorization: Bearer dev-NAME` (rmcp
/// puts the request's `Parts` in the context's extensions).
pub fn user(request: &Parts) -> Option<&str> {
    let value = request.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    name_of(value.strip_prefix("Bearer ")?)
}

/// MCP requests without a stand-in bearer token get 401.
async fn require_bearer(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    if user(&parts).is_none() {
        let challenge = [(header::WWW_AUTHENTICATE, "Bearer")];
        return (StatusCode::UNAUTHORIZED, challenge).into_response();
    }
    next.run(Request::from_parts(parts, body)).await
}

/// Who a browser is: the `session` cookie `/login` sets (a real one looks its session up).
pub struct Session;

impl Identity for Session {
    fn subject(&self, request: &Parts) -> Option<String> {
        let cookies = request.headers.get(header::COOKIE)?.to_str().ok()?;
        let mut pairs = cookies.split("; ");
        let token = pairs.find_map(|pair| pair.strip_prefix("session="))?;
        name_of(token).map(str::to_owned)
    }

    fn sign_in(&self, return_to: &str) -> Option<String> {
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("return_to", return_to)
            .finish();
        Some(format!("/login?{query}"))
    }

    /// Shown on the page: "Signed in as NAME".
    fn name(&self, request: &Parts) -> Option<String> {
        self.subject(request)
    }
}

/// Where a sign-in goes back to: its `return_to` if that is a path of this site, else `/`.
fn back(fields: &HashMap<String, String>) -> &str {
    let return_to = fields.get("return_to").map_or("", String::as_str);
    local_path(return_to).unwrap_or("/")
}

async fn login_form(Query(query): Query<HashMap<String, String>>) -> Html<String> {
    login_page(back(&query), None)
}

async fn login(
    State(origin): State<String>,
    headers: HeaderMap,
    Form(fields): Form<HashMap<String, String>>,
) -> Response {
    if !same_origin(&headers, &origin) {
        let refused = "Sign-in refused: it did not come from this site's own form.";
        return (StatusCode::FORBIDDEN, refused).into_response();
    }
    let Some(token) = fields.get("token").filter(|t| name_of(t).is_some()) else {
        let page = login_page(back(&fields), Some("That is not a dev-NAME token."));
        return (StatusCode::UNAUTHORIZED, page).into_response();
    };
    let https = origin.starts_with("https:");
    let secure = if https { "; Secure" } else { "" };
    let cookie = format!("session={token}; HttpOnly; SameSite=Lax; Path=/{secure}");
    ([(header::SET_COOKIE, cookie)], Redirect::to(back(&fields))).into_response()
}

fn login_page(return_to: &str, problem: Option<&str>) -> Html<String> {
    let page = maud::html! {
        (maud::DOCTYPE)
        html lang="en" {
            head { meta charset="utf-8"; title { "Sign in" } }
            body {
                h1 { "Sign in (development stand-in)" }
                @if let Some(problem) = problem { p role="alert" { (problem) } }
                form method="post" action="/login" {
                    input type="hidden" name="return_to" value=(return_to);
                    label for="token" { "Token (dev-NAME)" }
                    input id="token" name="token" type="password" required;
                    button type="submit" { "Sign in" }
                }
            }
        }
    };
    Html(page.into_string())
}

/// The sign-in's answers: kept by no cache, running no script, never framed.
async fn strict(response: Response) -> impl IntoResponse {
    let policy = "default-src 'none'; form-action 'self'; frame-ancestors 'none'";
    let headers = [
        (header::CACHE_CONTROL, "no-store"),
        (header::CONTENT_SECURITY_POLICY, policy),
    ];
    (headers, response)
}

/// The server's log, on its error stream, as `RUST_LOG` says.
pub fn log() {
    let filter = tracing_subscriber::EnvFilter::from_default_env();
    let log = tracing_subscriber::fmt().with_env_filter(filter);
    log.with_writer(std::io::stderr).init();
}

/// A test client of this site's server, signed in as `name` the way the site signs people in: its
/// MCP requests carry `Authorization: Bearer dev-NAME`, and its browser, which opens `routes`,
/// the cookie `session=dev-NAME` that `/login` sets.
#[cfg(test)]
pub fn signed_in<S>(
    client: mcp_elicit::testing::TestClient<S>,
    routes: mcp_elicit::testing::Browser,
    name: &str,
) -> mcp_elicit::testing::TestClient<S>
where
    S: rmcp::Service<rmcp::RoleServer> + Send + 'static,
{
    client
        .header("authorization", &format!("Bearer dev-{name}"))
        .browser(routes.header("cookie", &format!("session=dev-{name}")))
}
