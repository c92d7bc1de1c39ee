//! Obtaining a schema allocates nothing; its JSON text is written once per protocol version and
//! then only copied; a schema read from text never holds the whole input as a tree. Counted by a
//! global allocator (this test binary's own), not timed.
// A global allocator is `unsafe` to implement; it only forwards to the system's.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write as _;

use mcp_elicit::request::FormRequest;
use mcp_elicit::{Elicit, ProtocolVersion};

/// Counts the allocations of the current thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// The bytes allocated and not yet freed on this thread.
    static LIVE: Cell<usize> = const { Cell::new(0) };
    /// The most `LIVE` has been since [`footprint`] last reset it.
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        let live = LIVE.with(|live| {
            live.set(live.get() + layout.size());
            live.get()
        });
        PEAK.with(|peak| peak.set(peak.get().max(live)));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // What another thread allocated may be freed here: never below zero.
        LIVE.with(|live| live.set(live.get().saturating_sub(layout.size())));
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations `f` makes on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    let after = ALLOCATIONS.with(Cell::get);
    (result, after - before)
}

/// What `f` returns, the bytes it leaves allocated (its result, mostly) and the most it had
/// allocated at once, on this thread.
fn footprint<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    let before = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let result = f();
    let kept = LIVE.with(Cell::get).saturating_sub(before);
    let peak = PEAK.with(Cell::get) - before;
    (result, kept, peak)
}

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free")]
    Free,
    Pro,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Form {
    /// A name
    #[elicit(min_length = 1, default = "Ada")]
    name: String,
    #[elicit(minimum = 0.5)]
    ratio: f64,
    #[elicit(default = Plan::Pro)]
    plan: Plan,
    plans: Option<Vec<Plan>>,
}

// Translated with the `.ftl` files of `tests/translations.rs`.
#[derive(Elicit)]
#[elicit(translations(path = "tests/fixtures/locales", languages("fr", "zh-Hans")))]
enum Seating {
    #[elicit(title = "By the window")]
    Window,
}

#[derive(Elicit)]
#[elicit(translations(path = "tests/fixtures/locales", languages("fr", "zh-Hans")))]
#[allow(dead_code)]
struct BookTable {
    #[elicit(title = "Party size", minimum = 1)]
    party_size: u8,
    seating: Seating,
}

#[test]
fn a_translation_allocates_nothing() {
    for index in 0..4 {
        let (translation, count) = allocations(|| BookTable::translation(index));
        assert_eq!(count, 0, "translation({index})");
        let (again, _) = allocations(|| BookTable::translation(index));
        assert!(std::ptr::eq(translation.schema, again.schema));
    }
    assert_eq!(BookTable::translation(1).message, "Réserver une table");
}

#[test]
fn obtaining_a_schema_allocates_nothing() {
    let (schema, count) = allocations(Form::requested_schema);
    assert_eq!(count, 0);
    let (again, count) = allocations(Form::requested_schema);
    assert_eq!(count, 0);
    assert!(std::ptr::eq(schema, again));
    let (_, count) = allocations(|| schema.for_version(ProtocolVersion::V2025_11_25).map(|_| ()));
    assert_eq!(count, 0);
}

#[test]
fn the_json_text_is_written_once_per_version() {
    let schema = Form::requested_schema();
    let (first, _) = allocations(|| schema.json_for(ProtocolVersion::V2025_11_25).unwrap());
    let (second, count) = allocations(|| schema.json_for(ProtocolVersion::V2026_07_28).unwrap());
    assert_eq!(count, 0, "the SEP-1330 versions share the text");
    assert!(std::ptr::eq(first, second));
    assert_eq!(first, serde_json::to_string(schema).unwrap());

    let mut out = Vec::with_capacity(4096);
    let request = FormRequest::of::<Form>();
    request
        .write_params_for(ProtocolVersion::V2025_11_25, &mut out)
        .unwrap();
    out.clear();
    let ((), count) = allocations(|| {
        request
            .write_params_for(ProtocolVersion::V2025_11_25, &mut out)
            .unwrap();
    });
    assert_eq!(
        count, 0,
        "writing a request copies the text into the buffer"
    );
}

/// A schema of 100,000 required properties read from its text: at no time does reading hold much
/// more than the schema it returns (each property's JSON is read, checked and dropped before the
/// next). Reading the text into a `serde_json::Value` first, as this crate once did, held the whole
/// input as a tree besides: 4.3 times the schema's own size at its peak (1.65 times now).
#[test]
fn reading_a_schema_holds_little_besides_the_schema() {
    let n = 100_000;
    let mut text = String::from(r#"{"type": "object", "properties": {"#);
    for i in 0..n {
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(
            text,
            r#"{comma}"field{i}": {{"type": "boolean", "title": "Field {i}"}}"#
        );
    }
    text.push_str(r#"}, "required": ["#);
    for i in 0..n {
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(text, r#"{comma}"field{i}""#);
    }
    text.push_str("]}");
    let (schema, kept, peak) =
        footprint(|| serde_json::from_str::<mcp_elicit::RequestedSchema>(&text).unwrap());
    assert_eq!(schema.properties().len(), n);
    assert!(
        schema
            .properties()
            .iter()
            .all(mcp_elicit::schema::Property::is_required)
    );
    #[expect(
        clippy::cast_precision_loss,
        reason = "a ratio of byte counts, printed"
    )]
    let ratio = peak as f64 / kept as f64;
    eprintln!("kept {kept} bytes, peak {peak} bytes ({ratio:.2}x)");
    assert!(
        peak < 2 * kept,
        "reading held {peak} bytes at its peak for a schema of {kept} bytes"
    );
}
