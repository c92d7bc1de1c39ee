//! Selects whose options are known only at run time (`Pick`, `Picks`), supplied as `Choices`
//! when the form is asked: how each protocol version writes them, the mistakes refused before
//! anything is sent, and answers checked against exactly the options sent.

use mcp_elicit::choices::{Choices, ChoicesError, Pick, Picks, SelectOption};
use mcp_elicit::request::FormRequest;
use mcp_elicit::{Elicit, Elicitation, ErrorKind, ProtocolVersion, Unrepresentable};
use serde_json::{Value, json};

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Deploy {
    /// Where to deploy from
    #[elicit(title = "Branch")]
    branch: Pick,
    #[elicit(min_items = 1, max_items = 2)]
    reviewers: Picks,
    build_number: Option<Pick<u32>>,
    dry_run: bool,
}

fn branches() -> Choices {
    Choices::new([
        SelectOption::titled("main", "Main"),
        SelectOption::titled("rc", "Release candidate"),
    ])
}

fn people() -> Choices {
    Choices::new(["ada", "bo", "cy"].map(SelectOption::new))
}

fn builds() -> Choices {
    Choices::new(["41", "42"].map(SelectOption::new)).default("42")
}

fn request() -> FormRequest<'static> {
    FormRequest::of::<Deploy>()
        .with_choices([
            ("branch", &branches()),
            ("reviewers", &people()),
            ("buildNumber", &builds()),
        ])
        .unwrap()
}

#[test]
fn the_options_are_written_as_each_version_writes_selects() {
    assert!(Deploy::requested_schema().has_runtime_selects());
    let request = request();
    let schema = request.schema();
    assert_eq!(
        serde_json::to_value(schema).unwrap(),
        json!({
            "type": "object",
            "properties": {
                "branch": {"type": "string", "title": "Branch", "description": "Where to deploy from", "oneOf": [
                    {"const": "main", "title": "Main"},
                    {"const": "rc", "title": "Release candidate"}
                ]},
                "reviewers": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string", "enum": ["ada", "bo", "cy"]}},
                "buildNumber": {"type": "string", "enum": ["41", "42"], "default": "42"},
                "dryRun": {"type": "boolean"}
            },
            "required": ["branch", "reviewers", "dryRun"]
        })
    );
    // 2025-06-18: titles as `enumNames`, and no multi-select at all.
    assert!(matches!(
        schema.to_value_for(ProtocolVersion::V2025_06_18),
        Err(Unrepresentable::MultiSelect { .. })
    ));
    #[derive(Elicit)]
    #[allow(dead_code)]
    struct One {
        branch: Pick,
    }
    let one = FormRequest::of::<One>()
        .with_choices([("branch", &branches())])
        .unwrap();
    assert_eq!(
        one.schema()
            .to_value_for(ProtocolVersion::V2025_06_18)
            .unwrap()["properties"]["branch"],
        json!({"type": "string", "enum": ["main", "rc"], "enumNames": ["Main", "Release candidate"]})
    );
}

