//! One step of the store: a request to Redis, bounded in time, sent again when its connection
//! broke, and, for what must be kept, acknowledged by the replicas the store waits for.

use std::fmt;
use std::sync::PoisonError;
use std::time::{Duration, Instant};

use ::redis::{ErrorKind, RedisError, Script, Value};

use super::link::{Link, NotAcknowledged, REPLY, Unreachable, again, backend};
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
        home: &str,
        command: ::redis::Cmd,
    ) -> Result<Value, StoreError> {
        self.step(write, home, Request::Command(&command)).await
    }

    /// Runs the script `invocation` as one step of the store.
    pub(super) async fn invoke(
        &self,
        write: Write,
        home: &str,
        invocation: ::redis::ScriptInvocation<'_>,
    ) -> Result<Value, StoreError> {
        self.step(write, home, Request::Script(&invocation)).await
    }

    /// Runs `script` on `keys`, which are the page `id`'s or its owner's, with the common
    /// arguments (the prefix of the page's keys, the markers, the id `id`) and `args`.
    pub(super) async fn run(
        &self,
        write: Write,
        script: &Script,
        keys: &[&str],
        id: &PageId,
        args: &[&[u8]],
    ) -> Result<Value, StoreError> {
        let home = self.pages_of(id.bucket());
        let mut invocation = script.prepare_invoke();
        for key in keys {
            invocation.key(*key);
        }
        invocation
            .arg(home.as_str())
            .arg(self.markers)
            .arg(id.to_string());
        for arg in args {
            invocation.arg(*arg);
        }
        self.step(write, &home, Request::Script(&invocation)).await
    }

    /// Sends `command` (one that names no key) to the primary of the store's kept values (on a
    /// Redis Cluster, one of its primaries).
    pub(super) async fn on_primary(&self, command: ::redis::Cmd) -> Result<Value, StoreError> {
        self.step(Write::Plain, &self.prefix, Request::OnPrimary(&command))
            .await
    }

    /// Runs one step of the store, `request`, within the store's time: sent again while its
    /// connection breaks (every step of the store may be sent again: see [`link`](super::link)),
    /// and, for a write that must be [`Write::Kept`], acknowledged by the replicas the store
    /// waits for ([`RedisStore::acknowledged_by`]), on a connection of its own while it waits
    /// ([`Writers`](super::writers::Writers)).
    ///
    /// A connection that broke, or whose step ran out of time (a primary gone silent keeps its
    /// connections open and answers nothing), is made again for the next step, the Sentinels
    /// asked again: the store follows a failover within seconds whatever the old primary does.
    ///
    /// `home` is a prefix of the step's keys, which names their hash slot on a Redis Cluster:
    /// the primary that waits for its replicas, and whose replicas are counted.
    pub(super) async fn step(
        &self,
        write: Write,
        home: &str,
        request: Request<'_>,
    ) -> Result<Value, StoreError> {
        let mut last = None;
        let attempt = async {
            let mut pause = Duration::from_millis(10);
            let mut resent = false;
            loop {
                let sent = match write {
                    Write::Plain => request.send(&mut self.link.clone(), home).await,
                    Write::Kept | Write::KeptIf(_) => {
                        match self.kept(write, home, request, resent).await {
                            Ok(Kept::Yes(value)) => Ok(value),
                            Ok(Kept::Short(short)) => {
                                return Err(StoreError::Backend(Box::new(short)));
                            }
                            Err(error) => Err(error),
                        }
                    }
                };
                match sent {
                    Ok(value) => return Ok(value),
                    Err(error) if again(&error) => {
                        self.broke().await;
                        last = Some(error);
                        resent = true;
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(Duration::from_millis(200));
                    }
                    Err(error) => return Err(backend(error)),
                }
            }
        };
        let outcome = if let Ok(outcome) = tokio::time::timeout(self.timeout, attempt).await {
            outcome
        } else {
            // Silence: the connections are made again for the next step.
            self.broke().await;
            match last {
                // What answered, every time, did not speak Redis's protocol: said so.
                Some(last) if last.kind() == ErrorKind::Parse => Err(backend(last)),
                last => Err(StoreError::Backend(Box::new(Unreachable {
                    waited: self.timeout,
                    last,
                }))),
            }
        };
        // The server's log says why: a page answers 503 and a call tells its client only to try
        // again. (The detail names no value the store holds.)
        if let Err(error) = &outcome {
            tracing::warn!(%error, "the Redis store failed a step");
        }
        outcome
    }

    /// A connection broke or went silent: the shared one is made again before the next step,
    /// and no write's connection made before is used again.
    async fn broke(&self) {
        self.link.broke().await;
        self.writers.broke();
    }

    /// Sends `request` once on a write's own connection, and waits for its acknowledgement
    /// (for [`Write::KeptIf`], when its reply says it wrote what is promised). The
    /// connection is given back for the next write only when both went through: one that
    /// failed, or whose step ran out of time (this future dropped), is dropped with it.
    async fn kept(
        &self,
        write: Write,
        home: &str,
        request: Request<'_>,
        resent: bool,
    ) -> Result<Kept, RedisError> {
        // (Boxed: the making of a connection is a deep future, and each step's would hold it.)
        let mut writer = Box::pin(self.writers.take(self.waiting() + REPLY)).await?;
        let value = request.send(&mut writer.link, home).await?;
        let kept = match write {
            Write::KeptIf(promised) if !promised(&value) => Kept::Yes(value),
            _ => {
                self.acknowledge(&mut writer.link, home, value, resent)
                    .await?
            }
        };
        self.writers.give_back(writer);
        Ok(kept)
    }

    /// How long a write waits for its replicas at most.
    fn waiting(&self) -> Duration {
        match self.acknowledged {
            Acknowledged::By { within, .. } | Acknowledged::WhereThereAreAny { within } => {
                within.min(self.timeout)
            }
        }
    }

    /// Whether the writes sent on `link` so far are kept: acknowledged by as many replicas as
    /// the store waits for. By default one, when the primary has any in sync (asked at most once
    /// a second, and again when one falls short: a failover may have left the new primary
    /// without replicas, and a replica may have left); [`RedisStore::acknowledged_by`]'s number,
    /// always.
    ///
    /// A step `resent` writes a mark first (`ack` under `home`, a byte kept a second) on the
    /// same connection: sent again, a step that finds its own work done writes nothing, and
    /// `WAIT` counts only what the connection it is sent on wrote (one that wrote nothing may be
    /// answered at once, whatever the replicas hold). The mark comes after the step's own write
    /// in the replication stream, so a replica that acknowledges it holds both. (Sent the first
    /// time, a step whose reply promises something wrote it.)
    async fn acknowledge(
        &self,
        link: &mut Link,
        home: &str,
        value: Value,
        resent: bool,
    ) -> Result<Kept, RedisError> {
        let (wanted, strict) = match self.acknowledged {
            Acknowledged::By { replicas: 0, .. } => return Ok(Kept::Yes(value)),
            Acknowledged::By { replicas, .. } => (replicas, true),
            Acknowledged::WhereThereAreAny { .. } => (1, false),
        };
        let within = self.waiting();
        if !strict && self.present(link, home, false).await? == 0 {
            return Ok(Kept::Yes(value));
        }
        if resent {
            ::redis::cmd("SET")
                .arg(format!("{home}ack"))
                .arg(1)
                .arg("PX")
                .arg(1_000)
                .exec_async(link)
                .await?;
        }
        // `WAIT` with no time waits for ever: at least a millisecond.
        let millis = u64::try_from(within.as_millis()).unwrap_or(u64::MAX).max(1);
        let wait = ::redis::cmd("WAIT").arg(wanted).arg(millis).clone();
        let got = match link.on_primary_of(home, wait).await? {
            Value::Int(got) => got,
            _ => 0,
        };
        if usize::try_from(got).is_ok_and(|got| got >= wanted)
            || (!strict && self.present(link, home, true).await? == 0)
        {
            return Ok(Kept::Yes(value));
        }
        Ok(Kept::Short(NotAcknowledged {
            wanted,
            got,
            within,
        }))
    }

    /// How many replicas in sync the primary of `home`'s keys has (`INFO replication`): as
    /// last asked for `home`, unless that was more than a second ago or `now` is set. A Redis
    /// that refuses `INFO` has none, as far as the store can tell.
    async fn present(&self, link: &mut Link, home: &str, now: bool) -> Result<usize, RedisError> {
        if !now {
            let replicas = self.replicas.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((count, asked)) = replicas.get(home)
                && asked.elapsed() < Duration::from_secs(1)
            {
                return Ok(*count);
            }
        }
        let info = ::redis::cmd("INFO").arg("replication").clone();
        let count = match link.on_primary_of(home, info).await {
            Ok(info) => replicas(&info),
            Err(error) if refused(&error) => 0,
            Err(error) => return Err(error),
        };
        // One entry for each slot's prefix the store writes under (one, or the 256 buckets of a
        // Redis Cluster).
        self.replicas
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(home.to_owned(), (count, Instant::now()));
        Ok(count)
    }
}

