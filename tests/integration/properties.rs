//! Property tests: answers generated from a schema's own constraints. Every valid answer parses
//! (typed and dynamic) and round-trips; every answer with one field spoiled is refused, and every
//! problem reported names that field.
// Model code over random values: its casts are of values it bounded first, and an
// `Option<Option<T>>` says "this field: absent, null, or a value".
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::option_option
)]

use std::collections::BTreeSet;

use mcp_elicit::schema::{NumberType, PropertySchema, RequestedSchema, StringFormat};
use mcp_elicit::{Content, Elicit};
use proptest::prelude::*;
use proptest::sample::{Index, subsequence};
use serde_json::{Value, json};

#[derive(Elicit, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Size {
    #[elicit(title = "Small (S)")]
    Small,
    Medium,
    #[elicit(rename = "XL")]
    Large,
}

#[derive(Elicit, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Extra {
    GiftWrap,
    Insurance,
    SignatureOnDelivery,
    CarbonOffset,
}

#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Order {
    #[elicit(min_length = 2, max_length = 20)]
    customer: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 1, maximum = 99)]
    quantity: u8,
    #[elicit(minimum = 0.5, maximum = 100.0)]
    weight: f64,
    express: bool,
    size: Size,
    #[elicit(min_items = 1, max_items = 3)]
    extras: BTreeSet<Extra>,
    #[elicit(max_length = 40)]
    note: Option<String>,
    #[elicit(format = "date")]
    delivery: Option<String>,
    #[elicit(format = "date-time")]
    placed_at: Option<String>,
    #[elicit(format = "uri")]
    tracking: Option<String>,
    reference: Option<i64>,
    #[elicit(minimum = -40, maximum = 60)]
    temperature: Option<i16>,
    #[elicit(default = Size::Medium)]
    box_size: Size,
}

/// Text of `min..=max` characters, some of them outside ASCII.
fn text(min: usize, max: usize) -> BoxedStrategy<String> {
    proptest::collection::vec(
        prop_oneof![
            4 => proptest::char::range('a', 'z'),
            1 => Just('é'),
            1 => Just('日'),
            1 => Just('👍'),
            1 => Just(' '),
        ],
        min..=max,
    )
    .prop_map(|chars| chars.into_iter().collect())
    .boxed()
}

fn label() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9]{0,8}"
}

