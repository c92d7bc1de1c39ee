//! The pending pages' Redis store (`RedisStore`, feature `page-redis`) against a real Redis: the
//! life of a page as the memory store lives it (answered once, taken once, replays refused, only
//! a marker kept once ended), its keep-time as Redis's own expiry, races between many answers,
//! takes and creates, two replicas sharing one Redis and one key (and a third with another key,
//! which opens nothing), each user's share held across replicas under a flood, closing and
//! expiry, the secret searched for in everything Redis holds, bounds (a page of 1 MiB, a thousand
//! pages, the bytes left after a flood), and the eviction policy checked at start-up.
//!
//! Each test starts its own `redis-server` (Debian's package) on a loopback port of its own, with
//! no persistence, and stops it when done. The tests need it and fail without it, on CI as
//! anywhere:
//! `cargo test -p mcp-elicit-integration-tests --test page_redis -- --ignored` (CI installs
//! `redis-server` and runs them).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use mcp_elicit::page::redis::{DEFAULT_MARKERS, DEFAULT_PREFIX, RedisStore};
use mcp_elicit::page::seal::{Kind, PageId, PageSeal, SealError};
use mcp_elicit::page::store::{
    Answered, Created, Ended, NewPage, Owner, PageStore, StoreError, Stored, Taken,
};
use mcp_elicit::rounds::StateKeys;
#[path = "support/redis_server.rs"]
mod redis_server;

use redis::aio::{ConnectionManager, ConnectionManagerConfig, MultiplexedConnection};
use redis_server::Redis;

const KEEP: Duration = Duration::from_mins(10);
const SECRET: &str = "sk-live-0123456789abcdef";
const ALICE: Owner = Owner::from_bytes([1; 16]);
const BOB: Owner = Owner::from_bytes([2; 16]);
/// The share of the pages of these tests, unless a test sets another.
const SHARE: usize = 8;

/// A store on the test's own Redis.
async fn connect(redis: &Redis) -> RedisStore {
    RedisStore::connect(&redis.url).await.expect("connected")
}

/// A page of `owner` holding `record`, open and kept for [`KEEP`], within a share of [`SHARE`].
fn page(owner: Owner, record: &[u8]) -> (PageId, NewPage) {
    let id = PageId::random().unwrap();
    (
        id,
        NewPage::new(id, owner, record.to_vec(), KEEP).share(SHARE),
    )
}

