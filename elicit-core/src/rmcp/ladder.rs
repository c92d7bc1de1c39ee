//! The rungs of [`Reach`](super::Reach) below the form (feature `page`): a form asked through a
//! page of the server's where the client shows no form ([`Ladder`], over any store), and the link
//! in the call's result where it opens no page either ([`link`], for any page a call asks
//! through: a form's, a secret's, a connection to an account's).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;

use ::rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptResponse, GetPromptResult, MetaObject,
    PromptMessage, ReadResourceResponse, ReadResourceResult, ResourceContents, Role,
};

use serde::{Deserialize, Serialize};

use super::ask::Asking;
use super::language::report_language;
use super::page::{PageAsk, PageSettings};
use super::reach::{Unreached, Way};
use super::{ElicitError, Stop};
use crate::answer::Elicitation;
use crate::form::Translation;
use crate::lang::{Preference, Word, Words};
use crate::page::seal::PageId;
use crate::page::serve::{PageError, Pages};
use crate::page::store::{PageStore, StoreError};

/// How many links one call may be given within a page's keep-time (the same call asked again
/// after each answer was used): past it, [`Unreached::TooOften`].
const GENERATIONS: u32 = 16;

/// How many generations past the first one free are looked at for a page still open (whose
/// elders' markers the store has forgotten before it).
const LOOK_PAST_FREE: u32 = 3;

/// A future of the ladder, boxed: the ladder's pages are of any store.
type Boxed<'s, T> = Pin<Box<dyn Future<Output = T> + Send + 's>>;

/// A form to ask through a page, whatever its type: what the page needs of it.
pub(crate) struct FormSpec<'s> {
    /// The form's type name, under which the pages registered it.
    pub(crate) name: &'static str,
    /// The form's own message.
    pub(crate) default_message: &'static str,
    /// The form in the language a preference chooses.
    pub(crate) in_language: fn(&Preference) -> Translation,
    /// The ask's message (if it set one) and key.
    pub(crate) settings: PageSettings,
    /// The caller the page is bound to.
    pub(crate) subject: &'s str,
    /// The values the page opens with (the tool arguments the model gave), if any.
    pub(crate) values: Option<&'s crate::Content>,
}

/// The server's pages, as the ladder asks through them: implemented by [`Pages`] of every store.
pub(crate) trait Ladder: Send + Sync {
    /// Asks `form` through a page the way `way` says: the page's answer (its content, judged
    /// again by the caller); `None` only when probing found no link.
    fn ask<'s, 'a: 's>(
        &'s self,
        asking: &'s mut Asking<'a>,
        form: FormSpec<'s>,
        way: Way,
    ) -> Boxed<'s, Result<Option<Elicitation<crate::Content>>, Stop>>;
}

impl<S: PageStore + 'static> Ladder for Pages<S> {
    fn ask<'s, 'a: 's>(
        &'s self,
        asking: &'s mut Asking<'a>,
        form: FormSpec<'s>,
        way: Way,
    ) -> Boxed<'s, Result<Option<Elicitation<crate::Content>>, Stop>> {
        Box::pin(async move {
            let page = FormPage { pages: self, form };
            match way {
                Way::Page => asking.page_of(&page).await.map(Some),
                Way::Link => link(&page, asking).await.map(Some),
                Way::Probe => find(&page, asking, false).await,
            }
        })
    }
}

/// A form asked through a page by the ladder: [`FormSpec`] on the pages of one store.
struct FormPage<'s, S> {
    pages: &'s Pages<S>,
    form: FormSpec<'s>,
}

impl<S: PageStore + 'static> PageAsk<S> for FormPage<'_, S> {
    type Output = crate::Content;

    fn pages(&self) -> &Pages<S> {
        self.pages
    }

    fn subject(&self) -> Option<&str> {
        Some(self.form.subject)
    }

    fn settings(&self) -> &PageSettings {
        &self.form.settings
    }

    fn default_message(&self, preference: Option<&Preference>) -> &str {
        match preference {
            Some(preference) => (self.form.in_language)(preference).message,
            None => self.form.default_message,
        }
    }

    fn language(&self, preference: &Preference) -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed((self.form.in_language)(preference).language)
    }

    fn form_name(&self) -> Option<&str> {
        Some(self.form.name)
    }

    fn read(&self, content: &crate::Content) -> Result<crate::Content, ElicitError> {
        Ok(content.clone())
    }

    async fn create(
        &self,
        at: Option<PageId>,
        preference: Option<&Preference>,
    ) -> Result<(PageId, String), ElicitError> {
        let translation = preference.map(self.form.in_language);
        self.pages
            .create_form(
                at,
                Some(self.form.subject),
                self.form.name,
                self.form.settings.message(),
                translation,
                self.form.values,
            )
            .await
            .map_err(ElicitError::Page)
    }

    async fn take(&self, id: &PageId) -> Result<Option<Elicitation<crate::Content>>, ElicitError> {
        let answer = self
            .pages
            .take_named(id, Some(self.form.subject), self.form.name)
            .await
            .map_err(ElicitError::Page)?;
        Ok(answer.map(|answer| {
            if answer.accepted {
                Elicitation::Accepted(answer.content.clone())
            } else {
                Elicitation::Declined
            }
        }))
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
async fn find<S, A>(
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
            return carried.output(ask).map(Some).map_err(Stop::Elicit);
        }
    }
    let mut free = None;
    for generation in 0..GENERATIONS {
        if let Some((_, first)) = free
            && generation > first + LOOK_PAST_FREE
        {
            break;
        }
        let id = pages
            .seal()
            .link_id(subject, call.digest(), key, generation);
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
                return carried.output(ask).map(Some).map_err(Stop::Elicit);
            }
            Ok(None) => return Err(link_to(ask, asking, subject, &id).await),
            Err(ElicitError::Page(PageError::Unknown)) => {
                if free.is_none() {
                    free = Some((id, generation));
                }
            }
            // Used, closed or expired (or made for another form under this call's key): the
            // next generation.
            Err(ElicitError::Page(
                PageError::Taken | PageError::Closed | PageError::Expired | PageError::NotYours,
            )) => {}
            Err(error) => return Err(Stop::Elicit(error)),
        }
    }
    let Some((id, _)) = free else {
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

/// The key the carried answers of a call are kept under (no key a handler writes has a NUL).
const CARRY_KEY: &str = "\0carried";

/// The form name of the pages that keep a call's carried answers (no type's name has a `/`).
const CARRY_FORM: &str = "mcp-elicit/carried";

/// What the link rung knows in one run of a call: the answers its links gave, by key, and the
/// answers carried from earlier runs, once looked for.
#[derive(Default)]
pub(crate) struct LinkRun {
    answers: BTreeMap<String, Carried>,
    carry: Carry,
}

/// The answers a call carries, as one run of it knows them.
#[derive(Default)]
enum Carry {
    /// Not looked for yet.
    #[default]
    NotLooked,
    /// None: no later step's link waits.
    None,
    /// Kept in the page `.0`.
    Kept(PageId, CarryRecord),
}

/// The answers a call carries from one run to the next, while the link of a later step waits:
/// kept sealed as the message of a page of the caller's own that nobody answers, found again by
/// its id (a keyed digest of the caller, the call and a generation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct CarryRecord {
    /// The page whose link the call ended with.
    link: String,
    answers: BTreeMap<String, Carried>,
}

