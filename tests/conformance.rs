//! Every schema the derive emits is a valid `elicitation/create` request under the official
//! `schema.json` of each protocol version: as published, and made strict (a property may carry no
//! key its definition does not name), which is how the official TypeScript SDK reads them.

use mcp_elicit::{Elicit, RequestedSchema};
use serde_json::{Value, json};

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
struct Everything {
    /// Text
    #[elicit(title = "Text", min_length = 1, max_length = 10)]
    text: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(format = "uri")]
    uri: String,
    #[elicit(format = "date")]
    date: String,
    #[elicit(format = "date-time")]
    date_time: String,
    flag: bool,
    #[elicit(default = true)]
    flag_with_default: bool,
    tiny: i8,
    small: u16,
    #[elicit(minimum = 1024, maximum = 65535)]
    port: Option<u16>,
    wide: u64,
    signed: i64,
    #[elicit(minimum = -0.5, maximum = 0.5)]
    ratio: f64,
    single: Option<f32>,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct WithDefaults {
    #[elicit(default = "Ada", min_length = 1)]
    name: String,
    #[elicit(default = 18, minimum = 13)]
    age: u8,
    #[elicit(default = 0.5)]
    ratio: f64,
    #[elicit(default = false)]
    newsletter: bool,
}

#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Plain {
    A,
    B,
}

#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Titled {
    #[elicit(title = "Option A")]
    A,
    B,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Selects {
    /// One
    #[elicit(title = "Plain")]
    plain: Plain,
    titled: Option<Titled>,
    #[elicit(default = Plain::B)]
    plain_default: Plain,
    #[elicit(default = Titled::A)]
    titled_default: Titled,
    #[elicit(min_items = 1, max_items = 2, default = [Plain::A])]
    plain_multi: Vec<Plain>,
    titled_multi: Option<std::collections::BTreeSet<Titled>>,
    #[elicit(default = [Titled::B, Titled::A])]
    titled_multi_default: std::collections::HashSet<Titled>,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct UntitledSingle {
    plain: Plain,
    maybe: Option<Plain>,
}

#[derive(Elicit)]
struct Empty {}

#[derive(Elicit)]
#[allow(dead_code)]
struct AllOptional {
    a: Option<String>,
    b: Option<bool>,
}

/// The schemas under test, by name.
fn forms() -> Vec<(&'static str, &'static RequestedSchema)> {
    vec![
        ("Everything", Everything::requested_schema()),
        ("WithDefaults", WithDefaults::requested_schema()),
        ("Selects", Selects::requested_schema()),
        ("UntitledSingle", UntitledSingle::requested_schema()),
        ("Empty", Empty::requested_schema()),
        ("AllOptional", AllOptional::requested_schema()),
    ]
}

/// An official schema file, with `$ref` at its root pointing at the elicitation request.
fn spec(file: &str, strict: bool) -> Value {
    let path = format!("{}/tests/spec/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut doc: Value = serde_json::from_str(&text).expect("the spec is JSON");
    let defs_key = if doc.get("$defs").is_some() {
        "$defs"
    } else {
        "definitions"
    };
    if strict {
        let defs = doc[defs_key].as_object_mut().expect("definitions");
        for name in primitive_definitions(defs) {
            let def = defs.get_mut(&name).expect("a definition");
            def["additionalProperties"] = json!(false);
        }
    }
    doc["$ref"] = json!(format!("#/{defs_key}/ElicitRequest"));
    doc
}

/// The definitions a form property may match: the members of `PrimitiveSchemaDefinition`, and
/// of `EnumSchema` in turn.
fn primitive_definitions(defs: &serde_json::Map<String, Value>) -> Vec<String> {
    let mut names = Vec::new();
    let mut queue = vec!["PrimitiveSchemaDefinition".to_owned()];
    while let Some(name) = queue.pop() {
        let def = &defs[&name];
        match def.get("anyOf").or_else(|| def.get("oneOf")) {
            Some(members) => {
                for member in members.as_array().expect("a list") {
                    let target = member["$ref"].as_str().expect("a $ref");
                    queue.push(target.rsplit('/').next().unwrap().to_owned());
                }
            }
            None => names.push(name),
        }
    }
    names
}

fn request(schema: &RequestedSchema) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "elicitation/create",
        "params": {
            "message": "Please fill in the form",
            "requestedSchema": schema,
        }
    })
}

/// Whether the schema says something 2025-06-18 cannot: a `default` on anything but a boolean, a
/// titled `oneOf`, or an array (rendering for that version is its own piece of work).
fn beyond_2025_06_18(schema: &Value) -> bool {
    schema["properties"].as_object().unwrap().values().any(|p| {
        (p.get("default").is_some() && p["type"] != "boolean")
            || p.get("oneOf").is_some()
            || p["type"] == "array"
    })
}

fn assert_valid(file: &str, strict: bool, only: impl Fn(&Value) -> bool) {
    let validator = jsonschema::validator_for(&spec(file, strict)).expect("the spec compiles");
    let mut checked = 0;
    for (name, schema) in forms() {
        let req = request(schema);
        if !only(&req["params"]["requestedSchema"]) {
            continue;
        }
        let errors: Vec<String> = validator
            .iter_errors(&req)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{name} under {file} (strict: {strict}): {errors:#?}"
        );
        checked += 1;
    }
    assert!(checked > 0, "no form was checked against {file}");
}

#[test]
fn valid_under_2025_11_25() {
    assert_valid("mcp-schema-2025-11-25.json", false, |_| true);
    assert_valid("mcp-schema-2025-11-25.json", true, |_| true);
}

#[test]
fn valid_under_2026_07_28() {
    assert_valid("mcp-schema-2026-07-28.json", false, |_| true);
    assert_valid("mcp-schema-2026-07-28.json", true, |_| true);
}

#[test]
fn valid_under_2025_06_18_where_that_version_can_say_it() {
    let representable = |s: &Value| !beyond_2025_06_18(s);
    assert_valid("mcp-schema-2025-06-18.json", false, representable);
    assert_valid("mcp-schema-2025-06-18.json", true, representable);
}

/// The strict reading is not vacuous: it refuses a key no definition names, and a nested object.
#[test]
fn the_strict_reading_refuses_what_peers_refuse() {
    let validator =
        jsonschema::validator_for(&spec("mcp-schema-2025-11-25.json", true)).expect("compiles");
    let with = |property: Value| {
        json!({
            "jsonrpc": "2.0",
            "id": 1,
            "method": "elicitation/create",
            "params": {
                "message": "m",
                "requestedSchema": {"type": "object", "properties": {"p": property}}
            }
        })
    };
    assert!(validator.is_valid(&with(json!({"type": "string", "minLength": 1}))));
    assert!(!validator.is_valid(&with(json!({"type": "string", "pattern": "a+"}))));
    assert!(!validator.is_valid(&with(json!({"type": "integer", "minLength": 1}))));
    assert!(!validator.is_valid(&with(json!({"type": "object", "properties": {}}))));
    assert!(!validator.is_valid(&with(json!({"type": "string", "format": "phone"}))));
    assert!(!validator.is_valid(&with(json!({"type": ["string", "null"]}))));
    assert!(!validator.is_valid(&with(json!({"type": "array", "items": {"type": "string"}}))));
    assert!(!validator.is_valid(&with(
        json!({"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}})
    )));
}
