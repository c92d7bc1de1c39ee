//! The page of a form (feature `page`), side by side in one run: rendering the page of a form of
//! ten fields from its schema against a hand-written maud template of the same page (the same
//! HTML, byte for byte: checked before measuring), and judging its submitted
//! `application/x-www-form-urlencoded` body against parsing the same answer from JSON.
//!
//! `cargo bench -p mcp-elicit-benches --bench page`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use maud::{DOCTYPE, PreEscaped, html};
use mcp_elicit::lang::Words;
use mcp_elicit::page::render::{FormPage, STYLESHEET};
use mcp_elicit::page::submission::{self, Judged};
use mcp_elicit::{Content, Elicit, Elicitation};
use serde_json::{Value, json};

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free: one project")]
    Free,
    #[elicit(title = "Pro: unlimited projects")]
    Pro,
    #[elicit(title = "Team: shared billing")]
    Team,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Topic {
    Releases,
    SecurityNotices,
    Events,
    Offers,
}

// The realistic form of `benches/elicit.rs`: ten fields of every kind (a comment, not a doc
// comment, which would be the form's description, shown on its page).
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase", message = "Create your account")]
struct Signup {
    /// How other users see you
    #[elicit(min_length = 3, max_length = 30)]
    display_name: String,
    /// We send the confirmation link here
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 13, maximum = 130)]
    age: u8,
    #[elicit(format = "date")]
    birthday: Option<String>,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    #[elicit(minimum = 0, maximum = 168)]
    weekly_hours: f64,
    plan: Plan,
    #[elicit(max_items = 3)]
    topics: Vec<Topic>,
    newsletter: bool,
    #[elicit(minimum = 1, maximum = 10)]
    team_size: Option<u32>,
}

const ACTION: &str = "/pages/0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const CSRF: &str = "q9Vx3mK2pL8nR4tW7yZ1aB5cD6eF0gH2iJ4kL6mN8o";

/// The words of the hand-written page in one language, as an application keeps them for its
/// template (looked up once, before anything is measured).
struct Texts {
    lang: &'static str,
    dir: Option<&'static str>,
    title: String,
    optional: String,
    display_name_rules: String,
    age_rules: String,
    hours_rules: String,
    team_rules: String,
    topics_rules: String,
    submit: String,
    decline: String,
}

/// The page's words in `lang`, as the crate says them (the language's own translation, which a
/// hand-written template would hold too).
fn texts(lang: &'static str) -> Texts {
    let words = Words::get(lang).expect("a language of the crate's");
    // Each rule as the page says it: read from a page of one field, so that the template holds
    // the very words.
    let page = FormPage::new(Signup::requested_schema(), "")
        .in_language(&words)
        .render();
    let hint = |id: &str| {
        let start = page
            .find(&format!("id=\"field-{id}_hint\">"))
            .expect("a hint")
            + id.len()
            + 14;
        let hint = &page[start..];
        let last = hint[..hint.find("</div>").unwrap()].rfind("<p>").unwrap();
        hint[last + 3..hint.find("</p></div>").unwrap()].to_owned()
    };
    let between = |from: &str, to: &str| {
        let start = page.find(from).expect("the text before") + from.len();
        page[start..start + page[start..].find(to).expect("the text after")].to_owned()
    };
    Texts {
        lang,
        dir: words.is_right_to_left().then_some("rtl"),
        title: between("<title>", "</title>"),
        optional: between("<span class=\"optional\">", "</span>"),
        display_name_rules: hint("displayName"),
        age_rules: hint("age"),
        hours_rules: hint("weeklyHours"),
        team_rules: hint("teamSize"),
        topics_rules: hint("topics"),
        submit: between("value=\"accept\">", "</button>"),
        decline: between("class=\"secondary\">", "</button>"),
    }
}

