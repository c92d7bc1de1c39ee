//! The form as an HTML page: [`FormPage`] renders any [`RequestedSchema`] (a derived form's, or
//! one a client received) as a whole document, built with maud, which escapes every value.
//!
//! The page works without JavaScript (it has none), and follows the GOV.UK Design System's
//! patterns: one column, a `<label for>` per field, hints and problems tied to their field with
//! `aria-describedby`, groups of choices in a `<fieldset>` with a `<legend>`, and after an invalid
//! submission an error summary at the top linking to each field, the message beside its field.
//! The HTML input rules mirror the form's (`required`, `minlength`, `maxlength`, `min`, `max`,
//! `step`, `type`, `pattern`), so a browser points out most mistakes before the form is sent; the
//! server still judges every answer with the form's rules ([`submission`](super::submission)).
//!
//! # What the form sends
//!
//! Each property's input is named [`FIELD_PREFIX`] followed by the property's name (`f.email`),
//! so that no property, whatever its name, meets the two submit buttons (`action`, with the
//! values `accept` and `decline`) or a hidden field such as a CSRF token. Its id is
//! [`field_id`] of the name.

mod datetime;
mod fields;
mod ids;
mod paragraphs;
mod pattern;
mod style;
mod text;
mod voice;

use std::borrow::Cow;
use std::collections::HashMap;

use maud::{DOCTYPE, PreEscaped, Render, html};

use crate::error::{ContentError, FieldError};
use crate::lang::{Word, Words, args};
use crate::schema::{Content, PropertySchema, RequestedSchema};

pub(super) use datetime::{LOCAL_MINUTES, is_local_date_time};
use fields::{Field, message};
pub use ids::{FIELD_PREFIX, field_id};
use ids::{Id, Part};
use paragraphs::Paragraphs;
pub use style::STYLESHEET;
use text::{Isolated, Text};
use voice::Voice;

/// A form as a whole HTML page: its title, the message, the form with a field per property, and
/// two submit buttons, `action=accept` and `action=decline` (which skips the browser's checks, so
/// a person can decline a form they cannot fill in).
///
/// One renderer for every form: a derived one (`T::requested_schema()`) or any schema a client
/// received. Values are the schema's defaults, or those of [`FormPage::values`]; secret fields
/// are never filled in.
///
/// ```
/// use mcp_elicit::Elicit;
/// use mcp_elicit::page::render::FormPage;
///
/// #[derive(Elicit)]
/// struct Connect {
///     /// Shown in your list of services
///     #[elicit(min_length = 2, max_length = 40)]
///     label: String,
///     #[elicit(format = "email")]
///     contact: Option<String>,
/// }
///
/// let html = FormPage::new(Connect::requested_schema(), "Connect <your> service")
///     .action("/pages/4f2c")
///     .hidden("csrf", "k3y")
///     .render();
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains("Connect &lt;your&gt; service"));
/// assert!(html.contains(r#"<form method="post" action="/pages/4f2c" accept-charset="utf-8" novalidate>"#));
/// assert!(html.contains(r#"<input type="hidden" name="csrf" value="k3y">"#));
/// assert!(html.contains(r#"<label for="field-label">label</label>"#));
/// assert!(html.contains(
///     r#"<input class="input" id="field-label" name="f.label" type="text" required minlength="2" maxlength="40" aria-describedby="field-label_hint">"#
/// ));
/// assert!(html.contains(r#"type="email""#));
/// assert!(html.contains(r#"<button type="submit" name="action" value="decline" class="secondary">"#));
/// ```
///
/// After an invalid submission, render it again with what was sent and the problems:
///
/// ```
/// use mcp_elicit::Elicit;
/// use mcp_elicit::page::render::FormPage;
/// use mcp_elicit::page::submission::{self, Judged};
///
/// #[derive(Elicit)]
/// struct Connect {
///     #[elicit(min_length = 2)]
///     label: String,
/// }
///
/// let schema = Connect::requested_schema();
/// let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, b"f.label=x&action=accept") else {
///     unreachable!()
/// };
/// let html = FormPage::new(schema, "Connect a service").values(&values).problems(&problems).render();
/// assert!(html.contains(r##"<a href="#field-label">label must be at least 2 characters long, got 1</a>"##));
/// assert!(html.contains(r#"aria-invalid="true""#));
/// ```
#[derive(Clone)]
pub struct FormPage<'a> {
    schema: &'a RequestedSchema,
    message: &'a str,
    title: Option<&'a str>,
    action: Option<&'a str>,
    hidden: Hidden<'a>,
    values: Option<&'a Content>,
    problems: Option<&'a ContentError>,
    secrets: &'a [&'a str],
    signed_in_as: Option<&'a str>,
    submit: Option<&'a str>,
    /// The crate's words, the nearest to the page's language they speak; `None` is English.
    words: Option<&'a Words>,
    /// The language of the form's own text, when it is not the words'.
    written_in: Option<&'a str>,
}

