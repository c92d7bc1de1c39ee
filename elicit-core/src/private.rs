//! Hidden helpers for the code `#[derive(Elicit)]` generates. Not a stable API: the facade pins
//! the derive to this exact version.
//!
//! The schema side is `const`: the derive turns a struct into one `static` schema whose every
//! property is `property(FIELD.shape(), FieldAttrs::new(..).title(..)..)`, evaluated by the
//! compiler, `FIELD` being the field's [`FieldAccess`]. A mistake the macro could not see (say, a
//! bound beyond the range of a type alias) is a compile-time panic of a check here, reported at
//! the attribute. The answer side ([`FieldAccess::read`], [`FieldAccess::write`]) runs the rules
//! shared with `RequestedSchema::validate`.

use std::borrow::Cow;

pub use serde_json::{Map, Value};

use crate::error::{ContentError, ErrorKind, FieldError};
use crate::field::{
    BooleanField, Choice, FormField, MultiSelectField, NumberField, Refusal, TextField, TextValue,
    choice_of, wire_value,
};
use crate::rules;
use crate::schema::{
    BooleanSchema, MultiSelectSchema, Number, NumberSchema, NumberType, Property, PropertySchema,
    RequestedSchema, SelectOption, SingleSelectSchema, StringFormat, StringSchema,
};

/// What a field type contributes to the schema.
#[derive(Clone, Copy, Debug)]
pub struct FieldShape {
    /// What the field holds.
    pub kind: FieldKind,
    /// `Option<_>`: not required, and absent when left empty.
    pub optional: bool,
}

impl FieldShape {
    /// A required field of this kind.
    pub const fn required(kind: FieldKind) -> Self {
        FieldShape {
            kind,
            optional: false,
        }
    }
}

/// The kinds of field, with what the Rust type implies.
#[derive(Clone, Copy, Debug)]
pub enum FieldKind {
    /// Text; `format` is one the type implies (a date type says `date`).
    Text {
        /// The format every value of the type has.
        format: Option<StringFormat>,
    },
    /// An integer type with range `min..=max`, and the bounds the schema states by default.
    Integer {
        /// The type's smallest value.
        min: i128,
        /// The type's largest value.
        max: i128,
        /// `minimum` stated when no attribute gives one.
        stated_min: Option<Number>,
        /// `maximum` stated when no attribute gives one.
        stated_max: Option<Number>,
    },
    /// A floating-point type whose finite values lie in `-max..=max`.
    Float {
        /// The type's largest finite value.
        max: f64,
    },
    /// `true` or `false`.
    Boolean,
    /// One of the options.
    SingleSelect {
        /// The options, from the enum's [`Choice`] implementation.
        options: &'static [SelectOption],
    },
    /// Any number of the options.
    MultiSelect {
        /// The options, from the enum's [`Choice`] implementation.
        options: &'static [SelectOption],
    },
}

/// A field's attributes, as the derive read them; built with `const` setters.
#[derive(Clone, Copy, Debug)]
pub struct FieldAttrs {
    name: &'static str,
    title: Option<&'static str>,
    description: Option<&'static str>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    format: Option<StringFormat>,
    minimum: Option<Number>,
    maximum: Option<Number>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    default: Option<DefaultValue>,
}

/// A `default = ..`.
#[derive(Clone, Copy, Debug)]
enum DefaultValue {
    Text(&'static str),
    Number(Number),
    Boolean(bool),
    /// The wire value of one option.
    Choice(&'static str),
    /// The wire values of the options selected.
    Choices(&'static [Cow<'static, str>]),
}

impl FieldAttrs {
    /// A field with this wire name and no attributes.
    pub const fn new(name: &'static str) -> Self {
        FieldAttrs {
            name,
            title: None,
            description: None,
            min_length: None,
            max_length: None,
            format: None,
            minimum: None,
            maximum: None,
            min_items: None,
            max_items: None,
            default: None,
        }
    }

    /// `title = ".."`.
    pub const fn title(mut self, title: &'static str) -> Self {
        self.title = Some(title);
        self
    }

    /// `description = ".."` or the doc comment.
    pub const fn description(mut self, description: &'static str) -> Self {
        self.description = Some(description);
        self
    }

