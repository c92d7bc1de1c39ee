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
    Answered, Created, Ended, KeptStore, NewPage, Owner, PageStore, Stored, Taken,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[path = "support/redis_server.rs"]
mod redis_server;

use redis_server::{Cluster, Redis};

const KEEP: Duration = Duration::from_mins(10);
const ALICE: Owner = Owner::from_bytes([1; 16]);
const SHARE: u8 = 8;

/// A page of `owner` holding `record`.
fn page(owner: Owner, record: &[u8]) -> (PageId, NewPage) {
    let id = PageId::random_for(&owner).unwrap();
    (
        id,
        NewPage::new(id, owner, record.to_vec(), KEEP).share(SHARE.into()),
    )
}

/// The seeds of `cluster` as `connect_cluster` takes them.
fn seeds(cluster: &Cluster) -> Vec<String> {
    cluster.seeds().split(',').map(str::to_owned).collect()
}

/// The hash tag of the pages of `owner` on a Redis Cluster (the store's default prefix).
fn tag_of(owner: Owner) -> String {
    format!("mcp-elicit:page:{{{:02x}}}", owner.bucket())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn two_replicas_spread_their_pages_over_a_redis_cluster_and_a_failover_stops_only_its_own() {
    const OWNERS: u8 = 48;
    let mut cluster = Cluster::start();
    let a = RedisStore::connect_cluster(seeds(&cluster))
        .await
        .expect("connected")
        .timeout(Duration::from_secs(20));
    let b = RedisStore::connect_cluster(seeds(&cluster)[..1].iter())
        .await
        .expect("connected from one seed")
        .timeout(Duration::from_secs(20));
    // The kept values share one slot (the prefix is their hash tag); the pages spread by their
    // owner's bucket; answers wait for a replica wherever the primary has one.
    assert_eq!(
        format!("{a:?}"),
        "RedisStore { prefix: \"{mcp-elicit:page:}\", cluster: true, timeout: 20s, acknowledged: WhereThereAreAny { within: 1s }, .. }"
    );

    // Made on A, answered on B, taken on A, for owners of many buckets; and values kept.
    let owners: Vec<Owner> = (0..OWNERS)
        .map(|n| Owner::from_bytes([n.wrapping_mul(37); 16]))
        .collect();
    let mut answered = Vec::new();
    for (n, owner) in owners.iter().enumerate() {
        let n = u8::try_from(n).unwrap();
        let (id, new) = page(*owner, &[n]);
        assert_eq!(a.create(new).await.unwrap(), Created::Made);
        assert_eq!(b.read(&id).await.unwrap(), Some(Stored::Waiting(vec![n])));
        assert_eq!(b.answer(&id, vec![b'a', n]).await.unwrap(), Answered::Now);
        answered.push((id, *owner, n));
    }
    let (id, _, n) = answered.pop().unwrap();
    assert_eq!(a.take(&id).await.unwrap(), Taken::Answer(vec![b'a', n]));
    assert_eq!(b.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
    b.put("token:ada", b"sealed".to_vec(), None).await.unwrap();
    assert!(a.claim("once:1", Duration::from_mins(1)).await.unwrap());
    assert!(!b.claim("once:1", Duration::from_mins(1)).await.unwrap());
    // A page whose id does not carry its owner's bucket is refused, with the fix.
    let stray = NewPage::new(
        PageId::random_for(&owners[1]).unwrap(),
        owners[2],
        vec![],
        KEEP,
    );
    assert_eq!(
        a.create(stray).await.unwrap_err().to_string(),
        "the page store failed: on a Redis Cluster a page's id must carry its owner's bucket, so that the page lives beside the owner's others: make it with `PageId::random_for(&owner)`"
    );
    // Every primary holds its share of the pages, each key in the slot of its tag.
    let primaries = cluster.primaries();
    let mut held = Vec::new();
    for primary in &primaries {
        let keys = redis_server::cli(*primary, &["--scan"]);
        assert!(
            keys.lines()
                .all(|key| key.starts_with("mcp-elicit:page:{")
                    || key.starts_with("{mcp-elicit:page:}")),
            "{keys}"
        );
        held.push(keys.lines().count());
    }
    eprintln!("the store's keys on each of the cluster's primaries: {held:?}");
    assert_eq!(held.len(), 3);
    assert!(held.iter().all(|keys| *keys >= 8), "{held:?}");

    // The primary of the first owner's pages dies. The store, not rebuilt, follows the
    // failover: that owner's first step waits for it, and every answer that was acknowledged is
    // there; meanwhile the owners whose pages live on the other primaries go on at once.
    let first = answered[0];
    let primary = cluster.primary_of(&tag_of(first.1));
    let elsewhere: Vec<_> = answered
        .iter()
        .filter(|(_, owner, _)| cluster.primary_of(&tag_of(*owner)) != primary)
        .copied()
        .collect();
    cluster.kill(primary);
    let killed = Instant::now();
    assert!(!elsewhere.is_empty());
    for (id, _, n) in &elsewhere {
        assert_eq!(b.take(id).await.unwrap(), Taken::Answer(vec![b'a', *n]));
    }
    let others = killed.elapsed();
    let (id, owner, _) = elsewhere[0];
    let (fresh, new) = page(owner, b"during");
    a.create(new).await.unwrap();
    assert_eq!(
        b.answer(&fresh, b"y".to_vec()).await.unwrap(),
        Answered::Now
    );
    assert_eq!(a.take(&fresh).await.unwrap(), Taken::Answer(b"y".to_vec()));
    assert_eq!(a.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
    let during = killed.elapsed();
    eprintln!(
        "one primary of three killed: the {} answers on the others taken within {others:?}, a whole flow on them done {during:?} after the death",
        elsewhere.len()
    );
    assert!(
        others < Duration::from_secs(2),
        "the other primaries' owners waited: {others:?}"
    );
    assert_eq!(
        a.take(&first.0).await.unwrap(),
        Taken::Answer(vec![b'a', first.2])
    );
    let failover = killed.elapsed();
    eprintln!("the first step on the dead primary's pages completed {failover:?} after its death");
    assert!(failover < Duration::from_secs(20), "{failover:?}");
    for (id, _, n) in &answered[1..] {
        if !elsewhere.iter().any(|(other, _, _)| other == id) {
            assert_eq!(b.take(id).await.unwrap(), Taken::Answer(vec![b'a', *n]));
        }
    }
    assert_eq!(
        a.get("token:ada").await.unwrap().as_deref(),
        Some(b"sealed".as_slice())
    );
    assert!(!a.claim("once:1", Duration::from_mins(1)).await.unwrap());
    // New pages are made and answered on the promoted replica, though it has no replica of its
    // own (its primary is dead): the store does not refuse every answer for want of one.
    let (id, new) = page(first.1, b"after");
    assert_eq!(b.create(new).await.unwrap(), Created::Made);
    let (answered_after, new) = page(first.1, b"answered after");
    a.create(new).await.unwrap();
    assert_eq!(
        b.answer(&answered_after, b"yes".to_vec()).await.unwrap(),
        Answered::Now
    );
    b.put("token:bob", b"sealed".to_vec(), None).await.unwrap();
    cluster.wait_until_ok();
    assert_ne!(cluster.primary_of(&tag_of(first.1)), primary);
    assert_eq!(
        a.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"after".to_vec()))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn an_answer_is_kept_once_a_replica_has_it_and_said_not_kept_when_none_answers() {
    let redis = Redis::start();
    let mut replica = redis.replica();
    let store = RedisStore::connect(&redis.url)
        .await
        .unwrap()
        .acknowledged_by(1, Duration::from_millis(300));
    let (id, new) = page(ALICE, b"r");
    store.create(new).await.unwrap();
    assert_eq!(
        store.answer(&id, b"a".to_vec()).await.unwrap(),
        Answered::Now
    );
    // The replica has it.
    assert_eq!(
        replica
            .cli(&["HGET", &format!("mcp-elicit:page:{id}"), "stage"])
            .trim(),
        "answered"
    );

    // The replica gone: the answer is written on the primary, but not said to be kept; nor is
    // a page made (closed again on the primary, so it holds no room in the share).
    let (id, new) = page(ALICE, b"r2");
    store.create(new).await.unwrap();
    replica.kill();
    let (refused, new) = page(ALICE, b"refused");
    assert!(store.create(new).await.is_err());
    assert_eq!(
        store.read(&refused).await.unwrap(),
        Some(Stored::Ended(Ended::Closed))
    );
    let started = Instant::now();
    let error = store.answer(&id, b"a2".to_vec()).await.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(
        error.to_string(),
        "the page store failed: Redis wrote it on its primary, but 0 of the 1 replicas it needs acknowledged it within 300 ms, so a failover now could lose it: try again; if the replicas are gone for good, lower `RedisStore::acknowledged_by`"
    );
    // The same for a value kept; reads and the steps nothing is promised of go on, at once.
    // The answer said not kept is not taken: the page still waits for the person.
    assert!(store.put("token", b"t".to_vec(), None).await.is_err());
    let started = Instant::now();
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"r2".to_vec()))
    );
    assert_eq!(store.take(&id).await.unwrap(), Taken::Waiting);
    assert!(
        started.elapsed() < Duration::from_millis(250),
        "{:?}",
        started.elapsed()
    );
    // Waiting for no replica: kept on the primary alone; and the person's answer, given again,
    // replaces the one said not kept.
    let alone = store.clone().acknowledged_by(0, Duration::ZERO);
    alone.put("token", b"t".to_vec(), None).await.unwrap();
    assert_eq!(
        alone.answer(&id, b"a2, again".to_vec()).await.unwrap(),
        Answered::Now
    );
    assert_eq!(
        alone.take(&id).await.unwrap(),
        Taken::Answer(b"a2, again".to_vec())
    );
    // By default, a replica where there is one: with none left, the primary keeps answers alone
    // (asked again once one falls short), rather than refusing them all.
    let default = RedisStore::connect(&redis.url).await.unwrap();
    let (id, new) = page(ALICE, b"r3");
    default.create(new).await.unwrap();
    let started = Instant::now();
    assert_eq!(
        default.answer(&id, b"a3".to_vec()).await.unwrap(),
        Answered::Now
    );
    assert!(
        started.elapsed() < Duration::from_millis(250),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn redis_restarted_on_its_append_only_file_is_used_at_once_and_forgets_no_answer() {
    let mut redis = Redis::durable();
    let store = RedisStore::connect(&redis.url).await.unwrap();
    let mut waiting = Vec::new();
    for n in 0..5u8 {
        let (id, new) = page(ALICE, &[n]);
        store.create(new).await.unwrap();
        assert_eq!(store.answer(&id, vec![n]).await.unwrap(), Answered::Now);
        waiting.push((id, n));
    }
    redis.kill();
    redis.restart();
    // The very next step works: the broken connection is made again, and the step sent again
    // (before, it failed: "the page store failed: ...").
    let (id, n) = waiting[0];
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Answered(vec![n]))
    );
    for (id, n) in waiting {
        assert_eq!(store.take(&id).await.unwrap(), Taken::Answer(vec![n]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn redis_down_for_seconds_gives_bounded_errors_then_the_same_store_works() {
    let mut redis = Redis::durable();
    let store = RedisStore::connect(&redis.url)
        .await
        .unwrap()
        .timeout(Duration::from_millis(800));
    let (id, new) = page(ALICE, b"r");
    store.create(new).await.unwrap();
    redis.kill();
    let down = Instant::now();
    let mut errors = 0;
    while down.elapsed() < Duration::from_secs(3) {
        let started = Instant::now();
        let error = store.read(&id).await.unwrap_err();
        let took = started.elapsed();
        assert!(took < Duration::from_millis(1_500), "{took:?}");
        let message = error.to_string();
        assert!(
            message.starts_with("the page store failed: Redis could not be reached within 800 ms"),
            "{message}"
        );
        assert!(message.ends_with(": try again in a moment"), "{message}");
        errors += 1;
    }
    assert!(errors >= 3, "{errors}");
    redis.restart();
    // No restart of the store: its next steps work (each waits for the connection, within its
    // time).
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"r".to_vec()))
    );
    assert_eq!(
        store.answer(&id, b"a".to_vec()).await.unwrap(),
        Answered::Now
    );
}

/// What the proxy does to the next reply from Redis.
const PASS: u8 = 0;
/// Drops it, and the connection: the step ran, its reply is lost.
const DROP: u8 = 1;
/// Swallows it, and everything after: a Redis that accepts and never answers.
const SILENT: u8 = 2;
/// Puts garbage in its place.
const GARBLE: u8 = 3;
/// Drops a quarter of the replies, drawn at random, each with its connection, for good (until
/// told otherwise).
const CHAOS: u8 = 4;

/// A TCP proxy in front of Redis that does to replies what `mode` says.
struct Proxy {
    url: String,
    mode: Arc<AtomicU8>,
}

impl Proxy {
    async fn start(upstream: u16) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("redis://{}/", listener.local_addr().unwrap());
        let mode = Arc::new(AtomicU8::new(PASS));
        let shared = Arc::clone(&mode);
        let generator = Arc::new(std::sync::atomic::AtomicU64::new(0x2545_f491_4f6c_dd1d));
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let mode = Arc::clone(&shared);
                let draws = Arc::clone(&generator);
                tokio::spawn(async move {
                    let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)).await else {
                        return;
                    };
                    let (mut client_read, mut client_write) = client.into_split();
                    let (mut server_read, mut server_write) = server.into_split();
                    let requests = tokio::spawn(async move {
                        let _ = tokio::io::copy(&mut client_read, &mut server_write).await;
                    });
                    let mut buffer = vec![0; 64 * 1024];
                    while let Ok(read) = server_read.read(&mut buffer).await {
                        if read == 0 {
                            break;
                        }
                        if mode.load(Ordering::SeqCst) == CHAOS {
                            // A generator of the proxy's own (xorshift), shared by its
                            // connections, so that no step is lost at the same place each time.
                            let mut x = draws.load(Ordering::SeqCst);
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            draws.store(x, Ordering::SeqCst);
                            if x.is_multiple_of(4) {
                                break;
                            }
                        } else {
                            match mode.swap(PASS, Ordering::SeqCst) {
                                DROP => break,
                                SILENT => {
                                    mode.store(SILENT, Ordering::SeqCst);
                                    continue;
                                }
                                GARBLE => {
                                    let _ = client_write.write_all(b"?garbage\xff\r\n").await;
                                    continue;
                                }
                                _ => {}
                            }
                        }
                        if client_write.write_all(&buffer[..read]).await.is_err() {
                            break;
                        }
                    }
                    requests.abort();
                });
            }
        });
        Proxy { url, mode }
    }

    fn next(&self, mode: u8) {
        self.mode.store(mode, Ordering::SeqCst);
    }
}

