//! The pending pages' Redis store (`RedisStore`, feature `page-redis`) against a real Redis: the
//! life of a page as the memory store lives it (answered once, taken once, replays refused), its
//! keep-time as Redis's own expiry, races between many answers and many takes, two replicas
//! sharing one Redis and one key (and a third with another key, which opens nothing), the secret
//! searched for in everything Redis holds, and bounds (a page of 1 MiB, a thousand pages).
//!
//! Each test starts its own `redis-server` (Debian's package) on a free loopback port, with no
//! persistence, and stops it when done. The tests need it and fail without it, on CI as anywhere:
//! `cargo test -p mcp-elicit-integration-tests --test page_redis -- --ignored` (CI installs
//! `redis-server` and runs them).

use std::net::TcpListener;
use std::time::{Duration, Instant};

use mcp_elicit::page::redis::{DEFAULT_PREFIX, RedisStore};
use mcp_elicit::page::seal::{PageId, PageSeal, SealError};
use mcp_elicit::page::store::{Answered, PageStore, Stage, StoreError, Stored, Taken};
use mcp_elicit::rounds::StateKeys;
#[path = "support/redis_server.rs"]
mod redis_server;

use redis::aio::{ConnectionManager, ConnectionManagerConfig, MultiplexedConnection};
use redis_server::Redis;

const KEEP: Duration = Duration::from_mins(10);
const SECRET: &str = "sk-live-0123456789abcdef";

/// A store on the test's own Redis.
async fn connect(redis: &Redis) -> RedisStore {
    RedisStore::connect(&redis.url).await.expect("connected")
}

