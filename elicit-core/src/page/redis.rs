//! The pending pages' store on Redis (feature `page-redis`): [`RedisStore`], so that replicas
//! sharing one Redis and one key serve each other's pages, the page posted to one replica and the
//! call retried on another.
//!
//! Each page is one Redis hash, `PREFIX` followed by the page's id (`mcp-elicit:page:` and 22
//! characters of base64url by default), holding its stage, its sealed record and, once answered,
//! its sealed answer, with the page's keep-time as the key's expiry: Redis forgets a page by
//! itself. Every step is one command or one Lua script (`EVALSHA`, loaded again if Redis lost
//! it), and so atomic, whichever replica runs it: a page is made only under a free id, answered
//! only while it waits, and its answer taken once and then deleted.
//!
//! The store holds what the page module sealed ([`PageSeal`](super::seal::PageSeal)): bytes it can
//! neither read nor forge. It logs nothing, and none of its errors carries a value.

use std::fmt;
use std::time::Duration;

use ::redis::aio::ConnectionManager;
use ::redis::{Client, RedisError, Script, Value};

use super::seal::PageId;
use super::store::{Answered, PageStore, Stage, StoreError, Stored, Taken};

/// The prefix of the pages' keys unless [`RedisStore::prefix`] sets another.
pub const DEFAULT_PREFIX: &str = "mcp-elicit:page:";

/// The longest keep-time given to Redis: a hundred years. Longer ones are cut to it (Redis
/// refuses an expiry past its clock's range).
const MAX_KEEP_MS: u64 = 100 * 365 * 86_400 * 1_000;

/// The fields of a page's hash, and the stages as the hash spells them.
///
/// `stage`: `waiting`, `answered` or `taken`; `record`: the sealed record; `answer`: the sealed
/// answer, from `answered` until it is taken.
const STAGE: &str = "stage";
const RECORD: &str = "record";
const WAITING: &[u8] = b"waiting";
const ANSWERED: &[u8] = b"answered";
const TAKEN: &[u8] = b"taken";

/// `create`: makes the page `KEYS[1]` with the record `ARGV[1]`, kept `ARGV[2]` milliseconds, if
/// no page of that id is kept. Returns 1 when it made the page, 0 when the id is in use. A
/// keep-time of zero makes a page that is forgotten at once: nothing is written.
const CREATE: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
if ARGV[2] == '0' then
  return 1
end
redis.call('HSET', KEYS[1], 'stage', 'waiting', 'record', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
";

/// `answer`: gives the page `KEYS[1]` the answer `ARGV[1]` if it waits for one; its expiry stays.
/// Returns 2 when this call answered, 1 when the page had its answer already, 0 for no page.
const ANSWER: &str = r"
local stage = redis.call('HGET', KEYS[1], 'stage')
if not stage then
  return 0
end
if stage ~= 'waiting' then
  return 1
end
redis.call('HSET', KEYS[1], 'stage', 'answered', 'answer', ARGV[1])
return 2
";

/// `take`: takes the answer of the page `KEYS[1]`, deleting it from Redis; the page stays, taken,
/// until its expiry. Returns the answer, or 0 for no page, 1 when the page waits, 2 when the answer
/// was taken before.
const TAKE: &str = r"
local stage = redis.call('HGET', KEYS[1], 'stage')
if not stage then
  return 0
end
if stage == 'waiting' then
  return 1
end
if stage == 'taken' then
  return 2
end
local answer = redis.call('HGET', KEYS[1], 'answer')
redis.call('HSET', KEYS[1], 'stage', 'taken')
redis.call('HDEL', KEYS[1], 'answer')
if not answer then
  return 2
end
return answer
";

/// The pending pages in Redis, shared by every replica that uses the same Redis and the same
/// prefix: a [`PageStore`] whose every step is atomic (see [the module](self)). It holds no page
/// itself, and bounds nothing: Redis does, with its `maxmemory` (pages are keys with an expiry, so
/// under `volatile-ttl` the pages nearest their end go first; under `noeviction` a full Redis
/// refuses new pages, and `create` fails).
///
/// Cloning it is cheap: the clones share one connection (Redis pipelines their commands).
///
/// ```no_run
/// use std::time::Duration;
/// use mcp_elicit::page::redis::RedisStore;
/// use mcp_elicit::page::seal::{PageId, PageSeal};
/// use mcp_elicit::page::store::{Answered, PageStore, StoreError, Taken};
/// use mcp_elicit::rounds::StateKeys;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// // Two replicas: one Redis, one key (from `MCP_ELICIT_STATE_KEY` in a real server).
/// let keys = StateKeys::new([7; 32]);
/// let a = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-app:page:");
/// let b = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-app:page:");
/// let (seal_a, seal_b) = (PageSeal::new(&keys), PageSeal::new(&keys));
///
/// // Replica A makes the page; the person's answer is posted to replica B.
/// let id = PageId::random()?;
/// a.create(&id, seal_a.seal(&id, b"the form")?, Duration::from_secs(600)).await?;
/// let page = b.read(&id).await?.expect("the page");
/// assert_eq!(seal_b.open(&id, &page.record)?, b"the form");
/// assert_eq!(b.answer(&id, seal_b.seal(&id, b"the answer")?).await?, Answered::Now);
///
/// // The call, retried on replica A, takes the answer, once.
/// let Taken::Answer(sealed) = a.take(&id).await? else { panic!("an answer") };
/// assert_eq!(seal_a.open(&id, &sealed)?, b"the answer");
/// assert_eq!(a.take(&id).await?, Taken::Before);
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    connection: ConnectionManager,
    prefix: String,
    scripts: Scripts,
}

