//! Hidden helpers for the code `#[derive(Elicit)]` generates. Not a stable API: the facade pins
//! the derive to this exact version.
//!
//! The schema side is `const` (`build`: the `static` schema; `checks`: what the macro cannot
//! see, failing the compile at the attribute). The answer side is [`FieldAccess`], which runs the
//! rules shared with `RequestedSchema::validate`.

mod access;
mod build;
mod checks;
mod features;
mod flatten;
mod from_str;
mod translate;
mod with;

pub use serde_json::{Map, Value};

pub use self::access::{
    AsField, FieldAccess, FieldOf, FieldValue, Flatten, FlattenAccess, Problems, WholeForm, access,
    field, flatten_access, optional_field, read_form, validate_field, validate_form,
    validate_optional_field, write_form,
};
pub use self::build::*;
pub use self::checks::*;
pub use self::features::*;
pub use self::flatten::{check_flattened, compose, run};
pub use self::from_str::{from_str_access, from_str_optional_access};
pub use self::translate::{check_translated, shape_in};
pub use self::with::{WithModule, with_access, with_optional_access};
use crate::field::{Choice, Refusal, choice_of, wire_value};
pub use crate::field::{ChoiceLanguage, FieldKind, FieldShape};
pub use crate::schema::Content;

/// `FormField::from_value` of a derived select enum.
pub fn single_from_value<E: Choice>(value: &Value) -> Result<E, Refusal> {
    choice_of(value).map_err(Box::new)
}

/// `FormField::to_value` of a derived select enum.
pub fn single_to_value<E: Choice>(choice: &E) -> Option<Value> {
    wire_value(choice)
}

/// What `#[asks]` generates for a `#[tool]` or `#[prompt]` method of rmcp's routers.
#[cfg(feature = "rmcp")]
pub mod rmcp {
    pub use crate::rmcp::call::CallPart;
    pub use crate::rmcp::input_schema;
    pub use crate::rmcp::pending::{Pending, PromptResponse, PromptReturn, ToolReturn};
    pub use ::rmcp::model::{CallToolResponse, ErrorData};
}