/// Runs each step of `store` once, so that Redis has every script: a reply lost afterwards is the
/// step's own, not Redis asking for the script. Leaves no page open and no value kept.
async fn every_script_loaded(store: &RedisStore) {
    let (id, new) = page(ALICE, b"warm");
    store.create(new).await.unwrap();
    store.answer(&id, b"a".to_vec()).await.unwrap();
    store.take(&id).await.unwrap();
    store.close(&id).await.unwrap();
    store.claim("once:0", Duration::from_mins(1)).await.unwrap();
    store.put("flow:0", b"v".to_vec(), None).await.unwrap();
    store.remove("flow:0").await.unwrap();
    store.replace("token:0", None, None, None).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_step_whose_reply_was_lost_is_sent_again_and_does_nothing_twice() {
    let redis = Redis::start();
    let proxy = Proxy::start(redis.port()).await;
    let store = RedisStore::connect(&proxy.url).await.unwrap();
    let open_pages = || {
        redis
            .cli(&["ZCARD", &format!("mcp-elicit:page:owner:{ALICE}")])
            .trim()
            .to_owned()
    };

    every_script_loaded(&store).await;
    assert_eq!(open_pages(), "0");

    // A page made, the reply lost: sent again, the page is the one made (not "an id in use"),
    // counted once in the owner's share.
    let (id, new) = page(ALICE, b"r");
    proxy.next(DROP);
    assert_eq!(store.create(new).await.unwrap(), Created::Made);
    assert_eq!(open_pages(), "1");
    // An answer given, the reply lost: answered now (not "answered before").
    proxy.next(DROP);
    assert_eq!(
        store.answer(&id, b"a".to_vec()).await.unwrap(),
        Answered::Now
    );
    // Its answer taken, the reply lost: the same take gets it (not "taken already"), once.
    proxy.next(DROP);
    assert_eq!(store.take(&id).await.unwrap(), Taken::Answer(b"a".to_vec()));
    assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
    assert_eq!(open_pages(), "0");
    // Nothing handed over is left once the reply came.
    assert!(!redis.cli(&["--scan"]).contains("handed"));

    // A claim (a state used once) made, the reply lost: the claimant has it, no one else.
    proxy.next(DROP);
    assert!(store.claim("once:1", Duration::from_mins(1)).await.unwrap());
    assert!(!store.claim("once:1", Duration::from_mins(1)).await.unwrap());
    // A value removed, the reply lost: the remover gets it, no one else.
    store.put("flow:1", b"v".to_vec(), None).await.unwrap();
    proxy.next(DROP);
    assert_eq!(store.remove("flow:1").await.unwrap(), Some(b"v".to_vec()));
    assert_eq!(store.remove("flow:1").await.unwrap(), None);
    // A compare-and-swap made, the reply lost: made.
    proxy.next(DROP);
    assert!(
        store
            .replace("token", None, Some(b"t1".to_vec()), None)
            .await
            .unwrap()
    );
    proxy.next(DROP);
    assert!(
        store
            .replace("token", Some(b"t1"), Some(b"t2".to_vec()), None)
            .await
            .unwrap()
    );
    assert_eq!(store.get("token").await.unwrap(), Some(b"t2".to_vec()));
    // And a page made within a full share, the reply lost: one page closed for it, not two.
    let mut ids = Vec::new();
    for n in 0..SHARE {
        let (id, new) = page(ALICE, &[n]);
        store.create(new).await.unwrap();
        ids.push(id);
    }
    let (_, new) = page(ALICE, b"one more");
    proxy.next(DROP);
    assert_eq!(store.create(new).await.unwrap(), Created::Replaced(ids[0]));
    assert_eq!(open_pages(), SHARE.to_string());
    assert_eq!(
        store.read(&ids[1]).await.unwrap(),
        Some(Stored::Waiting(vec![1]))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn garbage_and_silence_end_a_step_in_bounded_time_and_nothing_half_written_is_an_answer() {
    let redis = Redis::start();
    let proxy = Proxy::start(redis.port()).await;
    let store = RedisStore::connect(&proxy.url)
        .await
        .unwrap()
        .timeout(Duration::from_secs(1));
    let (id, new) = page(ALICE, b"r");
    store.create(new).await.unwrap();
    store.answer(&id, b"a".to_vec()).await.unwrap();

    // Garbage in place of the take's reply: never an answer. The take, sent again on a new
    // connection, gets the answer it took.
    proxy.next(GARBLE);
    assert_eq!(store.take(&id).await.unwrap(), Taken::Answer(b"a".to_vec()));

    // A Redis that accepts and never answers: an error within the store's time.
    let (id, new) = page(ALICE, b"r2");
    store.create(new).await.unwrap();
    proxy.next(SILENT);
    let started = Instant::now();
    let error = store.read(&id).await.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_millis(1_500),
        "{:?}",
        started.elapsed()
    );
    assert!(
        error
            .to_string()
            .starts_with("the page store failed: Redis could not be reached within 1000 ms"),
        "{error}"
    );
    proxy.next(PASS);

    // Connecting to a server that never answers, or answers garbage: an error, in bounded time.
    let silent = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_url = format!("redis://{}/", silent.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = silent.accept().await {
            held.push(stream);
        }
    });
    let started = Instant::now();
    let error = RedisStore::connect(&silent_url).await.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(7),
        "{:?}",
        started.elapsed()
    );
    assert!(
        error.to_string().starts_with("the page store failed: "),
        "{error}"
    );
    let garbage = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let garbage_url = format!("redis://{}/", garbage.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = garbage.accept().await {
            tokio::spawn(async move {
                let mut buffer = [0; 1024];
                while let Ok(read) = stream.read(&mut buffer).await {
                    if read == 0
                        || stream
                            .write_all(b"HTTP/1.1 400 Bad Request\r\n\r\n")
                            .await
                            .is_err()
                    {
                        break;
                    }
                }
            });
        }
    });
    let started = Instant::now();
    let error = RedisStore::connect(&garbage_url).await.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(7),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(
        error.to_string(),
        "the page store failed: what answered does not speak Redis's protocol: is the address a Redis server's?"
    );
}

