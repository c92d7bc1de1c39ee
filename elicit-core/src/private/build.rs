//! The `const` builders of a derived form's schema. The derive turns a struct into one `static`
//! schema whose every property is `property(FIELD.shape(), FieldAttrs::new(..).title(..)..)`,
//! evaluated by the compiler, `FIELD` being the field's `FieldAccess`.

use std::borrow::Cow;

use crate::field::{Choice, Constraints, FieldKind, FieldShape};
use crate::schema::{
    BooleanSchema, FormLabels, MultiSelectSchema, Number, NumberSchema, NumberType, Options,
    Pattern, Property, PropertySchema, RequestedSchema, SelectOption, SingleSelectSchema,
    StringFormat, StringSchema,
};

/// A field's attributes, as the derive read them; built with `const` setters.
#[derive(Clone, Copy, Debug)]
pub struct FieldAttrs {
    name: &'static str,
    title: Option<&'static str>,
    description: Option<&'static str>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pub(super) format: Option<StringFormat>,
    pattern: Option<&'static str>,
    minimum: Option<Number>,
    maximum: Option<Number>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    pub(super) default: Option<DefaultValue>,
}

/// A `default = ..`.
#[derive(Clone, Copy, Debug)]
pub(super) enum DefaultValue {
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
            pattern: None,
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

    /// The title and description in another language (`None` leaves the field without one):
    /// the rest of the attributes are the same in every language.
    pub const fn labels(
        mut self,
        title: Option<&'static str>,
        description: Option<&'static str>,
    ) -> Self {
        self.title = title;
        self.description = description;
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

    /// `pattern = ".."` (checked at compile time by the derive).
    pub const fn pattern(mut self, pattern: &'static str) -> Self {
        self.pattern = Some(pattern);
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
        description: None,
    }
}

/// An option with a title.
pub const fn titled_option(value: &'static str, title: &'static str) -> SelectOption {
    SelectOption {
        value: Cow::Borrowed(value),
        title: Some(Cow::Borrowed(title)),
        description: None,
    }
}

/// An option with a description (a variant's doc comment), and a title if the select has them.
pub const fn described_option(
    value: &'static str,
    title: Option<&'static str>,
    description: &'static str,
) -> SelectOption {
    SelectOption {
        value: Cow::Borrowed(value),
        title: cow(title),
        description: Some(Cow::Borrowed(description)),
    }
}

/// The shape of a single-select over the variants of `C`.
pub const fn single_select<C: Choice>() -> FieldShape {
    FieldShape::required(FieldKind::SingleSelect {
        options: C::OPTIONS,
        enum_names: C::ENUM_NAMES,
        translations: C::TRANSLATIONS,
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

/// A form's schema with its own title and description (written where a protocol has them).
pub const fn labelled_schema(
    properties: &'static [Property],
    title: Option<&'static str>,
    description: Option<&'static str>,
) -> RequestedSchema {
    let labels = FormLabels {
        title: cow(title),
        description: cow(description),
    };
    RequestedSchema::labelled(Cow::Borrowed(properties), labels)
}

/// One property: what the field type implies (its shape), narrowed or replaced by the
/// attributes.
///
/// Never panics: the derive has checked that the attributes fit the type, by name for the types it
/// knows and with [`require_text`](super::require_text), [`check_number`](super::check_number)
/// and [`require_boolean`](super::require_boolean) for the others. An attribute of another kind
/// than the field's is ignored here.
pub const fn property(shape: FieldShape, attrs: FieldAttrs) -> Property {
    let c = shape.constraints;
    let schema = match shape.kind {
        FieldKind::Text { .. } | FieldKind::Secret => PropertySchema::String(StringSchema {
            min_length: larger(c.min_length, attrs.min_length),
            max_length: smaller(c.max_length, attrs.max_length),
            format: match (shape.kind, attrs.format) {
                // A secret is typed into a password input, whatever it looks like.
                (FieldKind::Secret, _) => None,
                (_, Some(format)) => Some(format),
                (FieldKind::Text { format }, None) => format,
                (_, None) => None,
            },
            pattern: match attrs.pattern {
                Some(pattern) => Some(Pattern::from_static(pattern)),
                None => None,
            },
            default: match (shape.kind, attrs.default) {
                // A secret starts empty: a default would be written into the page.
                (FieldKind::Secret, _) => None,
                (_, Some(DefaultValue::Text(text))) => Some(Cow::Borrowed(text)),
                _ => None,
            },
            secret: matches!(shape.kind, FieldKind::Secret),
        }),
        FieldKind::Integer {
            stated_min,
            stated_max,
            ..
        } => number_schema(
            NumberType::Integer,
            or(larger_number(c.minimum, attrs.minimum), stated_min),
            or(smaller_number(c.maximum, attrs.maximum), stated_max),
            attrs.default,
        ),
        FieldKind::Float { .. } => number_schema(
            NumberType::Number,
            larger_number(c.minimum, attrs.minimum),
            smaller_number(c.maximum, attrs.maximum),
            attrs.default,
        ),
        FieldKind::Boolean => PropertySchema::Boolean(BooleanSchema {
            default: match attrs.default {
                Some(DefaultValue::Boolean(b)) => Some(b),
                _ => None,
            },
        }),
        FieldKind::SingleSelect {
            options,
            enum_names,
            ..
        } => PropertySchema::SingleSelect(SingleSelectSchema {
            enum_names,
            options: Options::from_static(options),
            default: match attrs.default {
                Some(DefaultValue::Choice(value)) => Some(Cow::Borrowed(value)),
                _ => None,
            },
            runtime: false,
        }),
        FieldKind::MultiSelect { options, .. } => PropertySchema::MultiSelect(MultiSelectSchema {
            options: Options::from_static(options),
            min_items: larger(c.min_items, attrs.min_items),
            max_items: smaller(c.max_items, attrs.max_items),
            default: match attrs.default {
                Some(DefaultValue::Choices(values)) => Some(Cow::Borrowed(values)),
                _ => None,
            },
            runtime: false,
        }),
        // No options yet: `RequestedSchema::with_choices` fills them in when the form is asked.
        FieldKind::RuntimeSelect { multi: false } => {
            PropertySchema::SingleSelect(SingleSelectSchema {
                options: Options::from_static(&[]),
                default: None,
                enum_names: false,
                runtime: true,
            })
        }
        FieldKind::RuntimeSelect { multi: true } => {
            PropertySchema::MultiSelect(MultiSelectSchema {
                options: Options::from_static(&[]),
                min_items: larger(c.min_items, attrs.min_items),
                max_items: smaller(c.max_items, attrs.max_items),
                default: None,
                runtime: true,
            })
        }
    };
    Property {
        name: Cow::Borrowed(attrs.name),
        title: cow(attrs.title),
        description: cow(attrs.description),
        required: !shape.optional && attrs.default.is_none(),
        schema,
    }
}

/// Optional `static` text as the model holds it.
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

/// The larger of two lower bounds, either perhaps absent: both apply.
const fn larger(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if a > b { a } else { b }),
        (Some(a), None) => Some(a),
        (None, b) => b,
    }
}

/// The smaller of two upper bounds, either perhaps absent: both apply.
const fn smaller(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if a < b { a } else { b }),
        (Some(a), None) => Some(a),
        (None, b) => b,
    }
}

