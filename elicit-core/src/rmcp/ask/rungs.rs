//! The rungs below the form, as [`Asking`] climbs them: which way a form reaches the person in
//! this call ([`Asking::rung`]), the page or the link where the client shows no form, the link
//! given after a form left unanswered; and the extension point through which the pages serve
//! them ([`Ladder`], installed by a [`Reach`](crate::rmcp::Reach) as [`Ways`]).

use std::time::Duration;

use ::rmcp::model::JsonObject;
use ::rmcp::service::{RequestContext, RoleServer};

use super::{Asked, Asking};
use crate::answer::Elicitation;
use crate::form::Elicit;
#[cfg(feature = "page")]
use crate::lang::Preference;
#[cfg(feature = "page")]
use crate::rmcp::caller;
use crate::rmcp::rung::{Rung, Unreached, Way};
use crate::rmcp::{ElicitError, Stop, url};
use crate::rounds::{Ask, Capability};

impl<'a> Asking<'a> {
    /// The way a form asked with [`Asking::ask`] reaches the person in this call, chosen from
    /// what the client declared and the [`Reach`](crate::rmcp::Reach) installed ([`Rung`]): the form
    /// where the client declares form elicitation; else, with the reach's pages and a known
    /// caller, a page where it declares URL elicitation and the link in the result where it does
    /// not; else why none is open. (A form sent on 2025-11-25 and not answered within the
    /// reach's wait takes the link after all.)
    pub fn rung(&self) -> Rung {
        if self.declares(Capability::ElicitationForm) {
            return Rung::Form;
        }
        self.page_rung()
    }

    /// The way below the form: a page or the link, if the reach has pages and the call a
    /// caller.
    pub(super) fn page_rung(&self) -> Rung {
        #[cfg(feature = "page")]
        {
            let pages = Ways::of(self.context).and_then(Ways::ladder).is_some();
            match (pages, caller::of(self.context).is_some()) {
                (false, _) => Rung::Unreached(Unreached::NoPages),
                (true, false) => Rung::Unreached(Unreached::NoCaller),
                (true, true) if self.declares(Capability::ElicitationUrl) => Rung::Page,
                (true, true) => Rung::Link,
            }
        }
        #[cfg(not(feature = "page"))]
        Rung::Unreached(Unreached::NoPages)
    }

    /// Whether the client declared `capability`, on this call's version (2025-06-18 has no URL
    /// mode).
    pub(in crate::rmcp) fn declares(&self, capability: Capability) -> bool {
        match &self.flow {
            Asked::Rounds(exchange) => exchange.declares(capability),
            Asked::Requests(version) if capability == Capability::ElicitationUrl => {
                url::require_url_mode(self.context, *version).is_ok()
            }
            Asked::Requests(_) => url::declared(self.context, capability),
        }
    }

    /// Says which way a form (under `key`) takes to the person: a `tracing` event for the
    /// server's logs and metrics.
    pub(in crate::rmcp) fn reached(&self, rung: Rung, key: &str) {
        tracing::info!(
            target: "mcp_elicit::reach",
            rung = rung.as_str(),
            method = self.method,
            name = self.name,
            key,
            "a form reaches the person by {rung}"
        );
    }

