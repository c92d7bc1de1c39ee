//! The page of a form (feature `page`): rendered from the form model, for a derived form and for
//! a schema a client received alike, and its `application/x-www-form-urlencoded` submission read
//! into the same content a JSON answer carries and judged by the same rules.
//!
//! `cargo test -p mcp-elicit-integration-tests --test page_render -- --ignored` also writes a
//! sample page to the system's temporary folder, `page-sample-PID.html` (and one with problems
//! beside it, `page-sample-errors-PID.html`; PID the test's process, so that two runs at once
//! write files of their own), and prints where (`--nocapture` shows it).

use std::collections::{BTreeSet, HashSet};

use mcp_elicit::lang::Words;
use mcp_elicit::page::render::{FormPage, STYLESHEET, field_id, notice};
use mcp_elicit::page::submission::{self, Action, Judged, SubmissionError};
use mcp_elicit::{Content, Elicit, Elicitation, RequestedSchema};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};

#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Region {
    #[elicit(title = "Europe")]
    Eu,
    #[elicit(title = "United States")]
    Us,
}

#[derive(Elicit, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
}

// Every kind of property a page shows (no doc comment: a form's description is not in MCP's
// JSON, and a received copy of it must render as it does).
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Trip {
    /// How we greet you
    #[elicit(title = "Display name", min_length = 3, max_length = 30)]
    display_name: String,
    #[elicit(title = "E-mail", format = "email")]
    email: String,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    #[elicit(format = "date")]
    arrival: String,
    /// When the driver comes
    #[elicit(format = "date-time")]
    pickup: Option<String>,
    #[elicit(minimum = 1, maximum = 9)]
    guests: u8,
    #[elicit(minimum = 0.5)]
    budget: Option<f64>,
    #[elicit(title = "I have travel insurance")]
    insured: bool,
    breakfast: Option<bool>,
    region: Region,
    #[elicit(min_items = 1, max_items = 2)]
    topics: BTreeSet<Topic>,
}

fn trip_json() -> Value {
    json!({
        "displayName": "Ada Lovelace",
        "email": "ada@example.com",
        "homepage": "https://example.com/ada",
        "arrival": "2025-11-25",
        "pickup": "2025-11-25T09:30:00Z",
        "guests": 2,
        "budget": 1250.5,
        "insured": true,
        "breakfast": false,
        "region": "us",
        "topics": ["security-notices", "releases"]
    })
}

const TRIP_BODY: &str = "f.displayName=Ada+Lovelace&f.email=ada%40example.com\
&f.homepage=https%3A%2F%2Fexample.com%2Fada&f.arrival=2025-11-25&f.pickup=2025-11-25T09%3A30\
&f.guests=2&f.budget=1250.5&f.insured=true&f.breakfast=false&f.region=us\
&f.topics=security-notices&f.topics=releases&csrf=t0k3n&action=accept";

fn trip_page() -> String {
    FormPage::new(Trip::requested_schema(), "Book your trip")
        .action("/pages/abc")
        .hidden("csrf", "t0k3n")
        .render()
}

/// Whether `html` holds `fragment`, with the page in the message when it does not.
#[track_caller]
fn has(html: &str, fragment: &str) {
    assert!(
        html.contains(fragment),
        "the page lacks\n{fragment}\n\nthe page:\n{html}"
    );
}

#[track_caller]
fn lacks(html: &str, fragment: &str) {
    assert!(
        !html.contains(fragment),
        "the page holds\n{fragment}\n\nthe page:\n{html}"
    );
}

#[test]
fn the_document_and_its_form() {
    let html = trip_page();
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"));
    has(
        &html,
        r#"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
    );
    has(&html, "<title>Information requested</title>");
    has(&html, &format!("<style>{STYLESHEET}</style>"));
    has(
        &html,
        r#"<h1>Information requested</h1><div class="message"><p>Book your trip</p></div>"#,
    );
    has(
        &html,
        r#"<form method="post" action="/pages/abc" accept-charset="utf-8" novalidate><input type="hidden" name="csrf" value="t0k3n">"#,
    );
    has(
        &html,
        r#"<div class="actions"><button type="submit" name="action" value="accept">Submit</button><button type="submit" name="action" value="decline" class="secondary">Decline</button></div></form></main></body></html>"#,
    );
    // No script, no external asset, no problem shown.
    lacks(&html, "<script");
    lacks(&html, "src=");
    lacks(&html, "<link");
    lacks(&html, "error-summary\"");
    lacks(&html, "aria-invalid=\"true\"");
    assert_well_formed(&html);
}

#[test]
fn text_fields_mirror_their_rules() {
    let html = trip_page();
    has(
        &html,
        r#"<div class="field"><label for="field-displayName">Display name</label><div class="hint" id="field-displayName_hint"><p>How we greet you</p><p>3 to 30 characters</p></div><input class="input" id="field-displayName" name="f.displayName" type="text" required minlength="3" maxlength="30" aria-describedby="field-displayName_hint"></div>"#,
    );
    has(
        &html,
        r#"<label for="field-email">E-mail</label><input class="input" id="field-email" name="f.email" type="email" required></div>"#,
    );
    has(
        &html,
        r#"<label for="field-homepage"><bdi>homepage</bdi><span class="optional"> (optional)</span></label><input class="input" id="field-homepage" name="f.homepage" type="url"></div>"#,
    );
    has(
        &html,
        r#"<input class="input short" id="field-arrival" name="f.arrival" type="date" required>"#,
    );
    // A date-time is a `datetime-local` input, read as UTC, and says so.
    has(
        &html,
        r#"<label for="field-pickup"><bdi>pickup</bdi><span class="optional"> (optional)</span></label><div class="hint" id="field-pickup_hint"><p>When the driver comes</p><p>Date and time in UTC.</p></div><input class="input short" id="field-pickup" name="f.pickup" type="datetime-local" aria-describedby="field-pickup_hint">"#,
    );
}

