//! [`TerminalUi`]: a server's form, filled in at a terminal (feature `terminal`, on the prompt
//! crate `inquire`).

use std::future::Future;
use std::sync::Arc;

use serde_json::{Map, Number as JsonNumber, Value};

use super::{FormToFill, FormUi, UrlToOpen};
use crate::answer::Elicitation;
use crate::error::{ErrorKind, FieldError};
use crate::hints::{self, Place};
use crate::lang::{Preference, Word, Words, args, integer};
use crate::rules;
use crate::schema::Content;
use crate::schema::{
    MultiSelectSchema, NumberType, Property, PropertySchema, SelectOption, SingleSelectSchema,
};

/// A [`FormUi`] that asks at the terminal, one property after the other, in form order: its
/// title (or name), marked `*` if required, and under it its description and its rules (lengths,
/// bounds, the format with an example, y/n, the keys of a list), shown before anything is typed;
/// text and numbers checked against the property's rules when entered (the problem shown under
/// the prompt, to correct there), a single-select as a list, a multi-select as checkboxes; the
/// form's defaults (or the values of the last attempt) filled in.
///
/// What is on the screen is what is sent: a cleared field stays out of the answer (a text field
/// that may be empty and was emptied is `""`), and an optional field of every kind can be left
/// unanswered (a boolean or a list offers "(no answer)").
///
/// Before the form, the server's message and a choice: fill it in, decline, or cancel. `Esc`
/// (or `Ctrl-C`) at any prompt cancels the form. A URL-mode request shows the message and the
/// URL, and asks before opening it in a browser (where there is a desktop; otherwise the person
/// opens it themselves).
///
/// Its own words (the choices, the hints, the problems) are in the person's language: the
/// locale of `LC_ALL`, `LC_MESSAGES` or `LANG` ([`TerminalUi::new`]), or the one the application
/// gives ([`TerminalUi::in_language`]); English when the crate does not speak it.
///
/// The prompts block the thread until the person answers: on a tokio runtime, use the
/// multi-threaded one (the default of `#[tokio::main]`).
///
/// ```
/// use mcp_elicit::client::TerminalUi;
///
/// let ui = TerminalUi::in_language("fr-CA");
/// assert_eq!(ui.language(), "fr");
/// ```
#[derive(Clone, Debug)]
pub struct TerminalUi {
    words: Arc<Words>,
}

impl Default for TerminalUi {
    fn default() -> Self {
        TerminalUi::new()
    }
}

impl TerminalUi {
    /// A terminal form in the language of the environment's locale: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty (`fr_FR.UTF-8` is French; `C` and
    /// `POSIX` are English).
    pub fn new() -> Self {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty());
        TerminalUi {
            words: Words::choose(&locale_preference(locale.as_deref().unwrap_or(""))),
        }
    }

    /// A terminal form in the language `tag` (a language tag such as `"ja"` or `"pt-BR"`, or an
    /// `Accept-Language` list), or the nearest the crate speaks, else English.
    pub fn in_language(tag: &str) -> Self {
        TerminalUi {
            words: Words::choose(&Preference::parse(tag)),
        }
    }

    /// The language it speaks, as a tag.
    pub fn language(&self) -> &str {
        self.words.language()
    }
}

/// The preference a POSIX locale says (`language[_territory][.codeset][@modifier]`): `zh_TW.UTF-8`
/// is `zh-TW`; `C`, `POSIX` and anything unreadable are none.
fn locale_preference(locale: &str) -> Preference {
    let locale = locale.split(['.', '@']).next().unwrap_or_default();
    if matches!(locale, "C" | "POSIX") {
        return Preference::default();
    }
    Preference::for_tag(&locale.replace('_', "-"))
}

/// What the person chose at a prompt, or that they cancelled.
type Step<T> = Result<T, Elicitation<Content>>;

impl FormUi for TerminalUi {
    fn fill(&self, form: FormToFill<'_>) -> impl Future<Output = Elicitation<Content>> + Send {
        std::future::ready(ask(form, &self.words).unwrap_or_else(|stop| stop))
    }

