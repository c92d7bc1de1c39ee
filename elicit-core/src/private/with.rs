//! `#[elicit(with = module)]`: a field read and written by a module of the user's, which provides
//! what [`FormField`](crate::field::FormField) provides (`SHAPE`, `from_value`, `to_value`) for a
//! type they do not own. The derive hands the module over as a [`WithModule`].

use serde_json::Value;

use super::access::{FieldAccess, missing};
use crate::field::{FieldShape, Refusal};

/// What a `with` module provides, for the field's type (or, for an `Option` field, the type
/// inside it).
pub trait WithModule {
    /// The type the module reads and writes.
    type Value;
    /// What the type contributes to the schema.
    const SHAPE: FieldShape;
    /// The module's `from_value`.
    fn from_value(value: &Value) -> Result<Self::Value, Refusal>;
    /// The module's `to_value`.
    fn to_value(value: &Self::Value) -> Option<Value>;
}

/// The accessor of a required `with` field.
pub const fn with_access<M: WithModule>() -> FieldAccess<M::Value> {
    FieldAccess::with(M::SHAPE, M::from_value, M::to_value, missing)
}

/// The accessor of an `Option` `with` field: `None` when the answer leaves it out.
pub const fn with_optional_access<M: WithModule>() -> FieldAccess<Option<M::Value>> {
    FieldAccess::with(
        M::SHAPE.with_optional(true),
        optional_from::<M>,
        optional_to::<M>,
        || Some(None),
    )
}

fn optional_from<M: WithModule>(value: &Value) -> Result<Option<M::Value>, Refusal> {
    M::from_value(value).map(Some)
}

fn optional_to<M: WithModule>(value: &Option<M::Value>) -> Option<Value> {
    value.as_ref().and_then(M::to_value)
}