/// A form's answer through a link, as it is carried: its content, or a decline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Carried {
    Accepted(crate::Content),
    Declined,
}

/// What a link's page gave: a form's answer (which may be carried), or another page's output.
enum Took<O> {
    Form(Carried),
    Output(Elicitation<O>),
}

impl Carried {
    fn of(answer: &crate::page::serve::Answer) -> Self {
        if answer.accepted {
            Carried::Accepted(answer.content.clone())
        } else {
            Carried::Declined
        }
    }

    /// The ask's output of a form's answer.
    fn output<S: PageStore + 'static, A: PageAsk<S>>(
        &self,
        ask: &A,
    ) -> Result<Elicitation<A::Output>, ElicitError> {
        match self {
            Carried::Accepted(content) => ask.read(content).map(Elicitation::Accepted),
            Carried::Declined => Ok(Elicitation::Declined),
        }
    }
}

/// The answers the call `call` of `subject` carries, if a later step's link still waits.
async fn load_carry<S: PageStore + 'static>(
    pages: &Pages<S>,
    subject: &str,
    call: &[u8; 32],
) -> Result<Carry, ElicitError> {
    for generation in 0..GENERATIONS {
        let id = pages.seal().link_id(subject, call, CARRY_KEY, generation);
        let message = match pages.open_message(&id, Some(subject), CARRY_FORM).await {
            Ok(message) => message,
            Err(PageError::Unknown) => return Ok(Carry::None),
            Err(
                PageError::Taken | PageError::Closed | PageError::Expired | PageError::NotYours,
            ) => {
                continue;
            }
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
    for generation in 0..GENERATIONS {
        let id = pages.seal().link_id(subject, call, CARRY_KEY, generation);
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
    let link = Link {
        name: asking.name().to_owned(),
        message: ask.message_text(preference.as_ref()).to_owned(),
        url: ask.url(id),
        language: words.as_ref().map(|words| words.language().to_owned()),
        words: words.unwrap_or_else(Words::english),
    };
    asking.linked(link)
}

/// The end of a call whose person is asked through a link: the page's URL, the form's message,
/// and the words the model is told in ([`Stop::Link`]).
#[derive(Clone, Debug)]
pub struct Link {
    /// The tool's or prompt's name, or the resource's URI.
    name: String,
    message: String,
    url: String,
    /// The language reported, when the call carried a preference.
    language: Option<String>,
    words: std::sync::Arc<Words>,
}

impl Link {
    /// The page's absolute URL, under the server's public URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The language the result is told in, when the call gave a preference (reported as its
    /// `contentLanguage`).
    pub fn language(&self) -> Option<&str> {
        self.language.as_deref()
    }

    /// The text of the result: the form's message, what the model is to ask of the person, the
    /// link on a line of its own, and what to do once they have answered.
    pub fn text(&self) -> String {
        format!(
            "{}\n\n{}\n\n{}\n\n{}",
            self.message,
            self.words.say(Word::LinkOpen),
            self.url,
            self.words.say(Word::LinkAgain)
        )
    }

    /// The `_meta` of the result: the language it is told in, if the call gave a preference.
    fn meta(&self) -> Option<MetaObject> {
        let mut meta = None;
        if let Some(language) = &self.language {
            report_language(&mut meta, language);
        }
        meta
    }

    /// What a `tools/call` ends with: a result (not an error) whose text the model reads.
    pub(crate) fn tool_result(&self) -> CallToolResponse {
        let mut result = CallToolResult::success(vec![ContentBlock::text(self.text())]);
        result.meta = self.meta();
        result.into()
    }

    /// What a `prompts/get` ends with: the prompt, one message of the person's saying it.
    pub(crate) fn prompt_result(&self) -> GetPromptResponse {
        let mut result =
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, self.text())]);
        result.meta = self.meta();
        result.into()
    }

    /// What a `resources/read` ends with: the text as the resource's content.
    pub(crate) fn resource_result(&self) -> ReadResourceResponse {
        let contents = ResourceContents::text(self.text(), self.name.clone());
        let mut result = ReadResourceResult::new(vec![contents]);
        result.meta = self.meta();
        result.into()
    }
}
