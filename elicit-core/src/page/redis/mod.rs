//! The pending pages' store on Redis (feature `page-redis`): [`RedisStore`], so that replicas
//! sharing one Redis (one primary and its replicas, followed through Redis Sentinel or not, or
//! one Redis Cluster) and one key serve each other's pages, the page posted
//! to one replica and the call retried on another, and keep each user to their share across all
//! of them.
//!
//! # Layout
//!
//! Under `PREFIX` (`mcp-elicit:page:` by default; on a Redis Cluster, `{mcp-elicit:page:}`), with
//! `ID` a page's id (22 characters of base64url) and `OWNER` its owner's digest (32 hexadecimal
//! digits):
//!
//! - `PREFIX ID`, a hash: the page. `stage` (`waiting`, `answered`, `taken`, `closed` or
//!   `expired`), and while the page is open `record` (the sealed record), `answer` (the sealed
//!   answer, once answered), `owner`, `open_until` (until when it may be answered, in
//!   milliseconds of Redis's own clock, `TIME`, so that every replica goes by one clock), and the
//!   random marks of the steps that made and answered it (`made_by`, `answered_by`; `replaced`,
//!   the page it closed to make room). The key's expiry is the page's keep-time: Redis forgets a
//!   page by itself. A page that ends (taken, closed, expired) keeps only its `stage`, a marker
//!   of a few bytes, until that expiry.
//! - `PREFIX owner:OWNER`, a sorted set: the owner's open pages by id, oldest first, its expiry
//!   the longest keep-time of its pages. Its length is the owner's share at most (the pages that
//!   end leave it).
//! - `PREFIX ended:OWNER`, a sorted set: the owner's ended pages, oldest first, at most
//!   [`RedisStore::markers`] of them: past that, the oldest marker is deleted (its page is then
//!   one never made, a 404 rather than a 410), so that a user making pages as fast as they can
//!   fills Redis with neither pages nor markers.
//! - `PREFIX handed-page:ID` and `PREFIX handed:NAME`: an answer taken, or a value removed, kept
//!   for the step that took it while its reply may be lost (twice the step's time), deleted as
//!   soon as the reply came.
//! - `PREFIX kept:NAME` and `PREFIX kept-owner:OWNER`: the values of [`KeptStore`](super::store::KeptStore)
//!   (accounts' tokens, flows in progress, claims).
//!
//! Every step is one Lua script (`EVALSHA`, loaded again if Redis lost it) or one command, and
//! so atomic whichever replica runs it: a page is made only under a free id and within its
//! owner's share (the script walks the owner's set, oldest first, ends the pages past their time,
//! counts the open ones, and closes the oldest waiting one or refuses the page when the owner is
//! at their share), answered only while it waits, and its answer taken once. Each script's work
//! is bounded by the owner's share (and a few markers trimmed).
//!
//! # Faults
//!
//! - **A broken connection** (Redis restarted, a failover, a network blip): the step is sent
//!   again once the connection is made again, within the step's time ([`RedisStore::timeout`],
//!   5 seconds by default). Every step may be: each script recognises its own work when it comes
//!   twice (a page made, an answer given, taken, a value removed or claimed, by the step's random
//!   mark; a value set, by the value), and gives the outcome it gave, so a reply lost after the
//!   step ran neither doubles a page in a share nor loses an answer taken.
//! - **Redis away** for longer than the step's time: the step fails with an error that says so
//!   ("Redis could not be reached within 5000 ms ... try again in a moment"); pages answer 503
//!   ("Try again"), calls an error naming the store. The same store works again once Redis is
//!   back: no replica needs a restart.
//! - **A failover** (Redis Cluster, or Sentinels promoting a replica): an answer, or a connection's tokens,
//!   count as kept only once a replica acknowledged them (`WAIT`, [`RedisStore::acknowledged_by`],
//!   on by default where the primary has replicas), so a replica promoted right after has them.
//!   When no replica acknowledges in time, the step fails with an error that says the write may
//!   not be kept, and the page asks the person to try again.
//! - **A reply that is not Redis's** (another program on the port, a connection out of step): the
//!   connection is made again and the step sent again, within its time; a server that accepts and
//!   never answers, or a cluster that redirects in a loop, ends the step at its time. Nothing that
//!   did not parse is taken for an answer.
//!
//! # Running Redis for it
//!
//! - **`maxmemory-policy noeviction`.** Under any other policy, Redis full evicts keys: a page
//!   still waiting, another user's, or an owner's set (and with it the share). Under
//!   `noeviction` a full Redis refuses new pages (`create` fails) and loses none.
//!   [`RedisStore::connect`] checks it ([`RedisStore::check_eviction_policy`]) and refuses any
//!   other policy; a Redis that refuses `CONFIG` (managed services rename or forbid it) is
//!   accepted, and then check the policy yourself.
//! - Redis 5 or later (Valkey too). On a Redis Cluster ([`RedisStore::connect_cluster`]) the
//!   prefix is the keys' hash tag: a script reaches the pages of one owner, so every key lives in
//!   one slot, on one primary and its replicas.
//! - What each persistence setting keeps, and which to choose: the guide's page
//!   [production](https://docs.rs/mcp-elicit/latest/mcp_elicit/_guide/_production/index.html).
//!
//! The store holds what the page module sealed ([`PageSeal`](super::seal::PageSeal)): bytes it can
//! neither read nor forge. It logs nothing, and none of its errors carries a value.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use ::redis::aio::{ConnectionManager, ConnectionManagerConfig};
use ::redis::cluster::ClusterClient;
use ::redis::cluster_async::ClusterConnection;
use ::redis::sentinel::{SentinelClient, SentinelServerType};
use ::redis::{Client, ErrorKind, RedisError, Script, ServerErrorKind, Value};

