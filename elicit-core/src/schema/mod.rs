//! The elicitation form schema: the `requestedSchema` of an `elicitation/create` request.
//!
//! A [`RequestedSchema`] is a flat object schema: an ordered list of [`Property`]s, each a
//! primitive ([`PropertySchema`]): text, a number, a boolean, or a single- or multi-select among
//! [`SelectOption`]s. `#[derive(Elicit)]` builds one at compile time; it serializes
//! to exactly the JSON the MCP specification defines.

use std::borrow::Cow;
use std::sync::OnceLock;

mod number;
mod numeric;
mod options;
mod pattern;
#[cfg(feature = "page")]
mod per_language;
mod select;
mod ser;

pub use number::Number;
pub use options::Options;
pub use pattern::Pattern;
#[cfg(feature = "page")]
pub(crate) use per_language::PerLanguage;
pub use select::{MultiSelectSchema, SelectOption, SingleSelectSchema};
pub use ser::SchemaFor;

/// The content of an answer: the JSON object of field values in an `ElicitResult`.
pub type Content = serde_json::Map<String, serde_json::Value>;

/// The `requestedSchema` of an elicitation form: `{"type":"object","properties":{..},"required":[..]}`.
///
/// Properties keep their declaration order, which is the order a client renders the form in.
/// `required` lists the required properties in the same order and is left out when empty.
///
/// ```
/// use mcp_elicit::Elicit;
///
/// #[derive(Elicit)]
/// struct Contact {
///     /// Your e-mail address
///     #[elicit(format = "email")]
///     email: String,
///     newsletter: Option<bool>,
/// }
///
/// let schema = Contact::requested_schema();
/// assert_eq!(
///     serde_json::to_string(schema).unwrap(),
///     r#"{"type":"object","properties":{"email":{"type":"string","description":"Your e-mail address","format":"email"},"newsletter":{"type":"boolean"}},"required":["email"]}"#
/// );
/// ```
#[derive(Clone)]
pub struct RequestedSchema {
    pub(crate) properties: Cow<'static, [Property]>,
    /// The form's own title and description (`#[elicit(title, description)]` on the struct, or
    /// its doc comment): written where a protocol has them (ACP), not on MCP, whose forms have
    /// none.
    pub(crate) labels: FormLabels,
    /// The JSON text, written on first use, per schema dialect (see
    /// [`RequestedSchema::json_for`] and `version::Dialect`).
    pub(crate) json: [OnceLock<Box<str>>; crate::version::Dialect::COUNT],
    /// The HTML of the form's fields on a page that starts from the defaults (no values given,
    /// no problems, no secrets but the form's own), written on first use: most pages are that
    /// page, whose fields follow from the form alone (see `page::render::FormPage::render`).
    #[cfg(feature = "page")]
    pub(crate) blank_fields: PerLanguage<Box<str>>,
    /// The rules each field's page shows under it, in form order, said once per language.
    #[cfg(feature = "page")]
    pub(crate) page_notes: PerLanguage<std::sync::Arc<[Option<Box<str>>]>>,
}

impl RequestedSchema {
    pub(crate) const fn from_properties(properties: Cow<'static, [Property]>) -> Self {
        RequestedSchema::labelled(properties, FormLabels::NONE)
    }

    pub(crate) const fn labelled(properties: Cow<'static, [Property]>, labels: FormLabels) -> Self {
        RequestedSchema {
            properties,
            labels,
            json: [const { OnceLock::new() }; crate::version::Dialect::COUNT],
            #[cfg(feature = "page")]
            blank_fields: PerLanguage::new(),
            #[cfg(feature = "page")]
            page_notes: PerLanguage::new(),
        }
    }
}

/// A form's own title and description.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FormLabels {
    pub(crate) title: Option<Cow<'static, str>>,
    pub(crate) description: Option<Cow<'static, str>>,
}

impl FormLabels {
    pub(crate) const NONE: FormLabels = FormLabels {
        title: None,
        description: None,
    };
}

/// Two schemas are equal if their properties and labels are (the cached JSON text and page
/// fields follow from them).
impl PartialEq for RequestedSchema {
    fn eq(&self, other: &Self) -> bool {
        self.properties == other.properties && self.labels == other.labels
    }
}

#[expect(
    clippy::missing_fields_in_debug,
    reason = "the JSON and page caches follow from the properties"
)]
impl std::fmt::Debug for RequestedSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RequestedSchema")
            .field("properties", &self.properties)
            .field("labels", &self.labels)
            .finish()
    }
}

