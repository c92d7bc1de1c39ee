//! JSON for the schema model, in the MCP specification's words and key order, for each protocol
//! version.
//!
//! Written by hand rather than derived: the property map keeps declaration order, `required` is
//! computed from the properties without collecting it, and a key is written only when it has a
//! value (no `null`s).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::schema::{
    BooleanSchema, MultiSelectSchema, NumberSchema, NumberType, Property, PropertySchema,
    RequestedSchema, SelectOption, SingleSelectSchema, StringFormat, StringSchema,
};
use crate::version::{Dialect, ProtocolVersion, Unrepresentable};

/// Writes the schema as protocol 2025-11-25 (and 2026-07-28) define it. See
/// [`RequestedSchema::for_version`] for other versions. A select whose options are supplied when
/// the form is asked, and has none yet, is an error: no client could be sent it.
impl Serialize for RequestedSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.for_version(ProtocolVersion::SERIALIZED)
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

/// A runtime select whose options have not been filled in.
fn unfilled(schema: &PropertySchema) -> bool {
    match schema {
        PropertySchema::SingleSelect(s) => s.runtime && s.options.is_empty(),
        PropertySchema::MultiSelect(m) => m.runtime && m.options.is_empty(),
        _ => false,
    }
}

impl RequestedSchema {
    /// The schema as `version` can say it, ready to serialize (nothing is copied).
    ///
    /// 2025-11-25 and 2026-07-28 write it as `Serialize` for [`RequestedSchema`] does. 2025-06-18
    /// has neither titled `oneOf` selects, nor defaults but on booleans, nor multi-selects: a
    /// titled select is written as `enum` with `enumNames`, other defaults are left out (a field
    /// with a default is still not required, and the parser still fills it in), and a
    /// multi-select is an error naming the field.
    ///
    /// # Errors
    ///
    /// [`Unrepresentable`] when the form says what `version` cannot (a multi-select on
    /// 2025-06-18, or a runtime select without options), or holds a secret, which no form may
    /// send.
    pub fn for_version(&self, version: ProtocolVersion) -> Result<SchemaFor<'_>, Unrepresentable> {
        self.sendable()?;
        let dialect = version.schema_dialect();
        if dialect.is_legacy()
            && let Some(multi) = self
                .properties
                .iter()
                .find(|p| matches!(p.schema, PropertySchema::MultiSelect(_)))
        {
            return Err(Unrepresentable::MultiSelect {
                field: multi.name().to_owned(),
                version,
            });
        }
        Ok(SchemaFor {
            schema: self,
            dialect,
        })
    }

    /// The schema as the Agent Client Protocol's `elicitation/create` writes it (MCP's full form
    /// fields; titles always as `oneOf`).
    ///
    /// # Errors
    ///
    /// [`Unrepresentable::NoOptions`] for a runtime select without options,
    /// [`Unrepresentable::Secret`] for a secret field.
    #[cfg(feature = "acp")]
    pub(crate) fn for_acp(&self) -> Result<SchemaFor<'_>, Unrepresentable> {
        self.sendable()?;
        Ok(SchemaFor {
            schema: self,
            dialect: Dialect::Acp,
        })
    }

    /// Whether any client may be sent the form: every runtime select has its options, and no
    /// field is a secret (which a form would send through the client; a page asks for it).
    fn sendable(&self) -> Result<(), Unrepresentable> {
        if let Some(unfilled) = self.properties.iter().find(|p| unfilled(&p.schema)) {
            return Err(Unrepresentable::NoOptions {
                field: unfilled.name().to_owned(),
            });
        }
        let secret = |p: &&Property| matches!(&p.schema, PropertySchema::String(s) if s.secret);
        if let Some(secret) = self.properties.iter().find(secret) {
            return Err(Unrepresentable::Secret {
                field: secret.name().to_owned(),
            });
        }
        Ok(())
    }

    /// The schema's JSON text as `version` writes it: written once per schema and version, on
    /// first use, then returned by reference (a derived form's schema is a `static`, so this
    /// allocates once in the life of the program). What the fast path of
    /// [`FormRequest::write_params_for`](crate::request::FormRequest::write_params_for) copies.
    ///
    /// # Errors
    ///
    /// As [`RequestedSchema::for_version`].
    ///
    /// # Panics
    ///
    /// Never: a schema always serializes to JSON.
    pub fn json_for(&self, version: ProtocolVersion) -> Result<&str, Unrepresentable> {
        let slot = &self.json[version.schema_dialect().index()];
        // A text once written stands for a schema that cannot change, which passed the checks of
        // `for_version` for this version: they need not run on every request after the first.
        if let Some(text) = slot.get() {
            return Ok(text);
        }
        let schema = self.for_version(version)?;
        Ok(slot.get_or_init(|| {
            serde_json::to_string(&schema)
                .expect("a schema always serializes to JSON")
                .into_boxed_str()
        }))
    }

    /// The schema as a JSON value, as `version` can say it: see [`RequestedSchema::for_version`].
    ///
    /// ```
    /// use mcp_elicit::{Elicit, ProtocolVersion};
    ///
    /// #[derive(Elicit)]
    /// enum Plan {
    ///     #[elicit(title = "Free plan")]
    ///     Free,
    ///     #[elicit(title = "Pro plan")]
    ///     Pro,
    /// }
    ///
    /// #[derive(Elicit)]
    /// struct Upgrade {
    ///     #[elicit(default = Plan::Pro)]
    ///     plan: Plan,
    /// }
    ///
    /// let old = Upgrade::requested_schema().to_value_for(ProtocolVersion::V2025_06_18).unwrap();
    /// assert_eq!(
    ///     old["properties"]["plan"],
    ///     serde_json::json!({"type": "string", "enum": ["Free", "Pro"], "enumNames": ["Free plan", "Pro plan"]})
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// As [`RequestedSchema::for_version`].
    ///
    /// # Panics
    ///
    /// Never: a schema always serializes to JSON.
    pub fn to_value_for(
        &self,
        version: ProtocolVersion,
    ) -> Result<serde_json::Value, Unrepresentable> {
        let schema = self.for_version(version)?;
        Ok(serde_json::to_value(schema).expect("a schema always serializes to JSON"))
    }
}

