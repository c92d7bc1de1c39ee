//! The client side: a server's form shown through a `FormUi` (here a script standing for a
//! person) starting from its defaults, checked, shown again with the problems; what the person
//! left in the form is the answer.

use std::sync::Mutex;

use mcp_elicit::client::{
    FormToFill, FormUi, MAX_ATTEMPTS, NotFilled, UrlToOpen, fill_form, fill_form_in,
};
use mcp_elicit::{Content, Elicitation, RequestedSchema};
use serde_json::{Value, json};

/// Runs a future whose every step is ready at once (the scripted UI never waits).
fn now<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
    }
}

/// Answers with the next of its answers, and records what it was shown.
struct Script {
    answers: Mutex<Vec<Elicitation<Content>>>,
    shown: Mutex<Vec<(Value, Option<String>)>>,
}

impl Script {
    fn new(mut answers: Vec<Elicitation<Content>>) -> Self {
        answers.reverse();
        Script {
            answers: Mutex::new(answers),
            shown: Mutex::new(Vec::new()),
        }
    }

    fn shown(&self) -> Vec<(Value, Option<String>)> {
        self.shown.lock().unwrap().clone()
    }
}

impl FormUi for Script {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        self.shown.lock().unwrap().push((
            Value::Object(form.values.clone()),
            form.problems.map(ToString::to_string),
        ));
        self.answers
            .lock()
            .unwrap()
            .pop()
            .unwrap_or(Elicitation::Cancelled)
    }
}

fn content(value: Value) -> Content {
    value.as_object().unwrap().clone()
}

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2, "default": "John Doe"},
            "age": {"type": "integer", "minimum": 13},
            "newsletter": {"type": "boolean", "default": false}
        },
        "required": ["age"]
    })
}

#[test]
fn the_form_starts_with_its_defaults_and_what_the_ui_returns_is_the_answer() {
    // The person keeps the defaults they were shown, and adds their age.
    let ui = Script::new(vec![Elicitation::Accepted(content(
        json!({"name": "John Doe", "newsletter": false, "age": 30}),
    ))]);
    let answer = now(fill_form(&ui, "Who are you?", &schema())).unwrap();
    assert_eq!(
        answer,
        Elicitation::Accepted(content(
            json!({"name": "John Doe", "age": 30, "newsletter": false})
        ))
    );
    assert_eq!(
        ui.shown(),
        [(json!({"name": "John Doe", "newsletter": false}), None)]
    );
}

#[test]
fn a_cleared_field_is_not_refilled_behind_the_persons_back() {
    // They cleared `name` and `newsletter` (both with defaults): they stay out.
    let ui = Script::new(vec![Elicitation::Accepted(content(json!({"age": 30})))]);
    let answer = now(fill_form(&ui, "Who are you?", &schema())).unwrap();
    assert_eq!(answer, Elicitation::Accepted(content(json!({"age": 30}))));

    // An emptied text field the form lets be empty is sent empty, not as its default.
    let schema = json!({
        "type": "object",
        "properties": {"firstLine": {"type": "string", "default": "It was a dark and stormy night."}},
        "required": ["firstLine"]
    });
    let ui = Script::new(vec![Elicitation::Accepted(content(
        json!({"firstLine": ""}),
    ))]);
    let answer = now(fill_form(&ui, "m", &schema)).unwrap();
    assert_eq!(
        answer,
        Elicitation::Accepted(content(json!({"firstLine": ""})))
    );
}

