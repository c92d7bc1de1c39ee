//! [`KeptStore`] on Redis: each value a key of its own (`PREFIX` `kept:` name), each step one
//! command, atomic across replicas: `GETDEL` gives a value to one caller, `SET NX PX` makes a
//! claim for one caller.

use std::time::Duration;

use ::redis::Value;

use super::{RedisStore, backend, keep_millis, unexpected};
use crate::page::store::{KeptStore, StoreError};

impl RedisStore {
    fn kept_key(&self, name: &str) -> String {
        format!("{}kept:{name}", self.prefix)
    }

    async fn command(&self, command: ::redis::Cmd) -> Result<Value, StoreError> {
        let mut connection = self.connection.clone();
        command.query_async(&mut connection).await.map_err(backend)
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
}
