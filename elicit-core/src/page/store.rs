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

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::future::{Future, ready};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::seal::PageId;

/// Whose a page is, as a store counts a user's share: a digest of the user's subject keyed with
/// the server's key ([`PageSeal::owner`](super::seal::PageSeal::owner)), so a store never holds
/// who the user is. Written as 32 hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Owner([u8; 16]);

impl Owner {
    /// The owner of these 16 bytes (a digest: [`PageSeal::owner`](super::seal::PageSeal::owner)).
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Owner(bytes)
    }

    /// Its bytes.
    pub fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Owner({self})")
    }
}

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

/// The largest number of bytes (records and answers) a [`MemoryStore`] holds, by default: 64 MiB.
pub const DEFAULT_MAX_BYTES: usize = 64 * 1024 * 1024;

/// The pages of one process, in memory: at most `capacity` open pages, at most
/// [`MemoryStore::max_bytes`] of records and answers, and at most `capacity` markers of ended
/// pages (the oldest go first, and are then a page never made: 404 rather than 410). The
/// default store, which needs nothing running. Replicas do not share it: behind several
/// replicas, use a shared store.
pub struct MemoryStore {
    capacity: usize,
    max_bytes: usize,
    pages: Mutex<Book>,
}

/// Everything a [`MemoryStore`] holds, under its one lock.
#[derive(Default)]
struct Book {
    open: HashMap<PageId, Entry>,
    /// The bytes of the open pages' records and answers.
    bytes: usize,
    /// Each owner's open pages, oldest first (ids of pages since ended are dropped as met).
    owners: HashMap<Owner, VecDeque<PageId>>,
    ended: HashMap<PageId, (Ended, Instant)>,
    /// The ended pages, in the order they ended: the oldest markers go first.
    ended_order: VecDeque<PageId>,
}

struct Entry {
    owner: Owner,
    record: Vec<u8>,
    answer: Option<Vec<u8>>,
    /// Until when it may be answered.
    open_until: Instant,
    /// Until when it is kept.
    until: Instant,
}

impl Entry {
    fn bytes(&self) -> usize {
        self.record.len() + self.answer.as_ref().map_or(0, Vec::len)
    }

    /// Whether it counts in its owner's share at `now`: within its time.
    fn counts(&self, now: Instant) -> bool {
        now < self.open_until
    }
}

impl fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryStore")
            .field("capacity", &self.capacity)
            .field("max_bytes", &self.max_bytes)
            .finish_non_exhaustive()
    }
}

/// `now + keep`, or a year from now past what an `Instant` holds (long enough for a page).
fn after(now: Instant, keep: Duration) -> Instant {
    now.checked_add(keep)
        .unwrap_or(now + Duration::from_hours(24 * 365))
}

impl Book {
    /// Removes the open page `id` from everything that counts it, and gives it.
    fn forget(&mut self, id: &PageId) -> Option<Entry> {
        let entry = self.open.remove(id)?;
        self.bytes -= entry.bytes();
        if let Some(ids) = self.owners.get_mut(&entry.owner) {
            ids.retain(|kept| kept != id);
            if ids.is_empty() {
                self.owners.remove(&entry.owner);
            }
        }
        Some(entry)
    }

    /// Ends the open page `id` as `how` (its record and answer dropped), keeping a marker until
    /// its keep-time ends: at most `markers` of them, the oldest and those past their keep-time
    /// going first.
    fn end(&mut self, id: &PageId, how: Ended, now: Instant, markers: usize) {
        let Some(entry) = self.forget(id) else {
            return;
        };
        while let Some(oldest) = self.ended_order.front() {
            let stale = self
                .ended
                .get(oldest)
                .is_none_or(|(_, until)| *until <= now);
            if !stale && self.ended.len() < markers {
                break;
            }
            self.ended.remove(oldest);
            self.ended_order.pop_front();
        }
        if markers > 0 {
            self.ended.insert(*id, (how, entry.until));
            self.ended_order.push_back(*id);
        }
    }

