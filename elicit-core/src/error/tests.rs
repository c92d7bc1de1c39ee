use super::*;

#[test]
fn excerpts_cut_long_text_on_a_character_boundary() {
    assert_eq!(excerpt("short"), "short");
    let long = "é".repeat(100);
    let cut = excerpt(&long);
    assert_eq!(cut.chars().count(), 65);
    assert!(cut.ends_with('…'));
    assert_eq!(excerpt(&"a".repeat(64)), "a".repeat(64));
}

#[test]
fn values_are_described_without_walking_them() {
    assert_eq!(describe(&Value::from("gold")), "\"gold\"");
    assert_eq!(describe(&Value::from(5)), "5");
    assert_eq!(describe(&Value::Null), "null");
    assert_eq!(describe(&serde_json::json!([[[]]])), "a list");
    assert_eq!(describe(&serde_json::json!({"a": 1})), "an object");
}

#[test]
fn every_kind_reads_as_a_sentence() {
    let n = Number::from_i64;
    let options = Options::new(
        (0..10)
            .map(|i| {
                crate::__private::option(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"][i])
            })
            .collect(),
    );
    let cases = [
        (ErrorKind::Missing, "is required"),
        (
            ErrorKind::WrongType {
                expected: Expected::Integer,
                found: JsonType::String,
            },
            "must be a whole number, not text",
        ),
        (
            ErrorKind::NotAnInteger { found: 30.5 },
            "must be a whole number, got 30.5",
        ),
        (
            ErrorKind::TooSmall {
                minimum: n(13),
                found: n(12),
            },
            "must be at least 13, got 12",
        ),
        (
            ErrorKind::TooLarge {
                maximum: n(255),
                found: n(300),
            },
            "must be at most 255, got 300",
        ),
        (
            ErrorKind::TooShort {
                min_length: 1,
                length: 0,
            },
            "must be at least 1 character long, got 0",
        ),
        (
            ErrorKind::TooLong {
                max_length: 3,
                length: 4,
            },
            "must be at most 3 characters long, got 4",
        ),
        (
            ErrorKind::BadFormat {
                format: StringFormat::Email,
                found: "nope".into(),
            },
            "must be an e-mail address, got \"nope\"",
        ),
        (
            ErrorKind::NotAnOption {
                found: "\"z\"".into(),
                options: options.clone(),
            },
            "must be one of \"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\" (or 2 more), got \"z\"",
        ),
        (
            ErrorKind::TooFewChoices {
                min_items: 1,
                count: 0,
            },
            "must have at least 1 option chosen, got 0",
        ),
        (
            ErrorKind::TooManyChoices {
                max_items: 2,
                count: 3,
            },
            "must have at most 2 options chosen, got 3",
        ),
        (
            ErrorKind::RepeatedChoice {
                choice: "red".into(),
            },
            "chooses \"red\" more than once",
        ),
        (
            ErrorKind::Invalid {
                reason: "must be a user ID like \"u-42\", got \"bob\"".into(),
            },
            "must be a user ID like \"u-42\", got \"bob\"",
        ),
    ];
    for (kind, text) in cases {
        assert_eq!(kind.to_string(), text);
    }
}

/// Integers beyond 2^53, which an `f64` rounds (`9007199254740993` to `...992`), are said with
/// their exact digits in every language, written as the language writes numbers; floats too.
#[cfg(feature = "page")]
#[test]
fn integers_are_said_exactly_in_every_language() {
    let beyond = 9_007_199_254_740_993_u64;
    let kinds = [
        ErrorKind::TooLarge {
            maximum: Number::from_u64(beyond - 1),
            found: Number::from_u64(beyond),
        },
        ErrorKind::TooLarge {
            maximum: Number::from_u64(u64::MAX - 1),
            found: Number::from_u64(u64::MAX),
        },
        ErrorKind::TooSmall {
            minimum: Number::from_i64(i64::MIN + 1),
            found: Number::from_i64(i64::MIN),
        },
        ErrorKind::TooLong {
            max_length: beyond,
            length: beyond + 1,
        },
        ErrorKind::TooLarge {
            maximum: Number::from_f64(1234.5).unwrap(),
            found: Number::from_f64(-0.25).unwrap(),
        },
    ];
    let expected: [(&str, [&str; 5]); 5] = [
        (
            "en",
            [
                "must be at most 9007199254740992, got 9007199254740993",
                "must be at most 18446744073709551614, got 18446744073709551615",
                "must be at least -9223372036854775807, got -9223372036854775808",
                "must be at most 9007199254740993 characters long, got 9007199254740994",
                "must be at most 1234.5, got -0.25",
            ],
        ),
        (
            "fr",
            [
                "doit valoir au plus 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}992 (valeur reçue\u{a0}: 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}993)",
                "doit valoir au plus 18\u{202f}446\u{202f}744\u{202f}073\u{202f}709\u{202f}551\u{202f}614 (valeur reçue\u{a0}: 18\u{202f}446\u{202f}744\u{202f}073\u{202f}709\u{202f}551\u{202f}615)",
                "doit valoir au moins -9\u{202f}223\u{202f}372\u{202f}036\u{202f}854\u{202f}775\u{202f}807 (valeur reçue\u{a0}: -9\u{202f}223\u{202f}372\u{202f}036\u{202f}854\u{202f}775\u{202f}808)",
                "doit comporter au plus 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}993 caractères (actuellement 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}994)",
                "doit valoir au plus 1\u{202f}234,5 (valeur reçue\u{a0}: -0,25)",
            ],
        ),
        (
            "de",
            [
                "darf höchstens 9.007.199.254.740.992 sein (erhalten: 9.007.199.254.740.993)",
                "darf höchstens 18.446.744.073.709.551.614 sein (erhalten: 18.446.744.073.709.551.615)",
                "muss mindestens -9.223.372.036.854.775.807 sein (erhalten: -9.223.372.036.854.775.808)",
                "darf höchstens 9.007.199.254.740.993 Zeichen lang sein (derzeit 9.007.199.254.740.994)",
                "darf höchstens 1.234,5 sein (erhalten: -0,25)",
            ],
        ),
        (
            "ar",
            [
                "يجب ألا يزيد على 9,007,199,254,740,992 (القيمة المُدخلة: 9,007,199,254,740,993)",
                "يجب ألا يزيد على 18,446,744,073,709,551,614 (القيمة المُدخلة: 18,446,744,073,709,551,615)",
                "يجب ألا يقل عن \u{200e}-9,223,372,036,854,775,807 (القيمة المُدخلة: \u{200e}-9,223,372,036,854,775,808)",
                "يجب ألا يزيد طوله على 9,007,199,254,740,993 حرف (الطول الحالي: 9,007,199,254,740,994)",
                "يجب ألا يزيد على 1,234.5 (القيمة المُدخلة: \u{200e}-0.25)",
            ],
        ),
        (
            "ja",
            [
                "9,007,199,254,740,992以下の値を入力してください（入力値：9,007,199,254,740,993）",
                "18,446,744,073,709,551,614以下の値を入力してください（入力値：18,446,744,073,709,551,615）",
                "-9,223,372,036,854,775,807以上の値を入力してください（入力値：-9,223,372,036,854,775,808）",
                "9,007,199,254,740,993文字以内で入力してください（現在9,007,199,254,740,994文字）",
                "1,234.5以下の値を入力してください（入力値：-0.25）",
            ],
        ),
    ];
    for (tag, said) in expected {
        let words = Words::get(tag).unwrap();
        for (kind, said) in kinds.iter().zip(said) {
            assert_eq!(kind.describe(&words), said, "{tag}");
        }
    }
    // Within 2^53 an integer is still Fluent's number, whose plural form the message selects.
    let arabic = Words::get("ar").unwrap();
    let long = |max_length| ErrorKind::TooLong {
        max_length,
        length: 12,
    };
    assert_eq!(
        long(3).describe(&arabic),
        "يجب ألا يزيد طوله على 3 أحرف (الطول الحالي: 12)"
    );
    assert_eq!(
        long(11).describe(&arabic),
        "يجب ألا يزيد طوله على 11 حرفًا (الطول الحالي: 12)"
    );
}

/// A value of another type is said by its kind, which reads as a kind and not as the value typed
/// ("not text", not "got text", which reads as if "text" had been typed).
#[test]
fn a_wrong_type_is_said_by_its_kind() {
    let wrong = |expected, found| ErrorKind::WrongType { expected, found };
    let cases = [
        wrong(Expected::Boolean, JsonType::String),
        wrong(Expected::Integer, JsonType::Array),
        wrong(Expected::Text, JsonType::Null),
    ];
    let said = |tag: &str| -> Vec<String> {
        let words = Words::get(tag).unwrap();
        cases.iter().map(|kind| kind.describe(&words)).collect()
    };
    assert_eq!(
        said("en"),
        [
            "must be true or false, not text",
            "must be a whole number, not a list",
            "must be text, not null",
        ]
    );
    assert_eq!(
        said("ja"),
        [
            "true または falseである必要があります（テキストが入力されました）",
            "整数である必要があります（リストが入力されました）",
            "テキストである必要があります（nullが入力されました）",
        ]
    );
}