use super::seal::PageId;
use super::store::{Answered, Created, Ended, NewPage, PageStore, StoreError, Stored, Taken};

mod kept;
mod link;
mod scripts;

pub use ::redis::sentinel::SentinelNodeConnectionInfo;
pub use link::{DEFAULT_ACKNOWLEDGEMENT, DEFAULT_TIMEOUT};
use link::{Link, NotAcknowledged, Sentinels, Unreachable, again, backend};
use scripts::{ANSWER, CLAIM, CLOSE, COMMON, CREATE, PUT_OWNED, REMOVE, REPLACE, TAKE};

/// The prefix of the store's keys unless [`RedisStore::prefix`] sets another.
pub const DEFAULT_PREFIX: &str = "mcp-elicit:page:";

/// How many markers of ended pages each owner keeps at most, unless [`RedisStore::markers`]
/// sets another number.
pub const DEFAULT_MARKERS: usize = 1_000;

/// The longest keep-time given to Redis: a hundred years. Longer ones are cut to it (Redis
/// refuses an expiry past its clock's range).
const MAX_KEEP_MS: u64 = 100 * 365 * 86_400 * 1_000;

/// The largest share passed to Redis (Lua's numbers are doubles): more is no limit anyway.
const MAX_SHARE: u64 = 1 << 40;

/// The fields of a page's hash, and the stages as the hash spells them.
const STAGE: &str = "stage";
const RECORD: &str = "record";

/// The pending pages in Redis, shared by every replica that uses the same Redis and the same
/// prefix: a [`PageStore`] whose every step is atomic, which keeps each owner to their share
/// across replicas, and keeps an ended page as a marker of a few bytes (see [the module](self)).
/// It holds no page itself, and bounds the whole only through Redis's `maxmemory`, which Redis
/// must enforce with `maxmemory-policy noeviction` ([`RedisStore::check_eviction_policy`]): then
/// a full Redis refuses new pages, and evicts none.
///
/// Cloning it is cheap: the clones share one connection (Redis pipelines their commands).
///
/// ```no_run
/// use std::time::Duration;
/// use mcp_elicit::page::redis::RedisStore;
/// use mcp_elicit::page::seal::{Kind, PageId, PageSeal};
/// use mcp_elicit::page::store::{Answered, Created, Ended, NewPage, PageStore, Stored, Taken};
/// use mcp_elicit::rounds::StateKeys;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// // Two replicas: one Redis (run with `maxmemory-policy noeviction`, which `connect` checks),
/// // one key (from `MCP_ELICIT_STATE_KEY` in a real server).
/// let keys = StateKeys::new([7; 32]);
/// let a = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-app:page:");
/// let b = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-app:page:");
/// let (seal_a, seal_b) = (PageSeal::new(&keys), PageSeal::new(&keys));
///
/// // Replica A makes the page, for Alice, who may have 8 open pages.
/// let id = PageId::random()?;
/// let record = seal_a.seal(&id, Kind::Record, b"the form")?;
/// let page = NewPage::new(id, seal_a.owner(Some("alice")), record, Duration::from_mins(10))
///     .keep(Duration::from_mins(15))
///     .share(8);
/// assert_eq!(a.create(page).await?, Created::Made);
///
/// // The person's answer is posted to replica B.
/// let Some(Stored::Waiting(record)) = b.read(&id).await? else { panic!("a waiting page") };
/// assert_eq!(*seal_b.open(&id, Kind::Record, &record)?, b"the form");
/// let answer = seal_b.seal(&id, Kind::Answer, b"the answer")?;
/// assert_eq!(b.answer(&id, answer).await?, Answered::Now);
///
/// // The call, retried on replica A, takes the answer, once: the page keeps only a marker.
/// let Taken::Answer(sealed) = a.take(&id).await? else { panic!("an answer") };
/// assert_eq!(*seal_a.open(&id, Kind::Answer, &sealed)?, b"the answer");
/// assert_eq!(a.take(&id).await?, Taken::Ended(Ended::Taken));
/// assert_eq!(b.read(&id).await?, Some(Stored::Ended(Ended::Taken)));
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    link: Link,
    /// The connection of the writes that wait for replicas (`WAIT` holds up the connection it
    /// is sent on): the answers and the values kept, so that no other step waits behind them.
    kept: Link,
    prefix: String,
    markers: usize,
    timeout: Duration,
    acknowledged: Acknowledged,
    scripts: Scripts,
}

