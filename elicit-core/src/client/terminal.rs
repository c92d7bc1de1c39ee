//! [`TerminalUi`]: a server's form, filled in at a terminal (feature `terminal`, on the prompt
//! crate `inquire`).

use std::future::Future;

use serde_json::{Map, Number as JsonNumber, Value};

use super::{FormToFill, FormUi};
use crate::answer::Elicitation;
use crate::error::{ErrorKind, FieldError};
use crate::rules;
use crate::schema::Content;
use crate::schema::{
    MultiSelectSchema, NumberType, Property, PropertySchema, SelectOption, SingleSelectSchema,
};

/// A [`FormUi`] that asks at the terminal, one property after the other, in form order: its
/// title (or name), marked `*` if required, its description as help; text and numbers checked
/// against the property's rules when entered (the problem shown under the prompt, to correct
/// there), booleans as yes/no, a single-select as a list, a multi-select as checkboxes with its
/// `min_items`/`max_items`; the form's defaults (or the values of the last attempt) preselected.
///
/// Before the form, the server's message and a choice: fill it in, decline, or cancel. `Esc`
/// (or `Ctrl-C`) at any prompt cancels the form.
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

    fn open_url(
        &self,
        message: &str,
        url: &str,
    ) -> impl Future<Output = Elicitation<Content>> + Send {
        let prompt = format!("{message}\n  Open {url}?");
        let answer = match inquire::Confirm::new(&prompt).with_default(false).prompt() {
            Ok(true) => Elicitation::Accepted(Map::new()),
            Ok(false) => Elicitation::Declined,
            Err(_) => Elicitation::Cancelled,
        };
        std::future::ready(answer)
    }
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

/// Asks for one property: its value, or `None` when left empty.
fn field(property: &Property, start: Option<&Value>) -> Step<Option<Value>> {
    let cancel = |_| Elicitation::Cancelled;
    let text = prompt_text(property);
    let help = property.description();
    match property.schema() {
        PropertySchema::Boolean(_) => {
            let mut prompt = inquire::Confirm::new(&text);
            if let Some(start) = start.and_then(Value::as_bool) {
                prompt = prompt.with_default(start);
            }
            if let Some(help) = help {
                prompt = prompt.with_help_message(help);
            }
            prompt
                .prompt()
                .map(|b| Some(Value::Bool(b)))
                .map_err(cancel)
        }
        PropertySchema::SingleSelect(select) => single(property, select, &text, start),
        PropertySchema::MultiSelect(select) => multi(property, select, &text, start),
        schema => {
            let start_text = match start {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            };
            let required = property.is_required();
            let checked = schema.clone();
            let mut prompt = inquire::Text::new(&text)
                .with_initial_value(&start_text)
                .with_validator(move |input: &str| {
                    Ok(match judge(&checked, input, required) {
                        Ok(_) => inquire::validator::Validation::Valid,
                        Err(problem) => inquire::validator::Validation::Invalid(problem.into()),
                    })
                });
            if let Some(help) = help {
                prompt = prompt.with_help_message(help);
            }
            let input = prompt.prompt().map_err(cancel)?;
            Ok(judge(schema, &input, required).ok().flatten())
        }
    }
}

/// The value of text typed for a text or number property, or the problem with it, in the words
/// the form's rules use.
fn judge(schema: &PropertySchema, input: &str, required: bool) -> Result<Option<Value>, String> {
    if input.is_empty() {
        return if required {
            Err(ErrorKind::Missing.to_string())
        } else {
            Ok(None)
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

/// What an optional single-select offers for "no choice".
const NONE: &str = "(none)";

fn single(
    property: &Property,
    select: &SingleSelectSchema,
    text: &str,
    start: Option<&Value>,
) -> Step<Option<Value>> {
    let mut labels: Vec<String> = select.options().iter().map(option_label).collect();
    // Left empty, a field with a default takes it: "none" is a choice only without one.
    if !property.is_required() && select.default().is_none() {
        labels.push(NONE.to_owned());
    }
    let cursor = start
        .and_then(Value::as_str)
        .and_then(|v| select.options().iter().position(|o| o.value() == v))
        .unwrap_or(0);
    let mut prompt = inquire::Select::new(text, labels).with_starting_cursor(cursor);
    if let Some(help) = property.description() {
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
    if let Some(help) = property.description() {
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