impl RequestedSchema {
    /// The properties, in form order.
    pub fn properties(&self) -> &[Property] {
        &self.properties
    }

    /// The form's own title: `#[elicit(title = "..")]` on the struct. Written where a protocol
    /// has it (ACP); MCP's forms have none.
    pub fn title(&self) -> Option<&str> {
        self.labels.title.as_deref()
    }

    /// The form's own description: `#[elicit(description = "..")]` on the struct, or its doc
    /// comment. Written where a protocol has it (ACP); MCP's forms have none.
    pub fn description(&self) -> Option<&str> {
        self.labels.description.as_deref()
    }

    /// The same form, with other properties: the labels kept.
    pub(crate) fn with_properties(&self, properties: Vec<Property>) -> RequestedSchema {
        RequestedSchema::labelled(Cow::Owned(properties), self.labels.clone())
    }

    /// The property with this wire name.
    pub fn property(&self, name: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.name() == name)
    }

    /// The wire names of the required properties, in form order.
    pub fn required(&self) -> impl Iterator<Item = &str> {
        self.properties
            .iter()
            .filter(|p| p.is_required())
            .map(Property::name)
    }

    /// Fills in the defaults (SEP-1034) of the properties `content` leaves out (or sets to
    /// `null`), as a client does before it sends an answer: what the official TypeScript SDK's
    /// `applyDefaults` does. Values given are kept; properties without a default stay out.
    ///
    /// ```
    /// use mcp_elicit::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "name": {"type": "string", "default": "John Doe"},
    ///         "age": {"type": "integer", "default": 30},
    ///         "note": {"type": "string"}
    ///     }
    /// })).unwrap();
    /// let mut answer = json!({"age": 41}).as_object().unwrap().clone();
    /// schema.apply_defaults(&mut answer);
    /// assert_eq!(serde_json::Value::Object(answer), json!({"age": 41, "name": "John Doe"}));
    /// ```
    pub fn apply_defaults(&self, content: &mut Content) {
        for property in self.properties.iter() {
            let absent = content
                .get(property.name())
                .is_none_or(serde_json::Value::is_null);
            if absent && let Some(default) = property.schema.default_value() {
                content.insert(property.name().to_owned(), default);
            }
        }
    }

    /// A copy of this form that starts with the values of `content`: each value of the kind its
    /// property holds (text, a number, a boolean, an option, a list of options) becomes that
    /// property's `default`, so a client shows it filled in. Other properties keep their own
    /// default; required ones stay required. Pass only values the form accepts (a value that
    /// broke a rule would be offered again); see
    /// [`FormRequest::retry`](crate::request::FormRequest::retry), which does.
    ///
    /// Written for a version without defaults on every type (2025-06-18), only the booleans'
    /// show. Linear in the size of the form and of `content`.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit)]
    /// struct Signup {
    ///     name: String,
    ///     #[elicit(minimum = 13)]
    ///     age: u8,
    /// }
    ///
    /// let answer = json!({"name": "Ada", "age": 36});
    /// let schema = Signup::requested_schema().with_defaults(answer.as_object().unwrap());
    /// assert_eq!(
    ///     serde_json::to_value(&schema).unwrap()["properties"],
    ///     json!({
    ///         "name": {"type": "string", "default": "Ada"},
    ///         "age": {"type": "integer", "minimum": 13, "maximum": 255, "default": 36}
    ///     })
    /// );
    /// ```
    pub fn with_defaults(&self, content: &Content) -> RequestedSchema {
        let properties = self
            .properties
            .iter()
            .map(|property| {
                let mut property = property.clone();
                if let Some(value) = content.get(property.name()) {
                    property.schema.set_default(value);
                }
                property
            })
            .collect();
        self.with_properties(properties)
    }

    /// The form of just the properties `keep` selects (by wire name), in form order, each as it
    /// is here: the partial form that asks for some fields of a larger one.
    ///
    /// ```
    /// use mcp_elicit::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Issue {
    ///     #[elicit(min_length = 3)]
    ///     title: String,
    ///     body: Option<String>,
    ///     urgent: bool,
    /// }
    ///
    /// let part = Issue::requested_schema().only(|name| name != "body");
    /// let names: Vec<&str> = part.properties().iter().map(|p| p.name()).collect();
    /// assert_eq!(names, ["title", "urgent"]);
    /// assert_eq!(part.required().collect::<Vec<_>>(), ["title", "urgent"]);
    /// ```
    pub fn only(&self, keep: impl Fn(&str) -> bool) -> RequestedSchema {
        let properties = self
            .properties
            .iter()
            .filter(|property| keep(property.name()))
            .cloned()
            .collect();
        self.with_properties(properties)
    }
}

