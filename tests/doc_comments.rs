//! Doc comments become descriptions, joined as rustdoc renders them; `description` wins.

mod common;

use common::property;
use mcp_elicit::Elicit;
use serde_json::json;

#[derive(Elicit)]
#[allow(dead_code)]
struct Documented {
    /// One line
    one: String,

    /// A paragraph written
    /// over several lines
    ///    with odd indentation.
    paragraph: String,

    /// First paragraph.
    ///
    /// Second paragraph,
    /// still second.
    paragraphs: String,

    /// Choose:
    /// - small
    /// - large
    list: String,

    /** The user's age,
     *  in whole years. */
    block: u8,

    #[doc = "Written as an attribute."]
    attribute: bool,

    /// The doc comment loses
    #[elicit(description = "to the attribute")]
    overridden: String,

    #[doc(hidden)]
    /// Only this
    hidden_marker: String,

    undocumented: String,
}

fn description(name: &str) -> serde_json::Value {
    property::<Documented>(name)
        .get("description")
        .cloned()
        .unwrap_or(serde_json::Value::Null)
}

#[test]
fn one_line() {
    assert_eq!(description("one"), json!("One line"));
}

#[test]
fn lines_of_a_paragraph_join_with_spaces() {
    assert_eq!(
        description("paragraph"),
        json!("A paragraph written over several lines with odd indentation.")
    );
}

#[test]
fn paragraphs_stay_apart() {
    assert_eq!(
        description("paragraphs"),
        json!("First paragraph.\n\nSecond paragraph, still second.")
    );
}

#[test]
fn list_items_keep_their_lines() {
    assert_eq!(description("list"), json!("Choose:\n- small\n- large"));
}

#[test]
fn block_comments() {
    assert_eq!(
        description("block"),
        json!("The user's age, in whole years.")
    );
}

#[test]
fn doc_attributes() {
    assert_eq!(description("attribute"), json!("Written as an attribute."));
    assert_eq!(description("hidden_marker"), json!("Only this"));
}

#[test]
fn the_description_attribute_wins() {
    assert_eq!(description("overridden"), json!("to the attribute"));
}

#[test]
fn no_doc_no_description() {
    assert_eq!(
        property::<Documented>("undocumented"),
        json!({"type": "string"})
    );
}
