//! Every schema the derive emits is a valid `elicitation/create` request under the official
//! `schema.json` of each protocol version: as published, and made strict (a property may carry no
//! key its definition does not name), which is how the official TypeScript SDK reads them.

use mcp_elicit::request::{FormRequest, UrlRequest};
use mcp_elicit::{Elicit, ProtocolVersion, RequestedSchema, Unrepresentable};
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

/// Titled single-selects with defaults and no multi-select: 2025-06-18 can say this form, with
/// `enumNames` and without the defaults.
#[derive(Elicit)]
#[allow(dead_code)]
struct TitledSingles {
    titled: Titled,
    #[elicit(default = Titled::B)]
    with_default: Option<Titled>,
    #[elicit(default = "x", min_length = 1)]
    text: String,
    #[elicit(default = true)]
    flag: bool,
}

#[derive(Elicit)]
struct Empty {}

#[derive(Elicit)]
#[allow(dead_code)]
struct AllOptional {
    a: Option<String>,
    b: Option<bool>,
}

/// Two forms flattened into one, between fields of its own.
#[derive(Elicit)]
#[allow(dead_code)]
struct Flattened {
    first: bool,
    #[elicit(flatten)]
    defaults: WithDefaults,
    middle: Option<u8>,
    #[elicit(flatten)]
    selects: UntitledSingle,
}

/// The schemas under test, by name.
fn forms() -> Vec<(&'static str, &'static RequestedSchema)> {
    vec![
        ("Everything", Everything::requested_schema()),
        ("WithDefaults", WithDefaults::requested_schema()),
        ("Selects", Selects::requested_schema()),
        ("UntitledSingle", UntitledSingle::requested_schema()),
        ("TitledSingles", TitledSingles::requested_schema()),
        ("Empty", Empty::requested_schema()),
        ("AllOptional", AllOptional::requested_schema()),
        ("Flattened", Flattened::requested_schema()),
    ]
}

/// An official schema file, with `$ref` at its root pointing at the elicitation request.
fn spec(file: &str, strict: bool) -> Value {
    let path = format!("{}/spec/{file}", env!("CARGO_MANIFEST_DIR"));
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

fn request(params: Value) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "elicitation/create",
        "params": params,
    })
}

fn file(version: ProtocolVersion) -> String {
    format!("mcp-schema-{version}.json")
}

/// Every form, rendered for `version` as a whole `elicitation/create` request, is valid under
/// that version's schema, as published and made strict; a form that version cannot say is
/// refused for a multi-select, naming it.
fn assert_valid(version: ProtocolVersion) {
    for strict in [false, true] {
        let validator = jsonschema::validator_for(&spec(&file(version), strict)).expect("compiles");
        let mut checked = 0;
        for (name, schema) in forms() {
            let request_params =
                FormRequest::new("Please fill in the form", schema).params_for(version);
            let params = match request_params {
                Ok(params) => params,
                Err(Unrepresentable::MultiSelect { field, .. }) => {
                    assert!(!version.has_full_form_fields(), "{name}: {field}");
                    assert!(schema.property(&field).is_some(), "{name}: {field}");
                    continue;
                }
                Err(other) => panic!("{name}: {other}"),
            };
            let req = request(params);
            let errors: Vec<String> = validator
                .iter_errors(&req)
                .map(|e| format!("{e} at {}", e.instance_path()))
                .collect();
            assert!(
                errors.is_empty(),
                "{name} under {version} (strict: {strict}): {errors:#?}"
            );
            checked += 1;
        }
        assert!(
            checked >= 4,
            "only {checked} forms checked against {version}"
        );
    }
}

#[test]
fn valid_under_2025_06_18() {
    assert_valid(ProtocolVersion::V2025_06_18);
}

#[test]
fn valid_under_2025_11_25() {
    assert_valid(ProtocolVersion::V2025_11_25);
}

#[test]
fn valid_under_2026_07_28() {
    assert_valid(ProtocolVersion::V2026_07_28);
}

/// URL mode requests are valid where the version has URL mode, with the `elicitationId` that
/// version wants (2025-11-25) or none (2026-07-28).
#[test]
fn url_mode_requests() {
    let url = UrlRequest::new("Connect your account", "https://example.com/connect", "c-1");
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let params = url.params_for(version).unwrap();
        let validator = jsonschema::validator_for(&spec(&file(version), true)).unwrap();
        let req = request(params.clone());
        let errors: Vec<String> = validator.iter_errors(&req).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{version}: {errors:?}");
        assert_eq!(
            params.get("elicitationId").is_some(),
            version == ProtocolVersion::V2025_11_25
        );
    }
    assert_eq!(
        url.params_for(ProtocolVersion::V2025_06_18),
        Err(Unrepresentable::UrlMode {
            version: ProtocolVersion::V2025_06_18
        })
    );
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
