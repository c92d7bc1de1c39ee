//! The link rung of [`Reach`](super::Reach): a page asked through a link in the call's result,
//! for any page a call asks through (a form's, a secret's, a connection to an account's); the
//! same call made again finds its page by its id, and a wizard's answers are carried from one run
//! to the next while a later step's link waits.

use super::ask::Asking;
use super::link::{Carried, Carry, CarryRecord, Link, LinkRun};
use super::page_ask::PageAsk;
use super::rung::Unreached;
use super::{ElicitError, Stop};
use crate::answer::Elicitation;
use crate::lang::Words;
use crate::page::seal::PageId;
use crate::page::serve::{PageError, Pages};
use crate::page::store::{PageStore, StoreError};

/// How many links one call may be given within a page's keep-time (the same call asked again
/// after each answer was used): past it, [`Unreached::TooOften`].
const GENERATIONS: u32 = 16;

/// How many generations past the first one free are looked at for a page still open (whose
/// elders' markers the store has forgotten before it).
const LOOK_PAST_FREE: u32 = 3;

/// The key the carried answers of a call are kept under (no key a handler writes has a NUL).
const CARRY_KEY: &str = "\0carried";

/// The form name of the pages that keep a call's carried answers (no type's name has a `/`).
const CARRY_FORM: &str = "mcp-elicit/carried";

/// The ids of the pages of the call `call` of `subject` under `key`, one for each generation,
/// in order.
fn generations<'a, S: PageStore + 'static>(
    pages: &'a Pages<S>,
    subject: &'a str,
    call: &'a [u8; 32],
    key: &'a str,
) -> impl Iterator<Item = (u32, PageId)> + 'a {
    (0..GENERATIONS).map(move |generation| {
        (
            generation,
            pages.seal().link_id(subject, call, key, generation),
        )
    })
}

/// The first generation the store does not know, and whether a generation is still worth
/// looking at: a younger page may be open past it while the store has already forgotten an
/// elder's marker, so [`LOOK_PAST_FREE`] more are.
#[derive(Default)]
struct Free(Option<(PageId, u32)>);

impl Free {
    /// Notes that the store does not know the page `id` of `generation`.
    fn note(&mut self, id: PageId, generation: u32) {
        self.0.get_or_insert((id, generation));
    }

    /// Whether `generation` is past the look beyond the first one free.
    fn passed(&self, generation: u32) -> bool {
        matches!(self.0, Some((_, first)) if generation > first + LOOK_PAST_FREE)
    }
}

/// Whether a page is over for the call: used, closed, expired (or made for another form under
/// this call's key); the next generation is looked at.
fn is_over(error: &PageError) -> bool {
    matches!(
        error,
        PageError::Taken | PageError::Closed | PageError::Expired | PageError::NotYours
    )
}

/// What a link's page gave: a form's answer (which may be carried), or another page's output.
enum Took<O> {
    Form(Carried),
    Output(Elicitation<O>),
}

/// The ask's output of a form's answer carried (or taken) through a link.
fn output<S: PageStore + 'static, A: PageAsk<S>>(
    carried: &Carried,
    ask: &A,
) -> Result<Elicitation<A::Output>, ElicitError> {
    match carried {
        Carried::Accepted(content) => ask.read(content).map(Elicitation::Accepted),
        Carried::Declined => Ok(Elicitation::Declined),
    }
}

/// The link rung: the call's page (the same one for the same call of the same caller, found by
/// its id, [`PageSeal::link_id`](crate::page::seal::PageSeal::link_id)), made if it has none; its
/// answer once it has one (taken once: the same call made again after that asks again); else the
/// call ends with the link ([`Stop::Link`]). A caller who cannot be named is refused.
///
/// A wizard's steps answered through links in earlier runs of the call are carried to the next
/// run while a later step's link waits ([`LinkRun`]), so that the person answers each step once.
pub(super) async fn link<S, A>(
    ask: &A,
    asking: &mut Asking<'_>,
) -> Result<Elicitation<A::Output>, Stop>
where
    S: PageStore + 'static,
    A: PageAsk<S>,
{
    // `find` makes the page when it finds none: it always has an answer or the link.
    find(ask, asking, true)
        .await?
        .ok_or(Stop::Elicit(ElicitError::Unreached(Unreached::NoPages)))
}

