//! The client side: a server's form shown through a `FormUi` (here a script standing for a
//! person), checked, shown again with the problems, its defaults filled in.

use std::sync::Mutex;

use mcp_elicit::Content;
use mcp_elicit::Elicitation;
use mcp_elicit::client::{FormToFill, FormUi, MAX_ATTEMPTS, fill_form};
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
fn the_form_starts_with_its_defaults_and_the_answer_gets_them() {
    let ui = Script::new(vec![Elicitation::Accepted(content(json!({"age": 30})))]);
    let answer = now(fill_form(&ui, "Who are you?", &schema())).unwrap();
    assert_eq!(
        answer,
        Elicitation::Accepted(content(
            json!({"age": 30, "name": "John Doe", "newsletter": false})
        ))
    );
    assert_eq!(
        ui.shown(),
        [(json!({"name": "John Doe", "newsletter": false}), None)]
    );
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
        Elicitation::Accepted(content(
            json!({"name": "Ada", "age": 13, "newsletter": false})
        ))
    );
    let shown = ui.shown();
    assert_eq!(shown.len(), 2);
    assert_eq!(
        shown[1],
        (
            json!({"name": "A", "age": 12, "newsletter": false}),
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
fn a_ui_that_never_fits_the_form_ends_in_a_cancel() {
    let bad = || Elicitation::Accepted(content(json!({"age": 1})));
    let ui = Script::new((0..50).map(|_| bad()).collect());
    assert_eq!(
        now(fill_form(&ui, "m", &schema())).unwrap(),
        Elicitation::Cancelled
    );
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