    fn open_url(&self, page: UrlToOpen<'_>) -> impl Future<Output = Elicitation<Content>> + Send {
        let words = &self.words;
        println!("{}", page.message);
        println!("  {}", page.url);
        let answer = match inquire::Confirm::new(&words.say(Word::TerminalOpenPage))
            .with_default(false)
            .with_help_message(&words.say(Word::TerminalOpenPageHelp))
            .prompt()
        {
            Ok(true) => {
                if has_desktop() && open::that_detached(page.url).is_ok() {
                    println!("{}", words.say(Word::TerminalOpened));
                } else {
                    println!(
                        "{}",
                        words.say_with(Word::TerminalOpenYourself, &args!("url" => page.url))
                    );
                }
                Elicitation::Accepted(Map::new())
            }
            Ok(false) => Elicitation::Declined,
            Err(_) => Elicitation::Cancelled,
        };
        std::future::ready(answer)
    }

    fn opens_urls(&self) -> bool {
        true
    }
}

/// Whether a browser can be opened here: always on macOS and Windows; elsewhere when a display
/// is set (a terminal over SSH, or in a container, has none, and a text browser would take the
/// terminal).
fn has_desktop() -> bool {
    cfg!(any(target_os = "macos", target_os = "windows"))
        || ["DISPLAY", "WAYLAND_DISPLAY"]
            .iter()
            .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
}

fn ask(form: FormToFill<'_>, words: &Arc<Words>) -> Step<Elicitation<Content>> {
    match form.problems {
        None => {
            let choices = vec![
                words.say(Word::TerminalFill),
                words.say(Word::TerminalDecline),
                words.say(Word::TerminalCancel),
            ];
            let choice = inquire::Select::new(form.message, choices)
                .with_help_message(&words.say(Word::TerminalEscCancels))
                .raw_prompt()
                .map_err(|_| Elicitation::Cancelled)?;
            match choice.index {
                1 => return Ok(Elicitation::Declined),
                2 => return Ok(Elicitation::Cancelled),
                _ => {}
            }
        }
        Some(problems) => {
            println!("{}", words.say(Word::TerminalCorrect));
            for problem in problems.errors() {
                let line = words.say_with(
                    Word::ProblemLine,
                    &args!(
                        "field" => label(form, problem),
                        "problem" => problem.kind().describe(words),
                    ),
                );
                println!("  - {line}");
            }
        }
    }
    let mut content = Map::new();
    for property in form.schema.properties() {
        let start = form.values.get(property.name());
        if let Some(value) = field(property, start, words)? {
            content.insert(property.name().to_owned(), value);
        }
    }
    Ok(Elicitation::Accepted(content))
}

/// The label of the field a problem names.
fn label<'a>(form: FormToFill<'a>, problem: &'a FieldError) -> &'a str {
    form.schema
        .property(problem.field())
        .and_then(Property::title)
        .unwrap_or(problem.field())
}

/// The prompt's text: the title (or name), `*` when required.
fn prompt_text(property: &Property) -> String {
    let name = property.title().unwrap_or(property.name());
    if property.is_required() {
        format!("{name} *")
    } else {
        name.to_owned()
    }
}