    /// `min_length = N`.
    pub const fn min_length(mut self, min_length: u64) -> Self {
        self.min_length = Some(min_length);
        self
    }

    /// `max_length = N`.
    pub const fn max_length(mut self, max_length: u64) -> Self {
        self.max_length = Some(max_length);
        self
    }

    /// `format = ".."`.
    pub const fn format(mut self, format: StringFormat) -> Self {
        self.format = Some(format);
        self
    }

    /// `minimum = N`.
    pub const fn minimum(mut self, minimum: Number) -> Self {
        self.minimum = Some(minimum);
        self
    }

    /// `maximum = N`.
    pub const fn maximum(mut self, maximum: Number) -> Self {
        self.maximum = Some(maximum);
        self
    }

    /// `default = ".."`.
    pub const fn default_text(mut self, default: &'static str) -> Self {
        self.default = Some(DefaultValue::Text(default));
        self
    }

    /// `default = N`.
    pub const fn default_number(mut self, default: Number) -> Self {
        self.default = Some(DefaultValue::Number(default));
        self
    }

    /// `default = true` or `default = false`.
    pub const fn default_bool(mut self, default: bool) -> Self {
        self.default = Some(DefaultValue::Boolean(default));
        self
    }

    /// `min_items = N`.
    pub const fn min_items(mut self, min_items: u64) -> Self {
        self.min_items = Some(min_items);
        self
    }

    /// `max_items = N`.
    pub const fn max_items(mut self, max_items: u64) -> Self {
        self.max_items = Some(max_items);
        self
    }

    /// `default = Enum::Variant`, as the variant's wire value (see [`choice`]).
    pub const fn default_choice(mut self, value: &'static str) -> Self {
        self.default = Some(DefaultValue::Choice(value));
        self
    }

    /// `default = [Enum::A, Enum::B]`, as the variants' wire values.
    pub const fn default_choices(mut self, values: &'static [WireValue]) -> Self {
        self.default = Some(DefaultValue::Choices(values));
        self
    }
}

/// A wire value as a multi-select default holds it.
pub type WireValue = Cow<'static, str>;

/// An option without a title of its own.
pub const fn option(value: &'static str) -> SelectOption {
    SelectOption {
        value: Cow::Borrowed(value),
        title: None,
    }
}

/// An option with a title.
pub const fn titled_option(value: &'static str, title: &'static str) -> SelectOption {
    SelectOption {
        value: Cow::Borrowed(value),
        title: Some(Cow::Borrowed(title)),
    }
}

/// The shape of a single-select over the variants of `C`.
pub const fn single_select<C: Choice>() -> FieldShape {
    FieldShape::required(FieldKind::SingleSelect {
        options: C::OPTIONS,
    })
}

/// The wire value of the variant of `C` with this discriminant: how a typed default
/// (`default = Color::Green`, cast `as i128`) becomes the schema's `"default": "green"`.
pub const fn choice<C: Choice>(discriminant: i128) -> &'static str {
    let mut i = 0;
    while i < C::DISCRIMINANTS.len() {
        if C::DISCRIMINANTS[i] == discriminant {
            return match &C::OPTIONS[i].value {
                Cow::Borrowed(value) => value,
                Cow::Owned(_) => panic!("the options of a derived choice are static"),
            };
        }
        i += 1;
    }
    panic!("the default is not a variant of the select's enum")
}

/// [`choice`], as an element of a multi-select default.
pub const fn choice_cow<C: Choice>(discriminant: i128) -> WireValue {
    Cow::Borrowed(choice::<C>(discriminant))
}

/// Fails to compile with `message` if a multi-select default names one variant twice.
pub const fn check_distinct(discriminants: &[i128], message: &'static str) {
    let mut i = 0;
    while i < discriminants.len() {
        let mut j = i + 1;
        while j < discriminants.len() {
            if discriminants[i] == discriminants[j] {
                panic!("{}", message);
            }
            j += 1;
        }
        i += 1;
    }
}

/// Fails to compile with `message` if a text default does not have the field's format: the one
/// given with `format = ".."`, or the one its type implies (a date type's `date`). The check is
/// the one that judges answers.
pub const fn check_default_format(shape: FieldShape, attrs: FieldAttrs, message: &'static str) {
    let Some(DefaultValue::Text(text)) = attrs.default else {
        return;
    };
    let format = match (attrs.format, shape.kind) {
        (Some(format), _) => Some(format),
        (None, FieldKind::Text { format }) => format,
        (None, _) => None,
    };
    if let Some(format) = format
        && !crate::format::matches(format, text)
    {
        panic!("{}", message);
    }
}

