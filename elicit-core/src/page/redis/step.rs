//! One step of the store: a request to Redis, bounded in time, sent again when its connection
//! broke, and, for what must be kept, acknowledged by the replicas the store waits for.

use std::fmt;
use std::time::{Duration, Instant};

use ::redis::{RedisError, Script, Value};

use super::link::{Link, NotAcknowledged, Unreachable, again, backend};
use super::{Acknowledged, RedisStore, refused};
use crate::page::seal::PageId;
use crate::page::store::StoreError;

impl RedisStore {
    /// Deletes `key`, a value handed over in case a reply was lost, once the reply came: at once,
    /// or when its short time is up if this fails (nothing waits on it).
    pub(super) async fn forget(&self, key: String) {
        let mut delete = ::redis::cmd("DEL");
        delete.arg(key);
        let mut link = self.link.clone();
        let _ = tokio::time::timeout(self.timeout, delete.exec_async(&mut link)).await;
    }

    /// Sends `command` as one step of the store.
    pub(super) async fn command(
        &self,
        write: Write,
        command: ::redis::Cmd,
    ) -> Result<Value, StoreError> {
        self.step(write, Request::Command(&command)).await
    }

    /// Runs the script `invocation` as one step of the store.
    pub(super) async fn invoke(
        &self,
        write: Write,
        invocation: ::redis::ScriptInvocation<'_>,
    ) -> Result<Value, StoreError> {
        self.step(write, Request::Script(&invocation)).await
    }

    /// Runs `script` on `keys` with the common arguments (the prefix, the markers, the id `id`)
    /// and `args`.
    pub(super) async fn run(
        &self,
        script: &Script,
        keys: &[&str],
        id: &PageId,
        args: &[&[u8]],
    ) -> Result<Value, StoreError> {
        let mut invocation = script.prepare_invoke();
        for key in keys {
            invocation.key(*key);
        }
        invocation
            .arg(&self.prefix)
            .arg(self.markers)
            .arg(id.to_string());
        for arg in args {
            invocation.arg(*arg);
        }
        self.step(Write::Plain, Request::Script(&invocation)).await
    }

    /// Sends `command` (one that names no key) to the primary of the store's keys.
    pub(super) async fn on_primary(&self, command: ::redis::Cmd) -> Result<Value, StoreError> {
        self.step(Write::Plain, Request::OnPrimary(&command)).await
    }

    /// Runs one step of the store, `request`, within the store's time: sent again while its
    /// connection breaks (every step of the store may be sent again: see [`link`](super::link)),
    /// and, for a write that must be [`Write::Kept`], acknowledged by the replicas the store
    /// waits for ([`RedisStore::acknowledged_by`]).
    pub(super) async fn step(
        &self,
        write: Write,
        request: Request<'_>,
    ) -> Result<Value, StoreError> {
        let mut last = None;
        let attempt = async {
            let mut pause = Duration::from_millis(10);
            loop {
                let mut link = match write {
                    Write::Kept => self.kept.clone(),
                    Write::Plain => self.link.clone(),
                };
                let sent = match request.send(&mut link, &self.prefix).await {
                    Ok(value) if write == Write::Kept => match self.acknowledge(&mut link).await {
                        Ok(Kept::Yes) => Ok(value),
                        Ok(Kept::Short(short)) => {
                            return Err(StoreError::Backend(Box::new(short)));
                        }
                        Err(error) => Err(error),
                    },
                    sent => sent,
                };
                match sent {
                    Ok(value) => return Ok(value),
                    Err(error) if again(&error) => {
                        link.broke().await;
                        last = Some(error);
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(Duration::from_millis(200));
                    }
                    Err(error) => return Err(backend(error)),
                }
            }
        };
        let outcome = tokio::time::timeout(self.timeout, attempt).await;
        let outcome = outcome.unwrap_or_else(|_| {
            Err(StoreError::Backend(Box::new(Unreachable {
                waited: self.timeout,
                last,
            })))
        });
        // The server's log says why: a page answers 503 and a call tells its client only to try
        // again. (The detail names no value the store holds.)
        if let Err(error) = &outcome {
            tracing::warn!(%error, "the Redis store failed a step");
        }
        outcome
    }