/// The line under a prompt: the property's description, then its rules (`rules`), in the words
/// of the re-ask messages, so that the person meets them before breaking them.
fn help(property: &Property, rules: &[String]) -> Option<String> {
    let parts: Vec<&str> = property
        .description()
        .into_iter()
        .chain(rules.iter().map(String::as_str))
        .collect();
    // A middle dot: a mark every language's terminal reads as a separator.
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// The rules of a text or number property, in words.
fn text_rules(property: &Property, may_be_empty: bool, words: &Words) -> Vec<String> {
    let mut rules = hints::rules(property, words, Place::Terminal);
    if !property.is_required() && !may_be_empty {
        rules.push(words.say(Word::TerminalEmptyUnanswered).into_owned());
    }
    rules
}

/// Whether the empty text keeps every rule of `schema` (a text field without a minimum length,
/// format or pattern): then emptying it answers `""`.
fn may_be_empty(schema: &PropertySchema) -> bool {
    if !matches!(schema, PropertySchema::String(_)) {
        return false;
    }
    let mut broken = false;
    rules::check(schema, &Value::String(String::new()), |_| broken = true);
    !broken
}

/// Asks for one property: its value, or `None` when left unanswered.
fn field(property: &Property, start: Option<&Value>, words: &Arc<Words>) -> Step<Option<Value>> {
    let cancel = |_| Elicitation::Cancelled;
    let text = prompt_text(property);
    match property.schema() {
        PropertySchema::Boolean(_) if property.is_required() => {
            let mut prompt = inquire::Confirm::new(&text);
            if let Some(start) = start.and_then(Value::as_bool) {
                prompt = prompt.with_default(start);
            }
            let help = help(property, &[words.say(Word::TerminalYOrN).into_owned()]);
            if let Some(help) = &help {
                prompt = prompt.with_help_message(help);
            }
            prompt
                .prompt()
                .map(|b| Some(Value::Bool(b)))
                .map_err(cancel)
        }
        PropertySchema::Boolean(_) => {
            let labels = vec![
                words.say(Word::TerminalYes),
                words.say(Word::TerminalNo),
                words.say(Word::TerminalNoAnswer),
            ];
            let cursor = match start.and_then(Value::as_bool) {
                Some(true) => 0,
                Some(false) => 1,
                None => 2,
            };
            let mut prompt = inquire::Select::new(&text, labels).with_starting_cursor(cursor);
            let help = help(property, &[]);
            if let Some(help) = &help {
                prompt = prompt.with_help_message(help);
            }
            let chosen = prompt.raw_prompt().map_err(cancel)?;
            Ok([Some(true), Some(false), None][chosen.index].map(Value::Bool))
        }
        PropertySchema::SingleSelect(select) => single(property, select, &text, start, words),
        PropertySchema::MultiSelect(select) => multi(property, select, &text, start, words),
        schema => {
            let start_text = match start {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            };
            let empty = may_be_empty(schema);
            // Emptying what was there answers `""` where the form lets text be empty; leaving
            // empty what was empty leaves an optional field out.
            let blank = Blank {
                required: property.is_required(),
                empty: empty && (property.is_required() || !start_text.is_empty()),
            };
            let checked = schema.clone();
            let help = help(property, &text_rules(property, empty, words));
            let judged_in = Arc::clone(words);
            let mut prompt = inquire::Text::new(&text)
                .with_initial_value(&start_text)
                .with_validator(move |input: &str| {
                    Ok(match judge(&checked, input, blank, &judged_in) {
                        Ok(_) => inquire::validator::Validation::Valid,
                        Err(problem) => inquire::validator::Validation::Invalid(problem.into()),
                    })
                });
            if let Some(help) = &help {
                prompt = prompt.with_help_message(help);
            }
            let input = prompt.prompt().map_err(cancel)?;
            Ok(judge(schema, &input, blank, words).ok().flatten())
        }
    }
}

/// What an empty line answers for a text or number property.
#[derive(Clone, Copy)]
struct Blank {
    /// The property is required.
    required: bool,
    /// It answers `""` (the text may be empty, and the person emptied it or must answer).
    empty: bool,
}

/// The value of text typed for a text or number property, or the problem with it, in the words
/// the form's rules use.
fn judge(
    schema: &PropertySchema,
    input: &str,
    blank: Blank,
    words: &Words,
) -> Result<Option<Value>, String> {
    if input.is_empty() {
        return match blank {
            Blank { empty: true, .. } => Ok(Some(Value::String(String::new()))),
            Blank { required: true, .. } => Err(ErrorKind::Missing.describe(words)),
            Blank { .. } => Ok(None),
        };
    }
    let value = match schema {
        PropertySchema::Number(n) => {
            let number: Option<JsonNumber> = match n.number_type() {
                NumberType::Integer => input.trim().parse::<i64>().ok().map(JsonNumber::from),
                NumberType::Number => input
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .and_then(JsonNumber::from_f64),
            };
            let Some(number) = number else {
                let expected = match n.number_type() {
                    NumberType::Integer => crate::error::Expected::Integer,
                    NumberType::Number => crate::error::Expected::Number,
                };
                let kind = ErrorKind::WrongType {
                    expected,
                    found: crate::error::JsonType::String,
                };
                return Err(kind.describe_quietly(words));
            };
            Value::Number(number)
        }
        _ => Value::String(input.to_owned()),
    };
    let mut problem = None;
    rules::check(schema, &value, |kind| {
        problem.get_or_insert_with(|| kind.describe(words));
    });
    match problem {
        Some(problem) => Err(problem),
        None => Ok(Some(value)),
    }
}

/// The label of an option in a list.
fn option_label(option: &SelectOption) -> String {
    option.label().to_owned()
}

fn single(
    property: &Property,
    select: &SingleSelectSchema,
    text: &str,
    start: Option<&Value>,
    words: &Words,
) -> Step<Option<Value>> {
    let mut labels: Vec<String> = select.options().iter().map(option_label).collect();
    let optional = !property.is_required();
    if optional {
        labels.push(words.say(Word::TerminalNoAnswer).into_owned());
    }
    let cursor = start
        .and_then(Value::as_str)
        .and_then(|v| select.options().iter().position(|o| o.value() == v))
        .or(optional.then_some(select.options().len()))
        .unwrap_or(0);
    let mut prompt = inquire::Select::new(text, labels).with_starting_cursor(cursor);
    let help = help(
        property,
        &[words.say(Word::TerminalSelectHelp).into_owned()],
    );
    if let Some(help) = &help {
        prompt = prompt.with_help_message(help);
    }
    let chosen = prompt.raw_prompt().map_err(|_| Elicitation::Cancelled)?;
    Ok(select
        .options()
        .get(chosen.index)
        .map(|o| Value::String(o.value().to_owned())))
}

fn multi(
    property: &Property,
    select: &MultiSelectSchema,
    text: &str,
    start: Option<&Value>,
    words: &Words,
) -> Step<Option<Value>> {
    let labels: Vec<String> = select.options().iter().map(option_label).collect();
    let chosen: Vec<usize> = match start {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .filter_map(|v| select.options().iter().position(|o| o.value() == v))
            .collect(),
        _ => Vec::new(),
    };
    let (min, max) = (select.min_items(), select.max_items());
    let too_few = min.map(|min| {
        words
            .say_with(Word::TerminalChooseMin, &args!("minimum" => integer(min)))
            .into_owned()
    });
    let too_many = max.map(|max| {
        words
            .say_with(Word::TerminalChooseMax, &args!("maximum" => integer(max)))
            .into_owned()
    });
    let mut prompt = inquire::MultiSelect::new(text, labels)
        .with_default(&chosen)
        .with_validator(
            move |picked: &[inquire::list_option::ListOption<&String>]| {
                let n = picked.len() as u64;
                Ok(match (min, max, &too_few, &too_many) {
                    (Some(min), _, Some(said), _) if n < min => {
                        inquire::validator::Validation::Invalid(said.clone().into())
                    }
                    (_, Some(max), _, Some(said)) if n > max => {
                        inquire::validator::Validation::Invalid(said.clone().into())
                    }
                    _ => inquire::validator::Validation::Valid,
                })
            },
        );
    let count = hints::choices(select, words);
    let keys = if count.is_none() && !property.is_required() {
        words.say(Word::TerminalMultiHelpNone)
    } else {
        words.say(Word::TerminalMultiHelp)
    };
    let rules: Vec<String> = std::iter::once(keys.into_owned()).chain(count).collect();
    let help = help(property, &rules);
    if let Some(help) = &help {
        prompt = prompt.with_help_message(help);
    }
    let picked = prompt.raw_prompt().map_err(|_| Elicitation::Cancelled)?;
    if picked.is_empty() && !property.is_required() {
        return Ok(None);
    }
    Ok(Some(Value::Array(
        picked
            .iter()
            .filter_map(|p| select.options().get(p.index))
            .map(|o| Value::String(o.value().to_owned()))
            .collect(),
    )))
}
