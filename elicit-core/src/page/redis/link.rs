//! How the store reaches Redis: the primary at an address or the one Redis Sentinels name,
//! through one connection made again whenever it broke or went silent; a Redis Cluster through
//! the `redis` crate's cluster client (which follows `MOVED` and `ASK` and a primary's
//! failover); or a connection manager of the user's. Each step within a bounded time, sent
//! again when its connection broke, and, where the deployment has replicas, acknowledged by
//! them before it counts as kept.
//!
//! Sending a step again is safe because every step of the store is: reads, and writes that are
//! conditional or idempotent (see the scripts: a page made, an answer given, an answer taken or a
//! value claimed is recognised when the same step comes again, and gives the same outcome).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use ::redis::aio::{ConnectionLike, ConnectionManager, MultiplexedConnection};
use ::redis::cluster_async::ClusterConnection;
use ::redis::cluster_routing::{Route, RoutingInfo, SingleNodeRoutingInfo, SlotAddr};
use ::redis::sentinel::SentinelClient;
use ::redis::{
    AsyncConnectionConfig, Client, Cmd, ErrorKind, Pipeline, RedisError, RedisFuture,
    ServerErrorKind, Value,
};

use crate::page::store::StoreError;

/// How long a reply may take on a connection of the steps that wait for no replica: past it,
/// the connection is taken for dead (a primary gone silent, a network cut without a reset),
/// made again, and the step sent again.
pub(super) const REPLY: Duration = Duration::from_millis(500);

/// How long making a connection may take, the Redis handshake included (a Redis stopped, or a
/// host gone, accepts nothing or answers nothing).
const CONNECTING: Duration = Duration::from_secs(1);

/// The connection to Redis: to one primary, to a Redis Cluster, or through a connection manager
/// of the user's; or one write's own connection to the primary (see
/// [`Writers`](super::writers::Writers)). Cloning it is cheap: clones share their connections
/// (Redis pipelines their commands).
#[derive(Clone)]
pub(super) enum Link {
    /// The primary at an address, or the one the Sentinels name.
    Primary(Arc<Primary>),
    /// A Redis Cluster.
    Cluster(ClusterConnection),
    /// A connection manager of the user's ([`RedisStore::new`](super::RedisStore::new)).
    Manager(ConnectionManager),
    /// A connection to the primary of one write's own, which nothing makes again: when it
    /// breaks, it is dropped.
    Own(MultiplexedConnection),
}

/// Where the primary is: at an address, or wherever the Sentinels name it.
enum Source {
    Address(Client),
    Sentinels(tokio::sync::Mutex<SentinelClient>),
}

/// A primary Redis, at an address or named by Sentinels: one connection shared by the steps
/// that wait for no replica, made when first needed and again once it broke or went silent (a
/// reply past [`REPLY`]): the address may now lead elsewhere, and the Sentinels may name
/// another primary after a failover.
pub(super) struct Primary {
    source: Source,
    shared: tokio::sync::Mutex<Option<MultiplexedConnection>>,
}

impl Primary {
    pub(super) fn at(client: Client) -> Self {
        Primary::from(Source::Address(client))
    }

    pub(super) fn named_by(sentinels: SentinelClient) -> Self {
        Primary::from(Source::Sentinels(tokio::sync::Mutex::new(sentinels)))
    }

    fn from(source: Source) -> Self {
        Primary {
            source,
            shared: tokio::sync::Mutex::new(None),
        }
    }

    /// A new connection to the primary, whose replies may take `reply` at most.
    pub(super) async fn connect(
        &self,
        reply: Duration,
    ) -> Result<MultiplexedConnection, RedisError> {
        let client = match &self.source {
            Source::Address(client) => client.clone(),
            Source::Sentinels(sentinels) => sentinels.lock().await.async_get_client().await?,
        };
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(CONNECTING))
            .set_response_timeout(Some(reply));
        client
            .get_multiplexed_async_connection_with_config(&config)
            .await
    }

    /// The shared connection: the one made, or a new one.
    async fn shared(&self) -> Result<MultiplexedConnection, RedisError> {
        let mut shared = self.shared.lock().await;
        if let Some(connection) = &*shared {
            return Ok(connection.clone());
        }
        let connection = Box::pin(self.connect(REPLY)).await?;
        *shared = Some(connection.clone());
        Ok(connection)
    }

    /// A connection to it broke, or went silent: the shared one is made again for the next step
    /// (the Sentinels asked again).
    pub(super) async fn broke(&self) {
        *self.shared.lock().await = None;
    }
}

impl ConnectionLike for Link {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Link::Primary(primary) => {
                Box::pin(async move { primary.shared().await?.req_packed_command(cmd).await })
            }
            Link::Cluster(connection) => connection.req_packed_command(cmd),
            Link::Manager(connection) => connection.req_packed_command(cmd),
            Link::Own(connection) => connection.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Link::Primary(primary) => Box::pin(async move {
                primary
                    .shared()
                    .await?
                    .req_packed_commands(pipeline, offset, count)
                    .await
            }),
            Link::Cluster(connection) => connection.req_packed_commands(pipeline, offset, count),
            Link::Manager(connection) => connection.req_packed_commands(pipeline, offset, count),
            Link::Own(connection) => connection.req_packed_commands(pipeline, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Link::Cluster(connection) => connection.get_db(),
            Link::Manager(connection) => connection.get_db(),
            Link::Own(connection) => connection.get_db(),
            Link::Primary(_) => 0,
        }
    }
}

