//! What every round item has, whatever it asks ([`Slot`]), kept in one place: the provided
//! methods of [`Item`](super::Item) read it, so that an item writes only what differs.

use std::borrow::Cow;

use super::capability::Capability;
use crate::form::DEFAULT_MESSAGE;

/// What keeps [`Item`](super::Item) to this crate's items, and gives each one's [`Slot`].
pub trait Sealed {
    /// What the item has in common with every other.
    fn slot(&self) -> &Slot;

    /// The same, to mark it unavailable.
    fn slot_mut(&mut self) -> &mut Slot;
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
            None if message != DEFAULT_MESSAGE => Some(message),
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

    /// Whether the round left it out, the client not having declared its capability.
    pub(crate) fn is_unavailable(&self) -> bool {
        self.unavailable
    }
}

/// Gives an item type its [`Slot`], kept in its field `slot`: `slot!(FormItem<T>)`, written
/// beside each item type.
macro_rules! slot {
    ($item:ident $(<$param:ident>)?) => {
        impl$(<$param>)? $crate::rounds::slot::Sealed for $item$(<$param>)? {
            fn slot(&self) -> &$crate::rounds::slot::Slot {
                &self.slot
            }
            fn slot_mut(&mut self) -> &mut $crate::rounds::slot::Slot {
                &mut self.slot
            }
        }
    };
}
pub(crate) use slot;
