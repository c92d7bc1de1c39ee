//! The helpers of the page, case by case: ids, patterns, date-times, paragraphs, choice counts.

use maud::Render;

use super::datetime::{civil_from_days, days_from_civil, is_local_date_time, local_date_time};
use super::ids::field_id;
use super::paragraphs::Paragraphs;
use super::pattern::html_pattern;
use crate::schema::{PropertySchema, RequestedSchema};

#[test]
fn ids_are_valid_and_distinct() {
    assert_eq!(field_id("email"), "field-email");
    assert_eq!(field_id("a-b"), "field-a-b");
    assert_eq!(field_id("a_b"), "field-a_5fb");
    assert_eq!(field_id("a_5fb"), "field-a_5f5fb");
    assert_eq!(field_id(""), "field-");
    assert_eq!(field_id("é \"<"), "field-_c3_a9_20_22_3c");
    // Injective: every byte but [A-Za-z0-9-] is `_` and two hex digits.
    let names = [
        "a_b", "a_5fb", "a b", "a_20b", "a-b", "ab", "_", "__", "_5f",
    ];
    let ids: std::collections::HashSet<String> = names.iter().map(|n| field_id(n)).collect();
    assert_eq!(ids.len(), names.len());
    for id in &ids {
        assert!(
            id.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
    }
}

#[test]
fn patterns_match_anywhere_unless_the_browser_reads_them_otherwise() {
    assert_eq!(
        html_pattern("^[a-z]+$").as_deref(),
        Some("[\\s\\S]*(?:^[a-z]+$)[\\s\\S]*")
    );
    assert_eq!(
        html_pattern("ab|cd").as_deref(),
        Some("[\\s\\S]*(?:ab|cd)[\\s\\S]*")
    );
    assert_eq!(html_pattern("^\\d+$"), None);
    assert_eq!(html_pattern("\\w"), None);
    assert_eq!(html_pattern("\\bx"), None);
    assert_eq!(html_pattern("[[:alpha:]]"), None);
    // An escaped backslash followed by `d` is a backslash and a `d`: kept.
    assert_eq!(
        html_pattern("a\\\\d").as_deref(),
        Some("[\\s\\S]*(?:a\\\\d)[\\s\\S]*")
    );
    assert_eq!(
        html_pattern("^sk-[A-Za-z0-9]{20,}$").as_deref(),
        Some("[\\s\\S]*(?:^sk-[A-Za-z0-9]{20,}$)[\\s\\S]*")
    );
}

#[test]
fn local_date_times_as_a_browser_sends_them() {
    for good in [
        "2025-11-25T09:30",
        "2025-11-25T09:30:15",
        "2025-11-25T09:30:15.250",
    ] {
        assert!(is_local_date_time(good), "{good}");
    }
    for bad in [
        "",
        "2025-11-25",
        "2025-11-25T09:30Z",
        "2025-11-25T09:30:00Z",
        "2025-11-25 09:30",
        "2025-11-25T09:30:1",
        "2025-11-25T09:30:15.",
        "２０２５-11-25T09:30",
        "2025-11-25T09:30:00+02:00",
    ] {
        assert!(!is_local_date_time(bad), "{bad}");
    }
}

#[test]
fn date_times_shown_in_utc() {
    let local = |t: &str| local_date_time(t);
    assert_eq!(
        local("2025-11-25T09:30:00Z").as_deref(),
        Some("2025-11-25T09:30")
    );
    assert_eq!(
        local("2025-11-25T09:30:00z").as_deref(),
        Some("2025-11-25T09:30")
    );
    assert_eq!(
        local("2025-11-25T09:30:15Z").as_deref(),
        Some("2025-11-25T09:30:15")
    );
    assert_eq!(
        local("2025-11-25T09:30:15.123456Z").as_deref(),
        Some("2025-11-25T09:30:15.123")
    );
    assert_eq!(
        local("2025-11-25T09:30:00.500Z").as_deref(),
        Some("2025-11-25T09:30:00.5")
    );
    assert_eq!(
        local("2025-11-25T09:30:00+02:00").as_deref(),
        Some("2025-11-25T07:30")
    );
    assert_eq!(
        local("2025-01-01T01:00:00+02:30").as_deref(),
        Some("2024-12-31T22:30")
    );
    assert_eq!(
        local("2024-02-28T23:30:00-01:00").as_deref(),
        Some("2024-02-29T00:30")
    );
    assert_eq!(
        local("2023-02-28T23:30:00-01:00").as_deref(),
        Some("2023-03-01T00:30")
    );
    assert_eq!(local("0001-01-01T00:30:00+01:00"), None);
    assert_eq!(local("not a time"), None);
    assert_eq!(local("2025-11-25"), None);
}

#[test]
fn civil_days_round_trip() {
    assert_eq!(days_from_civil(1970, 1, 1), 0);
    assert_eq!(days_from_civil(2000, 3, 1), 11_017);
    for days in (-800_000..3_000_000).step_by(997) {
        let (y, m, d) = civil_from_days(days);
        assert_eq!(days_from_civil(y, m, d), days);
    }
}

#[test]
fn paragraphs_and_line_breaks() {
    assert_eq!(
        Paragraphs("One\ntwo\r\n\r\n\nThree <b>&\"")
            .render()
            .into_string(),
        "<p>One<br>two</p><p>Three &lt;b&gt;&amp;&quot;</p>"
    );
    assert_eq!(Paragraphs("  \n").render().into_string(), "");
    assert_eq!(
        Paragraphs("\n \na\n\n \nb\n c \n").render().into_string(),
        "<p>a</p><p>b<br> c </p>"
    );
}

#[test]
fn choice_counts() {
    let schema: RequestedSchema = serde_json::from_value(serde_json::json!({
        "type": "object",
        "properties": {
            "a": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "minItems": 1, "maxItems": 2},
            "b": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "maxItems": 3},
            "c": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "minItems": 2, "maxItems": 2},
            "d": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "minItems": 2}
        }
    }))
    .unwrap();
    let hints: Vec<Option<String>> = schema
        .properties()
        .iter()
        .map(|p| match p.schema() {
            PropertySchema::MultiSelect(m) => {
                crate::hints::choices(m, &crate::lang::Words::english())
            }
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        hints,
        [
            Some("Choose 1 to 2.".to_owned()),
            None,
            Some("Choose 2.".to_owned()),
            Some("Choose at least 2.".to_owned())
        ]
    );
}

