//! [`Pages`]: the pending pages of a server, the calls that make a page and take its answer, and
//! the axum `Router` that serves them to the person, bound to the user whose call made them.
//!
//! What every response carries, whatever its status: `Cache-Control: no-store`, a
//! `Content-Security-Policy` that allows no script at all, only this module's stylesheet (by its
//! hash), forms posted to this origin only and no framing (`frame-ancestors 'none'`),
//! `Referrer-Policy: no-referrer` and `X-Content-Type-Options: nosniff`.
//!
//! | request | status |
//! |---|---|
//! | an id that is not one (any other path) | 404 |
//! | an id the store does not keep | 404 |
//! | a page past its expiry | 410 |
//! | a page answered already (its POST replayed) | 410 to show, 409 to post |
//! | a page closed (its call gave up on it, or the user's newer pages took its place) | 410 |
//! | another method (axum's own answer) | 405, with the same headers |
//! | no one signed in (or an empty subject) | 303 to the sign-in page, or 401, the body unread |
//! | another user signed in | 403, and nothing changes |
//! | a POST without the page's CSRF token, or with another | 403, and nothing changes |
//! | a body over the limit | 413 |
//! | a body that is not `application/x-www-form-urlencoded` | 415 |
//! | an answer that breaks the form's rules | 422, the page again with each problem beside its field |
//! | an answer that keeps them, or a decline | 200, and the page is answered |

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The browser request's head, as [`Identity::subject`] reads it (axum's, from the `http` crate).
pub use axum::http::request::Parts;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::seal::{Kind, PageId, PageSeal, SealError};
use super::store::{NewPage, PageStore, Stored, Taken};
use crate::answer::Elicitation;
use crate::error::ContentError;
use crate::form::Elicit;
use crate::lang::Preference;
use crate::rounds::StateKeys;
use crate::schema::Content;

mod error;
mod record;
mod routes;
mod sign_in;

pub use error::PageError;
pub use sign_in::{local_path, same_origin};

#[cfg(feature = "account")]
pub(crate) use routes::{
    Visit, answered, browser_words, csrf_matches, html_in, notice_page, original_path, policy,
    secure, status_page, unavailable,
};

use record::Record;
pub(crate) use record::{Answer, read_content};

/// How long a page waits for its answer, by default: ten minutes.
pub const DEFAULT_PAGE_TTL: Duration = Duration::from_mins(10);

/// How much longer a store keeps a page than it may be answered, so that a page past its expiry
/// is told from one never made (410, not 404).
const GRACE: Duration = Duration::from_hours(1);

/// The largest body a page's POST may have, by default: 64 KiB.
pub const DEFAULT_MAX_BODY: usize = 64 * 1024;

/// How many open pages (within their time, waiting or answered and not yet taken by their call)
/// one user may have at a time, by default: 8. A ninth closes their oldest waiting page (see
/// [`Pages::share`]).
pub const DEFAULT_SHARE: usize = 8;

/// The field of a page's form that carries its CSRF token.
pub const CSRF_FIELD: &str = "csrf";

