//! What [`ask`](super::ask) keeps between rounds on 2026-07-28, in `requestState`: written by
//! this crate, read back as untrusted input.

use serde_json::Value;

use super::ElicitError;

/// What every `requestState` this crate writes starts with, before its JSON.
const STATE: &str = "mcp-elicit/1;";

/// The longest `requestState` read: longer ones are refused unread.
const MAX_STATE: usize = 64 * 1024;

/// What travels in `requestState` between rounds (2026-07-28): the round, and the answers that
/// settled a form in an earlier round, as the client gave them (judged again when read).
pub(super) struct State {
    pub(super) round: u8,
    pub(super) answers: serde_json::Map<String, Value>,
}

impl State {
    pub(super) fn first() -> Self {
        State {
            round: 1,
            answers: serde_json::Map::new(),
        }
    }

    /// The state of the forms under `keys`.
    pub(super) fn write(&self, keys: &[&str]) -> String {
        let json = serde_json::json!({"round": self.round, "keys": keys, "answers": self.answers});
        format!("{STATE}{json}")
    }

    /// The state a client sent back, read as untrusted input: only one this crate could have
    /// written for the forms under `keys`, of a round within `rounds`, is one. None at all counts
    /// as the last round.
    pub(super) fn read(
        state: Option<&str>,
        keys: &[&str],
        rounds: u8,
    ) -> Result<State, ElicitError> {
        let Some(state) = state else {
            return Ok(State {
                round: rounds,
                answers: serde_json::Map::new(),
            });
        };
        let refuse = |reason| Err(ElicitError::RequestState { reason });
        if state.len() > MAX_STATE {
            return refuse("it is longer than any this server writes");
        }
        let Some(json) = state.strip_prefix(STATE) else {
            return refuse("this server did not write it");
        };
        let Ok(Value::Object(mut json)) = serde_json::from_str::<Value>(json) else {
            return refuse("this server did not write it");
        };
        let written_keys = json.get("keys").and_then(Value::as_array);
        let same_keys = written_keys.is_some_and(|written| {
            written.len() == keys.len() && written.iter().zip(keys).all(|(w, k)| w == k)
        });
        if !same_keys {
            return refuse("it is the state of other forms");
        }
        let round = json.get("round").and_then(Value::as_u64);
        let Some(round) = round.and_then(|r| u8::try_from(r).ok()) else {
            return refuse("it names a round these forms do not have");
        };
        if round == 0 || round > rounds {
            return refuse("it names a round these forms do not have");
        }
        let answers = match json.remove("answers") {
            Some(Value::Object(answers)) => answers,
            _ => return refuse("this server did not write it"),
        };
        if answers.keys().any(|k| !keys.contains(&k.as_str())) {
            return refuse("it is the state of other forms");
        }
        Ok(State { round, answers })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(state: &str, rounds: u8) -> Result<State, ElicitError> {
        State::read(Some(state), &["form"], rounds)
    }

    fn reason(result: Result<State, ElicitError>) -> &'static str {
        match result {
            Err(ElicitError::RequestState { reason }) => reason,
            Err(other) => panic!("{other:?}"),
            Ok(state) => panic!("read round {}", state.round),
        }
    }

    #[test]
    fn a_state_reads_back_as_it_was_written() {
        for round in 1..=3 {
            let mut state = State::first();
            state.round = round;
            state
                .answers
                .insert("form".into(), serde_json::json!({"action": "decline"}));
            let read = read(&state.write(&["form"]), 3).unwrap();
            assert_eq!(read.round, round);
            assert_eq!(read.answers, state.answers);
        }
        // None at all: the last round.
        assert_eq!(State::read(None, &["form"], 3).unwrap().round, 3);
    }

    #[test]
    fn a_tampered_state_is_refused_with_its_reason() {
        let state = |json: &str| format!("{STATE}{json}");
        let rounds = "it names a round these forms do not have";
        let others = "it is the state of other forms";
        let foreign = "this server did not write it";
        for (written, expected) in [
            (state(r#"{"round":0,"keys":["form"],"answers":{}}"#), rounds),
            (state(r#"{"round":4,"keys":["form"],"answers":{}}"#), rounds),
            (
                state(r#"{"round":-1,"keys":["form"],"answers":{}}"#),
                rounds,
            ),
            (
                state(r#"{"round":"1","keys":["form"],"answers":{}}"#),
                rounds,
            ),
            (
                state(r#"{"round":1e300,"keys":["form"],"answers":{}}"#),
                rounds,
            ),
            (
                state(r#"{"round":1,"keys":["other"],"answers":{}}"#),
                others,
            ),
            (
                state(r#"{"round":1,"keys":["form","other"],"answers":{}}"#),
                others,
            ),
            (state(r#"{"round":1,"answers":{}}"#), others),
            (
                state(r#"{"round":1,"keys":["form"],"answers":{"other":{}}}"#),
                others,
            ),
            (state(r#"{"round":1,"keys":["form"]}"#), foreign),
            (
                state(r#"{"round":1,"keys":["form"],"answers":[]}"#),
                foreign,
            ),
            (state("[1]"), foreign),
            (state("{"), foreign),
            (state(&"[".repeat(10_000)), foreign),
            (
                r#"{"round":1,"keys":["form"],"answers":{}}"#.to_owned(),
                foreign,
            ),
            (
                "9".repeat(10_000_000),
                "it is longer than any this server writes",
            ),
        ] {
            assert_eq!(reason(read(&written, 3)), expected, "{:.80}", written);
        }
    }
}