#[test]
fn keys_outside_the_form_and_nulls_are_dropped_and_the_answer_is_in_form_order() {
    let ui = Script::new(vec![Elicitation::Accepted(content(json!({
        "color": "red",
        "newsletter": true,
        "petType": "dog",
        "name": null,
        "age": 40
    })))]);
    let answer = now(fill_form(&ui, "m", &schema())).unwrap();
    let Elicitation::Accepted(answer) = answer else {
        panic!("accepted: {answer:?}");
    };
    let keys: Vec<&str> = answer.keys().map(String::as_str).collect();
    assert_eq!(keys, ["age", "newsletter"]);
    assert_eq!(
        Value::Object(answer),
        json!({"age": 40, "newsletter": true})
    );

    // 100,000 keys outside the form: dropped, the answer read.
    let mut many = content(json!({"age": 20}));
    for i in 0..100_000 {
        many.insert(format!("extra{i}"), json!(i));
    }
    let ui = Script::new(vec![Elicitation::Accepted(many)]);
    let answer = now(fill_form(&ui, "m", &schema())).unwrap();
    assert_eq!(answer, Elicitation::Accepted(content(json!({"age": 20}))));
}

#[test]
fn an_answer_that_breaks_the_rules_is_shown_again_with_its_problems() {
    let ui = Script::new(vec![
        Elicitation::Accepted(content(json!({"name": "A", "age": 12}))),
        Elicitation::Accepted(content(json!({"name": "Ada", "age": 13}))),
    ]);
    let answer = now(fill_form(&ui, "Who are you?", &schema())).unwrap();
    assert_eq!(
        answer,
        Elicitation::Accepted(content(json!({"name": "Ada", "age": 13})))
    );
    let shown = ui.shown();
    assert_eq!(shown.len(), 2);
    assert_eq!(
        shown[1],
        (
            json!({"name": "A", "age": 12}),
            Some("`name`: must be at least 2 characters long, got 1\n`age`: must be at least 13, got 12".to_owned())
        )
    );
}

#[test]
fn decline_and_cancel_are_passed_on() {
    for answer in [Elicitation::Declined, Elicitation::Cancelled] {
        let ui = Script::new(vec![answer.clone()]);
        assert_eq!(now(fill_form(&ui, "m", &schema())).unwrap(), answer);
    }
}

#[test]
fn a_ui_that_never_fits_the_form_gives_up_and_says_it_was_not_the_person() {
    let bad = || Elicitation::Accepted(content(json!({"age": 1})));
    let ui = Script::new((0..50).map(|_| bad()).collect());
    let Err(NotFilled::GaveUp(problems)) = now(fill_form(&ui, "m", &schema())) else {
        panic!("given up");
    };
    assert_eq!(problems.to_string(), "`age`: must be at least 13, got 1");
    assert_eq!(ui.shown().len(), MAX_ATTEMPTS);
}

#[test]
fn a_form_the_specification_does_not_allow_is_not_shown() {
    let ui = Script::new(vec![]);
    let nested = json!({"type": "object", "properties": {"address": {"type": "object"}}});
    let err = now(fill_form(&ui, "m", &nested)).unwrap_err();
    assert!(
        err.to_string().starts_with("the form cannot be shown: "),
        "{err}"
    );
    assert!(err.to_string().contains("address"), "{err}");
    assert!(ui.shown().is_empty());
}

/// Records all of each form it is shown, and answers with the next of its answers.
struct Recorder {
    answers: Mutex<Vec<Elicitation<Content>>>,
    shown: Mutex<Vec<Shown>>,
}

/// A form as a UI was shown it.
#[derive(Debug, PartialEq)]
struct Shown {
    message: String,
    values: Value,
    problems: Option<String>,
    language: Option<String>,
}

impl Recorder {
    fn new(mut answers: Vec<Elicitation<Content>>) -> Self {
        answers.reverse();
        Recorder {
            answers: Mutex::new(answers),
            shown: Mutex::new(Vec::new()),
        }
    }
}

impl FormUi for Recorder {
    async fn fill(&self, form: FormToFill<'_>) -> Elicitation<Content> {
        self.shown.lock().unwrap().push(Shown {
            message: form.message.to_owned(),
            values: Value::Object(form.values.clone()),
            problems: form.problems.map(ToString::to_string),
            language: form.language.map(str::to_owned),
        });
        self.answers
            .lock()
            .unwrap()
            .pop()
            .unwrap_or(Elicitation::Cancelled)
    }
}

