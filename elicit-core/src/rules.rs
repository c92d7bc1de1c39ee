//! The rules a value must meet to be the answer to a property: one implementation, used by the
//! typed parser (`Elicit::from_content`) and the dynamic one ([`RequestedSchema::validate`],
//! written here) alike.
//!
//! Every rule is linear in the value at most, nested values are never walked (a list where text
//! is expected is refused by its type), and a multi-select longer than it could validly be is
//! refused by its length before any item is looked at.

use std::borrow::Cow;

use serde_json::Value;

use crate::error::{ContentError, ErrorKind, Expected, FieldError, describe, excerpt};
use crate::format;
use crate::schema::{
    Content, MultiSelectSchema, Number, NumberSchema, NumberType, Options, PropertySchema,
    RequestedSchema, SingleSelectSchema, StringSchema,
};

/// Checks `value` against `schema`, reporting each problem; whether there was none.
///
/// Generic and inlined, so that where `schema` is a `static` the compiler knows (a derived form),
/// the rules of this very field are folded and the branches of the other kinds dropped.
#[inline(always)]
pub(crate) fn check(
    schema: &PropertySchema,
    value: &Value,
    mut report: impl FnMut(ErrorKind),
) -> bool {
    let mut ok = true;
    let mut fail = |kind| {
        ok = false;
        report(kind);
    };
    match schema {
        PropertySchema::String(s) => text(s, value, &mut fail),
        PropertySchema::Number(n) => number(n, value, &mut fail),
        PropertySchema::Boolean(_) => {
            if !value.is_boolean() {
                fail(ErrorKind::wrong_type(Expected::Boolean, value));
            }
        }
        PropertySchema::SingleSelect(s) => single(s, value, &mut fail),
        PropertySchema::MultiSelect(m) => multi(m, value, &mut fail),
    }
    ok
}

#[inline(always)]
fn text(schema: &StringSchema, value: &Value, fail: &mut impl FnMut(ErrorKind)) {
    let Value::String(text) = value else {
        return fail(ErrorKind::wrong_type(Expected::Text, value));
    };
    // Characters are between a quarter of the bytes and all of them: count them only when the
    // bytes do not already decide.
    let bytes = text.len() as u64;
    let surely_long_enough = schema.min_length.is_none_or(|min| bytes.div_ceil(4) >= min);
    let surely_short_enough = schema.max_length.is_none_or(|max| bytes <= max);
    if !(surely_long_enough && surely_short_enough) {
        let length = text.chars().count() as u64;
        if let Some(min_length) = schema.min_length.filter(|min| length < *min) {
            fail(ErrorKind::TooShort { min_length, length });
        }
        if let Some(max_length) = schema.max_length.filter(|max| length > *max) {
            fail(ErrorKind::TooLong { max_length, length });
        }
    }
    if let Some(format) = schema.format
        && !format::matches(format, text)
    {
        fail(ErrorKind::BadFormat {
            format,
            found: excerpt(text),
        });
    }
    if let Some(pattern) = &schema.pattern {
        // A secret is never quoted back, not even to the person who typed it.
        let shown = if schema.secret { "" } else { text };
        self::pattern(pattern, text, shown, fail);
    }
}

/// The `pattern` rule: matched by the `regex` crate, in time linear in the text.
#[cfg(feature = "pattern")]
#[inline(never)]
fn pattern(
    pattern: &crate::schema::Pattern,
    text: &str,
    shown: &str,
    fail: &mut impl FnMut(ErrorKind),
) {
    match pattern.matches(text) {
        Ok(true) => {}
        Ok(false) => fail(ErrorKind::PatternMismatch {
            pattern: pattern.as_str().to_owned(),
            found: excerpt(shown),
        }),
        Err(reason) => fail(ErrorKind::BadPattern { reason }),
    }
}

/// Without the feature `pattern` no form has a pattern: the derive refuses the attribute, and
/// MCP's received forms have none.
#[cfg(not(feature = "pattern"))]
fn pattern(_: &crate::schema::Pattern, _: &str, _: &str, _: &mut impl FnMut(ErrorKind)) {}