/// A schema as one protocol version writes it; see [`RequestedSchema::for_version`].
#[derive(Clone, Copy, Debug)]
pub struct SchemaFor<'a> {
    schema: &'a RequestedSchema,
    /// How the version writes it.
    dialect: Dialect,
}

impl Serialize for SchemaFor<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let properties = &self.schema.properties;
        let has_required = properties.iter().any(Property::is_required);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", "object")?;
        // The form's own labels: ACP has them, MCP's forms do not.
        if self.dialect == Dialect::Acp {
            entry(&mut map, "title", &self.schema.labels.title)?;
            entry(&mut map, "description", &self.schema.labels.description)?;
        }
        map.serialize_entry(
            "properties",
            &Properties {
                properties,
                dialect: self.dialect,
            },
        )?;
        if has_required {
            map.serialize_entry("required", &Required(properties))?;
        }
        map.end()
    }
}

/// The `properties` object, in declaration order.
struct Properties<'a> {
    properties: &'a [Property],
    dialect: Dialect,
}

impl Serialize for Properties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.properties.len()))?;
        for property in self.properties {
            map.serialize_entry(
                property.name(),
                &PropertyFor {
                    property,
                    dialect: self.dialect,
                },
            )?;
        }
        map.end()
    }
}

/// The `required` array, in declaration order.
struct Required<'a>(&'a [Property]);

impl Serialize for Required<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let count = self.0.iter().filter(|p| p.is_required()).count();
        let mut seq = serializer.serialize_seq(Some(count))?;
        for property in self.0.iter().filter(|p| p.is_required()) {
            seq.serialize_element(property.name())?;
        }
        seq.end()
    }
}

/// Serializes one property's schema: `{"type":.., "title":.., "description":.., ..}`, as
/// 2025-11-25 writes it.
impl Serialize for Property {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PropertyFor {
            property: self,
            dialect: Dialect::Mcp,
        }
        .serialize(serializer)
    }
}

/// One property, as a dialect writes it.
struct PropertyFor<'a> {
    property: &'a Property,
    dialect: Dialect,
}

impl Serialize for PropertyFor<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (property, dialect) = (self.property, self.dialect);
        let legacy = dialect.is_legacy();
        let mut map = serializer.serialize_map(None)?;
        let type_name = match &property.schema {
            PropertySchema::String(_) | PropertySchema::SingleSelect(_) => "string",
            PropertySchema::Number(n) => n.number_type.as_str(),
            PropertySchema::Boolean(_) => "boolean",
            PropertySchema::MultiSelect(_) => "array",
        };
        map.serialize_entry("type", type_name)?;
        entry(&mut map, "title", &property.title)?;
        entry(&mut map, "description", &property.description)?;
        match &property.schema {
            PropertySchema::String(s) => string_keys(&mut map, s, dialect)?,
            PropertySchema::Number(n) => number_keys(&mut map, n, legacy)?,
            PropertySchema::Boolean(b) => boolean_keys(&mut map, b)?,
            PropertySchema::SingleSelect(s) => single_select_keys(&mut map, s, dialect)?,
            PropertySchema::MultiSelect(m) => multi_select_keys(&mut map, m, dialect)?,
        }
        map.end()
    }
}

/// `default`, unless `legacy` (2025-06-18 defines it on booleans only).
fn default_entry<M: SerializeMap, T: Serialize>(
    map: &mut M,
    default: &Option<T>,
    legacy: bool,
) -> Result<(), M::Error> {
    if legacy {
        Ok(())
    } else {
        entry(map, "default", default)
    }
}

