//! A model of what a `PageStore` must do, step by step, to hold a store to: any sequence of
//! creates (by a few owners, within their share), answers, takes, closes and reads, on pages
//! made and never made, gives exactly what the model says. The shares, the oldest waiting page
//! closed, answers given once, markers after the end: the contract of `page::store`, checked on
//! every store alike (the memory store in `page_store_model.rs`, Redis in `page_redis.rs`).

use std::time::Duration;

use mcp_elicit::page::seal::PageId;
use mcp_elicit::page::store::{
    Answered, Created, Ended, NewPage, Owner, PageStore, StoreError, Stored, Taken,
};
use proptest::prelude::*;

/// The share of every owner in the model.
pub const SHARE: usize = 3;

/// One step: `page` picks one of the pages made so far (or, past them, a page never made).
#[derive(Clone, Debug)]
pub enum Step {
    Create { owner: u8 },
    Answer { page: usize, byte: u8 },
    Take { page: usize },
    Close { page: usize },
    Read { page: usize },
}

pub fn steps() -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        3 => (0..3u8).prop_map(|owner| Step::Create { owner }),
        2 => (0..64usize, any::<u8>()).prop_map(|(page, byte)| Step::Answer { page, byte }),
        2 => (0..64usize).prop_map(|page| Step::Take { page }),
        1 => (0..64usize).prop_map(|page| Step::Close { page }),
        1 => (0..64usize).prop_map(|page| Step::Read { page }),
    ];
    proptest::collection::vec(step, 1..80)
}

#[derive(Clone, Debug, PartialEq)]
enum Page {
    Waiting,
    Answered(Vec<u8>),
    Ended(Ended),
}

/// What the store should hold: each page made, in the order made.
#[derive(Default)]
pub struct Model {
    pages: Vec<(PageId, u8, Page)>,
    never: Option<PageId>,
}

fn owner(n: u8) -> Owner {
    Owner::from_bytes([n + 1; 16])
}

fn record(id: &PageId) -> Vec<u8> {
    id.as_bytes().to_vec()
}

impl Model {
    /// The page a step names: one made (by its index, wrapped), or one never made.
    fn pick(&mut self, page: usize) -> (PageId, Option<usize>) {
        if !self.pages.is_empty() && page < 48 {
            let at = page % self.pages.len();
            return (self.pages[at].0, Some(at));
        }
        let never = *self.never.get_or_insert_with(|| PageId::random().unwrap());
        (never, None)
    }

    /// Runs `step` on `store` and on the model, and says where they differ.
    pub async fn step(&mut self, store: &impl PageStore, step: &Step) -> Result<(), String> {
        let differ = |what: &str, got: &dyn std::fmt::Debug, want: &dyn std::fmt::Debug| {
            Err(format!(
                "{what}: the store gave {got:?}, the model {want:?}"
            ))
        };
        match *step {
            Step::Create { owner: n } => {
                let id = PageId::random_for(&owner(n)).unwrap();
                let new = NewPage::new(id, owner(n), record(&id), Duration::from_mins(10))
                    .keep(Duration::from_mins(20))
                    .share(SHARE);
                let got = store.create(new).await;
                let open: Vec<usize> = (0..self.pages.len())
                    .filter(|&i| self.pages[i].1 == n && !matches!(self.pages[i].2, Page::Ended(_)))
                    .collect();
                let want = if open.len() < SHARE {
                    Ok(Created::Made)
                } else {
                    match open.iter().find(|&&i| self.pages[i].2 == Page::Waiting) {
                        Some(&oldest) => {
                            self.pages[oldest].2 = Page::Ended(Ended::Closed);
                            Ok(Created::Replaced(self.pages[oldest].0))
                        }
                        None => Err(SHARE),
                    }
                };
                match (&got, &want) {
                    (Ok(got), Ok(want)) if got == want => {}
                    (Err(StoreError::Share { share }), Err(want)) if share == want => {}
                    _ => return differ("create", &got, &want),
                }
                if want.is_ok() {
                    self.pages.push((id, n, Page::Waiting));
                }
            }
            Step::Answer { page, byte } => {
                let (id, at) = self.pick(page);
                let got = store
                    .answer(&id, vec![byte; 3])
                    .await
                    .map_err(|e| e.to_string())?;
                let want = match at.map(|at| &mut self.pages[at].2) {
                    None => Answered::Unknown,
                    Some(page @ Page::Waiting) => {
                        *page = Page::Answered(vec![byte; 3]);
                        Answered::Now
                    }
                    Some(_) => Answered::Before,
                };
                if got != want {
                    return differ("answer", &got, &want);
                }
            }
            Step::Take { page } => {
                let (id, at) = self.pick(page);
                let got = store.take(&id).await.map_err(|e| e.to_string())?;
                let want = match at.map(|at| &mut self.pages[at].2) {
                    None => Taken::Unknown,
                    Some(Page::Waiting) => Taken::Waiting,
                    Some(Page::Ended(how)) => Taken::Ended(*how),
                    Some(page @ Page::Answered(_)) => {
                        let Page::Answered(answer) =
                            std::mem::replace(page, Page::Ended(Ended::Taken))
                        else {
                            unreachable!()
                        };
                        Taken::Answer(answer)
                    }
                };
                if got != want {
                    return differ("take", &got, &want);
                }
            }
            Step::Close { page } => {
                let (id, at) = self.pick(page);
                store.close(&id).await.map_err(|e| e.to_string())?;
                if let Some(at) = at
                    && matches!(self.pages[at].2, Page::Waiting | Page::Answered(_))
                {
                    self.pages[at].2 = Page::Ended(Ended::Closed);
                }
            }
            Step::Read { page } => {
                let (id, at) = self.pick(page);
                let got = store.read(&id).await.map_err(|e| e.to_string())?;
                let want = at.map(|at| match &self.pages[at].2 {
                    Page::Waiting => Stored::Waiting(record(&id)),
                    Page::Answered(_) => Stored::Answered(record(&id)),
                    Page::Ended(how) => Stored::Ended(*how),
                });
                if got != want {
                    return differ("read", &got, &want);
                }
            }
        }
        Ok(())
    }
}

/// Runs `steps` on `store` from an empty model: the first difference, if any.
pub async fn run(store: &impl PageStore, steps: &[Step]) -> Result<(), String> {
    let mut model = Model::default();
    for (n, step) in steps.iter().enumerate() {
        model
            .step(store, step)
            .await
            .map_err(|e| format!("step {n} ({step:?}): {e}"))?;
    }
    Ok(())
}
