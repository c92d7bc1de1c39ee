//! What names a property's field in the page: the input's name ([`FIELD_PREFIX`]) and the ids
//! of its parts ([`field_id`]).

use std::fmt::Write as _;

use maud::Render;

/// What the name of a property's input starts with: the input of the property `email` is named
/// `f.email`. [`submission::read`](super::super::submission::read) reads only the fields so
/// named (and `action`), so a hidden field or a button never meets a property, whatever its name;
/// the names given to [`FormPage::hidden`](super::FormPage::hidden) should not start with it.
pub const FIELD_PREFIX: &str = "f.";

/// The HTML `id` of the input of the property `name` (of the first option, for a group of
/// choices): what the error summary links to (`href="#field-email"`).
///
/// `field-` followed by the name, where every byte but an ASCII letter, digit or `-` is written
/// `_` and two lowercase hex digits: always a valid id, and two names never give the same one.
/// The ids of a field's other parts add a suffix starting with `_` and a letter that is no hex
/// digit (`_hint`, `_problem`, `_opt1`), so they never meet a field's id either.
///
/// ```
/// use mcp_elicit::page::render::field_id;
///
/// assert_eq!(field_id("displayName"), "field-displayName");
/// assert_eq!(field_id("api_key"), "field-api_5fkey");
/// assert_eq!(field_id("a b"), "field-a_20b");
/// ```
pub fn field_id(name: &str) -> String {
    let mut id = String::with_capacity(6 + name.len());
    write_field_id(name, &mut id);
    id
}

/// Writes [`field_id`] of `name` to `out`: runs of bytes kept as they are, copied at once.
fn write_field_id(name: &str, out: &mut String) {
    out.push_str("field-");
    let mut rest = name;
    while !rest.is_empty() {
        let kept = rest
            .bytes()
            .position(|b| !(b.is_ascii_alphanumeric() || b == b'-'))
            .unwrap_or(rest.len());
        out.push_str(&rest[..kept]);
        // The byte at `kept` is ASCII punctuation or part of a multi-byte character: written
        // byte by byte up to the next character boundary.
        let encoded = rest[kept..].chars().next().map_or(0, char::len_utf8);
        for byte in &rest.as_bytes()[kept..kept + encoded] {
            // Writing to a `String` cannot fail.
            let _ = write!(out, "_{byte:02x}");
        }
        rest = &rest[kept + encoded..];
    }
}

/// The id of a part of a property's field, written into the page as it is: its bytes are ASCII
/// letters, digits, `-` and `_` ([`field_id`] and a fixed suffix), none of which HTML escapes,
/// so nothing needs escaping and no `String` is made for it.
#[derive(Clone, Copy)]
pub(super) struct Id<'a> {
    /// The property's name.
    pub(super) name: &'a str,
    pub(super) part: Part,
}

#[derive(Clone, Copy)]
pub(super) enum Part {
    /// The input, or the first option of a group: [`field_id`] itself.
    Field,
    Hint,
    Problem,
    /// The option at this index (the first is [`Part::Field`]).
    Option(usize),
    OptionHint(usize),
    /// An optional group's "No answer".
    NoAnswer,
}

impl Render for Id<'_> {
    fn render_to(&self, out: &mut String) {
        write_field_id(self.name, out);
        match self.part {
            Part::Field | Part::Option(0) => {}
            Part::Hint => out.push_str("_hint"),
            Part::Problem => out.push_str("_problem"),
            Part::Option(index) => {
                let _ = write!(out, "_opt{index}");
            }
            Part::OptionHint(index) => {
                let _ = write!(out, "_opt{index}_hint");
            }
            Part::NoAnswer => out.push_str("_none"),
        }
    }
}

/// `aria-describedby`: the ids of the field's hint and of its problems, whichever it has.
#[derive(Clone, Copy)]
pub(super) struct DescribedBy<'a> {
    pub(super) name: &'a str,
    pub(super) hint: bool,
    pub(super) problem: bool,
}

impl Render for DescribedBy<'_> {
    fn render_to(&self, out: &mut String) {
        if self.hint {
            Id {
                name: self.name,
                part: Part::Hint,
            }
            .render_to(out);
        }
        if self.hint && self.problem {
            out.push(' ');
        }
        if self.problem {
            Id {
                name: self.name,
                part: Part::Problem,
            }
            .render_to(out);
        }
    }
}

/// The name of a property's input: [`FIELD_PREFIX`] and the property's name (escaped by maud).
pub(super) struct InputName<'a>(pub(super) &'a str);

impl Render for InputName<'_> {
    fn render_to(&self, out: &mut String) {
        out.push_str(FIELD_PREFIX);
        self.0.render_to(out);
    }
}