    /// Forgets what is past its keep-time, and ends what is past its time unanswered: a sweep
    /// over every open page, made only when the store is full.
    fn sweep(&mut self, now: Instant, markers: usize) {
        let stale: Vec<(PageId, bool)> = self
            .open
            .iter()
            .filter(|(_, entry)| !entry.counts(now))
            .map(|(id, entry)| (*id, now >= entry.until))
            .collect();
        for (id, forget) in stale {
            if forget {
                self.forget(&id);
            } else {
                self.end(&id, Ended::Expired, now, markers);
            }
        }
    }

    /// The open page `id`, if it is one and not past its keep-time.
    fn live(&mut self, id: &PageId, now: Instant) -> Option<&mut Entry> {
        if self.open.get(id).is_some_and(|entry| now >= entry.until) {
            self.forget(id);
        }
        self.open.get_mut(id)
    }

    /// The marker of the ended page `id`, if one is kept and not past its keep-time.
    fn marker(&self, id: &PageId, now: Instant) -> Option<Ended> {
        self.ended
            .get(id)
            .filter(|(_, until)| *until > now)
            .map(|(how, _)| *how)
    }
}

impl MemoryStore {
    /// A store of at most `capacity` open pages at a time, and [`DEFAULT_MAX_BYTES`].
    pub fn new(capacity: usize) -> Self {
        MemoryStore {
            capacity,
            max_bytes: DEFAULT_MAX_BYTES,
            pages: Mutex::new(Book::default()),
        }
    }

    /// At most `max_bytes` of sealed records and answers at a time ([`DEFAULT_MAX_BYTES`] by
    /// default): a page or an answer beyond it is refused ([`StoreError::Full`]).
    #[must_use]
    pub fn max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// One step on the pages, under the lock. A panic elsewhere while the lock was held leaves no
    /// step half done that matters (at worst a count of bytes a little off), so a poisoned lock
    /// is used as it is.
    fn with_pages<R>(&self, step: impl FnOnce(&mut Book) -> R) -> R {
        let mut pages = self.pages.lock().unwrap_or_else(PoisonError::into_inner);
        step(&mut pages)
    }

    fn full(&self) -> StoreError {
        StoreError::Full {
            capacity: self.capacity,
        }
    }

    fn create_now(&self, page: NewPage) -> Result<Created, StoreError> {
        let now = Instant::now();
        let markers = self.capacity;
        self.with_pages(|book| {
            if book.live(&page.id, now).is_some() || book.marker(&page.id, now).is_some() {
                return Err(StoreError::Taken);
            }
            // The owner's share: their open pages, oldest first (a list as long as the share, and
            // the pages of theirs past their time since their last page).
            let mut counted = 0;
            let mut oldest_waiting = None;
            let ids: Vec<PageId> = book
                .owners
                .get(&page.owner)
                .map(|ids| ids.iter().copied().collect())
                .unwrap_or_default();
            for id in ids {
                let Some(entry) = book.open.get(&id) else {
                    continue;
                };
                if entry.counts(now) {
                    counted += 1;
                    if entry.answer.is_none() && oldest_waiting.is_none() {
                        oldest_waiting = Some(id);
                    }
                } else if now >= entry.until {
                    book.forget(&id);
                } else if entry.answer.is_none() {
                    book.end(&id, Ended::Expired, now, markers);
                }
            }
            let mut created = Created::Made;
            if counted >= page.share {
                let Some(oldest) = oldest_waiting else {
                    return Err(StoreError::Share { share: page.share });
                };
                book.end(&oldest, Ended::Closed, now, markers);
                created = Created::Replaced(oldest);
            }
            if book.open.len() >= self.capacity || book.bytes + page.record.len() > self.max_bytes {
                book.sweep(now, markers);
            }
            if book.open.len() >= self.capacity || book.bytes + page.record.len() > self.max_bytes {
                return Err(self.full());
            }
            if page.keep.is_zero() {
                return Ok(created);
            }
            book.bytes += page.record.len();
            book.open.insert(
                page.id,
                Entry {
                    owner: page.owner,
                    record: page.record,
                    answer: None,
                    open_until: after(now, page.open),
                    until: after(now, page.keep),
                },
            );
            book.owners
                .entry(page.owner)
                .or_default()
                .push_back(page.id);
            Ok(created)
        })
    }
}

