//! The language a call answers in (SEP-2792): the person's preference, as the call's own request
//! carries it, and the language its forms are asked in, reported in its results.

use std::sync::Arc;

use ::rmcp::model::{InputRequiredResult, MetaObject};
use ::rmcp::service::{RequestContext, RoleServer};

use crate::lang::{CONTENT_LANGUAGE, Preference, Words};

/// The person's preference `context`'s request carries in its `_meta` (where rmcp puts a
/// request's `_meta`, on every version: the typed params' `meta` stays empty), if any.
pub(crate) fn preference_of(context: &RequestContext<RoleServer>) -> Option<Preference> {
    Preference::from_meta(&context.meta.0.0)
}

/// The crate's words chosen for the preference `context`'s request carries, if it carries one:
/// what the crate's own refusals are told in.
pub(crate) fn words_of(context: &RequestContext<RoleServer>) -> Option<Arc<Words>> {
    preference_of(context).map(|preference| Words::choose(&preference))
}

/// `language` reported as the `contentLanguage` of a result's `_meta` (SEP-2792), unless the
/// handler reported one itself.
pub(crate) fn report_language(meta: &mut Option<MetaObject>, language: &str) {
    meta.get_or_insert_default()
        .entry(CONTENT_LANGUAGE)
        .or_insert_with(|| language.into());
}

/// A call's language: the preference its request carries, and the language it answers in.
pub(super) struct CallLanguage {
    /// The person's preference, as this very request carries it in its `_meta`.
    preference: Option<Preference>,
    /// The language of the crate's words chosen for the preference (English without one).
    words: String,
    /// The language of the form or page last asked, if the call asked one in a known language.
    asked: Option<String>,
}

impl CallLanguage {
    /// The language of the request `context` is of: the crate's words chosen for its preference
    /// (English without one), until a form is asked.
    pub(super) fn of(context: &RequestContext<RoleServer>) -> Self {
        let preference = preference_of(context);
        let language = preference
            .as_ref()
            .map_or_else(Words::english, Words::choose)
            .language()
            .to_owned();
        CallLanguage {
            preference,
            words: language,
            asked: None,
        }
    }

    pub(super) fn preference(&self) -> Option<&Preference> {
        self.preference.as_ref()
    }

    /// The language the call answers in ([`Asking::language`](super::Asking::language)): the
    /// form's or page's last asked, else the crate's words'.
    pub(super) fn language(&self) -> &str {
        self.asked.as_deref().unwrap_or(&self.words)
    }

    /// The call answers in `language` from now on: the language of the form or page it asks.
    pub(super) fn answer_in(&mut self, language: String) {
        self.asked = Some(language);
    }

    /// Reports the language of what the round asks in the `_meta` of `form`, if the call honours
    /// a preference and the language is known (a round of requests the handler wrote reports
    /// none).
    pub(super) fn report(&self, form: &mut InputRequiredResult) {
        if self.preference.is_some()
            && let Some(language) = &self.asked
        {
            report_language(&mut form.meta, language);
        }
    }
}
