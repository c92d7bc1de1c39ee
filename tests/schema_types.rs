//! Every field type the derive accepts, and what each renders without attributes.

mod common;

use common::{assert_schema, property, required};
use mcp_elicit::Elicit;
use serde_json::json;

#[derive(Elicit)]
#[allow(dead_code)]
#[expect(
    clippy::struct_field_names,
    reason = "one field per integer type, named after it"
)]
struct Integers {
    a_i8: i8,
    a_i16: i16,
    a_i32: i32,
    a_i64: i64,
    a_isize: isize,
    a_u8: u8,
    a_u16: u16,
    a_u32: u32,
    a_u64: u64,
    a_usize: usize,
}

/// What each integer type renders, in the order of the structs below.
fn integer_properties() -> serde_json::Map<String, serde_json::Value> {
    let value = json!({
        "a_i8": {"type": "integer", "minimum": -128, "maximum": 127},
        "a_i16": {"type": "integer", "minimum": -32768, "maximum": 32767},
        "a_i32": {"type": "integer"},
        "a_i64": {"type": "integer"},
        "a_isize": {"type": "integer"},
        "a_u8": {"type": "integer", "minimum": 0, "maximum": 255},
        "a_u16": {"type": "integer", "minimum": 0, "maximum": 65535},
        "a_u32": {"type": "integer", "minimum": 0},
        "a_u64": {"type": "integer", "minimum": 0},
        "a_usize": {"type": "integer", "minimum": 0},
    });
    value.as_object().unwrap().clone()
}

