//! [`PerLanguage`]: what a form's page keeps with its schema, once per language (feature `page`).

/// What a form's page keeps once per language it was shown in (the HTML of its blank fields,
/// the rules under each field), under the id of the words it was said with
/// ([`Words`](crate::lang::Words)): it follows from the form and the language alone.
///
/// [`Words::add`](crate::lang::Words::add) builds every language's words anew, with new ids:
/// what was kept for the words it replaced is dropped as something new is kept, so that a form
/// keeps at most one entry per language however often messages are added.
pub(crate) struct PerLanguage<T>(std::sync::RwLock<Vec<(u64, T)>>);

impl<T> PerLanguage<T> {
    /// How many languages a form keeps; beyond, each page makes what it needs anew.
    const MAX: usize = 32;

    pub(crate) const fn new() -> Self {
        PerLanguage(std::sync::RwLock::new(Vec::new()))
    }

    /// `read` of what is kept for the words `words`, made with `make` the first time.
    pub(crate) fn with<R>(
        &self,
        words: u64,
        make: impl FnOnce() -> T,
        read: impl FnOnce(&T) -> R,
    ) -> R {
        {
            let kept = self
                .0
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some((_, t)) = kept.iter().find(|(id, _)| *id == words) {
                return read(t);
            }
        }
        let kept_anew = make();
        let said = read(&kept_anew);
        let in_use = crate::lang::Words::oldest_in_use();
        let mut kept = self
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.retain(|(id, _)| *id >= in_use);
        if words >= in_use && kept.len() < Self::MAX && !kept.iter().any(|(id, _)| *id == words) {
            kept.push((words, kept_anew));
        }
        said
    }

    /// `read` of what is kept for the words `words`, if anything is.
    pub(crate) fn peek<R>(&self, words: u64, read: impl FnOnce(&T) -> R) -> Option<R> {
        let kept = self
            .0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.iter()
            .find(|(id, _)| *id == words)
            .map(|(_, t)| read(t))
    }
}

impl<T> Clone for PerLanguage<T> {
    /// A copy keeps nothing: what it holds follows from the schema.
    fn clone(&self) -> Self {
        PerLanguage::new()
    }
}

#[cfg(test)]
mod tests {
    use super::PerLanguage;
    use crate::lang::Words;

    /// Each message added builds every language's words anew: what was kept for the old ones
    /// goes, and what is kept stays one entry per language.
    #[test]
    fn replaced_words_are_not_kept() {
        let kept = PerLanguage::<String>::new();
        for round in 0..40 {
            Words::add("kw", &format!("page-submit = Kor {round}\n")).unwrap();
            for tag in Words::languages() {
                let words = Words::get(&tag).unwrap();
                let said = kept.with(words.id(), || words.page().submit.clone(), Clone::clone);
                assert_eq!(said, words.page().submit);
            }
        }
        let held = kept.0.read().unwrap().len();
        assert!(
            held <= Words::languages().len(),
            "{held} entries for {} languages",
            Words::languages().len()
        );
    }
}
