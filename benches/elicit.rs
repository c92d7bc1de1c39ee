//! Side by side, in one run: mcp-elicit against rmcp's schemars path and serde's plain
//! deserialize, on a realistic form, a form of formats (each also parsed without its constraints)
//! and forms of 1, 10 and 50 fields; and received schemas and answers built to be slow, at two
//! sizes. And one server-side 2026-07-28 round (open and verify the state, judge the answer, seal
//! the next state) beside the parse alone, and the seal and open of its state beside rmcp's own
//! `RequestStateCodec` sealing the same payload. Every form compared with rmcp is one Rust type deriving `Elicit`, `Deserialize` and
//! `JsonSchema` (with the schemars attributes rmcp's documentation requires for enums), so both
//! sides work on the same types and the same answers.
//!
//! And a translated form (SEP-2792): its default schema beside a translation's, chosen by index
//! and by a person's preference, and the matching of the preference alone.
//!
//! `cargo bench -p mcp-elicit-benches` (see BENCHMARKS.md for the figures).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mcp_elicit::lang::Preference;
use mcp_elicit::request::FormRequest;
use mcp_elicit::rounds::{Ask, Exchange, Incoming, Round, StateKeys};
use mcp_elicit::{Content, Elicit, ProtocolVersion, RequestedSchema};
use rmcp::model::{
    ElicitRequest, ElicitRequestParams, ElicitationSchema, RequestId, RequestStateCodec,
    SealOptions, ServerJsonRpcMessage, ServerRequest,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Elicit, Deserialize, JsonSchema, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[schemars(inline)]
#[schemars(extend("type" = "string"))]
#[elicit(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free: one project")]
    #[schemars(title = "Free: one project")]
    Free,
    #[elicit(title = "Pro: unlimited projects")]
    #[schemars(title = "Pro: unlimited projects")]
    Pro,
    #[elicit(title = "Team: shared billing")]
    #[schemars(title = "Team: shared billing")]
    Team,
}

#[derive(Elicit, Deserialize, JsonSchema, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[schemars(inline)]
#[elicit(rename_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
    Offers,
}

/// The realistic form: ten fields of every kind.
#[derive(Elicit, Deserialize, JsonSchema, Debug)]
#[elicit(rename_all = "camelCase", message = "Create your account")]
#[serde(rename_all = "camelCase")]
struct Signup {
    /// How other users see you
    #[elicit(min_length = 3, max_length = 30)]
    #[schemars(length(min = 3, max = 30))]
    display_name: String,
    /// We send the confirmation link here
    #[elicit(format = "email")]
    #[schemars(email)]
    email: String,
    #[elicit(minimum = 13, maximum = 130)]
    #[schemars(range(min = 13, max = 130))]
    age: u8,
    #[elicit(format = "date")]
    #[schemars(extend("format" = "date"))]
    birthday: Option<String>,
    #[elicit(format = "uri")]
    #[schemars(url)]
    homepage: Option<String>,
    #[elicit(minimum = 0, maximum = 168)]
    #[schemars(range(min = 0, max = 168))]
    weekly_hours: f64,
    plan: Plan,
    #[elicit(max_items = 3)]
    #[schemars(length(max = 3))]
    topics: Vec<Topic>,
    newsletter: bool,
    #[elicit(minimum = 1, maximum = 10)]
    #[schemars(range(min = 1, max = 10))]
    team_size: Option<u32>,
}

/// The realistic form's types without its constraints (no lengths, formats or bounds): what is
/// left to check is what the Rust types imply (JSON types, ranges, options, repeats). Parsing it
/// next to `Signup` splits the cost of reading an answer from the cost of validating it.
#[derive(Elicit, Deserialize, Debug)]
#[elicit(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct SignupUnconstrained {
    display_name: String,
    email: String,
    age: u8,
    birthday: Option<String>,
    homepage: Option<String>,
    weekly_hours: f64,
    plan: Plan,
    topics: Vec<Topic>,
    newsletter: bool,
    team_size: Option<u32>,
}

fn signup_answer() -> Value {
    json!({
        "displayName": "Ada Lovelace",
        "email": "ada@example.com",
        "age": 36,
        "birthday": "1815-12-10",
        "homepage": "https://example.com/ada",
        "weeklyHours": 12.5,
        "plan": "pro",
        "topics": ["security-notices", "releases"],
        "newsletter": true,
        "teamSize": 3
    })
}

