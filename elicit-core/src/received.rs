//! Reading a `requestedSchema` that any server wrote, for a Rust client (or a server checking a
//! schema it did not derive).
//!
//! Shapes the MCP specification does not allow are refused, each with a message naming the
//! property: a nested object, an array that is not a multi-select of strings, a `type` list, an
//! unknown `format`, a titled option without a title, a default that is not an option. So is a
//! form no answer could satisfy, or that starts with an answer it refuses, as `#[derive(Elicit)]`
//! refuses them at compile time: a `minimum` above the `maximum` (and likewise for lengths and
//! choices), a `minItems` beyond the options, a `default` that breaks the property's own rules
//! (judged by the rules that judge answers). Keys the specification does not define (`pattern`,
//! `$comment`, ...) are ignored, as the official TypeScript SDK drops them.
//!
//! Reading is linear in the size of the schema, and streams: one property's schema at a time is
//! held as a JSON value, never the whole input.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, Error as DeError, IgnoredAny, MapAccess, SeqAccess,
    Visitor,
};
use serde_json::{Map, Value};

use crate::rules;
use crate::schema::{
    BooleanSchema, MultiSelectSchema, Number, NumberSchema, NumberType, Options, Property,
    PropertySchema, RequestedSchema, SelectOption, SingleSelectSchema, StringFormat, StringSchema,
};

/// Read as it streams: each property's schema is read into a small `Value`, checked, turned into
/// a [`Property`] and dropped before the next one is read, so reading takes memory for the
/// properties it keeps, never for the whole tree of the input as well.
impl<'de> Deserialize<'de> for RequestedSchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        deserializer.deserialize_any(Top)
    }
}

type Result<T> = std::result::Result<T, String>;

/// A visitor's methods for everything but a map (and a list, which [`Visitor::visit_seq`] takes
/// apart), each refusing it with `message` rather than serde's "invalid type".
macro_rules! only_objects {
    ($message:expr) => {
        only_objects!($message; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64),
            visit_str(&str), visit_unit(), visit_none());

        fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> std::result::Result<Self::Value, A::Error> {
            Err(A::Error::custom($message))
        }
    };
    ($message:expr; $($method:ident($($arg:ty)?)),*) => {$(
        fn $method<E: DeError>(self, $(_: $arg)?) -> std::result::Result<Self::Value, E> {
            Err(E::custom($message))
        }
    )*};
}

/// The top level: `type`, `properties` and `required`; other keys are skipped unread.
struct Top;

impl<'de> Visitor<'de> for Top {
    type Value = RequestedSchema;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a requestedSchema object")
    }

    only_objects!("a requestedSchema must be an object");

    fn visit_map<A: MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Self::Value, A::Error> {
        let mut typed = false;
        let mut properties = None;
        let mut required = None;
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match &*key {
                "type" => {
                    if map.next_value::<Value>()?.as_str() != Some("object") {
                        return Err(A::Error::custom(
                            "a requestedSchema must have `\"type\": \"object\"`",
                        ));
                    }
                    typed = true;
                }
                "properties" => properties = Some(map.next_value_seed(Properties)?),
                "required" => required = Some(map.next_value::<Value>()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !typed {
            return Err(A::Error::custom(
                "a requestedSchema needs `\"type\": \"object\"`",
            ));
        }
        let Some(properties) = properties else {
            return Err(A::Error::custom("a requestedSchema needs `properties`"));
        };
        schema(properties, required.as_ref()).map_err(A::Error::custom)
    }
}

/// The value of `properties`: each property read, checked and kept in the order written (its
/// `required` is set once `required` has been read, which may come later).
struct Properties;

impl<'de> DeserializeSeed<'de> for Properties {
    type Value = Vec<Property>;

    fn deserialize<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> std::result::Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Properties {
    type Value = Vec<Property>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the properties of a requestedSchema")
    }

    only_objects!("the `properties` of a requestedSchema must be an object");

    fn visit_map<A: MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Self::Value, A::Error> {
        let mut properties = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1024));
        while let Some(name) = map.next_key::<String>()? {
            let value = map.next_value::<Value>()?;
            let property = property(&name, &value)
                .and_then(consistent)
                .map_err(|msg| A::Error::custom(format!("property `{name}`: {msg}")))?;
            properties.push(property);
        }
        Ok(properties)
    }
}

/// The properties as read, with `required` applied: each property looks itself up in
/// `required` once; if fewer are required than `required` names, one of its names is no
/// property (found then, on the error path only). A name written twice in `properties` keeps
/// the place of the first and the schema of the last, as a JSON object read into a map does.
fn schema(mut properties: Vec<Property>, required: Option<&Value>) -> Result<RequestedSchema> {
    let required: HashSet<&str> = match required {
        None => HashSet::new(),
        Some(Value::Array(names)) => names
            .iter()
            .map(|n| {
                n.as_str()
                    .ok_or_else(|| "`required` must list property names".to_owned())
            })
            .collect::<Result<_>>()?,
        Some(_) => return Err("`required` must be a list of property names".into()),
    };
    let names: HashSet<&str> = properties.iter().map(Property::name).collect();
    if names.len() < properties.len() {
        drop(names);
        properties = last_of_each(properties);
    }
    let mut found = 0;
    for property in &mut properties {
        property.required = required.contains(property.name());
        found += usize::from(property.required);
    }
    if found < required.len() {
        let names: HashSet<&str> = properties.iter().map(Property::name).collect();
        if let Some(name) = required.iter().find(|name| !names.contains(*name)) {
            return Err(format!(
                "`required` names `{name}`, which is not a property"
            ));
        }
    }
    Ok(RequestedSchema::from_properties(Cow::Owned(properties)))
}

