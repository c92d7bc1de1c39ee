//! Any JSON as `[schema, values]`, read as a client reads a server's form and a person's answer:
//! the form is shown (to a "person" who submits `values`) or refused, never a panic; what the
//! client sends back keeps every rule of the form and holds nothing the person did not give (no
//! default refilled, no key outside the form); a form's defaults and a prefilled copy of it
//! read back as forms. And `values` as the options of a runtime select: refused with a reason, or
//! sent and then answered only with what was offered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::client::{FormToFill, FormUi, fill_form};
use mcp_elicit::Content;
use mcp_elicit::choices::{Choices, Pick, SelectOption};
use mcp_elicit::request::FormRequest;
use mcp_elicit::{Elicit, Elicitation, RequestedSchema};
use serde_json::{Map, Value, json};

/// A person who submits the same values every time.
struct Submits(Map<String, Value>);

impl FormUi for Submits {
    async fn fill(&self, _form: FormToFill<'_>) -> Elicitation<Content> {
        Elicitation::Accepted(self.0.clone())
    }
}

#[derive(Elicit, Debug)]
struct Choose {
    choice: Pick,
}

fn now<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(Value::Array(pair)) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let [schema, values] = pair.as_slice() else {
        return;
    };
    let submitted = match values {
        Value::Object(values) => values.clone(),
        _ => Map::new(),
    };
    if let Ok(Elicitation::Accepted(sent)) = now(fill_form(&Submits(submitted.clone()), "m", schema)) {
        let read: RequestedSchema = serde_json::from_value(schema.clone()).expect("it was read");
        assert!(read.validate(&sent).is_ok(), "a client sends only what fits");
        // Nothing the person did not choose: every key the form's, every value the one submitted.
        for (key, value) in &sent {
            assert!(read.property(key).is_some(), "a key outside the form: {key}");
            assert_eq!(submitted.get(key), Some(value), "a value the person did not give: {key}");
        }
    }
    if let Ok(read) = serde_json::from_value::<RequestedSchema>(schema.clone()) {
        let mut with_defaults = submitted.clone();
        read.apply_defaults(&mut with_defaults);
        let prefilled = read.with_defaults(&submitted);
        let written = serde_json::to_value(&prefilled).expect("a prefilled form writes");
        let _ = serde_json::from_value::<RequestedSchema>(written);
    }
    // The values as options of a runtime select: `[value, title?]` pairs or plain strings.
    if let Value::Array(list) = values {
        let options = list.iter().filter_map(|item| match item {
            Value::String(value) => Some(SelectOption::new(value.clone())),
            Value::Array(pair) => match pair.as_slice() {
                [Value::String(v), Value::String(t)] => Some(SelectOption::titled(v.clone(), t.clone())),
                _ => None,
            },
            _ => None,
        });
        let choices = Choices::new(options);
        if let Ok(request) = FormRequest::of::<Choose>().with_choices([("choice", &choices)]) {
            let answer = json!({"action": "accept", "content": {"choice": schema}});
            if let Ok(Elicitation::Accepted(chosen)) = request.read::<Choose>(&answer) {
                assert!(choices.options().iter().any(|o| o.value() == chosen.choice.0));
            }
        }
    }
});