/// How many replicas acknowledge a write that must be kept, and within how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Acknowledged {
    replicas: usize,
    within: Duration,
}

/// The store's scripts, each with its SHA-1 computed once.
#[derive(Clone)]
struct Scripts {
    create: Script,
    answer: Script,
    take: Script,
    close: Script,
    replace: Script,
    put_owned: Script,
    claim: Script,
    remove: Script,
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .field("cluster", &matches!(self.link, Link::Cluster(_)))
            .field("timeout", &self.timeout)
            .field("replicas", &self.acknowledged.replicas)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// The store on the Redis at `url` (`redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`, or
    /// `rediss://` with one of the `redis` crate's TLS features), through the `redis` crate's
    /// tokio connection manager, which makes the connection again by itself when it breaks.
    ///
    /// - Each step takes at most [`DEFAULT_TIMEOUT`] ([`RedisStore::timeout`]), and is sent again
    ///   within that time when its connection broke or Redis was loading its data: a Redis that
    ///   restarts, or a network blip, costs a step a wait, not an error; a Redis that stays away
    ///   gives every step a clear error once the time is up.
    /// - When Redis has replicas (`INFO replication`, here), every answer and every value kept
    ///   waits until one of them acknowledges it, within [`DEFAULT_ACKNOWLEDGEMENT`]
    ///   ([`RedisStore::acknowledged_by`]).
    /// - Checks that Redis evicts no key ([`RedisStore::check_eviction_policy`]).
    ///
    /// Must be called within a tokio runtime.
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when the URL is none, Redis cannot be reached within
    /// [`DEFAULT_TIMEOUT`], or it runs with a `maxmemory-policy` other than `noeviction`.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let client = Client::open(url).map_err(backend)?;
        within(DEFAULT_TIMEOUT, async {
            // A broken connection is made again, tried every half second at most, so that a
            // Redis back up is used within that.
            let config = ConnectionManagerConfig::new().set_max_delay(Duration::from_millis(500));
            // The writes that wait for replicas have a connection of their own, whose replies
            // may take as long as the wait (the step's time bounds them).
            let kept = config.clone().set_response_timeout(None);
            let kept = ConnectionManager::new_with_config(client.clone(), kept).await?;
            let link = ConnectionManager::new_with_config(client, config).await?;
            Ok((Link::One(link), Link::One(kept)))
        })
        .await
        .map(|(link, kept)| RedisStore::with(link, kept))?
        .ready()
        .await
    }

    /// The store on the Redis Cluster reached through `seeds` (some of its nodes' URLs,
    /// `redis://HOST:PORT`; the client learns the others, and each slot's primary, from them),
    /// through the `redis` crate's cluster client: it follows `MOVED` and `ASK` redirections and
    /// a primary's failover to its replica. Everything [`RedisStore::connect`] says holds, each
    /// slot's primary in the place of the one Redis.
    ///
    /// The keys of the store all share one hash slot (the prefix is their hash tag: see
    /// [`RedisStore::prefix`]), because a step's script reaches several of them: an owner's
    /// pages and the sets that keep them to their share. One primary (and its replicas) holds
    /// them; other applications' keys spread over the others.
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when no seed is given, a seed is not a URL, the cluster cannot be
    /// reached within [`DEFAULT_TIMEOUT`], or the primary of the store's slot evicts keys.
    pub async fn connect_cluster<I, S>(seeds: I) -> Result<Self, StoreError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let seeds: Vec<String> = seeds
            .into_iter()
            .map(|seed| seed.as_ref().trim().to_owned())
            .collect();
        if seeds.is_empty() {
            return Err(StoreError::Backend(Box::new(NoSeed("Redis Cluster node"))));
        }
        let client = |reply: Duration| {
            ClusterClient::builder(seeds.iter().map(String::as_str))
                .connection_timeout(Duration::from_secs(1))
                .response_timeout(reply)
                .build()
        };
        let (client, kept) = (
            client(Duration::from_millis(500)).map_err(backend)?,
            client(DEFAULT_TIMEOUT).map_err(backend)?,
        );
        within(DEFAULT_TIMEOUT, async {
            let link = client.get_async_connection().await?;
            let kept = kept.get_async_connection().await?;
            Ok((link, kept))
        })
        .await
        .map(|(link, kept)| RedisStore::on_cluster(link, kept))?
        .ready()
        .await
    }

    /// The store on the primary of `service` as Redis Sentinel names it: `sentinels` are some of
    /// the Sentinels' URLs (`redis://HOST:26379`), `node` how to reach the primary they name
    /// (`SentinelNodeConnectionInfo::default()` for no password and no TLS). The Sentinels are
    /// asked again whenever the connection to the primary breaks, so a failover moves the store
    /// to the promoted replica. Everything [`RedisStore::connect`] says holds.
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when no Sentinel is given, a URL is none, no Sentinel names a
    /// primary for `service` within [`DEFAULT_TIMEOUT`], or the primary evicts keys.
    pub async fn connect_sentinel<I, S>(
        sentinels: I,
        service: &str,
        node: SentinelNodeConnectionInfo,
    ) -> Result<Self, StoreError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let sentinels: Vec<String> = sentinels
            .into_iter()
            .map(|sentinel| sentinel.as_ref().trim().to_owned())
            .collect();
        if sentinels.is_empty() {
            return Err(StoreError::Backend(Box::new(NoSeed("Redis Sentinel"))));
        }
        let sentinels = |reply: Option<Duration>| {
            let client = SentinelClient::build(
                sentinels.clone(),
                service.to_owned(),
                Some(node.clone()),
                SentinelServerType::Master,
            )
            .map_err(backend)?;
            Ok::<_, StoreError>(Link::Sentinel(Arc::new(Sentinels::new(client, reply))))
        };
        // The writes that wait for replicas have a connection of their own, without a time for
        // the reply (the step's time bounds it).
        let (link, kept) = (
            sentinels(Some(Duration::from_millis(500)))?,
            sentinels(None)?,
        );
        RedisStore::with(link, kept).ready().await
    }

    /// The store on the Redis behind `connection` (built with the timeouts, retries or TLS of
    /// your choice), its keys under [`DEFAULT_PREFIX`], each step within [`DEFAULT_TIMEOUT`].
    /// `new` asks Redis nothing: call [`RedisStore::check_eviction_policy`] once connected, and
    /// [`RedisStore::acknowledged_by`] if Redis has replicas. The writes that wait for them share
    /// `connection` with every other step.
    pub fn new(connection: ConnectionManager) -> Self {
        let link = Link::One(connection);
        RedisStore::with(link.clone(), link)
    }

    /// The store on the Redis Cluster behind `connection` (built with the cluster client's
    /// settings of your choice), as [`RedisStore::new`] is on one Redis: its keys under
    /// [`DEFAULT_PREFIX`] made a hash tag.
    pub fn new_cluster(connection: ClusterConnection) -> Self {
        RedisStore::on_cluster(connection.clone(), connection)
    }

    fn on_cluster(link: ClusterConnection, kept: ClusterConnection) -> Self {
        let mut store = RedisStore::with(Link::Cluster(link), Link::Cluster(kept));
        store.prefix = tagged(DEFAULT_PREFIX);
        store
    }

    fn with(link: Link, kept: Link) -> Self {
        RedisStore {
            link,
            kept,
            prefix: DEFAULT_PREFIX.to_owned(),
            markers: DEFAULT_MARKERS,
            timeout: DEFAULT_TIMEOUT,
            acknowledged: Acknowledged {
                replicas: 0,
                within: DEFAULT_ACKNOWLEDGEMENT,
            },
            scripts: Scripts {
                create: Script::new(&format!("{COMMON}{CREATE}")),
                answer: Script::new(ANSWER),
                take: Script::new(&format!("{COMMON}{TAKE}")),
                close: Script::new(&format!("{COMMON}{CLOSE}")),
                replace: Script::new(REPLACE),
                put_owned: Script::new(PUT_OWNED),
                claim: Script::new(CLAIM),
                remove: Script::new(REMOVE),
            },
        }
    }

    /// Checks the eviction policy, and waits for a replica when Redis has one.
    async fn ready(mut self) -> Result<Self, StoreError> {
        self.check_eviction_policy().await?;
        let info = self
            .on_primary(::redis::cmd("INFO").arg("replication").clone())
            .await?;
        if replicas(&info) > 0 {
            self.acknowledged.replicas = 1;
        }
        Ok(self)
    }

    /// The store with its keys under `prefix` rather than [`DEFAULT_PREFIX`]: replicas share
    /// their pages when they share the prefix, and applications sharing one Redis keep theirs
    /// apart with different ones.
    ///
    /// On a Redis Cluster the prefix is the keys' hash tag, so that they share one slot: a prefix
    /// that holds a tag already (`{my-app}:page:`) is kept as it is, any other is made one
    /// (`my-app:page:` gives `{my-app:page:}`).
    #[must_use]
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        let prefix = prefix.into();
        self.prefix = match self.link {
            Link::Cluster(_) => tagged(&prefix),
            Link::One(_) | Link::Sentinel(_) => prefix,
        };
        self
    }

    /// Each step (its retries included) ends within `timeout` ([`DEFAULT_TIMEOUT`] by default):
    /// past it, with an error that says Redis could not be reached. A step whose connection
    /// broke is sent again within that time, once the connection is made again. Pages and calls
    /// that meet the error answer at once: a 503 page that says "try again", a call's error that
    /// names the store.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Every answer and every value kept (a connected account's tokens) counts as kept only
    /// once `replicas` replicas acknowledge it (`WAIT`), so that a failover right after cannot
    /// lose it; they have `within` to do it (at most the step's [`RedisStore::timeout`]), or the
    /// step fails with an error that says so, and the page asks the person to try again.
    /// `replicas` 0 waits for none.
    ///
    /// [`RedisStore::connect`] and [`RedisStore::connect_cluster`] wait for one replica, within
    /// [`DEFAULT_ACKNOWLEDGEMENT`], when the primary has any when they connect, and for none
    /// otherwise. (The steps that end a page, or take its answer, are not waited for: at worst a
    /// failover brings back a page whose answer was taken, and a call retried after it takes the
    /// same answer again.)
    #[must_use]
    pub fn acknowledged_by(mut self, replicas: usize, within: Duration) -> Self {
        self.acknowledged = Acknowledged { replicas, within };
        self
    }

    /// Each owner keeps at most `markers` markers of ended pages ([`DEFAULT_MARKERS`] by
    /// default): past them, the oldest is deleted, and its page is then one the store does not
    /// keep. A marker is a few bytes, and tells a page that has ended (410) from one never made
    /// (404) until its keep-time ends.
    #[must_use]
    pub fn markers(mut self, markers: usize) -> Self {
        self.markers = markers;
        self
    }

    /// Checks that Redis evicts no key when its memory is full (`maxmemory-policy noeviction`),
    /// with `CONFIG GET maxmemory-policy`. Under any other policy a flood of pages could make
    /// Redis drop a page still waiting, another user's, or the sets that keep each user to their
    /// share. A Redis that refuses `CONFIG` (managed services rename or forbid it) passes the
    /// check: check its policy yourself.
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when Redis runs with another policy (the error names it, and the
    /// fix), or cannot be reached.
    pub async fn check_eviction_policy(&self) -> Result<(), StoreError> {
        let reply = ::redis::cmd("CONFIG")
            .arg("GET")
            .arg("maxmemory-policy")
            .clone();
        let reply = match self.on_primary(reply).await {
            Ok(reply) => reply,
            Err(StoreError::Backend(error))
                if error.downcast_ref::<RedisError>().is_some_and(refused) =>
            {
                return Ok(());
            }
            Err(error) => return Err(error),
        };
        let policy = match reply {
            Value::Array(mut pair) if pair.len() == 2 => pair.pop(),
            Value::Map(mut pairs) if pairs.len() == 1 => pairs.pop().map(|(_, policy)| policy),
            // A server that knows no such setting: nothing to check.
            Value::Array(pair) if pair.is_empty() => return Ok(()),
            Value::Map(pairs) if pairs.is_empty() => return Ok(()),
            _ => None,
        };
        let policy = match policy {
            Some(Value::BulkString(policy)) => policy,
            Some(Value::SimpleString(policy)) => policy.into_bytes(),
            _ => return Err(unexpected("CONFIG GET maxmemory-policy")),
        };
        if policy == b"noeviction" {
            return Ok(());
        }
        // A policy's name: a few letters and dashes (anything else is not shown).
        let name = String::from_utf8(policy)
            .ok()
            .filter(|name| {
                name.len() <= 32 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
            .unwrap_or_else(|| "(unknown)".to_owned());
        Err(StoreError::Backend(Box::new(Evicting(name))))
    }

    /// The key of the page `id`.
    fn key(&self, id: &PageId) -> String {
        format!("{}{id}", self.prefix)
    }

    /// The key under which a take of the page `id` hands its answer over once more if its reply
    /// was lost.
    fn handover_key(&self, id: &PageId) -> String {
        format!("{}handed-page:{id}", self.prefix)
    }

    /// Deletes `key`, a value handed over in case a reply was lost, once the reply came: at once,
    /// or when its short time is up if this fails (nothing waits on it).
    async fn forget(&self, key: String) {
        let mut delete = ::redis::cmd("DEL");
        delete.arg(key);
        let mut link = self.link.clone();
        let _ = tokio::time::timeout(self.timeout, delete.exec_async(&mut link)).await;
    }

    /// Sends `command` as one step of the store.
    async fn command(&self, write: Write, command: ::redis::Cmd) -> Result<Value, StoreError> {
        self.step(write, Request::Command(&command)).await
    }

    /// Runs the script `invocation` as one step of the store.
    async fn invoke(
        &self,
        write: Write,
        invocation: ::redis::ScriptInvocation<'_>,
    ) -> Result<Value, StoreError> {
        self.step(write, Request::Script(&invocation)).await
    }

    /// Runs `script` on `keys` with the common arguments (the prefix, the markers, the id `id`)
    /// and `args`.
    async fn run(
        &self,
        script: &Script,
        keys: &[&str],
        id: &PageId,
        args: &[&[u8]],
    ) -> Result<Value, StoreError> {
        let mut invocation = script.prepare_invoke();
        for key in keys {
            invocation.key(*key);
        }
        invocation
            .arg(&self.prefix)
            .arg(self.markers)
            .arg(id.to_string());
        for arg in args {
            invocation.arg(*arg);
        }
        self.step(Write::Plain, Request::Script(&invocation)).await
    }

    /// Sends `command` (one that names no key) to the primary of the store's keys.
    async fn on_primary(&self, command: ::redis::Cmd) -> Result<Value, StoreError> {
        self.step(Write::Plain, Request::OnPrimary(&command)).await
    }

    /// Runs one step of the store, `send`, within the store's time: sent again while its
    /// connection breaks (every step of the store may be sent again: see [`link`]), and, for a
    /// write that must be [`Write::Kept`], acknowledged by the replicas the store waits for.
    async fn step(&self, write: Write, request: Request<'_>) -> Result<Value, StoreError> {
        let wanted = match write {
            Write::Kept => self.acknowledged.replicas,
            Write::Plain => 0,
        };
        let within = self.acknowledged.within.min(self.timeout);
        let mut last = None;
        let attempt = async {
            let mut pause = Duration::from_millis(10);
            loop {
                let mut link = if wanted > 0 {
                    self.kept.clone()
                } else {
                    self.link.clone()
                };
                let sent = match request.send(&mut link, &self.prefix).await {
                    Ok(value) if wanted > 0 => {
                        match acknowledge(&mut link, &self.prefix, wanted, within).await {
                            Ok(got) if usize::try_from(got).is_ok_and(|got| got >= wanted) => {
                                Ok(value)
                            }
                            Ok(got) => {
                                return Err(StoreError::Backend(Box::new(NotAcknowledged {
                                    wanted,
                                    got,
                                    within,
                                })));
                            }
                            Err(error) => Err(error),
                        }
                    }
                    sent => sent,
                };
                match sent {
                    Ok(value) => return Ok(value),
                    Err(error) if again(&error) => {
                        link.broke().await;
                        last = Some(error);
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(Duration::from_millis(200));
                    }
                    Err(error) => return Err(backend(error)),
                }
            }
        };
        let outcome = tokio::time::timeout(self.timeout, attempt).await;
        outcome.unwrap_or_else(|_| {
            Err(StoreError::Backend(Box::new(Unreachable {
                waited: self.timeout,
                last,
            })))
        })
    }
}

impl PageStore for RedisStore {
    async fn create(&self, page: NewPage) -> Result<Created, StoreError> {
        let maker = nonce()?;
        let keep = keep_millis(page.keep);
        let open = keep_millis(page.open).min(keep).to_string();
        let keep = keep.to_string();
        let share = u64::try_from(page.share)
            .unwrap_or(MAX_SHARE)
            .clamp(1, MAX_SHARE);
        let owner = page.owner.to_string();
        let (open_set, ended_set) = (
            format!("{}owner:{owner}", self.prefix),
            format!("{}ended:{owner}", self.prefix),
        );
        let made = self
            .run(
                &self.scripts.create,
                &[&self.key(&page.id), &open_set, &ended_set],
                &page.id,
                &[
                    maker.as_bytes(),
                    &page.record,
                    open.as_bytes(),
                    keep.as_bytes(),
                    share.to_string().as_bytes(),
                    owner.as_bytes(),
                ],
            )
            .await?;
        match made {
            Value::Int(1) => Ok(Created::Made),
            Value::Int(0) => Err(StoreError::Taken),
            Value::Int(2) => Err(StoreError::Share { share: page.share }),
            Value::BulkString(id) => std::str::from_utf8(&id)
                .ok()
                .and_then(PageId::parse)
                .map(Created::Replaced)
                .ok_or_else(|| unexpected("create")),
            _ => Err(unexpected("create")),
        }
    }

    async fn read(&self, id: &PageId) -> Result<Option<Stored>, StoreError> {
        let mut read = ::redis::cmd("HMGET");
        read.arg(self.key(id)).arg(STAGE).arg(RECORD);
        let fields = self.command(Write::Plain, read).await?;
        let Value::Array(fields) = fields else {
            return Err(unexpected("read"));
        };
        let Ok([stage, record]) = <[Value; 2]>::try_from(fields) else {
            return Err(unexpected("read"));
        };
        let stage = match stage {
            Value::Nil => {
                return match record {
                    Value::Nil => Ok(None),
                    _ => Err(unexpected("read")),
                };
            }
            Value::BulkString(stage) => stage,
            _ => return Err(unexpected("read")),
        };
        match (stage.as_slice(), record) {
            (b"waiting", Value::BulkString(record)) => Ok(Some(Stored::Waiting(record))),
            (b"answered", Value::BulkString(record)) => Ok(Some(Stored::Answered(record))),
            (b"taken", Value::Nil) => Ok(Some(Stored::Ended(Ended::Taken))),
            (b"closed", Value::Nil) => Ok(Some(Stored::Ended(Ended::Closed))),
            (b"expired", Value::Nil) => Ok(Some(Stored::Ended(Ended::Expired))),
            _ => Err(unexpected("read")),
        }
    }

    async fn answer(&self, id: &PageId, answer: Vec<u8>) -> Result<Answered, StoreError> {
        let mut invocation = self.scripts.answer.key(self.key(id));
        invocation.arg(answer).arg(nonce()?);
        let answered = self.invoke(Write::Kept, invocation).await?;
        match answered {
            Value::Int(2) => Ok(Answered::Now),
            Value::Int(1) => Ok(Answered::Before),
            Value::Int(0) => Ok(Answered::Unknown),
            _ => Err(unexpected("answer")),
        }
    }

    async fn take(&self, id: &PageId) -> Result<Taken, StoreError> {
        // The answer taken stays, sealed, for the time a step may be sent again, under a key
        // only this take knows: a take whose reply was lost, sent again, gets it.
        let taker = nonce()?;
        let window = keep_millis(self.timeout.saturating_mul(2)).max(1_000);
        match self
            .run(
                &self.scripts.take,
                &[&self.key(id), &self.handover_key(id)],
                id,
                &[taker.as_bytes(), window.to_string().as_bytes()],
            )
            .await?
        {
            Value::BulkString(answer) => {
                self.forget(self.handover_key(id)).await;
                Ok(Taken::Answer(answer))
            }
            Value::Int(0) => Ok(Taken::Unknown),
            Value::Int(1) => Ok(Taken::Waiting),
            Value::Int(2) => Ok(Taken::Ended(Ended::Taken)),
            Value::Int(3) => Ok(Taken::Ended(Ended::Closed)),
            Value::Int(4) => Ok(Taken::Ended(Ended::Expired)),
            _ => Err(unexpected("take")),
        }
    }

    async fn close(&self, id: &PageId) -> Result<(), StoreError> {
        match self
            .run(&self.scripts.close, &[&self.key(id)], id, &[])
            .await?
        {
            Value::Int(0 | 1) => Ok(()),
            _ => Err(unexpected("close")),
        }
    }
}

/// `keep` in whole milliseconds for `PEXPIRE`: rounded up, so that a keep-time under a
/// millisecond still keeps its page, and at most [`MAX_KEEP_MS`].
fn keep_millis(keep: Duration) -> u64 {
    let millis = keep.as_nanos().div_ceil(1_000_000);
    u64::try_from(millis).map_or(MAX_KEEP_MS, |millis| millis.min(MAX_KEEP_MS))
}

/// How many replicas `INFO replication` says the primary has (`connected_slaves`); none when
/// the reply says nothing of them.
fn replicas(info: &Value) -> usize {
    let text = match info {
        Value::BulkString(text) => String::from_utf8_lossy(text),
        Value::VerbatimString { text, .. } | Value::SimpleString(text) => text.as_str().into(),
        _ => return 0,
    };
    text.lines()
        .find_map(|line| line.strip_prefix("connected_slaves:"))
        .and_then(|count| count.trim().parse().ok())
        .unwrap_or(0)
}

/// A step's own random mark (32 hexadecimal digits), by which it knows its own write when it is
/// sent again.
fn nonce() -> Result<String, StoreError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|_| StoreError::Backend(Box::new(NoRandom)))?;
    Ok(format!("{:032x}", u128::from_le_bytes(bytes)))
}