/// A page's hidden fields: the first two (a CSRF token, most often alone) kept in place, so
/// that a page costs no allocation for them; any more in a `Vec`.
#[derive(Clone, Default)]
struct Hidden<'a> {
    first: [(&'a str, &'a str); 2],
    len: usize,
    more: Vec<(&'a str, &'a str)>,
}

impl<'a> Hidden<'a> {
    fn push(&mut self, name: &'a str, value: &'a str) {
        match self.first.get_mut(self.len) {
            Some(slot) => *slot = (name, value),
            None => self.more.push((name, value)),
        }
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = &(&'a str, &'a str)> {
        self.first[..self.len.min(2)].iter().chain(&self.more)
    }
}

/// A page's frame, from the document type to its language's tag.
const HEAD_TO_LANG: &str = "<!DOCTYPE html><html lang=\"";

/// A page's frame, from its `<head>` to its `<title>`'s attributes.
const HEAD_TO_TITLE: &str = concat!(
    "<head><meta charset=\"utf-8\">",
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
    "<meta name=\"robots\" content=\"noindex, nofollow\"><title",
);

/// A page's frame, from the end of its fields to the accepting button's attributes.
const ACTIONS_TO_ACCEPT: &str =
    "<div class=\"actions\"><button type=\"submit\" name=\"action\" value=\"accept\"";

/// A page's frame, from the accepting button's label to the declining button's attributes
/// (`decline` skips the browser's checks, so that a person can decline a form they cannot fill
/// in).
const ACCEPT_TO_DECLINE: &str = concat!(
    "</button>",
    "<button type=\"submit\" name=\"action\" value=\"decline\" class=\"secondary\"",
);

/// A page's frame, from the declining button's label to the end.
const DECLINE_TO_END: &str = "</button></div></form></main></body></html>";

/// The start of a page's `<html>` tag in the language `language`: `lang`, and `dir="rtl"` for
/// a language written right to left.
fn open_html(language: &str, right_to_left: bool, page: &mut String) {
    page.push_str(HEAD_TO_LANG);
    Text(language).render_to(page);
    page.push('"');
    if right_to_left {
        page.push_str(" dir=\"rtl\"");
    }
    page.push('>');
}

/// What a page holds besides its stylesheet, fields and message, about: its frame, a title, a
/// form tag and a hidden field or two.
const PAGE_FRAME: usize = 1024;

impl<'a> FormPage<'a> {
    /// The page of the form `schema`, asking with `message` (shown above the form; each blank
    /// line starts a paragraph, each other line break is kept).
    pub fn new(schema: &'a RequestedSchema, message: &'a str) -> Self {
        FormPage {
            schema,
            message,
            title: None,
            action: None,
            hidden: Hidden::default(),
            values: None,
            problems: None,
            secrets: &[],
            signed_in_as: None,
            submit: None,
            words: None,
            written_in: None,
        }
    }

