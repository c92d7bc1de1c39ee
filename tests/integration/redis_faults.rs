//! The Redis store (`RedisStore`) under faults, against real `redis-server`s started by the test
//! (Debian's package) on loopback, and against stand-ins that misbehave on purpose:
//!
//! - a Redis Cluster (three primaries with a replica each, built by `redis-cli --cluster create`)
//!   serving two replicas, then the primary of the store's slot killed: every answer the store
//!   said was kept survives, and the store goes on without being rebuilt;
//! - an answer acknowledged by a replica, and one that is not (its replica killed): an error that
//!   says so, in bounded time, while reads go on;
//! - Redis killed and restarted on its append-only file: the very next step works;
//! - Redis down for seconds: every step ends within the store's time with an error that says so,
//!   then the same store works again;
//! - a reply lost after the step ran (a proxy that drops it and the connection): the step, sent
//!   again, gives the outcome it gave, and does nothing twice (the hostile twins of each step);
//! - a server that answers garbage, one that never answers, and a cluster node that redirects
//!   every command to itself: a clear error in bounded time, nothing half-written taken.
//!
//! `cargo test -p mcp-elicit-integration-tests --test redis_faults -- --ignored` (CI installs
//! `redis-server` and runs them).

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use mcp_elicit::page::redis::RedisStore;
use mcp_elicit::page::seal::PageId;
use mcp_elicit::page::store::{
    Answered, Created, Ended, KeptStore, NewPage, Owner, PageStore, StoreError, Stored, Taken,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[path = "support/redis_server.rs"]
mod redis_server;

use redis_server::{Cluster, Redis};

const KEEP: Duration = Duration::from_mins(10);
const ALICE: Owner = Owner::from_bytes([1; 16]);
const SHARE: usize = 8;

/// A page of `owner` holding `record`.
fn page(owner: Owner, record: &[u8]) -> (PageId, NewPage) {
    let id = PageId::random().unwrap();
    (
        id,
        NewPage::new(id, owner, record.to_vec(), KEEP).share(SHARE),
    )
}

/// The seeds of `cluster` as `connect_cluster` takes them.
fn seeds(cluster: &Cluster) -> Vec<String> {
    cluster.seeds().split(',').map(str::to_owned).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn two_replicas_share_their_pages_on_a_redis_cluster_and_ride_out_a_failover() {
    let mut cluster = Cluster::start();
    let a = RedisStore::connect_cluster(seeds(&cluster))
        .await
        .expect("connected")
        .timeout(Duration::from_secs(20));
    let b = RedisStore::connect_cluster(seeds(&cluster)[..1].iter())
        .await
        .expect("connected from one seed")
        .timeout(Duration::from_secs(20));
    // The keys share one slot (the prefix is their hash tag); the primary has a replica, so
    // answers wait for it.
    assert_eq!(
        format!("{a:?}"),
        "RedisStore { prefix: \"{mcp-elicit:page:}\", cluster: true, timeout: 20s, replicas: 1, .. }"
    );

    // Made on A, answered on B, taken on A; and values kept.
    let mut answered = Vec::new();
    for n in 0..6u8 {
        let (id, new) = page(ALICE, &[n]);
        assert_eq!(a.create(new).await.unwrap(), Created::Made);
        assert_eq!(b.read(&id).await.unwrap(), Some(Stored::Waiting(vec![n])));
        assert_eq!(b.answer(&id, vec![b'a', n]).await.unwrap(), Answered::Now);
        answered.push((id, n));
    }
    let (id, _) = answered.pop().unwrap();
    assert_eq!(a.take(&id).await.unwrap(), Taken::Answer(vec![b'a', 5]));
    assert_eq!(b.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
    b.put("token:ada", b"sealed".to_vec(), None).await.unwrap();
    assert!(a.claim("once:1", Duration::from_mins(1)).await.unwrap());
    assert!(!b.claim("once:1", Duration::from_mins(1)).await.unwrap());
    // Every key the store wrote is in the slot of its tag, on that slot's primary.
    let primary = cluster.primary_of("{mcp-elicit:page:}");
    let keys = redis_server::cli(primary, &["--scan"]);
    assert!(keys.lines().count() >= 8, "{keys}");
    assert!(
        keys.lines()
            .all(|key| key.starts_with("{mcp-elicit:page:}")),
        "{keys}"
    );

    // The primary of the store's slot dies. The store, not rebuilt, follows the failover: the
    // first step waits for it, and every answer that was acknowledged is there.
    cluster.kill(primary);
    let killed = Instant::now();
    let (first, _) = answered[0];
    assert_eq!(a.take(&first).await.unwrap(), Taken::Answer(vec![b'a', 0]));
    let failover = killed.elapsed();
    eprintln!("the first step after the primary's death completed in {failover:?}");
    assert!(failover < Duration::from_secs(20), "{failover:?}");
    for (id, n) in &answered[1..] {
        assert_eq!(b.take(id).await.unwrap(), Taken::Answer(vec![b'a', *n]));
    }
    assert_eq!(
        a.get("token:ada").await.unwrap().as_deref(),
        Some(b"sealed".as_slice())
    );
    assert!(!a.claim("once:1", Duration::from_mins(1)).await.unwrap());
    // New pages are made and answered on the promoted replica.
    let (id, new) = page(ALICE, b"after");
    assert_eq!(b.create(new).await.unwrap(), Created::Made);
    cluster.wait_until_ok();
    assert_ne!(cluster.primary_of("{mcp-elicit:page:}"), primary);
    assert_eq!(
        a.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"after".to_vec()))
    );
}
