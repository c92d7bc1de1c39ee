//! Every field attribute, and how it narrows or replaces what the type states.

mod common;

use common::{assert_schema, property, required};
use mcp_elicit::Elicit;
use serde_json::json;

#[derive(Elicit)]
#[allow(dead_code)]
struct Labels {
    #[elicit(title = "Full name", description = "As on your passport")]
    name: String,
    #[elicit(title = "Over 18?")]
    adult: bool,
    #[elicit(description = "In centimetres")]
    height: Option<u16>,
}

#[test]
fn title_and_description_on_every_kind() {
    assert_schema::<Labels>(json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Full name", "description": "As on your passport"},
            "adult": {"type": "boolean", "title": "Over 18?"},
            "height": {
                "type": "integer",
                "description": "In centimetres",
                "minimum": 0,
                "maximum": 65535
            },
        },
        "required": ["name", "adult"],
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Text {
    #[elicit(min_length = 3)]
    at_least: String,
    #[elicit(max_length = 280)]
    at_most: String,
    #[elicit(min_length = 0, max_length = 0)]
    empty: Option<String>,
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    uri: String,
    #[elicit(format = "date")]
    date: String,
    #[elicit(format = "date-time")]
    date_time: Option<String>,
    #[elicit(default = "Ada", min_length = 2, max_length = 3)]
    with_default: String,
    #[elicit(default = "")]
    empty_default: String,
}

#[test]
fn text_attributes() {
    assert_schema::<Text>(json!({
        "type": "object",
        "properties": {
            "at_least": {"type": "string", "minLength": 3},
            "at_most": {"type": "string", "maxLength": 280},
            "empty": {"type": "string", "minLength": 0, "maxLength": 0},
            "email": {"type": "string", "format": "email"},
            "uri": {"type": "string", "format": "uri"},
            "date": {"type": "string", "format": "date"},
            "date_time": {"type": "string", "format": "date-time"},
            "with_default": {"type": "string", "minLength": 2, "maxLength": 3, "default": "Ada"},
            "empty_default": {"type": "string", "default": ""},
        },
        "required": ["at_least", "at_most", "email", "uri", "date"],
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Numbers {
    #[elicit(minimum = 18)]
    narrowed_min: u8,
    #[elicit(maximum = 100)]
    narrowed_max: u8,
    #[elicit(minimum = -10, maximum = 10)]
    both: i32,
    #[elicit(minimum = 1024, maximum = 65535)]
    port: Option<u16>,
    #[elicit(minimum = -273.15, maximum = 1e6)]
    celsius: f64,
    #[elicit(minimum = 0, maximum = 1)]
    ratio: f32,
    /// Any 64-bit integer bounds a float; the alias is checked through the field trait.
    #[elicit(minimum = -9223372036854775808, maximum = 18446744073709551615)]
    whole_range: units::Metres,
    #[elicit(default = 42)]
    answer: u64,
    #[elicit(default = -1)]
    negative: i8,
    #[elicit(default = 0.25, minimum = 0, maximum = 1)]
    fraction: f64,
    #[elicit(default = 3)]
    integral_float_default: f32,
}

mod units {
    pub type Metres = f64;
}

#[test]
fn numeric_attributes_narrow_or_replace_the_stated_range() {
    assert_schema::<Numbers>(json!({
        "type": "object",
        "properties": {
            "narrowed_min": {"type": "integer", "minimum": 18, "maximum": 255},
            "narrowed_max": {"type": "integer", "minimum": 0, "maximum": 100},
            "both": {"type": "integer", "minimum": -10, "maximum": 10},
            "port": {"type": "integer", "minimum": 1024, "maximum": 65535},
            "celsius": {"type": "number", "minimum": -273.15, "maximum": 1_000_000.0},
            "ratio": {"type": "number", "minimum": 0, "maximum": 1},
            "whole_range": {
                "type": "number",
                "description": "Any 64-bit integer bounds a float; the alias is checked through the field trait.",
                "minimum": i64::MIN,
                "maximum": u64::MAX
            },
            "answer": {"type": "integer", "minimum": 0, "default": 42},
            "negative": {"type": "integer", "minimum": -128, "maximum": 127, "default": -1},
            "fraction": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.25},
            "integral_float_default": {"type": "number", "default": 3},
        },
        "required": [
            "narrowed_min", "narrowed_max", "both", "celsius", "ratio", "whole_range"
        ],
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Extremes {
    #[elicit(minimum = 18446744073709551615)]
    top: u64,
    #[elicit(maximum = -9223372036854775808)]
    bottom: i64,
}

#[test]
fn bounds_reach_the_ends_of_64_bits() {
    assert_eq!(
        property::<Extremes>("top"),
        json!({"type": "integer", "minimum": u64::MAX})
    );
    assert_eq!(
        property::<Extremes>("bottom"),
        json!({"type": "integer", "maximum": i64::MIN})
    );
    let text = serde_json::to_string(Extremes::requested_schema()).unwrap();
    assert!(text.contains(r#""minimum":18446744073709551615"#), "{text}");
    assert!(text.contains(r#""maximum":-9223372036854775808"#), "{text}");
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Defaults {
    #[elicit(default = true)]
    yes: bool,
    #[elicit(default = false)]
    no: Option<bool>,
    #[elicit(default = "en")]
    language: String,
    #[elicit(default = 8080)]
    port: u16,
    plain: bool,
}

/// A field with a default is not required: the form starts filled in.
#[test]
fn defaults_make_fields_optional() {
    assert_schema::<Defaults>(json!({
        "type": "object",
        "properties": {
            "yes": {"type": "boolean", "default": true},
            "no": {"type": "boolean", "default": false},
            "language": {"type": "string", "default": "en"},
            "port": {"type": "integer", "minimum": 0, "maximum": 65535, "default": 8080},
            "plain": {"type": "boolean"},
        },
        "required": ["plain"],
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Integral {
    #[elicit(minimum = 1, maximum = 10)]
    rating: f64,
    #[elicit(minimum = 1.0, maximum = 10.0)]
    rating_float: f64,
}

/// A bound keeps the form it was written in: `1` stays an integer, `1.0` a float.
#[test]
fn numbers_are_written_as_given() {
    let text = serde_json::to_string(Integral::requested_schema()).unwrap();
    assert!(
        text.contains(r#""rating":{"type":"number","minimum":1,"maximum":10}"#),
        "{text}"
    );
    assert!(
        text.contains(r#""rating_float":{"type":"number","minimum":1.0,"maximum":10.0}"#),
        "{text}"
    );
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Merged {
    /// From the doc comment
    #[elicit(title = "T")]
    #[elicit(min_length = 1)]
    #[elicit(max_length = 2)]
    field: String,
}

/// Attributes may be split over several `#[elicit(..)]`.
#[test]
fn attributes_merge() {
    assert_eq!(
        property::<Merged>("field"),
        json!({
            "type": "string",
            "title": "T",
            "description": "From the doc comment",
            "minLength": 1,
            "maxLength": 2
        })
    );
    assert_eq!(required::<Merged>(), ["field"]);
}

/// `usize` and `isize` are as wide as the target's pointers: their bounds are judged for the
/// target by the compiler, never by the width of the machine the derive runs on. On a 64-bit
/// target, five billion fits a `usize`; on a 32-bit one this form would not compile.
#[cfg(target_pointer_width = "64")]
#[test]
fn target_width_integers_take_bounds_the_target_holds() {
    #[derive(Elicit, Debug)]
    struct Upload {
        #[elicit(maximum = 5_000_000_000)]
        bytes: usize,
        #[elicit(minimum = -3_000_000_000, default = -3_000_000_000)]
        offset: isize,
    }
    assert_eq!(
        property::<Upload>("bytes"),
        json!({"type": "integer", "minimum": 0, "maximum": 5_000_000_000u64})
    );
    assert_eq!(
        property::<Upload>("offset"),
        json!({"type": "integer", "minimum": -3_000_000_000i64, "default": -3_000_000_000i64})
    );
    let content = json!({"bytes": 4_999_999_999u64});
    let upload = Upload::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        (upload.bytes, upload.offset),
        (4_999_999_999, -3_000_000_000)
    );
    let too_big = json!({"bytes": 5_000_000_001u64});
    let err = Upload::from_content(too_big.as_object().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`bytes`: must be at most 5000000000, got 5000000001"
    );
}

/// `#[elicit(skip)]`: the field is not on the form and not in the answer; it is filled with its
/// type's `Default`. Its type need not be a form field, and its name is never asked for.
#[test]
fn skipped_fields_are_off_the_form() {
    #[derive(Elicit, Debug, PartialEq)]
    struct Booking {
        nights: u32,
        #[elicit(skip)]
        notes: Vec<String>,
        #[elicit(skip)]
        password: Option<String>,
        guest: String,
    }
    assert_schema::<Booking>(json!({
        "type": "object",
        "properties": {
            "nights": {"type": "integer", "minimum": 0},
            "guest": {"type": "string"}
        },
        "required": ["nights", "guest"]
    }));
    let answer = json!({"nights": 2, "guest": "Ada", "notes": ["ignored"], "password": "x"});
    let booking = Booking::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(
        booking,
        Booking {
            nights: 2,
            notes: Vec::new(),
            password: None,
            guest: "Ada".to_owned(),
        }
    );
    let filled = Booking {
        notes: vec!["kept out".to_owned()],
        ..booking
    };
    assert_eq!(
        filled.to_content(),
        *json!({"nights": 2, "guest": "Ada"}).as_object().unwrap()
    );

    #[derive(Elicit, Debug, PartialEq)]
    struct OnlySkipped {
        #[elicit(skip)]
        seen: u8,
    }
    assert_schema::<OnlySkipped>(json!({"type": "object", "properties": {}}));
    assert_eq!(
        OnlySkipped::from_content(&mcp_elicit::Content::new()).unwrap(),
        OnlySkipped { seen: 0 }
    );
}

/// The derive's format names are the runtime's: a field of each name the derive accepts reads
/// back as the format `StringFormat::from_name` gives for it, and together they are every format
/// `StringFormat::ALL` lists (the derive keeps its own list, as it cannot depend on the runtime).
#[test]
fn the_derive_and_the_runtime_spell_the_formats_alike() {
    use mcp_elicit::schema::{PropertySchema, StringFormat};

    #[derive(Elicit)]
    #[allow(dead_code)]
    struct Formats {
        #[elicit(format = "email")]
        a: String,
        #[elicit(format = "uri")]
        b: String,
        #[elicit(format = "date")]
        c: String,
        #[elicit(format = "date-time")]
        d: String,
    }

    let formats: Vec<StringFormat> = Formats::requested_schema()
        .properties()
        .iter()
        .filter_map(|p| match p.schema() {
            PropertySchema::String(s) => s.format(),
            _ => None,
        })
        .collect();
    assert_eq!(formats, StringFormat::ALL);
    for format in StringFormat::ALL {
        assert_eq!(StringFormat::from_name(format.as_str()), Some(format));
    }
}
