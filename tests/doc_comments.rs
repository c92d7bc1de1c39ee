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

/// The form's own labels and its options' descriptions: kept in the model, written where a
/// protocol has them (ACP), never on MCP, whose forms and options have none.
mod form_and_option_labels {
    use mcp_elicit::{Elicit, ProtocolVersion};
    use serde_json::json;

    /// Pick how much room you need.
    #[derive(Elicit)]
    #[elicit(title = "Your plan")]
    #[allow(dead_code)]
    struct Upgrade {
        size: Size,
    }

    #[derive(Elicit)]
    #[allow(dead_code)]
    enum Size {
        /// One project
        Small,
        #[elicit(description = "Unlimited projects")]
        Large,
    }

    #[derive(Elicit)]
    #[elicit(title = "Bare", description = "The attribute wins")]
    /// over the doc comment
    #[allow(dead_code)]
    struct Bare {
        on: bool,
    }

    #[test]
    fn they_are_read_and_never_written_on_mcp() {
        let schema = Upgrade::requested_schema();
        assert_eq!(schema.title(), Some("Your plan"));
        assert_eq!(schema.description(), Some("Pick how much room you need."));
        let mcp_elicit::schema::PropertySchema::SingleSelect(size) =
            schema.property("size").unwrap().schema()
        else {
            panic!("a single-select")
        };
        let descriptions: Vec<Option<&str>> =
            size.options().iter().map(|o| o.description()).collect();
        assert_eq!(
            descriptions,
            [Some("One project"), Some("Unlimited projects")]
        );
        // Untitled on MCP: descriptions alone do not make a select titled.
        assert!(!size.is_titled());
        for version in ProtocolVersion::ALL {
            assert_eq!(
                schema.to_value_for(version).unwrap(),
                json!({
                    "type": "object",
                    "properties": {"size": {"type": "string", "enum": ["Small", "Large"]}},
                    "required": ["size"]
                })
            );
        }
        assert_eq!(Bare::requested_schema().title(), Some("Bare"));
        assert_eq!(
            Bare::requested_schema().description(),
            Some("The attribute wins")
        );
    }
}