impl PageStore for MemoryStore {
    fn create(&self, page: NewPage) -> impl Future<Output = Result<Created, StoreError>> + Send {
        ready(self.create_now(page))
    }

    fn read(&self, id: &PageId) -> impl Future<Output = Result<Option<Stored>, StoreError>> + Send {
        let now = Instant::now();
        ready(Ok(self.with_pages(|book| {
            if let Some(entry) = book.live(id, now) {
                let record = entry.record.clone();
                return Some(if entry.answer.is_some() {
                    Stored::Answered(record)
                } else {
                    Stored::Waiting(record)
                });
            }
            book.marker(id, now).map(Stored::Ended)
        })))
    }

    fn answer(
        &self,
        id: &PageId,
        answer: Vec<u8>,
    ) -> impl Future<Output = Result<Answered, StoreError>> + Send {
        let now = Instant::now();
        ready(self.with_pages(|book| {
            let bytes = book.bytes;
            if book.live(id, now).is_none() {
                return Ok(match book.marker(id, now) {
                    Some(_) => Answered::Before,
                    None => Answered::Unknown,
                });
            }
            match book.live(id, now) {
                None => Ok(Answered::Unknown),
                Some(entry) if entry.answer.is_some() => Ok(Answered::Before),
                Some(_) if bytes + answer.len() > self.max_bytes => Err(self.full()),
                Some(entry) => {
                    let size = answer.len();
                    entry.answer = Some(answer);
                    book.bytes += size;
                    Ok(Answered::Now)
                }
            }
        }))
    }

    fn take(&self, id: &PageId) -> impl Future<Output = Result<Taken, StoreError>> + Send {
        let now = Instant::now();
        let markers = self.capacity;
        ready(Ok(self.with_pages(|book| match book.live(id, now) {
            None => book.marker(id, now).map_or(Taken::Unknown, Taken::Ended),
            Some(entry) => match entry.answer.take() {
                None => Taken::Waiting,
                Some(answer) => {
                    book.bytes -= answer.len();
                    book.end(id, Ended::Taken, now, markers);
                    Taken::Answer(answer)
                }
            },
        })))
    }

