//! Rust enums as selects (SEP-1330): untitled and titled single-selects, `Vec`/`HashSet`/`BTreeSet`
//! multi-selects, typed defaults, renames.

mod common;

use std::collections::{BTreeSet, HashSet};

use common::{assert_schema, property, required};
use mcp_elicit::Elicit;
use serde_json::json;

/// Plain colors: no titles, so the selects render untitled (`enum`).
#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Color {
    Red,
    Green,
    Blue,
}

/// Colors sent as hex codes, shown with names: titled (`oneOf` / `anyOf`).
#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum HexColor {
    #[elicit(rename = "#FF0000", title = "Red")]
    Red,
    #[elicit(rename = "#00FF00", title = "Green")]
    Green,
    #[elicit(rename = "#0000FF", title = "Blue")]
    Blue,
}

/// The instance examples of SEP-1330, written as Rust.
#[derive(Elicit)]
#[allow(dead_code)]
struct Sep1330 {
    /// Choose your favorite color
    #[elicit(title = "Color Selection", default = Color::Green)]
    untitled_single: Color,
    /// Choose your favorite color
    #[elicit(title = "Color Selection", default = HexColor::Green)]
    titled_single: HexColor,
    /// Choose your favorite colors
    #[elicit(title = "Color Selection", min_items = 1, max_items = 3, default = [Color::Green])]
    untitled_multi: Vec<Color>,
    /// Choose your favorite colors
    #[elicit(title = "Color Selection", min_items = 1, max_items = 3, default = [HexColor::Green])]
    titled_multi: Vec<HexColor>,
}