/// A form of formats: e-mail addresses, URIs, dates and date-times, the checks that cost most.
#[derive(Elicit, Deserialize, JsonSchema, Debug)]
#[elicit(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct FormatHeavy {
    #[elicit(min_length = 1, max_length = 60)]
    #[schemars(length(min = 1, max = 60))]
    name: String,
    #[elicit(format = "email")]
    #[schemars(email)]
    email: String,
    #[elicit(format = "email")]
    #[schemars(email)]
    backup_email: Option<String>,
    #[elicit(format = "uri")]
    #[schemars(url)]
    homepage: String,
    #[elicit(format = "uri")]
    #[schemars(url)]
    docs: Option<String>,
    #[elicit(format = "date")]
    #[schemars(extend("format" = "date"))]
    start: String,
    #[elicit(format = "date")]
    #[schemars(extend("format" = "date"))]
    end: String,
    #[elicit(format = "date-time")]
    #[schemars(extend("format" = "date-time"))]
    created: String,
    #[elicit(format = "date-time")]
    #[schemars(extend("format" = "date-time"))]
    reminder: Option<String>,
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    note: Option<String>,
}

/// The format-heavy form without its formats and lengths: ten strings, four of them optional.
/// Parsing it next to `FormatHeavy` measures the eight format checks on their own.
#[derive(Elicit, Deserialize, Debug)]
#[elicit(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct FormatHeavyUnconstrained {
    name: String,
    email: String,
    backup_email: Option<String>,
    homepage: String,
    docs: Option<String>,
    start: String,
    end: String,
    created: String,
    reminder: Option<String>,
    note: Option<String>,
}

fn format_heavy_answer() -> Value {
    json!({
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "backupEmail": "ada.lovelace+backup@mail.example.org",
        "homepage": "https://example.com/ada?tab=notes#top",
        "docs": "https://docs.example.org/analytical-engine/notes/g",
        "start": "2025-11-25",
        "end": "2025-12-31",
        "created": "2025-11-25T09:30:00Z",
        "reminder": "2025-12-24T18:00:00.250+01:00",
        "note": "Bring the notes on Bernoulli numbers."
    })
}

/// A form of `5 × groups` fields: text, e-mail, bounded integer, boolean, select, repeated.
macro_rules! form {
    ($name:ident: $(($text:ident, $email:ident, $count:ident, $flag:ident, $plan:ident)),+) => {
        #[derive(Elicit, Deserialize, JsonSchema, Debug)]
        struct $name {
            $(
                #[elicit(min_length = 1, max_length = 100)]
                #[schemars(length(min = 1, max = 100))]
                $text: String,
                #[elicit(format = "email")]
                #[schemars(email)]
                $email: String,
                #[elicit(minimum = 0, maximum = 1000)]
                #[schemars(range(min = 0, max = 1000))]
                $count: u32,
                $flag: bool,
                $plan: Plan,
            )+
        }

        impl $name {
            fn answer() -> Value {
                let mut content = serde_json::Map::new();
                $(
                    content.insert(stringify!($text).into(), json!("some text"));
                    content.insert(stringify!($email).into(), json!("someone@example.com"));
                    content.insert(stringify!($count).into(), json!(42));
                    content.insert(stringify!($flag).into(), json!(true));
                    content.insert(stringify!($plan).into(), json!("team"));
                )+
                Value::Object(content)
            }
        }
    };
}

/// One field.
#[derive(Elicit, Deserialize, JsonSchema, Debug)]
struct Form1 {
    #[elicit(min_length = 1, max_length = 100)]
    #[schemars(length(min = 1, max = 100))]
    name: String,
}

impl Form1 {
    fn answer() -> Value {
        json!({"name": "some text"})
    }
}

form!(Form10: (a1, a2, a3, a4, a5), (b1, b2, b3, b4, b5));
form!(Form50:
    (a1, a2, a3, a4, a5), (b1, b2, b3, b4, b5), (c1, c2, c3, c4, c5), (d1, d2, d3, d4, d5),
    (e1, e2, e3, e4, e5), (f1, f2, f3, f4, f5), (g1, g2, g3, g4, g5), (h1, h2, h3, h4, h5),
    (i1, i2, i3, i4, i5), (j1, j2, j3, j4, j5)
);

/// The JSON-RPC envelope around our params, as a server writes it.
#[derive(Serialize)]
struct Envelope<P> {
    jsonrpc: &'static str,
    id: u64,
    method: &'static str,
    params: P,
}

