//! The pending pages' store on Redis (feature `page-redis`): [`RedisStore`], so that replicas
//! sharing one Redis (one primary and its replicas, followed through Redis Sentinel or not, or
//! one Redis Cluster) and one key serve each other's pages, the page posted
//! to one replica and the call retried on another, and keep each user to their share across all
//! of them.
//!
//! # Layout
//!
//! Under `PREFIX` (`mcp-elicit:page:` by default), with `ID` a page's id (22 characters of
//! base64url) and `OWNER` its owner's digest (32 hexadecimal digits). On a Redis Cluster the keys
//! of pages and of their owners' sets are under `PREFIX{BB}`, `BB` the owner's bucket in two
//! hexadecimal digits (the first byte of the owner's digest, which the ids of their pages carry:
//! [`PageId::random_for`](super::seal::PageId::random_for)), so that an owner's keys share a
//! slot and the 256 buckets spread over the primaries; the kept values (and `ack`) are under
//! `{PREFIX}`, one slot.
//!
//! - `PREFIX ID`, a hash: the page. `stage` (`waiting`, `answered`, `handing`, `taken`, `closed`
//!   or `expired`), and while the page is open `record` (the sealed record), `answer` (the sealed
//!   answer, once answered), `owner`, `open_until` (until when it may be answered, in
//!   milliseconds of Redis's own clock, `TIME`, so that every replica goes by one clock), and the
//!   random marks of the steps that made and answered it (`made_by`, `answered_by`; `replaced`,
//!   the page it closed to make room). An answer is held (`held_until`: not taken, and replaced
//!   by another answer) until its replicas acknowledged it; a take hands it over (`handing`, to
//!   `taker` until `until`) and the page ends as taken once the taker confirms it has it, or is
//!   the page's again if the taker's call failed (`given_up_by`, a take that has not run yet). The key's expiry is the page's keep-time: Redis forgets a
//!   page by itself. A page that ends (taken, closed, expired) keeps only its `stage`, a marker
//!   of a few bytes, until that expiry.
//! - `PREFIX owner:OWNER`, a sorted set: the owner's open pages by id, oldest first, its expiry
//!   the longest keep-time of its pages. Its length is the owner's share at most (the pages that
//!   end leave it).
//! - `PREFIX ended:OWNER`, a sorted set: the owner's ended pages, oldest first, at most
//!   [`RedisStore::markers`] of them: past that, the oldest marker is deleted (its page is then
//!   one never made, a 404 rather than a 410), so that a user making pages as fast as they can
//!   fills Redis with neither pages nor markers.
//! - `PREFIX handed:NAME`: a value removed, kept for the step that took it while its reply may
//!   be lost (twice the step's time), deleted as soon as the reply came.
//! - `PREFIX ack`: a byte written before a write waits for its replicas (see Faults).
//! - `PREFIX kept:NAME` and `PREFIX kept-owner:OWNER`: the values of [`KeptStore`](super::store::KeptStore)
//!   (accounts' tokens, flows in progress, claims).
//!
//! Every step is one Lua script (`EVALSHA`, loaded again if Redis lost it) or one command, and
//! so atomic whichever replica runs it: a page is made only under a free id and within its
//! owner's share (the script walks the owner's set, oldest first, ends the pages past their time,
//! counts the open ones, and closes the oldest waiting one or refuses the page when the owner is
//! at their share), answered only while it waits, and its answer taken once. Each script's work
//! is bounded by the owner's share (and a few markers trimmed).
//!
//! # Faults
//!
//! - **A broken connection** (Redis restarted, a failover, a network blip): the step is sent
//!   again once the connection is made again, within the step's time ([`RedisStore::timeout`],
//!   5 seconds by default). Every step may be: each script recognises its own work when it comes
//!   twice (a page made, an answer given, taken, a value removed or claimed, by the step's random
//!   mark; a value set, by the value), and gives the outcome it gave, so a reply lost after the
//!   step ran neither doubles a page in a share nor loses an answer taken.
//! - **Redis away** for longer than the step's time: the step fails with an error that says so
//!   ("Redis could not be reached within 5000 ms ... try again in a moment"); pages answer 503
//!   ("Try again"), calls an error naming the store. The same store works again once Redis is
//!   back: no replica needs a restart.
//! - **A failover** (Redis Cluster, or Sentinels promoting a replica): every write a promise
//!   depends on (a page made or closed, an answer, a connection's tokens, a single-use claim, a
//!   value taken once) counts as done only once a replica acknowledged it (`WAIT`,
//!   [`RedisStore::acknowledged_by`]; by default whenever the primary has a replica in sync), so
//!   a replica promoted right after has it. When no replica acknowledges in time, the step fails
//!   with an error that says the write may not be kept, and the page asks the person to try
//!   again; a claim refused that way is let go on the primary, so the call made again claims it;
//!   an answer refused that way is never taken, and the person's answer given again replaces it.
//! - **A reply late or lost** (past the step's time, or its connection cut): an answer taken
//!   whose call failed is given back to the page (in the background, tried again until Redis
//!   takes it), so the call made again (a retry with the same state, the next look of a waiting
//!   call) takes it; a take that runs after its call gave up does nothing; and a take whose
//!   call is gone for good leaves the answer to the next once its hand-over ends (twice the
//!   step's time). The page ends as taken only once the taker confirms it has the answer.
//!   A step sent again that finds its own work done writes a mark before it waits, so that it
//!   too is acknowledged.
//! - **A replica that stalls** (a long fork, a full disk) refuses the writes that wait for it,
//!   each after its own wait: each such write has a connection of its own while it waits, so
//!   none waits behind another's, and reads go on at once.
//! - **A primary gone silent** (power lost, a partition: its connections stay open, nothing
//!   answers): a reply later than half a second (or than a write's wait, and half a second)
//!   marks the connection broken, as does a step that ran out of time; the next attempt makes a
//!   new one, asking the Sentinels again, so the store follows their promotion within seconds.
//! - **A reply that is not Redis's** (another program on the port, a connection out of step): the
//!   connection is made again and the step sent again, within its time; a server that accepts and
//!   never answers, or a cluster that redirects in a loop, ends the step at its time. Nothing that
//!   did not parse is taken for an answer.
//!
//! # Running Redis for it
//!
//! - **`maxmemory-policy noeviction`.** Under any other policy, Redis full evicts keys: a page
//!   still waiting, another user's, or an owner's set (and with it the share). Under
//!   `noeviction` a full Redis refuses new pages (`create` fails) and loses none.
//!   [`RedisStore::connect`] checks it ([`RedisStore::check_eviction_policy`]) and refuses any
//!   other policy; a Redis that refuses `CONFIG` (managed services rename or forbid it) is
//!   accepted, and then check the policy yourself.
//! - Redis 5 or later (Valkey too). On a Redis Cluster ([`RedisStore::connect_cluster`]) each
//!   script reaches only keys of one slot (its owner's bucket, or the kept values'): every primary
//!   holds its share of the pages, and a primary's failover stops only the flows of the owners in
//!   its buckets, for seconds. Pages made before this layout (under `{PREFIX}` on a cluster) are
//!   not found: upgrade every replica of a server together, and the people whose pages were
//!   waiting are asked again; the kept values (connected accounts) stay where they were.
//! - What each persistence setting keeps, and which to choose: the guide's page
//!   [production](https://docs.rs/mcp-elicit/latest/mcp_elicit/_guide/_production/index.html).
//!
//! The store holds what the page module sealed ([`PageSeal`](super::seal::PageSeal)): bytes it can
//! neither read nor forge. It logs nothing, and none of its errors carries a value.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ::redis::{ErrorKind, RedisError, ServerErrorKind, Value};