#[test]
fn sep_1330_examples() {
    assert_schema::<Sep1330>(json!({
        "type": "object",
        "properties": {
            "untitled_single": {
                "type": "string",
                "title": "Color Selection",
                "description": "Choose your favorite color",
                "enum": ["Red", "Green", "Blue"],
                "default": "Green"
            },
            "titled_single": {
                "type": "string",
                "title": "Color Selection",
                "description": "Choose your favorite color",
                "oneOf": [
                    {"const": "#FF0000", "title": "Red"},
                    {"const": "#00FF00", "title": "Green"},
                    {"const": "#0000FF", "title": "Blue"}
                ],
                "default": "#00FF00"
            },
            "untitled_multi": {
                "type": "array",
                "title": "Color Selection",
                "description": "Choose your favorite colors",
                "minItems": 1,
                "maxItems": 3,
                "items": {"type": "string", "enum": ["Red", "Green", "Blue"]},
                "default": ["Green"]
            },
            "titled_multi": {
                "type": "array",
                "title": "Color Selection",
                "description": "Choose your favorite colors",
                "minItems": 1,
                "maxItems": 3,
                "items": {
                    "anyOf": [
                        {"const": "#FF0000", "title": "Red"},
                        {"const": "#00FF00", "title": "Green"},
                        {"const": "#0000FF", "title": "Blue"}
                    ]
                },
                "default": ["#00FF00"]
            }
        }
    }));
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Containers {
    vec: Vec<Color>,
    hash_set: HashSet<Color>,
    btree_set: BTreeSet<Color>,
    full_path: std::vec::Vec<Color>,
    optional_vec: Option<Vec<Color>>,
    optional_hash_set: Option<HashSet<HexColor>>,
    optional_btree_set: Option<std::collections::BTreeSet<HexColor>>,
    single: Color,
    optional_single: Option<HexColor>,
}

/// Every container renders the same multi-select; `Option` makes any select optional and never
/// loses the options.
#[test]
fn every_container_and_option() {
    let untitled_multi = json!({
        "type": "array",
        "items": {"type": "string", "enum": ["Red", "Green", "Blue"]}
    });
    let titled_multi = json!({
        "type": "array",
        "items": {"anyOf": [
            {"const": "#FF0000", "title": "Red"},
            {"const": "#00FF00", "title": "Green"},
            {"const": "#0000FF", "title": "Blue"}
        ]}
    });
    assert_schema::<Containers>(json!({
        "type": "object",
        "properties": {
            "vec": untitled_multi,
            "hash_set": untitled_multi,
            "btree_set": untitled_multi,
            "full_path": untitled_multi,
            "optional_vec": untitled_multi,
            "optional_hash_set": titled_multi,
            "optional_btree_set": titled_multi,
            "single": {"type": "string", "enum": ["Red", "Green", "Blue"]},
            "optional_single": {
                "type": "string",
                "oneOf": [
                    {"const": "#FF0000", "title": "Red"},
                    {"const": "#00FF00", "title": "Green"},
                    {"const": "#0000FF", "title": "Blue"}
                ]
            }
        },
        "required": ["vec", "hash_set", "btree_set", "full_path", "single"]
    }));
}

/// A variant without a title in a titled enum gets its wire value as title: a `oneOf` option
/// without one is dropped by the official TypeScript SDK.
#[derive(Elicit)]
#[elicit(rename_all = "snake_case")]
enum Plan {
    Free,
    #[elicit(title = "Professional")]
    ProMonthly,
    /// Doc comments on variants are for Rust readers; they neither title nor break the option.
    Enterprise,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct PlanForm {
    #[elicit(default = Plan::ProMonthly)]
    plan: Plan,
}

#[test]
fn partial_titles_fall_back_to_the_wire_value() {
    assert_eq!(
        property::<PlanForm>("plan"),
        json!({
            "type": "string",
            "oneOf": [
                {"const": "free", "title": "free"},
                {"const": "pro_monthly", "title": "Professional"},
                {"const": "enterprise", "title": "enterprise"}
            ],
            "default": "pro_monthly"
        })
    );
    assert!(required::<PlanForm>().is_empty());
}

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
enum SerdeNamed {
    DarkMode,
    #[serde(rename = "push")]
    PushNotifications,
    #[serde(rename = "ignored-by-serde")]
    #[elicit(rename = "analytics")]
    UsageAnalytics,
}

#[derive(Elicit)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
enum Screaming {
    DarkMode,
    PushNotifications,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Renames {
    serde_named: SerdeNamed,
    screaming: Screaming,
}

/// Variants follow `rename`, `rename_all` and serde's attributes like fields do, with serde's
/// rules for variants.
#[test]
fn variant_names() {
    assert_eq!(
        property::<Renames>("serde_named")["enum"],
        json!(["dark-mode", "push", "analytics"])
    );
    assert_eq!(
        property::<Renames>("screaming")["enum"],
        json!(["DARK_MODE", "PUSH_NOTIFICATIONS"])
    );
    let parsed: SerdeNamed = serde_json::from_value(json!("push")).unwrap();
    assert!(matches!(parsed, SerdeNamed::PushNotifications));
}

/// Explicit discriminants and a `repr` do not confuse typed defaults.
#[derive(Elicit, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Priority {
    Low = 10,
    High = 1,
    Urgent = 200,
}

/// A default may be any constant expression of the enum's type.
const FALLBACK_PRIORITY: Priority = Priority::Low;

#[derive(Elicit)]
#[allow(dead_code)]
struct Defaults {
    #[elicit(default = Priority::High)]
    single: Priority,
    #[elicit(default = [Priority::Urgent, Priority::Low])]
    multi: HashSet<Priority>,
    #[elicit(default = [])]
    nothing: Option<Vec<Priority>>,
    #[elicit(default = FALLBACK_PRIORITY)]
    from_a_const: Priority,
}

#[test]
fn typed_defaults() {
    assert_eq!(property::<Defaults>("single")["default"], json!("High"));
    // In the order written, which is the order the client starts with.
    assert_eq!(
        property::<Defaults>("multi")["default"],
        json!(["Urgent", "Low"])
    );
    assert_eq!(property::<Defaults>("nothing")["default"], json!([]));
    assert_eq!(
        property::<Defaults>("from_a_const")["default"],
        json!("Low")
    );
    assert!(required::<Defaults>().is_empty());
}

/// The model reads like the JSON.
#[test]
fn the_model_of_a_select() {
    use mcp_elicit::schema::PropertySchema;

    let schema = Sep1330::requested_schema();
    let PropertySchema::SingleSelect(single) = schema.property("titled_single").unwrap().schema()
    else {
        panic!("a single-select")
    };
    assert!(single.is_titled());
    assert_eq!(single.default(), Some("#00FF00"));
    let labels: Vec<(&str, &str)> = single
        .options()
        .iter()
        .map(|o| (o.value(), o.label()))
        .collect();
    assert_eq!(
        labels,
        [
            ("#FF0000", "Red"),
            ("#00FF00", "Green"),
            ("#0000FF", "Blue")
        ]
    );
    let PropertySchema::MultiSelect(multi) = schema.property("untitled_multi").unwrap().schema()
    else {
        panic!("a multi-select")
    };
    assert!(!multi.is_titled());
    assert_eq!((multi.min_items(), multi.max_items()), (Some(1), Some(3)));
    assert_eq!(multi.default().unwrap().collect::<Vec<_>>(), ["Green"]);
    assert_eq!(multi.options()[1].title(), None);
}

/// A form a project generator might ask for: several selects among other fields.
#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Framework {
    #[elicit(title = "React")]
    React,
    #[elicit(title = "Vue.js")]
    Vue,
    #[elicit(title = "Svelte")]
    Svelte,
}

#[derive(Elicit, PartialEq, Eq, Hash)]
#[elicit(rename_all = "kebab-case")]
enum Feature {
    Eslint,
    Prettier,
    UnitTests,
}

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
struct ProjectConfiguration {
    /// The package name
    #[elicit(min_length = 1, max_length = 214)]
    name: String,
    #[elicit(default = Framework::React)]
    framework: Framework,
    #[elicit(title = "Use TypeScript", default = true)]
    typescript: bool,
    #[elicit(title = "Tooling", default = [Feature::Eslint, Feature::Prettier])]
    features: HashSet<Feature>,
    /// Port of the development server
    #[elicit(minimum = 1024, maximum = 65535)]
    port: Option<u16>,
    #[elicit(title = "API URL", format = "uri")]
    api_url: Option<String>,
}

#[test]
fn a_project_configuration_form() {
    assert_schema::<ProjectConfiguration>(json!({
        "type": "object",
        "properties": {
            "name": {
                "type": "string",
                "description": "The package name",
                "minLength": 1,
                "maxLength": 214
            },
            "framework": {
                "type": "string",
                "oneOf": [
                    {"const": "react", "title": "React"},
                    {"const": "vue", "title": "Vue.js"},
                    {"const": "svelte", "title": "Svelte"}
                ],
                "default": "react"
            },
            "typescript": {"type": "boolean", "title": "Use TypeScript", "default": true},
            "features": {
                "type": "array",
                "title": "Tooling",
                "items": {"type": "string", "enum": ["eslint", "prettier", "unit-tests"]},
                "default": ["eslint", "prettier"]
            },
            "port": {
                "type": "integer",
                "description": "Port of the development server",
                "minimum": 1024,
                "maximum": 65535
            },
            "apiUrl": {"type": "string", "title": "API URL", "format": "uri"}
        },
        "required": ["name"]
    }));
}

/// `#[elicit(enum_names)]`: the legacy titled form, `enum` + `enumNames`, on every version.
#[derive(Elicit, Debug, PartialEq, Eq, Hash)]
#[elicit(enum_names, rename_all = "lowercase")]
enum Legacy {
    #[elicit(title = "Option One")]
    One,
    #[elicit(title = "Option Two")]
    Two,
    Three,
}

#[derive(Elicit, Debug)]
struct WithLegacy {
    #[elicit(default = Legacy::Two)]
    pick: Legacy,
    picks: HashSet<Legacy>,
}

#[test]
fn enum_names_writes_the_legacy_titled_select_on_every_version() {
    use mcp_elicit::ProtocolVersion;
    let expected = json!({
        "type": "string",
        "enum": ["one", "two", "three"],
        "enumNames": ["Option One", "Option Two", "three"],
        "default": "two"
    });
    assert_eq!(property::<WithLegacy>("pick"), expected);
    let schema = WithLegacy::requested_schema();
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let written = schema.to_value_for(version).unwrap();
        assert_eq!(written["properties"]["pick"], expected, "{version}");
    }
    // 2025-06-18 writes it so anyway, without the default (booleans only there).
    let single = WithLegacySingle::requested_schema()
        .to_value_for(ProtocolVersion::V2025_06_18)
        .unwrap();
    assert_eq!(
        single["properties"]["pick"],
        json!({"type": "string", "enum": ["one", "two", "three"], "enumNames": ["Option One", "Option Two", "three"]})
    );
    // A multi-select has no legacy form: its titles stay `anyOf`.
    assert_eq!(
        property::<WithLegacy>("picks")["items"]["anyOf"][0],
        json!({"const": "one", "title": "Option One"})
    );
    // Read as any select.
    let content = json!({"pick": "three", "picks": ["one"]});
    let read = WithLegacy::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(read.pick, Legacy::Three);
}

#[derive(Elicit)]
#[allow(dead_code)]
struct WithLegacySingle {
    #[elicit(default = Legacy::Two)]
    pick: Legacy,
}

#[test]
fn a_received_legacy_select_is_written_back_as_it_came() {
    let received = json!({
        "type": "object",
        "properties": {
            "pick": {"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"]},
            "modern": {"type": "string", "oneOf": [{"const": "a", "title": "A"}]}
        }
    });
    let schema: mcp_elicit::RequestedSchema = serde_json::from_value(received.clone()).unwrap();
    assert_eq!(serde_json::to_value(&schema).unwrap(), received);
}