/// One field of a form: its wire name, its labels, whether it is required, and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    pub(crate) name: Cow<'static, str>,
    pub(crate) title: Option<Cow<'static, str>>,
    pub(crate) description: Option<Cow<'static, str>>,
    pub(crate) required: bool,
    pub(crate) schema: PropertySchema,
}

impl Property {
    /// The wire name: the key of this field in the schema's `properties` and in the answer's `content`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The label a client shows for the field (`title`).
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The help text a client shows for the field (`description`).
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// Whether the answer must contain this field (listed in `required`).
    pub fn is_required(&self) -> bool {
        self.required
    }

    /// What the field holds and the constraints on it.
    pub fn schema(&self) -> &PropertySchema {
        &self.schema
    }
}

/// What a form field holds: one of the primitive schemas the MCP specification allows.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PropertySchema {
    /// `{"type":"string", ..}`: text, possibly with a format.
    String(StringSchema),
    /// `{"type":"integer", ..}` or `{"type":"number", ..}`.
    Number(NumberSchema),
    /// `{"type":"boolean", ..}`.
    Boolean(BooleanSchema),
    /// `{"type":"string","enum":[..]}` or, titled, `{"type":"string","oneOf":[{"const":..,"title":..}]}`.
    SingleSelect(SingleSelectSchema),
    /// `{"type":"array","items":{"type":"string","enum":[..]}}` or, titled,
    /// `{"type":"array","items":{"anyOf":[{"const":..,"title":..}]}}`.
    MultiSelect(MultiSelectSchema),
}

impl PropertySchema {
    /// Makes `value` the default, if it is a value of this kind; otherwise changes nothing.
    fn set_default(&mut self, value: &serde_json::Value) {
        use serde_json::Value;
        match (self, value) {
            (PropertySchema::String(s), Value::String(text)) => {
                s.default = Some(Cow::Owned(text.clone()));
            }
            (PropertySchema::Number(n), Value::Number(number)) => {
                n.default = Some(Number::from_json(number));
            }
            (PropertySchema::Boolean(b), Value::Bool(flag)) => b.default = Some(*flag),
            (PropertySchema::SingleSelect(s), Value::String(choice))
                if s.options.position(choice).is_some() =>
            {
                s.default = Some(Cow::Owned(choice.clone()));
            }
            (PropertySchema::MultiSelect(m), Value::Array(items)) => {
                let choices: Option<Vec<Cow<'static, str>>> = items
                    .iter()
                    .map(|item| {
                        let choice = item.as_str()?;
                        m.options.position(choice)?;
                        Some(Cow::Owned(choice.to_owned()))
                    })
                    .collect();
                if let Some(choices) = choices {
                    m.default = Some(Cow::Owned(choices));
                }
            }
            _ => {}
        }
    }

    /// The field's `default` as the JSON value an answer would carry, if it has one.
    pub fn default_value(&self) -> Option<serde_json::Value> {
        use serde_json::Value;
        match self {
            PropertySchema::String(s) => s.default.as_deref().map(Value::from),
            PropertySchema::Number(n) => n.default.map(|d| Value::Number(d.into())),
            PropertySchema::Boolean(b) => b.default.map(Value::Bool),
            PropertySchema::SingleSelect(s) => s.default.as_deref().map(Value::from),
            PropertySchema::MultiSelect(m) => m
                .default
                .as_deref()
                .map(|d| Value::Array(d.iter().map(|v| Value::from(&**v)).collect())),
        }
    }
}

/// A text field: `{"type":"string","minLength":..,"maxLength":..,"format":..,"default":..}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StringSchema {
    pub(crate) min_length: Option<u64>,
    pub(crate) max_length: Option<u64>,
    pub(crate) format: Option<StringFormat>,
    pub(crate) pattern: Option<Pattern>,
    pub(crate) default: Option<Cow<'static, str>>,
    /// A secret the person types ([`FieldKind::Secret`](crate::field::FieldKind::Secret)):
    /// never sent in a form, never written back.
    pub(crate) secret: bool,
}

impl StringSchema {
    /// The fewest characters (Unicode code points) the answer may have.
    pub fn min_length(&self) -> Option<u64> {
        self.min_length
    }

