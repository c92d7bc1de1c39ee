//! [`BlockingAsk`]: forms asked from synchronous code on a blocking thread (a callback that a
//! library calls from `spawn_blocking`), through the call that owns the asking
//! ([`Asking::blocking`], [`Call::blocking`](super::Call::blocking)).
//!
//! The blocking thread cannot hold the call: the call is the handler's, and on 2026-07-28 its
//! form has to be returned from the handler. So the two sides talk over channels: the blocking
//! side sends each ask and waits for its answer; the handler's side asks it with
//! [`Asking::ask`] while the work runs. On 2025-11-25 that is the person's answer; on 2026-07-28
//! the first ask of a run is the round going back to the client, which the blocking side hears
//! as [`Stopped::InputRequired`], and the retried call runs the work again with the answer.

use std::cell::Cell;
use std::fmt;
use std::future::{Future, poll_fn};
use std::pin::{Pin, pin};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc as blocking_channel};

use tokio::sync::mpsc;

use super::{Asking, Stop};
use crate::answer::Elicitation;
use crate::form::Elicit;
use crate::rounds::Ask;

/// Why a [`BlockingAsk`] has no answer for the blocking code: the code must stop here (return
/// `false`, bail, give up), never go on as if the person had agreed. Whatever the work returns
/// then, [`Asking::blocking`] ends the call with the reason, not with the work's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stopped {
    /// Not a failure: on 2026-07-28 the form goes back to the client with the call's result (or,
    /// with a [`Reach`](super::Reach), a link to its page). This run of the work ends here; the
    /// client calls again with the answer, the work runs again from the start, and this ask then
    /// has its answer at once.
    InputRequired,
    /// The form has no answer, and the call ends saying why: a client that cannot be asked, an
    /// answer that kept breaking the form's rules, a failed request.
    NoAnswer,
    /// The call is over (cancelled, or its work already finished), or the ask was made from
    /// async code rather than a blocking thread (the call then ends with an error saying so).
    Ended,
}

impl Stopped {
    /// What the blocking side hears of `stop`.
    fn of(stop: &Stop) -> Self {
        match stop {
            Stop::InputRequired(_) => Stopped::InputRequired,
            #[cfg(feature = "page")]
            Stop::Link(_) => Stopped::InputRequired,
            _ => Stopped::NoAnswer,
        }
    }
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stopped::InputRequired => {
                "the form went back to the client: this run of the work ends here, and runs again with the answer when the client calls again"
            }
            Stopped::NoAnswer => "the form has no answer: the call ends saying why",
            Stopped::Ended => "the call is over, or the ask was made from async code",
        })
    }
}

impl std::error::Error for Stopped {}

/// Asks forms through a call from synchronous code on a blocking thread: what
/// [`Asking::blocking`] and [`Asking::with_blocking_asks`] (and the same of
/// [`Call`](super::Call)) give the work.
/// `Clone`, `Send` and `'static`: keep it in the struct whose synchronous method asks (an
/// `AuthGate` a wallet's signer calls), and move it into `spawn_blocking`.
///
/// Call [`BlockingAsk::ask`] only from a blocking thread (`spawn_blocking`, a thread of your
/// own), never from async code: it waits for the answer. Asked from the work's own future, it
/// answers [`Stopped::Ended`] at once and the call ends with an error saying so.
#[derive(Clone)]
pub struct BlockingAsk {
    requests: mpsc::UnboundedSender<Box<dyn Request>>,
    /// Set when an ask was made from the work's own future.
    from_async_code: Arc<AtomicBool>,
}

impl fmt::Debug for BlockingAsk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockingAsk").finish_non_exhaustive()
    }
}

