//! A property's rules in words, shown before anything is typed: under a page's field, in a
//! terminal prompt's help. The same words, in the same language, as the problems that a broken
//! rule gets ("2 to 40 characters" before, "must be at least 2 characters long" after).

use crate::lang::{Word, Words, args, integer};
use crate::schema::{
    MultiSelectSchema, Number, NumberType, Property, PropertySchema, StringFormat,
};

/// Which rules a place shows besides the lengths, numbers and choices: a terminal says the
/// format and the pattern (a prompt has no input type to say them); a page says the time zone of
/// a date-time (its input has none).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    Page,
    Terminal,
}

/// The rules of `property`, each a short phrase, in `words`' language.
pub(crate) fn rules(property: &Property, words: &Words, place: Place) -> Vec<String> {
    let mut rules = Vec::new();
    match property.schema() {
        PropertySchema::String(text) => {
            if place == Place::Terminal
                && let Some(format) = text.format()
            {
                rules.push(words.say(format.word()).into_owned());
            }
            if let Some(length) = length(text.min_length(), text.max_length(), words) {
                rules.push(length);
            }
            if place == Place::Terminal
                && let Some(pattern) = text.pattern()
            {
                rules.push(
                    words
                        .say_with(Word::RulePattern, &args!("pattern" => pattern.as_str()))
                        .into_owned(),
                );
            }
            if place == Place::Page && text.format() == Some(StringFormat::DateTime) {
                rules.push(words.say(Word::RuleUtc).into_owned());
            }
        }
        PropertySchema::Number(number) => rules.push(number_rule(
            number.number_type(),
            number.minimum(),
            number.maximum(),
            words,
        )),
        PropertySchema::MultiSelect(select) if place == Place::Page => {
            rules.extend(choices(select, words));
        }
        _ => {}
    }
    rules
}

/// The rules of one field joined into one line.
#[cfg(feature = "page")]
pub(crate) fn joined(rules: &[String], words: &Words) -> String {
    rules.join(&words.say(Word::RuleSeparator))
}

/// How long a text may be: "2 to 40 characters", "at least 20 characters".
fn length(min: Option<u64>, max: Option<u64>, words: &Words) -> Option<String> {
    let said = [
        Word::RuleLengthExact,
        Word::RuleLengthRange,
        Word::RuleLengthMin,
        Word::RuleLengthMax,
    ];
    limits(min.filter(|min| *min > 0), max, said, words)
}

/// A pair of limits in words, by the messages `[exact, range, at least, at most]`: `None` when
/// there is neither.
fn limits(min: Option<u64>, max: Option<u64>, said: [Word; 4], words: &Words) -> Option<String> {
    let [exact, range, at_least, at_most] = said;
    let said = match (min, max) {
        (Some(min), Some(max)) if min == max => {
            words.say_with(exact, &args!("minimum" => integer(min)))
        }
        (Some(min), Some(max)) => words.say_with(
            range,
            &args!("minimum" => integer(min), "maximum" => integer(max)),
        ),
        (Some(min), None) => words.say_with(at_least, &args!("minimum" => integer(min))),
        (None, Some(max)) => words.say_with(at_most, &args!("maximum" => integer(max))),
        (None, None) => return None,
    };
    Some(said.into_owned())
}

/// What a number field takes: "a whole number from 1 to 12", "a number, at least 0".
fn number_rule(
    kind: NumberType,
    min: Option<Number>,
    max: Option<Number>,
    words: &Words,
) -> String {
    let whole = kind == NumberType::Integer;
    let pick = |integer, number| if whole { integer } else { number };
    let said = match (min, max) {
        (Some(min), Some(max)) => words.say_with(
            pick(Word::RuleWholeNumberRange, Word::RuleNumberRange),
            &args!("minimum" => min.said(words), "maximum" => max.said(words)),
        ),
        (Some(min), None) => words.say_with(
            pick(Word::RuleWholeNumberMin, Word::RuleNumberMin),
            &args!("minimum" => min.said(words)),
        ),
        (None, Some(max)) => words.say_with(
            pick(Word::RuleWholeNumberMax, Word::RuleNumberMax),
            &args!("maximum" => max.said(words)),
        ),
        (None, None) => words.say(pick(Word::RuleWholeNumber, Word::RuleNumber)),
    };
    said.into_owned()
}

/// How many choices a multi-select takes, said when it limits them: "Choose 1 to 3."
#[cfg(any(feature = "page", feature = "terminal"))]
pub(crate) fn choices(select: &MultiSelectSchema, words: &Words) -> Option<String> {
    let options = select.options().len() as u64;
    let max = select.max_items().filter(|max| *max < options);
    let min = select.min_items().filter(|min| *min > 0);
    let said = [
        Word::RuleChooseExact,
        Word::RuleChooseRange,
        Word::RuleChooseMin,
        Word::RuleChooseMax,
    ];
    limits(min, max, said, words)
}
