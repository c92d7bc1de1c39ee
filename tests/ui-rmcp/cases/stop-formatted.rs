// A `Stop` has no `Display`: on 2026-07-28 it holds the form, which a message would lose.
use mcp_elicit::rmcp::Stop;

fn describe(stop: &Stop) -> String {
    format!("failed: {stop}")
}

fn main() {}