/// rmcp's whole `elicitation/create` request for a schema.
fn rmcp_request(message: &str, schema: ElicitationSchema) -> ServerJsonRpcMessage {
    ServerJsonRpcMessage::request(
        ServerRequest::ElicitRequest(ElicitRequest::new(
            ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: message.to_owned(),
                requested_schema: schema,
            },
        )),
        RequestId::Number(1),
    )
}

fn bench_form<T>(c: &mut Criterion, label: &str, answer: Value)
where
    T: Elicit + JsonSchema + for<'de> Deserialize<'de>,
{
    let mut group = c.benchmark_group(format!("obtain schema/{label}"));
    group.bench_function(BenchmarkId::new("mcp-elicit", label), |b| {
        b.iter(|| black_box(T::requested_schema()));
    });
    group.bench_function(BenchmarkId::new("rmcp from_type", label), |b| {
        b.iter(|| black_box(ElicitationSchema::from_type::<T>().expect("rmcp reads the schema")));
    });
    group.finish();

    let mut group = c.benchmark_group(format!("serialize request/{label}"));
    let mut buffer = Vec::with_capacity(64 * 1024);
    group.bench_function(
        BenchmarkId::new("mcp-elicit, write_params_for", label),
        |b| {
            b.iter(|| {
                buffer.clear();
                buffer.extend_from_slice(
                    br#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":"#,
                );
                FormRequest::of::<T>()
                    .write_params_for(ProtocolVersion::V2025_11_25, &mut buffer)
                    .expect("2025-11-25 says every form");
                buffer.push(b'}');
                black_box(buffer.len())
            });
        },
    );
    group.bench_function(BenchmarkId::new("mcp-elicit, Serialize", label), |b| {
        b.iter(|| {
            buffer.clear();
            let request = FormRequest::of::<T>();
            let params = request
                .serialize_for(ProtocolVersion::V2025_11_25)
                .expect("2025-11-25 says every form");
            let envelope = Envelope {
                jsonrpc: "2.0",
                id: 1,
                method: "elicitation/create",
                params,
            };
            serde_json::to_writer(&mut buffer, &envelope).expect("writes");
            black_box(buffer.len())
        });
    });
    group.bench_function(BenchmarkId::new("rmcp, schema per call", label), |b| {
        b.iter(|| {
            buffer.clear();
            let schema = ElicitationSchema::from_type::<T>().expect("rmcp reads the schema");
            let request = rmcp_request(T::message(), schema);
            serde_json::to_writer(&mut buffer, &request).expect("writes");
            black_box(buffer.len())
        });
    });
    let cached = ElicitationSchema::from_type::<T>().expect("rmcp reads the schema");
    group.bench_function(BenchmarkId::new("rmcp, schema cached", label), |b| {
        b.iter(|| {
            buffer.clear();
            let request = rmcp_request(T::message(), cached.clone());
            serde_json::to_writer(&mut buffer, &request).expect("writes");
            black_box(buffer.len())
        });
    });
    group.finish();

    let content: Content = answer.as_object().expect("an object").clone();
    assert!(
        T::from_content(&content).is_ok(),
        "{label}: the answer is valid"
    );
    assert!(
        T::deserialize(&answer).is_ok(),
        "{label}: serde reads the answer"
    );
    let mut group = c.benchmark_group(format!("parse answer/{label}"));
    group.bench_function(BenchmarkId::new("mcp-elicit, validated", label), |b| {
        b.iter(|| black_box(T::from_content(black_box(&content))));
    });
    group.bench_function(BenchmarkId::new("serde, unvalidated", label), |b| {
        b.iter(|| black_box(T::deserialize(black_box(&answer))));
    });
    group.bench_function(
        BenchmarkId::new("serde from_value(clone), as rmcp", label),
        |b| b.iter(|| black_box(serde_json::from_value::<T>(black_box(&answer).clone()))),
    );
    group.finish();
}

/// An answer read into its form's types without their constraints, next to the parsers above:
/// what validating costs beyond reading.
fn bench_unconstrained<T: Elicit>(c: &mut Criterion, label: &str, answer: Value) {
    let content: Content = answer.as_object().expect("an object").clone();
    assert!(
        T::from_content(&content).is_ok(),
        "{label}: the answer reads"
    );
    let mut group = c.benchmark_group(format!("parse answer/{label}"));
    group.bench_function(BenchmarkId::new("mcp-elicit, no constraints", label), |b| {
        b.iter(|| black_box(T::from_content(black_box(&content))));
    });
    group.finish();
}