use super::store::StoreError;

mod address;
mod connect;
mod kept;
mod later;
mod link;
mod pages;
mod scripts;
mod step;
mod writers;

pub use ::redis::sentinel::SentinelNodeConnectionInfo;
pub use address::redacted;
use connect::tagged;
use later::Later;
use link::Link;
pub use link::{DEFAULT_ACKNOWLEDGEMENT, DEFAULT_TIMEOUT};
use scripts::Scripts;
use step::{Write, nonce, short};
use writers::Writers;

/// The prefix of the store's keys unless [`RedisStore::prefix`] sets another.
pub const DEFAULT_PREFIX: &str = "mcp-elicit:page:";

/// How many markers of ended pages each owner keeps at most, unless [`RedisStore::markers`]
/// sets another number.
pub const DEFAULT_MARKERS: usize = 1_000;

/// The longest keep-time given to Redis: a hundred years. Longer ones are cut to it (Redis
/// refuses an expiry past its clock's range).
const MAX_KEEP_MS: u64 = 100 * 365 * 86_400 * 1_000;

/// The largest share passed to Redis (Lua's numbers are doubles): more is no limit anyway.
const MAX_SHARE: u64 = 1 << 40;

/// The pending pages in Redis, shared by every replica that uses the same Redis and the same
/// prefix: a [`PageStore`](super::store::PageStore) whose every step is atomic, which keeps
/// each owner to their share across replicas, and keeps an ended page as a marker of a few
/// bytes (see [the module](self)). It holds no page itself, and bounds the whole only through
/// Redis's `maxmemory`, which Redis must enforce with `maxmemory-policy noeviction`
/// ([`RedisStore::check_eviction_policy`]): then a full Redis refuses new pages, and evicts
/// none.
///
/// Cloning it is cheap: the clones share their connections (Redis pipelines the commands on
/// each).
///
/// ```no_run
/// use std::time::Duration;
/// use mcp_elicit::page::redis::RedisStore;
/// use mcp_elicit::page::seal::{Kind, PageId, PageSeal};
/// use mcp_elicit::page::store::{Answered, Created, Ended, NewPage, PageStore, Stored, Taken};
/// use mcp_elicit::rounds::StateKeys;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// // Two replicas: one Redis (run with `maxmemory-policy noeviction`, which `connect` checks),
/// // one key (from `MCP_ELICIT_STATE_KEY` in a real server).
/// let keys = StateKeys::new([7; 32]);
/// let a = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-app:page:");
/// let b = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-app:page:");
/// let (seal_a, seal_b) = (PageSeal::new(&keys), PageSeal::new(&keys));
///
/// // Replica A makes the page, for Alice, who may have 8 open pages (its id carries her bucket,
/// // which a Redis Cluster needs).
/// let alice = seal_a.owner(Some("alice"));
/// let id = PageId::random_for(&alice)?;
/// let record = seal_a.seal(&id, Kind::Record, b"the form")?;
/// let page = NewPage::new(id, alice, record, Duration::from_mins(10))
///     .keep(Duration::from_mins(15))
///     .share(8);
/// assert_eq!(a.create(page).await?, Created::Made);
///
/// // The person's answer is posted to replica B.
/// let Some(Stored::Waiting(record)) = b.read(&id).await? else { panic!("a waiting page") };
/// assert_eq!(*seal_b.open(&id, Kind::Record, &record)?, b"the form");
/// let answer = seal_b.seal(&id, Kind::Answer, b"the answer")?;
/// assert_eq!(b.answer(&id, answer).await?, Answered::Now);
///
/// // The call, retried on replica A, takes the answer, once: the page keeps only a marker.
/// let Taken::Answer(sealed) = a.take(&id).await? else { panic!("an answer") };
/// assert_eq!(*seal_a.open(&id, Kind::Answer, &sealed)?, b"the answer");
/// assert_eq!(a.take(&id).await?, Taken::Ended(Ended::Taken));
/// assert_eq!(b.read(&id).await?, Some(Stored::Ended(Ended::Taken)));
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    /// The connection of the steps that wait for no replica.
    link: Link,
    /// The connections of the writes that wait for replicas (`WAIT` holds up the connection it
    /// is sent on), one each while it waits.
    writers: Arc<Writers>,
    /// The prefix of the kept values' keys (on a Redis Cluster, a hash tag: one slot).
    prefix: String,
    /// The prefix as given, before which a Redis Cluster's pages put their bucket's tag.
    base: String,
    markers: usize,
    timeout: Duration,
    acknowledged: Acknowledged,
    /// How many replicas the primary of each slot's keys had when last asked, and when.
    replicas: Arc<Mutex<HashMap<String, (usize, Instant)>>>,
    scripts: Scripts,
}