/// `properties` with each name once: in the place it was first written, with the schema it was
/// last written with.
fn last_of_each(properties: Vec<Property>) -> Vec<Property> {
    let mut place = HashMap::with_capacity(properties.len());
    let mut kept: Vec<Property> = Vec::with_capacity(properties.len());
    for property in properties {
        if let Some(&at) = place.get(property.name()) {
            kept[at] = property;
        } else {
            place.insert(property.name().to_owned(), kept.len());
            kept.push(property);
        }
    }
    kept
}

/// One property, not yet required (`required` comes later: see [`schema`]).
fn property(name: &str, value: &Value) -> Result<Property> {
    let Value::Object(p) = value else {
        return Err("a property schema must be an object".into());
    };
    let schema = match p.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "string" if p.contains_key("enum") || p.contains_key("oneOf") => single_select(p)?,
            "string" => PropertySchema::String(string(p)?),
            "integer" => PropertySchema::Number(number(p, NumberType::Integer)?),
            "number" => PropertySchema::Number(number(p, NumberType::Number)?),
            "boolean" => PropertySchema::Boolean(BooleanSchema {
                default: optional(p, "default", Value::as_bool, "`true` or `false`")?,
            }),
            "array" => multi_select(p)?,
            "object" => {
                return Err(
                    "a form is flat: a property cannot be an object (nested forms are not allowed)"
                        .into(),
                );
            }
            other => {
                return Err(format!(
                    "unknown type \"{other}\": expected \"string\", \"integer\", \"number\", \"boolean\" or \"array\""
                ));
            }
        },
        Some(Value::Array(_)) => {
            return Err("`type` must be one type, not a list (there are no nullable fields: leave the field out of `required` instead)".into());
        }
        Some(_) => return Err("`type` must be a string".into()),
        None => return Err("a property needs a `type`".into()),
    };
    Ok(Property {
        name: Cow::Owned(name.to_owned()),
        title: optional(p, "title", text, "text")?,
        description: optional(p, "description", text, "text")?,
        required: false,
        schema,
    })
}

/// `key`, read by `read` if present; an error saying it must be `what` if it cannot be.
fn optional<T>(
    p: &Map<String, Value>,
    key: &str,
    read: impl Fn(&Value) -> Option<T>,
    what: &str,
) -> Result<Option<T>> {
    match p.get(key) {
        None => Ok(None),
        Some(value) => read(value)
            .map(Some)
            .ok_or_else(|| format!("`{key}` must be {what}")),
    }
}

fn text(value: &Value) -> Option<Cow<'static, str>> {
    value.as_str().map(|s| Cow::Owned(s.to_owned()))
}

fn count(value: &Value) -> Option<u64> {
    value.as_u64()
}

fn string(p: &Map<String, Value>) -> Result<StringSchema> {
    let format = match p.get("format") {
        None => None,
        Some(Value::String(f)) => Some(StringFormat::from_name(f).ok_or_else(|| {
            format!(
                "unknown format \"{f}\": MCP forms allow \"email\", \"uri\", \"date\" and \"date-time\""
            )
        })?),
        Some(_) => return Err("`format` must be a string".into()),
    };
    Ok(StringSchema {
        min_length: optional(p, "minLength", count, "a whole number")?,
        max_length: optional(p, "maxLength", count, "a whole number")?,
        format,
        // MCP's forms have no `pattern`: a server's is not read (nor checked).
        pattern: None,
        default: optional(p, "default", text, "text")?,
        // A server's form holds no secret: it would have passed through the client.
        secret: false,
    })
}

fn number(p: &Map<String, Value>, number_type: NumberType) -> Result<NumberSchema> {
    let read = |v: &Value| v.as_number().map(Number::from_json);
    let default = optional(p, "default", read, "a number")?;
    if number_type == NumberType::Integer && default.is_some_and(|d| d.as_f64().fract() != 0.0) {
        return Err("the `default` of an integer must be a whole number".into());
    }
    Ok(NumberSchema {
        number_type,
        minimum: optional(p, "minimum", read, "a number")?,
        maximum: optional(p, "maximum", read, "a number")?,
        default,
    })
}