/// A plain connection, to see what Redis holds.
async fn raw(redis: &Redis) -> MultiplexedConnection {
    redis::Client::open(redis.url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap()
}

/// Every key Redis holds, found with SCAN as an operator would.
async fn keys(raw: &mut MultiplexedConnection) -> Vec<Vec<u8>> {
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
    keys
}

/// Every key Redis holds, each with every byte string it holds (a hash's fields and values, a
/// sorted set's members and scores, a string's value).
async fn everything(raw: &mut MultiplexedConnection) -> Vec<(Vec<u8>, Vec<Vec<u8>>)> {
    let mut all = Vec::new();
    for key in keys(raw).await {
        let kind: String = redis::cmd("TYPE").arg(&key).query_async(raw).await.unwrap();
        let values: Vec<Vec<u8>> = match kind.as_str() {
            "hash" => redis::cmd("HGETALL")
                .arg(&key)
                .query_async(raw)
                .await
                .unwrap(),
            "zset" => redis::cmd("ZRANGE")
                .arg(&key)
                .arg(0)
                .arg(-1)
                .arg("WITHSCORES")
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

/// The fields of the page's hash, as Redis holds them, sorted.
async fn hash(raw: &mut MultiplexedConnection, key: &str) -> Vec<(String, Vec<u8>)> {
    let mut fields: Vec<(String, Vec<u8>)> = redis::cmd("HGETALL")
        .arg(key)
        .query_async(raw)
        .await
        .unwrap();
    fields.sort();
    fields
}

/// The fields of the page `id`'s hash under the default prefix.
async fn page_hash(raw: &mut MultiplexedConnection, id: &PageId) -> Vec<(String, Vec<u8>)> {
    hash(raw, &format!("{DEFAULT_PREFIX}{id}")).await
}

/// A marker, as Redis holds it: the stage alone.
fn marker(stage: &str) -> Vec<(String, Vec<u8>)> {
    vec![("stage".to_owned(), stage.as_bytes().to_vec())]
}

async fn pttl(raw: &mut MultiplexedConnection, key: &str) -> i64 {
    redis::cmd("PTTL").arg(key).query_async(raw).await.unwrap()
}

/// How many pages the owner's set holds (`owner:`, their open pages; `ended:`, their markers).
async fn zcard(raw: &mut MultiplexedConnection, set: &str, owner: Owner) -> i64 {
    redis::cmd("ZCARD")
        .arg(format!("{DEFAULT_PREFIX}{set}:{owner}"))
        .query_async(raw)
        .await
        .unwrap()
}

async fn dbsize(raw: &mut MultiplexedConnection) -> i64 {
    redis::cmd("DBSIZE").query_async(raw).await.unwrap()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_page_is_answered_once_and_taken_once_and_then_only_a_marker_is_kept() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let mut raw = raw(&redis).await;
    let (id, new) = page(ALICE, b"record");
    assert_eq!(store.read(&id).await.unwrap(), None);
    assert_eq!(
        store.answer(&id, b"a".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    assert_eq!(store.take(&id).await.unwrap(), Taken::Unknown);
    store.close(&id).await.unwrap();
    // Asking about a page that is not there writes nothing.
    assert!(everything(&mut raw).await.is_empty());

    assert_eq!(store.create(new.clone()).await.unwrap(), Created::Made);
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"record".to_vec()))
    );
    // In Redis: the page's hash, and its owner's open pages.
    let key = format!("{DEFAULT_PREFIX}{id}");
    let fields = hash(&mut raw, &key).await;
    let names: Vec<&str> = fields.iter().map(|(name, _)| name.as_str()).collect();
    // (`made_by`: the random mark of the step that made it, by which the same step, sent again
    // after a lost reply, knows its page.)
    assert_eq!(names, ["made_by", "open_until", "owner", "record", "stage"]);
    assert!(fields.contains(&("owner".to_owned(), ALICE.to_string().into_bytes())));
    assert_eq!(zcard(&mut raw, "owner", ALICE).await, 1);
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
        store.read(&id).await.unwrap(),
        Some(Stored::Answered(b"record".to_vec()))
    );
    assert_eq!(
        store.take(&id).await.unwrap(),
        Taken::Answer(b"first".to_vec())
    );
    // Taken once; and a page taken is not answered again, nor closed.
    assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
    assert_eq!(
        store.answer(&id, b"third".to_vec()).await.unwrap(),
        Answered::Before
    );
    store.close(&id).await.unwrap();
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Ended(Ended::Taken))
    );
    // Its id is not made again while it is kept, and the refusal changes nothing.
    assert!(matches!(store.create(new).await, Err(StoreError::Taken)));
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Ended(Ended::Taken))
    );

    // In Redis: the page's hash holds its stage alone (record and answer deleted), its expiry
    // the keep-time; the owner has no open page, and one marker.
    assert_eq!(hash(&mut raw, &key).await, marker("taken"));
    let ttl = pttl(&mut raw, &key).await;
    assert!(ttl > 590_000 && ttl <= 600_000, "{ttl}");
    let all = everything(&mut raw).await;
    let names: Vec<Vec<u8>> = all.iter().map(|(key, _)| key.clone()).collect();
    let mut expected = vec![
        key.clone().into_bytes(),
        format!("{DEFAULT_PREFIX}ended:{ALICE}").into_bytes(),
    ];
    expected.sort();
    assert_eq!(names, expected);
    let ttl = pttl(&mut raw, &format!("{DEFAULT_PREFIX}ended:{ALICE}")).await;
    assert!(ttl > 590_000 && ttl <= 600_000, "{ttl}");
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_page_past_its_keep_time_is_forgotten_by_redis() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let mut raw = raw(&redis).await;

    // A keep-time of zero: a page forgotten at once, as the memory store's; nothing written.
    let gone = PageId::random().unwrap();
    let zero = NewPage::new(gone, ALICE, b"record".to_vec(), Duration::ZERO);
    assert_eq!(store.create(zero).await.unwrap(), Created::Made);
    assert_eq!(store.read(&gone).await.unwrap(), None);
    assert_eq!(
        store.answer(&gone, b"late".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    assert_eq!(store.take(&gone).await.unwrap(), Taken::Unknown);
    assert_eq!(dbsize(&mut raw).await, 0);

    // One second: Redis keeps the expiry through the answer, and then forgets the page, and its
    // owner's set.
    let id = PageId::random().unwrap();
    let key = format!("{DEFAULT_PREFIX}{id}");
    let made = Instant::now();
    let new = NewPage::new(id, ALICE, b"record".to_vec(), Duration::from_secs(1));
    store.create(new).await.unwrap();
    assert_eq!(
        store.answer(&id, b"answer".to_vec()).await.unwrap(),
        Answered::Now
    );
    let ttl = pttl(&mut raw, &key).await;
    assert!(ttl > 0 && ttl <= 1_000, "{ttl}");
    let ttl = pttl(&mut raw, &format!("{DEFAULT_PREFIX}owner:{ALICE}")).await;
    assert!(ttl > 0 && ttl <= 1_000, "{ttl}");
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Answered(b"record".to_vec()))
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
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(dbsize(&mut raw).await, 0);
    // Once forgotten, its id is free.
    let anew = NewPage::new(id, ALICE, b"anew".to_vec(), KEEP);
    assert_eq!(store.create(anew).await.unwrap(), Created::Made);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn of_many_answers_at_once_exactly_one_is_kept_and_taken_once() {
    let redis = Redis::start();
    // Two replicas, two connections, racing.
    let stores = [connect(&redis).await, connect(&redis).await];
    let (id, new) = page(ALICE, b"");
    stores[0].create(new).await.unwrap();
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
    assert_eq!(
        taken
            .iter()
            .filter(|t| **t == Taken::Ended(Ended::Taken))
            .count(),
        63
    );

    // Many replicas making the same id: one makes it.
    let id = PageId::random().unwrap();
    let creates: Vec<_> = (0..16u8)
        .map(|n| {
            let store = stores[usize::from(n % 2)].clone();
            let new = NewPage::new(id, ALICE, vec![n], KEEP).share(SHARE);
            tokio::spawn(async move { store.create(new).await })
        })
        .collect();
    let mut made = Vec::new();
    for create in creates {
        made.push(create.await.unwrap());
    }
    assert_eq!(made.iter().filter(|m| m.is_ok()).count(), 1);
    assert!(
        made.iter()
            .all(|m| matches!(m, Ok(Created::Made) | Err(StoreError::Taken)))
    );
    let first = made.iter().position(Result::is_ok).unwrap();
    assert_eq!(
        stores[1].read(&id).await.unwrap(),
        Some(Stored::Waiting(vec![u8::try_from(first).unwrap()]))
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
    let alice = seal_a.owner(Some("alice"));
    assert_eq!(alice, seal_b.owner(Some("alice")));

    // Replica A makes the page.
    let id = PageId::random().unwrap();
    let form = br#"{"form":"connect_service","subject":"alice"}"#;
    let record = seal_a.seal(&id, Kind::Record, form).unwrap();
    let new = NewPage::new(id, alice, record, KEEP).share(SHARE);
    assert_eq!(a.create(new).await.unwrap(), Created::Made);

    // The person's browser reaches replica B: it renders the page, and keeps the answer.
    let Some(Stored::Waiting(record)) = b.read(&id).await.unwrap() else {
        panic!("a waiting page")
    };
    assert_eq!(
        seal_b.open(&id, Kind::Record, &record).unwrap().as_slice(),
        form
    );
    let answer = format!(r#"{{"label":"Work","api_key":"{SECRET}","region":"eu"}}"#);
    let sealed = seal_b.seal(&id, Kind::Answer, answer.as_bytes()).unwrap();
    assert_eq!(b.answer(&id, sealed.clone()).await.unwrap(), Answered::Now);
    // The same POST replayed on replica A changes nothing.
    assert_eq!(a.answer(&id, sealed).await.unwrap(), Answered::Before);
    assert!(matches!(
        a.read(&id).await.unwrap(),
        Some(Stored::Answered(_))
    ));

    // A replica with another key reads the page from the same Redis, and opens nothing.
    let third = connect(&redis).await;
    let Some(Stored::Answered(record)) = third.read(&id).await.unwrap() else {
        panic!("an answered page")
    };
    assert_eq!(
        other.open(&id, Kind::Record, &record),
        Err(SealError::Forged)
    );

    // The call, retried on replica A, takes the answer; B's retry gets nothing more.
    let Taken::Answer(taken) = a.take(&id).await.unwrap() else {
        panic!("an answer")
    };
    assert_eq!(
        seal_a.open(&id, Kind::Answer, &taken).unwrap().as_slice(),
        answer.as_bytes()
    );
    assert_eq!(
        other.open(&id, Kind::Answer, &taken),
        Err(SealError::Forged)
    );
    // Nor does it open under another page's id, or as a record.
    assert_eq!(
        seal_a.open(&PageId::random().unwrap(), Kind::Answer, &taken),
        Err(SealError::Forged)
    );
    assert_eq!(
        seal_a.open(&id, Kind::Record, &taken),
        Err(SealError::Forged)
    );
    assert_eq!(b.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));

    // Applications sharing one Redis keep their pages apart with their prefixes.
    let elsewhere = connect(&redis).await.prefix("another-app:page:");
    assert_eq!(elsewhere.read(&id).await.unwrap(), None);
    assert_eq!(
        elsewhere.answer(&id, b"x".to_vec()).await.unwrap(),
        Answered::Unknown
    );
    let theirs = NewPage::new(id, alice, b"theirs".to_vec(), KEEP);
    assert_eq!(elsewhere.create(theirs).await.unwrap(), Created::Made);
    assert_eq!(
        a.read(&id).await.unwrap(),
        Some(Stored::Ended(Ended::Taken))
    );
    let mut raw = raw(&redis).await;
    let mut expected = vec![
        format!("another-app:page:{id}").into_bytes(),
        format!("another-app:page:owner:{alice}").into_bytes(),
        format!("{DEFAULT_PREFIX}{id}").into_bytes(),
        format!("{DEFAULT_PREFIX}ended:{alice}").into_bytes(),
    ];
    expected.sort();
    assert_eq!(keys(&mut raw).await, expected);
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn the_secret_is_in_no_value_redis_holds() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let seal = PageSeal::new(&StateKeys::new([7; 32]));
    let mut raw = raw(&redis).await;
    let secret = SECRET.as_bytes();
    let owner = seal.owner(Some("alice"));

    let id = PageId::random().unwrap();
    let record = format!(r#"{{"defaults":{{"api_key":"{SECRET}"}}}}"#);
    let sealed = seal.seal(&id, Kind::Record, record.as_bytes()).unwrap();
    let new = NewPage::new(id, owner, sealed.clone(), KEEP).share(100);
    store.create(new).await.unwrap();
    let answer = format!(r#"{{"api_key":"{SECRET}"}}"#);
    store
        .answer(
            &id,
            seal.seal(&id, Kind::Answer, answer.as_bytes()).unwrap(),
        )
        .await
        .unwrap();
    // Other pages beside it, waiting, answered, taken and closed.
    let mut ended = Vec::new();
    for n in 0..10u8 {
        let other = PageId::random().unwrap();
        let plain = format!("{SECRET}-{n}");
        let record = seal.seal(&other, Kind::Record, plain.as_bytes()).unwrap();
        let new = NewPage::new(other, owner, record, KEEP).share(100);
        store.create(new).await.unwrap();
        if n % 2 == 0 {
            store
                .answer(
                    &other,
                    seal.seal(&other, Kind::Answer, plain.as_bytes()).unwrap(),
                )
                .await
                .unwrap();
        }
        if n % 4 == 0 {
            assert!(matches!(
                store.take(&other).await.unwrap(),
                Taken::Answer(_)
            ));
            ended.push((other, "taken"));
        } else if n == 5 {
            store.close(&other).await.unwrap();
            ended.push((other, "closed"));
        }
    }

    let all = everything(&mut raw).await;
    // Eleven pages, the owner's open pages and their markers.
    assert_eq!(all.len(), 13);
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
    assert!(bytes > 7 * 40, "{bytes}");
    // What Redis holds is the sealed bytes handed in, as they were; an ended page, its stage.
    let fields = page_hash(&mut raw, &id).await;
    assert!(fields.contains(&("record".to_owned(), sealed)));
    for (other, stage) in ended {
        assert_eq!(page_hash(&mut raw, &other).await, marker(stage));
    }
    assert_eq!(zcard(&mut raw, "owner", owner).await, 7);
    assert_eq!(zcard(&mut raw, "ended", owner).await, 4);

    // Nor do the store's Debug and errors say anything of what it holds.
    assert_eq!(
        format!("{store:?}"),
        format!(
            "RedisStore {{ prefix: {DEFAULT_PREFIX:?}, cluster: false, timeout: 5s, acknowledged: WhereThereAreAny {{ within: 1s }}, .. }}"
        )
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
    let record = seal.seal(&id, Kind::Record, &plain).unwrap();
    let new = NewPage::new(id, ALICE, record.clone(), KEEP);
    store.create(new).await.unwrap();
    let Some(Stored::Waiting(read)) = store.read(&id).await.unwrap() else {
        panic!("a waiting page")
    };
    assert_eq!(read, record);
    assert_eq!(
        seal.open(&id, Kind::Record, &read).unwrap().as_slice(),
        plain
    );
    let answer = seal.seal(&id, Kind::Answer, &plain).unwrap();
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
            let record = seal.seal(&id, Kind::Record, &n.to_be_bytes()).unwrap();
            // One owner whose share is a thousand pages.
            let new = NewPage::new(id, ALICE, record, KEEP).share(1_000);
            assert_eq!(store.create(new).await.unwrap(), Created::Made);
            (id, n)
        });
    }
    let pages = made.join_all().await;
    assert_eq!(pages.len(), 1_000);
    let reader = connect(&redis).await;
    for (id, n) in &pages {
        let Some(Stored::Waiting(record)) = reader.read(id).await.unwrap() else {
            panic!("a waiting page")
        };
        assert_eq!(
            seal.open(id, Kind::Record, &record).unwrap().as_slice(),
            n.to_be_bytes()
        );
    }
    let mut raw = raw(&redis).await;
    assert_eq!(dbsize(&mut raw).await, 1_001);
    assert_eq!(zcard(&mut raw, "owner", ALICE).await, 1_000);
}

/// Makes `count` pages of `owner` on the `stores` in turn, one after the other, each of
/// `record_len` bytes: their ids, oldest first. Each page past the share replaces the oldest.
async fn flood(
    stores: &[RedisStore; 2],
    owner: Owner,
    count: usize,
    record_len: usize,
) -> Vec<PageId> {
    let mut ids: Vec<PageId> = Vec::with_capacity(count);
    for n in 0..count {
        let (id, new) = page(owner, &vec![0x5a; record_len]);
        let created = stores[n % 2].create(new).await.unwrap();
        if ids.len() >= SHARE {
            assert_eq!(
                created,
                Created::Replaced(ids[ids.len() - SHARE]),
                "page {n}"
            );
        } else {
            assert_eq!(created, Created::Made, "page {n}");
        }
        ids.push(id);
    }
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn one_users_flood_across_two_replicas_closes_their_own_oldest_pages_and_no_one_elses() {
    let redis = Redis::start();
    let stores = [connect(&redis).await, connect(&redis).await];
    let mut raw = raw(&redis).await;
    let (bobs, new) = page(BOB, b"bob");
    assert_eq!(stores[1].create(new).await.unwrap(), Created::Made);
    let used_before: i64 = used_memory(&mut raw).await;

    let started = Instant::now();
    let alices = flood(&stores, ALICE, 10_500, 100).await;
    let took = started.elapsed();
    println!("10,500 pages of one owner made on two replicas in {took:?}");

    // Alice holds her share, on both replicas; the pages she replaced are closed, keeping only
    // a marker: the last thousand of them (DEFAULT_MARKERS), the older ones forgotten.
    let (replaced, open) = alices.split_at(alices.len() - SHARE);
    for (n, id) in replaced.iter().enumerate() {
        let expected = if n >= replaced.len() - DEFAULT_MARKERS {
            Some(Stored::Ended(Ended::Closed))
        } else {
            None
        };
        assert_eq!(stores[n % 2].read(id).await.unwrap(), expected, "page {n}");
    }
    for (n, id) in open.iter().enumerate() {
        assert_eq!(
            stores[n % 2].read(id).await.unwrap(),
            Some(Stored::Waiting(vec![0x5a; 100]))
        );
    }
    let last_closed = replaced.last().unwrap();
    assert_eq!(page_hash(&mut raw, last_closed).await, marker("closed"));
    assert_eq!(
        stores[0].take(last_closed).await.unwrap(),
        Taken::Ended(Ended::Closed)
    );
    assert_eq!(
        stores[1]
            .answer(last_closed, b"late".to_vec())
            .await
            .unwrap(),
        Answered::Before
    );
    assert_eq!(zcard(&mut raw, "owner", ALICE).await, 8);
    assert_eq!(
        zcard(&mut raw, "ended", ALICE).await,
        i64::try_from(DEFAULT_MARKERS).unwrap()
    );

    // Bob's page waits as it did, and Bob still makes pages, on either replica.
    assert_eq!(
        stores[0].read(&bobs).await.unwrap(),
        Some(Stored::Waiting(b"bob".to_vec()))
    );
    assert_eq!(
        stores[0].create(page(BOB, b"again").1).await.unwrap(),
        Created::Made
    );

    // What Redis holds is small: Alice's 8 pages and 1,000 markers, Bob's 2 pages, and 3 sets;
    // and the records held are those of the open pages alone.
    let all = keys(&mut raw).await;
    assert_eq!(all.len(), 8 + DEFAULT_MARKERS + 2 + 3);
    let (mut records, mut usage, mut marker_usage, mut markers) = (0i64, 0i64, 0i64, 0i64);
    for key in &all {
        let kind: String = redis::cmd("TYPE")
            .arg(key)
            .query_async(&mut raw)
            .await
            .unwrap();
        let bytes: i64 = redis::cmd("MEMORY")
            .arg("USAGE")
            .arg(key)
            .query_async(&mut raw)
            .await
            .unwrap();
        usage += bytes;
        if kind == "hash" {
            let record: i64 = redis::cmd("HSTRLEN")
                .arg(key)
                .arg("record")
                .query_async(&mut raw)
                .await
                .unwrap();
            records += record;
            if record == 0 {
                marker_usage += bytes;
                markers += 1;
            }
        }
    }
    let used_after = used_memory(&mut raw).await;
    println!(
        "after the flood: {} keys, {records} bytes of records, {usage} bytes by MEMORY USAGE ({markers} markers: {} bytes each), used_memory grew by {} bytes",
        all.len(),
        marker_usage / markers.max(1),
        used_after - used_before
    );
    assert_eq!(records, 8 * 100 + 3 + 5);
    assert_eq!(markers, i64::try_from(DEFAULT_MARKERS).unwrap());
    // About 340 KB with Redis 7.0: some 220 bytes a marker (its key, its stage, its expiry).
    assert!(usage < 512 * 1024, "{usage}");
    assert!(marker_usage / markers < 300, "{marker_usage}");
}

/// Redis's `used_memory`, from `INFO memory`.
async fn used_memory(raw: &mut MultiplexedConnection) -> i64 {
    let info: String = redis::cmd("INFO")
        .arg("memory")
        .query_async(raw)
        .await
        .unwrap();
    info.lines()
        .find_map(|line| line.strip_prefix("used_memory:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn creates_at_once_on_two_replicas_never_exceed_the_share() {
    let redis = Redis::start();
    let stores = [connect(&redis).await, connect(&redis).await];
    let mut raw = raw(&redis).await;
    let mut ids = Vec::new();
    for round in 0..4 {
        let creates: Vec<_> = (0..64usize)
            .map(|n| {
                let store = stores[n % 2].clone();
                let (id, new) = page(ALICE, b"r");
                tokio::spawn(async move { (id, store.create(new).await.unwrap()) })
            })
            .collect();
        let mut made = Vec::new();
        for create in creates {
            made.push(create.await.unwrap());
        }
        let replaced: Vec<PageId> = made
            .iter()
            .filter_map(|(_, created)| match created {
                Created::Replaced(id) => Some(*id),
                Created::Made => None,
            })
            .collect();
        ids.extend(made.iter().map(|(id, _)| *id));
        // Each page past the share replaced one, never the same twice, never one not made.
        let expected_made = if round == 0 { SHARE } else { 0 };
        assert_eq!(made.len() - replaced.len(), expected_made, "round {round}");
        let distinct: HashSet<PageId> = replaced.iter().copied().collect();
        assert_eq!(distinct.len(), replaced.len());
        assert!(replaced.iter().all(|id| ids.contains(id)));
        // Exactly the share is open.
        let mut open = 0;
        for id in &ids {
            match stores[0].read(id).await.unwrap() {
                Some(Stored::Waiting(_)) => open += 1,
                Some(Stored::Ended(Ended::Closed)) => {}
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(open, SHARE, "round {round}");
        assert_eq!(zcard(&mut raw, "owner", ALICE).await, 8);
    }
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_share_of_answered_pages_refuses_that_user_alone() {
    let redis = Redis::start();
    let (a, b) = (connect(&redis).await, connect(&redis).await);
    let share = |new: NewPage| new.share(3);
    let mut answered = Vec::new();
    for n in 0..3 {
        let (id, new) = page(ALICE, b"r");
        [&a, &b][n % 2].create(share(new)).await.unwrap();
        assert_eq!(a.answer(&id, b"a".to_vec()).await.unwrap(), Answered::Now);
        answered.push(id);
    }
    // Nothing to replace: every open page holds an answer its call has not read; on either
    // replica.
    for store in [&a, &b] {
        let error = store.create(share(page(ALICE, b"r").1)).await.unwrap_err();
        assert!(matches!(error, StoreError::Share { share: 3 }), "{error}");
        // The store's message (its wording is the store module's), naming the share.
        assert!(
            error
                .to_string()
                .starts_with("this user has 3 pages answered"),
            "{error}"
        );
    }
    // Nothing was lost, and Bob is not refused.
    for id in &answered {
        assert_eq!(
            b.read(id).await.unwrap(),
            Some(Stored::Answered(b"r".to_vec()))
        );
    }
    assert_eq!(
        b.create(share(page(BOB, b"r").1)).await.unwrap(),
        Created::Made
    );
    // One answer read: Alice has room again, and then, her one waiting page replaced.
    assert_eq!(
        b.take(&answered[0]).await.unwrap(),
        Taken::Answer(b"a".to_vec())
    );
    let (waiting, new) = page(ALICE, b"r");
    assert_eq!(a.create(share(new)).await.unwrap(), Created::Made);
    assert_eq!(
        b.create(share(page(ALICE, b"r").1)).await.unwrap(),
        Created::Replaced(waiting)
    );
    assert_eq!(
        a.read(&waiting).await.unwrap(),
        Some(Stored::Ended(Ended::Closed))
    );
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_page_closed_or_past_its_time_keeps_only_a_marker_and_leaves_the_share() {
    let redis = Redis::start();
    let store = connect(&redis).await;
    let mut raw = raw(&redis).await;

    // Closed: waiting, or answered (the answer dropped).
    let (waiting, new) = page(ALICE, b"record");
    store.create(new).await.unwrap();
    let (answered, new) = page(ALICE, b"record");
    store.create(new).await.unwrap();
    store.answer(&answered, b"secret".to_vec()).await.unwrap();
    assert_eq!(zcard(&mut raw, "owner", ALICE).await, 2);
    for id in [waiting, answered] {
        store.close(&id).await.unwrap();
        assert_eq!(
            store.read(&id).await.unwrap(),
            Some(Stored::Ended(Ended::Closed))
        );
        assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Closed));
        assert_eq!(
            store.answer(&id, b"late".to_vec()).await.unwrap(),
            Answered::Before
        );
        assert_eq!(page_hash(&mut raw, &id).await, marker("closed"));
        let ttl = pttl(&mut raw, &format!("{DEFAULT_PREFIX}{id}")).await;
        assert!(ttl > 590_000 && ttl <= 600_000, "{ttl}");
    }
    // The owner has no open page left (Redis deleted the empty set).
    assert_eq!(zcard(&mut raw, "owner", ALICE).await, 0);
    // Closing again, or closing what is not kept, changes nothing.
    store.close(&waiting).await.unwrap();
    store.close(&PageId::random().unwrap()).await.unwrap();
    assert_eq!(
        store.read(&waiting).await.unwrap(),
        Some(Stored::Ended(Ended::Closed))
    );

    // Past its time unanswered (open 200 ms, kept ten minutes): still kept, and it counts no
    // more; the owner's next page, within a share of one, is made without closing it, and it
    // ends as expired.
    let id = PageId::random().unwrap();
    let short = NewPage::new(id, BOB, b"record".to_vec(), Duration::from_millis(200))
        .keep(KEEP)
        .share(1);
    assert_eq!(store.create(short).await.unwrap(), Created::Made);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Waiting(b"record".to_vec()))
    );
    let (next, new) = page(BOB, b"next");
    assert_eq!(store.create(new.share(1)).await.unwrap(), Created::Made);
    assert_eq!(
        store.read(&id).await.unwrap(),
        Some(Stored::Ended(Ended::Expired))
    );
    assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Expired));
    assert_eq!(
        store.answer(&id, b"late".to_vec()).await.unwrap(),
        Answered::Before
    );
    assert_eq!(page_hash(&mut raw, &id).await, marker("expired"));
    let ttl = pttl(&mut raw, &format!("{DEFAULT_PREFIX}{id}")).await;
    assert!(ttl > 590_000 && ttl <= 600_000, "{ttl}");
    assert_eq!(
        store.read(&next).await.unwrap(),
        Some(Stored::Waiting(b"next".to_vec()))
    );
    assert_eq!(zcard(&mut raw, "owner", BOB).await, 1);
    assert_eq!(zcard(&mut raw, "ended", BOB).await, 1);
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn the_markers_of_an_owner_are_bounded() {
    let redis = Redis::start();
    let store = connect(&redis).await.markers(3);
    let mut raw = raw(&redis).await;
    let mut taken = Vec::new();
    for _ in 0..5 {
        let (id, new) = page(ALICE, b"r");
        store.create(new).await.unwrap();
        store.answer(&id, b"a".to_vec()).await.unwrap();
        store.take(&id).await.unwrap();
        taken.push(id);
    }
    // The three last markers are kept; the two oldest are forgotten.
    for (n, id) in taken.iter().enumerate() {
        let expected = (n >= 2).then_some(Stored::Ended(Ended::Taken));
        assert_eq!(store.read(id).await.unwrap(), expected, "page {n}");
    }
    assert_eq!(zcard(&mut raw, "ended", ALICE).await, 3);
    assert_eq!(dbsize(&mut raw).await, 4);
}

async fn set_policy(raw: &mut MultiplexedConnection, policy: &str) {
    let () = redis::cmd("CONFIG")
        .arg("SET")
        .arg("maxmemory-policy")
        .arg(policy)
        .query_async(raw)
        .await
        .unwrap();
}

#[tokio::test]
#[ignore = "needs redis-server (Debian's package); CI runs it"]
async fn a_redis_that_may_evict_is_refused_at_start_up() {
    let redis = Redis::start();
    let mut raw = raw(&redis).await;
    // As `redis-server --maxmemory-policy allkeys-lru` would run.
    set_policy(&mut raw, "allkeys-lru").await;
    let error = RedisStore::connect(&redis.url).await.unwrap_err();
    assert!(matches!(error, StoreError::Backend(_)), "{error}");
    let message = error.to_string();
    assert!(
        message
            .starts_with("the page store failed: Redis runs with `maxmemory-policy allkeys-lru`"),
        "{message}"
    );
    assert!(
        message.contains("`CONFIG SET maxmemory-policy noeviction`")
            && message.contains("the line `maxmemory-policy noeviction` in redis.conf"),
        "{message}"
    );
    // The same check, for a store built on a connection of one's own.
    let store = RedisStore::new(quick(&redis.url).await.unwrap());
    let error = store.check_eviction_policy().await.unwrap_err();
    assert!(error.to_string().contains("`maxmemory-policy allkeys-lru`"));
    set_policy(&mut raw, "volatile-ttl").await;
    let error = RedisStore::connect(&redis.url).await.unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`maxmemory-policy volatile-ttl`")
    );

    // A Redis that refuses CONFIG to this user (as managed services do) is accepted.
    let () = redis::cmd("ACL")
        .arg("SETUSER")
        .arg("pages")
        .arg("on")
        .arg(">a-password")
        .arg("~*")
        .arg("+@all")
        .arg("-config")
        .query_async(&mut raw)
        .await
        .unwrap();
    let port = redis.url.rsplit(':').next().unwrap();
    let limited = format!("redis://pages:a-password@127.0.0.1:{port}");
    let store = RedisStore::connect(&limited).await.expect("accepted");
    store.check_eviction_policy().await.unwrap();
    assert_eq!(
        store.create(page(ALICE, b"r").1).await.unwrap(),
        Created::Made
    );

    // Under noeviction, connect succeeds.
    set_policy(&mut raw, "noeviction").await;
    let store = RedisStore::connect(&redis.url).await.expect("accepted");
    store.check_eviction_policy().await.unwrap();
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
        store.close(&id).await.unwrap_err(),
    ] {
        assert!(matches!(error, StoreError::Backend(_)), "{error}");
        assert!(!error.to_string().contains("not a page"), "{error}");
    }
    let new = NewPage::new(id, ALICE, b"r".to_vec(), KEEP);
    assert!(matches!(store.create(new).await, Err(StoreError::Taken)));
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
    for error in [
        store.read(&id).await.unwrap_err(),
        store.answer(&id, b"a".to_vec()).await.unwrap_err(),
        store.take(&id).await.unwrap_err(),
    ] {
        assert!(matches!(error, StoreError::Backend(_)), "{error}");
    }
    // An owner's set holding a key of another program: left out of the count, and the set.
    let (first, new) = page(BOB, b"r");
    store.create(new.share(1)).await.unwrap();
    let _: i64 = redis::cmd("ZADD")
        .arg(format!("{DEFAULT_PREFIX}owner:{BOB}"))
        .arg(0)
        .arg(id.to_string())
        .query_async(&mut raw)
        .await
        .unwrap();
    assert_eq!(
        store.create(page(BOB, b"r").1.share(1)).await.unwrap(),
        Created::Replaced(first)
    );
    assert_eq!(zcard(&mut raw, "owner", BOB).await, 1);

    // No Redis at the URL: the store cannot be made. (A connection manager that gives up
    // quickly: the default one tries again for about ten seconds.) Nothing listens on the
    // discard port, which no test binds; a port the system chose and let go could be taken by a
    // parallel test's server meanwhile.
    let error = quick("redis://127.0.0.1:9/")
        .await
        .map(RedisStore::new)
        .unwrap_err();
    assert!(error.is_connection_refusal(), "{error}");
    assert!(matches!(
        RedisStore::connect("not a url").await,
        Err(StoreError::Backend(_))
    ));

    // Redis gone: every step fails, in the store's time (each tries again until it is up), with
    // the store's error, which says so.
    let store =
        RedisStore::new(quick(&redis.url).await.unwrap()).timeout(Duration::from_millis(400));
    let (page_id, new) = page(ALICE, b"r");
    store.create(new.clone()).await.unwrap();
    drop(redis);
    let started = std::time::Instant::now();
    let failed = tokio::time::timeout(Duration::from_secs(20), async {
        [
            store.read(&page_id).await.err(),
            store.answer(&page_id, b"a".to_vec()).await.err(),
            store.take(&page_id).await.err(),
            store.close(&page_id).await.err(),
            store.create(new).await.err(),
            store.check_eviction_policy().await.err(),
        ]
    })
    .await
    .expect("a store whose Redis is gone answers in bounded time");
    // Six steps of 400 ms each, and a little.
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    for error in failed {
        let error = error.expect("an error");
        assert!(matches!(error, StoreError::Backend(_)), "{error}");
        let message = error.to_string();
        assert!(
            message.starts_with("the page store failed: Redis could not be reached within 400 ms (the last attempt: "),
            "{message}"
        );
        assert!(message.ends_with("): try again in a moment"), "{message}");
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

#[path = "support/store_model.rs"]
mod store_model;

/// Redis held to the model of a page store (`support/store_model.rs`), as the memory store is:
/// any sequence of steps by several owners gives what the model says, each case under a prefix of
/// its own on one Redis.
#[test]
#[ignore = "needs redis-server: CI installs it and runs this with --ignored"]
fn redis_keeps_the_stores_contract() {
    use proptest::prelude::*;
    let redis = Redis::start();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let case = std::sync::atomic::AtomicU32::new(0);
    let config = ProptestConfig::with_cases(64);
    proptest::test_runner::TestRunner::new(config)
        .run(&store_model::steps(), |steps| {
            let case = case.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let outcome = runtime.block_on(async {
                let store = connect(&redis).await.prefix(format!("model:{case}:"));
                store_model::run(&store, &steps).await
            });
            prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
            Ok(())
        })
        .unwrap();
}