/// One step's request to Redis.
#[derive(Clone, Copy)]
enum Request<'a> {
    /// A command on keys (sent where they are).
    Command(&'a ::redis::Cmd),
    /// A script on keys (sent where they are; loaded again if Redis lost it).
    Script(&'a ::redis::ScriptInvocation<'a>),
    /// A command that names no key, for the primary of the store's keys.
    OnPrimary(&'a ::redis::Cmd),
}

impl Request<'_> {
    /// Sends the request on `link`, once; `key` is one of the store's keys.
    async fn send(self, link: &mut Link, key: &str) -> Result<Value, RedisError> {
        match self {
            Request::Command(command) => command.query_async(link).await,
            Request::Script(invocation) => invocation.invoke_async(link).await,
            Request::OnPrimary(command) => link.on_primary_of(key, command.clone()).await,
        }
    }
}

/// The operating system's generator failed.
#[derive(Debug)]
struct NoRandom;

impl fmt::Display for NoRandom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the operating system's random generator failed")
    }
}

impl std::error::Error for NoRandom {}

/// Whether a write must be acknowledged by the replicas the store waits for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Write {
    /// A read, or a write nothing is promised of.
    Plain,
    /// A write the person is told is kept: an answer, a connection's tokens.
    Kept,
}

/// Waits until `wanted` replicas have acknowledged the writes sent on `link` so far, at most
/// `within`: how many did (`WAIT`, on the primary of the store's keys, `key`'s).
async fn acknowledge(
    link: &mut Link,
    key: &str,
    wanted: usize,
    within: Duration,
) -> Result<i64, RedisError> {
    // `WAIT` with no time waits for ever: at least a millisecond.
    let millis = u64::try_from(within.as_millis()).unwrap_or(u64::MAX).max(1);
    let wait = ::redis::cmd("WAIT").arg(wanted).arg(millis).clone();
    match link.on_primary_of(key, wait).await? {
        Value::Int(got) => Ok(got),
        _ => Ok(0),
    }
}