    /// A form asked below the form rung ([`Rung::Page`] or [`Rung::Link`]), or why it cannot be.
    pub(super) async fn below_form<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
        rung: Rung,
        values: Option<&'a JsonObject>,
    ) -> Result<Elicitation<T>, Stop> {
        let why = match rung {
            Rung::Page => return self.by_page(ask, Way::Page, values).await,
            Rung::Link => return self.by_page(ask, Way::Link, values).await,
            Rung::Unreached(why) => why,
            Rung::Form => return Err(Stop::Elicit(self.missing(Capability::ElicitationForm))),
        };
        let error = match why {
            // No reach: as a client without forms has always been told.
            Unreached::NoPages => self.missing(Capability::ElicitationForm),
            why => ElicitError::Unreached(why),
        };
        Err(Stop::Elicit(error))
    }

    /// A form sent on 2025-11-25 that the client did not answer within the reach's wait: the
    /// link, where the reach has pages and the call a caller.
    pub(super) async fn unanswered<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
        waited: std::time::Duration,
        values: Option<&'a JsonObject>,
    ) -> Result<Elicitation<T>, Stop> {
        match self.page_rung() {
            Rung::Page | Rung::Link => {
                self.reached(Rung::Link, &ask.key);
                self.by_page(ask, Way::Link, values).await
            }
            _ => Err(Stop::Elicit(ElicitError::Unreached(
                Unreached::NotAnswered { waited },
            ))),
        }
    }

    /// Before a form is sent to a client that declares forms: the answer the person gave on the
    /// link of an earlier run of the same call (whose form the client did not answer within the
    /// wait), or that same link while its page waits; `None` when there is none (or no reach
    /// with pages and a caller), and the form is sent.
    ///
    /// Only where a form is sent and waited for (before 2026-07-28): on 2026-07-28 a form goes
    /// back with the round and nothing waits, so a client that declares forms is never given its
    /// link, and the store is not read for one.
    #[cfg(feature = "page")]
    pub(super) async fn linked_before<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
        values: Option<&'a JsonObject>,
    ) -> Result<Option<Elicitation<T>>, Stop> {
        if !matches!(self.flow, Asked::Requests(_)) {
            return Ok(None);
        }
        match self.page_rung() {
            Rung::Page | Rung::Link => self.by_page_way(ask, Way::Probe, values).await,
            _ => Ok(None),
        }
    }

    #[cfg(not(feature = "page"))]
    pub(super) async fn linked_before<T: Elicit + Send + 'static>(
        &mut self,
        _: &Ask<T>,
        _: Option<&'a JsonObject>,
    ) -> Result<Option<Elicitation<T>>, Stop> {
        Ok(None)
    }

    /// `ask`'s form through the reach's pages, the way `way` says.
    #[cfg(feature = "page")]
    pub(super) async fn by_page<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
        way: Way,
        values: Option<&'a JsonObject>,
    ) -> Result<Elicitation<T>, Stop> {
        self.by_page_way(ask, way, values)
            .await?
            .ok_or(Stop::Elicit(ElicitError::Unreached(Unreached::NoPages)))
    }

    /// [`Asking::by_page`]: `None` when probing finds no link.
    #[cfg(feature = "page")]
    pub(super) async fn by_page_way<T: Elicit + Send + 'static>(
        &mut self,
        ask: &Ask<T>,
        way: Way,
        values: Option<&'a JsonObject>,
    ) -> Result<Option<Elicitation<T>>, Stop> {
        let context = self.context;
        let (Some(ladder), Some(subject)) = (
            Ways::of(context).and_then(Ways::ladder),
            caller::of(context),
        ) else {
            return Err(Stop::Elicit(ElicitError::Unreached(Unreached::NoCaller)));
        };
        let form = FormSpec {
            name: std::any::type_name::<T>(),
            default_message: T::message(),
            in_language: T::in_language,
            key: ask.key.clone(),
            message: ask.message.clone(),
            subject,
            values,
        };
        let Some(answer) = ladder.ask(self, form, way).await? else {
            return Ok(None);
        };
        match answer {
            Elicitation::Accepted(values) => crate::page::serve::read_content(&values)
                .map(|value| Some(Elicitation::Accepted(value)))
                .map_err(|error| Stop::Elicit(ElicitError::Page(error))),
            Elicitation::Declined => Ok(Some(Elicitation::Declined)),
            Elicitation::Cancelled => Ok(Some(Elicitation::Cancelled)),
        }
    }

    #[cfg(not(feature = "page"))]
    pub(super) async fn by_page<T: Elicit + Send + 'static>(
        &mut self,
        _: &Ask<T>,
        _: Way,
        _: Option<&'a JsonObject>,
    ) -> Result<Elicitation<T>, Stop> {
        Err(Stop::Elicit(self.missing(Capability::ElicitationForm)))
    }

    /// What the call's `requestState` is bound to, and its link's page: its method, name and
    /// arguments.
    #[cfg(feature = "page")]
    pub(in crate::rmcp) fn binding(&self) -> crate::rounds::Binding {
        crate::rounds::Binding::new(self.method, self.name, self.arguments)
    }

    /// What the link rung gave in this run of the call.
    #[cfg(feature = "page")]
    pub(in crate::rmcp) fn link_run(&mut self) -> &mut crate::rmcp::link::LinkRun {
        &mut self.links
    }

    /// The name of the call's tool or prompt, or its resource's URI.
    #[cfg(feature = "page")]
    pub(in crate::rmcp) fn name(&self) -> &str {
        self.name
    }

    /// The call ends with `link`: kept, as a form is, so that a handler that swallows it still
    /// returns it.
    #[cfg(feature = "page")]
    pub(in crate::rmcp) fn linked(&mut self, link: crate::rmcp::link::Link) -> Stop {
        if let Some(language) = link.language() {
            self.language.answer_in(language.to_owned());
        }
        if let Some(pending) = &self.pending {
            pending.keep_link(&link);
        }
        Stop::Link(Box::new(link))
    }
}

