//! The examples of the MCP specification (2025-06-18, client/elicitation), written as structs,
//! reproduce the specification's JSON.

mod common;

use common::assert_schema;
use mcp_elicit::Elicit;
use serde_json::json;

/// "Simple Text Request": "Please provide your GitHub username".
#[derive(Elicit)]
#[allow(dead_code)]
struct GitHubUsername {
    name: String,
}

#[test]
fn simple_text_request() {
    assert_schema::<GitHubUsername>(json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"}
        },
        "required": ["name"]
    }));
}

/// "Structured Data Request": "Please provide your contact information".
#[derive(Elicit)]
#[allow(dead_code)]
struct ContactInformation {
    /// Your full name
    name: String,
    /// Your email address
    #[elicit(format = "email")]
    email: String,
    /// Your age
    #[elicit(minimum = 18)]
    age: Option<f64>,
}

#[test]
fn structured_data_request() {
    // The specification's text, as published (its keys within a property are in another order,
    // which JSON does not care about; the properties' order is the form's and is kept).
    let spec: serde_json::Value = serde_json::from_str(
        r#"{
          "type": "object",
          "properties": {
            "name": {
              "type": "string",
              "description": "Your full name"
            },
            "email": {
              "type": "string",
              "format": "email",
              "description": "Your email address"
            },
            "age": {
              "type": "number",
              "minimum": 18,
              "description": "Your age"
            }
          },
          "required": ["name", "email"]
        }"#,
    )
    .unwrap();
    let ours = serde_json::to_value(ContactInformation::requested_schema()).unwrap();
    assert_eq!(ours, spec);
    let order: Vec<&String> = ours["properties"].as_object().unwrap().keys().collect();
    assert_eq!(order, ["name", "email", "age"]);
}

/// "Request Schema": the generic example of the restricted schema.
#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
struct RequestSchemaExample {
    /// Description of the property
    #[elicit(title = "Display Name")]
    property_name: String,
    #[elicit(minimum = 0, maximum = 100)]
    another_property: Option<f64>,
}

#[test]
fn request_schema_example() {
    assert_schema::<RequestSchemaExample>(json!({
        "type": "object",
        "properties": {
            "propertyName": {
                "type": "string",
                "title": "Display Name",
                "description": "Description of the property"
            },
            "anotherProperty": {
                "type": "number",
                "minimum": 0,
                "maximum": 100
            }
        },
        "required": ["propertyName"]
    }));
}
