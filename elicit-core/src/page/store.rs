//! Where pending pages wait between the call that made them, the person who answers them, and
//! the call that takes the answer: [`PageStore`], a small trait, and [`MemoryStore`], its bounded
//! in-memory default, which needs nothing running. A store holds only what the page module
//! sealed ([`PageSeal`](super::seal::PageSeal)): bytes it can neither read nor forge.
//!
//! A page goes through three stages, each change made once, atomically, by the store: it waits
//! for its answer ([`Stage::Waiting`]), is answered ([`PageStore::answer`]: once; a second answer
//! changes nothing), and its answer is taken ([`PageStore::take`]: once; the page is then
//! [`Stage::Taken`], so a page answered and taken cannot be answered again). A store forgets a
//! page when its keep-time ends.

use std::collections::HashMap;
use std::fmt;
use std::future::{Future, ready};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::seal::PageId;

/// Where a page is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Made, not answered yet.
    Waiting,
    /// Answered; the answer not taken yet.
    Answered,
    /// Answered, and the answer taken.
    Taken,
}

/// A page as a store keeps it: its sealed record and its stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The sealed record the page was made with.
    pub record: Vec<u8>,
    /// Where the page is in its life.
    pub stage: Stage,
}

/// What [`PageStore::answer`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answered {
    /// This call answered the page.
    Now,
    /// The page had its answer already: nothing changed.
    Before,
    /// The store keeps no such page.
    Unknown,
}

/// What [`PageStore::take`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The sealed answer, taken by this call: the page is now [`Stage::Taken`].
    Answer(Vec<u8>),
    /// The page waits for its answer.
    Waiting,
    /// The answer was taken before: nothing is given twice.
    Before,
    /// The store keeps no such page.
    Unknown,
}

/// Where pending pages wait: made by the call that asks, read to render the page, answered once
/// by the person, taken once by the call that reads the answer, and forgotten when their
/// keep-time ends. Replicas that share one store (and one key) serve each other's pages: the page
/// posted to one, the call retried on another.
///
/// Each method is one atomic step of the store; its future is `Send`, so that a handler can
/// await it. Implement it for your own store (a database, a cache) as [`MemoryStore`] does: a
/// second `answer` must never replace the first, and a second `take` must never give the answer
/// again.
///
/// ```
/// use std::time::Duration;
/// use mcp_elicit::page::seal::PageId;
/// use mcp_elicit::page::store::{Answered, MemoryStore, PageStore, Stage, Taken};
///
/// # async fn run() {
/// let store = MemoryStore::new(1_000);
/// let id = PageId::random().unwrap();
/// store.create(&id, b"sealed record".to_vec(), Duration::from_mins(10)).await.unwrap();
/// assert_eq!(store.read(&id).await.unwrap().unwrap().stage, Stage::Waiting);
/// assert_eq!(store.take(&id).await.unwrap(), Taken::Waiting);
/// assert_eq!(store.answer(&id, b"sealed answer".to_vec()).await.unwrap(), Answered::Now);
/// assert_eq!(store.answer(&id, b"another".to_vec()).await.unwrap(), Answered::Before);
/// assert_eq!(store.take(&id).await.unwrap(), Taken::Answer(b"sealed answer".to_vec()));
/// assert_eq!(store.take(&id).await.unwrap(), Taken::Before);
/// # }
/// # block_on(run());
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let waker = std::task::Waker::noop();
/// #     let mut cx = std::task::Context::from_waker(&waker);
/// #     let mut f = std::pin::pin!(f);
/// #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
/// # }
/// ```
pub trait PageStore: Send + Sync {
    /// Keeps `record` as the page `id`, waiting for its answer, for `keep`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Taken`] when the store keeps a page of that id already; [`StoreError::Full`]
    /// when it holds as many pages as it may; the store's own failure.
    fn create(
        &self,
        id: &PageId,
        record: Vec<u8>,
        keep: Duration,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The page `id`, to render it or say where it is: `None` for a page the store does not keep.
    ///
    /// # Errors
    ///
    /// The store's own failure.
    fn read(&self, id: &PageId) -> impl Future<Output = Result<Option<Stored>, StoreError>> + Send;

    /// Gives the page `id` its sealed `answer`, if it waits for one.
    ///
    /// # Errors
    ///
    /// The store's own failure.
    fn answer(
        &self,
        id: &PageId,
        answer: Vec<u8>,
    ) -> impl Future<Output = Result<Answered, StoreError>> + Send;

    /// Takes the answer of the page `id`, if it has one not taken yet.
    ///
    /// # Errors
    ///
    /// The store's own failure.
    fn take(&self, id: &PageId) -> impl Future<Output = Result<Taken, StoreError>> + Send;
}

/// A store shared behind an `Arc` is the same store.
impl<S: PageStore + ?Sized> PageStore for std::sync::Arc<S> {
    fn create(
        &self,
        id: &PageId,
        record: Vec<u8>,
        keep: Duration,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        (**self).create(id, record, keep)
    }

