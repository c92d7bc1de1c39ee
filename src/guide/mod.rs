//! The guide: everything the README's front page leaves out, with every example compiled and run
//! as a test.
//!
//! - [`_forms`]: what a form can hold, how its answer is read, every attribute of
//!   `#[derive(Elicit)]`, and choices known only at run time.
//! - [`_composition`]: fields of your own types (`transparent`, `FormField`, `from_str`, `with`),
//!   flattened structs, skipped fields, validation functions.
//! - [`_servers`]: protocol versions; the official Rust SDK (rmcp): `#[asks]` on rmcp's `#[tool]`
//!   and `#[prompt]` methods, or a hand-written `ServerHandler`; one call on every version and
//!   every request that may ask, wizards and mixed rounds, the sealed state of 2026-07-28, URL
//!   mode, forms for the tool arguments a model left out, confirming a destructive action (single
//!   use), asking from synchronous code on a blocking thread, roots and sampling typed, and forms
//!   inside tasks.
//! - [`_pages`]: secrets asked on a page of the server's own (feature `page`): secret fields, the
//!   page and its security, the call, what your sign-in must check, the store and replicas.
//! - [`_accounts`]: a user's account at an OAuth provider, connected through URL mode (feature
//!   `account`): the threat, the flow, the phishing check, tokens at rest, refresh across
//!   replicas, revocation.
//! - [`_production`]: running behind several replicas: one Redis, Sentinels or a Redis Cluster,
//!   what each persistence setting keeps, and what a person sees while Redis restarts or fails
//!   over.
//! - [`_reach`]: reaching every person whatever their client declares: the form, the page, or a
//!   link in the call's result; identity, the wait, and what real clients get.
//! - [`_testing`]: testing the tools that ask, in Rust, in process (feature `testing`): a real
//!   rmcp client of a chosen version and profile, a scripted person, every form, page and link
//!   they were shown.
//! - [`_languages`]: forms in the person's language (SEP-2792): the preference, translated forms
//!   checked when they compile, the crate's own words in ten languages, adding a language.
//! - [`_clients`]: showing a server's form to a person, at a terminal or through your own UI.
//! - [`_ecosystem`]: the date, time, URL, e-mail and UUID types of other crates as fields.
//! - [`_refusals`]: what the derive refuses, and why.
//! - [`_migrating`]: moving to the crate from rmcp's `ElicitationSchema::builder()`, a schemars
//!   `JsonSchema` struct or a hand-written JSON schema, each recipe with a before and an after.
//! - [`_development`]: the workspace, its tests and the real peers they run against.
//!
//! The reference is the API itself: [`Elicit`](crate::Elicit), [`Elicitation`](crate::Elicitation),
//! [`RequestedSchema`](crate::RequestedSchema), [`client`](crate::client), and the modules of the
//! features: `rounds`, `rmcp`, `acp` and `page` (URL-mode pages).

#[doc = include_str!("forms.md")]
pub mod _forms {}

#[doc = include_str!("composition.md")]
pub mod _composition {}

#[doc = include_str!("servers.md")]
pub mod _servers {}

#[doc = include_str!("pages.md")]
pub mod _pages {}

#[doc = include_str!("accounts.md")]
pub mod _accounts {}

#[doc = include_str!("production.md")]
pub mod _production {}

#[doc = include_str!("reach.md")]
pub mod _reach {}

#[doc = include_str!("testing.md")]
pub mod _testing {}

#[doc = include_str!("languages.md")]
pub mod _languages {}

#[doc = include_str!("clients.md")]
pub mod _clients {}

#[doc = include_str!("ecosystem.md")]
pub mod _ecosystem {}

#[doc = include_str!("refusals.md")]
pub mod _refusals {}

#[doc = include_str!("migrating.md")]
pub mod _migrating {}

#[doc = include_str!("development.md")]
pub mod _development {}