#[test]
fn numbers_mirror_their_bounds_and_kind() {
    let html = trip_page();
    has(
        &html,
        r#"<div class="hint" id="field-guests_hint"><p>a whole number from 1 to 9</p></div><input class="input short" id="field-guests" name="f.guests" type="number" step="1" min="1" max="9" required aria-describedby="field-guests_hint">"#,
    );
    has(
        &html,
        r#"<div class="hint" id="field-budget_hint"><p>a number, at least 0.5</p></div><input class="input short" id="field-budget" name="f.budget" type="number" step="any" min="0.5" aria-describedby="field-budget_hint">"#,
    );
}

#[test]
fn booleans_are_a_checkbox_or_three_radios() {
    let html = trip_page();
    // Required: one checkbox, never `required` in HTML (`false` is an answer).
    has(
        &html,
        r#"<div class="field"><div class="choice"><input id="field-insured" name="f.insured" type="checkbox" value="true"><div><label for="field-insured">I have travel insurance</label></div></div></div>"#,
    );
    // Optional: yes, no, or no answer (checked: nothing was given).
    has(
        &html,
        r#"<fieldset><legend><bdi>breakfast</bdi><span class="optional"> (optional)</span></legend><div class="choices"><div class="choice"><input id="field-breakfast" name="f.breakfast" type="radio" value="true"><div><label for="field-breakfast">Yes</label></div></div><div class="choice"><input id="field-breakfast_opt1" name="f.breakfast" type="radio" value="false"><div><label for="field-breakfast_opt1">No</label></div></div><div class="choice"><input id="field-breakfast_none" name="f.breakfast" type="radio" value="" checked><label for="field-breakfast_none">No answer</label></div></div></fieldset>"#,
    );
}

#[test]
fn selects_show_titles_and_send_values() {
    let html = trip_page();
    // A single choice: radios in a fieldset, titles shown, values sent.
    has(
        &html,
        r#"<fieldset><legend>region</legend><div class="choices"><div class="choice"><input id="field-region" name="f.region" type="radio" value="eu" required><div><label for="field-region">Europe</label></div></div><div class="choice"><input id="field-region_opt1" name="f.region" type="radio" value="us" required><div><label for="field-region_opt1">United States</label></div></div></div></fieldset>"#,
    );
    // Several: checkboxes in a fieldset, with how many to choose.
    has(
        &html,
        r#"<fieldset aria-describedby="field-topics_hint"><legend>topics</legend><div class="hint" id="field-topics_hint"><p>Choose 1 to 2.</p></div><div class="choices"><div class="choice"><input id="field-topics" name="f.topics" type="checkbox" value="releases"><div><label for="field-topics">releases</label></div></div><div class="choice"><input id="field-topics_opt1" name="f.topics" type="checkbox" value="security-notices"><div><label for="field-topics_opt1">security-notices</label></div></div>"#,
    );
}

