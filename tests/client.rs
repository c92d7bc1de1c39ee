//! The client side: a server's form shown through a `FormUi` (here a script standing for a
//! person) starting from its defaults, checked, shown again with the problems; what the person
//! left in the form is the answer.

use std::sync::Mutex;

use mcp_elicit::Content;
use mcp_elicit::Elicitation;
use mcp_elicit::client::{FormToFill, FormUi, MAX_ATTEMPTS, NotFilled, fill_form};
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