#[test]
fn a_ui_is_tested_on_its_own_with_the_forms_fill_form_would_show_it() {
    let answers = || {
        vec![
            Elicitation::Accepted(content(json!({"name": "A", "age": 12}))),
            Elicitation::Accepted(content(json!({"name": "Ada", "age": 13}))),
        ]
    };
    let driven = Recorder::new(answers());
    now(fill_form_in(&driven, "Who are you?", &schema(), Some("fr"))).unwrap();

    // The same two showings, built by hand as a client's own test builds them.
    let by_hand = Recorder::new(answers());
    let schema: RequestedSchema = serde_json::from_value(schema()).unwrap();
    let mut values = Content::new();
    schema.apply_defaults(&mut values);
    let first = FormToFill::new("Who are you?", &schema, &values).with_language("fr");
    assert!(first.problems.is_none());
    let Elicitation::Accepted(attempt) = now(by_hand.fill(first)) else {
        panic!("the first answer is accepted");
    };
    let problems = schema.validate(&attempt).unwrap_err();
    let again = FormToFill::new("Who are you?", &schema, &attempt)
        .with_problems(&problems)
        .with_language("fr");
    now(by_hand.fill(again));

    let shown = by_hand.shown.into_inner().unwrap();
    assert_eq!(shown, driven.shown.into_inner().unwrap());
    assert_eq!(
        shown[1],
        Shown {
            message: "Who are you?".to_owned(),
            values: json!({"name": "A", "age": 12}),
            problems: Some("`name`: must be at least 2 characters long, got 1\n`age`: must be at least 13, got 12".to_owned()),
            language: Some("fr".to_owned()),
        }
    );

    // Without `with_language`, no language, as `fill_form` gives none.
    assert_eq!(FormToFill::new("m", &schema, &values).language, None);
}

/// A page opened: its URL, the request's id and its language.
type Opened = (String, Option<String>, Option<String>);

/// Opens only `https` pages, and records the requests' ids and languages.
struct HttpsOnly {
    opened: Mutex<Vec<Opened>>,
}

impl FormUi for HttpsOnly {
    async fn fill(&self, _: FormToFill<'_>) -> Elicitation<Content> {
        Elicitation::Declined
    }

    async fn open_url(&self, page: UrlToOpen<'_>) -> Elicitation<Content> {
        if !page.url.starts_with("https://") {
            return Elicitation::Declined;
        }
        self.opened.lock().unwrap().push((
            page.url.to_owned(),
            page.elicitation_id.map(str::to_owned),
            page.language.map(str::to_owned),
        ));
        Elicitation::Accepted(Content::new())
    }

    fn opens_urls(&self) -> bool {
        true
    }
}

#[test]
fn a_ui_that_opens_pages_is_tested_with_pages_built_by_hand() {
    let ui = HttpsOnly {
        opened: Mutex::new(Vec::new()),
    };
    let plain = UrlToOpen::new("Sign in", "https://example.com/a");
    assert_eq!((plain.elicitation_id, plain.language), (None, None));
    assert_eq!(
        now(ui.open_url(plain)),
        Elicitation::Accepted(Content::new())
    );
    let full = UrlToOpen::new("Connectez-vous", "https://example.com/b")
        .with_elicitation_id("e-1")
        .with_language("fr");
    assert_eq!(full.message, "Connectez-vous");
    now(ui.open_url(full));
    let insecure = UrlToOpen::new("Sign in", "http://example.com/c").with_elicitation_id("e-2");
    assert_eq!(now(ui.open_url(insecure)), Elicitation::Declined);
    assert_eq!(
        ui.opened.into_inner().unwrap(),
        [
            ("https://example.com/a".to_owned(), None, None),
            (
                "https://example.com/b".to_owned(),
                Some("e-1".to_owned()),
                Some("fr".to_owned())
            ),
        ]
    );
}