#[test]
fn many_options_are_a_select() {
    let options: Vec<Value> = (1..=8)
        .map(|i| json!({"const": format!("c{i}"), "title": format!("Choice {i}")}))
        .collect();
    let schema: RequestedSchema = serde_json::from_value(json!({
        "type": "object",
        "properties": {
            "pick": {"type": "string", "oneOf": options, "description": "One of many"},
            "maybe": {"type": "string", "enum": ["a", "b", "c", "d", "e", "f", "g"], "default": "g"}
        },
        "required": ["pick"]
    }))
    .unwrap();
    let html = FormPage::new(&schema, "Pick").render();
    has(
        &html,
        r#"<label for="field-pick">pick</label><div class="hint" id="field-pick_hint"><p>One of many</p></div><select class="input" id="field-pick" name="f.pick" required aria-describedby="field-pick_hint"><option value="" selected>Choose an option</option><option value="c1">Choice 1</option><option value="c2">Choice 2</option>"#,
    );
    has(
        &html,
        r#"<select class="input" id="field-maybe" name="f.maybe"><option value="">No answer</option><option value="a">a</option>"#,
    );
    has(&html, r#"<option value="g" selected>g</option></select>"#);
    // Six options are still radios.
    let schema: RequestedSchema = serde_json::from_value(json!({
        "type": "object",
        "properties": {"six": {"type": "string", "enum": ["a", "b", "c", "d", "e", "f"]}}
    }))
    .unwrap();
    let html = FormPage::new(&schema, "Pick").render();
    has(
        &html,
        r#"<input id="field-six_opt5" name="f.six" type="radio" value="f">"#,
    );
    lacks(&html, "<select");
    assert_well_formed(&html);
}

#[test]
fn patterns_are_anchored_as_html_reads_them() {
    #[derive(Elicit)]
    struct Codes {
        /// Two letters and four digits
        #[elicit(pattern = "^[A-Z]{2}[0-9]{4}$")]
        booking: String,
        #[elicit(pattern = "v[0-9]+")]
        tag: Option<String>,
        /// `\d` is every Unicode digit to the rules and ASCII digits to a browser: left out.
        #[elicit(pattern = "^\\d+$")]
        digits: Option<String>,
    }
    let html = FormPage::new(Codes::requested_schema(), "Codes").render();
    has(
        &html,
        r#"name="f.booking" type="text" required pattern="[\s\S]*(?:^[A-Z]{2}[0-9]{4}$)[\s\S]*""#,
    );
    // Not anchored in the schema: matches anywhere, as the rules do.
    has(
        &html,
        r#"name="f.tag" type="text" pattern="[\s\S]*(?:v[0-9]+)[\s\S]*">"#,
    );
    has(
        &html,
        r#"name="f.digits" type="text" aria-describedby="field-digits_hint">"#,
    );
}

#[test]
fn defaults_are_filled_in() {
    #[derive(Elicit)]
    struct Prefs {
        #[elicit(default = "Ada")]
        name: String,
        #[elicit(default = 3)]
        count: u8,
        #[elicit(default = 0.25)]
        ratio: f64,
        #[elicit(default = true)]
        ticked: bool,
        #[elicit(default = false)]
        maybe: Option<bool>,
        #[elicit(default = "2025-11-25T09:30:00+02:00", format = "date-time")]
        at: String,
        #[elicit(default = Region::Us)]
        region: Option<Region>,
        #[elicit(default = [Topic::Events, Topic::Releases])]
        topics: Vec<Topic>,
    }
    let html = FormPage::new(Prefs::requested_schema(), "Prefs").render();
    has(&html, r#"name="f.name" type="text" value="Ada""#);
    has(
        &html,
        r#"name="f.count" type="number" step="1" min="0" max="255" value="3""#,
    );
    has(
        &html,
        r#"name="f.ratio" type="number" step="any" value="0.25""#,
    );
    // A boolean with a default is optional: yes, no, or no answer.
    has(
        &html,
        r#"name="f.ticked" type="radio" value="true" checked>"#,
    );
    has(
        &html,
        r#"name="f.maybe" type="radio" value="false" checked>"#,
    );
    has(&html, r#"name="f.maybe" type="radio" value="">"#);
    // Shown in UTC, as the page reads it back.
    has(
        &html,
        r#"name="f.at" type="datetime-local" value="2025-11-25T07:30" aria-describedby="field-at_hint">"#,
    );
    has(&html, r#"name="f.region" type="radio" value="us" checked>"#);
    has(
        &html,
        r#"name="f.topics" type="checkbox" value="releases" checked>"#,
    );
    has(
        &html,
        r#"name="f.topics" type="checkbox" value="events" checked>"#,
    );
    has(
        &html,
        r#"name="f.topics" type="checkbox" value="security-notices">"#,
    );

    // Values given replace the defaults, and a property they leave out starts empty.
    let values = json!({"count": 7, "ticked": false});
    let html = FormPage::new(Prefs::requested_schema(), "Prefs")
        .values(values.as_object().unwrap())
        .render();
    has(&html, r#"name="f.name" type="text">"#);
    has(
        &html,
        r#"name="f.count" type="number" step="1" min="0" max="255" value="7""#,
    );
    has(
        &html,
        r#"name="f.ticked" type="radio" value="false" checked>"#,
    );
    has(&html, r#"name="f.maybe" type="radio" value="" checked>"#);
}

#[test]
fn everything_sent_is_escaped() {
    let schema: RequestedSchema = serde_json::from_value(json!({
        "type": "object",
        "properties": {
            "q\"><script>": {
                "type": "string",
                "title": "Name <script>alert(1)</script> & \"more\"",
                "description": "Say <b>\"hi\"</b> & go",
                "default": "\"><script>alert(2)</script>&amp;"
            },
            "pick": {
                "type": "string",
                "oneOf": [{"const": "a\"b<c>&", "title": "<script>x</script> & \"y\""}]
            }
        }
    }))
    .unwrap();
    let html = FormPage::new(&schema, "Hello <script>alert(3)</script>\n& \"you\"")
        .title("<script>t</script> & \"T\"")
        .hidden("x\"><script>", "\"><script>&")
        .action("/p?a=1&b=\"2\"")
        .render();
    lacks(&html, "<script");
    has(
        &html,
        "<title>&lt;script&gt;t&lt;/script&gt; &amp; &quot;T&quot;</title>",
    );
    has(
        &html,
        "<h1>&lt;script&gt;t&lt;/script&gt; &amp; &quot;T&quot;</h1><div class=\"message\"><p>Hello &lt;script&gt;alert(3)&lt;/script&gt;<br>&amp; &quot;you&quot;</p></div>",
    );
    has(
        &html,
        r#"<form method="post" action="/p?a=1&amp;b=&quot;2&quot;" accept-charset="utf-8" novalidate><input type="hidden" name="x&quot;&gt;&lt;script&gt;" value="&quot;&gt;&lt;script&gt;&amp;">"#,
    );
    has(
        &html,
        r#"<label for="field-q_22_3e_3cscript_3e"><bdi>Name &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;</bdi><span class="optional"> (optional)</span></label><div class="hint" id="field-q_22_3e_3cscript_3e_hint"><p>Say &lt;b&gt;&quot;hi&quot;&lt;/b&gt; &amp; go</p></div><input class="input" id="field-q_22_3e_3cscript_3e" name="f.q&quot;&gt;&lt;script&gt;" type="text" value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&amp;amp;""#,
    );
    has(
        &html,
        r#"<input id="field-pick" name="f.pick" type="radio" value="a&quot;b&lt;c&gt;&amp;"><div><label for="field-pick">&lt;script&gt;x&lt;/script&gt; &amp; &quot;y&quot;</label>"#,
    );
    assert_well_formed(&html);

    // What a hostile name sends reads back as that property.
    let body = "f.q%22%3E%3Cscript%3E=hi&f.pick=a%22b%3Cc%3E%26&action=accept";
    let Ok(Judged::Accepted(content)) = submission::judge(&schema, body.as_bytes()) else {
        panic!("accepted")
    };
    assert_eq!(
        Value::Object(content),
        json!({"q\"><script>": "hi", "pick": "a\"b<c>&"})
    );
}

#[test]
fn a_received_schema_renders_as_the_derived_one() {
    let derived = Trip::requested_schema();
    let received: RequestedSchema =
        serde_json::from_value(serde_json::to_value(derived).unwrap()).unwrap();
    assert_eq!(
        FormPage::new(&received, "Book your trip").render(),
        FormPage::new(derived, "Book your trip").render()
    );
}

#[test]
fn a_valid_submission_is_the_json_answer() {
    let schema = Trip::requested_schema();
    let Ok(Judged::Accepted(content)) = submission::judge(schema, TRIP_BODY.as_bytes()) else {
        panic!("accepted")
    };
    assert_eq!(Value::Object(content.clone()), trip_json());
    let from_page = Trip::from_content(&content).unwrap();
    let answer = json!({"action": "accept", "content": trip_json()});
    let Ok(Elicitation::Accepted(from_json)) = Elicitation::<Trip>::from_result(&answer) else {
        panic!("accepted")
    };
    assert_eq!(from_page, from_json);
    assert_eq!(from_page.region, Region::Us);
    assert_eq!(
        from_page.topics,
        BTreeSet::from([Topic::Releases, Topic::SecurityNotices])
    );

    // Optional fields left empty are absent; a required boolean not ticked is `false`; a
    // default the person kept is sent like any value.
    let body = "f.displayName=Ada&f.email=ada%40example.com&f.homepage=&f.arrival=2025-11-25\
                &f.pickup=&f.guests=1&f.budget=&f.breakfast=&f.region=eu&f.topics=events&action=accept";
    let Ok(Judged::Accepted(content)) = submission::judge(schema, body.as_bytes()) else {
        panic!("accepted")
    };
    assert_eq!(
        Value::Object(content.clone()),
        json!({
            "displayName": "Ada", "email": "ada@example.com", "arrival": "2025-11-25",
            "guests": 1, "insured": false, "region": "eu", "topics": ["events"]
        })
    );
    let trip = Trip::from_content(&content).unwrap();
    assert_eq!(
        (trip.homepage, trip.budget, trip.breakfast),
        (None, None, None)
    );
}

#[test]
fn an_invalid_submission_names_each_field() {
    let schema = Trip::requested_schema();
    let body = "f.displayName=Al&f.email=not+an+address&f.homepage=example.com&f.arrival=2025-13-01\
                &f.pickup=soon&f.guests=12&f.budget=lots&f.breakfast=maybe&f.region=asia\
                &f.topics=events&f.topics=events&f.topics=releases&action=accept";
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body.as_bytes())
    else {
        panic!("invalid")
    };
    assert_eq!(
        problems.to_string(),
        "`displayName`: must be at least 3 characters long, got 2\n\
         `email`: must be an e-mail address, got \"not an address\"\n\
         `homepage`: must be an absolute URI, like https://example.com, got \"example.com\"\n\
         `arrival`: must be a date, like 2025-11-25, got \"2025-13-01\"\n\
         `pickup`: must be a date and time with an offset, like 2025-11-25T09:30:00Z, got \"soon\"\n\
         `guests`: must be at most 9, got 12\n\
         `budget`: must be a number, not text\n\
         `breakfast`: must be true or false, not text\n\
         `region`: must be one of \"eu\", \"us\", got \"asia\"\n\
         `topics`: must have at most 2 options chosen, got 3\n\
         `topics`: chooses \"events\" more than once"
    );
    // The typed reader finds the same problems.
    assert_eq!(
        Trip::from_content(&values).unwrap_err().to_string(),
        problems.to_string()
    );
    // What was sent is filled in again, beside each problem.
    let html = FormPage::new(schema, "Book your trip")
        .values(&values)
        .problems(&problems)
        .render();
    has(&html, "<title>Error: Information requested</title>");
    has(
        &html,
        r##"<main><div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus><h2 id="error-summary-title">There is a problem</h2><ul><li><a href="#field-displayName">Display name must be at least 3 characters long, got 2</a></li><li><a href="#field-email">E-mail must be an e-mail address, got &quot;not an address&quot;</a></li>"##,
    );
    has(
        &html,
        r##"<li><a href="#field-budget">budget must be a number, not &quot;lots&quot;</a></li><li><a href="#field-breakfast">breakfast must be true or false, not &quot;maybe&quot;</a></li><li><a href="#field-region">region must be one of &quot;eu&quot;, &quot;us&quot;, got &quot;asia&quot;</a></li><li><a href="#field-topics">topics must have at most 2 options chosen, got 3</a></li><li><a href="#field-topics">topics chooses &quot;events&quot; more than once</a></li></ul></div><h1>"##,
    );
    has(
        &html,
        r#"<div class="field field-error"><label for="field-displayName">Display name</label><div class="hint" id="field-displayName_hint"><p>How we greet you</p><p>3 to 30 characters</p></div><p class="problem" id="field-displayName_problem"><span class="visually-hidden">Error: </span>Display name must be at least 3 characters long, got 2</p><input class="input" id="field-displayName" name="f.displayName" type="text" value="Al" required minlength="3" maxlength="30" aria-describedby="field-displayName_hint field-displayName_problem" aria-invalid="true"></div>"#,
    );
    has(
        &html,
        r#"<input class="input short" id="field-guests" name="f.guests" type="number" step="1" min="1" max="9" value="12" required aria-describedby="field-guests_hint field-guests_problem" aria-invalid="true">"#,
    );
    // A group: described on its fieldset, each of its inputs marked invalid, what was sent
    // checked again.
    has(
        &html,
        r#"<div class="field field-error"><fieldset aria-describedby="field-topics_hint field-topics_problem"><legend>topics</legend><div class="hint" id="field-topics_hint"><p>Choose 1 to 2.</p></div><p class="problem" id="field-topics_problem"><span class="visually-hidden">Error: </span>topics must have at most 2 options chosen, got 3<br><span class="visually-hidden">Error: </span>topics chooses &quot;events&quot; more than once</p><div class="choices"><div class="choice"><input id="field-topics" name="f.topics" type="checkbox" value="releases" checked aria-invalid="true">"#,
    );
    has(
        &html,
        r#"<input id="field-region" name="f.region" type="radio" value="eu" required aria-invalid="true">"#,
    );
    // Fields without a problem are not marked.
    has(
        &html,
        r#"<div class="field"><div class="choice"><input id="field-insured" name="f.insured" type="checkbox" value="true"><div><label for="field-insured">I have travel insurance</label></div></div></div>"#,
    );
    assert_well_formed(&html);
}

// Integers beyond 2^53, where an `f64` no longer holds every integer.
#[derive(Elicit, Debug)]
struct Ledger {
    #[elicit(title = "Units", minimum = 9_007_199_254_740_993)]
    units: u64,
    #[elicit(title = "Balance", maximum = -9_007_199_254_740_993)]
    balance: i64,
    #[elicit(title = "Total")]
    total: u64,
}

/// Integers beyond 2^53, which an `f64` rounds, are said exactly in every language, bound and
/// value: never "at least 9 007 199 254 740 992 (got 9 007 199 254 740 992)". (A value beyond
/// `u64` comes as a float, said as its shortest digits: `…552 000`, beside the exact bound.)
#[test]
fn integers_beyond_2_53_are_said_exactly_in_every_language() {
    let answer = r#"{"units": 9007199254740992, "balance": -9007199254740992, "total": 18446744073709551616}"#;
    let answer: Content = serde_json::from_str(answer).unwrap();
    let problems = Ledger::from_content(&answer).unwrap_err();
    let expected = [
        (
            "en",
            [
                "must be at least 9007199254740993, got 9007199254740992",
                "must be at most -9007199254740993, got -9007199254740992",
                "must be at most 18446744073709551615, got 1.8446744073709552e19",
            ],
            "a whole number, at least 9007199254740993",
        ),
        (
            "fr",
            [
                "doit valoir au moins 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}993 (valeur reçue\u{a0}: 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}992)",
                "doit valoir au plus -9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}993 (valeur reçue\u{a0}: -9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}992)",
                "doit valoir au plus 18\u{202f}446\u{202f}744\u{202f}073\u{202f}709\u{202f}551\u{202f}615 (valeur reçue\u{a0}: 18\u{202f}446\u{202f}744\u{202f}073\u{202f}709\u{202f}552\u{202f}000)",
            ],
            "un nombre entier supérieur ou égal à 9\u{202f}007\u{202f}199\u{202f}254\u{202f}740\u{202f}993",
        ),
        (
            "de",
            [
                "muss mindestens 9.007.199.254.740.993 sein (erhalten: 9.007.199.254.740.992)",
                "darf höchstens -9.007.199.254.740.993 sein (erhalten: -9.007.199.254.740.992)",
                "darf höchstens 18.446.744.073.709.551.615 sein (erhalten: 18.446.744.073.709.552.000)",
            ],
            "eine ganze Zahl, mindestens 9.007.199.254.740.993",
        ),
        (
            "ar",
            [
                "يجب ألا يقل عن 9,007,199,254,740,993 (القيمة المُدخلة: 9,007,199,254,740,992)",
                "يجب ألا يزيد على \u{200e}-9,007,199,254,740,993 (القيمة المُدخلة: \u{200e}-9,007,199,254,740,992)",
                "يجب ألا يزيد على 18,446,744,073,709,551,615 (القيمة المُدخلة: 18,446,744,073,709,552,000)",
            ],
            "عدد صحيح لا يقل عن 9,007,199,254,740,993",
        ),
        (
            "ja",
            [
                "9,007,199,254,740,993以上の値を入力してください（入力値：9,007,199,254,740,992）",
                "-9,007,199,254,740,993以下の値を入力してください（入力値：-9,007,199,254,740,992）",
                "18,446,744,073,709,551,615以下の値を入力してください（入力値：18,446,744,073,709,552,000）",
            ],
            "9,007,199,254,740,993以上の整数",
        ),
    ];
    // The same problems from a page (whose rules, the schema's, leave `u64`'s range to the typed
    // reader): said beside each field, and the rule under it.
    let body = "f.units=9007199254740992&f.balance=-9007199254740992&f.total=7&action=accept";
    let Ok(Judged::Invalid {
        values,
        problems: on_page,
    }) = submission::judge(Ledger::requested_schema(), body.as_bytes())
    else {
        panic!("invalid")
    };
    for (tag, said, rule) in expected {
        let words = Words::get(tag).unwrap();
        let described: Vec<String> = problems
            .errors()
            .iter()
            .map(|problem| problem.kind().describe(&words))
            .collect();
        assert_eq!(described, said, "{tag}");
        let html = FormPage::new(Ledger::requested_schema(), "Ledger")
            .in_language(&words)
            .values(&values)
            .problems(&on_page)
            .render();
        has(&html, said[0]);
        has(&html, said[1]);
        has(
            &html,
            &format!(r#"<div class="hint" id="field-units_hint"><p>{rule}</p>"#),
        );
    }
}

#[test]
fn a_problem_of_a_required_checkbox_and_of_no_field() {
    #[derive(Elicit, Debug)]
    #[elicit(validate = terms_accepted)]
    struct Terms {
        /// Read them first
        #[elicit(title = "I accept the terms")]
        accept: bool,
    }
    fn terms_accepted(terms: &Terms) -> Result<(), Vec<mcp_elicit::FieldError>> {
        if terms.accept {
            Ok(())
        } else {
            Err(vec![mcp_elicit::FieldError::custom(
                "accept",
                "must be ticked to go on",
            )])
        }
    }
    let schema = Terms::requested_schema();
    let read = submission::read(schema, b"action=accept").unwrap();
    let Judged::Invalid { values, problems } =
        read.judge_with(schema, |c| Terms::from_content(c).map(drop))
    else {
        panic!("invalid")
    };
    let html = FormPage::new(schema, "Terms")
        .values(&values)
        .problems(&problems)
        .render();
    has(
        &html,
        r#"<div class="field field-error"><p class="problem" id="field-accept_problem"><span class="visually-hidden">Error: </span>I accept the terms must be ticked to go on</p><div class="choice"><input id="field-accept" name="f.accept" type="checkbox" value="true" aria-describedby="field-accept_hint field-accept_problem" aria-invalid="true"><div><label for="field-accept">I accept the terms</label><div class="hint" id="field-accept_hint"><p>Read them first</p></div></div></div></div>"#,
    );

    // A problem that names no field of the form is in the summary, unlinked.
    #[derive(Elicit, Debug)]
    #[elicit(validate = elsewhere)]
    struct Note {
        note: Option<String>,
    }
    fn elsewhere(_: &Note) -> Result<(), Vec<mcp_elicit::FieldError>> {
        Err(vec![mcp_elicit::FieldError::custom(
            "elsewhere",
            "is wrong",
        )])
    }
    let schema = Note::requested_schema();
    let problems = Note::from_content(&Content::new()).unwrap_err();
    let html = FormPage::new(schema, "x").problems(&problems).render();
    has(&html, "<ul><li>elsewhere: is wrong</li></ul>");
    assert_well_formed(&html);
}

#[test]
fn a_decline_is_a_decline_whatever_the_fields_hold() {
    let schema = Trip::requested_schema();
    for body in [
        "action=decline",
        "f.guests=9999&f.region=nowhere&action=decline",
        "f.displayName=%ff&f.displayName=x&action=decline",
    ] {
        assert!(
            matches!(
                submission::judge(schema, body.as_bytes()),
                Ok(Judged::Declined)
            ),
            "{body}"
        );
    }
    assert_eq!(
        submission::read(schema, b"action=decline").unwrap().action,
        Action::Decline
    );
}

#[test]
fn hostile_bodies_are_refused_or_judged() {
    let schema = Trip::requested_schema();
    let refused: [(&[u8], SubmissionError); 5] = [
        (b"", SubmissionError::MissingAction),
        (b"f.displayName=Ada", SubmissionError::MissingAction),
        (b"action=cancel", SubmissionError::UnknownAction),
        (b"action=%ff", SubmissionError::UnknownAction),
        (
            b"action=accept&action=decline",
            SubmissionError::RepeatedAction,
        ),
    ];
    for (body, error) in refused {
        assert_eq!(submission::judge(schema, body).unwrap_err(), error);
    }
    // Invalid UTF-8 and broken escapes: read (as U+FFFD, and as they are), then judged.
    let body = b"f.displayName=%ff%fe%fd&f.email=\xff@x.y&f.arrival=%&f.guests=%3&f.region=%zz&action=accept";
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body) else {
        panic!("invalid")
    };
    assert_eq!(values["displayName"], "\u{fffd}\u{fffd}\u{fffd}");
    assert_eq!(values["email"], "\u{fffd}@x.y");
    assert_eq!(values["guests"], "%3");
    assert_eq!(values["region"], "%zz");
    let fields: Vec<&str> = problems
        .errors()
        .iter()
        .map(mcp_elicit::FieldError::field)
        .collect();
    assert_eq!(fields, ["email", "arrival", "guests", "region", "topics"]);
    // A property sent twice where it takes one value.
    let body = TRIP_BODY.replace("f.guests=2", "f.guests=2&f.guests=3");
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body.as_bytes())
    else {
        panic!("invalid")
    };
    assert_eq!(
        problems.to_string(),
        "`guests`: must be a whole number, not a list"
    );
    let html = FormPage::new(schema, "x")
        .values(&values)
        .problems(&problems)
        .render();
    has(
        &html,
        r##"<a href="#field-guests">guests was sent more than once: give one value</a>"##,
    );
    has(
        &html,
        r#"name="f.guests" type="number" step="1" min="1" max="9" required"#,
    );
    // Every single byte, and some random bodies: never a panic.
    for byte in 0..=255u8 {
        let body = [b'f', b'.', b'e', byte, b'=', byte, b'&', b'a', byte];
        let _ = submission::judge(schema, &body);
    }
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2_000 {
        let body: Vec<u8> = (0..64)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let alphabet = b"f.=&%action=acceptguests2ff\xff";
                alphabet[usize::try_from(seed).unwrap() % alphabet.len()]
            })
            .collect();
        let _ = submission::judge(schema, &body);
    }
}

#[test]
fn a_body_of_100_000_fields_is_read_in_one_pass() {
    let schema = Trip::requested_schema();
    let mut body = String::from(TRIP_BODY);
    for i in 0..100_000 {
        body.push_str(match i % 4 {
            0 => "&f.topics=releases",
            1 => "&f.displayName=x",
            2 => "&unknown=1",
            _ => "&f.nothing=%41",
        });
    }
    let started = std::time::Instant::now();
    let Ok(Judged::Invalid { problems, .. }) = submission::judge(schema, body.as_bytes()) else {
        panic!("invalid")
    };
    // Generous: one pass takes milliseconds, even unoptimized on a busy machine.
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(
        problems.to_string(),
        "`displayName`: must be text, not a list\n`topics`: must have at most 2 options chosen, got 25002"
    );
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body.as_bytes())
    else {
        panic!("invalid")
    };
    let html = FormPage::new(schema, "x")
        .values(&values)
        .problems(&problems)
        .render();
    assert!(html.len() < 100_000, "{}", html.len());
}

/// A secret is never filled in: not from what was sent, not from a default.
#[test]
fn secrets_are_never_filled_in() {
    #[derive(Elicit, Debug)]
    #[elicit(rename_all = "camelCase")]
    struct Connect {
        #[elicit(min_length = 2, max_length = 40)]
        label: String,
        /// Starts with sk-
        #[elicit(min_length = 20, pattern = "^sk-[a-z0-9-]+$")]
        api_key: SecretString,
        region: Region,
    }
    let schema = Connect::requested_schema();
    let body = "f.label=Prod&f.apiKey=sk-hunter2&f.region=eu&action=accept";
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body.as_bytes())
    else {
        panic!("invalid")
    };
    // Not kept to fill in again, and not quoted by any problem.
    assert_eq!(
        Value::Object(values.clone()),
        json!({"label": "Prod", "region": "eu"})
    );
    let html = FormPage::new(schema, "Connect")
        .values(&values)
        .problems(&problems)
        .render();
    lacks(&html, "hunter2");
    has(
        &html,
        r#"<input class="input" id="field-apiKey" name="f.apiKey" type="password" required minlength="20" pattern="[\s\S]*(?:^sk-[a-z0-9-]+$)[\s\S]*" autocomplete="off" aria-describedby="field-apiKey_hint field-apiKey_problem" aria-invalid="true">"#,
    );
    has(
        &html,
        r##"<li><a href="#field-apiKey">apiKey must be at least 20 characters long, got 10</a></li>"##,
    );
    // Not even when the values given hold it.
    let sent = submission::read(schema, body.as_bytes()).unwrap().content;
    assert_eq!(sent["apiKey"], "sk-hunter2");
    let html = FormPage::new(schema, "Connect").values(&sent).render();
    lacks(&html, "hunter2");
    // Read into the secret type once valid.
    let body = "f.label=Prod&f.apiKey=sk-0123456789abcdefghij&f.region=us&action=accept";
    let Ok(Judged::Accepted(content)) = submission::judge(schema, body.as_bytes()) else {
        panic!("accepted")
    };
    let connect = Connect::from_content(&content).unwrap();
    assert_eq!(connect.api_key.expose_secret(), "sk-0123456789abcdefghij");

    // Named secrets of any schema: a password input, never filled in, and no problem quotes it.
    let schema: RequestedSchema = serde_json::from_value(json!({
        "type": "object",
        "properties": {
            "token": {"type": "string", "format": "email", "default": "default-secret@example.com"},
            "pin": {"type": "integer", "default": 1234}
        },
        "required": ["token"]
    }))
    .unwrap();
    let Ok(Judged::Invalid { values, problems }) =
        submission::judge(&schema, b"f.token=sent-secret&f.pin=98x&action=accept")
    else {
        panic!("invalid")
    };
    for page in [
        FormPage::new(&schema, "x")
            .secrets(&["token", "pin"])
            .render(),
        FormPage::new(&schema, "x")
            .secrets(&["token", "pin"])
            .values(&values)
            .problems(&problems)
            .render(),
    ] {
        for secret in ["default-secret", "sent-secret", "1234", "98x"] {
            lacks(&page, secret);
        }
        has(
            &page,
            r#"<input class="input" id="field-token" name="f.token" type="password" required autocomplete="off""#,
        );
        has(&page, r#"name="f.pin" type="number" step="1""#);
    }
    let page = FormPage::new(&schema, "x")
        .secrets(&["token", "pin"])
        .values(&values)
        .problems(&problems)
        .render();
    has(
        &page,
        r##"<a href="#field-token">token must be an e-mail address</a>"##,
    );
    has(
        &page,
        r##"<a href="#field-pin">pin must be a whole number</a>"##,
    );
}

#[test]
fn ids_link_labels_hints_and_problems() {
    let schema = Trip::requested_schema();
    let body = "f.displayName=A&f.guests=0&action=accept";
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body.as_bytes())
    else {
        panic!("invalid")
    };
    let html = FormPage::new(schema, "x")
        .values(&values)
        .problems(&problems)
        .render();
    let ids = attribute_values(&html, "id");
    let unique: HashSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "ids are unique: {ids:?}");
    for target in attribute_values(&html, "for") {
        assert!(unique.contains(&target), "label for {target}");
    }
    for list in attribute_values(&html, "aria-describedby") {
        for target in list.split(' ') {
            assert!(unique.contains(&target.to_owned()), "described by {target}");
        }
    }
    for href in attribute_values(&html, "href") {
        let target = href.strip_prefix('#').unwrap().to_owned();
        assert!(unique.contains(&target), "link to {target}");
    }
    for property in schema.properties() {
        assert!(
            unique.contains(&field_id(property.name())),
            "{}",
            property.name()
        );
    }
}