/// The fields of a page that starts from the defaults are written once per form and kept: the
/// page is the very page written field by field from the defaults, on the first render and after.
#[test]
fn a_blank_page_is_the_page_written_from_the_defaults() {
    let schema: RequestedSchema = serde_json::from_value(serde_json::json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Name <you>", "minLength": 2, "default": "Ada \"A\""},
            "email": {"type": "string", "format": "email", "description": "For the receipt"},
            "when": {"type": "string", "format": "date-time"},
            "guests": {"type": "integer", "minimum": 1, "maximum": 12, "default": 2},
            "ratio": {"type": "number"},
            "ok": {"type": "boolean", "default": true},
            "plan": {"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}], "default": "b"},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "default": ["y"]}
        },
        "required": ["name", "guests"]
    }))
    .unwrap();
    let mut defaults = crate::schema::Content::new();
    schema.apply_defaults(&mut defaults);
    let page = || {
        super::FormPage::new(&schema, "Book <a> table")
            .action("/p/1")
            .hidden("csrf", "t")
    };
    let written = page().values(&defaults).render();
    let english = crate::lang::Words::english().id();
    assert!(schema.blank_fields.peek(english, |_| ()).is_none());
    assert_eq!(page().render(), written);
    assert!(schema.blank_fields.peek(english, |_| ()).is_some());
    assert_eq!(page().render(), written);
    // Secrets of the caller's, values or problems: written field by field, never from the kept.
    let secret = page().secrets(&["name"]).render();
    assert!(!secret.contains("Ada &quot;A&quot;"), "{secret}");
    assert!(written.contains("Ada &quot;A&quot;"));
}

/// The frame's escape writes what maud's does, byte for byte.
#[test]
fn text_is_escaped_as_maud_escapes_it() {
    let mut samples: Vec<String> = (0u8..128).map(|b| char::from(b).to_string()).collect();
    samples.extend(
        [
            "",
            "plain text",
            "<script>alert(\"x\")</script>",
            "a&b&&c<<>>\"\"'",
            "é <ü> \u{1F600}&",
            "&amp; already",
            "ends with <",
        ]
        .map(str::to_owned),
    );
    for sample in &samples {
        let mut ours = String::new();
        super::text::Text(sample).render_to(&mut ours);
        assert_eq!(ours, sample.as_str().render().into_string(), "{sample:?}");
    }
}

