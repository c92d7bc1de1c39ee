//! The memory store's tests: the trait's contract, and the shares, markers and bounds.

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
