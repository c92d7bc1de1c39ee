//! Where the store's connections come from: one Redis, a Redis Cluster, or the primary Redis
//! Sentinels name; each checked before it is used.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::redis::aio::ConnectionManager;
use ::redis::cluster::ClusterClient;
use ::redis::cluster_async::ClusterConnection;
use ::redis::sentinel::{SentinelClient, SentinelNodeConnectionInfo, SentinelServerType};
use ::redis::{Client, RedisError};

use super::link::{
    DEFAULT_ACKNOWLEDGEMENT, DEFAULT_TIMEOUT, Link, Primary, REPLY, Unreachable, backend,
};
use super::scripts::Scripts;
use super::writers::Writers;
use super::{Acknowledged, DEFAULT_MARKERS, DEFAULT_PREFIX, RedisStore};
use crate::page::store::StoreError;

impl RedisStore {
    /// The store on the Redis at `url` (`redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`, or
    /// `rediss://` with one of the `redis` crate's TLS features): one connection for the steps
    /// that wait for no replica, made again whenever it breaks or a reply takes longer than half a
    /// second (a Redis gone silent, or an address that now leads to another machine), and one
    /// connection of its own for each write that waits for replicas while it waits.
    ///
    /// - Each step takes at most [`DEFAULT_TIMEOUT`] ([`RedisStore::timeout`]), and is sent again
    ///   within that time when its connection broke or Redis was loading its data: a Redis that
    ///   restarts, or a network blip, costs a step a wait, not an error; a Redis that stays away
    ///   gives every step a clear error once the time is up.
    /// - Whenever Redis has a replica in sync (`INFO replication`), every write waits until one
    ///   of them acknowledges it, within [`DEFAULT_ACKNOWLEDGEMENT`]
    ///   ([`RedisStore::acknowledged_by`]); writes wait side by side, none behind another.
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
        RedisStore::to_primary(Primary::at(client)).ready().await
    }

    /// The store on the Redis Cluster reached through `seeds` (some of its nodes' URLs,
    /// `redis://HOST:PORT`; the client learns the others, and each slot's primary, from them),
    /// through the `redis` crate's cluster client: it follows `MOVED` and `ASK` redirections and
    /// a primary's failover to its replica. Everything [`RedisStore::connect`] says holds, each
    /// slot's primary in the place of the one Redis.
    ///
    /// A step's script reaches several keys (an owner's pages and the sets that keep them to
    /// their share), which must share a hash slot: each owner's keys carry their bucket as their
    /// hash tag, so the pages spread over the primaries (256 buckets), and a primary's failover
    /// stops only the flows of its buckets' owners; the kept values (connected accounts, flows in
    /// progress) share one slot (see [`RedisStore::prefix`]). Page ids must carry their owner's
    /// bucket ([`PageId::random_for`](crate::page::seal::PageId::random_for), as the pages'
    /// server makes them).
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
        let seeds = addresses(seeds, "Redis Cluster node")?;
        let client = |reply: Duration| {
            ClusterClient::builder(seeds.iter().map(String::as_str))
                .connection_timeout(Duration::from_secs(1))
                .response_timeout(reply)
                .build()
        };
        let (client, writers) = (
            client(REPLY).map_err(backend)?,
            client(DEFAULT_TIMEOUT).map_err(backend)?,
        );
        let link = within(DEFAULT_TIMEOUT, client.get_async_connection()).await?;
        let mut store = RedisStore::with(Link::Cluster(link), Writers::to_cluster(writers));
        store.prefix = tagged(DEFAULT_PREFIX);
        store.ready().await
    }

    /// The store on the primary of `service` as Redis Sentinel names it: `sentinels` are some of
    /// the Sentinels' URLs (`redis://HOST:26379`), `node` how to reach the primary they name
    /// (`SentinelNodeConnectionInfo::default()` for no password and no TLS). The Sentinels are
    /// asked again whenever the connection to the primary breaks or goes silent (a reply later
    /// than half a second, or a step out of time), so a failover moves the store
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
        let sentinels = addresses(sentinels, "Redis Sentinel")?;
        let client = SentinelClient::build(
            sentinels,
            service.to_owned(),
            Some(node),
            SentinelServerType::Master,
        )
        .map_err(backend)?;
        RedisStore::to_primary(Primary::named_by(client))
            .ready()
            .await
    }

    /// The store on the Redis behind `connection` (built with the timeouts, retries or TLS of
    /// your choice), its keys under [`DEFAULT_PREFIX`], each step within [`DEFAULT_TIMEOUT`].
    /// `new` asks Redis nothing: call [`RedisStore::check_eviction_policy`] once connected. The
    /// writes that wait for replicas share `connection` with every other step (`connect` gives
    /// them a connection of their own).
    pub fn new(connection: ConnectionManager) -> Self {
        let link = Link::Manager(connection);
        RedisStore::with(link.clone(), Writers::shared(link))
    }

    /// The store on the Redis Cluster behind `connection` (built with the cluster client's
    /// settings of your choice), as [`RedisStore::new`] is on one Redis: its keys under
    /// [`DEFAULT_PREFIX`] made a hash tag. The writes that wait for replicas share `connection`
    /// with every other step, and wait in turn (`connect_cluster` gives each its own).
    pub fn new_cluster(connection: ClusterConnection) -> Self {
        let link = Link::Cluster(connection);
        let mut store = RedisStore::with(link.clone(), Writers::shared(link));
        store.prefix = tagged(DEFAULT_PREFIX);
        store
    }

    /// The store on one primary, at an address or named by Sentinels: one connection shared by
    /// the steps that wait for no replica, and one of its own for each write that waits.
    fn to_primary(primary: Primary) -> Self {
        let primary = Arc::new(primary);
        RedisStore::with(
            Link::Primary(Arc::clone(&primary)),
            Writers::to_primary(primary),
        )
    }

    fn with(link: Link, writers: Writers) -> Self {
        RedisStore {
            link,
            writers: Arc::new(writers),
            prefix: DEFAULT_PREFIX.to_owned(),
            base: DEFAULT_PREFIX.to_owned(),
            markers: DEFAULT_MARKERS,
            timeout: DEFAULT_TIMEOUT,
            acknowledged: Acknowledged::WhereThereAreAny {
                within: DEFAULT_ACKNOWLEDGEMENT,
            },
            replicas: Arc::new(Mutex::new(HashMap::new())),
            scripts: Scripts::new(),
        }
    }

    /// The store once its Redis is checked ([`RedisStore::check_eviction_policy`]).
    async fn ready(self) -> Result<Self, StoreError> {
        self.check_eviction_policy().await?;
        Ok(self)
    }
}

/// The addresses to start from, trimmed: at least one, or an error that says it needs a `what`.
fn addresses<I, S>(given: I, what: &'static str) -> Result<Vec<String>, StoreError>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let addresses: Vec<String> = given
        .into_iter()
        .map(|address| address.as_ref().trim().to_owned())
        .collect();
    if addresses.is_empty() {
        return Err(StoreError::Backend(Box::new(NoSeed(what))));
    }
    Ok(addresses)
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
pub(super) fn tagged(prefix: &str) -> String {
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