/// Which replicas acknowledge a write that must be kept, and within how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Acknowledged {
    /// One, whenever the primary has any (the default).
    WhereThereAreAny { within: Duration },
    /// This many, always (`acknowledged_by`); none for 0.
    By { replicas: usize, within: Duration },
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .field("cluster", &self.link.is_cluster())
            .field("timeout", &self.timeout)
            .field("acknowledged", &self.acknowledged)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// The store with its keys under `prefix` rather than [`DEFAULT_PREFIX`]: replicas share
    /// their pages when they share the prefix, and applications sharing one Redis keep theirs
    /// apart with different ones.
    ///
    /// On a Redis Cluster the prefix is the kept values' hash tag, so that they share one slot
    /// (`my-app:page:` gives `{my-app:page:}`), and the pages' keys carry their owner's bucket
    /// after it (`my-app:page:{b7}`), so that they spread over the primaries. A prefix that holds
    /// a tag already (`{my-app}:page:`) keeps every key of the store in that tag's slot.
    #[must_use]
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        let prefix = prefix.into();
        self.base.clone_from(&prefix);
        self.prefix = if self.link.is_cluster() {
            tagged(&prefix)
        } else {
            prefix
        };
        self
    }

    /// Each step (its retries included) ends within `timeout` ([`DEFAULT_TIMEOUT`] by default):
    /// past it, with an error that says Redis could not be reached. A step whose connection
    /// broke is sent again within that time, once the connection is made again. Pages and calls
    /// that meet the error answer at once: a 503 page that says "try again", a call's error that
    /// names the store.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Every answer and every value kept (a connected account's tokens) counts as kept only
    /// once `replicas` replicas acknowledge it (`WAIT`), so that a failover right after cannot
    /// lose it; they have `within` to do it (at most the step's [`RedisStore::timeout`]), or the
    /// step fails with an error that says so, and the page asks the person to try again.
    /// `replicas` 0 waits for none.
    ///
    /// Unless this sets another number, the store waits for one replica, within
    /// [`DEFAULT_ACKNOWLEDGEMENT`], whenever the primary has any (asked with `INFO replication`
    /// at most once a second, and again when a replica falls short): a primary without replicas
    /// (one Redis alone, or a replica just promoted whose old primary is gone) keeps what it is
    /// given without waiting, rather than refusing every answer. Set a number here to refuse
    /// instead. Only replicas `online` count (`INFO replication`): one in its first sync or a
    /// full resync acknowledges nothing until it ends. Every write a promise depends on waits:
    /// an answer, a value kept, a page made or closed, a single-use claim, a value taken once, a
    /// page's answer taken.
    #[must_use]
    pub fn acknowledged_by(mut self, replicas: usize, within: Duration) -> Self {
        self.acknowledged = Acknowledged::By { replicas, within };
        self
    }

    /// Each owner keeps at most `markers` markers of ended pages ([`DEFAULT_MARKERS`] by
    /// default): past them, the oldest is deleted, and its page is then one the store does not
    /// keep. A marker is a few bytes, and tells a page that has ended (410) from one never made
    /// (404) until its keep-time ends.
    #[must_use]
    pub fn markers(mut self, markers: usize) -> Self {
        self.markers = markers;
        self
    }

    /// Checks that Redis evicts no key when its memory is full (`maxmemory-policy noeviction`),
    /// with `CONFIG GET maxmemory-policy`. Under any other policy a flood of pages could make
    /// Redis drop a page still waiting, another user's, or the sets that keep each user to their
    /// share. A Redis that refuses `CONFIG` (managed services rename or forbid it) passes the
    /// check: check its policy yourself.
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when Redis runs with another policy (the error names it, and the
    /// fix), or cannot be reached.
    pub async fn check_eviction_policy(&self) -> Result<(), StoreError> {
        let reply = ::redis::cmd("CONFIG")
            .arg("GET")
            .arg("maxmemory-policy")
            .clone();
        let reply = match self.on_primary(reply).await {
            Ok(reply) => reply,
            Err(StoreError::Backend(error))
                if error.downcast_ref::<RedisError>().is_some_and(refused) =>
            {
                return Ok(());
            }
            Err(error) => return Err(error),
        };
        let policy = match reply {
            Value::Array(mut pair) if pair.len() == 2 => pair.pop(),
            Value::Map(mut pairs) if pairs.len() == 1 => pairs.pop().map(|(_, policy)| policy),
            // A server that knows no such setting: nothing to check.
            Value::Array(pair) if pair.is_empty() => return Ok(()),
            Value::Map(pairs) if pairs.is_empty() => return Ok(()),
            _ => None,
        };
        let policy = match policy {
            Some(Value::BulkString(policy)) => policy,
            Some(Value::SimpleString(policy)) => policy.into_bytes(),
            _ => return Err(unexpected("CONFIG GET maxmemory-policy")),
        };
        if policy == b"noeviction" {
            return Ok(());
        }
        // A policy's name: a few letters and dashes (anything else is not shown).
        let name = String::from_utf8(policy)
            .ok()
            .filter(|name| {
                name.len() <= 32 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
            .unwrap_or_else(|| "(unknown)".to_owned());
        Err(StoreError::Backend(Box::new(Evicting(name))))
    }

    /// How long, in milliseconds, a value taken once is handed over to the step that took it,
    /// should its reply be lost: while that step may be sent again (twice its time), a second
    /// at least.
    fn handover_millis(&self) -> u64 {
        keep_millis(self.timeout.saturating_mul(2)).max(1_000)
    }
}

/// `keep` in whole milliseconds for `PEXPIRE`: rounded up, so that a keep-time under a
/// millisecond still keeps its page, and at most [`MAX_KEEP_MS`].
fn keep_millis(keep: Duration) -> u64 {
    let millis = keep.as_nanos().div_ceil(1_000_000);
    u64::try_from(millis).map_or(MAX_KEEP_MS, |millis| millis.min(MAX_KEEP_MS))
}

/// Whether Redis refused a command itself (unknown, renamed, or forbidden to this user), rather
/// than failing to answer.
fn refused(error: &RedisError) -> bool {
    matches!(
        error.kind(),
        ErrorKind::Server(ServerErrorKind::ResponseError | ServerErrorKind::NoPerm)
            | ErrorKind::Extension
    )
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

/// Redis runs with an eviction policy that may drop the store's keys: its name.
#[derive(Debug)]
struct Evicting(String);

impl fmt::Display for Evicting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Redis runs with `maxmemory-policy {}`, under which a full Redis evicts keys: pages still waiting, other users' pages, and the sets that keep each user to their share. Run it with `noeviction`: `CONFIG SET maxmemory-policy noeviction` (and `CONFIG REWRITE`), or the line `maxmemory-policy noeviction` in redis.conf",
            self.0
        )
    }
}

impl std::error::Error for Evicting {}

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
        // i64): the bound leaves room for centuries; and Lua's doubles hold a time in
        // milliseconds plus it exactly.
        const { assert!(MAX_KEEP_MS < i64::MAX as u64 / 2) };
        const { assert!(MAX_KEEP_MS * 2 < 1 << 53) };
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

    #[test]
    fn an_evicting_redis_is_named_with_the_fix() {
        let error = StoreError::Backend(Box::new(Evicting("allkeys-lru".to_owned())));
        let message = error.to_string();
        assert!(
            message.starts_with(
                "the page store failed: Redis runs with `maxmemory-policy allkeys-lru`"
            ),
            "{message}"
        );
        assert!(
            message.contains("CONFIG SET maxmemory-policy noeviction"),
            "{message}"
        );
        assert!(
            message.contains("`maxmemory-policy noeviction` in redis.conf"),
            "{message}"
        );
    }

    #[test]
    fn the_scripts_are_one_each_and_differ() {
        let scripts = Scripts::new();
        let hashes: std::collections::HashSet<&str> = scripts
            .all()
            .iter()
            .map(|script| script.get_hash())
            .collect();
        assert_eq!(hashes.len(), 13);
    }
}
