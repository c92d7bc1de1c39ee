//! What every round item has, whatever it asks ([`Slot`]), kept in one place: the provided
//! methods of [`Item`](super::Item) read it, so that an item writes only what differs.

use std::borrow::Cow;
use std::sync::Arc;

use super::capability::Capability;
use crate::form::DEFAULT_MESSAGE;
use crate::lang::Words;
use crate::request::FormRequest;

/// What keeps [`Item`](super::Item) to this crate's items, and gives each one's [`Slot`].
pub trait Sealed {
    /// What the item has in common with every other.
    fn slot(&self) -> &Slot;

    /// The same, to mark it unavailable.
    fn slot_mut(&mut self) -> &mut Slot;

    /// The form as it was asked, if the item is a form: what an error names its fields by.
    fn asked(&self) -> Option<&FormRequest<'static>> {
        None
    }
}

/// What every round item has, whatever it asks: its key, the capability it needs, how many times
/// it may be asked, what a message calls it, and whether the round left it out. One home for
/// what [`Item`](super::Item)'s provided methods read.
#[derive(Clone, Debug)]
pub struct Slot {
    pub(super) key: Cow<'static, str>,
    pub(super) capability: Capability,
    pub(super) rounds: u8,
    /// The form's title or message, for an error that names it (`None`: the default message).
    name: Option<Cow<'static, str>>,
    /// The crate's words chosen for the person's preference, if the item was made for one: what
    /// its errors are told in.
    told_in: Option<Arc<Words>>,
    pub(super) unavailable: bool,
}

impl Slot {
    /// An item under `key` needing `capability`, asked up to `rounds` times.
    pub(crate) fn new(key: Cow<'static, str>, capability: Capability, rounds: u8) -> Self {
        Slot {
            key,
            capability,
            rounds,
            name: None,
            told_in: None,
            unavailable: false,
        }
    }

    /// A form's slot: named by its own title, or else by its message unless that is the default
    /// one (a key such as `form` means nothing to the person or model reading the error).
    pub(crate) fn form(
        key: Cow<'static, str>,
        rounds: u8,
        title: Option<&Cow<'static, str>>,
        message: Cow<'static, str>,
    ) -> Self {
        // A derived form's title borrows from its `static` schema: the clone copies no text.
        let name = match title {
            Some(title) => Some(title.clone()),
            None if message != DEFAULT_MESSAGE => Some(first_line(message)),
            None => None,
        };
        Slot {
            name,
            ..Slot::new(key, Capability::ElicitationForm, rounds)
        }
    }

    /// What an error calls the item: the form's title or message, if it has one of its own.
    pub(crate) fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The same slot, its errors told in `words` (chosen for the person's preference).
    pub(crate) fn told_in(mut self, words: Option<Arc<Words>>) -> Self {
        self.told_in = words;
        self
    }

    /// The words its errors are told in, if chosen for the person's preference.
    pub(crate) fn words(&self) -> Option<&Arc<Words>> {
        self.told_in.as_ref()
    }

    /// Whether the round left it out, the client not having declared its capability.
    pub(crate) fn is_unavailable(&self) -> bool {
        self.unavailable
    }
}

/// The longest name a form is quoted by in an error, in characters: a message's first line
/// beyond it is cut, and ends in `…`.
const LONGEST_NAME: usize = 80;

/// What an error quotes a form by when it has no title: its message's first line (a message of
/// several paragraphs is no name), at most [`LONGEST_NAME`] characters.
pub(crate) fn first_line(message: Cow<'static, str>) -> Cow<'static, str> {
    let line = message.lines().next().unwrap_or_default().trim_end();
    let cut = line.char_indices().nth(LONGEST_NAME).map(|(at, _)| at);
    match cut {
        None if line.len() == message.len() => message,
        None => Cow::Owned(line.to_owned()),
        Some(at) => Cow::Owned(format!("{}…", line[..at].trim_end())),
    }
}

/// Gives an item type its [`Slot`], kept in its field `slot`, and for a form the request it
/// asks, in the field `asked` names: `slot!(FormItem<T>, asked = first)`, written beside each
/// item type.
macro_rules! slot {
    ($item:ident $(<$param:ident>)? $(, asked = $asked:ident)?) => {
        impl$(<$param>)? $crate::rounds::slot::Sealed for $item$(<$param>)? {
            fn slot(&self) -> &$crate::rounds::slot::Slot {
                &self.slot
            }
            fn slot_mut(&mut self) -> &mut $crate::rounds::slot::Slot {
                &mut self.slot
            }
            $(
                fn asked(&self) -> Option<&$crate::request::FormRequest<'static>> {
                    Some(&self.$asked)
                }
            )?
        }
    };
}
pub(crate) use slot;
