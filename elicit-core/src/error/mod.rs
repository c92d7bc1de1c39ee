//! What can be wrong with an answer: [`ContentError`] for the values of the form, each problem a
//! [`FieldError`] naming its field with an [`ErrorKind`] a program can match on, and
//! [`ElicitResultError`] for the whole `ElicitResult` around them.
//!
//! The messages are written for the person who filled the form: ``` `age`: must be at least 13,
//! got 12 ```.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use serde_json::Value;

use crate::lang::{Word, Words, args, integer};
use crate::schema::{Number, Options, StringFormat};

/// Every problem found in the content of an answer, in form order; each names its field.
///
/// ```
/// use mcp_elicit::{ContentError, Elicit, ErrorKind};
///
/// #[derive(Elicit, Debug)]
/// struct Signup {
///     #[elicit(min_length = 3)]
///     name: String,
///     #[elicit(minimum = 13)]
///     age: u8,
/// }
///
/// let content = serde_json::json!({"name": "Al", "age": 12});
/// let err: ContentError = Signup::from_content(content.as_object().unwrap()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "`name`: must be at least 3 characters long, got 2\n`age`: must be at least 13, got 12"
/// );
/// assert_eq!(err.errors()[1].field(), "age");
/// assert!(matches!(err.errors()[1].kind(), ErrorKind::TooSmall { .. }));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ContentError {
    errors: Vec<FieldError>,
}

impl ContentError {
    pub(crate) fn new(errors: Vec<FieldError>) -> Self {
        ContentError { errors }
    }

    /// The problems, in form order (at least one).
    pub fn errors(&self) -> &[FieldError] {
        &self.errors
    }

    /// The problems of one field, by wire name.
    pub fn for_field<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a FieldError> + 'a {
        self.errors.iter().filter(move |e| e.field == name)
    }
}

/// One problem per line: ``` `field`: what was expected, and what came ```.
impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            fmt::Display::fmt(error, f)?;
        }
        Ok(())
    }
}

impl std::error::Error for ContentError {}

impl IntoIterator for ContentError {
    type Item = FieldError;
    type IntoIter = std::vec::IntoIter<FieldError>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}

/// A problem with one field of an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    field: Cow<'static, str>,
    kind: ErrorKind,
}

impl FieldError {
    pub(crate) fn new(field: Cow<'static, str>, kind: ErrorKind) -> Self {
        FieldError { field, kind }
    }

    /// A problem found by the form's own code, as [`ErrorKind::Invalid`]: `field` is the wire
    /// name (the key in the schema and the answer), `message` completes "`field`: ..." as a
    /// person reads it. What a form's `#[elicit(validate = ..)]` function returns.
    ///
    /// ```
    /// use mcp_elicit::FieldError;
    ///
    /// let problem = FieldError::custom("lastNight", "must not be before the first night");
    /// assert_eq!(problem.to_string(), "`lastNight`: must not be before the first night");
    /// ```
    pub fn custom(field: impl Into<Cow<'static, str>>, message: impl fmt::Display) -> Self {
        FieldError::new(
            field.into(),
            ErrorKind::Invalid {
                reason: message.to_string(),
            },
        )
    }

    /// The field's wire name: its key in the schema and in the content.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// What is wrong with it.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.kind)
    }
}

impl std::error::Error for FieldError {}

/// What is wrong with a field's value.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A required field is absent, or `null`.
    Missing,
    /// The value is of another JSON type than the field takes.
    WrongType {
        /// What the field takes.
        expected: Expected,
        /// What came.
        found: JsonType,
    },
    /// An integer field got a number with a fractional part.
    NotAnInteger {
        /// The number that came.
        found: f64,
    },
    /// A number below the smallest the field takes: its `minimum`, or the smallest value of its
    /// Rust type.
    TooSmall {
        /// The smallest allowed.
        minimum: Number,
        /// The number that came.
        found: Number,
    },
    /// A number above the largest the field takes: its `maximum`, or the largest value of its
    /// Rust type.
    TooLarge {
        /// The largest allowed.
        maximum: Number,
        /// The number that came.
        found: Number,
    },
    /// Text with fewer characters than `minLength`.
    TooShort {
        /// The fewest characters allowed.
        min_length: u64,
        /// How many came.
        length: u64,
    },
    /// Text with more characters than `maxLength`.
    TooLong {
        /// The most characters allowed.
        max_length: u64,
        /// How many came.
        length: u64,
    },
    /// Text that does not match the field's `pattern`.
    PatternMismatch {
        /// The pattern.
        pattern: String,
        /// The text (its first 64 characters); empty for a secret, which is never shown.
        found: String,
    },
    /// The field's `pattern` is no valid regular expression (a mistake of the form's, not the
    /// answer's: the derive refuses such patterns at compile time).
    BadPattern {
        /// Why.
        reason: String,
    },
    /// Text that does not have the field's `format`.
    BadFormat {
        /// The format required.
        format: StringFormat,
        /// The text that came (its first 64 characters).
        found: String,
    },
    /// A value that is none of the select's options (compared by wire value, exactly).
    NotAnOption {
        /// The value that came, as JSON (its first 64 characters).
        found: String,
        /// The options.
        options: Options,
    },
    /// A multi-select with fewer choices than `minItems`.
    TooFewChoices {
        /// The fewest choices allowed.
        min_items: u64,
        /// How many came.
        count: u64,
    },
    /// A multi-select with more choices than `maxItems`, or than it has options.
    TooManyChoices {
        /// The most choices allowed.
        max_items: u64,
        /// How many came.
        count: u64,
    },
    /// A multi-select that chooses one option more than once.
    RepeatedChoice {
        /// The option's wire value.
        choice: String,
    },
    /// A value the form's own code refuses, in its words: a field type of its own (see
    /// [`FormField`](crate::field::FormField)), or a `#[elicit(validate = ..)]` function on the
    /// field or the form (see [`FieldError::custom`]). `reason` completes "`field`: ..." as the
    /// other kinds do ("must be a user ID like \"u-42\", got \"bob\"").
    Invalid {
        /// What is wrong, as a person reads it.
        reason: String,
    },
}