/// [`larger`], of numbers.
const fn larger_number(a: Option<Number>, b: Option<Number>) -> Option<Number> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if a.numeric().compare(b.numeric()).is_gt() {
            a
        } else {
            b
        }),
        (Some(a), None) => Some(a),
        (None, b) => b,
    }
}

/// [`smaller`], of numbers.
const fn smaller_number(a: Option<Number>, b: Option<Number>) -> Option<Number> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if a.numeric().compare(b.numeric()).is_lt() {
            a
        } else {
            b
        }),
        (Some(a), None) => Some(a),
        (None, b) => b,
    }
}

/// The shape of a newtype with `#[elicit(transparent)]`: its inner field's type's shape, with the
/// inner field's attributes as constraints of the newtype (and its `format` as the format it
/// implies). The derive allows only bounds and `format` on the inner field.
pub const fn transparent(inner: FieldShape, attrs: FieldAttrs) -> FieldShape {
    let c = inner.constraints;
    let kind = match (inner.kind, attrs.format) {
        (FieldKind::Text { .. }, Some(format)) => FieldKind::Text {
            format: Some(format),
        },
        (kind, _) => kind,
    };
    FieldShape {
        kind,
        optional: inner.optional,
        constraints: Constraints {
            min_length: larger(c.min_length, attrs.min_length),
            max_length: smaller(c.max_length, attrs.max_length),
            minimum: larger_number(c.minimum, attrs.minimum),
            maximum: smaller_number(c.maximum, attrs.maximum),
            min_items: larger(c.min_items, attrs.min_items),
            max_items: smaller(c.max_items, attrs.max_items),
        },
    }
}

const fn or(given: Option<Number>, implied: Option<Number>) -> Option<Number> {
    match given {
        Some(n) => Some(n),
        None => implied,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::access;

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
