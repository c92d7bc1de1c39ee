//! [`Options`]: the options of a select, shared rather than copied.

use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use super::SelectOption;

/// The options of a select, in the order a client shows them: a derived enum's `static` list, or
/// a list read at run time, shared by reference count. Cloning one (into a schema's copy, or into
/// every [`ErrorKind::NotAnOption`](crate::ErrorKind::NotAnOption) of an answer) copies no
/// option, and a long list read at run time is indexed by value, so each choice of an answer is
/// found in constant time: checking an answer is linear in its size, whatever the form's.
///
/// It dereferences to the slice of options.
#[derive(Clone)]
pub struct Options(Repr);

#[derive(Clone)]
enum Repr {
    Static(&'static [SelectOption]),
    Shared(Arc<Indexed>),
}

struct Indexed {
    options: Box<[SelectOption]>,
    /// Each value's position, for lists too long to search one by one.
    positions: Option<HashMap<Box<str>, usize>>,
}

/// Up to this many options, a search beats a hash.
const SEARCHED: usize = 16;

impl Options {
    /// A `static` list, as a derived enum has.
    pub const fn from_static(options: &'static [SelectOption]) -> Self {
        Options(Repr::Static(options))
    }

    /// A list read at run time. Its values are taken to be distinct (the reader of a received
    /// schema refuses a list with a value twice); of two equal ones, the first is found.
    pub fn new(options: Vec<SelectOption>) -> Self {
        let positions = (options.len() > SEARCHED).then(|| {
            let mut positions = HashMap::with_capacity(options.len());
            for (i, option) in options.iter().enumerate() {
                positions.entry(option.value().into()).or_insert(i);
            }
            positions
        });
        Options(Repr::Shared(Arc::new(Indexed {
            options: options.into_boxed_slice(),
            positions,
        })))
    }

    /// The position of the option whose wire value is `value`, compared exactly: how an answer's
    /// choice is looked up, on every path.
    ///
    /// Always inlined: for a derived form's `static` options, what is left is the search of a
    /// short list, as before there was anything to share.
    #[inline(always)]
    pub fn position(&self, value: &str) -> Option<usize> {
        match &self.0 {
            Repr::Static(options) => search(options, value),
            Repr::Shared(indexed) => match &indexed.positions {
                Some(positions) => positions.get(value).copied(),
                None => search(&indexed.options, value),
            },
        }
    }
}

/// The position of `value` among `options`, one by one.
#[inline(always)]
fn search(options: &[SelectOption], value: &str) -> Option<usize> {
    options.iter().position(|o| o.value() == value)
}

impl Deref for Options {
    type Target = [SelectOption];

    #[inline(always)]
    fn deref(&self) -> &[SelectOption] {
        match &self.0 {
            Repr::Static(options) => options,
            Repr::Shared(indexed) => &indexed.options,
        }
    }
}

impl PartialEq for Options {
    fn eq(&self, other: &Options) -> bool {
        **self == **other
    }
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<Vec<SelectOption>> for Options {
    fn from(options: Vec<SelectOption>) -> Self {
        Options::new(options)
    }
}
