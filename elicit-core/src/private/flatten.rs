//! `#[elicit(flatten)]`: a form's `static` properties made of its own and those of the forms it
//! flattens, in declaration order, composed at compile time, and the check that no two of them
//! share a wire name.

use std::borrow::Cow;

use crate::schema::{
    BooleanSchema, MultiSelectSchema, NumberSchema, Pattern, Property, PropertySchema,
    SingleSelectSchema, StringSchema,
};

/// `len` of `properties` from `start`: a run of a form's own fields between flattened ones.
pub const fn run(properties: &'static [Property], start: usize, len: usize) -> &'static [Property] {
    properties.split_at(start).1.split_at(len).0
}

/// The properties of `parts`, one after the other: a form's own fields and the properties of the
/// forms it flattens, in declaration order. `N` is their number.
pub const fn compose<const N: usize>(parts: &[&'static [Property]]) -> [Property; N] {
    let mut properties = [const { placeholder() }; N];
    let mut at = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            // `replace` and `forget`: a `const fn` cannot drop the placeholder it overwrites
            // (it owns nothing, but its type could).
            std::mem::forget(std::mem::replace(
                &mut properties[at],
                reborrowed(&parts[part][i]),
            ));
            at += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(
        at == N,
        "the parts of a flattened form are not as long as the form"
    );
    properties
}

/// Fails to compile if a property `field` flattens in (at `start`, `len` of them, in the form's
/// `properties`) has the wire name of one of the form's own fields (`own`) or of a property
/// before it, with a message naming the name.
pub const fn check_flattened(
    properties: &[Property],
    start: usize,
    len: usize,
    own: &[Property],
    field: &'static str,
) {
    let (earlier, rest) = properties.split_at(start);
    let flattened = rest.split_at(len).0;
    let mut i = 0;
    while i < flattened.len() {
        let name = as_str(&flattened[i].name);
        if has_name(own, name) || has_name(earlier, name) {
            let mut message = Message::new();
            message.push("field `");
            message.push(field);
            message.push("` flattens in the property `");
            message.push(name);
            message.push(
                "`, and this form already has one by that name: two properties cannot share a name; `rename` one of them",
            );
            panic!("{}", message.as_str());
        }
        i += 1;
    }
}

/// Whether one of `properties` has the wire name `name`.
const fn has_name(properties: &[Property], name: &str) -> bool {
    let mut i = 0;
    while i < properties.len() {
        if same(as_str(&properties[i].name), name) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether `a` is `b`, byte for byte (`==` in a `const fn`).
pub(super) const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The text of a `Cow` in a `const` context.
#[allow(
    clippy::ptr_arg,
    reason = "`Cow` cannot be dereferenced in a `const fn`"
)]
const fn as_str<'a>(text: &'a Cow<'static, str>) -> &'a str {
    match text {
        Cow::Borrowed(text) => text,
        Cow::Owned(text) => text.as_str(),
    }
}

/// An error message put together at compile time, where nothing can allocate: cut short (at a
/// character) past its capacity, which no wire name comes near.
struct Message {
    bytes: [u8; 512],
    len: usize,
}

impl Message {
    const fn new() -> Self {
        Message {
            bytes: [0; 512],
            len: 0,
        }
    }

    const fn push(&mut self, text: &str) {
        let text = text.as_bytes();
        let mut i = 0;
        while i < text.len() && self.len < self.bytes.len() {
            self.bytes[self.len] = text[i];
            self.len += 1;
            i += 1;
        }
    }

    const fn as_str(&self) -> &str {
        let mut len = self.len;
        loop {
            match std::str::from_utf8(self.bytes.split_at(len).0) {
                Ok(text) => return text,
                // Cut inside a character: drop its first bytes too.
                Err(_) => len -= 1,
            }
        }
    }
}

/// A property that owns nothing, for the slots [`compose`] fills.
const fn placeholder() -> Property {
    Property {
        name: Cow::Borrowed(""),
        title: None,
        description: None,
        required: false,
        schema: PropertySchema::Boolean(BooleanSchema { default: None }),
    }
}

/// A copy of a derived property, which borrows everything it holds from `static`s.
const fn reborrowed(property: &Property) -> Property {
    Property {
        name: cow(&property.name),
        title: optional_cow(&property.title),
        description: optional_cow(&property.description),
        required: property.required,
        schema: match &property.schema {
            PropertySchema::String(s) => PropertySchema::String(StringSchema {
                min_length: s.min_length,
                max_length: s.max_length,
                format: s.format,
                pattern: match &s.pattern {
                    Some(pattern) => match pattern.static_source() {
                        Some(source) => Some(Pattern::from_static(source)),
                        None => panic!("{}", OWNED),
                    },
                    None => None,
                },
                default: optional_cow(&s.default),
                secret: s.secret,
            }),
            PropertySchema::Number(n) => PropertySchema::Number(NumberSchema {
                number_type: n.number_type,
                minimum: n.minimum,
                maximum: n.maximum,
                default: n.default,
            }),
            PropertySchema::Boolean(b) => {
                PropertySchema::Boolean(BooleanSchema { default: b.default })
            }
            PropertySchema::SingleSelect(s) => PropertySchema::SingleSelect(SingleSelectSchema {
                options: s.options.reborrowed(),
                default: optional_cow(&s.default),
                enum_names: s.enum_names,
                runtime: s.runtime,
            }),
            PropertySchema::MultiSelect(m) => PropertySchema::MultiSelect(MultiSelectSchema {
                options: m.options.reborrowed(),
                min_items: m.min_items,
                max_items: m.max_items,
                default: match &m.default {
                    Some(Cow::Borrowed(values)) => Some(Cow::Borrowed(*values)),
                    Some(Cow::Owned(_)) => panic!("{}", OWNED),
                    None => None,
                },
                runtime: m.runtime,
            }),
        },
    }
}

/// What [`reborrowed`] says of text a `static` cannot hold.
const OWNED: &str = "text built at run time cannot be in a `static`";

/// A copy of text borrowed from a `static`.
#[allow(
    clippy::ptr_arg,
    reason = "`Cow` cannot be dereferenced in a `const fn`"
)]
const fn cow(text: &Cow<'static, str>) -> Cow<'static, str> {
    match text {
        Cow::Borrowed(text) => Cow::Borrowed(*text),
        Cow::Owned(_) => panic!("{}", OWNED),
    }
}

/// [`cow`], of optional text.
const fn optional_cow(text: &Option<Cow<'static, str>>) -> Option<Cow<'static, str>> {
    match text {
        Some(text) => Some(cow(text)),
        None => None,
    }
}
