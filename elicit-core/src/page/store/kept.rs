//! [`KeptStore`]: small sealed values kept under a name, beside the pages: what a connected
//! account keeps (its sealed tokens), a connection in progress (its PKCE verifier, until the
//! provider sends the person back), and claims that only one replica may hold at a time (the
//! refresh of an account's tokens).

use std::future::Future;
use std::time::Duration;

use super::StoreError;

/// Small sealed values under names this crate makes (a prefix and hexadecimal digits: never a
/// user's name or a token), each at most a few kilobytes: an account's sealed tokens, a
/// connection in progress, a claim. Every method is one atomic step of the store, so that
/// replicas sharing it agree: a value [`KeptStore::remove`]d is given to one caller only, and a
/// claim ([`KeptStore::claim`]) is held by one caller only.
///
/// [`MemoryStore`](super::MemoryStore) keeps them in the process (within its count and byte
/// budget), `RedisStore` (feature `page-redis`) in Redis, for replicas.
///
/// ```
/// use std::time::Duration;
/// use mcp_elicit::page::store::{KeptStore, MemoryStore};
///
/// # async fn run() {
/// let store = MemoryStore::new(1_000);
/// store.put("account:00ff", b"sealed".to_vec(), None).await.unwrap();
/// assert_eq!(store.get("account:00ff").await.unwrap(), Some(b"sealed".to_vec()));
/// // Removed once: the second remove finds nothing.
/// assert_eq!(store.remove("account:00ff").await.unwrap(), Some(b"sealed".to_vec()));
/// assert_eq!(store.remove("account:00ff").await.unwrap(), None);
/// // One claim at a time, until it is released (taken) or its time is up.
/// assert!(store.claim("refresh:00ff", Duration::from_secs(30)).await.unwrap());
/// assert!(!store.claim("refresh:00ff", Duration::from_secs(30)).await.unwrap());
/// store.remove("refresh:00ff").await.unwrap();
/// assert!(store.claim("refresh:00ff", Duration::from_secs(30)).await.unwrap());
/// # }
/// # block_on(run());
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let waker = std::task::Waker::noop();
/// #     let mut cx = std::task::Context::from_waker(&waker);
/// #     let mut f = std::pin::pin!(f);
/// #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
/// # }
/// ```
pub trait KeptStore: Send + Sync {
    /// The value kept under `name`, if any (and within its time).
    ///
    /// # Errors
    ///
    /// The store's own failure.
    fn get(&self, name: &str) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send;

    /// Keeps `value` under `name` (replacing any), for `keep` (`None`: until taken).
    ///
    /// # Errors
    ///
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
    fn put(
        &self,
        name: &str,
        value: Vec<u8>,
        keep: Option<Duration>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Removes the value under `name` and gives it: to one caller only, however many ask at
    /// once.
    ///
    /// # Errors
    ///
    /// The store's own failure.
    fn remove(
        &self,
        name: &str,
    ) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send;

    /// Keeps a claim under `name` for `hold` if nothing is kept under it: `true` for the one
    /// caller that made it. Released by [`KeptStore::remove`], or when `hold` is over (a replica
    /// that dies holding it does not hold it for ever).
    ///
    /// # Errors
    ///
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
    fn claim(
        &self,
        name: &str,
        hold: Duration,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;
}

/// A store shared behind an `Arc` is the same store.
impl<S: KeptStore + ?Sized> KeptStore for std::sync::Arc<S> {
    fn get(&self, name: &str) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send {
        (**self).get(name)
    }

    fn put(
        &self,
        name: &str,
        value: Vec<u8>,
        keep: Option<Duration>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        (**self).put(name, value, keep)
    }

    fn remove(
        &self,
        name: &str,
    ) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send {
        (**self).remove(name)
    }

    fn claim(
        &self,
        name: &str,
        hold: Duration,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        (**self).claim(name, hold)
    }
}