/// `"enum": [..]` (with the legacy `"enumNames": [..]` as titles), or `"oneOf": [{const, title}]`.
fn single_select(p: &Map<String, Value>) -> Result<PropertySchema> {
    let mut enum_names = false;
    let options = match (p.get("enum"), p.get("oneOf")) {
        (Some(values), None) => {
            let titles = match p.get("enumNames") {
                None => None,
                Some(Value::Array(names)) => Some(names),
                Some(_) => return Err("`enumNames` must be a list of titles".into()),
            };
            // Written back as it came.
            enum_names = titles.is_some();
            untitled_options(values, titles)?
        }
        (None, Some(one_of)) => titled_options(one_of, "oneOf")?,
        _ => return Err("a select has either `enum` or `oneOf`, not both".into()),
    };
    let default = optional(p, "default", text, "text")?;
    check_default(&options, default.iter())?;
    Ok(PropertySchema::SingleSelect(SingleSelectSchema {
        options,
        default,
        enum_names,
        runtime: false,
    }))
}

/// `"items": {"type": "string", "enum": [..]}` or `"items": {"anyOf": [{const, title}]}`.
fn multi_select(p: &Map<String, Value>) -> Result<PropertySchema> {
    let Some(Value::Object(items)) = p.get("items") else {
        return Err("an array property is a multi-select and needs `items`: `{\"type\": \"string\", \"enum\": [..]}` or `{\"anyOf\": [..]}`".into());
    };
    let options = match (items.get("enum"), items.get("anyOf")) {
        (Some(values), None) => {
            if items.get("type").and_then(Value::as_str) != Some("string") {
                return Err("the `items` of a multi-select need `\"type\": \"string\"`".into());
            }
            untitled_options(values, None)?
        }
        (None, Some(any_of)) => titled_options(any_of, "items.anyOf")?,
        (None, None) if items.contains_key("oneOf") => {
            return Err(
                "a titled multi-select lists its options in `items.anyOf`, not `items.oneOf`"
                    .into(),
            );
        }
        _ => {
            return Err(
                "an array property is a multi-select: its `items` need `enum` or `anyOf` (arrays of free values are not allowed)"
                    .into(),
            );
        }
    };
    let default = match p.get("default") {
        None => None,
        Some(Value::Array(values)) => Some(
            values
                .iter()
                .map(text)
                .collect::<Option<Vec<_>>>()
                .ok_or("the `default` of a multi-select must be a list of options")?,
        ),
        Some(_) => return Err("the `default` of a multi-select must be a list of options".into()),
    };
    check_default(&options, default.iter().flatten())?;
    Ok(PropertySchema::MultiSelect(MultiSelectSchema {
        options,
        min_items: optional(p, "minItems", count, "a whole number")?,
        max_items: optional(p, "maxItems", count, "a whole number")?,
        default: default.map(Cow::Owned),
        runtime: false,
    }))
}

fn untitled_options(values: &Value, titles: Option<&Vec<Value>>) -> Result<Options> {
    let Value::Array(values) = values else {
        return Err("`enum` must be a list of values".into());
    };
    if titles.is_some_and(|t| t.len() != values.len()) {
        return Err("`enumNames` must give one title per value of `enum`".into());
    }
    let options = values
        .iter()
        .enumerate()
        .map(|(i, value)| {
            let value = text(value).ok_or("`enum` must list strings")?;
            let title = match titles {
                None => None,
                Some(titles) => Some(text(&titles[i]).ok_or("`enumNames` must list strings")?),
            };
            Ok(SelectOption {
                value,
                title,
                description: None,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    distinct(options)
}

fn titled_options(list: &Value, key: &str) -> Result<Options> {
    let Value::Array(list) = list else {
        return Err(format!("`{key}` must be a list of options"));
    };
    let options = list
        .iter()
        .map(|option| {
            let value = option.get("const").and_then(text);
            let title = option.get("title").and_then(text);
            // ACP's options may carry a description; MCP's do not.
            let description = option.get("description").and_then(text);
            match (value, title) {
                (Some(value), Some(title)) => Ok(SelectOption {
                    value,
                    title: Some(title),
                    description,
                }),
                (None, _) => Err(format!("every option in `{key}` needs a string `const`")),
                (Some(_), None) => Err(format!(
                    "every option in `{key}` needs a string `title` (clients drop untitled options)"
                )),
            }
        })
        .collect::<Result<Vec<_>>>()?;
    distinct(options)
}

/// A select must offer something, and no value twice (an answer could not say which was meant):
/// the options, indexed once for both this check and every answer's lookups.
fn distinct(options: Vec<SelectOption>) -> Result<Options> {
    if options.is_empty() {
        return Err("a select needs at least one option".into());
    }
    Options::distinct(options).map_err(|(options, twice)| {
        format!("the option {:?} is listed twice", options[twice].value())
    })
}

/// Every default names an option: looked up in the options' own index.
fn check_default<'a>(
    options: &Options,
    mut default: impl Iterator<Item = &'a Cow<'static, str>>,
) -> Result<()> {
    match default.find(|value| options.position(value).is_none()) {
        Some(value) => Err(format!("the default {value:?} is not one of the options")),
        None => Ok(()),
    }
}

/// A property some answer can satisfy, which starts with an answer it accepts: what the derive
/// checks at compile time, checked here for a schema read at run time.
fn consistent(property: Property) -> Result<Property> {
    rules::satisfiable(property.schema()).map_err(|flaw| flaw.to_string())?;
    Ok(property)
}