#[test]
fn a_notice_page() {
    let html = notice("Done & <dusted>", "Saved.\nClose this page.\n\nThanks");
    has(&html, "<title>Done &amp; &lt;dusted&gt;</title>");
    has(
        &html,
        "<main><h1>Done &amp; &lt;dusted&gt;</h1><div class=\"message\"><p>Saved.<br>Close this page.</p><p>Thanks</p></div></main>",
    );
    has(&html, &format!("<style>{STYLESHEET}</style>"));
    assert_well_formed(&html);
}

/// Writes a sample page, then the same page after an invalid submission, for a person (or a
/// browser) to look at.
#[test]
#[ignore = "writes page-sample-PID.html in the temporary folder; run with --ignored"]
fn write_sample_pages() {
    let at = |name: &str| std::env::temp_dir().join(format!("{name}-{}.html", std::process::id()));
    let schema = Trip::requested_schema();
    let message = "Your trip to Lisbon is almost booked.\nTell us a little about you.\n\nWe keep these details for this booking only.";
    let page = FormPage::new(schema, message)
        .title("Book your trip")
        .action("/pages/abc")
        .hidden("csrf", "t0k3n")
        .render();
    std::fs::write(at("page-sample"), page).unwrap();
    let body = "f.displayName=Al&f.email=ada%40example&f.arrival=2025-11-25&f.guests=12\
                &f.insured=true&f.region=eu&action=accept";
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, body.as_bytes())
    else {
        panic!("invalid")
    };
    let page = FormPage::new(schema, message)
        .title("Book your trip")
        .action("/pages/abc")
        .values(&values)
        .problems(&problems)
        .render();
    std::fs::write(at("page-sample-errors"), page).unwrap();
    println!(
        "wrote {} and {}",
        at("page-sample").display(),
        at("page-sample-errors").display()
    );
}