    fn close(&self, id: &PageId) -> impl Future<Output = Result<(), StoreError>> + Send {
        let now = Instant::now();
        let markers = self.capacity;
        self.with_pages(|book| {
            if book.live(id, now).is_some() {
                book.end(id, Ended::Closed, now, markers);
            }
        });
        ready(Ok(()))
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
    const ALICE: Owner = Owner::from_bytes([1; 16]);
    const BOB: Owner = Owner::from_bytes([2; 16]);

    fn page(owner: Owner, record: &[u8]) -> (PageId, NewPage) {
        let id = PageId::random().unwrap();
        (id, NewPage::new(id, owner, record.to_vec(), KEEP).share(3))
    }

    #[test]
    fn a_page_is_answered_once_and_taken_once_and_then_only_a_marker_is_kept() {
        let store = MemoryStore::new(10);
        let (id, new) = page(ALICE, b"record");
        assert_eq!(now(store.read(&id)).unwrap(), None);
        assert_eq!(
            now(store.answer(&id, b"a".to_vec())).unwrap(),
            Answered::Unknown
        );
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Unknown);
        assert_eq!(now(store.create(new.clone())).unwrap(), Created::Made);
        assert_eq!(
            now(store.read(&id)).unwrap(),
            Some(Stored::Waiting(b"record".to_vec()))
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
            now(store.read(&id)).unwrap(),
            Some(Stored::Answered(b"record".to_vec()))
        );
        assert_eq!(
            now(store.take(&id)).unwrap(),
            Taken::Answer(b"first".to_vec())
        );
        // Taken once; a page taken is not answered again, and keeps no record.
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Ended(Ended::Taken));
        assert_eq!(
            now(store.answer(&id, b"third".to_vec())).unwrap(),
            Answered::Before
        );
        assert_eq!(
            now(store.read(&id)).unwrap(),
            Some(Stored::Ended(Ended::Taken))
        );
        assert_eq!(
            store.with_pages(|book| (book.open.len(), book.bytes)),
            (0, 0)
        );
        // Its id is not made again while its marker is kept.
        assert!(matches!(now(store.create(new)), Err(StoreError::Taken)));
    }

    #[test]
    fn a_page_past_its_keep_time_is_forgotten() {
        let store = MemoryStore::new(10);
        let id = PageId::random().unwrap();
        now(store.create(NewPage::new(id, ALICE, b"record".to_vec(), Duration::ZERO))).unwrap();
        assert_eq!(now(store.read(&id)).unwrap(), None);
        assert_eq!(
            now(store.answer(&id, b"late".to_vec())).unwrap(),
            Answered::Unknown
        );
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Unknown);
    }

    #[test]
    fn a_page_past_its_time_unanswered_ends_as_expired_and_leaves_its_owners_share() {
        let store = MemoryStore::new(10);
        let id = PageId::random().unwrap();
        let short = NewPage::new(id, ALICE, b"record".to_vec(), Duration::from_millis(20))
            .keep(KEEP)
            .share(1);
        now(store.create(short)).unwrap();
        std::thread::sleep(Duration::from_millis(40));
        // Still kept (its grace), so told from a page never made.
        assert!(matches!(
            now(store.read(&id)).unwrap(),
            Some(Stored::Waiting(_))
        ));
        // It counts no more: the owner's next page is made without closing anything, and the
        // expired one keeps only its marker.
        let (next, new) = page(ALICE, b"next");
        assert_eq!(now(store.create(new.share(1))).unwrap(), Created::Made);
        assert_eq!(
            now(store.read(&id)).unwrap(),
            Some(Stored::Ended(Ended::Expired))
        );
        assert_eq!(now(store.take(&id)).unwrap(), Taken::Ended(Ended::Expired));
        assert!(matches!(
            now(store.read(&next)).unwrap(),
            Some(Stored::Waiting(_))
        ));
    }

    #[test]
    fn the_store_is_bounded_and_makes_room_from_expired_pages() {
        let store = MemoryStore::new(100_000);
        for n in 0..100_000u32 {
            let id = PageId::random().unwrap();
            let mut owner = [0; 16];
            owner[..4].copy_from_slice(&n.to_le_bytes());
            let owner = Owner::from_bytes(owner);
            now(store.create(
                NewPage::new(id, owner, Vec::new(), Duration::ZERO).keep(Duration::from_millis(1)),
            ))
            .unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
        // Full of forgotten pages: they make room.
        now(store.create(page(ALICE, b"").1)).unwrap();
        let small = MemoryStore::new(2);
        now(small.create(page(ALICE, b"").1)).unwrap();
        now(small.create(page(BOB, b"").1)).unwrap();
        let error = now(small.create(page(Owner::from_bytes([3; 16]), b"").1)).unwrap_err();
        assert!(matches!(error, StoreError::Full { capacity: 2 }), "{error}");
        assert_eq!(
            error.to_string(),
            "the page store is full (at most 2 pending pages, within its memory limit): try again once some have been answered or have expired"
        );
    }

    #[test]
    fn one_users_flood_closes_their_own_oldest_pages_and_no_one_elses() {
        let store = MemoryStore::new(10_000);
        let (bobs, new) = page(BOB, b"bob");
        now(store.create(new)).unwrap();
        let mut alices = Vec::new();
        for _ in 0..10_500 {
            let (id, new) = page(ALICE, &[0; 100]);
            let created = now(store.create(new.share(8))).unwrap();
            if alices.len() >= 8 {
                assert_eq!(created, Created::Replaced(alices[alices.len() - 8]));
            } else {
                assert_eq!(created, Created::Made);
            }
            alices.push(id);
        }
        // Alice holds her share, and the pages she replaced are closed, holding nothing.
        assert_eq!(
            store.with_pages(|book| (book.open.len(), book.bytes)),
            (9, 8 * 100 + 3)
        );
        assert_eq!(
            now(store.read(&alices[10_000])).unwrap(),
            Some(Stored::Ended(Ended::Closed))
        );
        assert_eq!(
            now(store.take(&alices[10_000])).unwrap(),
            Taken::Ended(Ended::Closed)
        );
        // Bob's page waits as it did, and Bob still makes pages.
        assert_eq!(
            now(store.read(&bobs)).unwrap(),
            Some(Stored::Waiting(b"bob".to_vec()))
        );
        assert_eq!(
            now(store.create(page(BOB, b"again").1)).unwrap(),
            Created::Made
        );
        // The markers are bounded too (the oldest go first).
        assert!(store.with_pages(
            |book| book.ended.len() <= 10_000 && book.ended_order.len() == book.ended.len()
        ));
    }

    #[test]
    fn a_share_of_answered_pages_refuses_that_user_alone() {
        let store = MemoryStore::new(100);
        let mut answered = Vec::new();
        for _ in 0..3 {
            let (id, new) = page(ALICE, b"r");
            now(store.create(new)).unwrap();
            assert_eq!(
                now(store.answer(&id, b"a".to_vec())).unwrap(),
                Answered::Now
            );
            answered.push(id);
        }
        // Nothing to replace: every open page holds an answer its call has not read.
        let error = now(store.create(page(ALICE, b"r").1)).unwrap_err();
        assert!(matches!(error, StoreError::Share { share: 3 }), "{error}");
        assert_eq!(
            error.to_string(),
            "this user has 3 pages answered and not yet read by their calls, as many as a user may have: retry those calls, or wait until their pages' time is up"
        );
        // Nothing was lost, and Bob is not refused.
        for id in &answered {
            assert!(matches!(
                now(store.read(id)).unwrap(),
                Some(Stored::Answered(_))
            ));
        }
        assert_eq!(now(store.create(page(BOB, b"r").1)).unwrap(), Created::Made);
        // One answer read: Alice has room again.
        assert_eq!(
            now(store.take(&answered[0])).unwrap(),
            Taken::Answer(b"a".to_vec())
        );
        assert_eq!(
            now(store.create(page(ALICE, b"r").1)).unwrap(),
            Created::Made
        );
    }

    #[test]
    fn a_closed_page_drops_its_record_and_answer() {
        let store = MemoryStore::new(10);
        let (waiting, new) = page(ALICE, b"record");
        now(store.create(new)).unwrap();
        let (answered, new) = page(ALICE, b"record");
        now(store.create(new)).unwrap();
        now(store.answer(&answered, b"secret".to_vec())).unwrap();
        for id in [waiting, answered] {
            now(store.close(&id)).unwrap();
            assert_eq!(
                now(store.read(&id)).unwrap(),
                Some(Stored::Ended(Ended::Closed))
            );
            assert_eq!(now(store.take(&id)).unwrap(), Taken::Ended(Ended::Closed));
            assert_eq!(
                now(store.answer(&id, b"late".to_vec())).unwrap(),
                Answered::Before
            );
        }
        assert_eq!(
            store.with_pages(|book| (book.open.len(), book.bytes, book.owners.len())),
            (0, 0, 0)
        );
        // Closing again, or closing what is not kept, changes nothing.
        now(store.close(&waiting)).unwrap();
        now(store.close(&PageId::random().unwrap())).unwrap();
        assert_eq!(
            now(store.read(&waiting)).unwrap(),
            Some(Stored::Ended(Ended::Closed))
        );
    }

    #[test]
    fn the_memory_store_keeps_to_its_bytes() {
        let store = MemoryStore::new(100).max_bytes(1_000);
        let (id, new) = page(ALICE, &[0; 600]);
        now(store.create(new)).unwrap();
        let error = now(store.create(page(BOB, &[0; 600]).1)).unwrap_err();
        assert!(matches!(error, StoreError::Full { .. }), "{error}");
        assert!(matches!(
            now(store.answer(&id, vec![0; 500])),
            Err(StoreError::Full { .. })
        ));
        // Still waiting, and a smaller answer fits.
        assert_eq!(now(store.answer(&id, vec![0; 300])).unwrap(), Answered::Now);
        now(store.take(&id)).unwrap();
        assert_eq!(store.with_pages(|book| book.bytes), 0);
        now(store.create(page(BOB, &[0; 600]).1)).unwrap();
    }

    #[test]
    fn of_many_answers_at_once_exactly_one_is_kept() {
        let store = Arc::new(MemoryStore::new(10));
        let (id, new) = page(ALICE, b"");
        now(store.create(new)).unwrap();
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
