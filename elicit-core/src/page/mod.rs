//! URL-mode pages (feature `page`): what the specification sends a server to when a form must not
//! pass through the client (passwords, API keys, payment details), built from the same form model
//! and judged by the same rules as a JSON answer.
//!
//! - [`render`]: the form as a server-rendered HTML page that works without JavaScript, every
//!   value escaped by maud, accessible (a label per field, descriptions and problems tied with
//!   `aria-describedby`, fieldsets for groups), the HTML input rules mirroring the form's.
//! - [`submission`]: an `application/x-www-form-urlencoded` body read into the form's content and
//!   judged by the form's rules; an invalid one is the page again with each problem beside its
//!   field.
//! - [`serve`]: [`Pages`](serve::Pages), the calls that make a page and take its answer, and the
//!   axum router that serves the pages, bound to the user whose call made them, with CSRF tokens,
//!   single use, expiry and the headers a page of secrets needs.
//! - [`store`]: the pending pages; [`seal`]: their ids, and the AEAD that seals what a store keeps,
//!   under a key derived from the state keys (`MCP_ELICIT_STATE_KEY`).
//! - `redis` (feature `page-redis`): the store on Redis, so that replicas sharing one Redis and
//!   one key serve each other's pages.
//! - `account` (feature `account`): a user's account at an OAuth provider, connected through a
//!   connect page of the server's (URL mode), its tokens sealed in the same store.

/// The secret type of a secret field, and how to read it, from the `secrecy` crate.
pub use secrecy::{ExposeSecret, SecretString};

#[cfg(feature = "account")]
#[cfg_attr(docsrs, doc(cfg(feature = "account")))]
pub mod account;
#[cfg(feature = "page-redis")]
#[cfg_attr(docsrs, doc(cfg(feature = "page-redis")))]
pub mod redis;
pub mod render;
pub mod seal;
pub mod serve;
pub mod store;
pub mod submission;

/// Zeroes every text value of `content` (a secret's among them) in place: for an answer that
/// held a secret, before it is dropped.
pub(crate) fn zeroize_content(content: &mut crate::schema::Content) {
    content.values_mut().for_each(zeroize_value);
}

/// Zeroes every text in `value` in place.
pub(crate) fn zeroize_value(value: &mut serde_json::Value) {
    use zeroize::Zeroize;
    match value {
        serde_json::Value::String(text) => text.zeroize(),
        serde_json::Value::Array(items) => items.iter_mut().for_each(zeroize_value),
        serde_json::Value::Object(map) => map.values_mut().for_each(zeroize_value),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn every_text_of_an_answer_is_zeroed_in_place() {
        let serde_json::Value::Object(mut content) = json!({
            "api_key": "sk-live-0123456789abcdef",
            "tags": ["a secret too"],
            "count": 3,
            "nested": {"deep": "secret"},
        }) else {
            unreachable!()
        };
        super::zeroize_content(&mut content);
        assert_eq!(
            serde_json::Value::Object(content),
            json!({"api_key": "", "tags": [""], "count": 3, "nested": {"deep": ""}})
        );
    }
}
