//! How each kind of property is drawn: a [`Field`] per property, its label, hint, problems and
//! input (text, number, checkbox, a group of choices, a `<select>`).

use std::borrow::Cow;

use maud::{Markup, html};
use serde_json::Value;

use super::datetime::{LOCAL_MINUTES, local_date_time};
use super::ids::{DescribedBy, Id, InputName, Part};
use super::paragraphs::Paragraphs;
use super::pattern::html_pattern;
use super::text::Isolated;
use super::voice::Voice;
use crate::error::{ErrorKind, JsonType, excerpt};
use crate::hints::{self, Place};
use crate::lang::{Word, Words, args};
use crate::schema::{
    MultiSelectSchema, NumberSchema, NumberType, Property, PropertySchema, RequestedSchema,
    SelectOption, SingleSelectSchema, StringFormat, StringSchema,
};

/// What the page says of one problem of a field, beside it and in the summary: the field's label
/// and the rules' own words ("Age must be at least 13, got 7"). Two kinds are said for a page:
/// text where a number is expected (all a browser sends is text) quotes what was typed, and a
/// value sent twice where one is expected says so. Nothing a secret field received is quoted.
pub(super) fn message(
    label: &str,
    kind: &ErrorKind,
    value: Option<&Value>,
    secret: bool,
    words: &Words,
) -> String {
    let problem = match kind {
        ErrorKind::WrongType {
            found: JsonType::Array,
            ..
        } => words.say(Word::ProblemSentTwice).into_owned(),
        ErrorKind::WrongType {
            expected,
            found: JsonType::String,
        } => match value {
            Some(Value::String(text)) if !secret => words
                .say_with(
                    Word::ProblemWrongType,
                    &args!(
                        "expected" => words.say(expected.word()),
                        "found" => format!("{:?}", excerpt(text)),
                    ),
                )
                .into_owned(),
            _ => kind.describe_quietly(words),
        },
        _ if secret => kind.describe_quietly(words),
        _ => kind.describe(words),
    };
    words
        .say_with(
            Word::PageProblem,
            &args!("field" => label, "problem" => problem),
        )
        .into_owned()
}

/// The rules a page shows under each property of `schema`, in form order, in the language of
/// `words`: its lengths, its numbers, how many choices, the time zone of a date-time.
pub(super) fn notes(schema: &RequestedSchema, words: &Words) -> std::sync::Arc<[Option<Box<str>>]> {
    schema
        .properties()
        .iter()
        .map(|property| {
            let rules = hints::rules(property, words, Place::Page);
            (!rules.is_empty()).then(|| hints::joined(&rules, words).into_boxed_str())
        })
        .collect()
}

/// One property as the page shows it.
pub(super) struct Field<'a, 'w> {
    pub(super) property: &'a Property,
    secret: bool,
    /// The value to fill in: given, a default, or none.
    value: Option<Cow<'a, Value>>,
    /// The problems' messages.
    pub(super) messages: Vec<String>,
    /// What the page adds to the description in the hint: the field's rules, shown before
    /// anything is typed (lengths, numbers, how many choices, the time zone).
    note: Option<&'w str>,
    words: &'w Words,
    /// The `lang` and `dir` of the crate's words, on a page in another language.
    voice: Voice<'w>,
}

impl<'a, 'w> Field<'a, 'w> {
    pub(super) fn new(
        property: &'a Property,
        secret: bool,
        value: Option<Cow<'a, Value>>,
        messages: Vec<String>,
        words: &'w Words,
        voice: Voice<'w>,
        note: Option<&'w str>,
    ) -> Self {
        Field {
            property,
            secret,
            value,
            messages,
            note,
            words,
            voice,
        }
    }

