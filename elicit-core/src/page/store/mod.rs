//! Where pending pages wait between the call that made them, the person who answers them, and
//! the call that takes the answer: [`PageStore`], a small trait, and [`MemoryStore`], its bounded
//! in-memory default, which needs nothing running. A store holds only what the page module
//! sealed ([`PageSeal`](super::seal::PageSeal)): bytes it can neither read nor forge.
//!
//! A page goes through these stages, each change made once, atomically, by the store: it waits
//! for its answer ([`Stored::Waiting`]), is answered ([`PageStore::answer`]: once; a second answer
//! changes nothing), and ends ([`Stored::Ended`]): its answer taken ([`PageStore::take`]: once),
//! closed by the call that gave up on it ([`PageStore::close`]) or by a newer page of the same
//! user over their share, or past its time unanswered. An ended page keeps no record and no
//! answer, only a small marker, so that it is told from a page never made (410, not 404) until
//! its keep-time ends.
//!
//! **One user cannot starve the others.** Each page belongs to an [`Owner`] (a keyed digest of
//! the user whose call made it), and a user's open pages (those within their time, waiting or
//! answered and not taken) are at most their `share` ([`NewPage::share`]): a new page beyond it
//! closes that user's oldest waiting page, and when every one of them holds an answer not taken
//! yet, the new page is refused ([`StoreError::Share`]) for that user alone, until one is taken or
//! its time is up. An answer not taken within its page's time no longer counts, and is kept until
//! the page's keep-time ends (for a call that comes back late), or until a full store needs the
//! room. The store's own bounds (a count and, for [`MemoryStore`], bytes) only bound the whole.

use std::fmt;
use std::future::Future;
use std::time::Duration;

/// Whose a page is: [`seal::Owner`](super::seal::Owner), here too, as the stores use it.
pub use super::seal::Owner;
use super::seal::PageId;

/// A page to make ([`PageStore::create`]): its id, owner, sealed record, how long it may be
/// answered and kept, and its owner's share.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct NewPage {
    /// Its id.
    pub id: PageId,
    /// Whose it is.
    pub owner: Owner,
    /// Its sealed record.
    pub record: Vec<u8>,
    /// How long it may be answered: past it, the page counts no more in its owner's share (and
    /// a waiting one is ended).
    pub open: Duration,
    /// How long the store keeps it (at least `open`): past it, the store forgets it.
    pub keep: Duration,
    /// How many open pages (within their time, waiting or answered and not taken) its owner may
    /// have, this one included.
    pub share: usize,
}

impl NewPage {
    /// The page `id` holding `record`, open and kept for `open`, owned by `owner`, with no limit
    /// on its owner's share: set them with [`NewPage::keep`] and [`NewPage::share`].
    pub fn new(id: PageId, owner: Owner, record: Vec<u8>, open: Duration) -> Self {
        NewPage {
            id,
            owner,
            record,
            open,
            keep: open,
            share: usize::MAX,
        }
    }

    /// Kept for `keep` (at least as long as it is open).
    #[must_use]
    pub fn keep(mut self, keep: Duration) -> Self {
        self.keep = keep.max(self.open);
        self
    }

    /// Its owner may have at most `share` open pages, this one included (at least 1).
    #[must_use]
    pub fn share(mut self, share: usize) -> Self {
        self.share = share.max(1);
        self
    }
}

/// A page as a store keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Made, not answered yet: its sealed record.
    Waiting(Vec<u8>),
    /// Answered, the answer not taken yet: its sealed record.
    Answered(Vec<u8>),
    /// Ended: only a marker is kept.
    Ended(Ended),
}

/// How a page ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Its answer was taken.
    Taken,
    /// Closed unanswered (or its answer dropped): the call gave up on it, or a newer page of its
    /// owner took its place.
    Closed,
    /// Its time ran out before it was answered.
    Expired,
}

/// What [`PageStore::create`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Created {
    /// The page was made.
    Made,
    /// The page was made, in the place of its owner's oldest waiting page, now closed.
    Replaced(PageId),
}

/// What [`PageStore::answer`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answered {
    /// This call answered the page.
    Now,
    /// The page had its answer already, or has ended: nothing changed.
    Before,
    /// The store keeps no such page.
    Unknown,
}

/// What [`PageStore::take`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The sealed answer, taken by this call: the page has now ended ([`Ended::Taken`]).
    Answer(Vec<u8>),
    /// The page waits for its answer.
    Waiting,
    /// The page has ended: its answer taken before (nothing is given twice), closed or expired.
    Ended(Ended),
    /// The store keeps no such page.
    Unknown,
}

