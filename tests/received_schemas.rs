//! `RequestedSchema` read from any server's JSON: what the specification allows is read (in
//! property order), what it does not is refused with a message naming the property.

use mcp_elicit::RequestedSchema;
use mcp_elicit::schema::{NumberType, PropertySchema, StringFormat};
use serde_json::{Value, json};

fn read(schema: Value) -> Result<RequestedSchema, String> {
    serde_json::from_value(schema).map_err(|e| e.to_string())
}

#[test]
fn every_shape_the_specification_allows() {
    let schema = read(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "title": "ignored",
        "properties": {
            "zeta": {"type": "string", "title": "Z", "description": "d", "minLength": 1, "maxLength": 9, "format": "email", "default": "a@b.c", "pattern": "ignored"},
            "count": {"type": "integer", "minimum": 0, "maximum": 10, "default": 3},
            "ratio": {"type": "number", "minimum": -0.5, "default": 0.25},
            "flag": {"type": "boolean", "default": false},
            "plain": {"type": "string", "enum": ["a", "b"], "default": "b"},
            "legacy": {"type": "string", "enum": ["a", "b"], "enumNames": ["Option A", "Option B"]},
            "titled": {"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]},
            "many": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string", "enum": ["x", "y"]}, "default": ["x"]},
            "titled_many": {"type": "array", "items": {"anyOf": [{"const": "x", "title": "X"}]}}
        },
        "required": ["zeta", "plain"]
    }))
    .unwrap();
    let names: Vec<&str> = schema
        .properties()
        .iter()
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(
        names,
        [
            "zeta",
            "count",
            "ratio",
            "flag",
            "plain",
            "legacy",
            "titled",
            "many",
            "titled_many"
        ],
        "properties keep their order"
    );
    assert_eq!(schema.required().collect::<Vec<_>>(), ["zeta", "plain"]);
    let zeta = schema.property("zeta").unwrap();
    assert_eq!((zeta.title(), zeta.description()), (Some("Z"), Some("d")));
    let PropertySchema::String(s) = zeta.schema() else {
        panic!()
    };
    assert_eq!(s.format(), Some(StringFormat::Email));
    let PropertySchema::Number(n) = schema.property("count").unwrap().schema() else {
        panic!()
    };
    assert_eq!(n.number_type(), NumberType::Integer);
    let PropertySchema::SingleSelect(legacy) = schema.property("legacy").unwrap().schema() else {
        panic!()
    };
    assert!(legacy.is_titled());
    assert_eq!(legacy.options()[1].label(), "Option B");
    let PropertySchema::MultiSelect(many) = schema.property("many").unwrap().schema() else {
        panic!()
    };
    assert_eq!(many.default().unwrap().collect::<Vec<_>>(), ["x"]);

    // What it writes back is what it read: a legacy select stays `enum` + `enumNames` (still a
    // valid form, which some clients read), unknown keys are gone.
    assert!(legacy.writes_enum_names());
    let written = serde_json::to_value(&schema).unwrap();
    assert_eq!(
        written["properties"]["legacy"],
        json!({"type": "string", "enum": ["a", "b"], "enumNames": ["Option A", "Option B"]})
    );
    assert!(written["properties"]["zeta"].get("pattern").is_none());
    assert_eq!(read(written).unwrap(), schema);
}

