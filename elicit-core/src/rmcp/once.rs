//! Single use (features `rmcp` and `page`): a call's answers used once on 2026-07-28, through a
//! store the replicas share.

use super::ask::Asking;
use super::{ElicitError, Stop};
use crate::page::store::KeptStore;
use crate::rounds::{RoundError, StateError};

impl Asking<'_> {
    /// Makes the answers of this call usable once (2026-07-28): the exact retry sent again (the
    /// same arguments, `requestState` and `inputResponses`) is refused, where otherwise it would
    /// run the handler again, answers and all, for as long as its state lives. Call it first,
    /// before the asks whose answers the handler acts on (a confirmation before a destructive
    /// action), with a store the replicas share: the pages' `MemoryStore` in one process,
    /// `RedisStore` across replicas.
    ///
    /// Each state this call seals carries a random id of its own; the retry that brings the
    /// state back claims the id in `store` (an atomic step: one caller wins), for the state's
    /// remaining life. A state whose id is claimed already is refused with
    /// [`StateError::Used`](crate::rounds::StateError::Used), the JSON-RPC error `-32602`
    /// saying its answers were used and the call can start over. A retry lost on its way back
    /// after its claim must start over too: single use is at most once, not exactly once.
    ///
    /// Before 2026-07-28 an answer arrives within the call that asked and cannot be sent again:
    /// nothing is claimed. A state sealed without single use (by a call that did not ask for it)
    /// is not refused.
    ///
    /// ```no_run
    /// use mcp_elicit::page::store::MemoryStore;
    /// use mcp_elicit::rmcp::{Ask, Call, Handled};
    /// use mcp_elicit::{Elicit, Elicitation};
    ///
    /// #[derive(Elicit)]
    /// #[elicit(message = "Delete the 40 files? This cannot be undone.")]
    /// struct Confirm {
    ///     confirm: bool,
    /// }
    ///
    /// async fn delete_files(call: &Call, store: &MemoryStore) -> Handled<String> {
    ///     let mut asking = call.asking()?;
    ///     asking.single_use(store).await?;
    ///     let Elicitation::Accepted(Confirm { confirm: true }) = asking.ask(&Ask::new()).await? else {
    ///         return Ok("Nothing was deleted.".into());
    ///     };
    ///     Ok("Deleted 40 files.".into())
    /// }
    /// ```
    ///
    /// # Errors
    ///
    /// [`StateError::Used`](crate::rounds::StateError::Used) (a protocol error) for a state used
    /// before; the store's failure ([`ElicitError::Page`]).
    pub async fn single_use<S: KeptStore>(&mut self, store: &S) -> Result<&mut Self, Stop> {
        use crate::page::seal::SealError;
        use crate::page::serve::PageError;
        let Some(exchange) = self.exchange() else {
            return Ok(self);
        };
        let mut id = [0; 16];
        getrandom::fill(&mut id)
            .map_err(|_| Stop::Elicit(ElicitError::Page(PageError::Seal(SealError::Random))))?;
        if let Some((name, hold)) = exchange.single_use(id) {
            let claimed = store
                .claim(&name, hold)
                .await
                .map_err(|e| Stop::Elicit(ElicitError::Page(PageError::Store(e))))?;
            if !claimed {
                let used = RoundError::State(StateError::Used);
                return Err(Stop::Elicit(ElicitError::Round(used)));
            }
        }
        Ok(self)
    }
}
