//! [`KeptStore`] on a [`MemoryStore`]: named values, each with its time, within the store's
//! count and byte budget, and each owner's values within their share.

use std::collections::{HashMap, VecDeque};
use std::future::{Future, ready};
use std::sync::PoisonError;
use std::time::{Duration, Instant};

use super::{MemoryStore, after};
use crate::page::store::{KeptStore, Owner, StoreError};

/// The kept values, and their bytes.
#[derive(Default)]
pub(super) struct Kept {
    values: HashMap<String, Value>,
    bytes: usize,
    /// Each owner's values ([`KeptStore::put_owned`]), oldest first: at most their share.
    owners: HashMap<Owner, VecDeque<String>>,
}

/// A kept value: its bytes, until when it is kept, and whose it is (if an owner's).
struct Value {
    bytes: Vec<u8>,
    until: Option<Instant>,
    owner: Option<Owner>,
}

impl Kept {
    /// The value under `name`, if it is kept and within its time (one past it is removed).
    fn live(&mut self, name: &str, now: Instant) -> Option<&Vec<u8>> {
        if self
            .values
            .get(name)
            .is_some_and(|value| value.until.is_some_and(|until| until <= now))
        {
            self.remove(name);
        }
        self.values.get(name).map(|value| &value.bytes)
    }

    /// Removes the value under `name` (and from its owner's values).
    fn remove(&mut self, name: &str) -> Option<Vec<u8>> {
        let value = self.values.remove(name)?;
        self.bytes -= name.len() + value.bytes.len();
        if let Some(owner) = value.owner
            && let Some(names) = self.owners.get_mut(&owner)
        {
            names.retain(|kept| kept != name);
            if names.is_empty() {
                self.owners.remove(&owner);
            }
        }
        Some(value.bytes)
    }

    /// Keeps `value` under `name` if there is room (what is past its time makes room first).
    fn insert(
        &mut self,
        name: &str,
        value: Value,
        store: &MemoryStore,
        now: Instant,
    ) -> Result<(), StoreError> {
        self.remove(name);
        let size = name.len() + value.bytes.len();
        if self.values.len() >= store.capacity || self.bytes + size > store.max_bytes {
            let stale: Vec<String> = self
                .values
                .iter()
                .filter(|(_, value)| value.until.is_some_and(|until| until <= now))
                .map(|(name, _)| name.clone())
                .collect();
            for name in stale {
                self.remove(&name);
            }
        }
        if self.values.len() >= store.capacity || self.bytes + size > store.max_bytes {
            return Err(store.full());
        }
        self.bytes += size;
        if let Some(owner) = value.owner {
            self.owners
                .entry(owner)
                .or_default()
                .push_back(name.to_owned());
        }
        self.values.insert(name.to_owned(), value);
        Ok(())
    }

    /// Keeps `value` under `name` as one of `owner`'s at most `share` values: the oldest beyond
    /// the share are removed first, so that the owner's own share makes room. How many.
    fn insert_owned(
        &mut self,
        owner: Owner,
        name: &str,
        value: Value,
        share: usize,
        store: &MemoryStore,
        now: Instant,
    ) -> Result<usize, StoreError> {
        self.remove(name);
        let mut removed = 0;
        while let Some(oldest) = self
            .owners
            .get(&owner)
            .filter(|names| names.len() >= share.max(1))
            .and_then(|names| names.front().cloned())
        {
            self.remove(&oldest);
            removed += 1;
        }
        self.insert(name, value, store, now).map(|()| removed)
    }
}

impl MemoryStore {
    fn with_kept<R>(&self, step: impl FnOnce(&mut Kept) -> R) -> R {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        step(&mut kept)
    }
}

// The signatures repeat the trait's (`store/kept.rs`), as every implementation of a trait must;
// the logic lives once, in `Kept` above.
impl KeptStore for MemoryStore {
    fn get(&self, name: &str) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send {
        let now = Instant::now();
        ready(Ok(self.with_kept(|kept| kept.live(name, now).cloned())))
    }

    fn put(
        &self,
        name: &str,
        value: Vec<u8>,
        keep: Option<Duration>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        let now = Instant::now();
        let value = Value {
            bytes: value,
            until: keep.map(|keep| after(now, keep)),
            owner: None,
        };
        ready(self.with_kept(|kept| kept.insert(name, value, self, now)))
    }

    fn remove(
        &self,
        name: &str,
    ) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send {
        let now = Instant::now();
        ready(Ok(self.with_kept(|kept| {
            kept.live(name, now)?;
            kept.remove(name)
        })))
    }

    fn replace(
        &self,
        name: &str,
        expected: Option<&[u8]>,
        value: Option<Vec<u8>>,
        keep: Option<Duration>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        let now = Instant::now();
        ready(self.with_kept(|kept| {
            if kept.live(name, now).map(Vec::as_slice) != expected {
                return Ok(false);
            }
            match value {
                Some(bytes) => {
                    let value = Value {
                        bytes,
                        until: keep.map(|keep| after(now, keep)),
                        owner: None,
                    };
                    kept.insert(name, value, self, now)?;
                }
                None => {
                    kept.remove(name);
                }
            }
            Ok(true)
        }))
    }

    fn put_owned(
        &self,
        owner: &Owner,
        name: &str,
        value: Vec<u8>,
        keep: Duration,
        share: usize,
    ) -> impl Future<Output = Result<usize, StoreError>> + Send {
        let now = Instant::now();
        let value = Value {
            bytes: value,
            until: Some(after(now, keep)),
            owner: Some(*owner),
        };
        ready(self.with_kept(|kept| kept.insert_owned(*owner, name, value, share, self, now)))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::page::store::{KeptStore, MemoryStore, StoreError};

    fn run<F: std::future::Future>(f: F) -> F::Output {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut f = std::pin::pin!(f);
        loop {
            if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
                return v;
            }
        }
    }

    #[test]
    fn values_past_their_time_are_gone_and_make_room() {
        let store = MemoryStore::new(2);
        run(store.put("a", vec![1], Some(Duration::ZERO))).unwrap();
        assert_eq!(run(store.get("a")).unwrap(), None);
        assert_eq!(run(store.remove("a")).unwrap(), None);
        run(store.put("b", vec![2], Some(Duration::ZERO))).unwrap();
        run(store.put("c", vec![3], None)).unwrap();
        // "b" is past its time: the third value finds room.
        run(store.put("d", vec![4], None)).unwrap();
        assert!(matches!(
            run(store.put("e", vec![5], None)),
            Err(StoreError::Full { capacity: 2 })
        ));
        // A claim past its hold may be made again.
        let store = MemoryStore::new(10);
        assert!(run(store.claim("x", Duration::ZERO)).unwrap());
        assert!(run(store.claim("x", Duration::from_mins(1))).unwrap());
        assert!(!run(store.claim("x", Duration::from_mins(1))).unwrap());
    }

    #[test]
    fn the_byte_budget_bounds_the_values_and_a_replaced_value_frees_its_bytes() {
        let store = MemoryStore::new(100).max_bytes(40);
        run(store.put("key", vec![0; 30], None)).unwrap();
        run(store.put("key", vec![0; 30], None)).unwrap();
        assert!(run(store.put("other", vec![0; 30], None)).is_err());
        run(store.remove("key")).unwrap();
        run(store.put("other", vec![0; 30], None)).unwrap();
    }
}