/// A Redis Cluster node that says it serves every slot, and redirects every command to itself.
async fn redirecting_node() -> String {
    use tokio::io::{AsyncBufReadExt, BufReader};
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                // One command: `*N`, then `$LEN` and the argument, N times.
                while let Ok(Some(head)) = lines.next_line().await {
                    let Some(count) = head.strip_prefix('*').and_then(|n| n.parse::<usize>().ok())
                    else {
                        return;
                    };
                    let mut words = Vec::new();
                    for _ in 0..count {
                        let (Ok(Some(_)), Ok(Some(word))) =
                            (lines.next_line().await, lines.next_line().await)
                        else {
                            return;
                        };
                        words.push(word.to_ascii_uppercase());
                    }
                    let reply = match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                        ["CLUSTER", "SLOTS", ..] => format!(
                            "*1\r\n*3\r\n:0\r\n:16383\r\n*3\r\n$9\r\n127.0.0.1\r\n:{port}\r\n$40\r\n{}\r\n",
                            "e".repeat(40)
                        ),
                        ["PING", ..] => "+PONG\r\n".to_owned(),
                        ["CLIENT" | "READONLY", ..] => "+OK\r\n".to_owned(),
                        _ => format!("-MOVED 3300 127.0.0.1:{port}\r\n"),
                    };
                    if write.write_all(reply.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    format!("redis://127.0.0.1:{port}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_cluster_that_redirects_in_a_loop_is_an_error_in_bounded_time() {
    let node = redirecting_node().await;
    let started = Instant::now();
    let error = RedisStore::connect_cluster([node]).await.unwrap_err();
    let took = started.elapsed();
    eprintln!("redirected for {took:?}: {error}");
    assert!(took < Duration::from_secs(7), "{took:?}");
    assert!(
        error.to_string().starts_with("the page store failed: "),
        "{error}"
    );
    // No seed at all: said so.
    let error = RedisStore::connect_cluster(Vec::<String>::new())
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the page store failed: no Redis Cluster node to start from: give at least one, `redis://HOST:PORT`"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_store_through_sentinels_follows_its_primarys_failover() {
    use mcp_elicit::page::redis::SentinelNodeConnectionInfo;
    let mut primary = Redis::start();
    let replica = primary.replica();
    let sentinels = redis_server::Sentinels::watch(&primary);
    let store = RedisStore::connect_sentinel(
        &sentinels.urls,
        "svc",
        SentinelNodeConnectionInfo::default(),
    )
    .await
    .expect("connected through the Sentinels")
    .timeout(Duration::from_secs(20));
    assert_eq!(
        format!("{store:?}"),
        "RedisStore { prefix: \"mcp-elicit:page:\", cluster: false, timeout: 20s, acknowledged: WhereThereAreAny { within: 1s }, .. }"
    );
    let mut answered = Vec::new();
    for n in 0..4u8 {
        let (id, new) = page(ALICE, &[n]);
        store.create(new).await.unwrap();
        assert_eq!(store.answer(&id, vec![n]).await.unwrap(), Answered::Now);
        answered.push((id, n));
    }
    store
        .put("token:ada", b"sealed".to_vec(), None)
        .await
        .unwrap();

    // The primary dies: the Sentinels promote the replica, and the store, asking them again,
    // goes on there with every acknowledged answer.
    primary.kill();
    let killed = Instant::now();
    let (first, n) = answered[0];
    assert_eq!(store.take(&first).await.unwrap(), Taken::Answer(vec![n]));
    eprintln!(
        "the first step after the primary's death completed in {:?}",
        killed.elapsed()
    );
    assert_eq!(sentinels.primary(), replica.port());
    for (id, n) in &answered[1..] {
        assert_eq!(store.take(id).await.unwrap(), Taken::Answer(vec![*n]));
    }
    assert_eq!(
        store.get("token:ada").await.unwrap(),
        Some(b"sealed".to_vec())
    );
    let (id, new) = page(ALICE, b"after");
    assert_eq!(store.create(new).await.unwrap(), Created::Made);
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"after".to_vec()))
    );
    // The promoted replica has no replica of its own: answers are kept there all the same.
    assert_eq!(
        store.answer(&id, b"yes".to_vec()).await.unwrap(),
        Answered::Now
    );
    // No Sentinel given: said so.
    let error = RedisStore::connect_sentinel(
        Vec::<String>::new(),
        "svc",
        SentinelNodeConnectionInfo::default(),
    )
    .await
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the page store failed: no Redis Sentinel to start from: give at least one, `redis://HOST:PORT`"
    );
}

