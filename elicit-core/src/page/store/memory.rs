//! [`MemoryStore`]: the pages of one process, in memory, within a count, a byte budget and each
//! owner's share.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::future::{Future, ready};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::{Answered, Created, Ended, NewPage, Owner, PageStore, StoreError, Stored, Taken};
use crate::page::seal::PageId;

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
    /// The values of [`KeptStore`](super::KeptStore), under their own lock and within the same
    /// count and byte budget.
    kept: Mutex<kept::Kept>,
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
            kept: Mutex::new(kept::Kept::default()),
        }
    }

    /// At most `max_bytes` of sealed records and answers at a time (and as much again of kept
    /// values: [`KeptStore`](super::KeptStore)) ([`DEFAULT_MAX_BYTES`] by
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
            let full = |book: &Book| {
                book.open.len() >= self.capacity || book.bytes + page.record.len() > self.max_bytes
            };
            if full(book) {
                book.sweep(now, markers);
            }
            if full(book) {
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
            let Some(entry) = book.live(id, now) else {
                return Ok(match book.marker(id, now) {
                    Some(_) => Answered::Before,
                    None => Answered::Unknown,
                });
            };
            if entry.answer.is_some() {
                return Ok(Answered::Before);
            }
            if bytes + answer.len() > self.max_bytes {
                return Err(self.full());
            }
            let size = answer.len();
            entry.answer = Some(answer);
            book.bytes += size;
            Ok(Answered::Now)
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

mod kept;
#[cfg(test)]
mod tests;