/// How many replicas in sync `INFO replication` says the primary has: those `online`, not
/// those still in their first sync or a full resync (which acknowledge nothing until it ends).
/// A replica that stalls stays online until Redis drops it (`repl-timeout`, a minute by
/// default), and is waited for meanwhile: writes are refused rather than kept on the primary
/// alone. None when the reply says nothing of them.
pub(super) fn replicas(info: &Value) -> usize {
    let text = match info {
        Value::BulkString(text) => String::from_utf8_lossy(text),
        Value::VerbatimString { text, .. } | Value::SimpleString(text) => text.as_str().into(),
        _ => return 0,
    };
    text.lines()
        .filter_map(|line| {
            let (name, fields) = line.split_once(':')?;
            let number = name.strip_prefix("slave")?;
            (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(fields)
        })
        .filter(|fields| {
            fields
                .split(',')
                .any(|field| field.trim() == "state=online")
        })
        .count()
}

/// Whether `error` is a write Redis made on its primary that too few replicas acknowledged.
pub(super) fn short(error: &StoreError) -> bool {
    matches!(error, StoreError::Backend(error) if error.is::<NotAcknowledged>())
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
#[derive(Clone, Copy)]
pub(super) enum Write {
    /// A read, or a write nothing is promised of.
    Plain,
    /// A write the person is told is kept: an answer, a connection's tokens.
    Kept,
    /// A step that writes what is promised only when its reply says so (a take that gave an
    /// answer, a claim made): acknowledged then, and only then.
    KeptIf(fn(&Value) -> bool),
}

/// Whether a write is kept: yes (its reply), or short of the replicas it needs.
enum Kept {
    Yes(Value),
    Short(NotAcknowledged),
}

#[cfg(test)]
mod tests {
    use ::redis::Value;

    use super::replicas;

    #[test]
    fn only_replicas_online_are_counted() {
        let info = |lines: &str| {
            Value::BulkString(format!("# Replication\r\nrole:master\r\n{lines}").into_bytes())
        };
        let online = "slave0:ip=127.0.0.1,port=7001,state=online,offset=124,lag=0\r\n";
        let syncing = "slave1:ip=127.0.0.1,port=7002,state=wait_bgsave,offset=0,lag=0\r\n";
        let sending = "slave2:ip=127.0.0.1,port=7003,state=send_bulk,offset=0,lag=0\r\n";
        assert_eq!(replicas(&info("connected_slaves:0\r\n")), 0);
        assert_eq!(
            replicas(&info(&format!("connected_slaves:1\r\n{online}"))),
            1
        );
        // In their first sync, or a full resync: connected, and acknowledging nothing yet.
        assert_eq!(
            replicas(&info(&format!(
                "connected_slaves:3\r\n{online}{syncing}{sending}"
            ))),
            1
        );
        assert_eq!(
            replicas(&info(&format!("connected_slaves:1\r\n{syncing}"))),
            0
        );
        // Other lines that start alike, and replies that are not `INFO`'s.
        assert_eq!(
            replicas(&info("slave_read_only:1\r\nslaves:state=online\r\n")),
            0
        );
        assert_eq!(replicas(&Value::Nil), 0);
        assert_eq!(
            replicas(&Value::VerbatimString {
                format: ::redis::VerbatimFormat::Text,
                text: format!("connected_slaves:1\r\n{online}"),
            }),
            1
        );
    }
}
