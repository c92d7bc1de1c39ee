//! Obtaining a schema allocates nothing; its JSON text is written once per protocol version and
//! then only copied. Counted by a global allocator (this test binary's own), not timed.
// A global allocator is `unsafe` to implement; it only forwards to the system's.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use mcp_elicit::request::FormRequest;
use mcp_elicit::{Elicit, ProtocolVersion};

/// Counts the allocations of the current thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
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
    let (_, count) = allocations(|| {
        request
            .write_params_for(ProtocolVersion::V2025_11_25, &mut out)
            .unwrap()
    });
    assert_eq!(
        count, 0,
        "writing a request copies the text into the buffer"
    );
}