/// Where pending pages wait: made by the call that asks, read to render the page, answered once
/// by the person, taken once by the call that reads the answer (or closed by a call that gives
/// up), and forgotten when their keep-time ends. Replicas that share one store (and one key)
/// serve each other's pages: the page posted to one, the call retried on another.
///
/// Each method is one atomic step of the store; its future is `Send`, so that a handler can
/// await it. Implement it for your own store (a database, a cache) as [`MemoryStore`] does: a
/// second `answer` must never replace the first, a second `take` must never give the answer
/// again, an ended page keeps nothing but its marker, and `create` keeps each owner to their
/// share atomically (see [the module](self)).
///
/// ```
/// use std::time::Duration;
/// use mcp_elicit::page::seal::PageId;
/// use mcp_elicit::page::store::{Answered, Created, Ended, MemoryStore, NewPage, Owner, PageStore, Stored, Taken};
///
/// # async fn run() {
/// let store = MemoryStore::new(1_000);
/// let owner = Owner::from_bytes([1; 16]);
/// let id = PageId::random().unwrap();
/// let page = NewPage::new(id, owner, b"sealed record".to_vec(), Duration::from_mins(10));
/// assert_eq!(store.create(page).await.unwrap(), Created::Made);
/// assert_eq!(store.read(&id).await.unwrap(), Some(Stored::Waiting(b"sealed record".to_vec())));
/// assert_eq!(store.take(&id).await.unwrap(), Taken::Waiting);
/// assert_eq!(store.answer(&id, b"sealed answer".to_vec()).await.unwrap(), Answered::Now);
/// assert_eq!(store.answer(&id, b"another".to_vec()).await.unwrap(), Answered::Before);
/// assert_eq!(store.take(&id).await.unwrap(), Taken::Answer(b"sealed answer".to_vec()));
/// assert_eq!(store.take(&id).await.unwrap(), Taken::Ended(Ended::Taken));
/// // Only a marker is kept.
/// assert_eq!(store.read(&id).await.unwrap(), Some(Stored::Ended(Ended::Taken)));
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
    /// Keeps `page`, waiting for its answer, within its owner's share: over it, the owner's
    /// oldest waiting page is closed to make room ([`Created::Replaced`]).
    ///
    /// # Errors
    ///
    /// [`StoreError::Taken`] when the store keeps a page of that id already;
    /// [`StoreError::Share`] when each of the owner's open pages holds an answer not taken yet;
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
    fn create(&self, page: NewPage) -> impl Future<Output = Result<Created, StoreError>> + Send;

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
    /// [`StoreError::Full`] when the store holds as much as it may; the store's own failure.
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

    /// Ends the page `id` if it has not ended ([`Ended::Closed`]): its record, and any answer not
    /// taken, are dropped. Nothing happens to a page that has ended, or that the store does not
    /// keep.
    ///
    /// # Errors
    ///
    /// The store's own failure.
    fn close(&self, id: &PageId) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// A store shared behind an `Arc` is the same store.
impl<S: PageStore + ?Sized> PageStore for std::sync::Arc<S> {
    fn create(&self, page: NewPage) -> impl Future<Output = Result<Created, StoreError>> + Send {
        (**self).create(page)
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

    fn close(&self, id: &PageId) -> impl Future<Output = Result<(), StoreError>> + Send {
        (**self).close(id)
    }
}

/// Why a store could not do what it was asked.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoreError {
    /// A page of this id is kept already (ids are random: this is a bug, or an attack).
    Taken,
    /// Each of the owner's open pages holds an answer not taken yet: as many as a user may have.
    Share {
        /// How many open pages a user may have.
        share: usize,
    },
    /// The store holds as many pages, or as many bytes, as it may.
    Full {
        /// How many pages it may hold.
        capacity: usize,
    },
    /// The store itself failed (a connection, a database).
    Backend(Box<dyn std::error::Error + Send + Sync>),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Taken => f.write_str("a pending page of this id exists already"),
            StoreError::Share { share } => write!(
                f,
                "this user has {share} pages answered and not yet read by their calls, as many as a user may have: retry those calls, or wait until their pages' time is up"
            ),
            StoreError::Full { capacity } => write!(
                f,
                "the page store is full (at most {capacity} pending pages, within its memory limit): try again once some have been answered or have expired"
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

mod kept;
mod memory;

pub use kept::KeptStore;
pub use memory::{DEFAULT_MAX_BYTES, MemoryStore};
