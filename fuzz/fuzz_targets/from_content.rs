//! Any JSON object as the content of an answer: a typed value or errors, never a panic. What it
//! accepts round-trips, and the dynamic path refuses no more than the typed one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::Elicit;
use mcp_elicit_fuzz::Everything;

fuzz_target!(|data: &[u8]| {
    let Ok(serde_json::Value::Object(content)) = serde_json::from_slice(data) else {
        return;
    };
    let typed = Everything::from_content(&content);
    let dynamic = Everything::requested_schema().validate(&content);
    match (&typed, &dynamic) {
        (Ok(value), Ok(())) => {
            let written = value.to_content();
            assert_eq!(Everything::requested_schema().validate(&written), Ok(()));
            assert_eq!(Everything::from_content(&written).as_ref(), Ok(value));
        }
        // The Rust types see more than the schema (a u64's range, a date's crate): typed may
        // refuse what the dynamic path accepts, never the other way round.
        (Err(_), Ok(())) => {}
        (Err(typed), Err(dynamic)) => {
            for problem in dynamic.errors() {
                assert!(typed.errors().contains(problem), "{problem} only in the dynamic path");
            }
        }
        (Ok(_), Err(dynamic)) => panic!("typed accepted what the schema refuses: {dynamic}"),
    }
    if let Err(err) = typed {
        let _ = err.to_string();
    }
});