#[inline(always)]
fn number(schema: &NumberSchema, value: &Value, fail: &mut impl FnMut(ErrorKind)) {
    let integer = schema.number_type == NumberType::Integer;
    let Value::Number(n) = value else {
        let expected = if integer {
            Expected::Integer
        } else {
            Expected::Number
        };
        return fail(ErrorKind::wrong_type(expected, value));
    };
    let found = Number::from_json(n);
    if integer && !found.is_integer() && found.as_f64().fract() != 0.0 {
        fail(ErrorKind::NotAnInteger {
            found: found.as_f64(),
        });
    }
    if let Some(minimum) = schema.minimum.filter(|min| found < *min) {
        fail(ErrorKind::TooSmall { minimum, found });
    }
    if let Some(maximum) = schema.maximum.filter(|max| found > *max) {
        fail(ErrorKind::TooLarge { maximum, found });
    }
}

#[inline(always)]
fn single(schema: &SingleSelectSchema, value: &Value, fail: &mut impl FnMut(ErrorKind)) {
    if let Err(kind) = single_option(schema, value) {
        fail(kind);
    }
}

/// The position among the options of the option `value` chooses: the single-select rule, which
/// the typed parser also uses to take the variant without a second lookup.
#[inline(always)]
pub(crate) fn single_option(
    schema: &SingleSelectSchema,
    value: &Value,
) -> Result<usize, ErrorKind> {
    option_chosen(&schema.options, value)
}

/// The position among `options` of the option `value` chooses, or why it chooses none: the one
/// judgement of a single choice, shared by the rules and by a derived enum's `from_value`.
#[inline(always)]
pub(crate) fn option_chosen(options: &Options, value: &Value) -> Result<usize, ErrorKind> {
    let Value::String(choice) = value else {
        return Err(ErrorKind::wrong_type(Expected::Option, value));
    };
    options
        .position(choice)
        .ok_or_else(|| not_an_option(options, value))
}

/// `value` is none of `options`.
pub(crate) fn not_an_option(options: &Options, value: &Value) -> ErrorKind {
    ErrorKind::NotAnOption {
        found: describe(value),
        options: options.clone(),
    }
}

#[inline(always)]
fn multi(schema: &MultiSelectSchema, value: &Value, fail: &mut impl FnMut(ErrorKind)) {
    multi_options(schema, value, fail);
}

/// The multi-select rule: the number of choices, each an option, none twice. Gives the position
/// among the options of each choice, in the order given, when it found no problem: the typed
/// parser takes the variants there, without a second lookup.
#[inline(always)]
pub(crate) fn multi_options(
    schema: &MultiSelectSchema,
    value: &Value,
    fail: &mut impl FnMut(ErrorKind),
) -> Option<Positions> {
    let Value::Array(items) = value else {
        fail(ErrorKind::wrong_type(Expected::Options, value));
        return None;
    };
    let mut ok = true;
    let mut fail = |kind| {
        ok = false;
        fail(kind);
    };
    let count = items.len() as u64;
    let options = schema.options.len() as u64;
    let max_items = schema.max_items.map_or(options, |max| max.min(options));
    if count > max_items {
        fail(ErrorKind::TooManyChoices { max_items, count });
        // Longer than the options: no choice of items could make it right, and its items are not
        // looked at (the work stays bounded by the form's own size). Otherwise the problems of
        // its items are reported too.
        if count > options {
            return None;
        }
    }
    if let Some(min_items) = schema.min_items.filter(|min| count < *min) {
        fail(ErrorKind::TooFewChoices { min_items, count });
    }
    // At most as many items as options here. Each item is looked up once; a repeat is found by
    // its position among the options.
    const UNKNOWN: usize = usize::MAX;
    let mut seen = OptionSet::new(schema.options.len());
    let mut repeated = OptionSet::new(schema.options.len());
    let mut positions = Positions::new(items.len());
    for item in items {
        let position = item
            .as_str()
            .and_then(|s| schema.options.position(s))
            .unwrap_or(UNKNOWN);
        if position != UNKNOWN && seen.insert(position) {
            repeated.insert(position);
        }
        positions.push(position);
    }
    // The problems in the order of the items: a repeat where the option is first chosen (and
    // only there: once told, it leaves the set).
    for (item, &position) in items.iter().zip(positions.as_slice()) {
        if position == UNKNOWN {
            fail(not_an_option(&schema.options, item));
        } else if repeated.remove(position) {
            fail(ErrorKind::RepeatedChoice {
                choice: item.as_str().map(excerpt).unwrap_or_default(),
            });
        }
    }
    ok.then_some(positions)
}

/// The positions of a multi-select's choices among its options, in the order given: in place
/// for up to 16 choices (no allocation for a form's usual multi-select), on the heap beyond.
pub(crate) struct Positions {
    inline: [usize; 16],
    len: usize,
    heap: Vec<usize>,
}