/// The same page written by hand, as an application without a renderer would: every field
/// spelled out.
fn hand_written(message: &str, action: &str, csrf: &str, t: &Texts) -> String {
    html! {
        (DOCTYPE)
        html lang=(t.lang) dir=[t.dir] {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex, nofollow";
                title { (t.title) }
                style { (PreEscaped(STYLESHEET)) }
            }
            body {
                main {
                    h1 { (t.title) }
                    div.message { p { (message) } }
                    form method="post" action=(action) accept-charset="utf-8" novalidate {
                        input type="hidden" name="csrf" value=(csrf);
                        div.field {
                            label for="field-displayName" { "displayName" }
                            div.hint id="field-displayName_hint" {
                                p { "How other users see you" }
                                p { (t.display_name_rules) }
                            }
                            input.input id="field-displayName" name="f.displayName" type="text"
                                required minlength="3" maxlength="30"
                                aria-describedby="field-displayName_hint";
                        }
                        div.field {
                            label for="field-email" { "email" }
                            div.hint id="field-email_hint" { p { "We send the confirmation link here" } }
                            input.input id="field-email" name="f.email" type="email" required
                                aria-describedby="field-email_hint";
                        }
                        div.field {
                            label for="field-age" { "age" }
                            div.hint id="field-age_hint" { p { (t.age_rules) } }
                            input.input.short id="field-age" name="f.age" type="number" step="1"
                                min="13" max="130" required aria-describedby="field-age_hint";
                        }
                        div.field {
                            label for="field-birthday" { "birthday" span.optional { (t.optional) } }
                            input.input.short id="field-birthday" name="f.birthday" type="date";
                        }
                        div.field {
                            label for="field-homepage" { "homepage" span.optional { (t.optional) } }
                            input.input id="field-homepage" name="f.homepage" type="url";
                        }
                        div.field {
                            label for="field-weeklyHours" { "weeklyHours" }
                            div.hint id="field-weeklyHours_hint" { p { (t.hours_rules) } }
                            input.input.short id="field-weeklyHours" name="f.weeklyHours"
                                type="number" step="any" min="0" max="168" required
                                aria-describedby="field-weeklyHours_hint";
                        }
                        div.field {
                            fieldset {
                                legend { "plan" }
                                div.choices {
                                    div.choice {
                                        input id="field-plan" name="f.plan" type="radio" value="free" required;
                                        div { label for="field-plan" { "Free: one project" } }
                                    }
                                    div.choice {
                                        input id="field-plan_opt1" name="f.plan" type="radio" value="pro" required;
                                        div { label for="field-plan_opt1" { "Pro: unlimited projects" } }
                                    }
                                    div.choice {
                                        input id="field-plan_opt2" name="f.plan" type="radio" value="team" required;
                                        div { label for="field-plan_opt2" { "Team: shared billing" } }
                                    }
                                }
                            }
                        }
                        div.field {
                            fieldset aria-describedby="field-topics_hint" {
                                legend { "topics" }
                                div.hint id="field-topics_hint" { p { (t.topics_rules) } }
                                div.choices {
                                    div.choice {
                                        input id="field-topics" name="f.topics" type="checkbox" value="releases";
                                        div { label for="field-topics" { "releases" } }
                                    }
                                    div.choice {
                                        input id="field-topics_opt1" name="f.topics" type="checkbox" value="security-notices";
                                        div { label for="field-topics_opt1" { "security-notices" } }
                                    }
                                    div.choice {
                                        input id="field-topics_opt2" name="f.topics" type="checkbox" value="events";
                                        div { label for="field-topics_opt2" { "events" } }
                                    }
                                    div.choice {
                                        input id="field-topics_opt3" name="f.topics" type="checkbox" value="offers";
                                        div { label for="field-topics_opt3" { "offers" } }
                                    }
                                }
                            }
                        }
                        div.field {
                            div.choice {
                                input id="field-newsletter" name="f.newsletter" type="checkbox" value="true";
                                div { label for="field-newsletter" { "newsletter" } }
                            }
                        }
                        div.field {
                            label for="field-teamSize" { "teamSize" span.optional { (t.optional) } }
                            div.hint id="field-teamSize_hint" { p { (t.team_rules) } }
                            input.input.short id="field-teamSize" name="f.teamSize" type="number"
                                step="1" min="1" max="10" aria-describedby="field-teamSize_hint";
                        }
                        div.actions {
                            button type="submit" name="action" value="accept" { (t.submit) }
                            button type="submit" name="action" value="decline" class="secondary" {
                                (t.decline)
                            }
                        }
                    }
                }
            }
        }
    }
    .into_string()
}