    /// The crate's words of the page (English by default): the buttons, the rules under each
    /// field, the error summary and the problems in that language. The form's own texts are the
    /// schema's and message's; when they are in another language than `words`, say which with
    /// [`FormPage::written_in`]. Without it, the page is in the language of `words`:
    /// `<html lang>` and, for a language written right to left, `dir="rtl"`.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    /// use mcp_elicit::lang::{Preference, Words};
    /// use mcp_elicit::page::render::FormPage;
    ///
    /// #[derive(Elicit)]
    /// struct Name {
    ///     #[elicit(min_length = 2, max_length = 40)]
    ///     name: String,
    /// }
    ///
    /// let words = Words::choose(&Preference::parse("ar-EG"));
    /// # let words = if words.language() == "ar" { words } else { return };
    /// let html = FormPage::new(Name::requested_schema(), "…").in_language(&words).render();
    /// assert!(html.starts_with(r#"<!DOCTYPE html><html lang="ar" dir="rtl">"#));
    /// ```
    pub fn in_language(mut self, words: &'a Words) -> Self {
        self.words = Some(words);
        self
    }

    /// The language the form's own text (the message, the title, each field's title and
    /// description, the options) is written in, as a language tag: the form's declared
    /// language ([`Translation::language`](crate::form::Translation::language)). The page is in
    /// that language: `<html lang>` and, for a language written right to left, `dir="rtl"`.
    /// Where the crate's words ([`FormPage::in_language`]) are in another language (a form in
    /// Hebrew, which the crate does not speak, has English buttons), each element of theirs
    /// carries their own `lang` and `dir`, so that a screen reader switches voice, and a field's
    /// title in one of their messages is isolated.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    /// use mcp_elicit::lang::{Preference, Words};
    /// use mcp_elicit::page::render::FormPage;
    ///
    /// #[derive(Elicit)]
    /// #[elicit(language = "he", message = "בחרו שם")]
    /// struct Name {
    ///     #[elicit(title = "שם")]
    ///     name: String,
    /// }
    ///
    /// let form = Name::in_language(&Preference::parse("he-IL"));
    /// let words = Words::nearest(form.language); // the crate does not speak Hebrew: English
    /// let page = FormPage::new(form.schema, form.message)
    ///     .in_language(&words)
    ///     .written_in(form.language);
    /// assert_eq!(page.language(), "he");
    /// let html = page.render();
    /// assert!(html.starts_with(r#"<!DOCTYPE html><html lang="he" dir="rtl">"#));
    /// assert!(html.contains(r#"<label for="field-name">שם</label>"#));
    /// assert!(html.contains(
    ///     r#"<button type="submit" name="action" value="accept" lang="en" dir="ltr">Submit</button>"#
    /// ));
    /// ```
    pub fn written_in(mut self, language: &'a str) -> Self {
        self.written_in = Some(language);
        self
    }

    /// The page's language, as `<html lang>` says it and a response's `Content-Language`
    /// should: the form's ([`FormPage::written_in`]), else the crate's words'
    /// ([`FormPage::in_language`]), else English.
    pub fn language(&self) -> &'a str {
        self.written_in
            .or(self.words.map(Words::language))
            .unwrap_or("en")
    }

    /// The accepting button's label ("Submit" by default, in the page's language).
    pub fn submit(mut self, label: &'a str) -> Self {
        self.submit = Some(label);
        self
    }

    /// The page's title and heading; by default the form's own title, or "Information
    /// requested" (in the page's language).
    pub fn title(mut self, title: &'a str) -> Self {
        self.title = Some(title);
        self
    }

    /// Where the form is posted (its `action`); by default the page's own URL.
    pub fn action(mut self, path: &'a str) -> Self {
        self.action = Some(path);
        self
    }

    /// A hidden field the form sends back as it is, such as a CSRF token; any number of them,
    /// in this order. Its name should not start with [`FIELD_PREFIX`], nor be `action`.
    pub fn hidden(mut self, name: &'a str, value: &'a str) -> Self {
        self.hidden.push(name, value);
        self
    }

