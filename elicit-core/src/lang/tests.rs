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
fn weight_0_excludes_what_it_matches() {
    // `zh` finds Simplified Chinese, which the person refuses: Traditional is never a stand-in.
    assert_eq!(choose("zh, zh-Hans;q=0"), None);
    assert_eq!(choose("zh-Hans;q=0, zh"), None);
    assert_eq!(choose("zh-CN, zh-Hans;q=0, fr;q=0.5"), Some("fr"));
    // Excluded as it would be chosen: `zh` is Simplified, `fr` takes in `fr-CA`.
    assert_eq!(choose("zh;q=0, zh-Hans"), None);
    assert_eq!(choose("zh;q=0, zh-TW"), Some("zh-Hant"));
    assert_eq!(choose("fr-CH, FR;q=0, en;q=0.5"), Some("en"));
    let canadian = ["en", "fr-CA"];
    assert_eq!(
        Preference::parse("fr-CA, fr;q=0").choose(&canadian),
        None,
        "fr;q=0 excludes fr-CA"
    );
    // What no range of weight 0 matches is chosen as before.
    assert_eq!(choose("zh-TW, zh-Hans;q=0"), Some("zh-Hant"));
    assert_eq!(choose("fr, *;q=0"), Some("fr"));
    assert_eq!(
        Preference::parse("fr, zh-Hans;q=0").to_header(),
        "fr, zh-Hans;q=0"
    );
    // The crate's own words: never the language refused, the default instead.
    assert_eq!(
        Words::choose(&Preference::parse("zh, zh-Hans;q=0")).language(),
        "en"
    );
    assert_eq!(
        Words::choose(&Preference::parse("zh-Hans;q=0, zh-HK")).language(),
        "zh-Hant"
    );
}

#[test]
fn a_range_cut_by_the_length_limit_is_dropped() {
    // The 4 KiB end falls inside the last range: cut, `zh-Hant` would be `zh` (Simplified) and
    // `fr-CA` would be `fr`, and `fr;q=0.5` would be `fr;q=0`.
    let padding = |tail: &str| " ".repeat(MAX_LENGTH - tail.len());
    let header = format!("{}zh-Hant", padding("zh"));
    assert_eq!(choose(&header), None);
    let header = format!("x,{}fr-CA", padding("x,fr"));
    assert_eq!(choose(&header), None);
    let wanted = "fr;q=0.9, en;q=0.1,";
    let header = format!("{wanted}{}fr;q=0.5", padding(&format!("{wanted}fr;q=0")));
    assert_eq!(choose(&header), Some("fr"));
    // A range that ends at the limit is whole, whether the text ends there or a comma follows.
    let header = format!("{}zh-Hant", padding("zh-Hant"));
    assert_eq!(header.len(), MAX_LENGTH);
    assert_eq!(choose(&header), Some("zh-Hant"));
    assert_eq!(choose(&format!("{header},fr")), Some("zh-Hant"));
    assert_eq!(choose(&format!("{header}-TW,fr")), None);
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
    assert!(is_known_tag("zh-Hans-CN"));
    assert!(!is_known_tag("zz"));
    assert!(!is_known_tag("english"));
    assert!(!is_known_tag("en_US"));
    assert_eq!(
        Preference::parse("fr-CH, fr;q=0.9, en;q=0.8").to_header(),
        "fr-CH, fr;q=0.9, en;q=0.8"
    );
}

#[test]
fn english_has_every_word_and_no_other() {
    let english = include_str!("../../locales/en/elicit.ftl");
    let resource = fluent_bundle::FluentResource::try_new(english.to_owned()).unwrap();
    let mut ids = Vec::new();
    for entry in resource.entries() {
        if let fluent_syntax::ast::Entry::Message(message) = entry {
            assert!(
                message.value.is_some(),
                "`{}` has no value",
                message.id.name
            );
            ids.push(message.id.name);
        }
    }
    for word in Word::ALL {
        assert!(ids.contains(&word.id()), "English lacks `{}`", word.id());
    }
    for id in &ids {
        assert!(
            Word::ALL.iter().any(|word| word.id() == *id),
            "`{id}` is said nowhere: remove it, or add it to `Word`"
        );
    }
}

