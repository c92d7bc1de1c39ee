//! How the store reaches Redis: one Redis through the `redis` crate's connection manager, a
//! Redis Cluster through its cluster client (which follows `MOVED` and `ASK` and a primary's
//! failover), or the primary the Sentinels name, asked again when its connection breaks; each
//! step within a bounded time, sent again when its connection broke, and, where the deployment
//! has replicas, acknowledged by them before it counts as kept.
//!
//! Sending a step again is safe because every step of the store is: reads, and writes that are
//! conditional or idempotent (see the scripts: a page made, an answer given, an answer taken or a
//! value claimed is recognised when the same step comes again, and gives the same outcome).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use ::redis::AsyncConnectionConfig;
use ::redis::aio::{ConnectionLike, ConnectionManager, MultiplexedConnection};
use ::redis::cluster_async::ClusterConnection;
use ::redis::cluster_routing::{Route, RoutingInfo, SingleNodeRoutingInfo, SlotAddr};
use ::redis::sentinel::SentinelClient;
use ::redis::{Cmd, ErrorKind, Pipeline, RedisError, RedisFuture, ServerErrorKind, Value};

use crate::page::store::StoreError;

/// The connection to one Redis, to a Redis Cluster, or to the primary Redis Sentinels name.
/// Cloning it is cheap: clones share their connections (Redis pipelines their commands).
#[derive(Clone)]
pub(super) enum Link {
    /// One Redis (a primary, which may have replicas).
    One(ConnectionManager),
    /// A Redis Cluster.
    Cluster(ClusterConnection),
    /// The primary the Sentinels name.
    Sentinel(Arc<Sentinels>),
}

/// The primary of a service watched by Redis Sentinels: a connection to the primary they name,
/// made when first needed and again after it broke (a failover moves the primary: the Sentinels
/// are asked again).
pub(super) struct Sentinels {
    client: tokio::sync::Mutex<SentinelClient>,
    primary: tokio::sync::Mutex<Option<MultiplexedConnection>>,
    config: AsyncConnectionConfig,
}

impl Sentinels {
    pub(super) fn new(client: SentinelClient, reply: Option<Duration>) -> Self {
        Sentinels {
            client: tokio::sync::Mutex::new(client),
            primary: tokio::sync::Mutex::new(None),
            config: AsyncConnectionConfig::new()
                .set_connection_timeout(Some(Duration::from_secs(1)))
                .set_response_timeout(reply),
        }
    }

    /// The connection to the primary: the one made, or a new one to the primary the Sentinels
    /// name now.
    async fn primary(&self) -> Result<MultiplexedConnection, RedisError> {
        let mut primary = self.primary.lock().await;
        if let Some(connection) = &*primary {
            return Ok(connection.clone());
        }
        let client = self.client.lock().await.async_get_client().await?;
        let connection = client
            .get_multiplexed_async_connection_with_config(&self.config)
            .await?;
        *primary = Some(connection.clone());
        Ok(connection)
    }
}

impl ConnectionLike for Link {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Link::One(connection) => connection.req_packed_command(cmd),
            Link::Cluster(connection) => connection.req_packed_command(cmd),
            Link::Sentinel(sentinels) => {
                Box::pin(async move { sentinels.primary().await?.req_packed_command(cmd).await })
            }
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Link::One(connection) => connection.req_packed_commands(pipeline, offset, count),
            Link::Cluster(connection) => connection.req_packed_commands(pipeline, offset, count),
            Link::Sentinel(sentinels) => Box::pin(async move {
                sentinels
                    .primary()
                    .await?
                    .req_packed_commands(pipeline, offset, count)
                    .await
            }),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Link::One(connection) => connection.get_db(),
            Link::Cluster(connection) => connection.get_db(),
            Link::Sentinel(_) => 0,
        }
    }
}

impl Link {
    /// Sends `command`, which names no key, to the primary that holds `key`: the one Redis, or
    /// the cluster's primary of `key`'s slot (where the store's keys all are: they share one hash
    /// tag).
    pub(super) async fn on_primary_of(
        &mut self,
        key: &str,
        command: Cmd,
    ) -> Result<Value, RedisError> {
        match self {
            Link::One(_) | Link::Sentinel(_) => command.query_async(self).await,
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

    /// After `error`, which [`again`] says may pass: the Sentinels are asked for the primary
    /// again before the next attempt (a failover moved it, or demoted the one this was). The
    /// connection manager and the cluster client make their connections again by themselves.
    pub(super) async fn broke(&self) {
        if let Link::Sentinel(sentinels) = self {
            *sentinels.primary.lock().await = None;
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
