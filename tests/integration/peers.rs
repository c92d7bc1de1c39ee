//! What mcp-elicit writes, checked against a real peer: the official TypeScript SDK (`peers/`).
//! Every request parses with the SDK's own schema with nothing dropped or reordered (1.32.2 for
//! 2025-11-25, and 1.17.5, from before SEP-1330, for what is written for 2025-06-18), and every
//! answer mcp-elicit accepts passes the SDK's server-side validator.
//!
//! It needs Node.js and the SDK: `npm install` in `peers/` (beside this file), then
//! `cargo test -p mcp-elicit-integration-tests --test peers -- --ignored` (CI does both).

use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use std::process::Command;

use mcp_elicit::request::{FormRequest, UrlRequest};
use mcp_elicit::{Elicit, ProtocolVersion, RequestedSchema};
use serde_json::{Value, json};

#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free: one project")]
    Free,
    Pro,
    #[elicit(rename = "team-plan", title = "Team")]
    Team,
}

#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Topic {
    Releases,
    Events,
    Offers,
}

/// Every kind of field, with every attribute.
#[derive(Elicit)]
#[elicit(rename_all = "camelCase", message = "Create your account")]
#[allow(dead_code)]
struct Everything {
    /// How others see you
    #[elicit(
        title = "Display name",
        min_length = 3,
        max_length = 30,
        default = "Ada"
    )]
    display_name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    #[elicit(format = "date")]
    birthday: Option<String>,
    #[elicit(format = "date-time")]
    reminder: Option<String>,
    #[elicit(minimum = 13, maximum = 130, default = 30)]
    age: u8,
    offset: i16,
    big: Option<u64>,
    #[elicit(minimum = -0.5, maximum = 1.5, default = 0.25)]
    ratio: f64,
    single: Option<f32>,
    #[elicit(default = true)]
    newsletter: bool,
    maybe: Option<bool>,
    #[elicit(default = Plan::Pro)]
    plan: Plan,
    untitled: Topic,
    #[elicit(min_items = 1, max_items = 2, default = [Topic::Events])]
    topics: Vec<Topic>,
    plans: Option<HashSet<Plan>>,
    ordered: BTreeSet<Topic>,
}

/// What 2025-06-18 can say: no multi-selects.
#[derive(Elicit)]
#[allow(dead_code)]
struct Legacy {
    #[elicit(min_length = 1, default = "x@example.com", format = "email")]
    email: String,
    #[elicit(minimum = 1, default = 2)]
    count: u32,
    #[elicit(default = false)]
    flag: bool,
    #[elicit(default = Plan::Free)]
    plan: Plan,
    topic: Option<Topic>,
}

#[derive(Elicit)]
struct Empty {}

fn request(params: Value) -> Value {
    json!({"method": "elicitation/create", "params": params})
}

/// The cases: requests for each form and version, and answers mcp-elicit accepts.
fn cases() -> Value {
    let forms: [(&str, &RequestedSchema); 3] = [
        ("Everything", Everything::requested_schema()),
        ("Legacy", Legacy::requested_schema()),
        ("Empty", Empty::requested_schema()),
    ];
    let mut requests = Vec::new();
    for (name, schema) in forms {
        let form = FormRequest::new("Please fill in the form", schema);
        for (version, sdk) in [
            (ProtocolVersion::V2025_11_25, "1.32.2"),
            (ProtocolVersion::V2026_07_28, "1.32.2"),
            (ProtocolVersion::V2025_06_18, "1.17.5"),
        ] {
            if let Ok(params) = form.params_for(version) {
                requests.push(json!({"name": format!("{name} for {version}"), "sdk": sdk, "request": request(params)}));
            }
        }
    }
    let url = UrlRequest::new("Connect your account", "https://example.com/connect", "c-1");
    requests.push(json!({
        "name": "URL mode for 2025-11-25",
        "sdk": "1.32.2",
        "request": request(url.params_for(ProtocolVersion::V2025_11_25).unwrap()),
    }));

    let everything = serde_json::to_value(Everything::requested_schema()).unwrap();
    let answers: Vec<Value> = [
        json!({"email": "ada@example.com", "offset": -5, "untitled": "Events", "ordered": []}),
        json!({
            "displayName": "Grace Hopper", "email": "grace.hopper+navy@example.co.uk",
            "homepage": "https://example.com/a?b=c#d", "birthday": "1906-12-09",
            "reminder": "2025-11-25T09:30:00.5+05:30", "age": 30.0, "offset": 32767,
            "big": 18_446_744_073_709_551_615_u64, "ratio": -0.5, "single": 1e30, "newsletter": false,
            "maybe": true, "plan": "team-plan", "untitled": "Offers",
            "topics": ["Offers", "Releases"], "plans": ["free", "pro"], "ordered": ["Releases"]
        }),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, content)| {
        let content = content.as_object().unwrap().clone();
        // Only answers mcp-elicit accepts are asked about.
        assert_eq!(
            Everything::requested_schema().validate(&content),
            Ok(()),
            "answer {i}"
        );
        assert!(Everything::from_content(&content).is_ok(), "answer {i}");
        json!({"name": format!("answer {i}"), "schema": everything, "content": content})
    })
    .collect();
    json!({"requests": requests, "answers": answers})
}

#[test]
#[ignore = "needs Node.js and `npm install` in peers/; CI runs it"]
fn the_typescript_sdk_accepts_what_mcp_elicit_writes() {
    let peers = Path::new(env!("CARGO_MANIFEST_DIR")).join("peers");
    assert!(
        peers
            .join("node_modules/@modelcontextprotocol/sdk")
            .exists(),
        "run `npm install` in {} first",
        peers.display()
    );
    let file = std::env::temp_dir().join(format!("mcp-elicit-peers-{}.json", std::process::id()));
    std::fs::write(&file, serde_json::to_vec_pretty(&cases()).unwrap()).unwrap();
    let output = Command::new("node")
        .arg(peers.join("check.mjs"))
        .arg(&file)
        .current_dir(&peers)
        .output()
        .expect("node runs");
    let _ = std::fs::remove_file(&file);
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