/// [`link`]; when `make` is false, `None` rather than a new page where the call has none.
pub(super) async fn find<S, A>(
    ask: &A,
    asking: &mut Asking<'_>,
    make: bool,
) -> Result<Option<Elicitation<A::Output>>, Stop>
where
    S: PageStore + 'static,
    A: PageAsk<S>,
{
    let unreached = |why| Stop::Elicit(ElicitError::Unreached(why));
    let Some(subject) = ask.subject().filter(|subject| !subject.is_empty()) else {
        return Err(unreached(Unreached::NoCaller));
    };
    let call = asking.binding();
    let pages = ask.pages();
    let key = ask.settings().key();
    if ask.form_name().is_some() {
        if matches!(asking.link_run().carry, Carry::NotLooked) {
            asking.link_run().carry = load_carry(pages, subject, call.digest())
                .await
                .map_err(Stop::Elicit)?;
        }
        let carried = match &asking.link_run().carry {
            Carry::Kept(_, record) => record.answers.get(key).cloned(),
            _ => None,
        };
        if let Some(carried) = carried {
            asking
                .link_run()
                .answers
                .insert(key.to_owned(), carried.clone());
            return output(&carried, ask).map(Some).map_err(Stop::Elicit);
        }
    }
    let mut free = Free::default();
    for (generation, id) in generations(pages, subject, call.digest(), key) {
        if free.passed(generation) {
            break;
        }
        let taken = match ask.form_name() {
            Some(form) => pages
                .take_named(&id, Some(subject), form)
                .await
                .map(|answer| answer.map(|answer| Took::Form(Carried::of(&answer))))
                .map_err(ElicitError::Page),
            None => ask.take(&id).await.map(|answer| answer.map(Took::Output)),
        };
        match taken {
            Ok(Some(Took::Output(answer))) => return Ok(Some(answer)),
            Ok(Some(Took::Form(carried))) => {
                let run = asking.link_run();
                run.answers.insert(key.to_owned(), carried.clone());
                // The link the carried answers waited for is used: they are carried no more.
                if let Carry::Kept(carry, record) = &run.carry
                    && record.link == id.to_string()
                {
                    let _ = pages.close_page(carry).await;
                    run.carry = Carry::None;
                }
                return output(&carried, ask).map(Some).map_err(Stop::Elicit);
            }
            Ok(None) => return Err(link_to(ask, asking, subject, &id).await),
            Err(ElicitError::Page(PageError::Unknown)) => free.note(id, generation),
            Err(ElicitError::Page(error)) if is_over(&error) => {}
            Err(error) => return Err(Stop::Elicit(error)),
        }
    }
    let Some((id, _)) = free.0 else {
        return Err(unreached(Unreached::TooOften { links: GENERATIONS }));
    };
    if !make {
        return Ok(None);
    }
    let preference = asking.preference().cloned();
    match ask.create(Some(id), preference.as_ref()).await {
        // Made by this call, or a moment ago by the same call made twice at once: one page.
        Ok(_) | Err(ElicitError::Page(PageError::Store(StoreError::Taken))) => {
            Err(link_to(ask, asking, subject, &id).await)
        }
        Err(error) => Err(Stop::Elicit(error)),
    }
}

/// The answers the call `call` of `subject` carries, if a later step's link still waits.
async fn load_carry<S: PageStore + 'static>(
    pages: &Pages<S>,
    subject: &str,
    call: &[u8; 32],
) -> Result<Carry, ElicitError> {
    let mut free = Free::default();
    for (generation, id) in generations(pages, subject, call, CARRY_KEY) {
        if free.passed(generation) {
            break;
        }
        let message = match pages.open_message(&id, Some(subject), CARRY_FORM).await {
            Ok(message) => message,
            Err(PageError::Unknown) => {
                free.note(id, generation);
                continue;
            }
            Err(error) if is_over(&error) => continue,
            Err(error) => return Err(ElicitError::Page(error)),
        };
        let record: Option<CarryRecord> = serde_json::from_str(&message).ok();
        let link = record
            .as_ref()
            .and_then(|record| PageId::parse(&record.link));
        match (record, link) {
            (Some(record), Some(link))
                if pages.is_open(&link).await.map_err(ElicitError::Page)? =>
            {
                return Ok(Carry::Kept(id, record));
            }
            // Its link was used or is over: nothing is carried.
            _ => {
                let _ = pages.close_page(&id).await;
            }
        }
    }
    Ok(Carry::None)
}