impl Positions {
    #[inline]
    fn new(count: usize) -> Self {
        Positions {
            inline: [0; 16],
            len: 0,
            heap: if count > 16 {
                Vec::with_capacity(count)
            } else {
                Vec::new()
            },
        }
    }

    #[inline]
    fn push(&mut self, position: usize) {
        if self.heap.capacity() > 0 {
            self.heap.push(position);
        } else {
            self.inline[self.len] = position;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[usize] {
        if self.heap.capacity() > 0 {
            &self.heap
        } else {
            &self.inline[..self.len]
        }
    }
}

/// A set of positions among a select's options: in place for up to 256 options, on the heap
/// beyond.
struct OptionSet {
    inline: [u64; 4],
    heap: Vec<u64>,
}

impl OptionSet {
    #[inline]
    fn new(options: usize) -> Self {
        let words = options.div_ceil(64);
        OptionSet {
            inline: [0; 4],
            heap: if words > 4 {
                vec![0; words]
            } else {
                Vec::new()
            },
        }
    }

    #[inline]
    fn words(&self) -> &[u64] {
        if self.heap.is_empty() {
            &self.inline
        } else {
            &self.heap
        }
    }

    #[inline]
    fn contains(&self, position: usize) -> bool {
        self.words()[position / 64] & (1 << (position % 64)) != 0
    }

    /// Adds `position`; whether it was there already.
    #[inline]
    fn insert(&mut self, position: usize) -> bool {
        let had = self.contains(position);
        self.words_mut()[position / 64] |= 1 << (position % 64);
        had
    }

    /// Takes `position` out; whether it was there.
    #[inline]
    fn remove(&mut self, position: usize) -> bool {
        let had = self.contains(position);
        self.words_mut()[position / 64] &= !(1 << (position % 64));
        had
    }

    #[inline]
    fn words_mut(&mut self) -> &mut [u64] {
        if self.heap.is_empty() {
            &mut self.inline
        } else {
            &mut self.heap
        }
    }
}

impl RequestedSchema {
    /// Checks `content` against this schema with the same rules [`Elicit::from_content`](crate::Elicit::from_content) applies,
    /// so a client can check a form before it sends it, or a server one it did not derive:
    /// required fields, types, bounds, lengths, formats, options, choices. Every problem is
    /// reported; keys the schema does not have are ignored.
    ///
    /// ```
    /// use mcp_elicit::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {"email": {"type": "string", "format": "email"}},
    ///     "required": ["email"]
    /// }))
    /// .unwrap();
    /// let bad = json!({"email": "not an address"});
    /// let err = schema.validate(bad.as_object().unwrap()).unwrap_err();
    /// assert_eq!(err.to_string(), "`email`: must be an e-mail address, got \"not an address\"");
    /// ```
    ///
    /// # Errors
    ///
    /// Every problem of the content, each naming its field.
    pub fn validate(&self, content: &Content) -> Result<(), ContentError> {
        let mut errors = Vec::new();
        for property in self.properties() {
            let field = || match &property.name {
                Cow::Borrowed(name) => Cow::Borrowed(*name),
                Cow::Owned(name) => Cow::Owned(name.clone()),
            };
            match content.get(property.name()).filter(|v| !v.is_null()) {
                None if property.is_required() => {
                    errors.push(FieldError::new(field(), ErrorKind::Missing));
                }
                None => {}
                Some(value) => {
                    check(property.schema(), value, |kind| {
                        errors.push(FieldError::new(field(), kind));
                    });
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ContentError::new(errors))
        }
    }
}

/// Why no answer could satisfy a property, or why its own default breaks its rules: what
/// [`satisfiable`] finds.
#[derive(Debug)]
pub(crate) enum Unsatisfiable {
    /// A lower bound above its upper bound (named as on the wire: `minLength`, `minItems`, ...).
    Inverted {
        low: &'static str,
        low_value: String,
        high: &'static str,
        high_value: String,
    },
    /// `minItems` asks for more choices than there are options.
    TooFewOptions { options: usize, min_items: u64 },
    /// The default breaks the property's rules, each problem said as after "it".
    Default(Vec<String>),
}

impl std::fmt::Display for Unsatisfiable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsatisfiable::Inverted {
                low,
                low_value,
                high,
                high_value,
            } => write!(
                f,
                "`{low}` {low_value} is greater than `{high}` {high_value}: no answer could satisfy both"
            ),
            Unsatisfiable::TooFewOptions { options, min_items } => write!(
                f,
                "`minItems` {min_items} asks for more choices than the {options} options"
            ),
            Unsatisfiable::Default(problems) => write!(
                f,
                "the `default` breaks the property's own rules: it {}",
                problems.join("; it ")
            ),
        }
    }
}