/// Every value of `name="…"` attributes in `html`, unescaped enough for ids (which need none).
fn attribute_values(html: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            rest[..rest.find('"').unwrap()].to_owned()
        })
        .collect()
}

/// Checks that `html` is well formed as maud writes it: every element but the void ones closed,
/// in order; no `<` or `>` in text, and no `"` or `<` inside a quoted attribute value (maud
/// escapes them); the stylesheet is the one raw text.
#[track_caller]
fn assert_well_formed(html: &str) {
    const VOID: [&str; 4] = ["meta", "input", "br", "link"];
    let html = html.replacen(
        &format!("<style>{STYLESHEET}</style>"),
        "<style></style>",
        1,
    );
    let rest = html
        .strip_prefix("<!DOCTYPE html>")
        .expect("starts with the doctype");
    let mut open: Vec<String> = Vec::new();
    let mut chars = rest.char_indices();
    let mut text_start = 0;
    while let Some((i, c)) = chars.next() {
        if c != '<' {
            continue;
        }
        assert!(
            !rest[text_start..i].contains('>'),
            "a `>` in text before {}",
            &rest[i..]
        );
        // The tag: up to its `>`, outside quotes.
        let mut quoted = false;
        let mut end = None;
        for (j, c) in chars.by_ref() {
            match c {
                '"' => quoted = !quoted,
                '<' => panic!("a `<` inside a tag at {}", &rest[i..]),
                '>' if !quoted => {
                    end = Some(j);
                    break;
                }
                _ => {}
            }
        }
        let end = end.expect("every tag ends");
        let tag = &rest[i + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            let opened = open
                .pop()
                .unwrap_or_else(|| panic!("`</{name}>` closes nothing"));
            assert_eq!(opened, name, "`</{name}>` closes `<{opened}>`");
        } else {
            let name = tag.split([' ', '\t', '\n']).next().unwrap();
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "tag name {name}"
            );
            if !VOID.contains(&name) {
                open.push(name.to_owned());
            }
        }
        text_start = end + 1;
    }
    assert!(open.is_empty(), "left open: {open:?}");
}