impl Link {
    /// Whether it reaches a Redis Cluster.
    pub(super) fn is_cluster(&self) -> bool {
        matches!(self, Link::Cluster(_))
    }

    /// Sends `command`, which names no key, to the primary that holds `key`: the one primary, or
    /// the cluster's primary of `key`'s slot.
    pub(super) async fn on_primary_of(
        &mut self,
        key: &str,
        command: Cmd,
    ) -> Result<Value, RedisError> {
        match self {
            Link::Primary(_) | Link::Manager(_) | Link::Own(_) => command.query_async(self).await,
            Link::Cluster(connection) => {
                let route = Route::with_key(key.as_bytes(), SlotAddr::Master);
                connection
                    .route_command(
                        command,
                        RoutingInfo::SingleNode(SingleNodeRoutingInfo::SpecificNode(route)),
                    )
                    .await
            }
        }
    }

    /// After an error that [`again`] says may pass, or a step that ran out of time: the shared
    /// connection to the primary is made again before the next attempt (the Sentinels asked
    /// again: a failover moved the primary, or demoted the one this was). The connection
    /// manager and the cluster client make their connections again by themselves.
    pub(super) async fn broke(&self) {
        if let Link::Primary(primary) = self {
            primary.broke().await;
        }
    }
}

/// Whether a step that failed with `error` may succeed when sent again, once the connection is
/// made again or the cluster has moved on: the connection broke or timed out (Redis restarted, a
/// network blip, a node that does not answer), Redis is loading its data after a restart, the
/// cluster or the Sentinels are between primaries, or a reply did not parse. A refusal, a
/// script's error, or redirections the cluster client gave up following are not: those end the
/// step at once.
pub(super) fn again(error: &RedisError) -> bool {
    match error.kind() {
        // A reply that does not parse leaves the connection out of step: it is made again, and
        // the step sent again (which every step may be). Sentinels that name no primary that
        // answers as one are between primaries.
        ErrorKind::Io
        | ErrorKind::ClusterConnectionNotFound
        | ErrorKind::Parse
        | ErrorKind::MasterNameNotFoundBySentinel => true,
        ErrorKind::Server(kind) => matches!(
            kind,
            ServerErrorKind::BusyLoading
                | ServerErrorKind::TryAgain
                | ServerErrorKind::ClusterDown
                | ServerErrorKind::MasterDown
                | ServerErrorKind::ReadOnly
        ),
        _ => false,
    }
}

/// How long the store waits, at most, for one step (its retries included) unless
/// [`RedisStore::timeout`](super::RedisStore::timeout) sets another time.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a write that must be kept waits, at most, for its replicas' acknowledgement, unless
/// [`RedisStore::acknowledged_by`](super::RedisStore::acknowledged_by) sets another time.
pub const DEFAULT_ACKNOWLEDGEMENT: Duration = Duration::from_secs(1);

/// Redis could not be reached, or did not answer, within the store's time for a step.
#[derive(Debug)]
pub(super) struct Unreachable {
    /// The time the step was given.
    pub(super) waited: Duration,
    /// The last failure seen, if any: a connection refused, a timeout...
    pub(super) last: Option<RedisError>,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Redis could not be reached within {} ms",
            self.waited.as_millis()
        )?;
        if let Some(last) = &self.last {
            write!(f, " (the last attempt: {last})")?;
        }
        f.write_str(": try again in a moment")
    }
}

impl std::error::Error for Unreachable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.last
            .as_ref()
            .map(|error| error as &(dyn std::error::Error + 'static))
    }
}

/// A write Redis made on its primary that too few replicas acknowledged in time: a failover now
/// could lose it, so it is not said to be kept.
#[derive(Debug)]
pub(super) struct NotAcknowledged {
    /// How many replicas had to acknowledge it.
    pub(super) wanted: usize,
    /// How many did.
    pub(super) got: i64,
    /// How long the store waited for them.
    pub(super) within: Duration,
}

impl fmt::Display for NotAcknowledged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Redis wrote it on its primary, but {} of the {} replicas it needs acknowledged it within {} ms, so a failover now could lose it: try again; if the replicas are gone for good, lower `RedisStore::acknowledged_by`",
            self.got.max(0),
            self.wanted,
            self.within.as_millis()
        )
    }
}

impl std::error::Error for NotAcknowledged {}

/// Redis's error as the store's. A `RedisError` names the failure (a connection, a timeout, a
/// script's error, a key of another type), never the values sent; a reply that does not parse
/// is said so in words (the crate's own message is the error's source).
pub(super) fn backend(error: RedisError) -> StoreError {
    if error.kind() == ErrorKind::Parse {
        return StoreError::Backend(Box::new(NotRedis(error)));
    }
    StoreError::Backend(Box::new(error))
}

/// What answered does not speak Redis's protocol.
#[derive(Debug)]
pub(super) struct NotRedis(RedisError);

impl fmt::Display for NotRedis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "what answered does not speak Redis's protocol: is the address a Redis server's?",
        )
    }
}

impl std::error::Error for NotRedis {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}
