//! [`Options`]: the options of a select, shared rather than copied.

use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::BuildHasher;
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
    positions: Option<Positions>,
}

/// An open-addressing table of positions in the options, hashed by their values: it stores 4
/// bytes per slot and copies no value (a map of values would copy every one), so indexing a long
/// list costs one pass and little memory.
struct Positions {
    /// Position + 1 of the option hashed here, or 0 for an empty slot; a power of two long, at
    /// least twice the number of options.
    slots: Box<[u32]>,
    hasher: RandomState,
}

impl Positions {
    /// The table of `options`, and the position of the first value listed twice, if one is.
    fn new(options: &[SelectOption]) -> (Self, Option<usize>) {
        let len = (options.len() * 2).next_power_of_two();
        let mut table = Positions {
            slots: vec![0; len].into_boxed_slice(),
            hasher: RandomState::new(),
        };
        let mut repeated = None;
        for (i, option) in options.iter().enumerate() {
            match table.probe(options, option.value()) {
                Ok(_) => {
                    repeated.get_or_insert(i);
                }
                // Fewer than 2^32 options: a `Vec` of that many would not fit in memory first.
                #[expect(clippy::cast_possible_truncation, reason = "fewer than 2^32 options")]
                Err(slot) => table.slots[slot] = i as u32 + 1,
            }
        }
        (table, repeated)
    }

    /// The position of `value` among `options`, or the empty slot where it would go.
    #[inline]
    fn probe(&self, options: &[SelectOption], value: &str) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "the hash's low bits pick the slot"
        )]
        let mut slot = self.hasher.hash_one(value) as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return Err(slot),
                n => {
                    let position = n as usize - 1;
                    if options[position].value() == value {
                        return Ok(position);
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// Up to this many options, a search beats a hash.
const SEARCHED: usize = 16;

impl Options {
    /// A `static` list, as a derived enum has.
    pub(crate) const fn from_static(options: &'static [SelectOption]) -> Self {
        Options(Repr::Static(options))
    }

    /// The same `static` list, for a copy of a derived form's property in another form's
    /// `static` (`#[elicit(flatten)]`). A list read at run time cannot be in a `static`: asked
    /// for one, this fails the compile.
    pub(crate) const fn reborrowed(&self) -> Self {
        match self.0 {
            Repr::Static(options) => Options(Repr::Static(options)),
            Repr::Shared(_) => panic!("options read at run time cannot be in a `static`"),
        }
    }

    /// A list read at run time. Its values are taken to be distinct (the reader of a received
    /// schema refuses a list with a value twice); of two equal ones, the first is found.
    pub(crate) fn new(options: Vec<SelectOption>) -> Self {
        Self::indexed(options).0
    }

    /// The options, indexed if the list is long enough, and the position of the second listing
    /// of a value the index met twice (a short list is not indexed, and not searched for one).
    fn indexed(options: Vec<SelectOption>) -> (Self, Option<usize>) {
        let (positions, repeated) = if options.len() > SEARCHED {
            let (positions, twice) = Positions::new(&options);
            (Some(positions), twice)
        } else {
            (None, None)
        };
        let options = Options(Repr::Shared(Arc::new(Indexed {
            options: options.into_boxed_slice(),
            positions,
        })));
        (options, repeated)
    }

    /// [`Options::new`], or, if a value is listed twice, the position of its second listing
    /// (with the options all the same): the index that finds each choice also finds the repeat,
    /// so a long list read at run time is hashed once; a short one is searched.
    pub(crate) fn distinct(options: Vec<SelectOption>) -> Result<Self, (Self, usize)> {
        let (options, indexed_repeat) = Self::indexed(options);
        let repeated = if options.len() > SEARCHED {
            indexed_repeat
        } else {
            (1..options.len()).find(|&i| search(&options[..i], options[i].value()).is_some())
        };
        match repeated {
            Some(i) => Err((options, i)),
            None => Ok(options),
        }
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
                Some(positions) => positions.probe(&indexed.options, value).ok(),
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