    /// The most characters (Unicode code points) the answer may have.
    pub fn max_length(&self) -> Option<u64> {
        self.max_length
    }

    /// The format the text must have.
    pub fn format(&self) -> Option<StringFormat> {
        self.format
    }

    /// The regular expression the answer must match (`#[elicit(pattern = "..")]`).
    pub fn pattern(&self) -> Option<&Pattern> {
        self.pattern.as_ref()
    }

    /// The value the form starts with.
    pub fn default(&self) -> Option<&str> {
        self.default.as_deref()
    }

    /// Whether it is a secret the person types (a password, an API key): a form holding one is
    /// asked through a page only, where it is a password input that is never refilled; no
    /// protocol version writes it in a form sent to a client.
    pub fn is_secret(&self) -> bool {
        self.secret
    }
}

/// The formats a text field may require; the MCP specification allows exactly these four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StringFormat {
    /// `"email"`: an e-mail address.
    Email,
    /// `"uri"`: an absolute URI, with a scheme.
    Uri,
    /// `"date"`: an RFC 3339 full-date, `2025-11-25`.
    Date,
    /// `"date-time"`: an RFC 3339 date-time with an offset, `2025-11-25T09:30:00Z`.
    DateTime,
}

impl StringFormat {
    /// Every format an MCP form allows, in the order the specification lists them.
    pub const ALL: [StringFormat; 4] = [
        StringFormat::Email,
        StringFormat::Uri,
        StringFormat::Date,
        StringFormat::DateTime,
    ];

    /// The name the schema uses: `"email"`, `"uri"`, `"date"` or `"date-time"`. The one spelling
    /// of the names in this crate ([`StringFormat::from_name`] reads them back); the derive, which
    /// cannot depend on this crate at compile time, keeps its own list in `attr/value.rs`, and a
    /// test checks that the two agree.
    pub const fn as_str(self) -> &'static str {
        match self {
            StringFormat::Email => "email",
            StringFormat::Uri => "uri",
            StringFormat::Date => "date",
            StringFormat::DateTime => "date-time",
        }
    }

    /// What a value of this format is, in words, with an example where one helps: what a
    /// problem with a value says it must be, and what a client shows before it is typed.
    pub(crate) const fn word(self) -> crate::lang::Word {
        use crate::lang::Word;
        match self {
            StringFormat::Email => Word::FormatEmail,
            StringFormat::Uri => Word::FormatUri,
            StringFormat::Date => Word::FormatDate,
            StringFormat::DateTime => Word::FormatDateTime,
        }
    }

    /// The format the schema names `name`, if MCP forms allow it.
    ///
    /// ```
    /// use mcp_elicit::schema::StringFormat;
    ///
    /// assert_eq!(StringFormat::from_name("date-time"), Some(StringFormat::DateTime));
    /// assert_eq!(StringFormat::from_name("ipv4"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<StringFormat> {
        StringFormat::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

impl std::fmt::Display for StringFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A numeric field: `{"type":"integer"|"number","minimum":..,"maximum":..,"default":..}`.
#[derive(Clone, Debug, PartialEq)]
pub struct NumberSchema {
    pub(crate) number_type: NumberType,
    pub(crate) minimum: Option<Number>,
    pub(crate) maximum: Option<Number>,
    pub(crate) default: Option<Number>,
}

impl NumberSchema {
    /// Whether the field takes integers only or any number.
    pub fn number_type(&self) -> NumberType {
        self.number_type
    }

    /// The smallest value allowed (inclusive).
    pub fn minimum(&self) -> Option<Number> {
        self.minimum
    }

    /// The largest value allowed (inclusive).
    pub fn maximum(&self) -> Option<Number> {
        self.maximum
    }

    /// The value the form starts with.
    pub fn default(&self) -> Option<Number> {
        self.default
    }
}

/// The `type` of a [`NumberSchema`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberType {
    /// `"integer"`: whole numbers only.
    Integer,
    /// `"number"`: any number, fractions included.
    Number,
}

impl NumberType {
    /// The name the schema uses: `"integer"` or `"number"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            NumberType::Integer => "integer",
            NumberType::Number => "number",
        }
    }
}

/// A yes/no field: `{"type":"boolean","default":..}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BooleanSchema {
    pub(crate) default: Option<bool>,
}

impl BooleanSchema {
    /// The value the form starts with.
    pub fn default(&self) -> Option<bool> {
        self.default
    }
}
