//! The connections of the writes that wait for replicas. `WAIT` holds up the connection it is
//! sent on until the replicas acknowledge, or its time is up: so each such write has a
//! connection of its own while it waits, taken from a few kept idle, or made, and given back
//! once it is done. No write waits behind another's acknowledgement, and a connection that
//! broke, or whose step ran out of time, is dropped rather than given back.

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

/// One write's connection, and how many times its primary had been found broken when it was
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
        }
    }

    /// A connection for one write: an idle one made since the primary was last found broken,
    /// or a new one, whose replies may take `reply` at most (a write's wait for its replicas,
    /// and a little more).
    pub(super) async fn take(&self, reply: Duration) -> Result<Writer, RedisError> {
        let breaks = self.breaks();
        loop {
            let idle = self
                .idle
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop();
            match idle {
                Some(writer) if writer.made == breaks => return Ok(writer),
                Some(_) => {}
                None => break,
            }
        }
        let link = match &self.source {
            // A primary gone silent is found as soon as a reply is late, and the write sent
            // again on a new connection (to the primary the Sentinels name now).
            Source::Primary(primary) => Link::Own(primary.connect(reply).await?),
            Source::Cluster(client) => Link::Cluster(client.get_async_connection().await?),
            Source::Shared(link) => link.clone(),
        };
        Ok(Writer { link, made: breaks })
    }

    /// Gives back the connection of a write done, for the next.
    pub(super) fn give_back(&self, writer: Writer) {
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < IDLE {
            idle.push(writer);
        }
    }

    /// Drops every idle connection: one broke, and the others may lead to the same primary gone.
    pub(super) fn drop_idle(&self) {
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    fn breaks(&self) -> u64 {
        match &self.source {
            Source::Primary(primary) => primary.breaks(),
            Source::Cluster(_) | Source::Shared(_) => 0,
        }
    }
}