    /// Whether the writes sent on `link` so far are kept: acknowledged by as many replicas as
    /// the store waits for. By default one, when the primary has any (asked at most once a
    /// second, and again when one falls short: a failover may have left the new primary
    /// without replicas, and a replica may have left); [`RedisStore::acknowledged_by`]'s number,
    /// always.
    async fn acknowledge(&self, link: &mut Link) -> Result<Kept, RedisError> {
        let (wanted, within, strict) = match self.acknowledged {
            Acknowledged::By { replicas: 0, .. } => return Ok(Kept::Yes),
            Acknowledged::By { replicas, within } => (replicas, within, true),
            Acknowledged::WhereThereAreAny { within } => (1, within, false),
        };
        let within = within.min(self.timeout);
        if !strict && self.present(link, false).await? == 0 {
            return Ok(Kept::Yes);
        }
        // `WAIT` with no time waits for ever: at least a millisecond.
        let millis = u64::try_from(within.as_millis()).unwrap_or(u64::MAX).max(1);
        let wait = ::redis::cmd("WAIT").arg(wanted).arg(millis).clone();
        let got = match link.on_primary_of(&self.prefix, wait).await? {
            Value::Int(got) => got,
            _ => 0,
        };
        if usize::try_from(got).is_ok_and(|got| got >= wanted)
            || (!strict && self.present(link, true).await? == 0)
        {
            return Ok(Kept::Yes);
        }
        Ok(Kept::Short(NotAcknowledged {
            wanted,
            got,
            within,
        }))
    }

    /// How many replicas the primary of the store's keys has (`INFO replication`): as last
    /// asked, unless that was more than a second ago or `now` is set. A Redis that refuses
    /// `INFO` has none, as far as the store can tell.
    async fn present(&self, link: &mut Link, now: bool) -> Result<usize, RedisError> {
        if !now
            && let Some((count, asked)) = *self
                .replicas
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
            && asked.elapsed() < Duration::from_secs(1)
        {
            return Ok(count);
        }
        let info = ::redis::cmd("INFO").arg("replication").clone();
        let count = match link.on_primary_of(&self.prefix, info).await {
            Ok(info) => replicas(&info),
            Err(error) if refused(&error) => 0,
            Err(error) => return Err(error),
        };
        *self
            .replicas
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((count, Instant::now()));
        Ok(count)
    }
}

/// How many replicas `INFO replication` says the primary has (`connected_slaves`); none when
/// the reply says nothing of them.
pub(super) fn replicas(info: &Value) -> usize {
    let text = match info {
        Value::BulkString(text) => String::from_utf8_lossy(text),
        Value::VerbatimString { text, .. } | Value::SimpleString(text) => text.as_str().into(),
        _ => return 0,
    };
    text.lines()
        .find_map(|line| line.strip_prefix("connected_slaves:"))
        .and_then(|count| count.trim().parse().ok())
        .unwrap_or(0)
}

/// A step's own random mark (32 hexadecimal digits), by which it knows its own write when it is
/// sent again.
pub(super) fn nonce() -> Result<String, StoreError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|_| StoreError::Backend(Box::new(NoRandom)))?;
    Ok(format!("{:032x}", u128::from_le_bytes(bytes)))
}

/// One step's request to Redis.
#[derive(Clone, Copy)]
pub(super) enum Request<'a> {
    /// A command on keys (sent where they are).
    Command(&'a ::redis::Cmd),
    /// A script on keys (sent where they are; loaded again if Redis lost it).
    Script(&'a ::redis::ScriptInvocation<'a>),
    /// A command that names no key, for the primary of the store's keys.
    OnPrimary(&'a ::redis::Cmd),
}

impl Request<'_> {
    /// Sends the request on `link`, once; `key` is one of the store's keys.
    async fn send(self, link: &mut Link, key: &str) -> Result<Value, RedisError> {
        match self {
            Request::Command(command) => command.query_async(link).await,
            Request::Script(invocation) => invocation.invoke_async(link).await,
            Request::OnPrimary(command) => link.on_primary_of(key, command.clone()).await,
        }
    }
}

/// The operating system's generator failed.
#[derive(Debug)]
struct NoRandom;

impl fmt::Display for NoRandom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the operating system's random generator failed")
    }
}

impl std::error::Error for NoRandom {}

/// Whether a write must be acknowledged by the replicas the store waits for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Write {
    /// A read, or a write nothing is promised of.
    Plain,
    /// A write the person is told is kept: an answer, a connection's tokens.
    Kept,
}

/// Whether a write is kept: yes, or short of the replicas it needs.
enum Kept {
    Yes,
    Short(NotAcknowledged),
}