#[path = "support/store_model.rs"]
mod store_model;

/// The store held to the model of a page store (`support/store_model.rs`) while a quarter of
/// Redis's replies are lost, each with its connection, after the step ran: every step sent again
/// gives what the model says of one step, so nothing is done twice, and nothing lost.
#[test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
fn with_a_quarter_of_its_replies_lost_the_store_keeps_the_contract() {
    use proptest::prelude::*;
    let redis = Redis::start();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (proxy, store) = runtime.block_on(async {
        let proxy = Proxy::start(redis.port()).await;
        let store = RedisStore::connect(&proxy.url).await.unwrap();
        proxy.next(CHAOS);
        (proxy, store)
    });
    let case = std::sync::atomic::AtomicU32::new(0);
    let config = ProptestConfig::with_cases(16);
    proptest::test_runner::TestRunner::new(config)
        .run(&store_model::steps(), |steps| {
            let case = case.fetch_add(1, Ordering::Relaxed);
            let outcome = runtime.block_on(async {
                let store = store.clone().prefix(format!("chaos:{case}:"));
                store_model::run(&store, &steps).await
            });
            prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
            Ok(())
        })
        .unwrap();
    proxy.next(PASS);
}

/// The store held to the model of a page store on a Redis Cluster: each case under a prefix of
/// its own, its pages spread over the three primaries by their owners' buckets.
#[test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
fn on_a_redis_cluster_the_store_keeps_the_contract() {
    use proptest::prelude::*;
    let cluster = Cluster::start();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let store =
        runtime.block_on(async { RedisStore::connect_cluster(seeds(&cluster)).await.unwrap() });
    let case = std::sync::atomic::AtomicU32::new(0);
    let config = ProptestConfig::with_cases(32);
    proptest::test_runner::TestRunner::new(config)
        .run(&store_model::steps(), |steps| {
            let case = case.fetch_add(1, Ordering::Relaxed);
            let outcome = runtime.block_on(async {
                let store = store.clone().prefix(format!("model:{case}:"));
                store_model::run(&store, &steps).await
            });
            prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
            Ok(())
        })
        .unwrap();
    // The cases' keys are under their owners' buckets (the model's three owners: 01, 02, 03),
    // on the primaries of those buckets' slots.
    let mut keys = 0;
    let mut primaries = std::collections::HashMap::new();
    for primary in cluster.primaries() {
        let held = redis_server::cli(primary, &["--scan", "--pattern", "*model:*"]);
        for key in held.lines() {
            let (_, bucket) = key.split_once(":{").expect("a bucket's tag");
            assert!(
                ["01}", "02}", "03}"]
                    .iter()
                    .any(|tag| bucket.starts_with(tag)),
                "{key}"
            );
            let tag = key[..=key.find('}').unwrap()].to_owned();
            let of = *primaries
                .entry(tag.clone())
                .or_insert_with(|| cluster.primary_of(&tag));
            assert_eq!(of, primary, "{key}");
            keys += 1;
        }
    }
    assert!(keys > 0);
}