/// `connect` within `time`: Redis's error as the store's, and no answer in time as
/// [`Unreachable`].
async fn within<T>(
    time: Duration,
    connect: impl Future<Output = Result<T, RedisError>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(time, connect).await {
        Ok(connected) => connected.map_err(backend),
        Err(_) => Err(StoreError::Backend(Box::new(Unreachable {
            waited: time,
            last: None,
        }))),
    }
}

/// `prefix` as a Redis Cluster hash tag: as it is when it holds one (a `{`, then a `}` after at
/// least one character), else within braces.
fn tagged(prefix: &str) -> String {
    let holds_tag = prefix
        .find('{')
        .and_then(|open| prefix[open + 1..].find('}'))
        .is_some_and(|length| length > 0);
    if holds_tag {
        prefix.to_owned()
    } else {
        format!("{{{prefix}}}")
    }
}

/// `connect_cluster` or `connect_sentinel` was given nothing to start from: what it needed.
#[derive(Debug)]
struct NoSeed(&'static str);

impl fmt::Display for NoSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no {} to start from: give at least one, `redis://HOST:PORT`",
            self.0
        )
    }
}

impl std::error::Error for NoSeed {}

/// Whether Redis refused a command itself (unknown, renamed, or forbidden to this user), rather
/// than failing to answer.
fn refused(error: &RedisError) -> bool {
    matches!(
        error.kind(),
        ErrorKind::Server(ServerErrorKind::ResponseError | ServerErrorKind::NoPerm)
            | ErrorKind::Extension
    )
}