impl ErrorKind {
    /// A value of another JSON type than the field takes: [`ErrorKind::WrongType`], with the type
    /// of `value`.
    pub fn wrong_type(expected: Expected, value: &Value) -> Self {
        ErrorKind::WrongType {
            expected,
            found: JsonType::of(value),
        }
    }
}

impl fmt::Display for ErrorKind {
    /// The problem in English (the default language's words, as an application may have changed
    /// them with [`Words::add`]); [`ErrorKind::describe`] says it in another language.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&Words::english()))
    }
}

impl ErrorKind {
    /// The problem in the language of `words`, as it completes "Field: ...": "must be at least
    /// 13, got 12", « doit être au moins 13, reçu 12 ».
    ///
    /// ```
    /// use mcp_elicit::ErrorKind;
    /// use mcp_elicit::lang::{Preference, Words};
    ///
    /// let kind = ErrorKind::TooShort { min_length: 2, length: 1 };
    /// assert_eq!(kind.describe(&Words::english()), "must be at least 2 characters long, got 1");
    /// ```
    pub fn describe(&self, words: &Words) -> String {
        self.said(words, false)
    }

    /// [`ErrorKind::describe`], quoting nothing of what came: for a secret field, whose value is
    /// never shown.
    pub fn describe_quietly(&self, words: &Words) -> String {
        self.said(words, true)
    }

    fn said(&self, words: &Words, quiet: bool) -> String {
        let said = match self {
            ErrorKind::Missing => words.say(Word::ProblemMissing),
            ErrorKind::WrongType { expected, .. } if quiet => words.say_with(
                Word::ProblemWrongTypeQuiet,
                &args!("expected" => words.say(expected.word())),
            ),
            ErrorKind::WrongType { expected, found } => words.say_with(
                Word::ProblemWrongType,
                &args!(
                    "expected" => words.say(expected.word()),
                    "found" => words.say(found.word()),
                ),
            ),
            ErrorKind::NotAnInteger { found } => {
                let said = Number::from_f64(*found)
                    .map_or_else(|| found.to_string().into(), |found| found.said(words));
                words.say_with(Word::ProblemNotAnInteger, &args!("found" => said))
            }
            ErrorKind::TooSmall { minimum, found } => words.say_with(
                Word::ProblemTooSmall,
                &args!("minimum" => minimum.said(words), "found" => found.said(words)),
            ),
            ErrorKind::TooLarge { maximum, found } => words.say_with(
                Word::ProblemTooLarge,
                &args!("maximum" => maximum.said(words), "found" => found.said(words)),
            ),
            ErrorKind::TooShort { min_length, length } => words.say_with(
                Word::ProblemTooShort,
                &args!("minimum" => integer(*min_length), "found" => integer(*length)),
            ),
            ErrorKind::TooLong { max_length, length } => words.say_with(
                Word::ProblemTooLong,
                &args!("maximum" => integer(*max_length), "found" => integer(*length)),
            ),
            ErrorKind::PatternMismatch { pattern, found } if quiet || found.is_empty() => words
                .say_with(
                    Word::ProblemPatternQuiet,
                    &args!("pattern" => pattern.as_str()),
                ),
            ErrorKind::PatternMismatch { pattern, found } => words.say_with(
                Word::ProblemPattern,
                &args!("pattern" => pattern.as_str(), "found" => format!("{found:?}")),
            ),
            ErrorKind::BadPattern { reason } => {
                words.say_with(Word::ProblemBadPattern, &args!("reason" => reason.as_str()))
            }
            ErrorKind::BadFormat { format, .. } if quiet => words.say_with(
                Word::ProblemBadFormatQuiet,
                &args!("format" => words.say(format.word())),
            ),
            ErrorKind::BadFormat { format, found } => words.say_with(
                Word::ProblemBadFormat,
                &args!("format" => words.say(format.word()), "found" => format!("{found:?}")),
            ),
            ErrorKind::NotAnOption { found, options } => {
                const SHOWN: usize = 8;
                let separator = words.say(Word::ListSeparator);
                let mut listed = String::new();
                for (i, option) in options.iter().take(SHOWN).enumerate() {
                    if i > 0 {
                        listed.push_str(&separator);
                    }
                    let _ = write!(listed, "{:?}", option.value());
                }
                let found = if quiet { String::new() } else { found.clone() };
                if options.len() > SHOWN {
                    words.say_with(
                        Word::ProblemNotAnOptionMore,
                        &args!(
                            "options" => listed,
                            "more" => options.len() - SHOWN,
                            "found" => found,
                        ),
                    )
                } else {
                    words.say_with(
                        Word::ProblemNotAnOption,
                        &args!("options" => listed, "found" => found),
                    )
                }
            }
            ErrorKind::TooFewChoices { min_items, count } => words.say_with(
                Word::ProblemTooFewChoices,
                &args!("minimum" => integer(*min_items), "found" => integer(*count)),
            ),
            ErrorKind::TooManyChoices { max_items, count } => words.say_with(
                Word::ProblemTooManyChoices,
                &args!("maximum" => integer(*max_items), "found" => integer(*count)),
            ),
            ErrorKind::RepeatedChoice { choice } => words.say_with(
                Word::ProblemRepeatedChoice,
                &args!("choice" => format!("{choice:?}")),
            ),
            ErrorKind::Invalid { reason } => Cow::Borrowed(reason.as_str()),
        };
        said.into_owned()
    }
}