impl BlockingAsk {
    /// Asks for `T`'s form and waits for the answer: `Accepted` with the values (every
    /// constraint checked; an answer that breaks the form's rules is asked again, as
    /// [`Asking::ask`] does), `Declined` or `Cancelled`. Only an accepted answer is consent: a
    /// decline, a cancel and every [`Stopped`] mean no.
    ///
    /// # Errors
    ///
    /// [`Stopped`]: on 2026-07-28 the form goes back to the client (stop the work here: it runs
    /// again with the answer); the form has no answer; or the call is over.
    pub fn ask<T: Elicit + Send + 'static>(&self) -> Result<Elicitation<T>, Stopped> {
        const { crate::form::sendable::<T>() };
        self.run(Ask::checked_by_caller())
    }

    /// Asks for the form `ask` describes (its message, key, rounds) and waits for the answer, as
    /// [`BlockingAsk::ask`]. Work that asks several forms gives each its own
    /// [`key`](Ask::key).
    ///
    /// # Errors
    ///
    /// As [`BlockingAsk::ask`].
    pub fn run<T: Elicit + Send + 'static>(&self, ask: Ask<T>) -> Result<Elicitation<T>, Stopped> {
        if IN_WORK.get() {
            // Waiting here would stop the very future that serves the ask.
            self.from_async_code.store(true, Ordering::Relaxed);
            return Err(Stopped::Ended);
        }
        let (reply, answer) = blocking_channel::channel();
        self.requests
            .send(Box::new(AskRequest { ask, reply }))
            .map_err(|_| Stopped::Ended)?;
        answer.recv().unwrap_or(Err(Stopped::Ended))
    }
}

thread_local! {
    /// Whether this thread is polling the work's future ([`Asking::with_blocking_asks`]): an ask
    /// made there
    /// would wait for the future that serves it.
    static IN_WORK: Cell<bool> = const { Cell::new(false) };
}

/// A future of the handler's side, boxed: the asks are of any form.
type Served<'s> = Pin<Box<dyn Future<Output = Option<Stop>> + Send + 's>>;

/// What the blocking side sends: an ask, served by the handler's side.
trait Request: Send {
    /// Asks it through `asking` and answers the blocking side: the [`Stop`] it met, if any.
    fn serve<'s, 'a: 's>(self: Box<Self>, asking: &'s mut Asking<'a>) -> Served<'s>;

    /// Answers the blocking side without asking: the call has stopped already.
    fn refuse(self: Box<Self>, why: Stopped);
}

/// What the call ends with when an ask was made from the work's own future.
const FROM_ASYNC_CODE: &str = "`BlockingAsk::ask` was called from async code, where it would wait for ever: call it from a blocking thread (`tokio::task::spawn_blocking`)";

struct AskRequest<T> {
    ask: Ask<T>,
    reply: blocking_channel::Sender<Result<Elicitation<T>, Stopped>>,
}

impl<T: Elicit + Send + 'static> Request for AskRequest<T> {
    fn serve<'s, 'a: 's>(self: Box<Self>, asking: &'s mut Asking<'a>) -> Served<'s> {
        Box::pin(async move {
            let AskRequest { ask, reply } = *self;
            match asking.ask(&ask).await {
                Ok(answer) => {
                    let _ = reply.send(Ok(answer));
                    None
                }
                Err(stop) => {
                    let _ = reply.send(Err(Stopped::of(&stop)));
                    Some(stop)
                }
            }
        })
    }

    fn refuse(self: Box<Self>, why: Stopped) {
        let _ = self.reply.send(Err(why));
    }
}

/// Marks the thread as polling the work's future while it lives (and then as it was: a work
/// may run inside another's).
struct InWork {
    before: bool,
}

impl InWork {
    fn enter() -> Self {
        InWork {
            before: IN_WORK.replace(true),
        }
    }
}

impl Drop for InWork {
    fn drop(&mut self) {
        IN_WORK.set(self.before);
    }
}

/// What the call ends with when the blocking work panicked (or its runtime shut down).
const WORK_PANICKED: &str =
    "the blocking work of this call stopped unexpectedly (it panicked, or the runtime shut down)";

/// What the call ends with when there is no tokio runtime to run the blocking work on.
const NO_RUNTIME: &str = "the blocking work needs a tokio runtime, and this call runs on none";