    fn label(&self) -> &'a str {
        self.property.title().unwrap_or(self.property.name())
    }

    fn required(&self) -> bool {
        self.property.is_required()
    }

    fn invalid(&self) -> bool {
        !self.messages.is_empty()
    }

    fn has_hint(&self) -> bool {
        self.property.description().is_some() || self.note.is_some()
    }

    fn id(&self, part: Part) -> Id<'a> {
        Id {
            name: self.property.name(),
            part,
        }
    }

    fn name(&self) -> InputName<'a> {
        InputName(self.property.name())
    }

    /// `aria-describedby`: the hint and the problems, whichever there are.
    fn described_by(&self) -> Option<DescribedBy<'a>> {
        (self.has_hint() || self.invalid()).then_some(DescribedBy {
            name: self.property.name(),
            hint: self.has_hint(),
            problem: self.invalid(),
        })
    }

    fn aria_invalid(&self) -> Option<&'static str> {
        self.invalid().then_some("true")
    }

    pub(super) fn render(&self) -> Markup {
        match self.property.schema() {
            PropertySchema::String(s) => self.text(s),
            PropertySchema::Number(n) => self.number(n),
            PropertySchema::Boolean(_) if self.required() => self.checkbox(),
            PropertySchema::Boolean(_) => self.yes_no(),
            PropertySchema::SingleSelect(s) if s.options().len() > MAX_RADIOS => self.select(s),
            PropertySchema::SingleSelect(s) => self.radios(s),
            PropertySchema::MultiSelect(m) => self.checkboxes(m),
        }
    }

    /// The label, with "(optional)" on an optional field (the label isolated from it: a title
    /// in another direction, or ending in punctuation, keeps "(optional)" on the side the
    /// page's direction puts it).
    fn label_text(&self) -> Markup {
        let voice = self.voice;
        let optional = self.words.page().optional.as_str();
        // On a page in another language, the space before "(optional)" is the page's: inside
        // the words' element, their direction would put it on the far side.
        let (space, optional) = if voice.is_marked() {
            optional.split_at(optional.len() - optional.trim_start().len())
        } else {
            ("", optional)
        };
        html! {
            @if self.required() {
                (self.label())
            } @else {
                (Isolated(self.label()))
                (space)
                span.optional lang=[voice.lang()] dir=[voice.dir()] { (optional) }
            }
        }
    }

    /// The hint and the problems, between the label and the input (`hint`: whether to show the
    /// hint here; a checkbox shows it beside its label).
    fn hint_and_problems(&self, hint: bool) -> Markup {
        html! {
            @if hint && self.has_hint() {
                div.hint id=(self.id(Part::Hint)) {
                    @if let Some(description) = self.property.description() {
                        (Paragraphs(description))
                    }
                    @if let Some(note) = self.note {
                        p lang=[self.voice.lang()] dir=[self.voice.dir()] { (note) }
                    }
                }
            }
            @if self.invalid() {
                p.problem id=(self.id(Part::Problem)) lang=[self.voice.lang()]
                    dir=[self.voice.dir()] {
                    @for (i, message) in self.messages.iter().enumerate() {
                        @if i > 0 { br; }
                        span.visually-hidden { (self.words.page().error_prefix) } (message)
                    }
                }
            }
        }
    }

    /// A field of one input: its label, hint, problems and the input.
    fn single(&self, input: &Markup) -> Markup {
        html! {
            div.field.field-error[self.invalid()] {
                label for=(self.id(Part::Field)) { (self.label_text()) }
                (self.hint_and_problems(true))
                (input)
            }
        }
    }

    fn text(&self, s: &StringSchema) -> Markup {
        let (kind, short) = match s.format() {
            _ if self.secret => ("password", false),
            Some(StringFormat::Email) => ("email", false),
            Some(StringFormat::Uri) => ("url", false),
            Some(StringFormat::Date) => ("date", true),
            Some(StringFormat::DateTime) => ("datetime-local", true),
            None => ("text", false),
        };
        let mut step = None;
        let value = match (&self.value, s.format()) {
            (Some(value), Some(StringFormat::DateTime)) => scalar(value).map(|text| {
                let local = local_date_time(&text);
                if local.as_ref().is_some_and(|l| l.len() > LOCAL_MINUTES) {
                    // Seconds shown: the default step (a minute) would refuse them.
                    step = Some("any");
                }
                local.map_or(text, Cow::Owned)
            }),
            (Some(value), _) => scalar(value),
            (None, _) => None,
        };
        // `pattern` only where a browser can check it (see `html_pattern`).
        let pattern = match kind {
            "text" | "email" | "url" | "password" => {
                s.pattern().and_then(|p| html_pattern(p.as_str()))
            }
            _ => None,
        };
        // HTML counts the length in UTF-16 code units, the rules in characters (code points): the
        // two agree but for characters beyond the Basic Multilingual Plane (emoji), each of which
        // a browser counts twice.
        let input = html! {
            input.input.short[short] id=(self.id(Part::Field)) name=(self.name()) type=(kind)
                value=[value] required[self.required()]
                minlength=[s.min_length()] maxlength=[s.max_length()] pattern=[pattern]
                step=[step] autocomplete=[self.secret.then_some("off")]
                aria-describedby=[self.described_by()] aria-invalid=[self.aria_invalid()];
        };
        self.single(&input)
    }

    fn number(&self, n: &NumberSchema) -> Markup {
        let step = match n.number_type() {
            NumberType::Integer => "1",
            NumberType::Number => "any",
        };
        let value = self.value.as_deref().and_then(scalar);
        let input = html! {
            input.input.short id=(self.id(Part::Field)) name=(self.name()) type="number"
                step=(step) min=[n.minimum().map(maud::display)]
                max=[n.maximum().map(maud::display)] value=[value] required[self.required()]
                aria-describedby=[self.described_by()] aria-invalid=[self.aria_invalid()];
        };
        self.single(&input)
    }

    /// A required boolean: one checkbox, sent as `true` when ticked, absent (`false`) when not.
    /// Not `required` in HTML: that would force a tick, and `false` is an answer.
    fn checkbox(&self) -> Markup {
        let checked = matches!(self.value.as_deref(), Some(Value::Bool(true)));
        let id = self.id(Part::Field);
        html! {
            div.field.field-error[self.invalid()] {
                (self.hint_and_problems(false))
                div.choice {
                    input id=(id) name=(self.name()) type="checkbox" value="true" checked[checked]
                        aria-describedby=[self.described_by()] aria-invalid=[self.aria_invalid()];
                    div {
                        label for=(id) { (self.label()) }
                        @if self.has_hint() {
                            div.hint id=(self.id(Part::Hint)) {
                                @if let Some(description) = self.property.description() {
                                    (Paragraphs(description))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// An optional boolean: yes, no, or no answer.
    fn yes_no(&self) -> Markup {
        let chosen = match self.value.as_deref() {
            Some(Value::Bool(true)) => Some("true"),
            Some(Value::Bool(false)) => Some("false"),
            _ => None,
        };
        let said = self.words.page();
        let choices = [
            ("true", said.yes.as_str(), None),
            ("false", said.no.as_str(), None),
        ];
        self.group(
            "radio",
            &choices,
            self.voice,
            |value| chosen == Some(value),
            chosen.is_none(),
        )
    }

    /// A single choice among a few options: radio buttons.
    fn radios(&self, s: &SingleSelectSchema) -> Markup {
        let chosen = self.value.as_deref().and_then(Value::as_str);
        let choices = options(s.options());
        let known = chosen.is_some_and(|c| s.options().iter().any(|o| o.value() == c));
        let form = Voice::default();
        self.group(
            "radio",
            &choices,
            form,
            |value| chosen == Some(value),
            !known,
        )
    }

    /// Any number of choices: checkboxes.
    fn checkboxes(&self, m: &MultiSelectSchema) -> Markup {
        // No more choices than options are looked at (a hostile body may have sent many more):
        // checking the boxes stays bounded by the form's size.
        let chosen: Vec<&str> = match self.value.as_deref() {
            Some(Value::Array(items)) => items
                .iter()
                .take(m.options().len())
                .filter_map(Value::as_str)
                .collect(),
            _ => Vec::new(),
        };
        let choices = options(m.options());
        let form = Voice::default();
        self.group(
            "checkbox",
            &choices,
            form,
            |value| chosen.contains(&value),
            false,
        )
    }

    /// A `<fieldset>` of radio buttons or checkboxes, `choices` as (value, label, hint), the
    /// labels in the voice `labels` (the form's options, or the crate's "Yes" and "No"); an
    /// optional group of radio buttons ends with "No answer", checked when `none`.
    fn group(
        &self,
        kind: &str,
        choices: &[(&str, &str, Option<&str>)],
        labels: Voice<'_>,
        checked: impl Fn(&str) -> bool,
        none: bool,
    ) -> Markup {
        let radio = kind == "radio";
        let required = radio && self.required();
        html! {
            div.field.field-error[self.invalid()] {
                fieldset aria-describedby=[self.described_by()] {
                    legend { (self.label_text()) }
                    (self.hint_and_problems(true))
                    div.choices {
                        @for (i, &(value, label, hint)) in choices.iter().enumerate() {
                            @let id = self.id(Part::Option(i));
                            @let hint_id = self.id(Part::OptionHint(i));
                            div.choice {
                                input id=(id) name=(self.name()) type=(kind) value=(value)
                                    checked[checked(value)] required[required]
                                    aria-describedby=[hint.map(|_| hint_id)]
                                    aria-invalid=[self.aria_invalid()];
                                div {
                                    label for=(id) lang=[labels.lang()] dir=[labels.dir()] {
                                        (label)
                                    }
                                    @if let Some(hint) = hint {
                                        div.hint id=(hint_id) { (Paragraphs(hint)) }
                                    }
                                }
                            }
                        }
                        @if radio && !self.required() {
                            @let id = self.id(Part::NoAnswer);
                            div.choice {
                                input id=(id) name=(self.name()) type="radio" value="" checked[none]
                                    aria-invalid=[self.aria_invalid()];
                                label for=(id) lang=[self.voice.lang()] dir=[self.voice.dir()] {
                                    (self.words.page().no_answer)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A single choice among many options: a `<select>`, starting with an empty choice.
    fn select(&self, s: &SingleSelectSchema) -> Markup {
        let chosen = self.value.as_deref().and_then(Value::as_str);
        let known = chosen.is_some_and(|c| s.options().iter().any(|o| o.value() == c));
        let input = html! {
            select.input id=(self.id(Part::Field)) name=(self.name()) required[self.required()]
                aria-describedby=[self.described_by()] aria-invalid=[self.aria_invalid()] {
                option value="" selected[!known] lang=[self.voice.lang()] dir=[self.voice.dir()] {
                    @if self.required() {
                        (self.words.page().choose_an_option)
                    } @else {
                        (self.words.page().no_answer)
                    }
                }
                @for option in s.options() {
                    option value=(option.value()) selected[chosen == Some(option.value())] {
                        (option.label())
                    }
                }
            }
        };
        self.single(&input)
    }
}

/// Up to this many options, a single choice is radio buttons; beyond, a `<select>`.
const MAX_RADIOS: usize = 6;

/// The options as (value, label, hint).
fn options(options: &[SelectOption]) -> Vec<(&str, &str, Option<&str>)> {
    options
        .iter()
        .map(|o| (o.value(), o.label(), o.description()))
        .collect()
}

/// A scalar value as an input's `value`: text as it is, a number or a boolean as JSON writes it;
/// a list or an object (sent twice, or the wrong kind) fills in nothing.
fn scalar(value: &Value) -> Option<Cow<'_, str>> {
    match value {
        Value::String(text) => Some(Cow::Borrowed(text)),
        Value::Number(n) => Some(Cow::Owned(n.to_string())),
        Value::Bool(b) => Some(Cow::Borrowed(if *b { "true" } else { "false" })),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}