/// A page in French: its frame, buttons, hints and problems in French; in Arabic, right to left.
#[test]
fn a_page_speaks_its_language() {
    use crate::lang::{Preference, Words};
    let schema: RequestedSchema = serde_json::from_value(serde_json::json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Nom", "minLength": 2, "maxLength": 40},
            "guests": {"type": "integer", "title": "Couverts", "minimum": 1, "maximum": 12},
            "extras": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "minItems": 1, "maxItems": 2}
        },
        "required": ["name", "guests"]
    }))
    .unwrap();
    let french = Words::choose(&Preference::parse("fr-CH, en;q=0.5"));
    let page = super::FormPage::new(&schema, "Réserver")
        .in_language(&french)
        .render();
    assert!(
        page.starts_with("<!DOCTYPE html><html lang=\"fr\"><head>"),
        "{page}"
    );
    assert!(page.contains(">de 2 à 40 caractères<"), "{page}");
    assert!(page.contains("Envoyer</button>"), "{page}");
    let problems = crate::ContentError::new(vec![crate::FieldError::new(
        "name".into(),
        crate::ErrorKind::TooShort {
            min_length: 2,
            length: 1,
        },
    )]);
    let values = crate::schema::Content::new();
    let refilled = super::FormPage::new(&schema, "Réserver")
        .in_language(&french)
        .values(&values)
        .problems(&problems)
        .render();
    assert!(refilled.contains("<title>Erreur"), "{refilled}");
    assert!(refilled.contains("caractères"), "{refilled}");
    let arabic = Words::choose(&Preference::parse("ar-EG"));
    let page = super::FormPage::new(&schema, "…")
        .in_language(&arabic)
        .render();
    assert!(page.starts_with("<!DOCTYPE html><html lang=\"ar\" dir=\"rtl\"><head>"));
    // English stays as it was.
    let english = super::FormPage::new(&schema, "Book").render();
    assert!(english.starts_with("<!DOCTYPE html><html lang=\"en\"><head>"));
    assert!(english.contains(">2 to 40 characters<"), "{english}");
    assert!(
        english.contains(">a whole number from 1 to 12<"),
        "{english}"
    );
}

/// A form in Hebrew, which the crate's words do not speak: the page is in Hebrew, right to left,
/// and each element of the crate's (English) words says its own language and direction.
#[test]
fn a_page_is_in_the_forms_language_and_the_words_say_theirs() {
    use crate::lang::Words;
    let schema: RequestedSchema = serde_json::from_value(serde_json::json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "שם", "minLength": 2, "maxLength": 40},
            "city": {"type": "string", "title": "עיר"},
            "late": {"type": "boolean", "title": "מאוחר"},
            "plan": {"type": "string", "title": "תוכנית", "oneOf": [{"const": "a", "title": "א"}]}
        },
        "required": ["name"]
    }))
    .unwrap();
    let english = Words::english();
    let page = || {
        super::FormPage::new(&schema, "בחרו שם")
            .in_language(&english)
            .written_in("he")
    };
    assert_eq!(page().language(), "he");
    // Twice: the second from the kept fields.
    for html in [page().render(), page().render()] {
        assert!(
            html.starts_with("<!DOCTYPE html><html lang=\"he\" dir=\"rtl\"><head>"),
            "{html}"
        );
        // The default title is the words': so is its voice.
        assert!(
            html.contains("<title lang=\"en\" dir=\"ltr\">Information requested</title>"),
            "{html}"
        );
        assert!(
            html.contains("<h1 lang=\"en\" dir=\"ltr\">Information requested</h1>"),
            "{html}"
        );
        assert!(
            html.contains("<div class=\"message\"><p>בחרו שם</p></div>"),
            "{html}"
        );
        assert!(
            html.contains("<label for=\"field-name\">שם</label><div class=\"hint\" id=\"field-name_hint\"><p lang=\"en\" dir=\"ltr\">2 to 40 characters</p></div>"),
            "{html}"
        );
        assert!(
            html.contains("<label for=\"field-city\"><bdi>עיר</bdi> <span class=\"optional\" lang=\"en\" dir=\"ltr\">(optional)</span></label>"),
            "{html}"
        );
        // "Yes" and "No" are the words'; the form's options are the form's.
        assert!(
            html.contains("<label for=\"field-late\" lang=\"en\" dir=\"ltr\">Yes</label>"),
            "{html}"
        );
        assert!(
            html.contains(
                "<label for=\"field-late_none\" lang=\"en\" dir=\"ltr\">No answer</label>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<label for=\"field-plan\">א</label>"),
            "{html}"
        );
        assert!(html.contains(concat!(
            "<div class=\"actions\"><button type=\"submit\" name=\"action\" value=\"accept\" lang=\"en\" dir=\"ltr\">Submit</button>",
            "<button type=\"submit\" name=\"action\" value=\"decline\" class=\"secondary\" lang=\"en\" dir=\"ltr\">Decline</button></div>",
        )), "{html}");
    }
    // A page of the same form in the words' language keeps its own fields: nothing marked.
    let plain = super::FormPage::new(&schema, "…")
        .in_language(&english)
        .written_in("EN")
        .render();
    assert!(
        plain.starts_with("<!DOCTYPE html><html lang=\"EN\"><head>"),
        "{plain}"
    );
    assert!(!plain.contains("lang=\"en\""), "{plain}");
    assert!(
        plain.contains("<label for=\"field-city\"><bdi>עיר</bdi><span class=\"optional\"> (optional)</span></label>"),
        "{plain}"
    );
    // After a submission: the summary and the problems in the words' voice, the field's title
    // isolated in their sentence.
    let problems = crate::ContentError::new(vec![crate::FieldError::new(
        "name".into(),
        crate::ErrorKind::TooShort {
            min_length: 2,
            length: 1,
        },
    )]);
    let mut values = crate::schema::Content::new();
    values.insert("name".into(), "א".into());
    let html = page().values(&values).problems(&problems).render();
    assert!(
        html.contains("<title lang=\"en\" dir=\"ltr\">Error: Information requested</title>"),
        "{html}"
    );
    assert!(
        html.contains("<div class=\"error-summary\" role=\"alert\" aria-labelledby=\"error-summary-title\" tabindex=\"-1\" autofocus lang=\"en\" dir=\"ltr\"><h2 id=\"error-summary-title\">There is a problem</h2><ul><li><a href=\"#field-name\">\u{2068}שם\u{2069} must be at least 2 characters long, got 1</a></li></ul></div>"),
        "{html}"
    );
    assert!(
        html.contains("<p class=\"problem\" id=\"field-name_problem\" lang=\"en\" dir=\"ltr\"><span class=\"visually-hidden\">Error: </span>\u{2068}שם\u{2069} must be at least 2 characters long, got 1</p>"),
        "{html}"
    );
}

