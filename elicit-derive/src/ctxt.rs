//! Collects the errors of one derive so that one compile reports every mistake at once.

use std::cell::RefCell;

use quote::ToTokens;

/// Where parsing and validation push their errors; `check` hands them back combined.
///
/// Dropping a `Ctxt` without calling `check` is a bug in the derive (errors would be lost), so it
/// is caught in debug builds of the derive's own tests.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub(crate) fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// An error whose span covers `tokens` (first to last token).
    pub(crate) fn error_spanned_by<T: ToTokens, M: std::fmt::Display>(&self, tokens: T, msg: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), msg));
    }

    pub(crate) fn syn_error(&self, err: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(err);
        }
    }

    /// Every error pushed so far, combined into one, or `Ok` if there were none.
    pub(crate) fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        let Some(mut combined) = iter.next() else {
            return Ok(());
        };
        for err in iter {
            combined.combine(err);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        debug_assert!(
            std::thread::panicking() || self.errors.borrow().is_none(),
            "Ctxt dropped without check()"
        );
    }
}
