use super::*;

const AVAILABLE: [&str; 5] = ["en", "fr", "zh-Hans", "zh-Hant", "pt-BR"];

fn choose(header: &str) -> Option<&'static str> {
    Preference::parse(header)
        .choose(&AVAILABLE)
        .map(|i| AVAILABLE[i])
}

#[test]
fn chinese_by_script() {
    assert_eq!(choose("zh-CN"), Some("zh-Hans"));
    assert_eq!(choose("zh-SG"), Some("zh-Hans"));
    assert_eq!(choose("zh"), Some("zh-Hans"));
    assert_eq!(choose("zh-TW"), Some("zh-Hant"));
    assert_eq!(choose("zh-HK"), Some("zh-Hant"));
    assert_eq!(choose("zh-MO"), Some("zh-Hant"));
    // Without a Traditional Chinese, a Traditional reader gets the default, never Simplified.
    let simplified_only = ["en", "zh-Hans"];
    for header in ["zh-TW", "zh-HK", "zh-Hant", "zh-Hant-CN"] {
        assert_eq!(
            Preference::parse(header).choose(&simplified_only),
            None,
            "{header}"
        );
    }
}

#[test]
fn weights_order_ranges() {
    assert_eq!(choose("de, fr;q=0.2, en;q=0.5"), Some("en"));
    assert_eq!(choose("en;q=0.1, fr"), Some("fr"));
    // Equal weights keep the person's order.
    assert_eq!(choose("fr;q=0.5, en;q=0.5"), Some("fr"));
    // Weight 0 is "not this one".
    assert_eq!(choose("fr;q=0, en;q=0.1"), Some("en"));
    assert_eq!(choose("pt"), Some("pt-BR"));
    assert_eq!(choose("fr-CA"), Some("fr"));
    assert_eq!(choose("*"), None);
    assert_eq!(choose("de, *;q=0.5"), None);
}

#[test]
fn malformed_ranges_are_skipped() {
    for header in [
        "",
        ",",
        ";q=1",
        "fr;q=2",
        "fr;q=1.5",
        "fr;q=-1",
        "fr;q=0.1234",
        "fr;q=abc",
        "fr;x=1",
        "fr_FR",
        "français",
        "fr-toolongsubtag",
        "123",
        "fr;q=",
        "f r",
    ] {
        assert_eq!(choose(header), None, "{header:?}");
    }
    assert_eq!(choose("fr;q=2, zh-TW"), Some("zh-Hant"));
    assert_eq!(choose("garbage!!, fr;q=0.3"), Some("fr"));
    assert_eq!(choose(" fr ; q=0.5 "), Some("fr"));
    assert_eq!(choose("FR"), Some("fr"));
}

#[test]
fn hostile_preferences_are_bounded() {
    // Thousands of ranges: only the first MAX_RANGES are read.
    let many = vec!["de"; 100_000].join(",") + ",fr";
    assert_eq!(choose(&many), None);
    assert_eq!(Preference::parse(&many).ranges.len(), MAX_RANGES);
    // A huge value: only the first MAX_LENGTH bytes are read.
    let huge = "x".repeat(10_000_000) + ",fr";
    assert!(Preference::parse(&huge).is_empty());
    // Cut inside a character.
    let cut = "é".repeat(MAX_LENGTH);
    assert!(Preference::parse(&cut).is_empty());
    let malformed = ";;;,,,q=;".repeat(100_000);
    assert!(Preference::parse(&malformed).is_empty());
}

#[test]
fn from_meta_reads_strings_only() {
    let meta = serde_json::json!({ACCEPT_LANGUAGE: "fr"});
    let meta = meta.as_object().unwrap();
    assert_eq!(Preference::from_meta(meta), Some(Preference::for_tag("fr")));
    let meta = serde_json::json!({ACCEPT_LANGUAGE: ["fr"]});
    assert_eq!(Preference::from_meta(meta.as_object().unwrap()), None);
}

#[test]
fn tags_and_directions() {
    assert!(is_right_to_left("ar"));
    assert!(is_right_to_left("ar-EG"));
    assert!(!is_right_to_left("fr"));
    assert!(!is_right_to_left("zh-Hant"));
    assert!(is_known_tag("zh-Hant"));
    assert!(is_known_tag("pt-BR"));
    assert!(!is_known_tag("zz"));
    assert!(!is_known_tag("english"));
    assert!(!is_known_tag("en_US"));
    assert_eq!(
        Preference::parse("fr-CH, fr;q=0.9, en;q=0.8").to_header(),
        "fr-CH, fr;q=0.9, en;q=0.8"
    );
}