fn date() -> impl Strategy<Value = String> {
    (1u32..=9999, 1u32..=12, 1u32..=28).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

/// A value with `format`.
fn formatted(format: StringFormat) -> BoxedStrategy<String> {
    match format {
        StringFormat::Email => (label(), label(), "[a-z]{2,6}")
            .prop_map(|(user, host, tld)| format!("{user}@{host}.{tld}"))
            .boxed(),
        StringFormat::Uri => (label(), "[a-z0-9/_.-]{0,20}")
            .prop_map(|(host, path)| format!("https://{host}.example/{path}"))
            .boxed(),
        StringFormat::Date => date().boxed(),
        StringFormat::DateTime => (date(), 0u32..24, 0u32..60, 0u32..60, prop::bool::ANY)
            .prop_map(|(date, h, m, s, utc)| {
                let offset = if utc { "Z" } else { "+05:30" };
                format!("{date}T{h:02}:{m:02}:{s:02}{offset}")
            })
            .boxed(),
    }
}

/// A valid value for a property, from its schema alone.
fn valid_value(schema: &PropertySchema) -> BoxedStrategy<Value> {
    match schema {
        PropertySchema::String(s) => {
            let strategy = match s.format() {
                Some(format) => formatted(format),
                None => text(
                    s.min_length().unwrap_or(0) as usize,
                    s.max_length().unwrap_or(30) as usize,
                ),
            };
            strategy.prop_map(Value::from).boxed()
        }
        PropertySchema::Number(n) => {
            let min = n.minimum().map_or(f64::from(i32::MIN), |m| m.as_f64());
            let max = n.maximum().map_or(f64::from(i32::MAX), |m| m.as_f64());
            match n.number_type() {
                NumberType::Integer => (min as i64..=max as i64, prop::bool::ANY)
                    // JavaScript clients cannot tell 30 from 30.0: both must be accepted.
                    .prop_map(|(v, as_float)| if as_float { json!(v as f64) } else { json!(v) })
                    .boxed(),
                NumberType::Number => (min..=max).prop_map(Value::from).boxed(),
            }
        }
        PropertySchema::Boolean(_) => prop::bool::ANY.prop_map(Value::from).boxed(),
        PropertySchema::SingleSelect(s) => {
            let values: Vec<Value> = s.options().iter().map(|o| Value::from(o.value())).collect();
            prop::sample::select(values).boxed()
        }
        PropertySchema::MultiSelect(m) => {
            let values: Vec<Value> = m.options().iter().map(|o| Value::from(o.value())).collect();
            let min = m.min_items().unwrap_or(0) as usize;
            let max = m.max_items().map_or(values.len(), |max| max as usize);
            subsequence(values, min..=max)
                .prop_shuffle()
                .prop_map(Value::Array)
                .boxed()
        }
        _ => unreachable!("a new kind of property needs a generator"),
    }
}

/// A valid answer to `schema`: every required field, and each optional one or not.
fn valid_content(schema: &'static RequestedSchema) -> BoxedStrategy<Content> {
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = schema
        .properties()
        .iter()
        .map(|p| {
            let name = p.name().to_owned();
            let value = valid_value(p.schema()).prop_map(move |v| (name.clone(), v));
            if p.is_required() {
                value.prop_map(Some).boxed()
            } else {
                prop::option::of(value).boxed()
            }
        })
        .collect();
    fields
        .prop_map(|fields| fields.into_iter().flatten().collect())
        .boxed()
}

/// The ways a value can break its property's rules, each of which a field of some kind allows.
#[derive(Debug, Clone, Copy)]
enum Spoil {
    Remove,
    WrongType,
    BelowMinimum,
    AboveMaximum,
    Fraction,
    TooShort,
    TooLong,
    BadFormat,
    NotAnOption,
    RepeatChoice,
    TooManyChoices,
    TooFewChoices,
}

/// The spoiled value (`None`: remove it), if this spoil applies to this property.
fn spoil(
    schema: &PropertySchema,
    required: bool,
    value: &Value,
    how: Spoil,
) -> Option<Option<Value>> {
    let some = |v: Value| Some(Some(v));
    match (how, schema) {
        (Spoil::Remove, _) if required => Some(None),
        (Spoil::WrongType, PropertySchema::String(_) | PropertySchema::SingleSelect(_)) => {
            some(json!(12))
        }
        (Spoil::WrongType, PropertySchema::Number(_)) => some(json!("12")),
        (Spoil::WrongType, PropertySchema::Boolean(_)) => some(json!("true")),
        (Spoil::WrongType, PropertySchema::MultiSelect(_)) => some(json!({"a": [1]})),
        (Spoil::BelowMinimum, PropertySchema::Number(n)) => {
            n.minimum().map(|m| Some(json!(m.as_f64() - 1.0)))
        }
        (Spoil::AboveMaximum, PropertySchema::Number(n)) => {
            n.maximum().map(|m| Some(json!(m.as_f64() + 1.0)))
        }
        (Spoil::Fraction, PropertySchema::Number(n)) if n.number_type() == NumberType::Integer => {
            let v = value.as_f64()?;
            let inside = if n.maximum().is_some_and(|m| v + 0.5 > m.as_f64()) {
                v - 0.5
            } else {
                v + 0.5
            };
            some(json!(inside))
        }
        (Spoil::TooShort, PropertySchema::String(s)) => s
            .min_length()
            .filter(|m| *m > 0)
            .map(|m| Some(Value::from("x".repeat(m as usize - 1)))),
        (Spoil::TooLong, PropertySchema::String(s)) => s
            .max_length()
            .map(|m| Some(Value::from("é".repeat(m as usize + 1)))),
        (Spoil::BadFormat, PropertySchema::String(s)) => {
            s.format().map(|_| Some(json!("not valid")))
        }
        (Spoil::NotAnOption, PropertySchema::SingleSelect(_)) => some(json!("no such option")),
        (Spoil::NotAnOption, PropertySchema::MultiSelect(_)) => {
            let mut items = value.as_array()?.clone();
            items.truncate(items.len().saturating_sub(1));
            items.push(json!("no such option"));
            some(Value::Array(items))
        }
        (Spoil::RepeatChoice, PropertySchema::MultiSelect(m)) => {
            let items = value.as_array()?;
            let room = m.max_items().is_none_or(|max| (items.len() as u64) < max);
            let first = items.first()?;
            room.then(|| {
                let mut items = items.clone();
                items.push(first.clone());
                Some(Value::Array(items))
            })
        }
        (Spoil::TooManyChoices, PropertySchema::MultiSelect(m)) => {
            let options: Vec<Value> = m.options().iter().map(|o| Value::from(o.value())).collect();
            let limit = m.max_items().map_or(options.len(), |max| max as usize);
            (limit < options.len()).then(|| Some(Value::Array(options)))
        }
        (Spoil::TooFewChoices, PropertySchema::MultiSelect(m)) => {
            m.min_items().filter(|m| *m > 0).map(|_| Some(json!([])))
        }
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn valid_answers_parse_and_round_trip(content in valid_content(Order::requested_schema())) {
        let schema = Order::requested_schema();
        prop_assert_eq!(schema.validate(&content), Ok(()));
        let order = Order::from_content(&content).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let written = order.to_content();
        prop_assert_eq!(schema.validate(&written), Ok(()));
        prop_assert_eq!(Order::from_content(&written), Ok(order));
    }

    #[test]
    fn a_spoiled_field_is_refused_and_named(
        content in valid_content(Order::requested_schema()),
        pick in any::<Index>(),
    ) {
        let schema = Order::requested_schema();
        // Every (field, way) that can spoil this answer; a field the answer leaves out is spoiled
        // only by leaving out, which applies to required fields.
        let all = spoils_list();
        let candidates: Vec<(&str, Spoil, Option<Value>)> = schema
            .properties()
            .iter()
            .filter_map(|p| content.get(p.name()).map(|v| (p, v)))
            .flat_map(|(p, v)| {
                all.iter().filter_map(move |how| {
                    spoil(p.schema(), p.is_required(), v, *how).map(|s| (p.name(), *how, s))
                })
            })
            .collect();
        let (name, how, spoiled) = pick.get(&candidates).clone();
        let mut content = content.clone();
        match spoiled {
            Some(value) => content.insert(name.to_owned(), value),
            None => content.remove(name),
        };
        let typed = Order::from_content(&content);
        let dynamic = schema.validate(&content);
        let err = typed.expect_err("a spoiled answer must be refused");
        prop_assert_eq!(Err(err.clone()), dynamic);
        for e in err.errors() {
            prop_assert_eq!(e.field(), name, "{} (spoiled by {:?})", e, how);
        }
    }

}

/// Every spoil applies to some field of a typical answer, so none of them is dead code.
#[test]
fn every_spoil_is_exercised() {
    let schema = Order::requested_schema();
    let content = json!({
        "customer": "Ada", "email": "ada@example.com", "quantity": 3, "weight": 2.5,
        "express": true, "size": "small", "extras": ["insurance"]
    });
    for how in spoils_list() {
        let applies = schema.properties().iter().any(|p| {
            content
                .get(p.name())
                .is_some_and(|value| spoil(p.schema(), p.is_required(), value, how).is_some())
        });
        assert!(applies, "{how:?} applies to no field");
    }
}

fn spoils_list() -> [Spoil; 12] {
    [
        Spoil::Remove,
        Spoil::WrongType,
        Spoil::BelowMinimum,
        Spoil::AboveMaximum,
        Spoil::Fraction,
        Spoil::TooShort,
        Spoil::TooLong,
        Spoil::BadFormat,
        Spoil::NotAnOption,
        Spoil::RepeatChoice,
        Spoil::TooManyChoices,
        Spoil::TooFewChoices,
    ]
}

/// What a multi-select's answer should be told, by a model written the plain way: the count
/// against the limits, then, if the list is no longer than the options, each unknown choice and
/// each repeated option (once, where it is first chosen), in the order of the items.
fn expected_multi_problems(
    options: usize,
    max_items: Option<u64>,
    items: &[String],
) -> Vec<String> {
    let offered: std::collections::HashMap<String, usize> =
        (0..options).map(|i| (format!("o{i}"), i)).collect();
    let mut problems = Vec::new();
    let count = items.len() as u64;
    let max = max_items.map_or(options as u64, |m| m.min(options as u64));
    if count > max {
        problems.push(format!(
            "must have at most {max} option{} chosen, got {count}",
            if max == 1 { "" } else { "s" }
        ));
        if count > options as u64 {
            return problems;
        }
    }
    let mut seen = std::collections::HashMap::new();
    for item in items {
        *seen.entry(item.as_str()).or_insert(0) += 1;
    }
    let mut told = std::collections::HashSet::new();
    for item in items {
        if !offered.contains_key(item) {
            problems.push(format!("not an option: {item}"));
        } else if seen[item.as_str()] > 1 && told.insert(item.as_str()) {
            problems.push(format!("chooses {item:?} more than once"));
        }
    }
    problems
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Long option lists (indexed by value past 16 options, sets of positions on the heap past
    /// 256) and long answers: `validate` says what the plain model says.
    #[test]
    fn large_multi_selects_are_judged_like_the_plain_model(
        options in 1usize..3_000,
        max_items in proptest::option::of(0u64..3_000),
        picks in proptest::collection::vec((0usize..4_000, any::<bool>()), 0..3_500),
    ) {
        let values: Vec<String> = (0..options).map(|i| format!("o{i}")).collect();
        let mut property = json!({"type": "array", "items": {"type": "string", "enum": values}});
        if let Some(max) = max_items {
            property["maxItems"] = json!(max);
        }
        let schema: RequestedSchema =
            serde_json::from_value(json!({"type": "object", "properties": {"pick": property}})).unwrap();
        let items: Vec<String> = picks
            .iter()
            .map(|&(i, offered)| if offered { format!("o{}", i % options) } else { format!("x{i}") })
            .collect();
        let content = json!({ "pick": items });
        let told: Vec<String> = match schema.validate(content.as_object().unwrap()) {
            Ok(()) => Vec::new(),
            Err(err) => err
                .errors()
                .iter()
                .map(|e| match e.kind() {
                    mcp_elicit::ErrorKind::NotAnOption { found, .. } => {
                        format!("not an option: {}", found.trim_matches('"'))
                    }
                    other => other.to_string(),
                })
                .collect(),
        };
        prop_assert_eq!(told, expected_multi_problems(options, max_items, &items));
    }
}