/// The store's scripts, each with its SHA-1 computed once.
#[derive(Clone)]
struct Scripts {
    create: Script,
    answer: Script,
    take: Script,
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// The store on the Redis at `url` (`redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`, or
    /// `rediss://` with one of the `redis` crate's TLS features), through a tokio connection
    /// manager that reconnects by itself, with the `redis` crate's defaults: half a second for a
    /// reply, and a Redis that cannot be reached tried again six times, over about ten seconds,
    /// before a step fails (so that a restart of Redis is ridden out). For other limits, build the
    /// [`ConnectionManager`] yourself and call [`RedisStore::new`]. Must be called within a
    /// tokio runtime.
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when the URL is none, or Redis cannot be reached.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let client = Client::open(url).map_err(backend)?;
        let connection = ConnectionManager::new(client).await.map_err(backend)?;
        Ok(RedisStore::new(connection))
    }

    /// The store on the Redis behind `connection` (built with the timeouts, retries or TLS of
    /// your choice), its keys under [`DEFAULT_PREFIX`].
    pub fn new(connection: ConnectionManager) -> Self {
        RedisStore {
            connection,
            prefix: DEFAULT_PREFIX.to_owned(),
            scripts: Scripts {
                create: Script::new(CREATE),
                answer: Script::new(ANSWER),
                take: Script::new(TAKE),
            },
        }
    }

    /// The store with its keys under `prefix` rather than [`DEFAULT_PREFIX`]: replicas share
    /// their pages when they share the prefix, and applications sharing one Redis keep theirs
    /// apart with different ones.
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// The key of the page `id`.
    fn key(&self, id: &PageId) -> String {
        format!("{}{id}", self.prefix)
    }

    /// Runs `script` on the key of `id` with `args`.
    async fn run(&self, script: &Script, id: &PageId, args: &[&[u8]]) -> Result<Value, StoreError> {
        let mut invocation = script.key(self.key(id));
        for arg in args {
            invocation.arg(*arg);
        }
        let mut connection = self.connection.clone();
        invocation
            .invoke_async(&mut connection)
            .await
            .map_err(backend)
    }
}

impl PageStore for RedisStore {
    async fn create(&self, id: &PageId, record: Vec<u8>, keep: Duration) -> Result<(), StoreError> {
        let keep = keep_millis(keep).to_string();
        let made = self
            .run(&self.scripts.create, id, &[&record, keep.as_bytes()])
            .await?;
        match made {
            Value::Int(1) => Ok(()),
            Value::Int(0) => Err(StoreError::Taken),
            _ => Err(unexpected("create")),
        }
    }

    async fn read(&self, id: &PageId) -> Result<Option<Stored>, StoreError> {
        let mut connection = self.connection.clone();
        let fields: Value = ::redis::cmd("HMGET")
            .arg(self.key(id))
            .arg(STAGE)
            .arg(RECORD)
            .query_async(&mut connection)
            .await
            .map_err(backend)?;
        let Value::Array(fields) = fields else {
            return Err(unexpected("read"));
        };
        match <[Value; 2]>::try_from(fields) {
            Ok([Value::Nil, Value::Nil]) => Ok(None),
            Ok([Value::BulkString(stage), Value::BulkString(record)]) => {
                let stage = match stage.as_slice() {
                    WAITING => Stage::Waiting,
                    ANSWERED => Stage::Answered,
                    TAKEN => Stage::Taken,
                    _ => return Err(unexpected("read")),
                };
                Ok(Some(Stored { record, stage }))
            }
            _ => Err(unexpected("read")),
        }
    }

    async fn answer(&self, id: &PageId, answer: Vec<u8>) -> Result<Answered, StoreError> {
        match self.run(&self.scripts.answer, id, &[&answer]).await? {
            Value::Int(2) => Ok(Answered::Now),
            Value::Int(1) => Ok(Answered::Before),
            Value::Int(0) => Ok(Answered::Unknown),
            _ => Err(unexpected("answer")),
        }
    }

    async fn take(&self, id: &PageId) -> Result<Taken, StoreError> {
        match self.run(&self.scripts.take, id, &[]).await? {
            Value::BulkString(answer) => Ok(Taken::Answer(answer)),
            Value::Int(2) => Ok(Taken::Before),
            Value::Int(1) => Ok(Taken::Waiting),
            Value::Int(0) => Ok(Taken::Unknown),
            _ => Err(unexpected("take")),
        }
    }
}

/// `keep` in whole milliseconds for `PEXPIRE`: rounded up, so that a keep-time under a
/// millisecond still keeps its page, and at most [`MAX_KEEP_MS`].
fn keep_millis(keep: Duration) -> u64 {
    let millis = keep.as_nanos().div_ceil(1_000_000);
    u64::try_from(millis).map_or(MAX_KEEP_MS, |millis| millis.min(MAX_KEEP_MS))
}

/// Redis's error as the store's. A `RedisError` names the failure (a connection, a timeout, a
/// script's error, a key of another type), never the values sent.
fn backend(error: RedisError) -> StoreError {
    StoreError::Backend(Box::new(error))
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
        // i64): the bound leaves room for centuries.
        assert!(MAX_KEEP_MS < u64::try_from(i64::MAX / 2).unwrap());
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
}