#[test]
fn answers_are_checked_against_the_options_sent() {
    let request = request();
    let read =
        |content: Value| request.read::<Deploy>(&json!({"action": "accept", "content": content}));
    let deploy = read(
        json!({"branch": "rc", "reviewers": ["cy", "ada"], "buildNumber": "41", "dryRun": true}),
    )
    .unwrap();
    assert_eq!(
        deploy,
        Elicitation::Accepted(Deploy {
            branch: Pick("rc".to_owned()),
            reviewers: Picks(vec!["cy".to_owned(), "ada".to_owned()]),
            build_number: Some(Pick(41)),
            dry_run: true,
        })
    );
    // An `Option` the answer leaves out is `None`, as for every select: a client shows the
    // default, so the user cleared it.
    let Elicitation::Accepted(deploy) =
        read(json!({"branch": "main", "reviewers": ["bo"], "dryRun": false})).unwrap()
    else {
        panic!()
    };
    assert_eq!(deploy.build_number, None);
    // A required select with a default is no longer required, and takes the default when left
    // out.
    let request = FormRequest::of::<Deploy>()
        .with_choices([
            ("branch", &branches().default("rc")),
            ("reviewers", &people()),
        ])
        .unwrap();
    assert_eq!(
        request.schema().required().collect::<Vec<_>>(),
        ["reviewers", "dryRun"]
    );
    let Elicitation::Accepted(deploy) = request
        .read::<Deploy>(
            &json!({"action": "accept", "content": {"reviewers": ["bo"], "dryRun": false}}),
        )
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(deploy.branch, Pick("rc".to_owned()));

    let err = read(json!({"branch": "prod", "reviewers": ["ada", "zed", "ada"], "buildNumber": "7", "dryRun": false}))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`branch`: must be one of \"main\", \"rc\", got \"prod\"\n\
         `reviewers`: must have at most 2 options chosen, got 3\n\
         `reviewers`: chooses \"ada\" more than once\n\
         `reviewers`: must be one of \"ada\", \"bo\", \"cy\", got \"zed\"\n\
         `buildNumber`: must be one of \"41\", \"42\", got \"7\""
    );
    let err = read(json!({"branch": "main", "reviewers": [], "dryRun": false})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`reviewers`: must have at least 1 option chosen, got 0"
    );
    // Decline and cancel carry no content to check.
    assert_eq!(
        request
            .read::<Deploy>(&json!({"action": "decline"}))
            .unwrap(),
        Elicitation::Declined
    );
}

#[test]
fn a_typed_pick_reads_with_its_from_str() {
    let err = Deploy::from_content(
        json!({"branch": "x", "reviewers": ["ada"], "buildNumber": "forty", "dryRun": true})
            .as_object()
            .unwrap(),
    )
    .unwrap_err();
    assert_eq!(err.errors().len(), 1);
    assert_eq!(err.errors()[0].field(), "buildNumber");
    assert_eq!(
        err.errors()[0].kind(),
        &ErrorKind::Invalid {
            reason: "invalid digit found in string".to_owned()
        }
    );
}

#[test]
fn mistakes_in_the_options_are_refused_before_anything_is_sent() {
    let with = |choices: &[(&str, &Choices)]| {
        FormRequest::of::<Deploy>()
            .with_choices(choices.iter().copied())
            .map(|r| r.schema().clone())
    };
    let (branches, people, builds) = (branches(), people(), builds());
    assert_eq!(
        with(&[("reviewers", &people)]).unwrap_err(),
        ChoicesError::NoOptions {
            field: "branch".to_owned()
        }
    );
    let empty = Choices::new([]);
    assert_eq!(
        with(&[("branch", &empty), ("reviewers", &people)])
            .unwrap_err()
            .to_string(),
        "`branch` is a required select with no options: supply at least one when asking, or make the field an `Option`"
    );
    let twice = Choices::new(["a", "b", "a"].map(SelectOption::new));
    assert_eq!(
        with(&[("branch", &twice), ("reviewers", &people)])
            .unwrap_err()
            .to_string(),
        "the options of `branch` have the value \"a\" twice: an answer could not tell them apart"
    );
    let stray_default = branches.clone().default("prod");
    assert_eq!(
        with(&[("branch", &stray_default), ("reviewers", &people)])
            .unwrap_err()
            .to_string(),
        "the default of `branch` breaks the field's own rules: it must be one of \"main\", \"rc\", got \"prod\""
    );
    let two_defaults = branches.clone().default("main").default("rc");
    assert!(matches!(
        with(&[("branch", &two_defaults), ("reviewers", &people)]),
        Err(ChoicesError::BadDefault { .. })
    ));
    assert_eq!(
        with(&[("branch", &branches), ("reviewers", &empty)]).unwrap_err(),
        ChoicesError::NoOptions {
            field: "reviewers".to_owned()
        }
    );
    assert_eq!(
        with(&[
            ("branch", &branches),
            ("reviewers", &people),
            ("dryRun", &people)
        ])
        .unwrap_err(),
        ChoicesError::NotARuntimeSelect {
            field: "dryRun".to_owned()
        }
    );
    #[derive(Elicit)]
    #[allow(dead_code)]
    struct AtLeastTwo {
        #[elicit(min_items = 2)]
        picks: Picks,
    }
    let one = Choices::new([SelectOption::new("only")]);
    assert_eq!(
        FormRequest::of::<AtLeastTwo>()
            .with_choices([("picks", &one)])
            .unwrap_err()
            .to_string(),
        "`picks` asks for at least 2 choices (`min_items`), and has 1 options"
    );
    // A multi-select's default is judged by the rules its answers meet.
    #[derive(Elicit)]
    #[allow(dead_code)]
    struct OneOrTwo {
        #[elicit(min_items = 1, max_items = 2)]
        picks: Picks,
    }
    let abc = || Choices::new(["a", "b", "c"].map(SelectOption::new));
    let with_default = |choices: Choices| {
        FormRequest::of::<OneOrTwo>()
            .with_choices([("picks", &choices)])
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        with_default(abc().default("a").default("b").default("c")),
        "the default of `picks` breaks the field's own rules: it must have at most 2 options chosen, got 3"
    );
    assert_eq!(
        with_default(abc().default("a").default("a")),
        "the default of `picks` breaks the field's own rules: it chooses \"a\" more than once"
    );
    assert_eq!(
        with_default(abc().default("a").default("z")),
        "the default of `picks` breaks the field's own rules: it must be one of \"a\", \"b\", \"c\", got \"z\""
    );
    // An optional select given no options is left off the form.
    let schema = with(&[("branch", &branches), ("reviewers", &people)]).unwrap();
    let names: Vec<&str> = schema
        .properties()
        .iter()
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(names, ["branch", "reviewers", "dryRun"]);
    let _ = builds;
}

