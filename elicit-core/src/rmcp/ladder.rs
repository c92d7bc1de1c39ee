//! The form rungs of [`Reach`](super::Reach) below the form (feature `page`): any derived form
//! asked through a page of the server's, on the pages of any store ([`Ladder`] for [`Pages`]),
//! as a URL-mode page or through the link in the call's result.

use super::ask::{Asking, Boxed, FormSpec, Ladder};
use super::by_link;
use super::page_ask::{PageAsk, PageSettings};
use super::rung::Way;
use super::{ElicitError, Stop};
use crate::answer::Elicitation;
use crate::lang::Preference;
use crate::page::seal::PageId;
use crate::page::serve::Pages;
use crate::page::store::PageStore;

impl<S: PageStore + 'static> Ladder for Pages<S> {
    fn ask<'s, 'a: 's>(
        &'s self,
        asking: &'s mut Asking<'a>,
        form: FormSpec<'s>,
        way: Way,
    ) -> Boxed<'s, Result<Option<Elicitation<crate::Content>>, Stop>> {
        Box::pin(async move {
            let mut settings = PageSettings::default();
            settings.set_key(form.key.clone());
            if let Some(message) = &form.message {
                settings.set_message(message.clone());
            }
            let page = FormPage {
                pages: self,
                form,
                settings,
            };
            match way {
                Way::Page => asking.page_of(&page).await.map(Some),
                Way::Link => by_link::link(&page, asking).await.map(Some),
                Way::Probe => by_link::find(&page, asking, false).await,
            }
        })
    }
}

/// A form asked through a page by the ladder: [`FormSpec`] on the pages of one store.
struct FormPage<'s, S> {
    pages: &'s Pages<S>,
    form: FormSpec<'s>,
    /// The ask's message (if it set one) and key.
    settings: PageSettings,
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
        &self.settings
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
                self.settings.message(),
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
