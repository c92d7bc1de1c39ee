//! [`KeptStore`]: small sealed values kept under a name, beside the pages: what a connected
//! account keeps (its sealed tokens), a connection in progress (its PKCE verifier, until the
//! provider sends the person back, within its user's share), and claims that only one replica
//! may hold at a time (the refresh of an account's tokens).

use std::future::Future;
use std::time::Duration;

use super::{Owner, StoreError};

/// Small sealed values under names this crate makes (a prefix and hexadecimal digits: never a
/// user's name or a token), each at most a few kilobytes: an account's sealed tokens, a
/// connection in progress, a claim. Every method is one atomic step of the store, so that
/// replicas sharing it agree: a value [`KeptStore::remove`]d is given to one caller only, a
/// [`KeptStore::replace`] changes a value only if it is still the one the caller read, a claim
/// ([`KeptStore::claim`]) is held by one caller only, and [`KeptStore::put_owned`] keeps each
/// owner to their share.
///
/// [`MemoryStore`](super::MemoryStore) keeps them in the process (within its count and byte
/// budget), `RedisStore` (feature `page-redis`) in Redis, for replicas.
///
/// ```
/// use std::time::Duration;
/// use mcp_elicit::page::store::{KeptStore, MemoryStore, Owner};
///
/// # async fn run() {
/// let store = MemoryStore::new(1_000);
/// store.put("account:00ff", b"sealed".to_vec(), None).await.unwrap();
/// assert_eq!(store.get("account:00ff").await.unwrap(), Some(b"sealed".to_vec()));
/// // Replaced only while it is what the caller read.
/// assert!(!store.replace("account:00ff", Some(b"other"), Some(b"new".to_vec()), None).await.unwrap());
/// assert!(store.replace("account:00ff", Some(b"sealed"), Some(b"new".to_vec()), None).await.unwrap());
/// // Removed once: the second remove finds nothing.
/// assert_eq!(store.remove("account:00ff").await.unwrap(), Some(b"new".to_vec()));
/// assert_eq!(store.remove("account:00ff").await.unwrap(), None);
/// // One claim at a time, until it is released (taken) or its time is up.
/// assert!(store.claim("refresh:00ff", Duration::from_secs(30)).await.unwrap());
/// assert!(!store.claim("refresh:00ff", Duration::from_secs(30)).await.unwrap());
/// store.remove("refresh:00ff").await.unwrap();
/// assert!(store.claim("refresh:00ff", Duration::from_secs(30)).await.unwrap());
/// // At most two values of one owner: a third ends the oldest.
/// let owner = Owner::from_bytes([1; 16]);
/// for name in ["a", "b", "c"] {
///     store.put_owned(&owner, name, b"v".to_vec(), Duration::from_secs(60), 2).await.unwrap();
/// }
/// assert_eq!(store.get("a").await.unwrap(), None);
/// assert!(store.get("c").await.unwrap().is_some());
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
    /// that dies holding it does not hold it for ever). (A claim released only by its holder is
    /// a [`KeptStore::replace`] of nothing with a random value of the holder's, released by a
    /// `replace` of that value with nothing.)
    ///
    /// # Errors
    ///
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
    fn claim(
        &self,
        name: &str,
        hold: Duration,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        self.replace(name, None, Some(Vec::new()), Some(hold))
    }

    /// Replaces the value under `name` with `value` (`None`: removes it), kept for `keep`
    /// (`None`: until taken), if the value kept is `expected` (`None`: nothing is kept): `true`
    /// for the caller whose `expected` held. A compare-and-swap, so that a caller who read a
    /// value changes it only if no one else changed it meanwhile.
    ///
    /// # Errors
    ///
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
    fn replace(
        &self,
        name: &str,
        expected: Option<&[u8]>,
        value: Option<Vec<u8>>,
        keep: Option<Duration>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Keeps `value` under `name` for `keep`, as one of `owner`'s at most `share` values: past
    /// it, the owner's oldest values are removed (the values that another owner keeps are never
    /// touched, nor counted). The number removed.
    ///
    /// # Errors
    ///
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
    fn put_owned(
        &self,
        owner: &Owner,
        name: &str,
        value: Vec<u8>,
        keep: Duration,
        share: usize,
    ) -> impl Future<Output = Result<usize, StoreError>> + Send;
}

/// A store shared behind an `Arc` is the same store. (Its signatures repeat the trait's, as every
/// implementation must; each forwards in one line.)
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

    fn replace(
        &self,
        name: &str,
        expected: Option<&[u8]>,
        value: Option<Vec<u8>>,
        keep: Option<Duration>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        (**self).replace(name, expected, value, keep)
    }

    fn put_owned(
        &self,
        owner: &Owner,
        name: &str,
        value: Vec<u8>,
        keep: Duration,
        share: usize,
    ) -> impl Future<Output = Result<usize, StoreError>> + Send {
        (**self).put_owned(owner, name, value, keep, share)
    }
}