/// Fails to compile with `message` if `min_items` asks for more choices than the select has.
pub const fn check_min_items<T: MultiSelectField>(min_items: u64, message: &'static str) {
    if min_items > <T::Choice as Choice>::OPTIONS.len() as u64 {
        panic!("{}", message);
    }
}

/// A float literal from an attribute as a schema number (the macro refuses non-finite ones).
pub const fn float(value: f64) -> Number {
    match Number::from_f64(value) {
        Some(n) => n,
        None => panic!("a bound or default must be a finite number"),
    }
}

/// The schema of a form with these properties.
pub const fn schema(properties: &'static [Property]) -> RequestedSchema {
    RequestedSchema::from_properties(Cow::Borrowed(properties))
}

/// One property: what the field type implies (its shape), narrowed or replaced by the
/// attributes.
///
/// Never panics: the derive has checked that the attributes fit the type, by name for the types it
/// knows and with [`require_text`], [`check_number`] and [`require_boolean`] for the others. An
/// attribute of another kind than the field's is ignored here.
pub const fn property(shape: FieldShape, attrs: FieldAttrs) -> Property {
    let schema = match shape.kind {
        FieldKind::Text { format } => PropertySchema::String(StringSchema {
            min_length: attrs.min_length,
            max_length: attrs.max_length,
            format: match attrs.format {
                Some(format) => Some(format),
                None => format,
            },
            default: match attrs.default {
                Some(DefaultValue::Text(text)) => Some(Cow::Borrowed(text)),
                _ => None,
            },
        }),
        FieldKind::Integer {
            stated_min,
            stated_max,
            ..
        } => number_schema(
            NumberType::Integer,
            or(attrs.minimum, stated_min),
            or(attrs.maximum, stated_max),
            attrs.default,
        ),
        FieldKind::Float { .. } => number_schema(
            NumberType::Number,
            attrs.minimum,
            attrs.maximum,
            attrs.default,
        ),
        FieldKind::Boolean => PropertySchema::Boolean(BooleanSchema {
            default: match attrs.default {
                Some(DefaultValue::Boolean(b)) => Some(b),
                _ => None,
            },
        }),
        FieldKind::SingleSelect { options } => PropertySchema::SingleSelect(SingleSelectSchema {
            options: Cow::Borrowed(options),
            default: match attrs.default {
                Some(DefaultValue::Choice(value)) => Some(Cow::Borrowed(value)),
                _ => None,
            },
        }),
        FieldKind::MultiSelect { options } => PropertySchema::MultiSelect(MultiSelectSchema {
            options: Cow::Borrowed(options),
            min_items: attrs.min_items,
            max_items: attrs.max_items,
            default: match attrs.default {
                Some(DefaultValue::Choices(values)) => Some(Cow::Borrowed(values)),
                _ => None,
            },
        }),
    };
    Property {
        name: Cow::Borrowed(attrs.name),
        title: cow(attrs.title),
        description: cow(attrs.description),
        required: !shape.optional && attrs.default.is_none(),
        schema,
    }
}