    /// The values to fill in, instead of the form's defaults: what was sent, after an invalid
    /// submission. A property they leave out starts empty (not with its default: the person may
    /// have emptied it). Secret fields are never filled in.
    pub fn values(mut self, values: &'a Content) -> Self {
        self.values = Some(values);
        self
    }

    /// The problems of the last submission: an error summary at the top of the page linking to
    /// each field, and each message beside its field, which is marked `aria-invalid="true"`.
    pub fn problems(mut self, problems: &'a ContentError) -> Self {
        self.problems = Some(problems);
        self
    }

    /// Properties to treat as secrets, by name, besides those the form marks secret
    /// ([`StringSchema::is_secret`]): a text field becomes a password input
    /// (`autocomplete="off"`), and no secret field is ever filled in, not from
    /// [`FormPage::values`] nor from a default, and no message beside it quotes what was sent.
    ///
    /// [`StringSchema::is_secret`]: crate::schema::StringSchema::is_secret
    pub fn secrets(mut self, names: &'a [&'a str]) -> Self {
        self.secrets = names;
        self
    }

    /// Who the person is signed in as, shown above the form ("Signed in as NAME"), so that a
    /// person signed in to someone else's account (a sign-in forced on them from another site)
    /// sees it before typing a secret.
    pub fn signed_in_as(mut self, name: &'a str) -> Self {
        self.signed_in_as = Some(name);
        self
    }

    /// The whole page: an HTML document starting with `<!DOCTYPE html>`.
    ///
    /// Linear in the size of the form, its values and its problems. The fields of a page that
    /// starts from the defaults (no [`FormPage::values`], [`FormPage::problems`] or
    /// [`FormPage::secrets`]) are written once per form and kept with it, then copied.
    pub fn render(&self) -> String {
        let english;
        let words = if let Some(words) = self.words {
            words
        } else {
            english = Words::english();
            &english
        };
        let said = words.page();
        // The page is in the form's language; the crate's words say theirs where it differs.
        let language = self.language();
        let voice = Voice::of(words, language);
        let right_to_left = if voice.is_marked() {
            crate::lang::is_right_to_left(language)
        } else {
            words.is_right_to_left()
        };
        // A page that starts from the defaults (most are) has fields that follow from the form
        // alone: written once per form and language, then copied.
        let blank = self.values.is_none() && self.problems.is_none() && self.secrets.is_empty();
        // The rules under each field follow from the form and the language: said once (and a
        // blank page's fields, rules and all, are kept whole).
        let notes = || {
            self.schema.page_notes.with(
                words.id(),
                || fields::notes(self.schema, words),
                std::sync::Arc::clone,
            )
        };
        let refilled = (!blank).then(notes);
        let fields = match &refilled {
            Some(notes) => self.fields(words, voice, notes),
            None => Vec::new(),
        };
        let own_title = self.title.or(self.schema.title());
        let title = own_title.unwrap_or(&said.default_title);
        // The heading in the words' voice when it is theirs.
        let title_voice = if own_title.is_some() {
            Voice::default()
        } else {
            voice
        };
        let summary = self.summary(&fields, words, voice);
        // The page's frame is written as text around maud's pieces, into a buffer the size of the
        // page, so that the kept fields are copied once (maud's own buffer would grow, and copy,
        // as they are added).
        let kept = if blank {
            let kept = self
                .schema
                .blank_fields
                .peek(voice.key(words), |html| html.len());
            kept.unwrap_or(0)
        } else {
            0
        };
        let mut page =
            String::with_capacity(PAGE_FRAME + STYLESHEET.len() + kept + 2 * self.message.len());
        open_html(language, right_to_left, &mut page);
        page.push_str(HEAD_TO_TITLE);
        if summary.is_empty() {
            title_voice.write_to(&mut page);
            page.push('>');
            Text(title).render_to(&mut page);
        } else {
            // "Error: TITLE", the crate's words around the title.
            voice.write_to(&mut page);
            page.push('>');
            let title = match own_title {
                Some(title) => voice.argument(title),
                None => Cow::Borrowed(title),
            };
            Text(&words.say_with(Word::PageErrorTitle, &args!("title" => title)))
                .render_to(&mut page);
        }
        page.push_str("</title><style>");
        page.push_str(STYLESHEET);
        page.push_str("</style></head><body><main>");
        if !summary.is_empty() {
            html! {
                div.error-summary role="alert" aria-labelledby="error-summary-title" tabindex="-1"
                    autofocus lang=[voice.lang()] dir=[voice.dir()] {
                    h2 #error-summary-title { (said.problem_heading) }
                    ul {
                        @for (name, message) in &summary {
                            li {
                                @if let Some(name) = name {
                                    a href={ "#" (Id { name, part: Part::Field }) } { (message) }
                                } @else {
                                    (message)
                                }
                            }
                        }
                    }
                }
            }
            .render_to(&mut page);
        }
        if let Some(name) = self.signed_in_as {
            signed_in_as(words, voice, name, &mut page);
        }
        page.push_str("<h1");
        title_voice.write_to(&mut page);
        page.push('>');
        Text(title).render_to(&mut page);
        page.push_str("</h1>");
        if !self.message.trim().is_empty() {
            page.push_str("<div class=\"message\">");
            Paragraphs(self.message).render_to(&mut page);
            page.push_str("</div>");
        }
        if let Some(description) = self.schema.description() {
            page.push_str("<div class=\"hint\">");
            Paragraphs(description).render_to(&mut page);
            page.push_str("</div>");
        }
        // `novalidate`, as the GOV.UK Design System does: every answer goes to the server, whose
        // messages (the summary, and each beside its field) are the page's, the same with or
        // without script and in every browser; the input attributes still tell keyboards and
        // assistive technology what is wanted.
        page.push_str("<form method=\"post\"");
        if let Some(action) = self.action {
            page.push_str(" action=\"");
            Text(action).render_to(&mut page);
            page.push('"');
        }
        page.push_str(" accept-charset=\"utf-8\" novalidate>");
        for (name, value) in self.hidden.iter() {
            page.push_str("<input type=\"hidden\" name=\"");
            Text(name).render_to(&mut page);
            page.push_str("\" value=\"");
            Text(value).render_to(&mut page);
            page.push_str("\">");
        }
        if blank {
            let write = || {
                let mut html = String::new();
                write_fields(&self.fields(words, voice, &notes()), &mut html);
                html.into_boxed_str()
            };
            self.schema
                .blank_fields
                .with(voice.key(words), write, |html| page.push_str(html));
        } else {
            write_fields(&fields, &mut page);
        }
        page.push_str(ACTIONS_TO_ACCEPT);
        // A label of the caller's is in the page's language; the default is the words'.
        if let Some(label) = self.submit {
            page.push('>');
            Text(label).render_to(&mut page);
        } else {
            voice.write_to(&mut page);
            page.push('>');
            Text(&said.submit).render_to(&mut page);
        }
        page.push_str(ACCEPT_TO_DECLINE);
        voice.write_to(&mut page);
        page.push('>');
        Text(&said.decline).render_to(&mut page);
        page.push_str(DECLINE_TO_END);
        page
    }

    /// Every property as the page shows it: its value, its problems, its hint.
    fn fields<'w>(
        &self,
        words: &'w Words,
        voice: Voice<'w>,
        notes: &'w [Option<Box<str>>],
    ) -> Vec<Field<'a, 'w>> {
        let mut problems: HashMap<&str, Vec<&'a FieldError>> = HashMap::new();
        if let Some(all) = self.problems {
            for problem in all.errors() {
                problems.entry(problem.field()).or_default().push(problem);
            }
        }
        self.schema
            .properties()
            .iter()
            .zip(
                notes
                    .iter()
                    .map(Option::as_deref)
                    .chain(std::iter::repeat(None)),
            )
            .map(|(property, note)| {
                let name = property.name();
                let secret = self.secrets.contains(&name)
                    || matches!(property.schema(), PropertySchema::String(s) if s.is_secret());
                let value = if secret {
                    None
                } else if let Some(values) = self.values {
                    values.get(name).filter(|v| !v.is_null()).map(Cow::Borrowed)
                } else {
                    property.schema().default_value().map(Cow::Owned)
                };
                let label = property.title().unwrap_or(name);
                let messages = if problems.is_empty() {
                    Vec::new()
                } else {
                    problems
                        .remove(name)
                        .unwrap_or_default()
                        .into_iter()
                        .map(|problem| {
                            let label = voice.argument(label);
                            message(&label, problem.kind(), value.as_deref(), secret, words)
                        })
                        .collect()
                };
                Field::new(property, secret, value, messages, words, voice, note)
            })
            .collect()
    }

    /// The error summary's entries: the name of the field to link to and the message, in form
    /// order; then the problems of names the form does not have (a form's own check may name
    /// one), unlinked.
    fn summary<'f>(
        &self,
        fields: &'f [Field<'a, '_>],
        words: &Words,
        voice: Voice<'_>,
    ) -> Vec<(Option<&'a str>, Cow<'f, str>)> {
        let mut entries: Vec<(Option<&'a str>, Cow<'f, str>)> = fields
            .iter()
            .flat_map(|field| {
                field
                    .messages
                    .iter()
                    .map(|message| (Some(field.property.name()), Cow::Borrowed(message.as_str())))
            })
            .collect();
        if let Some(problems) = self.problems {
            for problem in problems.errors() {
                if self.schema.property(problem.field()).is_none() {
                    let message = words.say_with(
                        Word::ProblemLine,
                        &args!(
                            "field" => voice.argument(problem.field()),
                            "problem" => problem.kind().describe(words),
                        ),
                    );
                    entries.push((None, Cow::Owned(message.into_owned())));
                }
            }
        }
        entries
    }
}