    fn read(&self, id: &PageId) -> impl Future<Output = Result<Option<Stored>, StoreError>> + Send {
        (**self).read(id)
    }

    fn answer(
        &self,
        id: &PageId,
        answer: Vec<u8>,
    ) -> impl Future<Output = Result<Answered, StoreError>> + Send {
        (**self).answer(id, answer)
    }

    fn take(&self, id: &PageId) -> impl Future<Output = Result<Taken, StoreError>> + Send {
        (**self).take(id)
    }
}

/// Why a store could not do what it was asked.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoreError {
    /// A page of this id is kept already (ids are random: this is a bug, or an attack).
    Taken,
    /// The store holds as many pages as it may.
    Full {
        /// How many it may hold.
        capacity: usize,
    },
    /// The store itself failed (a connection, a database).
    Backend(Box<dyn std::error::Error + Send + Sync>),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Taken => f.write_str("a pending page of this id exists already"),
            StoreError::Full { capacity } => write!(
                f,
                "the page store holds {capacity} pending pages, as many as it may: try again once some have been answered or have expired"
            ),
            StoreError::Backend(error) => write!(f, "the page store failed: {error}"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Backend(error) => Some(&**error),
            _ => None,
        }
    }
}

/// The pages of one process, in memory, at most `capacity` of them: the default store, which
/// needs nothing running. Replicas do not share it: behind several replicas, use a shared store.
pub struct MemoryStore {
    capacity: usize,
    pages: Mutex<HashMap<PageId, Entry>>,
}

struct Entry {
    record: Vec<u8>,
    answer: Option<Vec<u8>>,
    stage: Stage,
    until: Instant,
}

impl fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryStore")
            .field("capacity", &self.capacity)
            .finish_non_exhaustive()
    }
}

impl MemoryStore {
    /// A store of at most `capacity` pages at a time.
    pub fn new(capacity: usize) -> Self {
        MemoryStore {
            capacity,
            pages: Mutex::new(HashMap::new()),
        }
    }

    /// One step on the pages, under the lock. A panic elsewhere while the lock was held leaves no
    /// step half done (each is one insert, one removal or one field set), so a poisoned map is
    /// used as it is.
    fn with_pages<R>(&self, step: impl FnOnce(&mut HashMap<PageId, Entry>) -> R) -> R {
        let mut pages = self.pages.lock().unwrap_or_else(PoisonError::into_inner);
        step(&mut pages)
    }

    fn create_now(&self, id: &PageId, record: Vec<u8>, keep: Duration) -> Result<(), StoreError> {
        let now = Instant::now();
        self.with_pages(|pages| {
            if pages.get(id).is_some_and(|entry| entry.until > now) {
                return Err(StoreError::Taken);
            }
            if pages.len() >= self.capacity {
                pages.retain(|_, entry| entry.until > now);
            }
            if pages.len() >= self.capacity {
                return Err(StoreError::Full {
                    capacity: self.capacity,
                });
            }
            // A keep-time past what an `Instant` can hold is a year: long enough for a page.
            let until = now
                .checked_add(keep)
                .unwrap_or(now + Duration::from_hours(24 * 365));
            pages.insert(
                *id,
                Entry {
                    record,
                    answer: None,
                    stage: Stage::Waiting,
                    until,
                },
            );
            Ok(())
        })
    }

    /// The live entry of `id`, if any.
    fn live<'a>(pages: &'a mut HashMap<PageId, Entry>, id: &PageId) -> Option<&'a mut Entry> {
        let now = Instant::now();
        if pages.get(id).is_some_and(|entry| entry.until <= now) {
            pages.remove(id);
        }
        pages.get_mut(id)
    }
}

impl PageStore for MemoryStore {
    fn create(
        &self,
        id: &PageId,
        record: Vec<u8>,
        keep: Duration,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        ready(self.create_now(id, record, keep))
    }

    fn read(&self, id: &PageId) -> impl Future<Output = Result<Option<Stored>, StoreError>> + Send {
        ready(Ok(self.with_pages(|pages| {
            Self::live(pages, id).map(|entry| Stored {
                record: entry.record.clone(),
                stage: entry.stage,
            })
        })))
    }

    fn answer(
        &self,
        id: &PageId,
        answer: Vec<u8>,
    ) -> impl Future<Output = Result<Answered, StoreError>> + Send {
        ready(Ok(self.with_pages(|pages| match Self::live(pages, id) {
            None => Answered::Unknown,
            Some(entry) if entry.stage != Stage::Waiting => Answered::Before,
            Some(entry) => {
                entry.answer = Some(answer);
                entry.stage = Stage::Answered;
                Answered::Now
            }
        })))
    }

