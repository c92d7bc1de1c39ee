//! The crate's own words in every language of `locales/`: each file parses, holds exactly the
//! messages of the English file, uses only their variables, and formats every message.
//!
//! The languages are read from the `locales/` directory, so an added language is checked too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use unic_langid::LanguageIdentifier;

/// The language every other is checked against.
const ENGLISH: &str = "en";

/// The variables the crate fills with numbers; every other variable is text.
const NUMBERS: [&str; 4] = ["minimum", "maximum", "count", "more"];

/// The numbers each message is formatted with: in Arabic, one of each of CLDR's six plural
/// categories (zero, one, two, few, many, other).
const SAMPLES: [i64; 6] = [0, 1, 2, 3, 11, 100];

/// The messages that show a count of characters or options, whose Arabic forms differ by
/// plural category.
const COUNTED: [&str; 7] = [
    "rule-length-min",
    "rule-length-max",
    "rule-length-exact",
    "problem-too-short",
    "problem-too-long",
    "problem-too-few-choices",
    "problem-too-many-choices",
];

/// Every language of `locales/` (its tag) and the text of its `elicit.ftl`, by tag.
fn languages() -> BTreeMap<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("`locales/` is readable") {
        let path = entry.expect("an entry of `locales/`").path();
        let tag = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = path.join("elicit.ftl");
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("`{tag}`: cannot read `{}`: {e}", file.display()));
        found.insert(tag, text);
    }
    assert!(
        found.contains_key(ENGLISH),
        "`locales/{ENGLISH}/elicit.ftl` is missing"
    );
    assert!(found.len() > 1, "`locales/` holds no language but English");
    found
}

/// The messages of a file, `id` (and `id.attribute` for each attribute), each with the variables
/// it uses; terms count as messages `-id`, so that a file adding one is told. Panics if the file
/// does not parse.
fn messages(tag: &str, text: &str) -> Messages {
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, errors)| {
        panic!("`{tag}`: the file does not parse: {errors:?}");
    });
    let mut messages = BTreeMap::new();
    let mut add = |id: String, pattern: Option<&Pattern<&str>>| {
        let mut variables = BTreeSet::new();
        if let Some(pattern) = pattern {
            pattern_variables(pattern, &mut variables);
        }
        messages.insert(id, variables);
    };
    for entry in &resource.body {
        match entry {
            Entry::Message(message) => {
                add(message.id.name.to_owned(), message.value.as_ref());
                for attribute in &message.attributes {
                    let id = format!("{}.{}", message.id.name, attribute.id.name);
                    add(id, Some(&attribute.value));
                }
            }
            Entry::Term(term) => add(format!("-{}", term.id.name), Some(&term.value)),
            _ => {}
        }
    }
    messages
}

fn pattern_variables(pattern: &Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for variant in variants {
                pattern_variables(&variant.value, into);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. }
        | InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            let named = arguments.named.iter().map(|argument| &argument.value);
            for argument in arguments.positional.iter().chain(named) {
                inline_variables(argument, into);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, into),
        _ => {}
    }
}

/// Fails with every problem found, one a line.
fn assert_none(problems: &[String]) {
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

/// The messages of a file, each with the variables it uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

/// Runs `check` on every language (its tag, its file's text, and the English messages), then
/// fails with every problem it found.
fn check_each_language(check: impl Fn(&str, &str, &Messages, &mut Vec<String>)) {
    let languages = languages();
    let english = messages(ENGLISH, &languages[ENGLISH]);
    let mut problems = Vec::new();
    for (tag, text) in &languages {
        check(tag, text, &english, &mut problems);
    }
    assert_none(&problems);
}

#[test]
fn every_language_parses() {
    let mut problems = Vec::new();
    for (tag, text) in languages() {
        if let Err((_, errors)) = fluent_syntax::parser::parse(text.as_str()) {
            for error in errors {
                let line = text[..error.pos.start].lines().count().max(1);
                problems.push(format!("`{tag}`: line {line}: {:?}", error.kind));
            }
        }
    }
    assert_none(&problems);
}

#[test]
fn every_language_has_exactly_the_english_messages() {
    check_each_language(|tag, text, english, problems| {
        let translated = messages(tag, text);
        for id in english.keys().filter(|id| !translated.contains_key(*id)) {
            problems.push(format!("`{tag}`: missing `{id}`"));
        }
        for id in translated.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("`{tag}`: `{id}` is not a message of `{ENGLISH}`"));
        }
    });
}