/// The name a person is signed in as is isolated in every language: whatever bidi controls it
/// holds, they end within it.
#[test]
fn the_signed_in_name_is_isolated() {
    use crate::lang::{Preference, Words};
    let schema: RequestedSchema =
        serde_json::from_value(serde_json::json!({"type": "object", "properties": {}})).unwrap();
    let html = super::FormPage::new(&schema, "")
        .signed_in_as("mallory\u{202e}<gnp.exe>\u{2069}")
        .render();
    assert!(
        html.contains("<p class=\"signed-in\">Signed in as <strong><bdi>mallory\u{202e}&lt;gnp.exe&gt;\u{202c}</bdi></strong></p>"),
        "{html}"
    );
    let arabic = Words::choose(&Preference::parse("ar"));
    let html = super::FormPage::new(&schema, "")
        .in_language(&arabic)
        .signed_in_as("Ada")
        .render();
    assert!(
        html.contains(
            "<p class=\"signed-in\">تم تسجيل الدخول باسم <strong><bdi>Ada</bdi></strong></p>"
        ),
        "{html}"
    );
}

/// In Arabic, a Latin title in a problem is isolated (FSI, PDI), so that the colon after it stays
/// on its left; in English, no mark is added.
#[test]
fn a_latin_title_in_an_arabic_problem_is_isolated() {
    use crate::lang::{Preference, Words};
    let schema: RequestedSchema = serde_json::from_value(serde_json::json!({
        "type": "object",
        "properties": {"lang": {"type": "string", "title": "C#", "minLength": 3}},
        "required": ["lang"]
    }))
    .unwrap();
    let problems = crate::ContentError::new(vec![crate::FieldError::new(
        "lang".into(),
        crate::ErrorKind::TooShort {
            min_length: 3,
            length: 1,
        },
    )]);
    let mut values = crate::schema::Content::new();
    values.insert("lang".into(), "x".into());
    let arabic = Words::choose(&Preference::parse("ar"));
    let html = super::FormPage::new(&schema, "")
        .in_language(&arabic)
        .values(&values)
        .problems(&problems)
        .render();
    assert!(
        html.contains("<a href=\"#field-lang\">\u{2068}C#\u{2069}: \u{2068}يجب ألا يقل طوله عن 3 أحرف (الطول الحالي: 1)\u{2069}</a>"),
        "{html}"
    );
    let html = super::FormPage::new(&schema, "")
        .values(&values)
        .problems(&problems)
        .render();
    assert!(
        html.contains("<a href=\"#field-lang\">C# must be at least 3 characters long, got 1</a>"),
        "{html}"
    );
}
