//! [`KeptStore`] on Redis: each value a key of its own (`PREFIX` `kept:` name), each step one
//! command or one script, atomic across replicas: a script gives a value to one caller, another
//! makes a claim for one caller, another compares and swaps, and another keeps an owner's values
//! (their names in the sorted set `PREFIX` `kept-owner:` OWNER) within their share. Each may be
//! sent again when its reply was lost, and gives the same outcome (the caller that removed a
//! value or made a claim is known by a random mark of its own); the values put are kept only
//! once the replicas the store waits for acknowledge them.

use std::time::Duration;

use ::redis::Value;

use super::{MAX_SHARE, RedisStore, Write, keep_millis, nonce, short, unexpected};
use crate::page::store::{KeptStore, Owner, StoreError};

impl RedisStore {
    fn kept_key(&self, name: &str) -> String {
        format!("{}kept:{name}", self.prefix)
    }

    /// The key under which a removal of the value `name` hands it over once more if its reply
    /// was lost.
    fn handed_key(&self, name: &str) -> String {
        format!("{}handed:{name}", self.prefix)
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
        bytes(
            self.command(Write::Plain, &self.prefix, command).await?,
            "get",
        )
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
        match self.command(Write::Kept, &self.prefix, command).await? {
            Value::Okay | Value::SimpleString(_) => Ok(()),
            _ => Err(unexpected("put")),
        }
    }

    async fn remove(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let taker = nonce()?;
        let window = self.handover_millis();
        let mut invocation = self.scripts.remove.key(self.kept_key(name));
        invocation.key(self.handed_key(name)).arg(taker).arg(window);
        let removed = Write::KeptIf(|removed| *removed != Value::Nil);
        let value = bytes(
            self.invoke(removed, &self.prefix, invocation).await?,
            "take",
        )?;
        if value.is_some() {
            self.forget(self.handed_key(name)).await;
        }
        Ok(value)
    }

    async fn claim(&self, name: &str, hold: Duration) -> Result<bool, StoreError> {
        let claimant = nonce()?;
        let mut invocation = self.scripts.claim.key(self.kept_key(name));
        invocation.arg(&claimant).arg(keep_millis(hold).max(1));
        let claimed = Write::KeptIf(|claimed| *claimed == Value::Int(1));
        let claimed = self.invoke(claimed, &self.prefix, invocation).await;
        if let Err(error) = &claimed
            && short(error)
        {
            // Held on the primary alone: let go there, so that the call, made again once the
            // replicas are back, claims it (if this fails too, the claim ends with its time).
            let mut release = self.scripts.release.key(self.kept_key(name));
            release.arg(&claimant);
            let _ = self.invoke(Write::Plain, &self.prefix, release).await;
        }
        match claimed? {
            Value::Int(1) => Ok(true),
            Value::Int(0) => Ok(false),
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
        match self.invoke(Write::Kept, &self.prefix, invocation).await? {
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
        match self.invoke(Write::Kept, &self.prefix, invocation).await? {
            Value::Int(removed) => usize::try_from(removed).map_err(|_| unexpected("put_owned")),
            _ => Err(unexpected("put_owned")),
        }
    }
}