/// `minLength`, `maxLength`, in ACP `pattern` (MCP's forms have none: the answer is still checked
/// against it), `format`, then `default`.
fn string_keys<M: SerializeMap>(
    map: &mut M,
    s: &StringSchema,
    dialect: Dialect,
) -> Result<(), M::Error> {
    entry(map, "minLength", &s.min_length)?;
    entry(map, "maxLength", &s.max_length)?;
    if dialect == Dialect::Acp
        && let Some(pattern) = &s.pattern
    {
        map.serialize_entry("pattern", pattern.as_str())?;
    }
    entry(map, "format", &s.format)?;
    default_entry(map, &s.default, dialect.is_legacy())
}

fn number_keys<M: SerializeMap>(
    map: &mut M,
    n: &NumberSchema,
    legacy: bool,
) -> Result<(), M::Error> {
    entry(map, "minimum", &n.minimum)?;
    entry(map, "maximum", &n.maximum)?;
    default_entry(map, &n.default, legacy)
}

fn boolean_keys<M: SerializeMap>(map: &mut M, b: &BooleanSchema) -> Result<(), M::Error> {
    entry(map, "default", &b.default)
}

/// `"enum":[..]`, or titled `"oneOf":[{"const":..,"title":..}]` (2025-06-18, or a select asking
/// for it on MCP: `"enum"` with `"enumNames"`, which ACP does not have), then `default`.
fn single_select_keys<M: SerializeMap>(
    map: &mut M,
    s: &SingleSelectSchema,
    dialect: Dialect,
) -> Result<(), M::Error> {
    let legacy = dialect.is_legacy();
    let enum_names = legacy || (s.enum_names && dialect != Dialect::Acp);
    match (titled(&s.options, dialect), enum_names) {
        (true, false) => map.serialize_entry("oneOf", &Titled(&s.options, dialect))?,
        (true, true) => {
            map.serialize_entry("enum", &Values(&s.options))?;
            map.serialize_entry("enumNames", &Labels(&s.options))?;
        }
        (false, _) => map.serialize_entry("enum", &Values(&s.options))?,
    }
    default_entry(map, &s.default, legacy)
}

/// `minItems`, `maxItems`, `"items":{"type":"string","enum":[..]}` or titled
/// `"items":{"anyOf":[..]}`, then `default`.
fn multi_select_keys<M: SerializeMap>(
    map: &mut M,
    m: &MultiSelectSchema,
    dialect: Dialect,
) -> Result<(), M::Error> {
    entry(map, "minItems", &m.min_items)?;
    entry(map, "maxItems", &m.max_items)?;
    map.serialize_entry("items", &Items(m, dialect))?;
    entry(map, "default", &m.default)
}

/// Whether options are written titled: as soon as one has a title, or (in ACP, whose options
/// carry them) a description.
fn titled(options: &[SelectOption], dialect: Dialect) -> bool {
    options
        .iter()
        .any(|o| o.title.is_some() || (dialect == Dialect::Acp && o.description.is_some()))
}

/// The `items` of a multi-select.
struct Items<'a>(&'a MultiSelectSchema, Dialect);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let options = &self.0.options;
        if titled(options, self.1) {
            let mut map = serializer.serialize_map(Some(1))?;
            map.serialize_entry("anyOf", &Titled(options, self.1))?;
            map.end()
        } else {
            let mut map = serializer.serialize_map(Some(2))?;
            map.serialize_entry("type", "string")?;
            map.serialize_entry("enum", &Values(options))?;
            map.end()
        }
    }
}

/// `["a","b"]`: the options' values.
struct Values<'a>(&'a [SelectOption]);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(SelectOption::value))
    }
}

/// `["A","B"]`: the options' labels (2025-06-18's `enumNames`).
struct Labels<'a>(&'a [SelectOption]);

impl Serialize for Labels<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(SelectOption::label))
    }
}

/// `[{"const":"a","title":"A"}, ..]`: every option with a title (its value when it has none),
/// and in ACP its description.
struct Titled<'a>(&'a [SelectOption], Dialect);

impl Serialize for Titled<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|option| TitledOption(option, self.1)))
    }
}

struct TitledOption<'a>(&'a SelectOption, Dialect);

impl Serialize for TitledOption<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("const", self.0.value())?;
        map.serialize_entry("title", self.0.label())?;
        if self.1 == Dialect::Acp {
            entry(&mut map, "description", &self.0.description)?;
        }
        map.end()
    }
}

/// Writes `key: value` when there is a value; an absent value writes nothing (never `null`).
fn entry<M: SerializeMap, T: Serialize>(
    map: &mut M,
    key: &'static str,
    value: &Option<T>,
) -> Result<(), M::Error> {
    match value {
        Some(value) => map.serialize_entry(key, value),
        None => Ok(()),
    }
}

impl Serialize for StringFormat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl Serialize for NumberType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}