#[test]
fn integers_state_their_type_and_small_ranges() {
    let properties = integer_properties();
    let required: Vec<&String> = properties.keys().collect();
    assert_schema::<Integers>(json!({
        "type": "object",
        "properties": properties,
        "required": required,
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Others {
    text: String,
    flag: bool,
    single: f32,
    double: f64,
}

#[test]
fn text_booleans_and_floats() {
    assert_schema::<Others>(json!({
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "flag": {"type": "boolean"},
            "single": {"type": "number"},
            "double": {"type": "number"},
        },
        "required": ["text", "flag", "single", "double"],
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Optionals {
    text: Option<String>,
    flag: Option<bool>,
    a_i8: Option<i8>,
    a_i16: Option<i16>,
    a_i32: Option<i32>,
    a_i64: Option<i64>,
    a_isize: Option<isize>,
    a_u8: Option<u8>,
    a_u16: Option<u16>,
    a_u32: Option<u32>,
    a_u64: Option<u64>,
    a_usize: Option<usize>,
    single: Option<f32>,
    double: Option<f64>,
}

/// An `Option` is an optional field: the same property, left out of `required`, never a `null`
/// type.
#[test]
fn options_are_the_same_fields_not_required() {
    let mut properties = serde_json::Map::new();
    properties.insert("text".into(), json!({"type": "string"}));
    properties.insert("flag".into(), json!({"type": "boolean"}));
    properties.extend(integer_properties());
    properties.insert("single".into(), json!({"type": "number"}));
    properties.insert("double".into(), json!({"type": "number"}));
    assert_schema::<Optionals>(json!({"type": "object", "properties": properties}));
}

type Name = String;
type Age = u8;

#[derive(Elicit)]
#[allow(dead_code, unused_qualifications)]
struct Spelled {
    alias: Name,
    optional_alias: Option<Age>,
    full_path: std::string::String,
    core_option: core::option::Option<std::primitive::u16>,
    rooted: ::std::option::Option<::std::string::String>,
}

/// Types the derive does not know by name (aliases, full paths) render from the field trait all
/// the same.
#[test]
fn aliases_and_paths_render_like_the_types_they_name() {
    assert_schema::<Spelled>(json!({
        "type": "object",
        "properties": {
            "alias": {"type": "string"},
            "optional_alias": {"type": "integer", "minimum": 0, "maximum": 255},
            "full_path": {"type": "string"},
            "core_option": {"type": "integer", "minimum": 0, "maximum": 65535},
            "rooted": {"type": "string"},
        },
        "required": ["alias", "full_path"],
    }));
}

#[derive(Elicit)]
struct Confirm {}

/// A form with no fields is a confirmation: accept or decline. `required` is left out when empty.
#[test]
fn a_form_without_fields() {
    assert_schema::<Confirm>(json!({"type": "object", "properties": {}}));
    assert!(required::<Confirm>().is_empty());
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Ordered {
    zeta: String,
    alpha: Option<u8>,
    mid: bool,
    beta: String,
}

/// Properties and `required` keep declaration order, the order the form renders in, even though
/// the names sort otherwise.
#[test]
fn declaration_order_is_kept() {
    let text = serde_json::to_string(Ordered::requested_schema()).unwrap();
    assert_eq!(
        text,
        r#"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer","minimum":0,"maximum":255},"mid":{"type":"boolean"},"beta":{"type":"string"}},"required":["zeta","mid","beta"]}"#
    );
    assert_eq!(required::<Ordered>(), ["zeta", "mid", "beta"]);
    let value = serde_json::to_value(Ordered::requested_schema()).unwrap();
    let keys: Vec<&String> = value["properties"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["zeta", "alpha", "mid", "beta"]);
}

/// The schema is a `static`: every call returns the same reference.
#[test]
fn the_schema_is_one_static() {
    let first = Ordered::requested_schema();
    let second = Ordered::requested_schema();
    assert!(std::ptr::eq(first, second));
    let from_a_thread =
        std::thread::spawn(|| std::ptr::from_ref(Ordered::requested_schema()) as usize)
            .join()
            .unwrap();
    assert_eq!(std::ptr::from_ref(first) as usize, from_a_thread);
}

/// The model can be read without going through JSON.
#[test]
fn the_model_reads_like_the_json() {
    use mcp_elicit::schema::{Number, NumberType, PropertySchema};

    let schema = Ordered::requested_schema();
    let names: Vec<&str> = schema
        .properties()
        .iter()
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(names, ["zeta", "alpha", "mid", "beta"]);
    assert_eq!(
        schema.required().collect::<Vec<_>>(),
        ["zeta", "mid", "beta"]
    );
    let alpha = schema.property("alpha").unwrap();
    assert!(!alpha.is_required());
    let PropertySchema::Number(n) = alpha.schema() else {
        panic!("alpha is a number: {alpha:?}")
    };
    assert_eq!(n.number_type(), NumberType::Integer);
    assert_eq!(n.minimum(), Some(Number::from_u64(0)));
    assert_eq!(n.maximum(), Some(Number::from_u64(255)));
    assert!(schema.property("gamma").is_none());
    assert_eq!(property::<Ordered>("mid"), json!({"type": "boolean"}));
}

/// `NonZero` integers: their integer's field, with zero refused; an unsigned one states
/// `minimum: 1`.
#[test]
fn non_zero_integers() {
    use std::num::{NonZeroI32, NonZeroU8, NonZeroU32, NonZeroUsize};

    #[derive(Elicit, Debug, PartialEq)]
    struct Party {
        guests: NonZeroU32,
        #[elicit(maximum = 12)]
        rooms: NonZeroU8,
        offset: Option<NonZeroI32>,
        tables: Option<NonZeroUsize>,
    }
    assert_schema::<Party>(json!({
        "type": "object",
        "properties": {
            "guests": {"type": "integer", "minimum": 1},
            "rooms": {"type": "integer", "minimum": 1, "maximum": 12},
            "offset": {"type": "integer"},
            "tables": {"type": "integer", "minimum": 1}
        },
        "required": ["guests", "rooms"]
    }));
    let ok = json!({"guests": 4, "rooms": 2, "offset": -3});
    let party = Party::from_content(ok.as_object().unwrap()).unwrap();
    assert_eq!(
        party,
        Party {
            guests: NonZeroU32::new(4).unwrap(),
            rooms: NonZeroU8::new(2).unwrap(),
            offset: NonZeroI32::new(-3),
            tables: None,
        }
    );
    assert_eq!(party.to_content(), *ok.as_object().unwrap());
    let zeros = json!({"guests": 0, "rooms": 13, "offset": 0, "tables": 0});
    let err = Party::from_content(zeros.as_object().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`guests`: must be at least 1, got 0\n\
         `rooms`: must be at most 12, got 13\n\
         `offset`: must not be 0\n\
         `tables`: must be at least 1, got 0"
    );
}