/// Schemas and answers a server or client receives, built to be slow: at `n` and `10 × n`, the
/// time should grow about tenfold.
fn bench_hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(20);
    for n in [1_000, 10_000] {
        let options: Vec<String> = (0..n).map(|i| format!("option-{i}")).collect();
        let unknown: Vec<String> = (0..n).map(|i| format!("unknown-{i}")).collect();
        let single = json!({"type": "object", "properties": {
            "pick": {"type": "string", "enum": options}
        }})
        .to_string();
        group.bench_function(
            BenchmarkId::new("read a single-select of n options", n),
            |b| b.iter(|| black_box(serde_json::from_str::<RequestedSchema>(black_box(&single)))),
        );
        let names: Vec<String> = (0..n).map(|i| format!("field{i}")).collect();
        let properties: serde_json::Map<String, Value> = names
            .iter()
            .map(|name| (name.clone(), json!({"type": "boolean"})))
            .collect();
        let required =
            json!({"type": "object", "properties": properties, "required": names}).to_string();
        group.bench_function(BenchmarkId::new("read n required properties", n), |b| {
            b.iter(|| {
                black_box(serde_json::from_str::<RequestedSchema>(black_box(
                    &required,
                )))
            });
        });
        let multi: RequestedSchema =
            serde_json::from_value(json!({"type": "object", "properties": {
                "pick": {"type": "array", "items": {"type": "string", "enum": options}}
            }}))
            .expect("a multi-select");
        let wrong: Content = json!({ "pick": unknown })
            .as_object()
            .expect("an object")
            .clone();
        group.bench_function(
            BenchmarkId::new("validate n choices none of n options", n),
            |b| b.iter(|| black_box(multi.validate(black_box(&wrong)))),
        );
        let mut every = options.clone();
        every.reverse();
        let right: Content = json!({ "pick": every })
            .as_object()
            .expect("an object")
            .clone();
        group.bench_function(
            BenchmarkId::new("validate n choices of n options", n),
            |b| b.iter(|| black_box(multi.validate(black_box(&right)))),
        );
    }
    group.finish();
}

/// The second step of the wizard the round benchmark runs.
#[derive(Elicit)]
struct Confirm {
    sure: bool,
}

/// One call of a two-step wizard (the realistic form, then `Confirm`) on 2026-07-28: the exchange
/// after its rounds, and the result it ends with.
fn wizard_call<'k>(
    keys: &'k StateKeys,
    args: &Value,
    caps: &Value,
    responses: Option<&Value>,
    state: Option<&str>,
) -> (Exchange<'k>, Round) {
    let incoming = Incoming::new("tools/call", "signup")
        .arguments(args.as_object())
        .capabilities(Some(caps))
        .input_responses(responses)
        .request_state(state);
    let mut exchange = Exchange::open(keys, incoming).expect("the state opens");
    let mut signup = Ask::<Signup>::new().key("signup").item().expect("the form");
    if exchange.round(&mut [&mut signup]).expect("a round") == Round::InputRequired {
        return (exchange, Round::InputRequired);
    }
    black_box(signup.take());
    let mut confirm = Ask::<Confirm>::new()
        .key("confirm")
        .item()
        .expect("the form");
    let round = exchange.round(&mut [&mut confirm]).expect("a round");
    (exchange, round)
}