/// Who a browser request comes from, as the application knows it: its own sign-in. The page of a
/// call is shown and accepted only for the subject who made the call (the specification requires
/// the check, against phishing: a URL can be forwarded).
///
/// **Never take the subject from what the browser sends as it is** (a cookie holding a user
/// name, a header): anyone can send any value. Read the application's own session token from
/// its cookie, look the session up where the application keeps its sessions (or verify the
/// token's signature), and give the subject the session belongs to; an unknown, expired or
/// empty session is `None`. The sign-in page itself must refuse cross-site posts
/// ([`same_origin`], or a CSRF token), or another site can sign a person in to its own account,
/// and that person then types their secret into the attacker's page; [`Identity::name`] shows
/// the person who they are signed in as. And it must send the person back only to a path of
/// this site ([`local_path`]).
///
/// ```
/// use std::collections::HashMap;
/// use std::sync::Mutex;
///
/// use mcp_elicit::page::serve::Identity;
/// use axum::http::request::Parts;
///
/// /// A session the application made when the person signed in.
/// struct Session {
///     user_id: String,
///     display_name: String,
/// }
///
/// /// The application's sessions, by the random token of its `session` cookie (in a real
/// /// application: its session store, or a signed token it verifies).
/// struct Sessions(Mutex<HashMap<String, Session>>);
///
/// impl Sessions {
///     fn token(request: &Parts) -> Option<&str> {
///         let cookies = request.headers.get("cookie")?.to_str().ok()?;
///         cookies.split("; ").find_map(|c| c.strip_prefix("session="))
///     }
/// }
///
/// impl Identity for Sessions {
///     fn subject(&self, request: &Parts) -> Option<String> {
///         let sessions = self.0.lock().ok()?;
///         sessions.get(Self::token(request)?).map(|s| s.user_id.clone())
///     }
///
///     fn name(&self, request: &Parts) -> Option<String> {
///         let sessions = self.0.lock().ok()?;
///         sessions.get(Self::token(request)?).map(|s| s.display_name.clone())
///     }
///
///     fn sign_in(&self, return_to: &str) -> Option<String> {
///         // `return_to` is the page's own path; the sign-in page sends the person back to
///         // it only if it is a path of this site (`local_path`).
///         Some(format!("/login?return_to={return_to}"))
///     }
/// }
/// ```
pub trait Identity: Send + Sync + 'static {
    /// The subject the browser request is signed in as, found by looking its session up, or
    /// `None` when it is not signed in (an empty subject is taken as `None`).
    fn subject(&self, request: &Parts) -> Option<String>;

    /// Where to send a person who is not signed in, to come back to `return_to` (the page's own
    /// path) afterwards: `None` answers 401 instead. The sign-in page goes back to what it is
    /// given only if that is a path of this site ([`local_path`]).
    fn sign_in(&self, return_to: &str) -> Option<String> {
        let _ = return_to;
        None
    }

    /// The name to show the person on the page ("Signed in as NAME"), when the application can
    /// give one: a person signed in to another account (a sign-in forced on them by another
    /// site) then sees whose page it is before typing a secret. `None` (the default) shows
    /// nothing.
    fn name(&self, request: &Parts) -> Option<String> {
        let _ = request;
        None
    }
}

/// Whether, and how, a page checks who opens it.
enum Gate {
    /// By the application's sign-in.
    Checked(Box<dyn Identity>),
    /// Not at all: [`Pages::without_identity_check_unsafe`].
    Unchecked,
}

/// A form a page may ask for: its schema, message, secret fields and judge.
struct Form {
    message: &'static str,
    /// The form's languages ([`Elicit::LANGUAGES`]) and its text in each.
    languages: &'static [&'static str],
    translation: fn(usize) -> crate::form::Translation,
    /// The judge of an answer: the form's own reader, every rule and `validate` hook of `T`.
    judge: fn(&Content) -> Result<(), ContentError>,
}

/// The pending pages of a server: where they are kept, how they are sealed, who may open them,
/// the forms they may ask for, and where they are served.
///
/// Make one at start-up, register each form a page asks for ([`Pages::form`]), nest
/// [`Pages::router`] beside the MCP service, and from a handler make a page
/// ([`Pages::create`]) and take its answer ([`Pages::take`]). Clones share everything.
pub struct Pages<S> {
    inner: Arc<Inner<S>>,
}

impl<S> Clone for Pages<S> {
    fn clone(&self) -> Self {
        Pages {
            inner: Arc::clone(&self.inner),
        }
    }
}

struct Inner<S> {
    store: S,
    seal: PageSeal,
    gate: Gate,
    /// The public URL the router is served at, without a trailing `/`.
    base_url: String,
    ttl: Duration,
    max_body: usize,
    share: usize,
    forms: HashMap<&'static str, Form>,
}