#[test]
fn a_form_without_runtime_selects_keeps_its_static_schema() {
    #[derive(Elicit)]
    #[allow(dead_code)]
    struct Plain {
        name: String,
    }
    assert!(!Plain::requested_schema().has_runtime_selects());
    let request = FormRequest::of::<Plain>();
    assert!(std::ptr::eq(request.schema(), Plain::requested_schema()));
}

#[test]
fn a_hundred_thousand_options() {
    #[derive(Elicit, Debug)]
    struct Big {
        pick: Pick,
        many: Picks,
    }
    let n = 100_000;
    let choices = Choices::new((0..n).map(|i| SelectOption::new(format!("o{i}"))));
    let request = FormRequest::of::<Big>()
        .with_choices([("pick", &choices), ("many", &choices)])
        .unwrap();
    let every: Vec<String> = (0..n).rev().map(|i| format!("o{i}")).collect();
    let answer = json!({"action": "accept", "content": {"pick": "o99999", "many": every}});
    let Elicitation::Accepted(big) = request.read::<Big>(&answer).unwrap() else {
        panic!()
    };
    assert_eq!((big.pick.0.as_str(), big.many.len()), ("o99999", n));
    let twice = Choices::new((0..n).map(|i| SelectOption::new(format!("o{}", i % (n - 1)))));
    assert!(matches!(
        FormRequest::of::<Big>().with_choices([("pick", &twice), ("many", &choices)]),
        Err(ChoicesError::RepeatedValue { .. })
    ));
}

#[test]
fn a_form_whose_options_were_not_filled_in_cannot_be_sent() {
    let schema = Deploy::requested_schema();
    let err = schema
        .to_value_for(ProtocolVersion::V2025_11_25)
        .unwrap_err();
    assert_eq!(
        err,
        Unrepresentable::NoOptions {
            field: "branch".to_owned()
        }
    );
    assert_eq!(
        err.to_string(),
        "field `branch` is a select whose options are supplied when the form is asked, and it has none: fill them in with `with_choices` (or `Ask::choices`)"
    );
    assert!(serde_json::to_string(schema).is_err());
    assert!(
        FormRequest::of::<Deploy>()
            .params_for(ProtocolVersion::V2026_07_28)
            .is_err()
    );
}
