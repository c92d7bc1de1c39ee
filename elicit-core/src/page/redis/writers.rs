//! The connections of the writes that wait for replicas. `WAIT` holds up the connection it is
//! sent on until the replicas acknowledge, or its time is up: so each such write has a
//! connection of its own while it waits, taken from a few kept idle, or made, and given back
//! once it is done. No write waits behind another's acknowledgement, and a connection that
//! broke, or whose step ran out of time, is dropped rather than given back; so is every
//! connection made before any of them was found broken (it may lead to a primary gone).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::redis::RedisError;
use ::redis::cluster::ClusterClient;

use super::link::{Link, Primary};

/// How many idle connections are kept for the next writes: more are made when more writes wait
/// at once, and dropped when they are done.
const IDLE: usize = 16;

/// Where the writes that wait for replicas get their connections.
pub(super) struct Writers {
    source: Source,
    idle: Mutex<Vec<Writer>>,
    /// How many times a connection was found broken: a connection made before the last time is
    /// not used again.
    broken: AtomicU64,
}

enum Source {
    /// Connections of their own to the primary (at its address, or named by the Sentinels).
    Primary(Arc<Primary>),
    /// Connections of their own to a Redis Cluster.
    Cluster(Box<ClusterClient>),
    /// One connection shared by every write (a connection the user made): the writes wait in
    /// turn.
    Shared(Link),
}

/// One write's connection, and how many times a connection had been found broken when it was
/// made.
pub(super) struct Writer {
    pub(super) link: Link,
    made: u64,
}

impl Writers {
    pub(super) fn to_primary(primary: Arc<Primary>) -> Self {
        Writers::from(Source::Primary(primary))
    }

    pub(super) fn to_cluster(client: ClusterClient) -> Self {
        Writers::from(Source::Cluster(Box::new(client)))
    }

    pub(super) fn shared(link: Link) -> Self {
        Writers::from(Source::Shared(link))
    }

    fn from(source: Source) -> Self {
        Writers {
            source,
            idle: Mutex::new(Vec::new()),
            broken: AtomicU64::new(0),
        }
    }

    /// A connection for one write: an idle one, or a new one whose replies may take `reply` at
    /// most (a write's wait for its replicas, and a little more).
    pub(super) async fn take(&self, reply: Duration) -> Result<Writer, RedisError> {
        let made = self.broken.load(Ordering::SeqCst);
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        if let Some(writer) = idle {
            return Ok(writer);
        }
        let link = match &self.source {
            // A primary gone silent is found as soon as a reply is late, and the write sent
            // again on a new connection (to the primary the Sentinels name now).
            Source::Primary(primary) => Link::Own(primary.connect(reply).await?),
            Source::Cluster(client) => Link::Cluster(client.get_async_connection().await?),
            Source::Shared(link) => link.clone(),
        };
        Ok(Writer { link, made })
    }

    /// Gives back the connection of a write done, for the next: kept unless a connection was
    /// found broken since it was made.
    pub(super) fn give_back(&self, writer: Writer) {
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < IDLE && writer.made == self.broken.load(Ordering::SeqCst) {
            idle.push(writer);
        }
    }

    /// A connection broke, or went silent: every connection made before is dropped (the idle
    /// ones now, those in use when they are given back), for they may lead to the same primary
    /// gone.
    pub(super) fn broke(&self) {
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        self.broken.fetch_add(1, Ordering::SeqCst);
        idle.clear();
    }
}
