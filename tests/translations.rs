//! Translated forms (SEP-2792): each declared language's schema, read from `.ftl` files when the
//! form compiles, with the same keys, option values, formats and bounds as the default one.

use mcp_elicit::Elicit;
use mcp_elicit::lang::Preference;
use serde_json::json;

#[derive(Elicit)]
#[elicit(
    rename_all = "lowercase",
    translations(path = "tests/fixtures/locales", languages("fr", "zh-Hans"))
)]
enum Seating {
    #[elicit(title = "By the window")]
    Window,
    /// Heated in winter
    #[elicit(title = "On the terrace")]
    Terrace,
}

#[derive(Elicit)]
#[elicit(
    message = "Book a table",
    translations(path = "tests/fixtures/locales", languages("fr", "zh-Hans"))
)]
#[allow(dead_code)]
struct BookTable {
    /// Yourself included
    #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    party_size: u8,
    #[elicit(title = "Seating")]
    seating: Seating,
    #[elicit(title = "Email", format = "email")]
    email: Option<String>,
    // Untitled, undescribed in the code: no translation needed.
    notes: Option<String>,
}

fn schema_in(index: usize) -> serde_json::Value {
    serde_json::to_value(BookTable::translation(index).schema).unwrap()
}

#[test]
fn the_languages_are_the_code_s_then_the_declared_ones() {
    assert_eq!(BookTable::LANGUAGES, ["en", "fr", "zh-Hans"]);
    assert_eq!(BookTable::translation(0).language, "en");
    assert_eq!(BookTable::translation(0).message, "Book a table");
    assert!(std::ptr::eq(
        BookTable::translation(0).schema,
        BookTable::requested_schema()
    ));
    assert!(std::ptr::eq(
        BookTable::translation(9).schema,
        BookTable::requested_schema()
    ));
    assert_eq!(BookTable::translation(9).language, "en");
}

#[test]
fn french_translates_titles_and_descriptions_only() {
    let fr = BookTable::translation(1);
    assert_eq!((fr.language, fr.message), ("fr", "Réserver une table"));
    let schema = serde_json::to_string(fr.schema).unwrap();
    let expected = json!({
        "type": "object",
        "properties": {
            "party_size": {
                "type": "integer",
                "title": "Nombre de personnes",
                "description": "Vous compris",
                "minimum": 1,
                "maximum": 12
            },
            "seating": {
                "type": "string",
                "title": "Placement",
                "oneOf": [
                    {"const": "window", "title": "Côté fenêtre"},
                    {"const": "terrace", "title": "En terrasse"}
                ]
            },
            "email": {"type": "string", "title": "Courriel", "format": "email"},
            "notes": {"type": "string"}
        },
        "required": ["party_size", "seating"]
    });
    // Key order is declaration order, as in the default schema.
    assert_eq!(schema, serde_json::to_string(&expected).unwrap());
}

#[test]
fn simplified_chinese_translates_titles_and_descriptions_only() {
    let expected = json!({
        "type": "object",
        "properties": {
            "party_size": {
                "type": "integer",
                "title": "人数",
                "description": "包括您自己",
                "minimum": 1,
                "maximum": 12
            },
            "seating": {
                "type": "string",
                "title": "座位",
                "oneOf": [
                    {"const": "window", "title": "靠窗"},
                    {"const": "terrace", "title": "露台"}
                ]
            },
            "email": {"type": "string", "title": "电子邮件", "format": "email"},
            "notes": {"type": "string"}
        },
        "required": ["party_size", "seating"]
    });
    assert_eq!(
        serde_json::to_string(&schema_in(2)).unwrap(),
        serde_json::to_string(&expected).unwrap()
    );
    assert_eq!(BookTable::translation(2).message, "预订餐桌");
}

#[test]
fn the_default_schema_is_unchanged() {
    let expected = json!({
        "type": "object",
        "properties": {
            "party_size": {
                "type": "integer",
                "title": "Party size",
                "description": "Yourself included",
                "minimum": 1,
                "maximum": 12
            },
            "seating": {
                "type": "string",
                "title": "Seating",
                "oneOf": [
                    {"const": "window", "title": "By the window"},
                    {"const": "terrace", "title": "On the terrace"}
                ]
            },
            "email": {"type": "string", "title": "Email", "format": "email"},
            "notes": {"type": "string"}
        },
        "required": ["party_size", "seating"]
    });
    assert_eq!(
        serde_json::to_string(&schema_in(0)).unwrap(),
        serde_json::to_string(&expected).unwrap()
    );
}

#[test]
fn option_descriptions_are_translated_where_a_protocol_has_them() {
    use mcp_elicit::field::Choice;
    let [(en, _), (fr, fr_options), (zh, zh_options)] = Seating::TRANSLATIONS else {
        panic!("three languages: {:?}", Seating::TRANSLATIONS.len());
    };
    assert_eq!([*en, *fr, *zh], ["en", "fr", "zh-Hans"]);
    assert_eq!(fr_options[1].description(), Some("Chauffée l'hiver"));
    assert_eq!(zh_options[1].description(), Some("冬季有暖气"));
    assert_eq!(fr_options[1].value(), "terrace");
}

#[test]
fn the_preference_chooses_by_script() {
    let chosen = |header: &str| BookTable::in_language(&Preference::parse(header)).language;
    // Traditional Chinese is not Simplified: the default, not zh-Hans.
    assert_eq!(chosen("zh-TW"), "en");
    assert_eq!(chosen("zh-CN"), "zh-Hans");
    assert_eq!(chosen("fr-CH, fr;q=0.9, en;q=0.8"), "fr");
    assert_eq!(chosen("de"), "en");
    assert_eq!(
        BookTable::in_language(&Preference::parse("zh-CN")).message,
        "预订餐桌"
    );
}

/// A form written in French (its code's language), asked with no preference.
#[derive(Elicit, Debug)]
#[elicit(language = "fr", message = "Réservez une table")]
#[allow(dead_code)]
struct Reservation {
    #[elicit(title = "Nombre de convives", minimum = 1, maximum = 12)]
    convives: u8,
}

#[test]
fn a_form_written_in_french_is_asked_again_in_french_without_a_preference() {
    use mcp_elicit::request::FormRequest;

    let answer = json!({"convives": 40});
    let answer = answer.as_object().unwrap();
    let problems = Reservation::from_content(answer).unwrap_err();
    let request = FormRequest::of::<Reservation>();
    assert_eq!(request.language(), "fr");
    assert_eq!(
        request.retry(answer, &problems).message(),
        "Réservez une table\n\nVeuillez corriger ce point\u{a0}:\n- Nombre de convives\u{a0}: doit valoir au plus 12 (valeur reçue\u{a0}: 40)"
    );
}
