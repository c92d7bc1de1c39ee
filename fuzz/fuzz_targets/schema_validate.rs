//! Any JSON as a server's `requestedSchema`, and answers to it: a schema is read or refused, never
//! a panic, from its text as it streams and from a parsed `Value` alike; what the text reads to,
//! the `Value` reads to as well; what is read writes back to itself on every version it can say;
//! validating any content against it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::{ProtocolVersion, RequestedSchema};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    // Straight from the text, as it streams. (A `Value` has already dropped all but the last of
    // a key written twice, so it may read what the text refuses: not the other way round.)
    let streamed = serde_json::from_slice::<RequestedSchema>(data);
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    if let Ok(streamed) = streamed {
        let parsed = serde_json::from_value::<RequestedSchema>(value.clone())
            .expect("a schema read from its text reads from its value");
        assert_eq!(streamed, parsed);
    }
    // `[schema, content]`, or a schema alone.
    let (schema, content) = match &value {
        Value::Array(pair) if pair.len() == 2 => (&pair[0], Some(&pair[1])),
        other => (other, None),
    };
    let Ok(schema) = serde_json::from_value::<RequestedSchema>(schema.clone()) else {
        return;
    };
    let written = serde_json::to_value(&schema).expect("a schema writes");
    let reread: RequestedSchema = serde_json::from_value(written).expect("what we write reads back");
    assert_eq!(reread, schema);
    for version in ProtocolVersion::ALL {
        let _ = schema.to_value_for(version);
    }
    let empty = serde_json::Map::new();
    let content = match content {
        Some(Value::Object(content)) => content,
        _ => &empty,
    };
    if let Err(err) = schema.validate(content) {
        let _ = err.to_string();
    }
});
