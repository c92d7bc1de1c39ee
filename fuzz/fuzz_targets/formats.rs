//! Any text as an e-mail address, a URI, a date and a date-time: no check panics, and the
//! e-mail and URI checks say what the plain readings in `elicit-core/src/format/reference.rs`
//! say (the unit tests compare them on generated strings; this compares them on what the fuzzer
//! finds).
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use mcp_elicit::RequestedSchema;
use serde_json::{Map, Value, json};

#[path = "../../elicit-core/src/format/reference.rs"]
mod reference;

static FORM: LazyLock<RequestedSchema> = LazyLock::new(|| {
    let property = |format| json!({"type": "string", "format": format});
    serde_json::from_value(json!({
        "type": "object",
        "properties": {
            "email": property("email"),
            "uri": property("uri"),
            "date": property("date"),
            "dateTime": property("date-time"),
        }
    }))
    .expect("the form reads")
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let content: Map<String, Value> = ["email", "uri", "date", "dateTime"]
        .into_iter()
        .map(|name| (name.to_owned(), Value::from(text)))
        .collect();
    let refused = FORM.validate(&content).err();
    let accepts = |field: &str| {
        !refused
            .as_ref()
            .is_some_and(|err| err.errors().iter().any(|problem| problem.field() == field))
    };
    assert_eq!(accepts("email"), reference::is_email(data), "e-mail {text:?}");
    assert_eq!(accepts("uri"), reference::is_uri(data), "URI {text:?}");
});