/// Whether some answer can satisfy `schema`, and its default (if any) is one: the one run-time
/// judge of a property's satisfiability, for a received schema and for a form's runtime options
/// alike. A derived form is judged at compile time instead, by the derive (`valid.rs`) and by
/// `const` code (`private/checks.rs`), which const evaluation keeps separate from this one.
pub(crate) fn satisfiable(schema: &PropertySchema) -> Result<(), Unsatisfiable> {
    fn ordered<T: PartialOrd + std::fmt::Display>(
        (low, low_value): (&'static str, Option<T>),
        (high, high_value): (&'static str, Option<T>),
    ) -> Result<(), Unsatisfiable> {
        match (low_value, high_value) {
            (Some(l), Some(h)) if l > h => Err(Unsatisfiable::Inverted {
                low,
                low_value: l.to_string(),
                high,
                high_value: h.to_string(),
            }),
            _ => Ok(()),
        }
    }
    match schema {
        PropertySchema::String(s) => {
            ordered(("minLength", s.min_length), ("maxLength", s.max_length))?;
        }
        PropertySchema::Number(n) => ordered(("minimum", n.minimum), ("maximum", n.maximum))?,
        PropertySchema::MultiSelect(m) => {
            ordered(("minItems", m.min_items), ("maxItems", m.max_items))?;
            let options = m.options.len();
            if let Some(min_items) = m.min_items.filter(|min| *min > options as u64) {
                return Err(Unsatisfiable::TooFewOptions { options, min_items });
            }
        }
        PropertySchema::Boolean(_) | PropertySchema::SingleSelect(_) => {}
    }
    if let Some(default) = schema.default_value() {
        let mut problems = Vec::new();
        check(schema, &default, |kind| problems.push(kind.to_string()));
        if !problems.is_empty() {
            return Err(Unsatisfiable::Default(problems));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn problems(options: usize, answer: Value) -> Vec<String> {
        let values: Vec<String> = (0..options).map(|i| format!("o{i}")).collect();
        let schema: RequestedSchema = serde_json::from_value(json!({
            "type": "object",
            "properties": {"pick": {"type": "array", "items": {"type": "string", "enum": values}}}
        }))
        .unwrap();
        let content = json!({ "pick": answer });
        match schema.validate(content.as_object().unwrap()) {
            Ok(()) => Vec::new(),
            Err(e) => e.errors().iter().map(|e| e.kind().to_string()).collect(),
        }
    }

    #[test]
    fn repeats_are_reported_where_the_option_is_first_chosen() {
        assert_eq!(
            problems(5, json!(["o1", "x", "o1", "o2", "o2"])),
            [
                "chooses \"o1\" more than once",
                "must be one of \"o0\", \"o1\", \"o2\", \"o3\", \"o4\", got \"x\"",
                "chooses \"o2\" more than once",
            ]
        );
        assert!(problems(3, json!(["o2", "o0"])).is_empty());
    }

    #[test]
    fn a_list_too_long_for_its_limit_reports_its_items_too() {
        let schema: RequestedSchema = serde_json::from_value(json!({
            "type": "object",
            "properties": {"pick": {"type": "array", "maxItems": 2, "items": {"type": "string", "enum": ["a", "b", "c", "d"]}}}
        }))
        .unwrap();
        let content = json!({"pick": ["a", "a", "z"]});
        let err = schema.validate(content.as_object().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`pick`: must have at most 2 options chosen, got 3\n\
             `pick`: chooses \"a\" more than once\n\
             `pick`: must be one of \"a\", \"b\", \"c\", \"d\", got \"z\""
        );
        // Longer than the options: refused by its length alone.
        let content = json!({"pick": ["z", "z", "z", "z", "z"]});
        let err = schema.validate(content.as_object().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`pick`: must have at most 2 options chosen, got 5"
        );
    }

    #[test]
    fn repeats_are_found_among_many_options() {
        // Beyond 256 options the set of positions is on the heap.
        assert_eq!(
            problems(1000, json!(["o999", "o3", "o999", "o300"])),
            ["chooses \"o999\" more than once"]
        );
        let every: Vec<String> = (0..1000).map(|i| format!("o{i}")).collect();
        assert!(problems(1000, json!(every)).is_empty());
    }
}