/// Keeps the answers of this run for the next, now that the call ends with the link to `link`:
/// unless they are kept already, in a new page of the caller's (the old one closed).
async fn carry_to<S: PageStore + 'static>(
    pages: &Pages<S>,
    run: &mut LinkRun,
    subject: &str,
    call: &[u8; 32],
    link: &PageId,
) -> Result<(), ElicitError> {
    let record = CarryRecord {
        link: link.to_string(),
        answers: run.answers.clone(),
    };
    if let Carry::Kept(_, kept) = &run.carry
        && *kept == record
    {
        return Ok(());
    }
    if let Carry::Kept(old, _) = std::mem::take(&mut run.carry) {
        let _ = pages.close_page(&old).await;
    }
    let message = serde_json::to_string(&record).map_err(ElicitError::Model)?;
    for (_, id) in generations(pages, subject, call, CARRY_KEY) {
        match pages
            .create_named_at(Some(id), Some(subject), CARRY_FORM, &message, None, None)
            .await
        {
            Ok(_) => {
                run.carry = Carry::Kept(id, record);
                return Ok(());
            }
            Err(PageError::Store(StoreError::Taken)) => {}
            Err(error) => return Err(ElicitError::Page(error)),
        }
    }
    Err(ElicitError::Unreached(Unreached::TooOften {
        links: GENERATIONS,
    }))
}

/// The call's end with the link to the page `id`, the answers of its earlier steps carried.
async fn link_to<S: PageStore + 'static, A: PageAsk<S>>(
    ask: &A,
    asking: &mut Asking<'_>,
    subject: &str,
    id: &PageId,
) -> Stop {
    if !asking.link_run().answers.is_empty() {
        let call = asking.binding();
        if let Err(error) =
            carry_to(ask.pages(), asking.link_run(), subject, call.digest(), id).await
        {
            return Stop::Elicit(error);
        }
    }
    let preference = asking.preference().cloned();
    let words = preference.as_ref().map(Words::choose);
    let language = words.as_ref().map(|words| words.language().to_owned());
    let link = Link::new(
        asking.name().to_owned(),
        ask.message_text(preference.as_ref()).to_owned(),
        ask.url(id),
        words.unwrap_or_else(Words::english),
        language,
    );
    asking.linked(link)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::page::serve::{Identity, Parts};
    use crate::page::store::MemoryStore;
    use crate::rounds::StateKeys;

    struct Nobody;

    impl Identity for Nobody {
        fn subject(&self, _: &Parts) -> Option<String> {
            None
        }
    }

    /// The answers a call carries, kept at a later generation while the store has already
    /// forgotten an elder's marker, are found: the wizard does not ask its earlier step again.
    #[tokio::test]
    async fn a_carry_past_a_forgotten_generation_is_found() {
        let keys = StateKeys::random().unwrap();
        let pages = Pages::new(MemoryStore::new(16), &keys, "/pages", Nobody);
        let call = [7; 32];
        // The link the carried answers wait for: a page still open.
        let link = pages
            .create_named_at(None, Some("ada"), "trip", "Where to?", None, None)
            .await
            .unwrap();
        let record = CarryRecord {
            link: link.to_string(),
            answers: BTreeMap::from([("name".to_owned(), Carried::Declined)]),
        };
        let message = serde_json::to_string(&record).unwrap();
        // Generation 0 is unknown to the store; generation 1 keeps the answers.
        let kept = pages.seal().link_id("ada", &call, CARRY_KEY, 1);
        pages
            .create_named_at(Some(kept), Some("ada"), CARRY_FORM, &message, None, None)
            .await
            .unwrap();
        match load_carry(&pages, "ada", &call).await.unwrap() {
            Carry::Kept(id, found) => assert_eq!((id, found), (kept, record)),
            _ => panic!("the answers kept at generation 1 were not found"),
        }
        // Past the look beyond the first unknown generation, nothing is looked for.
        let far = pages
            .seal()
            .link_id("bob", &call, CARRY_KEY, LOOK_PAST_FREE + 1);
        pages
            .create_named_at(Some(far), Some("bob"), CARRY_FORM, &message, None, None)
            .await
            .unwrap();
        assert!(matches!(
            load_carry(&pages, "bob", &call).await.unwrap(),
            Carry::None
        ));
    }
}
