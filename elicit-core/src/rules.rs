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
    Content, MultiSelectSchema, Number, NumberSchema, NumberType, PropertySchema, RequestedSchema,
    SingleSelectSchema, StringSchema, option_position,
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
}

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
    let Value::String(choice) = value else {
        return Err(ErrorKind::wrong_type(Expected::Option, value));
    };
    option_position(&schema.options, choice).ok_or_else(|| ErrorKind::NotAnOption {
        found: describe(value),
        options: schema.options.clone(),
    })
}

#[inline(always)]
fn multi(schema: &MultiSelectSchema, value: &Value, fail: &mut impl FnMut(ErrorKind)) {
    let Value::Array(items) = value else {
        return fail(ErrorKind::wrong_type(Expected::Options, value));
    };
    let count = items.len() as u64;
    // Longer than allowed, or than it could be without repeating an option: refused by its
    // length alone, without looking at the items.
    let options = schema.options.len() as u64;
    let max_items = schema.max_items.map_or(options, |max| max.min(options));
    if count > max_items {
        return fail(ErrorKind::TooManyChoices { max_items, count });
    }
    if let Some(min_items) = schema.min_items.filter(|min| count < *min) {
        fail(ErrorKind::TooFewChoices { min_items, count });
    }
    // At most as many items as options here, so this is bounded by the form's own size.
    for (i, item) in items.iter().enumerate() {
        let known = item
            .as_str()
            .and_then(|s| option_position(&schema.options, s));
        match known {
            None => fail(ErrorKind::NotAnOption {
                found: describe(item),
                options: schema.options.clone(),
            }),
            Some(_) => {
                let first = items.iter().position(|other| other == item);
                let repeated_later =
                    first == Some(i) && items[i + 1..].iter().any(|other| other == item);
                if repeated_later {
                    fail(ErrorKind::RepeatedChoice {
                        choice: item.as_str().map(excerpt).unwrap_or_default(),
                    });
                }
            }
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
