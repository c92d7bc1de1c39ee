//! JSON for the schema model, in the MCP specification's words and key order.
//!
//! Written by hand rather than derived: the property map keeps declaration order, `required` is
//! computed from the properties without collecting it, and a key is written only when it has a
//! value (no `null`s).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::schema::{
    BooleanSchema, NumberSchema, NumberType, Property, PropertySchema, RequestedSchema,
    StringFormat, StringSchema,
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
        };
        map.serialize_entry("type", type_name)?;
        entry(&mut map, "title", &self.title)?;
        entry(&mut map, "description", &self.description)?;
        match &self.schema {
            PropertySchema::String(s) => string_keys(&mut map, s)?,
            PropertySchema::Number(n) => number_keys(&mut map, n)?,
            PropertySchema::Boolean(b) => boolean_keys(&mut map, b)?,
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
