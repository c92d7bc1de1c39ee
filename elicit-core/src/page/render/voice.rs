//! [`Voice`]: the `lang` and `dir` of the crate's words on a page written in another language.

use std::borrow::Cow;

use maud::Render;

use super::text::Text;
use crate::lang::Words;
use crate::lang::bidi::{balanced, isolated};

/// The `lang` and `dir` the crate's words (the buttons, the rules under a field, the problems)
/// carry on a page whose language they are not: a form translated into Hebrew, which the crate
/// does not speak, has English buttons, which a screen reader then reads in an English voice and
/// a browser runs left to right. On a page in the words' language (and by default), they carry
/// nothing.
#[derive(Clone, Copy, Default)]
pub(super) struct Voice<'w>(Option<&'w Words>);

impl<'w> Voice<'w> {
    /// The voice of `words` on a page in the language `page` (tags compare without case, as
    /// BCP 47 says).
    pub(super) fn of(words: &'w Words, page: &str) -> Self {
        Voice((!words.language().eq_ignore_ascii_case(page)).then_some(words))
    }

    /// Whether the words are in another language than the page.
    pub(super) fn is_marked(self) -> bool {
        self.0.is_some()
    }

    /// The words' `lang`, on a page in another language.
    pub(super) fn lang(self) -> Option<&'w str> {
        self.0.map(Words::language)
    }

    /// The words' `dir`, on a page in another language: said even where it is the page's, so
    /// that the words' elements are isolated from the text around them (HTML isolates an
    /// element that says its direction).
    pub(super) fn dir(self) -> Option<&'static str> {
        self.0.map(|words| {
            if words.is_right_to_left() {
                "rtl"
            } else {
                "ltr"
            }
        })
    }

    /// ` lang="…" dir="…"`, or nothing, into a tag being written.
    pub(super) fn write_to(self, out: &mut String) {
        if let (Some(lang), Some(dir)) = (self.lang(), self.dir()) {
            out.push_str(" lang=\"");
            Text(lang).render_to(out);
            out.push_str("\" dir=\"");
            out.push_str(dir);
            out.push('"');
        }
    }

    /// A text of the form's (a field's title) given to one of the crate's messages: its bidi
    /// controls balanced, so that none reaches the words after it; and on a page in another
    /// language than the words, isolated (in a language written right to left, the words
    /// isolate it themselves).
    pub(super) fn argument(self, text: &str) -> Cow<'_, str> {
        match self.0 {
            Some(words) if !words.is_right_to_left() => Cow::Owned(isolated(text)),
            _ => balanced(text),
        }
    }

    /// What a blank page's fields are kept under (see `FormPage::render`): the words' id, with
    /// the top bit set when they are marked (ids count the `Words` built, and never reach it).
    pub(super) fn key(self, words: &Words) -> u64 {
        words.id() | (u64::from(self.is_marked()) << 63)
    }
}