#[test]
fn words_fall_back_and_choose() {
    let words = Words::english();
    assert_eq!(words.language(), "en");
    assert!(!words.is_right_to_left());
    assert_eq!(
        words.say_with(Word::ProblemTooShort, &args!("minimum" => 1, "found" => 0)),
        "must be at least 1 character long, got 0"
    );
    assert_eq!(
        words.say_with(Word::ProblemTooShort, &args!("minimum" => 2, "found" => 1)),
        "must be at least 2 characters long, got 1"
    );
    assert_eq!(words.say(Word::PageErrorPrefix), "Error: ");
    assert_eq!(
        Words::add("english", "x = y"),
        Err(WordsError::UnknownLanguage("english".into()))
    );
    assert!(matches!(
        Words::add("fy", "page-submit = {"),
        Err(WordsError::Syntax(_))
    ));
    Words::add("fy", "page-submit = Ferstjoere\n").unwrap();
    let frisian = Words::choose(&Preference::parse("fy-NL"));
    assert_eq!(frisian.language(), "fy");
    assert_eq!(frisian.say(Word::PageSubmit), "Ferstjoere");
    // What Frisian lacks is said in English, never as an id.
    assert_eq!(frisian.say(Word::PageDecline), "Decline");
}

#[test]
fn added_messages_are_the_crate_s() {
    // A misspelt id would be ignored without a word: refused, with the id meant.
    let misspelt = Words::add("gd", "page-sumbit = Cuir a-null\n").unwrap_err();
    assert_eq!(
        misspelt,
        WordsError::UnknownMessages(vec![("page-sumbit".into(), Some("page-submit"))])
    );
    assert_eq!(
        misspelt.to_string(),
        "unknown message id `page-sumbit` (did you mean `page-submit`?): give the ids of the \
         crate's `locales/en/elicit.ftl`, or write text of your own as a term (`-name = ...`)"
    );
    // Every unknown id is named; one far from all the crate's has no suggestion.
    let ftl = "page-submit = Cuir\ngreeting = Halò\nproblem-mising = a dhìth\n";
    assert_eq!(
        Words::add("gd", ftl),
        Err(WordsError::UnknownMessages(vec![
            ("greeting".into(), None),
            ("problem-mising".into(), Some("problem-missing")),
        ]))
    );
    let many = "x0 = y\nx1 = y\nx2 = y\nx3 = y\nx4 = y\nx5 = y\nx6 = y\n";
    assert_eq!(
        Words::add("gd", many).unwrap_err().to_string(),
        "unknown message ids `x0`, `x1`, `x2`, `x3`, `x4` and 2 more: give the ids of the crate's \
         `locales/en/elicit.ftl`, or write text of your own as a term (`-name = ...`)"
    );
    // A long id costs no more than a short one.
    let long = format!("{} = y\n", "a".repeat(1_000_000));
    assert!(matches!(
        Words::add("gd", &long),
        Err(WordsError::UnknownMessages(unknown)) if unknown[0].1.is_none()
    ));
    // A message without text would leave a blank.
    for empty in [
        "page-submit = { \"\" }\n",
        "page-submit = { \"\" }{ \"\" }\n",
        "page-submit =\n    .label = Cuir\n",
    ] {
        let refused = Words::add("gd", empty);
        assert_eq!(
            refused,
            Err(WordsError::EmptyMessage("page-submit".into())),
            "{empty:?}"
        );
        assert_eq!(
            refused.unwrap_err().to_string(),
            "the message `page-submit` has no text: give it one, or leave it out"
        );
    }
    assert!(Words::get("gd").is_none(), "nothing refused is added");
    // Terms are the resource's own, and its messages may use them; a space is a text.
    Words::add(
        "gd",
        "-brand = Acme\npage-submit = Cuir gu { -brand }\nrule-separator = { \" \" }\n",
    )
    .unwrap();
    let gaelic = Words::get("gd").unwrap();
    assert_eq!(gaelic.say(Word::PageSubmit), "Cuir gu Acme");
    assert_eq!(gaelic.say(Word::RuleSeparator), " ");
}
