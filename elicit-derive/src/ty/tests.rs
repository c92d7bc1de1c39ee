//! How field types are read: their kinds, wrappers and paths.

use super::*;

fn classify(src: &str) -> FieldType {
    FieldType::classify(&syn::parse_str(src).unwrap())
}

#[test]
fn recognizes_primitives() {
    assert_eq!(classify("String").base, Some(Base::Text));
    assert_eq!(classify("std::string::String").base, Some(Base::Text));
    assert_eq!(classify("bool").base, Some(Base::Boolean));
    assert_eq!(
        classify("u8").base,
        Some(Base::Integer {
            name: "u8",
            range: Some((0, 255))
        })
    );
    assert!(matches!(
        classify("f32").base,
        Some(Base::Float { name: "f32", .. })
    ));
}

#[test]
fn sees_through_option() {
    let t = classify("Option<i16>");
    assert!(t.optional);
    assert_eq!(
        t.base,
        Some(Base::Integer {
            name: "i16",
            range: Some((-32768, 32767))
        })
    );
    // The macro runs on the host: the width of `usize` is the target's, not the host's.
    assert_eq!(
        classify("Option<usize>").base,
        Some(Base::Integer {
            name: "usize",
            range: None
        })
    );
    let t = classify("::core::option::Option<String>");
    assert!(t.optional);
    assert_eq!(t.base, Some(Base::Text));
    assert!(classify("Option<Option<String>>").base.is_none());
}

#[test]
fn recognizes_multi_select_containers() {
    for (src, container) in [
        ("Vec<Color>", "Vec"),
        ("std::vec::Vec<Color>", "Vec"),
        ("HashSet<Color>", "HashSet"),
        ("HashSet<Color, MyHasher>", "HashSet"),
        ("std::collections::BTreeSet<Color>", "BTreeSet"),
        ("Option<BTreeSet<Color>>", "BTreeSet"),
    ] {
        assert_eq!(
            classify(src).base,
            Some(Base::MultiSelect { container }),
            "{src}"
        );
    }
    assert_eq!(classify("Vec<Color, A>").base, None);
    assert_eq!(classify("my::Vec<Color>").base, None);
}

#[test]
fn recognizes_the_integrations_types_by_path() {
    let trait_of = |src: &str| classify(src).integration.map(|i| i.field_trait);
    for (src, field_trait) in [
        ("chrono::NaiveDate", "ChronoField"),
        ("NaiveDate", "ChronoField"),
        ("::chrono::naive::NaiveDate", "ChronoField"),
        ("chrono::DateTime<Utc>", "ChronoField"),
        ("Option<DateTime<chrono::FixedOffset>>", "ChronoField"),
        ("jiff::civil::Date", "JiffField"),
        ("civil::Date", "JiffField"),
        ("jiff::Timestamp", "JiffField"),
        ("time::Date", "TimeField"),
        ("OffsetDateTime", "TimeField"),
        ("Option<url::Url>", "UrlField"),
        ("EmailAddress", "EmailAddressField"),
        ("uuid::Uuid", "UuidField"),
    ] {
        assert_eq!(trait_of(src), Some(field_trait), "{src}");
    }
    // Names more than one crate has, or none of these crates' field types.
    for src in [
        "Date",
        "Timestamp",
        "DateTime",
        "civil::DateTime",
        "jiff::Zoned",
        "my::NaiveDate",
        "NaiveDate<T>",
        "chrono::DateTime<Utc, X>",
        "String",
    ] {
        assert_eq!(trait_of(src), None, "{src}");
    }
}

fn reason(src: &str) -> Option<String> {
    unsupported(&syn::parse_str(src).unwrap())
}

#[test]
fn shapes_a_form_cannot_hold() {
    for src in [
        "(u8, u8)",
        "()",
        "[u8; 3]",
        "&'static str",
        "&'static [u8]",
        "*const u8",
        "fn() -> u8",
        "Box<dyn Fn()>",
        "impl Display",
        "Option<Option<u8>>",
        "Option<(u8, u8)>",
        "Box<String>",
        "std::sync::Arc<str>",
        "HashMap<String, String>",
        "std::collections::BTreeMap<String, u8>",
        "serde_json::Value",
        "VecDeque<Color>",
        "Vec<String>",
        "Option<HashSet<u32>>",
        "Vec<Vec<Color>>",
        "Vec<Option<Color>>",
        "Vec<(u8, u8)>",
        "char",
        "u128",
    ] {
        assert!(reason(src).is_some(), "{src}");
    }
    for src in [
        "String",
        "Option<u8>",
        "Vec<Color>",
        "HashSet<Color>",
        "Plan",
        "my::Value",
        "Value",
        "chrono::NaiveDate",
        "Vec<my::Thing>",
    ] {
        assert_eq!(reason(src), None, "{src}");
    }
}

#[test]
fn leaves_the_rest_to_the_trait() {
    for src in [
        "Name",
        "my::u8",
        "Map<String>",
        "(u8, u8)",
        "&'static str",
        "Option<Plan>",
    ] {
        assert_eq!(classify(src).base, None, "{src}");
    }
}

#[test]
fn knows_a_secret_by_the_paths_that_reach_it() {
    let secret = |src: &str| is_secret(&syn::parse_str(src).unwrap());
    for src in [
        "SecretString",
        "Option<SecretString>",
        "secrecy::SecretString",
        "page::SecretString",
        "mcp_elicit::page::SecretString",
        "Option<mcp_elicit::page::SecretString>",
    ] {
        assert!(secret(src), "{src}");
    }
    for src in [
        "String",
        "my::SecretString",
        "SecretBox<str>",
        "Vec<SecretString>",
    ] {
        assert!(!secret(src), "{src}");
    }
}