/// What a field takes, for [`ErrorKind::WrongType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// A string.
    Text,
    /// A whole number.
    Integer,
    /// Any number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// One option of a single-select (a string).
    Option,
    /// A list of options of a multi-select.
    Options,
}

impl Expected {
    /// The words for what the field takes.
    pub(crate) const fn word(self) -> Word {
        match self {
            Expected::Text => Word::ExpectedText,
            Expected::Integer => Word::ExpectedInteger,
            Expected::Number => Word::ExpectedNumber,
            Expected::Boolean => Word::ExpectedBoolean,
            Expected::Option => Word::ExpectedOption,
            Expected::Options => Word::ExpectedOptions,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(self.word()))
    }
}

/// The type of a JSON value, for messages about what came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonType {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonType {
    /// The type of `value`.
    pub fn of(value: &Value) -> Self {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(_) => JsonType::Number,
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }
}

impl JsonType {
    /// The words for a value of this type.
    pub(crate) const fn word(self) -> Word {
        match self {
            JsonType::Null => Word::FoundNull,
            JsonType::Boolean => Word::FoundBoolean,
            JsonType::Number => Word::FoundNumber,
            JsonType::String => Word::FoundText,
            JsonType::Array => Word::FoundList,
            JsonType::Object => Word::FoundObject,
        }
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(self.word()))
    }
}

/// At most the first 64 characters of `text`, with `…` when cut: a message quotes what came
/// without copying a huge answer.
pub(crate) fn excerpt(text: &str) -> String {
    const MAX: usize = 64;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A value as a message quotes it: strings and scalars as JSON, lists and objects by their type
/// (they are not walked).
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{:?}", excerpt(s)),
        Value::Null | Value::Bool(_) | Value::Number(_) => value.to_string(),
        Value::Array(_) | Value::Object(_) => JsonType::of(value).to_string(),
    }
}

/// What is wrong with a whole `ElicitResult` (`{"action": .., "content": ..}`).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ElicitResultError {
    /// The result is not a JSON object.
    NotAnObject {
        /// What came instead.
        found: JsonType,
    },
    /// The result has no `action`.
    MissingAction,
    /// The `action` is none of `accept`, `decline`, `cancel`.
    UnknownAction {
        /// What came, as JSON (its first 64 characters).
        found: String,
    },
    /// The `content` is not a JSON object.
    ContentNotAnObject {
        /// What came instead.
        found: JsonType,
    },
    /// The user accepted, but the result has no `content`, and the form has required fields.
    MissingContent,
    /// The content does not fit the form.
    Content(ContentError),
}

impl fmt::Display for ElicitResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitResultError::NotAnObject { found } => {
                write!(f, "an elicitation result must be an object, got {found}")
            }
            ElicitResultError::MissingAction => {
                f.write_str("the elicitation result has no `action`")
            }
            ElicitResultError::UnknownAction { found } => write!(
                f,
                "unknown `action` {found}: expected \"accept\", \"decline\" or \"cancel\""
            ),
            ElicitResultError::ContentNotAnObject { found } => write!(
                f,
                "the `content` of an elicitation result must be an object, got {found}"
            ),
            ElicitResultError::MissingContent => f.write_str(
                "the user accepted, but the result has no `content` although the form has required fields",
            ),
            ElicitResultError::Content(err) => fmt::Display::fmt(err, f),
        }
    }
}

impl std::error::Error for ElicitResultError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitResultError::Content(err) => Some(err),
            _ => None,
        }
    }
}

impl From<ContentError> for ElicitResultError {
    fn from(err: ContentError) -> Self {
        ElicitResultError::Content(err)
    }
}

#[cfg(test)]
mod tests;
