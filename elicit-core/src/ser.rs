//! JSON for the schema model, in the MCP specification's words and key order.
//!
//! Written by hand rather than derived: the property map keeps declaration order, `required` is
//! computed from the properties without collecting it, and a key is written only when it has a
//! value (no `null`s).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::schema::{
    BooleanSchema, MultiSelectSchema, NumberSchema, NumberType, Property, PropertySchema,
    RequestedSchema, SelectOption, SingleSelectSchema, StringFormat, StringSchema,
};

impl Serialize for RequestedSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let has_required = self.properties.iter().any(Property::is_required);
        let mut map = serializer.serialize_map(Some(2 + usize::from(has_required)))?;
        map.serialize_entry("type", "object")?;
        map.serialize_entry("properties", &Properties(&self.properties))?;
        if has_required {
            map.serialize_entry("required", &Required(&self.properties))?;
        }
        map.end()
    }
}

/// The `properties` object, in declaration order.
struct Properties<'a>(&'a [Property]);

impl Serialize for Properties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for property in self.0 {
            map.serialize_entry(property.name(), property)?;
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

/// Serializes one property's schema: `{"type":.., "title":.., "description":.., ..}`.
impl Serialize for Property {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let type_name = match &self.schema {
            PropertySchema::String(_) => "string",
            PropertySchema::Number(n) => n.number_type.as_str(),
            PropertySchema::Boolean(_) => "boolean",
            PropertySchema::SingleSelect(_) => "string",
            PropertySchema::MultiSelect(_) => "array",
        };
        map.serialize_entry("type", type_name)?;
        entry(&mut map, "title", &self.title)?;
        entry(&mut map, "description", &self.description)?;
        match &self.schema {
            PropertySchema::String(s) => string_keys(&mut map, s)?,
            PropertySchema::Number(n) => number_keys(&mut map, n)?,
            PropertySchema::Boolean(b) => boolean_keys(&mut map, b)?,
            PropertySchema::SingleSelect(s) => single_select_keys(&mut map, s)?,
            PropertySchema::MultiSelect(m) => multi_select_keys(&mut map, m)?,
        }
        map.end()
    }
}

fn string_keys<M: SerializeMap>(map: &mut M, s: &StringSchema) -> Result<(), M::Error> {
    entry(map, "minLength", &s.min_length)?;
    entry(map, "maxLength", &s.max_length)?;
    entry(map, "format", &s.format)?;
    entry(map, "default", &s.default)
}

fn number_keys<M: SerializeMap>(map: &mut M, n: &NumberSchema) -> Result<(), M::Error> {
    entry(map, "minimum", &n.minimum)?;
    entry(map, "maximum", &n.maximum)?;
    entry(map, "default", &n.default)
}

fn boolean_keys<M: SerializeMap>(map: &mut M, b: &BooleanSchema) -> Result<(), M::Error> {
    entry(map, "default", &b.default)
}

/// `"enum":[..]`, or titled `"oneOf":[{"const":..,"title":..}]`, then `default`.
fn single_select_keys<M: SerializeMap>(
    map: &mut M,
    s: &SingleSelectSchema,
) -> Result<(), M::Error> {
    if s.is_titled() {
        map.serialize_entry("oneOf", &Titled(&s.options))?;
    } else {
        map.serialize_entry("enum", &Values(&s.options))?;
    }
    entry(map, "default", &s.default)
}

/// `minItems`, `maxItems`, `"items":{"type":"string","enum":[..]}` or titled
/// `"items":{"anyOf":[..]}`, then `default`.
fn multi_select_keys<M: SerializeMap>(map: &mut M, m: &MultiSelectSchema) -> Result<(), M::Error> {
    entry(map, "minItems", &m.min_items)?;
    entry(map, "maxItems", &m.max_items)?;
    map.serialize_entry("items", &Items(m))?;
    entry(map, "default", &m.default)
}

/// The `items` of a multi-select.
struct Items<'a>(&'a MultiSelectSchema);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let options = &self.0.options;
        if self.0.is_titled() {
            let mut map = serializer.serialize_map(Some(1))?;
            map.serialize_entry("anyOf", &Titled(options))?;
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

/// `[{"const":"a","title":"A"}, ..]`: every option with a title (its value when it has none).
struct Titled<'a>(&'a [SelectOption]);

impl Serialize for Titled<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(TitledOption))
    }
}

struct TitledOption<'a>(&'a SelectOption);

impl Serialize for TitledOption<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("const", self.0.value())?;
        map.serialize_entry("title", self.0.label())?;
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