/// How long a call on 2025-11-25 waits for the client to answer a form it sent, by default: ten
/// minutes, as long as a page waits for its answer. A client that declares form elicitation and
/// never shows the form (one drops `elicitation/create` from stdio servers without a word) would
/// otherwise hold the call for ever. Set it with [`Reach::wait`](crate::rmcp::Reach::wait).
pub const DEFAULT_FORM_WAIT: Duration = Duration::from_mins(10);

/// The ways below the form a request's asks may take, and how long a form sent is waited for:
/// what a [`Reach`](crate::rmcp::Reach) installs in the request's extensions, for its asks to find.
#[derive(Clone)]
pub(crate) struct Ways {
    /// How long a form sent on 2025-11-25 is waited for.
    pub(crate) wait: Duration,
    /// The server's pages, as the ladder asks through them.
    #[cfg(feature = "page")]
    pub(crate) ladder: Option<std::sync::Arc<dyn Ladder>>,
}

impl Ways {
    /// The ways installed for `context`'s request, if any.
    pub(crate) fn of(context: &RequestContext<RoleServer>) -> Option<&Ways> {
        context.extensions.get::<Ways>()
    }

    /// How long a form sent on 2025-11-25 is waited for, for `context`'s request.
    pub(crate) fn wait_of(context: &RequestContext<RoleServer>) -> Duration {
        Ways::of(context).map_or(DEFAULT_FORM_WAIT, |ways| ways.wait)
    }

    /// The pages of the ladder, if it has any.
    #[cfg(feature = "page")]
    pub(crate) fn ladder(&self) -> Option<&dyn Ladder> {
        self.ladder.as_deref()
    }
}

/// A future of the ladder, boxed: the ladder's pages are of any store.
#[cfg(feature = "page")]
pub(crate) type Boxed<'s, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 's>>;

/// A form to ask through a page, whatever its type: what the page needs of it.
#[cfg(feature = "page")]
pub(crate) struct FormSpec<'s> {
    /// The form's type name, under which the pages registered it.
    pub(crate) name: &'static str,
    /// The form's own message.
    pub(crate) default_message: &'static str,
    /// The form in the language a preference chooses.
    pub(crate) in_language: fn(&Preference) -> crate::form::Translation,
    /// The ask's key.
    pub(crate) key: std::borrow::Cow<'static, str>,
    /// The ask's message, if it set one.
    pub(crate) message: Option<std::borrow::Cow<'static, str>>,
    /// The caller the page is bound to.
    pub(crate) subject: &'s str,
    /// The values the page opens with (the tool arguments the model gave), if any.
    pub(crate) values: Option<&'s crate::Content>,
}

/// The server's pages, as the ladder below the form asks through them (implemented by the
/// pages of every store, `rmcp/ladder.rs`): the extension point through which an [`Asking`]
/// reaches the rungs built on it.
#[cfg(feature = "page")]
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