#[test]
fn every_message_uses_only_the_english_variables() {
    check_each_language(|tag, text, english, problems| {
        for (id, variables) in messages(tag, text) {
            let Some(known) = english.get(&id) else {
                continue;
            };
            for variable in variables.difference(known) {
                problems.push(format!(
                    "`{tag}`: `{id}` uses `${variable}`, which `{ENGLISH}` does not give it"
                ));
            }
        }
    });
}

/// A language's messages formatted as the crate would (without isolation marks), each with its
/// English variables, every number variable set to `number`: `(id, text)`, or the problems met.
fn format_all(
    tag: &str,
    text: &str,
    english: &Messages,
    number: i64,
) -> Result<BTreeMap<String, String>, Vec<String>> {
    let language: LanguageIdentifier = tag
        .parse()
        .map_err(|e| vec![format!("`{tag}`: not a language tag: {e}")])?;
    let resource = FluentResource::try_new(text.to_owned())
        .map_err(|_| vec![format!("`{tag}`: the file does not parse")])?;
    let mut bundle = FluentBundle::new(vec![language]);
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .map_err(|e| vec![format!("`{tag}`: {e:?}")])?;
    let mut formatted = BTreeMap::new();
    let mut problems = Vec::new();
    for (id, variables) in english {
        let (name, attribute) = match id.split_once('.') {
            Some((name, attribute)) => (name, Some(attribute)),
            None => (id.as_str(), None),
        };
        let Some(message) = bundle.get_message(name) else {
            continue; // told by `every_language_has_exactly_the_english_messages`
        };
        let pattern = match attribute {
            Some(attribute) => message.get_attribute(attribute).map(|a| a.value()),
            None => message.value(),
        };
        let Some(pattern) = pattern else {
            problems.push(format!("`{tag}`: `{id}` has no value"));
            continue;
        };
        let mut args = FluentArgs::new();
        for variable in variables {
            if NUMBERS.contains(&variable.as_str()) {
                args.set(variable.as_str(), FluentValue::from(number));
            } else {
                args.set(variable.as_str(), format!("<{variable}>"));
            }
        }
        let mut errors = Vec::new();
        let out = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if !errors.is_empty() {
            problems.push(format!("`{tag}`: `{id}` with {number}: {errors:?}"));
        }
        if out.contains('{') || out.contains('$') || out.contains(name) {
            problems.push(format!("`{tag}`: `{id}` with {number} gives {out:?}"));
        }
        formatted.insert(id.clone(), out.into_owned());
    }
    if problems.is_empty() {
        Ok(formatted)
    } else {
        Err(problems)
    }
}

#[test]
fn every_message_formats_with_sample_arguments() {
    check_each_language(|tag, text, english, problems| {
        for number in SAMPLES {
            if let Err(found) = format_all(tag, text, english, number) {
                problems.extend(found);
            }
        }
    });
}

/// `text` with each number (a run of digits) written `#`, so that `11` and `100` look alike.
fn mask_numbers(text: &str) -> String {
    let mut masked = String::new();
    for c in text.chars() {
        if !c.is_ascii_digit() {
            masked.push(c);
        } else if !masked.ends_with('#') {
            masked.push('#');
        }
    }
    masked
}

#[test]
fn arabic_writes_each_of_the_six_plural_forms() {
    let languages = languages();
    let english = messages(ENGLISH, &languages[ENGLISH]);
    let arabic = languages.get("ar").expect("`locales/ar/elicit.ftl` exists");
    let by_number: Vec<BTreeMap<String, String>> = SAMPLES
        .iter()
        .map(|&number| format_all("ar", arabic, &english, number).unwrap_or_default())
        .collect();
    let mut problems = Vec::new();
    for id in COUNTED {
        // The numbers masked, so that only the words can tell the forms apart.
        let forms: BTreeSet<String> = by_number
            .iter()
            .map(|formatted| {
                let text = formatted.get(id).map_or("", String::as_str);
                mask_numbers(text)
            })
            .collect();
        if forms.len() != SAMPLES.len() {
            problems.push(format!(
                "`ar`: `{id}` has {} distinct forms for {SAMPLES:?}, not six: {forms:?}",
                forms.len()
            ));
        }
    }
    assert_none(&problems);
}
