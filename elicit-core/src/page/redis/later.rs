//! What a page's step leaves to be done after it, in the background: an answer the person was
//! told is not kept taken back, an answer handed to a call that failed given back, a take whose
//! answer the call has confirmed. Each is tried again until it is done, for the time a value is
//! handed over at most (Redis may be away meanwhile): nothing waits on it.

use std::time::{Duration, Instant};

use super::{RedisStore, Write};
use crate::page::seal::PageId;
use crate::page::store::StoreError;

/// What is left to do on a page.
#[derive(Clone, Copy, Debug)]
pub(super) enum Later {
    /// The answer of this answerer, not acknowledged: the page waits again.
    Unanswer,
    /// The answer handed to this taker, whose call failed: the page's again, for the call made
    /// again.
    GiveBack,
    /// The answer this taker has: the page ends as taken.
    Confirm,
}

impl RedisStore {
    /// Does `what` on the page `id`, for the step whose random mark is `mark`, in the
    /// background (on the tokio runtime the store runs on), tried again until it is done.
    pub(super) fn later(&self, what: Later, id: PageId, mark: String) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let store = self.clone();
        runtime.spawn(async move {
            let until = Instant::now() + Duration::from_millis(store.handover_millis());
            loop {
                match store.once(what, &id, &mark).await {
                    Ok(()) => return,
                    Err(error) if Instant::now() >= until => {
                        tracing::warn!(%error, ?what, "the Redis store could not finish a page's step");
                        return;
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        });
    }

    async fn once(&self, what: Later, id: &PageId, mark: &str) -> Result<(), StoreError> {
        let key = self.key(id);
        let (write, script) = match what {
            Later::Unanswer => (Write::Plain, &self.scripts.unanswer),
            Later::GiveBack => (Write::Plain, &self.scripts.give_back),
            // Acknowledged: after a failover, the page must still be taken.
            Later::Confirm => (Write::Kept, &self.scripts.confirm),
        };
        self.run(write, script, &[&key], id, &[mark.as_bytes()])
            .await
            .map(drop)
    }
}