/// The message of a write no replica acknowledged within `millis`.
fn not_kept(millis: u64) -> String {
    format!(
        "the page store failed: Redis wrote it on its primary, but 0 of the 1 replicas it needs acknowledged it within {millis} ms, so a failover now could lose it: try again; if the replicas are gone for good, lower `RedisStore::acknowledged_by`"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_stalled_replica_refuses_many_answers_side_by_side_not_one_after_another() {
    const PEOPLE: usize = 20;
    let redis = Redis::start();
    let replica = redis.replica();
    // By default: one replica waited for, within a second, where there is one in sync.
    let store = RedisStore::connect(&redis.url).await.unwrap();
    let mut ids = Vec::new();
    for n in 0..PEOPLE {
        let n = u8::try_from(n).unwrap();
        let (id, new) = page(Owner::from_bytes([n; 16]), &[n]);
        store.create(new).await.unwrap();
        ids.push(id);
    }
    // The replica stalls (a long fork, a full disk): connected, and silent.
    replica.pause();
    let started = Instant::now();
    let answers: Vec<_> = ids
        .iter()
        .map(|id| {
            let store = store.clone();
            let id = *id;
            tokio::spawn(async move {
                let asked = Instant::now();
                (store.answer(&id, b"yes".to_vec()).await, asked.elapsed())
            })
        })
        .collect();
    let mut slowest = Duration::ZERO;
    for answer in answers {
        let (answered, took) = answer.await.unwrap();
        assert_eq!(answered.unwrap_err().to_string(), not_kept(1_000));
        slowest = slowest.max(took);
    }
    let all = started.elapsed();
    eprintln!(
        "{PEOPLE} answers at once with a stalled replica: all refused in {all:?}, the slowest in {slowest:?}"
    );
    // Each is refused after its own second, side by side (one after another, the last would
    // wait twenty, and end at the step's five).
    assert!(all < Duration::from_millis(2_500), "{all:?}");
    // Reads go on meanwhile, and the store works again once the replica does.
    assert!(matches!(
        store.read(&ids[0]).await.unwrap(),
        Some(Stored::Answered(_) | Stored::Waiting(_))
    ));
    replica.resume();
    let (id, new) = page(ALICE, b"after");
    store.create(new).await.unwrap();
    assert_eq!(
        store.answer(&id, b"a".to_vec()).await.unwrap(),
        Answered::Now
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_primary_gone_silent_under_sentinel_is_left_within_seconds() {
    use mcp_elicit::page::redis::SentinelNodeConnectionInfo;
    let primary = Redis::start();
    let replica = primary.replica();
    let sentinels = redis_server::Sentinels::watch(&primary);
    let store = RedisStore::connect_sentinel(
        &sentinels.urls,
        "svc",
        SentinelNodeConnectionInfo::default(),
    )
    .await
    .unwrap();
    let (before, new) = page(ALICE, b"before");
    store.create(new).await.unwrap();
    assert_eq!(
        store.answer(&before, b"kept".to_vec()).await.unwrap(),
        Answered::Now
    );
    store.put("token:ada", b"t".to_vec(), None).await.unwrap();

    // The primary freezes (power lost, a partition: no reset, its connections stay open). The
    // Sentinels promote the replica within seconds; the store must follow as soon.
    primary.pause();
    let paused = Instant::now();
    let mut failures = 0;
    let saved = loop {
        assert!(
            paused.elapsed() < Duration::from_secs(30),
            "no answer saved 30 s after the primary went silent ({failures} steps failed)"
        );
        let (id, new) = page(ALICE, b"after");
        let saved = match store.create(new).await {
            Ok(_) => store.answer(&id, b"a".to_vec()).await,
            Err(error) => Err(error),
        };
        match saved {
            Ok(Answered::Now) => break paused.elapsed(),
            Ok(other) => panic!("{other:?}"),
            Err(_) => failures += 1,
        }
    };
    eprintln!(
        "a primary gone silent under Sentinel: the first answer saved {saved:?} after ({failures} steps failed meanwhile)"
    );
    assert_eq!(sentinels.primary(), replica.port());
    assert!(saved < Duration::from_secs(15), "{saved:?}");
    // What was acknowledged before is there.
    assert_eq!(
        store.take(&before).await.unwrap(),
        Taken::Answer(b"kept".to_vec())
    );
    assert_eq!(store.get("token:ada").await.unwrap(), Some(b"t".to_vec()));
    primary.resume();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_step_sent_again_that_finds_its_write_done_says_kept_only_once_a_replica_has_it() {
    let redis = Redis::start();
    let replica = redis.replica();
    let proxy = Proxy::start(redis.port()).await;
    let store = RedisStore::connect(&proxy.url)
        .await
        .unwrap()
        .acknowledged_by(1, Duration::from_secs(1));
    every_script_loaded(&store).await;

    // The replica stalls; an answer and a claim run, and their replies are lost. Sent again,
    // each finds its own work there and writes nothing: it is still not kept, and said so.
    let (id, new) = page(ALICE, b"r");
    store.create(new).await.unwrap();
    replica.pause();
    proxy.next(DROP);
    assert_eq!(
        store
            .answer(&id, b"a".to_vec())
            .await
            .unwrap_err()
            .to_string(),
        not_kept(1_000)
    );
    proxy.next(DROP);
    assert_eq!(
        store
            .claim("once:1", Duration::from_mins(1))
            .await
            .unwrap_err()
            .to_string(),
        not_kept(1_000)
    );
    replica.resume();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn claims_closes_creates_and_removes_count_only_once_a_replica_has_them() {
    let mut primary = Redis::start();
    let replica = primary.replica();
    let store = RedisStore::connect(&primary.url)
        .await
        .unwrap()
        .acknowledged_by(1, Duration::from_secs(1));
    store.put("flow:1", b"v".to_vec(), None).await.unwrap();
    let (open, new) = page(ALICE, b"open");
    store.create(new).await.unwrap();

    // The replica stalls: a single-use claim, a value taken once, a page closed or made are
    // each refused, not said to be done while a failover could undo them.
    replica.pause();
    let refused = |result: Result<_, mcp_elicit::page::store::StoreError>| {
        assert_eq!(result.unwrap_err().to_string(), not_kept(1_000));
    };
    refused(
        store
            .claim("once:1", Duration::from_mins(1))
            .await
            .map(drop),
    );
    // A claim refused holds nothing on the primary either: the call made again claims it.
    assert_eq!(
        primary
            .cli(&["EXISTS", "mcp-elicit:page:kept:once:1"])
            .trim(),
        "0"
    );
    refused(store.remove("flow:1").await.map(drop));
    refused(store.close(&open).await);
    let (_, new) = page(ALICE, b"new");
    refused(store.create(new).await.map(drop));

    // The primary dies, the replica is promoted (a write refused may still reach it: what was
    // in its socket when it stalled): the call made again claims once.
    primary.kill();
    replica.resume();
    replica.cli(&["REPLICAOF", "NO", "ONE"]);
    let promoted = RedisStore::connect(&replica.url).await.unwrap();
    assert!(
        promoted
            .claim("once:1", Duration::from_mins(1))
            .await
            .unwrap()
    );
    assert!(
        !promoted
            .claim("once:1", Duration::from_mins(1))
            .await
            .unwrap()
    );
}

/// Takes the answer of the page `id` as a call made again does until it has it (or is told it
/// is lost), within 10 s of `started`: the answer.
async fn taken_again(store: &RedisStore, id: &PageId, started: Instant) -> Vec<u8> {
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no answer 10 s after the late take"
        );
        match store.take(id).await {
            Ok(Taken::Answer(answer)) => return answer,
            Ok(Taken::Waiting) | Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            Ok(other) => panic!("the answer is lost: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_take_whose_reply_came_too_late_leaves_the_answer_to_the_call_made_again() {
    let redis = Redis::start();
    let proxy = Proxy::start(redis.port()).await;
    let store = RedisStore::connect(&proxy.url)
        .await
        .unwrap()
        .timeout(Duration::from_millis(500));
    every_script_loaded(&store).await;
    let (id, new) = page(ALICE, b"r");
    store.create(new).await.unwrap();
    store.answer(&id, b"saved".to_vec()).await.unwrap();

    // The take runs on Redis, and its replies (it is sent again meanwhile) come after the step's
    // time: the call fails ("try again").
    proxy.next(SILENT);
    let started = Instant::now();
    let error = store.take(&id).await.unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("the page store failed: Redis could not be reached within 500 ms"),
        "{error}"
    );
    proxy.next(PASS);
    // The call made again (a retry with the same state, the next look of a waiting call) gets
    // the answer the person was told is saved, once.
    assert_eq!(taken_again(&store, &id, started).await, b"saved");
    eprintln!(
        "a take whose reply came too late: the call made again had the answer {:?} after",
        started.elapsed()
    );
    assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));

    // Redis holds every command for a second and a half (`CLIENT PAUSE`), past the step's time:
    // the same.
    let (id, new) = page(ALICE, b"r2");
    store.create(new).await.unwrap();
    store.answer(&id, b"saved 2".to_vec()).await.unwrap();
    redis.cli(&["CLIENT", "PAUSE", "1500", "ALL"]);
    let started = Instant::now();
    store.take(&id).await.unwrap_err();
    assert_eq!(taken_again(&store, &id, started).await, b"saved 2");
    assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
async fn a_failover_right_after_a_take_gives_the_answer_once() {
    let mut primary = Redis::start();
    // The replica reaches its primary through a proxy, which can swallow what the primary sends
    // it: writes that never reach the replica, though its link stays up.
    let proxy = Proxy::start(primary.port()).await;
    let port: u16 = proxy
        .url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let replica = primary.replica_through(port);
    let store = RedisStore::connect(&primary.url).await.unwrap();
    let (id, new) = page(ALICE, b"r");
    store.create(new).await.unwrap();
    assert_eq!(
        store.answer(&id, b"pay".to_vec()).await.unwrap(),
        Answered::Now
    );
    // The primary's writes stop reaching the replica; the call takes the answer; the primary
    // dies and the replica is promoted; the call, made again, takes again.
    proxy.next(SILENT);
    let first = store.take(&id).await;
    primary.kill();
    replica.cli(&["REPLICAOF", "NO", "ONE"]);
    let promoted = RedisStore::connect(&replica.url).await.unwrap();
    // (The answer may be held there a few seconds: the note that its replica acknowledged it
    // went the way of the other writes.)
    let started = Instant::now();
    let again = loop {
        match promoted.take(&id).await.unwrap() {
            Taken::Waiting if started.elapsed() < Duration::from_secs(10) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            taken => break taken,
        }
    };
    let once_more = promoted.take(&id).await.unwrap();
    // The answer reaches exactly one of them: the take the replica never acknowledged is
    // refused ("try again"), and the call made again takes it on the promoted replica.
    let given = [first.as_ref().ok(), Some(&again), Some(&once_more)]
        .into_iter()
        .flatten()
        .filter(|taken| **taken == Taken::Answer(b"pay".to_vec()))
        .count();
    assert_eq!(
        given, 1,
        "first: {first:?}, again: {again:?}, once more: {once_more:?}"
    );
    assert_eq!(first.unwrap_err().to_string(), not_kept(1_000));
}
