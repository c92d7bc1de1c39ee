//! [`PageStore`] on Redis: each page a hash (`PREFIX` ID; on a Redis Cluster, `PREFIX{BB}` ID,
//! `BB` its owner's bucket), each step one script or one command, atomic across replicas (see
//! [the module](super) for the layout and the faults each step rides out).

use std::fmt;
use std::time::{Duration, Instant};

use ::redis::Value;

use super::{Later, MAX_SHARE, RedisStore, Write, keep_millis, nonce, short, unexpected};
use crate::page::seal::PageId;
use crate::page::store::{Answered, Created, Ended, NewPage, PageStore, StoreError, Stored, Taken};

/// The fields of a page's hash, and the stages as the hash spells them.
const STAGE: &str = "stage";
const RECORD: &str = "record";

impl RedisStore {
    /// The key of the page `id`.
    pub(super) fn key(&self, id: &PageId) -> String {
        format!("{}{id}", self.pages_of(id.bucket()))
    }

    /// The prefix of the keys of the pages of the owners of `bucket`
    /// ([`Owner::bucket`](crate::page::seal::Owner::bucket)), and of those owners' sets: on one
    /// Redis, the store's prefix; on a Redis Cluster, the prefix and the bucket as their hash tag
    /// (`mcp-elicit:page:{b7}`), so that each bucket's keys share a slot and the buckets spread
    /// over the primaries. (A prefix of your own that holds a hash tag keeps every key in its
    /// slot.)
    pub(super) fn pages_of(&self, bucket: u8) -> String {
        if self.link.is_cluster() {
            format!("{}{{{bucket:02x}}}", self.base)
        } else {
            self.prefix.clone()
        }
    }

    /// How long, in milliseconds, an answer is held before it may be taken without its
    /// replicas' acknowledgement having been seen: longer than its step may take.
    fn hold_millis(&self) -> u64 {
        keep_millis(self.timeout + Duration::from_secs(1))
    }
}

impl PageStore for RedisStore {
    async fn create(&self, page: NewPage) -> Result<Created, StoreError> {
        let maker = nonce()?;
        let keep = keep_millis(page.keep);
        let open = keep_millis(page.open).min(keep).to_string();
        let keep = keep.to_string();
        let share = u64::try_from(page.share)
            .unwrap_or(MAX_SHARE)
            .clamp(1, MAX_SHARE);
        let owner = page.owner.to_string();
        // On a Redis Cluster, the page must live beside its owner's others (its id made for its
        // owner): a script reaches them all in one slot.
        if self.link.is_cluster() && page.id.bucket() != page.owner.bucket() {
            return Err(StoreError::Backend(Box::new(NotTheOwners)));
        }
        let home = self.pages_of(page.owner.bucket());
        let (open_set, ended_set) = (
            format!("{home}owner:{owner}"),
            format!("{home}ended:{owner}"),
        );
        let made = self
            .run(
                Write::Kept,
                &self.scripts.create,
                &[&self.key(&page.id), &open_set, &ended_set],
                &page.id,
                &[
                    maker.as_bytes(),
                    &page.record,
                    open.as_bytes(),
                    keep.as_bytes(),
                    share.to_string().as_bytes(),
                    owner.as_bytes(),
                ],
            )
            .await;
        if let Err(error) = &made
            && short(error)
        {
            // Made on the primary alone: closed there, so that it holds no room in the owner's
            // share (if this fails too, the page waits for its time, shown to no one).
            let key = self.key(&page.id);
            let (script, keys) = (&self.scripts.close, [key.as_str()]);
            let _ = self.run(Write::Plain, script, &keys, &page.id, &[]).await;
        }
        match made? {
            Value::Int(1) => Ok(Created::Made),
            Value::Int(0) => Err(StoreError::Taken),
            Value::Int(2) => Err(StoreError::Share { share: page.share }),
            Value::BulkString(id) => std::str::from_utf8(&id)
                .ok()
                .and_then(PageId::parse)
                .map(Created::Replaced)
                .ok_or_else(|| unexpected("create")),
            _ => Err(unexpected("create")),
        }
    }

    async fn read(&self, id: &PageId) -> Result<Option<Stored>, StoreError> {
        let mut read = ::redis::cmd("HMGET");
        read.arg(self.key(id))
            .arg(STAGE)
            .arg(RECORD)
            .arg("held_until");
        let fields = self
            .command(Write::Plain, &self.pages_of(id.bucket()), read)
            .await?;
        let Value::Array(fields) = fields else {
            return Err(unexpected("read"));
        };
        let Ok([stage, record, held]) = <[Value; 3]>::try_from(fields) else {
            return Err(unexpected("read"));
        };
        let stage = match stage {
            Value::Nil => {
                return match record {
                    Value::Nil => Ok(None),
                    _ => Err(unexpected("read")),
                };
            }
            Value::BulkString(stage) => stage,
            _ => return Err(unexpected("read")),
        };
        match (stage.as_slice(), record) {
            (b"waiting", Value::BulkString(record)) => Ok(Some(Stored::Waiting(record))),
            // An answer held until its replicas acknowledge it: the page still waits for the
            // person (who may be told to try again).
            (b"answered", Value::BulkString(record)) if held != Value::Nil => {
                Ok(Some(Stored::Waiting(record)))
            }
            (b"answered" | b"handing", Value::BulkString(record)) => {
                Ok(Some(Stored::Answered(record)))
            }
            (b"taken", Value::Nil) => Ok(Some(Stored::Ended(Ended::Taken))),
            (b"closed", Value::Nil) => Ok(Some(Stored::Ended(Ended::Closed))),
            (b"expired", Value::Nil) => Ok(Some(Stored::Ended(Ended::Expired))),
            _ => Err(unexpected("read")),
        }
    }