const fn cow(text: Option<&'static str>) -> Option<Cow<'static, str>> {
    match text {
        Some(text) => Some(Cow::Borrowed(text)),
        None => None,
    }
}

const fn number_schema(
    number_type: NumberType,
    minimum: Option<Number>,
    maximum: Option<Number>,
    default: Option<DefaultValue>,
) -> PropertySchema {
    PropertySchema::Number(NumberSchema {
        number_type,
        minimum,
        maximum,
        default: match default {
            Some(DefaultValue::Number(n)) => Some(n),
            _ => None,
        },
    })
}

const fn or(given: Option<Number>, implied: Option<Number>) -> Option<Number> {
    match given {
        Some(n) => Some(n),
        None => implied,
    }
}

/// Whether the numeric field type `T` can hold `value`: an integer type takes whole numbers in
/// its range, a float type finite numbers up to its largest.
pub const fn fits<T: NumberField>(value: Number) -> bool {
    match T::SHAPE.kind {
        FieldKind::Integer { min, max, .. } => match value.as_i128() {
            Some(v) => min <= v && v <= max,
            None => false,
        },
        FieldKind::Float { max } => {
            let v = value.as_f64();
            -max <= v && v <= max
        }
        FieldKind::Text { .. }
        | FieldKind::Boolean
        | FieldKind::SingleSelect { .. }
        | FieldKind::MultiSelect { .. } => false,
    }
}

/// Compiles only if `T` is a numeric field that can hold `value`; otherwise fails to compile with
/// `message`, which the derive writes for the attribute (a `const` panic cannot format). The
/// derive calls it, spanned at the attribute, for field types it cannot recognize by name.
pub const fn check_number<T: NumberField>(value: Number, message: &'static str) {
    if !fits::<T>(value) {
        panic!("{}", message);
    }
}

/// The content of an answer: a JSON object.
pub type Content = Map<String, Value>;

/// The problems `from_content` finds, field by field.
#[derive(Debug, Default)]
pub struct Problems(Vec<FieldError>);

impl Problems {
    /// No problems yet.
    pub fn new() -> Self {
        Problems(Vec::new())
    }

    /// The error for what was found. The generated code asks for it only after some field failed.
    pub fn into_error(self) -> ContentError {
        ContentError::new(self.0)
    }
}

/// How generated code reaches one field type's [`FormField`] implementation.
///
/// The derive writes one `const` of it per field, with [`access`]: the trait bound is checked
/// there, once, at the field's type, and every other use (the schema, `from_content`,
/// `to_content`) goes through the accessor without a bound of its own. A type that is not a form
/// field is one error, not one per use.
pub struct FieldAccess<T> {
    shape: FieldShape,
    from_value: fn(&Value) -> Result<T, Refusal>,
    to_value: fn(&T) -> Option<Value>,
    absent: fn() -> Option<T>,
}

/// The accessor of a field of type `T`.
pub const fn access<T: FormField>() -> FieldAccess<T> {
    FieldAccess {
        shape: T::SHAPE,
        from_value: T::from_value,
        to_value: T::to_value,
        absent: T::absent,
    }
}

impl<T> FieldAccess<T> {
    /// What the type contributes to the schema.
    pub const fn shape(&self) -> FieldShape {
        self.shape
    }

    /// The value of this field, given its value in the content (if any): checked against the
    /// property's rules, then converted. A problem is recorded in `problems` and gives `None`.
    ///
    /// Always inlined into the generated `from_content`, where `property` is a `static`: the
    /// compiler then folds the rules of this very field and drops the others, so what is left is
    /// about what serde's generated code does, plus the checks this field has.
    #[inline(always)]
    pub fn read(
        &self,
        value: Option<&Value>,
        property: &'static Property,
        problems: &mut Problems,
    ) -> Option<T> {
        let name = &property.name;
        let report =
            |problems: &mut Problems, kind| problems.0.push(FieldError::new(name.clone(), kind));
        // `null` is no value: an absent field and a `null` one are read alike.
        let Some(value) = value.filter(|v| !v.is_null()) else {
            // An `Option` is `None`: the user left it empty (a client shows the default, so an
            // absent optional field was cleared). Other fields take their default, or are missing.
            if let Some(absent) = (self.absent)() {
                return Some(absent);
            }
            let Some(default) = property.schema.default_value() else {
                report(problems, ErrorKind::Missing);
                return None;
            };
            return match (self.from_value)(&default) {
                Ok(value) => Some(value),
                Err(kind) => {
                    report(problems, *kind);
                    None
                }
            };
        };
        let mut passed = true;
        rules::check(&property.schema, value, |kind| {
            passed = false;
            report(problems, kind);
        });
        if !passed {
            return None;
        }
        match (self.from_value)(value) {
            Ok(value) => Some(value),
            Err(kind) => {
                report(problems, *kind);
                None
            }
        }
    }

    /// Writes this field into `content`, unless it is left out (`None`).
    pub fn write(&self, content: &mut Content, property: &Property, value: &T) {
        if let Some(value) = (self.to_value)(value) {
            content.insert(property.name().to_owned(), value);
        }
    }
}

/// [`FormField::from_value`] of a derived select enum.
pub fn single_from_value<E: Choice>(value: &Value) -> Result<E, Refusal> {
    choice_of(value).map_err(Box::new)
}

/// [`FormField::to_value`] of a derived select enum.
pub fn single_to_value<E: Choice>(choice: &E) -> Option<Value> {
    wire_value(choice)
}

/// Compiles only if `T` is a text field; the derive calls it, spanned at the attribute, for
/// field types it cannot recognize by name.
pub const fn require_text<T: TextField>() {}

/// Compiles only if `T` takes a text default; see [`require_text`].
pub const fn require_text_value<T: TextValue>() {}

/// Compiles only if `T` is a boolean field; see [`require_text`].
pub const fn require_boolean<T: BooleanField>() {}

/// Compiles only if `T` is a multi-select field; see [`require_text`].
pub const fn require_multi_select<T: MultiSelectField>() {}

#[cfg(test)]
mod tests {
    use super::*;

    fn number_schema_of(p: &Property) -> &NumberSchema {
        match p.schema() {
            PropertySchema::Number(n) => n,
            other => panic!("not a number: {other:?}"),
        }
    }

    #[test]
    fn a_range_without_attributes_is_what_the_type_states() {
        let p = property(access::<u8>().shape(), FieldAttrs::new("n"));
        let n = number_schema_of(&p);
        assert_eq!(n.number_type(), NumberType::Integer);
        assert_eq!(n.minimum(), Some(Number::from_i64(0)));
        assert_eq!(n.maximum(), Some(Number::from_i64(255)));
        assert!(p.is_required());
        let p = property(access::<i64>().shape(), FieldAttrs::new("n"));
        assert_eq!(number_schema_of(&p).minimum(), None);
        let p = property(access::<f32>().shape(), FieldAttrs::new("n"));
        assert_eq!(number_schema_of(&p).number_type(), NumberType::Number);
        assert_eq!(number_schema_of(&p).maximum(), None);
    }

    #[test]
    fn attributes_narrow_the_stated_range() {
        let p = property(
            access::<Option<u8>>().shape(),
            FieldAttrs::new("n").minimum(Number::from_i64(18)),
        );
        let n = number_schema_of(&p);
        assert_eq!(n.minimum(), Some(Number::from_i64(18)));
        assert_eq!(n.maximum(), Some(Number::from_i64(255)));
        assert!(!p.is_required());
    }

    #[test]
    fn fits_follows_the_rust_type() {
        assert!(fits::<u8>(Number::from_i64(255)));
        assert!(!fits::<u8>(Number::from_i64(256)));
        assert!(!fits::<u8>(Number::from_i64(-1)));
        assert!(!fits::<u8>(float(1.0)));
        assert!(fits::<Option<i8>>(Number::from_i64(-128)));
        assert!(fits::<u64>(Number::from_u64(u64::MAX)));
        assert!(!fits::<i64>(Number::from_u64(u64::MAX)));
        assert!(fits::<f32>(float(1e38)));
        assert!(!fits::<f32>(float(-1e39)));
        assert!(fits::<f64>(Number::from_u64(u64::MAX)));
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn check_number_fails_with_the_given_words() {
        check_number::<u16>(Number::from_i64(70000), "`maximum = 70000` does not fit");
    }

    #[test]
    fn a_default_makes_a_field_optional() {
        let p = property(
            access::<bool>().shape(),
            FieldAttrs::new("b").default_bool(true),
        );
        assert!(!p.is_required());
        assert_eq!(
            p.schema(),
            &PropertySchema::Boolean(BooleanSchema {
                default: Some(true)
            })
        );
    }

    #[test]
    fn text_keeps_every_attribute() {
        let p = property(
            access::<String>().shape(),
            FieldAttrs::new("s")
                .title("T")
                .description("D")
                .min_length(1)
                .max_length(9)
                .format(StringFormat::Email)
                .default_text("a@b.c"),
        );
        assert_eq!(p.title(), Some("T"));
        assert_eq!(p.description(), Some("D"));
        assert!(!p.is_required());
        let PropertySchema::String(s) = p.schema() else {
            panic!("not text: {p:?}")
        };
        assert_eq!(
            (s.min_length(), s.max_length(), s.format(), s.default()),
            (Some(1), Some(9), Some(StringFormat::Email), Some("a@b.c"))
        );
    }
}
