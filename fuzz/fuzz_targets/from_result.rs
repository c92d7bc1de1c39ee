//! Any JSON as a whole `ElicitResult`: an answer or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_elicit::{Elicit, Elicitation};
use mcp_elicit_fuzz::Everything;

fuzz_target!(|data: &[u8]| {
    let Ok(result) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    match Elicitation::<Everything>::from_result(&result) {
        Ok(Elicitation::Accepted(value)) => {
            let again = serde_json::json!({"action": "accept", "content": value.to_content()});
            assert_eq!(
                Elicitation::<Everything>::from_result(&again),
                Ok(Elicitation::Accepted(value))
            );
        }
        Ok(_) => {}
        Err(err) => {
            let _ = err.to_string();
        }
    }
});
