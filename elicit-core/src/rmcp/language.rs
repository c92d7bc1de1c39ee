//! The language a call answers in (SEP-2792): the person's preference, as the call's own request
//! carries it, and the language its forms are asked in, reported in its results.

use ::rmcp::model::InputRequiredResult;
use ::rmcp::service::{RequestContext, RoleServer};

use super::pending::{Pending, report_language};
use crate::lang::{Preference, Words};

/// The person's preference `context`'s request carries in its `_meta` (where rmcp puts a
/// request's `_meta`, on every version: the typed params' `meta` stays empty), if any.
pub(crate) fn preference_of(context: &RequestContext<RoleServer>) -> Option<Preference> {
    Preference::from_meta(&context.meta.0.0)
}

/// A call's language: the preference its request carries, and the language it answers in.
pub(super) struct CallLanguage {
    /// The person's preference, as this very request carries it in its `_meta`.
    preference: Option<Preference>,
    /// The language the call answers in ([`Asking::language`](super::Asking::language)).
    language: String,
}

impl CallLanguage {
    /// The language of the request `context` is of: the crate's words chosen for its preference
    /// (English without one), noted with `pending`.
    pub(super) fn of(context: &RequestContext<RoleServer>, pending: Option<&Pending>) -> Self {
        let preference = preference_of(context);
        let language = preference
            .as_ref()
            .map_or_else(Words::english, Words::choose)
            .language()
            .to_owned();
        let mut call = CallLanguage {
            preference,
            language: String::new(),
        };
        call.answer_in(language, pending);
        call
    }

    pub(super) fn preference(&self) -> Option<&Preference> {
        self.preference.as_ref()
    }

    pub(super) fn language(&self) -> &str {
        &self.language
    }

    /// The call answers in `language` from now on: noted for its result (with `pending`), if it
    /// honours a preference.
    pub(super) fn answer_in(&mut self, language: String, pending: Option<&Pending>) {
        if self.preference.is_some()
            && let Some(pending) = pending
        {
            pending.answered_in(&language);
        }
        self.language = language;
    }

    /// Reports the language in the `_meta` of `form`, if the call honours a preference.
    pub(super) fn report(&self, form: &mut InputRequiredResult) {
        if self.preference.is_some() {
            report_language(&mut form.meta, &self.language);
        }
    }
}