impl<S> fmt::Debug for Pages<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pages")
            .field("base_url", &self.inner.base_url)
            .field("ttl", &self.inner.ttl)
            .field("forms", &self.inner.forms.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl<S: PageStore + 'static> Pages<S> {
    /// Pages kept in `store`, sealed under `keys` (replicas share both), served at `base_url`
    /// (the public URL [`Pages::router`] is nested at, as the user's browser reaches it), shown
    /// only to the subject `identity` finds in the browser request.
    pub fn new(store: S, keys: &StateKeys, base_url: &str, identity: impl Identity) -> Self {
        Self::with_gate(store, keys, base_url, Gate::Checked(Box::new(identity)))
    }

    /// Pages that anyone who has the URL may open and answer: no identity check at all. The
    /// specification requires the check (a URL can be forwarded, and a phishing page can send the
    /// user someone else's); use it only where no one else can reach the server (a tool on the
    /// user's own machine, on loopback).
    pub fn without_identity_check_unsafe(store: S, keys: &StateKeys, base_url: &str) -> Self {
        Self::with_gate(store, keys, base_url, Gate::Unchecked)
    }

    fn with_gate(store: S, keys: &StateKeys, base_url: &str, gate: Gate) -> Self {
        Pages {
            inner: Arc::new(Inner {
                store,
                seal: PageSeal::new(keys),
                gate,
                base_url: base_url.trim_end_matches('/').to_owned(),
                ttl: DEFAULT_PAGE_TTL,
                max_body: DEFAULT_MAX_BODY,
                share: DEFAULT_SHARE,
                forms: HashMap::new(),
            }),
        }
    }

    /// Registers `T` as a form pages may ask for: its schema, its message, and its reader, which
    /// judges every answer posted (each replica registers the same forms).
    ///
    /// # Panics
    ///
    /// When called after the pages were cloned (register every form first).
    #[must_use]
    pub fn form<T: Elicit>(mut self) -> Self {
        let form = Form {
            message: T::message(),
            languages: T::LANGUAGES,
            translation: T::translation,
            judge: |content| T::from_content(content).map(drop),
        };
        self.inner_mut()
            .forms
            .insert(std::any::type_name::<T>(), form);
        self
    }

    /// How long a page waits for its answer ([`DEFAULT_PAGE_TTL`] by default).
    ///
    /// # Panics
    ///
    /// When called after the pages were cloned.
    #[must_use]
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.inner_mut().ttl = ttl;
        self
    }

    /// The largest body a POST may have ([`DEFAULT_MAX_BODY`] by default).
    ///
    /// # Panics
    ///
    /// When called after the pages were cloned.
    #[must_use]
    pub fn max_body(mut self, max_body: usize) -> Self {
        self.inner_mut().max_body = max_body;
        self
    }

    /// How many open pages (within their time, waiting or answered and not yet taken by their
    /// call) one user may have at a time ([`DEFAULT_SHARE`] by default, at least 1), so that
    /// one user cannot fill the store for everyone: a page beyond it closes that user's oldest
    /// waiting page (its call then ends with [`PageError::Closed`]), and when every one of them
    /// holds an answer not taken yet, [`Pages::create`] fails for that user alone
    /// ([`StoreError::Share`](super::store::StoreError::Share)) until one is taken or its time is up. On every store, atomically
    /// across replicas on a shared one.
    ///
    /// # Panics
    ///
    /// When called after the pages were cloned.
    #[must_use]
    pub fn share(mut self, share: usize) -> Self {
        self.inner_mut().share = share.max(1);
        self
    }

    fn inner_mut(&mut self) -> &mut Inner<S> {
        Arc::get_mut(&mut self.inner).expect("configure the pages before cloning them")
    }

    /// Makes a page asking `subject` (the subject of the MCP call, as the application's
    /// authorization of it found) for `T`'s form under `message` (`T`'s own by default): its id
    /// and its URL, which carries the id only.
    ///
    /// # Errors
    ///
    /// When `T` was not registered ([`Pages::form`]), no subject (or an empty one) is given to
    /// pages that check who opens them ([`PageError::NoSubject`]), the user has as many pages
    /// answered and not taken as they may ([`StoreError::Share`](super::store::StoreError::Share)), the generator fails, or the
    /// store does.
    pub async fn create<T: Elicit>(
        &self,
        subject: Option<&str>,
        message: Option<&str>,
    ) -> Result<(PageId, String), PageError> {
        self.create_in::<T>(subject, message, None).await
    }

    /// [`Pages::create`], the page in the language `preference` chooses among `T`'s
    /// ([`Elicit::in_language`]): its form, message (unless `message` is given), buttons, hints
    /// and problems, sealed with the page. Without a preference, the page speaks the language
    /// the person's browser asks for. The language chosen is the second value's.
    ///
    /// # Errors
    ///
    /// As [`Pages::create`].
    pub async fn create_in<T: Elicit>(
        &self,
        subject: Option<&str>,
        message: Option<&str>,
        preference: Option<&Preference>,
    ) -> Result<(PageId, String), PageError> {
        self.create_form(
            None,
            subject,
            std::any::type_name::<T>(),
            message,
            preference.map(T::in_language),
            None,
        )
        .await
    }

    /// Makes a page of the registered form `name` under the id `at` (a fresh one if `None`),
    /// in `translation`'s language when one is given (else the person's browser's), opening with
    /// `values` (else the form's defaults): its id and URL.
    pub(crate) async fn create_form(
        &self,
        at: Option<PageId>,
        subject: Option<&str>,
        name: &str,
        message: Option<&str>,
        translation: Option<crate::form::Translation>,
        values: Option<&Content>,
    ) -> Result<(PageId, String), PageError> {
        let form = self.inner.forms.get(name).ok_or(PageError::Unregistered {
            form: name.to_owned(),
        })?;
        let (message, language) = match translation {
            Some(translation) => (
                message.unwrap_or(translation.message),
                Some(translation.language),
            ),
            None => (message.unwrap_or(form.message), None),
        };
        let id = self
            .create_named_at(at, subject, name, message, language, values)
            .await?;
        Ok((id, self.url(&id)))
    }

    /// Makes a page of `subject` under the name `form` (a registered form's, or a page of its
    /// own kind that the form pages do not serve, such as a connection to an account), saying
    /// `message`, under the id `at` when one is given (a link's,
    /// [`PageSeal::link_id`](super::seal::PageSeal::link_id): the store refuses it,
    /// [`StoreError::Taken`](super::store::StoreError::Taken), if it keeps that id already),
    /// else under a fresh one.
    pub(crate) async fn create_named_at(
        &self,
        at: Option<PageId>,
        subject: Option<&str>,
        form: &str,
        message: &str,
        language: Option<&str>,
        values: Option<&Content>,
    ) -> Result<PageId, PageError> {
        let checked = matches!(self.inner.gate, Gate::Checked(_));
        if subject.is_some_and(str::is_empty) || (subject.is_none() && checked) {
            return Err(PageError::NoSubject);
        }
        // The id carries its owner's bucket: a store keeps the page beside its owner's others.
        let owner = self.inner.seal.owner(subject);
        let id = match at {
            Some(id) => id,
            None => PageId::random_for(&owner)?,
        };
        let mut csrf = [0; 32];
        getrandom::fill(&mut csrf).map_err(|_| PageError::Seal(SealError::Random))?;
        let record = Record {
            subject: subject.map(str::to_owned),
            form: form.to_owned(),
            message: message.to_owned(),
            csrf: URL_SAFE_NO_PAD.encode(csrf),
            expires: crate::rounds::now_secs().saturating_add(self.inner.ttl.as_secs()),
            language: language.map(str::to_owned),
            values: values.cloned(),
        };
        let sealed = self
            .inner
            .seal
            .seal(&id, Kind::Record, &record.to_bytes())?;
        let page = NewPage::new(id, owner, sealed, self.inner.ttl)
            .keep(self.inner.ttl + GRACE)
            .share(self.inner.share);
        self.inner.store.create(page).await?;
        Ok(id)
    }

    /// What seals what the store keeps.
    #[cfg(any(feature = "account", feature = "rmcp"))]
    pub(crate) fn seal(&self) -> &PageSeal {
        &self.inner.seal
    }

    /// Where the pages are kept.
    #[cfg(feature = "account")]
    pub(crate) fn store(&self) -> &S {
        &self.inner.store
    }

    /// How many open pages one user may have: also how many connections in progress (feature
    /// `account`).
    #[cfg(feature = "account")]
    pub(crate) fn user_share(&self) -> usize {
        self.inner.share
    }

    /// How long a page waits for its answer.
    #[cfg(feature = "rmcp")]
    pub(crate) fn page_ttl(&self) -> Duration {
        self.inner.ttl
    }

    /// The public URL of the page `id`.
    pub fn url(&self, id: &PageId) -> String {
        format!("{}/{id}", self.inner.base_url)
    }

    /// Takes the answer of the page `id`, for the call of `subject`: `None` while the page waits
    /// for it; `Accepted` (read into `T`, every rule checked again) or `Declined` once; after
    /// that, [`PageError::Taken`]; past its expiry unanswered, [`PageError::Expired`] (and the
    /// page is closed); closed, [`PageError::Closed`].
    ///
    /// # Errors
    ///
    /// A page the store does not keep, one made for another subject or another form, a record or
    /// answer these keys did not seal, an answer taken before, a page closed or expired, or the
    /// store's failure.
    pub async fn take<T: Elicit>(
        &self,
        id: &PageId,
        subject: Option<&str>,
    ) -> Result<Option<Elicitation<T>>, PageError> {
        let Some(answer) = self
            .take_named(id, subject, std::any::type_name::<T>())
            .await?
        else {
            return Ok(None);
        };
        if !answer.accepted {
            return Ok(Some(Elicitation::Declined));
        }
        read_content(&answer.content).map(|value| Some(Elicitation::Accepted(value)))
    }

    /// Takes the answer of the page `id` of `subject` made under the name `form`: `None` while
    /// the page waits for it.
    pub(crate) async fn take_named(
        &self,
        id: &PageId,
        subject: Option<&str>,
        form: &str,
    ) -> Result<Option<Answer>, PageError> {
        let sealed_record = match self.inner.store.read(id).await? {
            None => return Err(PageError::Unknown),
            Some(Stored::Ended(how)) => return Err(PageError::ended(how)),
            Some(Stored::Waiting(record) | Stored::Answered(record)) => record,
        };
        let record = self.own_record(id, &sealed_record, subject, form)?;
        let sealed = match self.inner.store.take(id).await? {
            Taken::Answer(sealed) => sealed,
            Taken::Waiting if record.expired() => {
                self.inner.store.close(id).await?;
                return Err(PageError::Expired);
            }
            Taken::Waiting => return Ok(None),
            Taken::Ended(how) => return Err(PageError::ended(how)),
            Taken::Unknown => return Err(PageError::Unknown),
        };
        let plain = self.inner.seal.open(id, Kind::Answer, &sealed)?;
        Answer::from_bytes(&plain)
            .map(Some)
            .ok_or(PageError::Record)
    }

    /// Closes the page `id` of the call of `subject`, unanswered or with its answer not taken
    /// (the answer is dropped): for a call that gives up on its page (a timeout, a decline or a
    /// cancel in the client), so that the person is not told their answer is saved, and no
    /// secret waits unused in the store. The page then says it was closed (410). Nothing
    /// happens to a page that has ended, or that the store does not keep.
    ///
    /// # Errors
    ///
    /// A page made for another subject or another form, a record these keys did not seal, or
    /// the store's failure.
    pub async fn close<T: Elicit>(
        &self,
        id: &PageId,
        subject: Option<&str>,
    ) -> Result<(), PageError> {
        let sealed_record = match self.inner.store.read(id).await? {
            Some(Stored::Waiting(record) | Stored::Answered(record)) => record,
            Some(Stored::Ended(_)) | None => return Ok(()),
        };
        self.own_record(id, &sealed_record, subject, std::any::type_name::<T>())?;
        Ok(self.inner.store.close(id).await?)
    }

    /// Closes the page `id`, whoever's it is: for a call closing the page it made itself.
    #[cfg(feature = "rmcp")]
    pub(crate) async fn close_page(&self, id: &PageId) -> Result<(), PageError> {
        Ok(self.inner.store.close(id).await?)
    }

    /// The message of the page `id` of `subject` made under `form` while it is open (waiting or
    /// answered), read without changing anything: for a page that keeps a call's own data (the
    /// answers a call carries from one run to the next through links).
    ///
    /// # Errors
    ///
    /// As [`Pages::take`]: [`PageError::Unknown`], the page ended, another subject's or form's,
    /// or the store's failure.
    #[cfg(feature = "rmcp")]
    pub(crate) async fn open_message(
        &self,
        id: &PageId,
        subject: Option<&str>,
        form: &str,
    ) -> Result<String, PageError> {
        let sealed = match self.inner.store.read(id).await? {
            None => return Err(PageError::Unknown),
            Some(Stored::Ended(how)) => return Err(PageError::ended(how)),
            Some(Stored::Waiting(record) | Stored::Answered(record)) => record,
        };
        Ok(self.own_record(id, &sealed, subject, form)?.message.clone())
    }

    /// Whether the page `id` is open: waiting for its answer, or answered and not taken.
    ///
    /// # Errors
    ///
    /// The store's failure.
    #[cfg(feature = "rmcp")]
    pub(crate) async fn is_open(&self, id: &PageId) -> Result<bool, PageError> {
        Ok(matches!(
            self.inner.store.read(id).await?,
            Some(Stored::Waiting(_) | Stored::Answered(_))
        ))
    }

    /// The record of the page `id`, if it was made for the call of `subject` asking for `form`.
    fn own_record(
        &self,
        id: &PageId,
        sealed: &[u8],
        subject: Option<&str>,
        form: &str,
    ) -> Result<Record, PageError> {
        let record = self.open_record(id, sealed)?;
        if record.subject.as_deref() != subject || record.form != form {
            return Err(PageError::NotYours);
        }
        Ok(record)
    }

    fn open_record(&self, id: &PageId, sealed: &[u8]) -> Result<Record, PageError> {
        let plain = self.inner.seal.open(id, Kind::Record, sealed)?;
        Record::from_bytes(&plain).ok_or(PageError::Record)
    }
}