#[test]
fn shapes_the_specification_refuses() {
    let with = |property: Value| json!({"type": "object", "properties": {"p": property}});
    let cases = [
        (
            json!("not an object"),
            "a requestedSchema must be an object",
        ),
        (
            json!({"properties": {}}),
            "a requestedSchema needs `\"type\": \"object\"`",
        ),
        (
            json!({"type": "array", "properties": {}}),
            "a requestedSchema must have `\"type\": \"object\"`",
        ),
        (
            json!({"type": "object"}),
            "a requestedSchema needs `properties`",
        ),
        (
            json!({"type": "object", "properties": {}, "required": ["ghost"]}),
            "`required` names `ghost`, which is not a property",
        ),
        (
            with(json!({"type": "object", "properties": {}})),
            "property `p`: a form is flat: a property cannot be an object (nested forms are not allowed)",
        ),
        (
            with(json!({"type": ["string", "null"]})),
            "property `p`: `type` must be one type, not a list (there are no nullable fields: leave the field out of `required` instead)",
        ),
        (
            with(json!({"type": "date"})),
            "property `p`: unknown type \"date\": expected \"string\", \"integer\", \"number\", \"boolean\" or \"array\"",
        ),
        (
            with(json!({"title": "no type"})),
            "property `p`: a property needs a `type`",
        ),
        (
            with(json!({"type": "string", "format": "phone"})),
            "property `p`: unknown format \"phone\": MCP forms allow \"email\", \"uri\", \"date\" and \"date-time\"",
        ),
        (
            with(json!({"type": "string", "minLength": "3"})),
            "property `p`: `minLength` must be a whole number",
        ),
        (
            with(json!({"type": "integer", "default": 1.5})),
            "property `p`: the `default` of an integer must be a whole number",
        ),
        (
            with(json!({"type": "boolean", "default": "yes"})),
            "property `p`: `default` must be `true` or `false`",
        ),
        (
            with(json!({"type": "array", "items": {"type": "string"}})),
            "property `p`: an array property is a multi-select: its `items` need `enum` or `anyOf` (arrays of free values are not allowed)",
        ),
        (
            with(json!({"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}})),
            "property `p`: a titled multi-select lists its options in `items.anyOf`, not `items.oneOf`",
        ),
        (
            with(json!({"type": "array"})),
            "property `p`: an array property is a multi-select and needs `items`: `{\"type\": \"string\", \"enum\": [..]}` or `{\"anyOf\": [..]}`",
        ),
        (
            with(json!({"type": "string", "oneOf": [{"const": "a"}]})),
            "property `p`: every option in `oneOf` needs a string `title` (clients drop untitled options)",
        ),
        (
            with(json!({"type": "string", "enum": ["a", "a"]})),
            "property `p`: the option \"a\" is listed twice",
        ),
        (
            with(json!({"type": "string", "enum": []})),
            "property `p`: a select needs at least one option",
        ),
        (
            with(json!({"type": "string", "enum": ["a"], "enumNames": ["A", "B"]})),
            "property `p`: `enumNames` must give one title per value of `enum`",
        ),
        (
            with(json!({"type": "string", "enum": ["a"], "default": "b"})),
            "property `p`: the default \"b\" is not one of the options",
        ),
        (
            with(
                json!({"type": "array", "items": {"type": "string", "enum": ["a"]}, "default": ["a", "z"]}),
            ),
            "property `p`: the default \"z\" is not one of the options",
        ),
        (
            with(json!({"type": "string", "enum": ["a"], "oneOf": [{"const": "a", "title": "A"}]})),
            "property `p`: a select has either `enum` or `oneOf`, not both",
        ),
    ];
    for (schema, message) in cases {
        assert_eq!(read(schema.clone()), Err(message.to_owned()), "{schema}");
    }
}

/// What `#[derive(Elicit)]` refuses at compile time, the reader refuses at run time: a form no
/// answer could satisfy, or that starts with an answer it refuses.
#[test]
fn forms_the_derive_would_refuse() {
    let with = |property: Value| json!({"type": "object", "properties": {"p": property}});
    let cases = [
        (
            json!({"type": "string", "minLength": 10, "maxLength": 3}),
            "property `p`: `minLength` 10 is greater than `maxLength` 3: no answer could satisfy both",
        ),
        (
            json!({"type": "integer", "minimum": 65535, "maximum": 1024}),
            "property `p`: `minimum` 65535 is greater than `maximum` 1024: no answer could satisfy both",
        ),
        (
            json!({"type": "number", "minimum": 0.5, "maximum": 0.25}),
            "property `p`: `minimum` 0.5 is greater than `maximum` 0.25: no answer could satisfy both",
        ),
        (
            json!({"type": "array", "minItems": 2, "maxItems": 1, "items": {"type": "string", "enum": ["a", "b"]}}),
            "property `p`: `minItems` 2 is greater than `maxItems` 1: no answer could satisfy both",
        ),
        (
            json!({"type": "array", "minItems": 3, "items": {"type": "string", "enum": ["a", "b"]}}),
            "property `p`: `minItems` 3 asks for more choices than the 2 options",
        ),
        (
            json!({"type": "string", "format": "email", "default": "nobody"}),
            "property `p`: the `default` breaks the property's own rules: it must be an e-mail address, got \"nobody\"",
        ),
        (
            json!({"type": "string", "format": "date", "default": "2023-02-29"}),
            "property `p`: the `default` breaks the property's own rules: it must be a date, like 2025-11-25, got \"2023-02-29\"",
        ),
        (
            json!({"type": "string", "minLength": 3, "default": "ab"}),
            "property `p`: the `default` breaks the property's own rules: it must be at least 3 characters long, got 2",
        ),
        (
            json!({"type": "integer", "minimum": 1024, "default": 80}),
            "property `p`: the `default` breaks the property's own rules: it must be at least 1024, got 80",
        ),
        (
            json!({"type": "array", "maxItems": 1, "items": {"type": "string", "enum": ["a", "b"]}, "default": ["a", "b"]}),
            "property `p`: the `default` breaks the property's own rules: it must have at most 1 option chosen, got 2",
        ),
        (
            json!({"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "default": ["a", "a"]}),
            "property `p`: the `default` breaks the property's own rules: it chooses \"a\" more than once",
        ),
    ];
    for (property, message) in cases {
        assert_eq!(
            read(with(property.clone())),
            Err(message.to_owned()),
            "{property}"
        );
    }
    // Equal bounds are fine: exactly one answer satisfies them.
    assert!(
        read(with(
            json!({"type": "integer", "minimum": 2, "maximum": 2.0, "default": 2})
        ))
        .is_ok()
    );
    assert!(
        read(with(
            json!({"type": "string", "minLength": 2, "maxLength": 2})
        ))
        .is_ok()
    );
}

/// The reader streams: the top level's keys may come in any order (`required` before the
/// properties it names, `type` last), text and a `Value` read alike, and a property named twice
/// keeps the place where it was first written and the schema it was last written with, as a JSON
/// object read into a map does.
#[test]
fn keys_in_any_order_and_names_written_twice() {
    let from_text =
        |text: &str| serde_json::from_str::<RequestedSchema>(text).map_err(|e| e.to_string());
    let required_first = from_text(
        r#"{"required": ["b"], "properties": {"a": {"type": "boolean"}, "b": {"type": "integer"}}, "type": "object"}"#,
    )
    .unwrap();
    let usual = read(json!({"type": "object", "properties": {
        "a": {"type": "boolean"}, "b": {"type": "integer"}
    }, "required": ["b"]}))
    .unwrap();
    assert_eq!(required_first, usual);
    let flags: Vec<(&str, bool)> = usual
        .properties()
        .iter()
        .map(|p| (p.name(), p.is_required()))
        .collect();
    assert_eq!(flags, [("a", false), ("b", true)]);

    let twice = from_text(
        r#"{"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"type": "string"}, "a": {"type": "integer", "minimum": 1}}, "required": ["a"]}"#,
    )
    .unwrap();
    let names: Vec<&str> = twice
        .properties()
        .iter()
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(names, ["a", "b"]);
    let a = twice.property("a").unwrap();
    assert!(a.is_required());
    assert!(
        matches!(a.schema(), PropertySchema::Number(n) if n.number_type() == NumberType::Integer)
    );

    assert_eq!(
        from_text(r#"{"type": "object", "properties": ["a"]}"#),
        Err(
            "the `properties` of a requestedSchema must be an object at line 1 column 34"
                .to_owned()
        )
    );
    assert_eq!(
        read(json!({"type": "object", "properties": 3})),
        Err("the `properties` of a requestedSchema must be an object".to_owned())
    );
    assert_eq!(
        from_text("[]"),
        Err("a requestedSchema must be an object at line 1 column 2".to_owned())
    );
}