/// One server-side round of 2026-07-28, beside the parse alone and rmcp's codec.
fn bench_rounds(c: &mut Criterion) {
    let keys = StateKeys::new([42; 32]);
    let args = json!({"project": "web", "region": "eu-west-1"});
    let caps = json!({"elicitation": {}});
    let (first, _) = wizard_call(&keys, &args, &caps, None, None);
    let state1 = first.seal().expect("a small state");
    let responses = json!({"signup": {"action": "accept", "content": signup_answer()}});
    let (second, round) = wizard_call(&keys, &args, &caps, Some(&responses), Some(&state1));
    assert_eq!(round, Round::InputRequired, "round 2 asks the second step");
    let state2 = second.seal().expect("a small state");
    let content: Content = signup_answer().as_object().expect("an object").clone();

    let mut group = c.benchmark_group("2026-07-28 round/realistic");
    group.bench_function("parse alone", |b| {
        b.iter(|| black_box(Signup::from_content(black_box(&content))));
    });
    group.bench_function("round: open, judge, seal the next", |b| {
        b.iter(|| {
            let (exchange, _) = wizard_call(
                &keys,
                &args,
                &caps,
                Some(&responses),
                Some(black_box(&state1)),
            );
            black_box(exchange.seal().expect("a small state"))
        });
    });
    group.bench_function("mcp-elicit: seal + open the state", |b| {
        b.iter(|| {
            let sealed = second.seal().expect("a small state");
            let incoming = Incoming::new("tools/call", "signup")
                .arguments(args.as_object())
                .capabilities(Some(&caps))
                .request_state(Some(&sealed));
            black_box(Exchange::open(&keys, incoming).is_ok())
        });
    });
    // rmcp's codec sealing the same payload (what this crate's state holds after round 2), bound
    // to the same request through its associated data, with the same lifetime.
    let codec = RequestStateCodec::try_new(vec![42; 32]).expect("a 32-byte key");
    let binding = format!("tools/call\0signup\0{args}");
    let payload = json!({
        "bind": "0".repeat(64),
        "exp": 1_800_000_000_u64,
        "asked": ["confirm"],
        "answers": {"signup": responses["signup"]},
        "tries": {"confirm": 1},
    });
    let options = SealOptions::new()
        .associated_data(binding.as_bytes())
        .ttl(std::time::Duration::from_mins(5));
    group.bench_function("rmcp RequestStateCodec: seal + open", |b| {
        b.iter(|| {
            let sealed = codec
                .seal_json_with(black_box(&payload), &options)
                .expect("it seals");
            black_box(codec.open_json_with::<Value>(&sealed, binding.as_bytes()))
        });
    });
    group.finish();
    println!(
        "2026-07-28 round: state after round 1 {} bytes, after round 2 {} bytes",
        state1.len(),
        state2.len()
    );
}

// The form of tests/translations.rs, translated with its `.ftl` files.
#[derive(Elicit)]
#[elicit(
    rename_all = "lowercase",
    translations(path = "../tests/fixtures/locales", languages("fr", "zh-Hans"))
)]
enum Seating {
    #[elicit(title = "By the window")]
    Window,
    /// Heated in winter
    #[elicit(title = "On the terrace")]
    Terrace,
}

#[derive(Elicit)]
#[elicit(
    message = "Book a table",
    translations(path = "../tests/fixtures/locales", languages("fr", "zh-Hans"))
)]
#[allow(dead_code)]
struct BookTable {
    /// Yourself included
    #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    party_size: u8,
    #[elicit(title = "Seating")]
    seating: Seating,
    #[elicit(title = "Email", format = "email")]
    email: Option<String>,
}

fn bench_translations(c: &mut Criterion) {
    let label = "translated";
    let header = "fr-CH, fr;q=0.9, en;q=0.8";
    let preference = Preference::parse(header);
    let mut group = c.benchmark_group(format!("obtain schema/{label}"));
    group.bench_function(BenchmarkId::new("requested_schema()", label), |b| {
        b.iter(|| black_box(BookTable::requested_schema()));
    });
    group.bench_function(BenchmarkId::new("translation(1).schema", label), |b| {
        b.iter(|| black_box(BookTable::translation(black_box(1)).schema));
    });
    group.bench_function(BenchmarkId::new("in_language(&preference)", label), |b| {
        b.iter(|| black_box(BookTable::in_language(black_box(&preference)).schema));
    });
    group.bench_function(BenchmarkId::new("Preference::parse + choose", label), |b| {
        b.iter(|| black_box(Preference::parse(black_box(header)).choose(BookTable::LANGUAGES)));
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_translations(c);
    bench_rounds(c);
    bench_form::<Signup>(c, "realistic", signup_answer());
    bench_unconstrained::<SignupUnconstrained>(c, "realistic", signup_answer());
    bench_form::<FormatHeavy>(c, "format-heavy", format_heavy_answer());
    bench_unconstrained::<FormatHeavyUnconstrained>(c, "format-heavy", format_heavy_answer());
    bench_hostile(c);
    bench_form::<Form1>(c, "1 field", Form1::answer());
    bench_form::<Form10>(c, "10 fields", Form10::answer());
    bench_form::<Form50>(c, "50 fields", Form50::answer());
}

criterion_group!(elicit, benches);
criterion_main!(elicit);