/// A plain connection, to see what Redis holds.
async fn raw(redis: &Redis) -> MultiplexedConnection {
    redis::Client::open(redis.url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap()
}

/// Every key Redis holds, each with every byte string it holds (a hash's fields and values, a
/// string's value), found with SCAN as an operator would.
async fn everything(raw: &mut MultiplexedConnection) -> Vec<(Vec<u8>, Vec<Vec<u8>>)> {
    let mut keys: Vec<Vec<u8>> = Vec::new();
    let mut cursor = 0u64;
    loop {
        let (next, batch): (u64, Vec<Vec<u8>>) = redis::cmd("SCAN")
            .arg(cursor)
            .arg("COUNT")
            .arg(1_000)
            .query_async(raw)
            .await
            .unwrap();
        keys.extend(batch);
        if next == 0 {
            break;
        }
        cursor = next;
    }
    keys.sort();
    keys.dedup();
    let mut all = Vec::new();
    for key in keys {
        let kind: String = redis::cmd("TYPE").arg(&key).query_async(raw).await.unwrap();
        let values: Vec<Vec<u8>> = match kind.as_str() {
            "hash" => redis::cmd("HGETALL")
                .arg(&key)
                .query_async(raw)
                .await
                .unwrap(),
            "string" => vec![redis::cmd("GET").arg(&key).query_async(raw).await.unwrap()],
            // Expired between SCAN and TYPE.
            "none" => continue,
            other => panic!("the store wrote a key of type {other}"),
        };
        all.push((key, values));
    }
    all
}

/// The fields of the page's hash, as Redis holds them.
async fn hash(raw: &mut MultiplexedConnection, key: &str) -> Vec<(String, Vec<u8>)> {
    redis::cmd("HGETALL")
        .arg(key)
        .query_async(raw)
        .await
        .unwrap()
}

async fn pttl(raw: &mut MultiplexedConnection, key: &str) -> i64 {
    redis::cmd("PTTL").arg(key).query_async(raw).await.unwrap()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_page_is_answered_once_and_taken_once() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let mut raw = raw(&redis).await;
    let id = PageId::random().unwrap();
    assert_eq!(store.read(&id).await.unwrap(), None);
    assert_eq!(
        store.answer(&id, b"a".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    assert_eq!(store.take(&id).await.unwrap(), Taken::Unknown);
    // Asking about a page that is not there writes nothing.
    assert!(everything(&mut raw).await.is_empty());

    store.create(&id, b"record".to_vec(), KEEP).await.unwrap();
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored {
            record: b"record".to_vec(),
            stage: Stage::Waiting
        })
    );
    // Taken before it is answered: nothing.
    assert_eq!(store.take(&id).await.unwrap(), Taken::Waiting);
    assert_eq!(
        store.answer(&id, b"first".to_vec()).await.unwrap(),
        Answered::Now
    );
    // A replayed answer changes nothing.
    assert_eq!(
        store.answer(&id, b"second".to_vec()).await.unwrap(),
        Answered::Before
    );
    assert_eq!(
        store.read(&id).await.unwrap().unwrap().stage,
        Stage::Answered
    );
    assert_eq!(
        store.take(&id).await.unwrap(),
        Taken::Answer(b"first".to_vec())
    );
    // Taken once; and a page taken is not answered again.
    assert_eq!(store.take(&id).await.unwrap(), Taken::Before);
    assert_eq!(
        store.answer(&id, b"third".to_vec()).await.unwrap(),
        Answered::Before
    );
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored {
            record: b"record".to_vec(),
            stage: Stage::Taken
        })
    );
    // Its id is not made again while it is kept, and the refusal changes nothing.
    assert!(matches!(
        store.create(&id, b"again".to_vec(), KEEP).await,
        Err(StoreError::Taken)
    ));
    assert_eq!(store.read(&id).await.unwrap().unwrap().record, b"record");

    // In Redis: one hash under the default prefix and the id, its answer deleted once taken,
    // its expiry the keep-time.
    let key = format!("{DEFAULT_PREFIX}{id}");
    let all = everything(&mut raw).await;
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].0, key.as_bytes());
    let mut fields = hash(&mut raw, &key).await;
    fields.sort();
    assert_eq!(
        fields,
        [
            ("record".to_owned(), b"record".to_vec()),
            ("stage".to_owned(), b"taken".to_vec())
        ]
    );
    let ttl = pttl(&mut raw, &key).await;
    assert!(ttl > 590_000 && ttl <= 600_000, "{ttl}");
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_page_past_its_keep_time_is_forgotten_by_redis() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let mut raw = raw(&redis).await;

    // A keep-time of zero: a page forgotten at once, as the memory store's.
    let gone = PageId::random().unwrap();
    store
        .create(&gone, b"record".to_vec(), Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(store.read(&gone).await.unwrap(), None);
    assert_eq!(
        store.answer(&gone, b"late".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    assert_eq!(store.take(&gone).await.unwrap(), Taken::Unknown);

    // One second: Redis keeps the expiry through the answer, and then forgets the page.
    let id = PageId::random().unwrap();
    let key = format!("{DEFAULT_PREFIX}{id}");
    let made = Instant::now();
    store
        .create(&id, b"record".to_vec(), Duration::from_secs(1))
        .await
        .unwrap();
    assert_eq!(
        store.answer(&id, b"answer".to_vec()).await.unwrap(),
        Answered::Now
    );
    let ttl = pttl(&mut raw, &key).await;
    assert!(ttl > 0 && ttl <= 1_000, "{ttl}");
    assert_eq!(
        store.read(&id).await.unwrap().unwrap().stage,
        Stage::Answered
    );
    let deadline = made + Duration::from_secs(5);
    while store.read(&id).await.unwrap().is_some() {
        assert!(Instant::now() < deadline, "the page outlived its keep-time");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(made.elapsed() >= Duration::from_millis(900));
    assert_eq!(store.take(&id).await.unwrap(), Taken::Unknown);
    assert_eq!(
        store.answer(&id, b"late".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    let exists: i64 = redis::cmd("EXISTS")
        .arg(&key)
        .query_async(&mut raw)
        .await
        .unwrap();
    assert_eq!(exists, 0);
    // Once forgotten, its id is free.
    store.create(&id, b"anew".to_vec(), KEEP).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn of_many_answers_at_once_exactly_one_is_kept_and_taken_once() {
    let redis = Redis::start();
    // Two replicas, two connections, racing.
    let stores = [connect(&redis).await, connect(&redis).await];
    let id = PageId::random().unwrap();
    stores[0].create(&id, Vec::new(), KEEP).await.unwrap();
    let answers: Vec<_> = (0..64u8)
        .map(|n| {
            let store = stores[usize::from(n % 2)].clone();
            tokio::spawn(async move { store.answer(&id, vec![n]).await.unwrap() })
        })
        .collect();
    let mut answered = Vec::new();
    for answer in answers {
        answered.push(answer.await.unwrap());
    }
    assert_eq!(answered.iter().filter(|a| **a == Answered::Now).count(), 1);
    assert_eq!(
        answered.iter().filter(|a| **a == Answered::Before).count(),
        63
    );
    let winner = answered.iter().position(|a| *a == Answered::Now).unwrap();

    let racing_takes: Vec<_> = (0..64usize)
        .map(|n| {
            let store = stores[n % 2].clone();
            tokio::spawn(async move { store.take(&id).await.unwrap() })
        })
        .collect();
    let mut taken = Vec::new();
    for take in racing_takes {
        taken.push(take.await.unwrap());
    }
    let given: Vec<_> = taken
        .iter()
        .filter_map(|t| match t {
            Taken::Answer(answer) => Some(answer.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(given, [vec![u8::try_from(winner).unwrap()]]);
    assert_eq!(taken.iter().filter(|t| **t == Taken::Before).count(), 63);

    // Many replicas making the same id: one makes it.
    let id = PageId::random().unwrap();
    let creates: Vec<_> = (0..16u8)
        .map(|n| {
            let store = stores[usize::from(n % 2)].clone();
            tokio::spawn(async move { store.create(&id, vec![n], KEEP).await })
        })
        .collect();
    let mut made = Vec::new();
    for create in creates {
        made.push(create.await.unwrap());
    }
    assert_eq!(made.iter().filter(|m| m.is_ok()).count(), 1);
    assert!(
        made.iter()
            .all(|m| matches!(m, Ok(()) | Err(StoreError::Taken)))
    );
    let first = made.iter().position(Result::is_ok).unwrap();
    assert_eq!(
        stores[1].read(&id).await.unwrap().unwrap().record,
        [u8::try_from(first).unwrap()]
    );
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn two_replicas_with_one_key_serve_each_others_pages() {
    let redis = Redis::start();
    let (a, b) = (connect(&redis).await, connect(&redis).await);
    let seal_a = PageSeal::new(&StateKeys::new([7; 32]));
    let seal_b = PageSeal::new(&StateKeys::new([7; 32]));
    let other = PageSeal::new(&StateKeys::new([8; 32]));

    // Replica A makes the page.
    let id = PageId::random().unwrap();
    let form = br#"{"form":"connect_service","subject":"alice"}"#;
    a.create(&id, seal_a.seal(&id, form).unwrap(), KEEP)
        .await
        .unwrap();

    // The person's browser reaches replica B: it renders the page, and keeps the answer.
    let page = b.read(&id).await.unwrap().unwrap();
    assert_eq!(page.stage, Stage::Waiting);
    assert_eq!(seal_b.open(&id, &page.record).unwrap(), form);
    let answer = format!(r#"{{"label":"Work","api_key":"{SECRET}","region":"eu"}}"#);
    let sealed = seal_b.seal(&id, answer.as_bytes()).unwrap();
    assert_eq!(b.answer(&id, sealed.clone()).await.unwrap(), Answered::Now);
    // The same POST replayed on replica A changes nothing.
    assert_eq!(a.answer(&id, sealed).await.unwrap(), Answered::Before);
    assert_eq!(a.read(&id).await.unwrap().unwrap().stage, Stage::Answered);

    // A replica with another key reads the page from the same Redis, and opens nothing.
    let third = connect(&redis).await;
    let record = third.read(&id).await.unwrap().unwrap().record;
    assert_eq!(other.open(&id, &record), Err(SealError::Forged));

    // The call, retried on replica A, takes the answer; B's retry gets nothing more.
    let Taken::Answer(taken) = a.take(&id).await.unwrap() else {
        panic!("an answer")
    };
    assert_eq!(seal_a.open(&id, &taken).unwrap(), answer.as_bytes());
    assert_eq!(other.open(&id, &taken), Err(SealError::Forged));
    // Nor does a record open under another page's id.
    assert_eq!(
        seal_a.open(&PageId::random().unwrap(), &taken),
        Err(SealError::Forged)
    );
    assert_eq!(b.take(&id).await.unwrap(), Taken::Before);

    // Applications sharing one Redis keep their pages apart with their prefixes.
    let elsewhere = connect(&redis).await.prefix("another-app:page:");
    assert_eq!(elsewhere.read(&id).await.unwrap(), None);
    assert_eq!(
        elsewhere.answer(&id, b"x".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    elsewhere
        .create(&id, b"theirs".to_vec(), KEEP)
        .await
        .unwrap();
    assert_eq!(a.read(&id).await.unwrap().unwrap().stage, Stage::Taken);
    let mut raw = raw(&redis).await;
    let mut keys: Vec<Vec<u8>> = everything(&mut raw)
        .await
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            format!("another-app:page:{id}").into_bytes(),
            format!("{DEFAULT_PREFIX}{id}").into_bytes()
        ]
    );
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn the_secret_is_in_no_value_redis_holds() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let seal = PageSeal::new(&StateKeys::new([7; 32]));
    let mut raw = raw(&redis).await;
    let secret = SECRET.as_bytes();

    let id = PageId::random().unwrap();
    let record = format!(r#"{{"defaults":{{"api_key":"{SECRET}"}}}}"#);
    let sealed = seal.seal(&id, record.as_bytes()).unwrap();
    store.create(&id, sealed.clone(), KEEP).await.unwrap();
    let answer = format!(r#"{{"api_key":"{SECRET}"}}"#);
    store
        .answer(&id, seal.seal(&id, answer.as_bytes()).unwrap())
        .await
        .unwrap();
    // Other pages beside it, waiting, answered and taken.
    for n in 0..10u8 {
        let other = PageId::random().unwrap();
        let plain = format!("{SECRET}-{n}");
        store
            .create(&other, seal.seal(&other, plain.as_bytes()).unwrap(), KEEP)
            .await
            .unwrap();
        if n % 2 == 0 {
            store
                .answer(&other, seal.seal(&other, plain.as_bytes()).unwrap())
                .await
                .unwrap();
        }
        if n % 4 == 0 {
            assert!(matches!(
                store.take(&other).await.unwrap(),
                Taken::Answer(_)
            ));
        }
    }

    let all = everything(&mut raw).await;
    assert_eq!(all.len(), 11);
    let mut bytes = 0;
    for (key, values) in &all {
        assert!(key.starts_with(DEFAULT_PREFIX.as_bytes()));
        assert!(!contains(key, secret));
        for value in values {
            bytes += value.len();
            assert!(
                !contains(value, secret) && !contains(value, b"sk-live"),
                "Redis holds the secret in plain text under {}",
                String::from_utf8_lossy(key)
            );
        }
    }
    assert!(bytes > 11 * 40, "{bytes}");
    // What Redis holds is the sealed bytes handed in, as they were.
    let fields = hash(&mut raw, &format!("{DEFAULT_PREFIX}{id}")).await;
    assert!(fields.contains(&("record".to_owned(), sealed)));

    // Nor do the store's Debug and errors say anything of what it holds.
    assert_eq!(
        format!("{store:?}"),
        format!("RedisStore {{ prefix: {DEFAULT_PREFIX:?}, .. }}")
    );
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_page_of_one_mebibyte_round_trips() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let seal = PageSeal::new(&StateKeys::new([7; 32]));
    let id = PageId::random().unwrap();
    let plain: Vec<u8> = (0..1usize << 20)
        .map(|i| u8::try_from(i % 251).unwrap())
        .collect();
    let record = seal.seal(&id, &plain).unwrap();
    store.create(&id, record.clone(), KEEP).await.unwrap();
    let read = store.read(&id).await.unwrap().unwrap();
    assert_eq!(read.record, record);
    assert_eq!(seal.open(&id, &read.record).unwrap(), plain);
    let answer = seal.seal(&id, &plain).unwrap();
    assert_eq!(
        store.answer(&id, answer.clone()).await.unwrap(),
        Answered::Now
    );
    assert_eq!(store.take(&id).await.unwrap(), Taken::Answer(answer));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_thousand_pages_are_made_and_read_back() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let seal = PageSeal::new(&StateKeys::new([7; 32]));
    let mut made = tokio::task::JoinSet::new();
    for n in 0..1_000u32 {
        let (store, seal) = (store.clone(), seal.clone());
        made.spawn(async move {
            let id = PageId::random().unwrap();
            let record = seal.seal(&id, &n.to_be_bytes()).unwrap();
            store.create(&id, record, KEEP).await.unwrap();
            (id, n)
        });
    }
    let pages = made.join_all().await;
    assert_eq!(pages.len(), 1_000);
    let reader = connect(&redis).await;
    for (id, n) in &pages {
        let page = reader.read(id).await.unwrap().unwrap();
        assert_eq!(page.stage, Stage::Waiting);
        assert_eq!(seal.open(id, &page.record).unwrap(), n.to_be_bytes());
    }
    let mut raw = raw(&redis).await;
    let size: i64 = redis::cmd("DBSIZE").query_async(&mut raw).await.unwrap();
    assert_eq!(size, 1_000);
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn what_is_not_a_page_and_a_redis_gone_are_errors_not_pages() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let mut raw = raw(&redis).await;

    // Another program's key under the prefix: an error (Redis's WRONGTYPE), never a page.
    let id = PageId::random().unwrap();
    let () = redis::cmd("SET")
        .arg(format!("{DEFAULT_PREFIX}{id}"))
        .arg("not a page")
        .query_async(&mut raw)
        .await
        .unwrap();
    for error in [
        store.read(&id).await.unwrap_err(),
        store.answer(&id, b"a".to_vec()).await.unwrap_err(),
        store.take(&id).await.unwrap_err(),
    ] {
        assert!(matches!(error, StoreError::Backend(_)), "{error}");
        assert!(!error.to_string().contains("not a page"), "{error}");
    }
    assert!(matches!(
        store.create(&id, b"r".to_vec(), KEEP).await,
        Err(StoreError::Taken)
    ));
    // A hash that is not a page's: no page either.
    let id = PageId::random().unwrap();
    let _: i64 = redis::cmd("HSET")
        .arg(format!("{DEFAULT_PREFIX}{id}"))
        .arg("stage")
        .arg("lost")
        .arg("record")
        .arg("r")
        .query_async(&mut raw)
        .await
        .unwrap();
    let error = store.read(&id).await.unwrap_err();
    assert!(matches!(error, StoreError::Backend(_)), "{error}");

    // No Redis at the URL: the store cannot be made. (A connection manager that gives up
    // quickly: the default one tries again for about ten seconds.)
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let error = quick(&format!("redis://127.0.0.1:{port}/"))
        .await
        .map(RedisStore::new)
        .unwrap_err();
    assert!(error.is_connection_refusal(), "{error}");
    assert!(matches!(
        RedisStore::connect("not a url").await,
        Err(StoreError::Backend(_))
    ));

    // Redis gone: every step fails, in bounded time, with the store's error.
    let store = RedisStore::new(quick(&redis.url).await.unwrap());
    let page = PageId::random().unwrap();
    store.create(&page, b"r".to_vec(), KEEP).await.unwrap();
    drop(redis);
    let failed = tokio::time::timeout(Duration::from_secs(20), async {
        [
            store.read(&page).await.err(),
            store.answer(&page, b"a".to_vec()).await.err(),
            store.take(&page).await.err(),
            store.create(&page, b"r".to_vec(), KEEP).await.err(),
        ]
    })
    .await
    .expect("a store whose Redis is gone answers in bounded time");
    for error in failed {
        let error = error.expect("an error");
        assert!(matches!(error, StoreError::Backend(_)), "{error}");
        assert!(
            error.to_string().starts_with("the page store failed: "),
            "{error}"
        );
    }
}

/// A connection manager that tries to reconnect once, soon.
async fn quick(url: &str) -> redis::RedisResult<ConnectionManager> {
    let config = ConnectionManagerConfig::new()
        .set_number_of_retries(1)
        .set_min_delay(Duration::from_millis(10))
        .set_max_delay(Duration::from_millis(50));
    ConnectionManager::new_with_config(redis::Client::open(url)?, config).await
}