/// A reply no script of this store gives: the key holds something else than a page (another
/// program wrote it), or the store is used with another version's pages.
fn unexpected(step: &'static str) -> StoreError {
    StoreError::Backend(Box::new(Unexpected(step)))
}

#[derive(Debug)]
struct Unexpected(&'static str);

impl fmt::Display for Unexpected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Redis answered `{}` with a reply that is not a page's: is the key prefix shared with another program?",
            self.0
        )
    }
}

impl std::error::Error for Unexpected {}

/// Redis runs with an eviction policy that may drop the store's keys: its name.
#[derive(Debug)]
struct Evicting(String);

impl fmt::Display for Evicting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Redis runs with `maxmemory-policy {}`, under which a full Redis evicts keys: pages still waiting, other users' pages, and the sets that keep each user to their share. Run it with `noeviction`: `CONFIG SET maxmemory-policy noeviction` (and `CONFIG REWRITE`), or the line `maxmemory-policy noeviction` in redis.conf",
            self.0
        )
    }
}

impl std::error::Error for Evicting {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_times_are_whole_milliseconds_rounded_up_and_bounded() {
        assert_eq!(keep_millis(Duration::ZERO), 0);
        assert_eq!(keep_millis(Duration::from_nanos(1)), 1);
        assert_eq!(keep_millis(Duration::from_micros(1_500)), 2);
        assert_eq!(keep_millis(Duration::from_mins(10)), 600_000);
        assert_eq!(keep_millis(Duration::MAX), MAX_KEEP_MS);
        // Redis refuses an expiry whose time overflows its clock (milliseconds since 1970 in an
        // i64): the bound leaves room for centuries; and Lua's doubles hold a time in
        // milliseconds plus it exactly.
        const { assert!(MAX_KEEP_MS < i64::MAX as u64 / 2) };
        const { assert!(MAX_KEEP_MS * 2 < 1 << 53) };
    }