// A form of no field: the connect page of an account (`page::account`), rendered by the same
// `FormPage` with its own title, button and who is signed in (a comment, not a doc comment, which
// would be the form's description).
#[derive(Elicit)]
struct NoFields {}

const CONNECT_ACTION: &str = "/oauth/connect/0f1e2d3c4b5a6978879";
const CONNECT_MESSAGE: &str =
    "This server asks to act for you at Upstream: sign in there to connect your account.";

/// The connect page written by hand.
fn connect_hand_written(message: &str, action: &str, csrf: &str, name: &str) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex, nofollow";
                title { "Connect your Upstream account" }
                style { (PreEscaped(STYLESHEET)) }
            }
            body {
                main {
                    p.signed-in { "Signed in as " strong { (name) } }
                    h1 { "Connect your Upstream account" }
                    div.message { p { (message) } }
                    form method="post" action=(action) accept-charset="utf-8" novalidate {
                        input type="hidden" name="csrf" value=(csrf);
                        div.actions {
                            button type="submit" name="action" value="accept" { "Continue to Upstream" }
                            button type="submit" name="action" value="decline" class="secondary" {
                                "Decline"
                            }
                        }
                    }
                }
            }
        }
    }
    .into_string()
}

fn answer() -> Value {
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

/// The same answer as the page's form sends it.
const BODY: &[u8] = b"csrf=q9Vx3mK2pL8nR4tW7yZ1aB5cD6eF0gH2iJ4kL6mN8o&f.displayName=Ada+Lovelace\
&f.email=ada%40example.com&f.age=36&f.birthday=1815-12-10&f.homepage=https%3A%2F%2Fexample.com%2Fada\
&f.weeklyHours=12.5&f.plan=pro&f.topics=security-notices&f.topics=releases&f.newsletter=true\
&f.teamSize=3&action=accept";

fn bench_render(c: &mut Criterion) {
    let schema = Signup::requested_schema();
    let message = Signup::message();
    let page = || {
        FormPage::new(schema, message)
            .action(ACTION)
            .hidden("csrf", CSRF)
    };
    let english = texts("en");
    let rendered = page().render();
    assert_eq!(
        rendered,
        hand_written(message, ACTION, CSRF, &english),
        "the two pages are the same"
    );
    println!(
        "page: {} bytes, {} of them the stylesheet",
        rendered.len(),
        STYLESHEET.len()
    );

    // After an invalid answer: every value filled in again, four problems beside their fields.
    let bad = b"f.displayName=Al&f.email=ada&f.age=7&f.weeklyHours=200&f.plan=pro&action=accept";
    let Ok(Judged::Invalid { values, problems }) = submission::judge(schema, bad) else {
        panic!("the bad answer is invalid")
    };

    let mut group = c.benchmark_group("render page/10 fields");
    group.bench_function(
        BenchmarkId::new("mcp-elicit FormPage, from the schema", "blank"),
        |b| b.iter(|| black_box(page().render())),
    );
    group.bench_function(BenchmarkId::new("maud, hand-written", "blank"), |b| {
        b.iter(|| {
            black_box(hand_written(
                black_box(message),
                black_box(ACTION),
                black_box(CSRF),
                black_box(&english),
            ))
        });
    });
    group.bench_function(
        BenchmarkId::new(
            "mcp-elicit FormPage, from the schema",
            "refilled, 4 problems",
        ),
        |b| b.iter(|| black_box(page().values(&values).problems(&problems).render())),
    );
    group.finish();

    // The same page in French and in Arabic (right to left), against the template holding the
    // same words.
    for lang in ["fr", "ar"] {
        let words = Words::get(lang).expect("a language of the crate's");
        let said = texts(lang);
        let page = || {
            FormPage::new(schema, message)
                .in_language(&words)
                .action(ACTION)
                .hidden("csrf", CSRF)
        };
        assert_eq!(
            page().render(),
            hand_written(message, ACTION, CSRF, &said),
            "the two pages in {lang} are the same"
        );
        let mut group = c.benchmark_group(format!("render page/10 fields, {lang}"));
        group.bench_function(
            BenchmarkId::new("mcp-elicit FormPage, from the schema", lang),
            |b| b.iter(|| black_box(page().render())),
        );
        group.bench_function(BenchmarkId::new("maud, hand-written", lang), |b| {
            b.iter(|| {
                black_box(hand_written(
                    black_box(message),
                    black_box(ACTION),
                    black_box(CSRF),
                    black_box(&said),
                ))
            });
        });
        group.finish();
    }

    let connect = || {
        FormPage::new(NoFields::requested_schema(), CONNECT_MESSAGE)
            .title("Connect your Upstream account")
            .submit("Continue to Upstream")
            .action(CONNECT_ACTION)
            .hidden("csrf", CSRF)
            .signed_in_as("ada")
    };
    assert_eq!(
        connect().render(),
        connect_hand_written(CONNECT_MESSAGE, CONNECT_ACTION, CSRF, "ada"),
        "the two connect pages are the same"
    );
    let mut group = c.benchmark_group("render page/connect page");
    group.bench_function(
        BenchmarkId::new("mcp-elicit FormPage, from the schema", "connect"),
        |b| b.iter(|| black_box(connect().render())),
    );
    group.bench_function(BenchmarkId::new("maud, hand-written", "connect"), |b| {
        b.iter(|| {
            black_box(connect_hand_written(
                black_box(CONNECT_MESSAGE),
                black_box(CONNECT_ACTION),
                black_box(CSRF),
                black_box("ada"),
            ))
        });
    });
    group.finish();
}

fn bench_judge(c: &mut Criterion) {
    let schema = Signup::requested_schema();
    let result = serde_json::to_vec(&json!({"action": "accept", "content": answer()})).unwrap();
    let content_json = serde_json::to_vec(&answer()).unwrap();
    let Ok(Judged::Accepted(content)) = submission::judge(schema, BODY) else {
        panic!("the body is valid")
    };
    assert_eq!(Value::Object(content), answer(), "the same answer");

    let mut group = c.benchmark_group("judge answer/10 fields");
    group.bench_function(
        BenchmarkId::new("urlencoded body", "submission::judge (validate)"),
        |b| b.iter(|| black_box(submission::judge(schema, black_box(BODY)))),
    );
    group.bench_function(
        BenchmarkId::new("urlencoded body", "submission::read + from_content"),
        |b| {
            b.iter(|| {
                let read = submission::read(schema, black_box(BODY)).expect("an action");
                black_box(Signup::from_content(&read.content))
            });
        },
    );
    group.bench_function(
        BenchmarkId::new("urlencoded body", "submission::read alone"),
        |b| b.iter(|| black_box(submission::read(schema, black_box(BODY)))),
    );
    group.bench_function(
        BenchmarkId::new("JSON", "from_slice + Elicitation::from_result"),
        |b| {
            b.iter(|| {
                let value: Value = serde_json::from_slice(black_box(&result)).expect("JSON");
                black_box(Elicitation::<Signup>::from_result(&value))
            });
        },
    );
    group.bench_function(
        BenchmarkId::new("JSON", "from_slice::<Content> + from_content"),
        |b| {
            b.iter(|| {
                let content: Content =
                    serde_json::from_slice(black_box(&content_json)).expect("JSON");
                black_box(Signup::from_content(&content))
            });
        },
    );
    group.bench_function(
        BenchmarkId::new("JSON", "from_slice::<Content> + validate"),
        |b| {
            b.iter(|| {
                let content: Content =
                    serde_json::from_slice(black_box(&content_json)).expect("JSON");
                black_box(schema.validate(&content))
            });
        },
    );
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_render(c);
    bench_judge(c);
}

criterion_group!(page, benches);
criterion_main!(page);
