//! [`KeptStore`] on Redis: each value a key of its own (`PREFIX` `kept:` name), each step one
//! command or one script, atomic across replicas: `GETDEL` gives a value to one caller, `SET NX
//! PX` makes a claim for one caller, a script compares and swaps, and another keeps an owner's
//! values (their names in the sorted set `PREFIX` `kept-owner:` OWNER) within their share.

use std::time::Duration;

use ::redis::Value;

use super::{MAX_SHARE, RedisStore, backend, keep_millis, unexpected};
use crate::page::store::{KeptStore, Owner, StoreError};

impl RedisStore {
    fn kept_key(&self, name: &str) -> String {
        format!("{}kept:{name}", self.prefix)
    }

    async fn command(&self, command: ::redis::Cmd) -> Result<Value, StoreError> {
        let mut connection = self.connection.clone();
        command.query_async(&mut connection).await.map_err(backend)
    }

    async fn invoke(&self, invocation: ::redis::ScriptInvocation<'_>) -> Result<Value, StoreError> {
        let mut connection = self.connection.clone();
        invocation
            .invoke_async(&mut connection)
            .await
            .map_err(backend)
    }
}

/// A value as Redis gave it: bytes, or nothing.
fn bytes(value: Value, step: &'static str) -> Result<Option<Vec<u8>>, StoreError> {
    match value {
        Value::Nil => Ok(None),
        Value::BulkString(bytes) => Ok(Some(bytes)),
        _ => Err(unexpected(step)),
    }
}

// The signatures repeat the trait's (`store/kept.rs`), as every implementation of a trait must.
impl KeptStore for RedisStore {
    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut command = ::redis::cmd("GET");
        command.arg(self.kept_key(name));
        bytes(self.command(command).await?, "get")
    }

    async fn put(
        &self,
        name: &str,
        value: Vec<u8>,
        keep: Option<Duration>,
    ) -> Result<(), StoreError> {
        let mut command = ::redis::cmd("SET");
        command.arg(self.kept_key(name)).arg(value);
        if let Some(keep) = keep {
            command.arg("PX").arg(keep_millis(keep).max(1));
        }
        match self.command(command).await? {
            Value::Okay | Value::SimpleString(_) => Ok(()),
            _ => Err(unexpected("put")),
        }
    }

    async fn remove(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut command = ::redis::cmd("GETDEL");
        command.arg(self.kept_key(name));
        bytes(self.command(command).await?, "take")
    }

    async fn claim(&self, name: &str, hold: Duration) -> Result<bool, StoreError> {
        let mut command = ::redis::cmd("SET");
        command
            .arg(self.kept_key(name))
            .arg(b"".as_slice())
            .arg("NX")
            .arg("PX")
            .arg(keep_millis(hold).max(1));
        match self.command(command).await? {
            Value::Okay | Value::SimpleString(_) => Ok(true),
            Value::Nil => Ok(false),
            _ => Err(unexpected("claim")),
        }
    }

    async fn replace(
        &self,
        name: &str,
        expected: Option<&[u8]>,
        value: Option<Vec<u8>>,
        keep: Option<Duration>,
    ) -> Result<bool, StoreError> {
        let mut invocation = self.scripts.replace.key(self.kept_key(name));
        match expected {
            Some(expected) => invocation.arg("1").arg(expected),
            None => invocation.arg("0").arg(""),
        };
        let keep = keep.map_or(0, |keep| keep_millis(keep).max(1));
        match value {
            Some(value) => invocation.arg("1").arg(value).arg(keep),
            None => invocation.arg("0").arg("").arg(0),
        };
        match self.invoke(invocation).await? {
            Value::Int(1) => Ok(true),
            Value::Int(0) => Ok(false),
            _ => Err(unexpected("replace")),
        }
    }

    async fn put_owned(
        &self,
        owner: &Owner,
        name: &str,
        value: Vec<u8>,
        keep: Duration,
        share: usize,
    ) -> Result<usize, StoreError> {
        let share = u64::try_from(share)
            .unwrap_or(MAX_SHARE)
            .clamp(1, MAX_SHARE);
        let mut invocation = self.scripts.put_owned.key(self.kept_key(name));
        invocation
            .key(format!("{}kept-owner:{owner}", self.prefix))
            .arg(value)
            .arg(keep_millis(keep).max(1))
            .arg(share)
            .arg(name)
            .arg(self.kept_key(""));
        match self.invoke(invocation).await? {
            Value::Int(removed) => usize::try_from(removed).map_err(|_| unexpected("put_owned")),
            _ => Err(unexpected("put_owned")),
        }
    }
}