    async fn answer(&self, id: &PageId, answer: Vec<u8>) -> Result<Answered, StoreError> {
        // The answer is held (not taken, and replaced by another) until its replicas acknowledge
        // it: an answer the person is told is not kept is never taken, and theirs, given again,
        // replaces it.
        let by = nonce()?;
        let hold = self.hold_millis();
        let key = self.key(id);
        let mut invocation = self.scripts.answer.key(&key);
        invocation.arg(answer).arg(&by).arg(hold);
        let home = self.pages_of(id.bucket());
        let answered = match self.invoke(Write::Kept, &home, invocation).await {
            Ok(answered) => answered,
            Err(error) => {
                self.later(Later::Unanswer, *id, by);
                return Err(error);
            }
        };
        match answered {
            Value::Int(2) => {
                let mut commit = self.scripts.commit.key(&key);
                commit.arg(&by);
                // Not waited for: if this fails, the answer is taken once its hold ends.
                match self.invoke(Write::Plain, &home, commit).await {
                    // Replaced, while it was held, by another answer given to the page.
                    Ok(Value::Int(0)) => Ok(Answered::Before),
                    _ => Ok(Answered::Now),
                }
            }
            Value::Int(1) => Ok(Answered::Before),
            Value::Int(0) => Ok(Answered::Unknown),
            _ => Err(unexpected("answer")),
        }
    }

    async fn take(&self, id: &PageId) -> Result<Taken, StoreError> {
        // The answer is handed to this take, and the page ends once it has it: a take whose
        // reply was lost (or came late, or was not acknowledged) gives it back, so the call made
        // again takes it; sent again, the same take gets it again.
        let by = nonce()?;
        let window = self.handover_millis().to_string();
        let key = self.key(id);
        let started = Instant::now();
        let taken = loop {
            let taken = self
                .run(
                    Write::KeptIf(|taken| matches!(taken, Value::BulkString(_))),
                    &self.scripts.take,
                    &[&key],
                    id,
                    &[by.as_bytes(), window.as_bytes()],
                )
                .await;
            // Handed to another take right now: it is confirmed (taken) or given back within
            // moments, or, should that take's call be gone, free once its hand-over's time ends.
            if matches!(taken, Ok(Value::Int(5))) && started.elapsed() < self.timeout {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            break taken;
        };
        let taken = match taken {
            Ok(taken) => taken,
            Err(error) => {
                self.later(Later::GiveBack, *id, by);
                return Err(error);
            }
        };
        match taken {
            Value::BulkString(answer) => {
                let confirmed = self
                    .run(
                        Write::Kept,
                        &self.scripts.confirm,
                        &[&key],
                        id,
                        &[by.as_bytes()],
                    )
                    .await;
                if confirmed.is_err() {
                    // The answer is this call's: it goes on with it, and the page ends as soon as
                    // Redis takes the confirmation (within the hand-over's time; past it, another
                    // call could take the answer again).
                    self.later(Later::Confirm, *id, by);
                }
                Ok(Taken::Answer(answer))
            }
            Value::Int(0) => Ok(Taken::Unknown),
            // Waiting, or still handed to another take whose call may be gone: not this call's
            // to have yet.
            Value::Int(1 | 5) => Ok(Taken::Waiting),
            Value::Int(2) => Ok(Taken::Ended(Ended::Taken)),
            Value::Int(3) => Ok(Taken::Ended(Ended::Closed)),
            Value::Int(4) => Ok(Taken::Ended(Ended::Expired)),
            _ => Err(unexpected("take")),
        }
    }

    async fn close(&self, id: &PageId) -> Result<(), StoreError> {
        match self
            .run(Write::Kept, &self.scripts.close, &[&self.key(id)], id, &[])
            .await?
        {
            Value::Int(0 | 1) => Ok(()),
            _ => Err(unexpected("close")),
        }
    }
}

/// On a Redis Cluster, a page whose id was not made for its owner.
#[derive(Debug)]
struct NotTheOwners;

impl fmt::Display for NotTheOwners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "on a Redis Cluster a page's id must carry its owner's bucket, so that the page lives beside the owner's others: make it with `PageId::random_for(&owner)`",
        )
    }
}

impl std::error::Error for NotTheOwners {}
