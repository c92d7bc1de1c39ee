//! [`TerminalUi`]: a server's form, filled in at a terminal (feature `terminal`, on the prompt
//! crate `inquire`).

use std::fmt::Display;
use std::future::Future;

use serde_json::{Map, Number as JsonNumber, Value};

use super::{FormToFill, FormUi, UrlToOpen};
use crate::answer::Elicitation;
use crate::error::{ErrorKind, FieldError, plural};
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
/// The prompts block the thread until the person answers: on a tokio runtime, use the
/// multi-threaded one (the default of `#[tokio::main]`).
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalUi;

/// What the person chose at a prompt, or that they cancelled.
type Step<T> = Result<T, Elicitation<Content>>;

impl FormUi for TerminalUi {
    fn fill(&self, form: FormToFill<'_>) -> impl Future<Output = Elicitation<Content>> + Send {
        std::future::ready(ask(form).unwrap_or_else(|stop| stop))
    }

    fn open_url(&self, page: UrlToOpen<'_>) -> impl Future<Output = Elicitation<Content>> + Send {
        println!("{}", page.message);
        println!("  {}", page.url);
        let answer = match inquire::Confirm::new("Open this page?")
            .with_default(false)
            .with_help_message("y opens it in your browser; n declines; Esc cancels")
            .prompt()
        {
            Ok(true) => {
                if has_desktop() && open::that_detached(page.url).is_ok() {
                    println!("Opened in your browser.");
                } else {
                    println!("Open it in a browser: {}", page.url);
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

const FILL: &str = "Fill in the form";
const DECLINE: &str = "Decline";
const CANCEL: &str = "Cancel";

fn ask(form: FormToFill<'_>) -> Step<Elicitation<Content>> {
    match form.problems {
        None => {
            let choice = inquire::Select::new(form.message, vec![FILL, DECLINE, CANCEL])
                .with_help_message("Esc at any prompt cancels")
                .prompt()
                .map_err(|_| Elicitation::Cancelled)?;
            match choice {
                DECLINE => return Ok(Elicitation::Declined),
                CANCEL => return Ok(Elicitation::Cancelled),
                _ => {}
            }
        }
        Some(problems) => {
            println!("Please correct these answers:");
            for problem in problems.errors() {
                println!("  - {}: {}", label(form, problem), problem.kind());
            }
        }
    }
    let mut content = Map::new();
    for property in form.schema.properties() {
        let start = form.values.get(property.name());
        if let Some(value) = field(property, start)? {
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
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// A range in words: "from 1 to 12", "at least 1", "at most 12".
fn range(min: Option<impl Display>, max: Option<impl Display>) -> Option<String> {
    match (min, max) {
        (Some(min), Some(max)) => Some(format!("from {min} to {max}")),
        (Some(min), None) => Some(format!("at least {min}")),
        (None, Some(max)) => Some(format!("at most {max}")),
        (None, None) => None,
    }
}

/// The rules of a text or number property, in words.
fn text_rules(property: &Property, may_be_empty: bool) -> Vec<String> {
    let mut rules = Vec::new();
    match property.schema() {
        PropertySchema::String(text) => {
            if let Some(format) = text.format() {
                rules.push(format.described().to_owned());
            }
            let (min, max) = (text.min_length(), text.max_length());
            let unit = plural(max.or(min).unwrap_or(2), "character");
            if let Some(length) = range(min, max) {
                rules.push(format!("{length} {unit}"));
            }
            if let Some(pattern) = text.pattern() {
                rules.push(format!("matching the pattern `{}`", pattern.as_str()));
            }
        }
        PropertySchema::Number(number) => {
            let kind = match number.number_type() {
                NumberType::Integer => "a whole number",
                NumberType::Number => "a number",
            };
            let bounds = range(number.minimum(), number.maximum());
            rules.push(match bounds {
                Some(bounds) => format!("{kind} {bounds}"),
                None => kind.to_owned(),
            });
        }
        _ => {}
    }
    if !property.is_required() && !may_be_empty {
        rules.push("Enter on an empty line leaves it unanswered".to_owned());
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

/// What an optional property offers for "no answer".
const NO_ANSWER: &str = "(no answer)";

/// Asks for one property: its value, or `None` when left unanswered.
fn field(property: &Property, start: Option<&Value>) -> Step<Option<Value>> {
    let cancel = |_| Elicitation::Cancelled;
    let text = prompt_text(property);
    match property.schema() {
        PropertySchema::Boolean(_) if property.is_required() => {
            let mut prompt = inquire::Confirm::new(&text);
            if let Some(start) = start.and_then(Value::as_bool) {
                prompt = prompt.with_default(start);
            }
            let help = help(property, &["y or n".to_owned()]);
            if let Some(help) = &help {
                prompt = prompt.with_help_message(help);
            }
            prompt
                .prompt()
                .map(|b| Some(Value::Bool(b)))
                .map_err(cancel)
        }
        PropertySchema::Boolean(_) => {
            let labels = vec!["Yes", "No", NO_ANSWER];
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
        PropertySchema::SingleSelect(select) => single(property, select, &text, start),
        PropertySchema::MultiSelect(select) => multi(property, select, &text, start),
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
            let help = help(property, &text_rules(property, empty));
            let mut prompt = inquire::Text::new(&text)
                .with_initial_value(&start_text)
                .with_validator(move |input: &str| {
                    Ok(match judge(&checked, input, blank) {
                        Ok(_) => inquire::validator::Validation::Valid,
                        Err(problem) => inquire::validator::Validation::Invalid(problem.into()),
                    })
                });
            if let Some(help) = &help {
                prompt = prompt.with_help_message(help);
            }
            let input = prompt.prompt().map_err(cancel)?;
            Ok(judge(schema, &input, blank).ok().flatten())
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
fn judge(schema: &PropertySchema, input: &str, blank: Blank) -> Result<Option<Value>, String> {
    if input.is_empty() {
        return match blank {
            Blank { empty: true, .. } => Ok(Some(Value::String(String::new()))),
            Blank { required: true, .. } => Err(ErrorKind::Missing.to_string()),
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
            match number {
                Some(number) => Value::Number(number),
                None if n.number_type() == NumberType::Integer => {
                    return Err("must be a whole number".to_owned());
                }
                None => return Err("must be a number".to_owned()),
            }
        }
        _ => Value::String(input.to_owned()),
    };
    let mut problem = None;
    rules::check(schema, &value, |kind| {
        problem.get_or_insert(kind.to_string());
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
) -> Step<Option<Value>> {
    let mut labels: Vec<String> = select.options().iter().map(option_label).collect();
    let optional = !property.is_required();
    if optional {
        labels.push(NO_ANSWER.to_owned());
    }
    let cursor = start
        .and_then(Value::as_str)
        .and_then(|v| select.options().iter().position(|o| o.value() == v))
        .or(optional.then_some(select.options().len()))
        .unwrap_or(0);
    let mut prompt = inquire::Select::new(text, labels).with_starting_cursor(cursor);
    let help = help(property, &["↑↓ moves, Enter chooses".to_owned()]);
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
    let mut prompt = inquire::MultiSelect::new(text, labels)
        .with_default(&chosen)
        .with_validator(
            move |picked: &[inquire::list_option::ListOption<&String>]| {
                let n = picked.len() as u64;
                Ok(match (min, max) {
                    (Some(min), _) if n < min => inquire::validator::Validation::Invalid(
                        format!("choose at least {min}").into(),
                    ),
                    (_, Some(max)) if n > max => inquire::validator::Validation::Invalid(
                        format!("choose at most {max}").into(),
                    ),
                    _ => inquire::validator::Validation::Valid,
                })
            },
        );
    let count = range(min, max);
    let keys = match count {
        Some(count) => format!("↑↓ moves, Space toggles, Enter confirms; choose {count}"),
        None if !property.is_required() => {
            "↑↓ moves, Space toggles, Enter confirms; none leaves it unanswered".to_owned()
        }
        None => "↑↓ moves, Space toggles, Enter confirms".to_owned(),
    };
    let help = help(property, &[keys]);
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