    #[test]
    fn an_unexpected_reply_says_which_step_and_no_value() {
        let error = unexpected("take");
        assert_eq!(
            error.to_string(),
            "the page store failed: Redis answered `take` with a reply that is not a page's: is the key prefix shared with another program?"
        );
        assert!(std::error::Error::source(&error).is_some());
    }

    #[test]
    fn an_evicting_redis_is_named_with_the_fix() {
        let error = StoreError::Backend(Box::new(Evicting("allkeys-lru".to_owned())));
        let message = error.to_string();
        assert!(
            message.starts_with(
                "the page store failed: Redis runs with `maxmemory-policy allkeys-lru`"
            ),
            "{message}"
        );
        assert!(
            message.contains("CONFIG SET maxmemory-policy noeviction"),
            "{message}"
        );
        assert!(
            message.contains("`maxmemory-policy noeviction` in redis.conf"),
            "{message}"
        );
    }

    #[test]
    fn the_scripts_are_one_each_and_differ() {
        let store_scripts = [
            format!("{COMMON}{CREATE}"),
            ANSWER.to_owned(),
            format!("{COMMON}{TAKE}"),
            format!("{COMMON}{CLOSE}"),
            REPLACE.to_owned(),
            PUT_OWNED.to_owned(),
        ];
        let hashes: std::collections::HashSet<String> = store_scripts
            .iter()
            .map(|code| Script::new(code).get_hash().to_owned())
            .collect();
        assert_eq!(hashes.len(), 6);
    }
}
