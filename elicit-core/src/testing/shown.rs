//! [`Shown`]: what the person at the test client was shown, as the client received it.

use serde_json::Value;

/// One thing the person was shown during a call, in order.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Shown {
    /// A form (`elicitation/create` in form mode, or a form of a 2026-07-28 round).
    Form(ShownForm),
    /// A page of the server's: a URL-mode request, or the page behind a link, as the browser
    /// opened it (and again each time it was shown with problems after a submission).
    Page(ShownPage),
    /// A link in the call's result: the client showed no form and opened no page.
    Link(ShownLink),
}

/// A form, as the client received it.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownForm {
    /// The form's message: on a form asked again, followed by a blank line and its problems.
    pub message: String,
    /// Its `requestedSchema`.
    pub schema: Value,
    /// The language it reports (`_meta["io.modelcontextprotocol/contentLanguage"]`), if any.
    pub language: Option<String>,
    /// The request's params, whole.
    pub request: Value,
}

impl ShownForm {
    /// The problems of a form asked again: the lines of its message after the first blank line
    /// that start with `- ` (one for each problem, in the form's language); none on a form asked
    /// the first time.
    pub fn problems(&self) -> Vec<&str> {
        let Some((_, after)) = self.message.split_once("\n\n") else {
            return Vec::new();
        };
        after
            .lines()
            .filter(|line| line.starts_with("- "))
            .collect()
    }

    /// The names of its fields, in order.
    pub fn fields(&self) -> Vec<&str> {
        self.schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|properties| properties.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }
}

/// A page of the server's, as the browser was shown it.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownPage {
    /// Its URL, as the server gave it.
    pub url: String,
    /// The HTTP status it was shown with (`200`, or `422` when shown again with problems).
    pub status: u16,
    /// The language the page is written in (its `<html lang>`).
    pub language: Option<String>,
    /// The HTML.
    pub html: String,
}

/// A link in a call's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownLink {
    /// The page's URL, as the result gives it.
    pub url: String,
    /// The result's text.
    pub text: String,
    /// The language the result reports (`contentLanguage`), if any.
    pub language: Option<String>,
}

impl Shown {
    /// The form, if this is one.
    pub fn as_form(&self) -> Option<&ShownForm> {
        match self {
            Shown::Form(form) => Some(form),
            _ => None,
        }
    }

    /// The page, if this is one.
    pub fn as_page(&self) -> Option<&ShownPage> {
        match self {
            Shown::Page(page) => Some(page),
            _ => None,
        }
    }

    /// The link, if this is one.
    pub fn as_link(&self) -> Option<&ShownLink> {
        match self {
            Shown::Link(link) => Some(link),
            _ => None,
        }
    }

    /// One line for a message: what it was and its message or URL.
    pub(super) fn describe(&self) -> String {
        match self {
            Shown::Form(form) => format!("the form “{}”", first_line(&form.message)),
            Shown::Page(page) => format!("the page {} ({})", page.url, page.status),
            Shown::Link(link) => format!("the link {}", link.url),
        }
    }
}

/// The first line of `text`.
pub(super) fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}
