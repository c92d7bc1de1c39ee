//! What one call of a test has shown and has left of the person's script ([`Run`]), shared by
//! the client's side and the browser.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use super::called::Called;
use super::error::TestError;
use super::person::Step;
use super::shown::Shown;

/// What one call has shown and has left of the script.
#[derive(Default)]
pub(super) struct Run {
    pub(super) steps: VecDeque<Step>,
    pub(super) shown: Vec<Shown>,
    pub(super) failure: Option<TestError>,
    /// Told when `failure` is set: the call is not waited for any longer.
    pub(super) failed: Arc<tokio::sync::Notify>,
    pub(super) asks: usize,
}

impl Run {
    /// A call's run, the person taking `steps`.
    pub(super) fn new(steps: VecDeque<Step>) -> Self {
        Run {
            steps,
            ..Run::default()
        }
    }

    /// The call fails with `failure` (the first one kept), and stops being waited for.
    pub(super) fn fail(&mut self, failure: TestError) {
        self.failure.get_or_insert(failure);
        self.failed.notify_one();
    }

    /// The call's end: its result and what it showed, unless steps were left.
    pub(super) fn end<R>(&mut self, result: R) -> Result<Called<R>, TestError> {
        if !self.steps.is_empty() {
            let steps = self.steps.drain(..).map(|step| step.describe()).collect();
            return Err(TestError::LeftOver { steps });
        }
        Ok(Called {
            result,
            shown: std::mem::take(&mut self.shown),
        })
    }
}

/// How a person's visit to a page ended.
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub(super) enum PageEnd {
    /// The page took the person's answer (or decline).
    Answered,
    /// The person closed it unanswered.
    Closed,
}

/// The error of a page shown to a person without a browser.
pub(super) fn no_browser(url: &str) -> TestError {
    TestError::Page {
        url: url.to_owned(),
        why: "the person has no browser to open it in: give the TestClient one (TestClient::browser, feature `page`) with your pages' routes".to_owned(),
    }
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