/// Each field's HTML, in form order: a blank page's kept once per form, or a refilled page's.
fn write_fields(fields: &[Field<'_, '_>], out: &mut String) {
    for field in fields {
        field.render().render_to(out);
    }
}

/// A page that only says something: `title` as its heading, `text` below it (each blank line
/// starts a paragraph), with the same stylesheet as a form's page. What a server answers with
/// where no form is shown: the answer was saved, the page has expired, it is someone else's.
///
/// ```
/// use mcp_elicit::page::render::notice;
///
/// let html = notice("Done", "Your answer is saved.\n\nYou can close this page.");
/// assert!(html.contains("<h1>Done</h1><div class=\"message\"><p>Your answer is saved.</p><p>You can close this page.</p></div>"));
/// ```
pub fn notice(title: &str, text: &str) -> String {
    notice_in(&Words::english(), title, text)
}

/// [`notice`], in the language of `words`: `<html lang>`, and `dir="rtl"` for a language written
/// right to left.
pub fn notice_in(words: &Words, title: &str, text: &str) -> String {
    html! {
        (DOCTYPE)
        html lang=(words.language()) dir=[words.is_right_to_left().then_some("rtl")] {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex, nofollow";
                title { (title) }
                style { (PreEscaped(STYLESHEET)) }
            }
            body {
                main {
                    h1 { (title) }
                    div.message { (Paragraphs(text)) }
                }
            }
        }
    }
    .into_string()
}

/// "Signed in as NAME", the name in bold wherever the language puts it, and isolated: a name
/// in another script, or one holding bidi controls (a RIGHT-TO-LEFT OVERRIDE), moves none of
/// the words around it.
fn signed_in_as(words: &Words, voice: Voice<'_>, name: &str, page: &mut String) {
    let (before, after) = &words.page().signed_in_as;
    page.push_str("<p class=\"signed-in\"");
    voice.write_to(page);
    page.push('>');
    Text(before).render_to(page);
    page.push_str("<strong>");
    Isolated(name).render_to(page);
    page.push_str("</strong>");
    Text(after).render_to(page);
    page.push_str("</p>");
}

#[cfg(test)]
mod tests;