impl Asking<'_> {
    /// Runs the synchronous `work` on a blocking thread (`tokio::task::spawn_blocking`), given a
    /// [`BlockingAsk`] through which it asks its forms, and serves those asks through this
    /// asking while it runs: the same code on every protocol version. Each
    /// [`BlockingAsk::ask`] is asked as [`Asking::ask`] asks:
    ///
    /// - on 2025-06-18 and 2025-11-25 the form is sent while the work waits, and the blocking
    ///   ask returns the person's answer;
    /// - on 2026-07-28 the blocking ask returns [`Stopped::InputRequired`]: the work stops
    ///   there (returns `false`, bails), this method waits for it to end and gives the round as
    ///   its [`Stop`] (return it with `?`); the client calls again with the answer, the handler
    ///   runs again, the work runs again from the start, and this time the blocking ask has its
    ///   answer at once. Work that asks must therefore be safe to run again up to its asks: act
    ///   (pay, delete, send) only after them.
    ///
    /// Whatever the work returns after an ask ended in a [`Stop`] (the round, or why there is no
    /// answer), this method gives that `Stop`, never the work's result: work that swallowed
    /// the [`Stopped`] cannot end the call as if the person had answered.
    ///
    /// Work that a library runs on a blocking thread itself (an async API that calls your
    /// synchronous callback from its own `spawn_blocking`) goes through
    /// [`Asking::with_blocking_asks`] instead. The example is on
    /// [`Call::blocking`](super::Call::blocking), and in the guide, "Asking from synchronous
    /// code".
    ///
    /// # Errors
    ///
    /// The [`Stop`] the first ask without an answer met: on 2026-07-28 the round (not a
    /// failure: return it); otherwise as [`Asking::ask`]. A work that panicked, or a call on no
    /// tokio runtime, ends with a tool error saying so.
    pub async fn blocking<R: Send + 'static>(
        &mut self,
        work: impl FnOnce(BlockingAsk) -> R + Send + 'static,
    ) -> Result<R, Stop> {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return Err(Stop::error(NO_RUNTIME));
        };
        self.with_blocking_asks(|asker| runtime.spawn_blocking(move || work(asker)))
            .await?
            .map_err(|_| Stop::error(WORK_PANICKED))
    }

    /// [`Asking::blocking`], for work that runs its synchronous code on a blocking thread
    /// itself: runs the future `work` makes of a [`BlockingAsk`] (a library's async API given a
    /// callback that holds it), and serves the asks its blocking code makes while it runs, as
    /// [`Asking::blocking`] says.
    ///
    /// Call [`BlockingAsk::ask`] only from the blocking thread: made from `work`'s own future,
    /// it would wait for the future that serves it; it answers [`Stopped::Ended`] at once, and
    /// the call ends with a tool error saying so.
    ///
    /// # Errors
    ///
    /// As [`Asking::blocking`].
    pub async fn with_blocking_asks<F: Future>(
        &mut self,
        work: impl FnOnce(BlockingAsk) -> F,
    ) -> Result<F::Output, Stop> {
        let (requests, mut incoming) = mpsc::unbounded_channel::<Box<dyn Request>>();
        let from_async_code = Arc::new(AtomicBool::new(false));
        let asker = BlockingAsk {
            requests,
            from_async_code: from_async_code.clone(),
        };
        let mut stop: Option<Stop> = None;
        let output = {
            let mut work = pin!(work(asker));
            let mut serve = pin!(async {
                while let Some(request) = incoming.recv().await {
                    match &stop {
                        Some(met) => request.refuse(Stopped::of(met)),
                        None => stop = request.serve(self).await,
                    }
                }
            });
            // Every clone of the asker may be gone before the work ends.
            let mut served = false;
            poll_fn(|cx| {
                if !served && serve.as_mut().poll(cx).is_ready() {
                    served = true;
                }
                let _in_work = InWork::enter();
                work.as_mut().poll(cx)
            })
            .await
        };
        if from_async_code.load(Ordering::Relaxed) {
            return Err(Stop::error(FROM_ASYNC_CODE));
        }
        match stop {
            Some(stop) => Err(stop),
            None => Ok(output),
        }
    }
}