    fn take(&self, id: &PageId) -> impl Future<Output = Result<Taken, StoreError>> + Send {
        ready(Ok(self.with_pages(|pages| match Self::live(pages, id) {
            None => Taken::Unknown,
            Some(entry) => match entry.stage {
                Stage::Waiting => Taken::Waiting,
                Stage::Taken => Taken::Before,
                Stage::Answered => {
                    entry.stage = Stage::Taken;
                    entry.answer.take().map_or(Taken::Before, Taken::Answer)
                }
            },
        })))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// Runs a future that never waits (the memory store's).
    fn now<F: Future>(future: F) -> F::Output {
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        let mut future = std::pin::pin!(future);
        match future.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(output) => output,
            std::task::Poll::Pending => panic!("the memory store never waits"),
        }
    }

    const KEEP: Duration = Duration::from_mins(10);

    #[test]
    fn a_page_is_answered_once_and_taken_once() {
        let store = MemoryStore::new(10);
        let id = PageId::random().unwrap();
        assert_eq!(now(store.read(&id)).unwrap(), None);
        assert_eq!(
            now(store.answer(&id, b"a".to_vec())).unwrap(),
            Answered::Unknown
        );
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Unknown);
        now(store.create(&id, b"record".to_vec(), KEEP)).unwrap();
        let stored = now(store.read(&id)).unwrap().unwrap();
        assert_eq!(
            (stored.record.as_slice(), stored.stage),
            (&b"record"[..], Stage::Waiting)
        );
        // Taken before it is answered: nothing.
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Waiting);
        assert_eq!(
            now(store.answer(&id, b"first".to_vec())).unwrap(),
            Answered::Now
        );
        // A replayed answer changes nothing.
        assert_eq!(
            now(store.answer(&id, b"second".to_vec())).unwrap(),
            Answered::Before
        );
        assert_eq!(
            now(store.read(&id)).unwrap().unwrap().stage,
            Stage::Answered
        );
        assert_eq!(
            now(store.take(&id)).unwrap(),
            Taken::Answer(b"first".to_vec())
        );
        // Taken once; and a page taken is not answered again.
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Before);
        assert_eq!(
            now(store.answer(&id, b"third".to_vec())).unwrap(),
            Answered::Before
        );
        assert_eq!(now(store.read(&id)).unwrap().unwrap().stage, Stage::Taken);
        // Its id is not made again while it is kept.
        assert!(matches!(
            now(store.create(&id, b"again".to_vec(), KEEP)),
            Err(StoreError::Taken)
        ));
    }

    #[test]
    fn a_page_past_its_keep_time_is_forgotten() {
        let store = MemoryStore::new(10);
        let id = PageId::random().unwrap();
        now(store.create(&id, b"record".to_vec(), Duration::ZERO)).unwrap();
        assert_eq!(now(store.read(&id)).unwrap(), None);
        assert_eq!(
            now(store.answer(&id, b"late".to_vec())).unwrap(),
            Answered::Unknown
        );
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Unknown);
    }

    #[test]
    fn the_store_is_bounded_and_makes_room_from_expired_pages() {
        let store = MemoryStore::new(100_000);
        for _ in 0..100_000 {
            let id = PageId::random().unwrap();
            now(store.create(&id, Vec::new(), Duration::ZERO)).unwrap();
        }
        // Full of expired pages: they make room.
        let id = PageId::random().unwrap();
        now(store.create(&id, Vec::new(), KEEP)).unwrap();
        let small = MemoryStore::new(2);
        for _ in 0..2 {
            now(small.create(&PageId::random().unwrap(), Vec::new(), KEEP)).unwrap();
        }
        let error = now(small.create(&PageId::random().unwrap(), Vec::new(), KEEP)).unwrap_err();
        assert!(matches!(error, StoreError::Full { capacity: 2 }), "{error}");
        assert_eq!(
            error.to_string(),
            "the page store holds 2 pending pages, as many as it may: try again once some have been answered or have expired"
        );
    }

    #[test]
    fn of_many_answers_at_once_exactly_one_is_kept() {
        let store = Arc::new(MemoryStore::new(10));
        let id = PageId::random().unwrap();
        now(store.create(&id, Vec::new(), KEEP)).unwrap();
        let threads: Vec<_> = (0..8u8)
            .map(|n| {
                let store = Arc::clone(&store);
                std::thread::spawn(move || now(store.answer(&id, vec![n])).unwrap())
            })
            .collect();
        let answered: Vec<Answered> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(answered.iter().filter(|a| **a == Answered::Now).count(), 1);
        let Taken::Answer(kept) = now(store.take(&id)).unwrap() else {
            panic!("an answer")
        };
        let winner = answered.iter().position(|a| *a == Answered::Now).unwrap();
        assert_eq!(kept, vec![u8::try_from(winner).unwrap()]);
    }
}
