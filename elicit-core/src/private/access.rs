//! How the code `#[derive(Elicit)]` generates reads and writes a form field by field:
//! [`FieldAccess`] per field, [`FlattenAccess`] per flattened struct, the problems collected
//! along the way, and the `validate` hooks. Hidden: the facade pins the derive to this version.

use std::borrow::Borrow;
use std::fmt;

use serde_json::Value;

use crate::error::{ContentError, ErrorKind, FieldError};
use crate::field::{FieldShape, FormField, Refusal};
use crate::form::Elicit;
use crate::rules;
use crate::schema::{Content, Property, PropertySchema};

/// The problems `from_content` finds, field by field.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct Problems(Vec<FieldError>);

impl Problems {
    /// No problems yet.
    pub fn new() -> Self {
        Problems(Vec::new())
    }

    /// The error for what was found. The generated code asks for it only after some field failed.
    pub fn into_error(self) -> ContentError {
        ContentError::new(self.0)
    }

    fn report(&mut self, property: &'static Property, kind: ErrorKind) {
        self.0.push(FieldError::new(property.name.clone(), kind));
    }
}

/// `#[elicit(validate = check)]` on a field: `check` judges a value its own rules passed (as
/// anything the value borrows as: a `String` field's check may take `&str`); its error's text is
/// the field's problem.
#[doc(hidden)]
#[inline]
pub fn validate_field<T: Borrow<B>, B: ?Sized, E: fmt::Display>(
    value: Option<T>,
    check: impl FnOnce(&B) -> Result<(), E>,
    property: &'static Property,
    problems: &mut Problems,
) -> Option<T> {
    let value = value?;
    match check(value.borrow()) {
        Ok(()) => Some(value),
        Err(error) => {
            let reason = error.to_string();
            problems.report(property, ErrorKind::Invalid { reason });
            None
        }
    }
}

/// [`validate_field`] on an `Option` field: `check` sees the value, when one is given.
#[doc(hidden)]
#[inline]
pub fn validate_optional_field<T: Borrow<B>, B: ?Sized, E: fmt::Display>(
    value: Option<Option<T>>,
    check: impl FnOnce(&B) -> Result<(), E>,
    property: &'static Property,
    problems: &mut Problems,
) -> Option<Option<T>> {
    match value? {
        None => Some(None),
        Some(value) => validate_field(Some(value), check, property, problems).map(Some),
    }
}

/// `#[elicit(validate = check)]` on the form: `check`'s problems, if any, are the answer's.
#[doc(hidden)]
pub fn validate_form<T>(
    form: T,
    check: impl FnOnce(&T) -> Result<(), Vec<FieldError>>,
    problems: &mut Problems,
) -> Option<T> {
    match check(&form) {
        Err(found) if !found.is_empty() => {
            problems.0.extend(found);
            None
        }
        _ => Some(form),
    }
}

/// A form whose fields can join another form's: what `#[elicit(flatten)]` asks of a field's type.
/// `#[derive(Elicit)]` implements it for every struct it makes a form; `from_content` and
/// `to_content` are its `read` and `write` on a content of their own.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a form",
    label = "`flatten` takes a struct that derives `Elicit`",
    note = "to make `{Self}` one field of the form, remove `flatten`"
)]
pub trait Flatten: Elicit {
    /// The form's properties, in form order: its schema's.
    const PROPERTIES: &'static [Property];

    /// The form's value from `content` (whose other keys it ignores), every problem recorded in
    /// `problems`; `None` if there was one.
    fn read(content: &Content, problems: &mut Problems) -> Option<Self>;

    /// Writes the form's fields into `content`.
    fn write(&self, content: &mut Content);
}

/// How generated code reaches the form a field flattens in: as [`FieldAccess`] does for a field,
/// one `const` per flattened field, where the compiler checks the type once.
#[doc(hidden)]
pub struct FlattenAccess<T> {
    properties: &'static [Property],
    page_only: Option<&'static str>,
    read: fn(&Content, &mut Problems) -> Option<T>,
    write: fn(&T, &mut Content),
}

/// The accessor of a flattened field of type `T`.
#[doc(hidden)]
pub const fn flatten_access<T: Flatten>() -> FlattenAccess<T> {
    FlattenAccess {
        properties: T::PROPERTIES,
        page_only: T::PAGE_ONLY,
        read: T::read,
        write: T::write,
    }
}

impl<T> FlattenAccess<T> {
    /// The properties the field brings into the form.
    pub const fn properties(&self) -> &'static [Property] {
        self.properties
    }

    /// Why the flattened form may be asked through a page only, if it may (so then may the form
    /// it joins).
    pub const fn page_only(&self) -> Option<&'static str> {
        self.page_only
    }

    /// The flattened form's value, read from the whole content.
    #[inline(always)]
    pub fn read(&self, content: &Content, problems: &mut Problems) -> Option<T> {
        (self.read)(content, problems)
    }

    /// Writes the flattened form's fields into `content`.
    #[inline(always)]
    pub fn write(&self, content: &mut Content, value: &T) {
        (self.write)(value, content);
    }
}

/// `Elicit::from_content` of a derived form: its `read`, with the problems as the error.
#[doc(hidden)]
#[inline(always)]
pub fn read_form<T: Flatten>(content: &Content) -> Result<T, ContentError> {
    let mut problems = Problems::new();
    match T::read(content, &mut problems) {
        Some(form) => Ok(form),
        None => Err(problems.into_error()),
    }
}

/// `Elicit::to_content` of a derived form: its `write`, into a content of its size.
#[doc(hidden)]
#[inline(always)]
pub fn write_form<T: Flatten>(form: &T) -> Content {
    let mut content = Content::with_capacity(T::PROPERTIES.len());
    form.write(&mut content);
    content
}

/// The value of a required field the answer leaves out: none (it is missing).
pub(crate) const fn missing<T>() -> Option<T> {
    None
}

/// How generated code reaches one field type's [`FormField`] implementation.
///
/// The derive writes one `const` of it per field, with [`field`] (or, for a type of an optional
/// integration, that integration's trait; see `features`): the trait bound is checked there,
/// once, at the field's type, and every other use (the schema, `from_content`,
/// `to_content`) goes through the accessor without a bound of its own. A type that is not a form
/// field is one error, not one per use.
#[doc(hidden)]
pub struct FieldAccess<T> {
    shape: FieldShape,
    from_value: fn(&Value) -> Result<T, Refusal>,
    from_option: fn(usize) -> Option<T>,
    from_options: fn(&[usize]) -> Option<T>,
    to_value: fn(&T) -> Option<Value>,
    absent: fn() -> Option<T>,
}

/// The accessor of a field of type `T`.
#[doc(hidden)]
pub const fn access<T: FormField>() -> FieldAccess<T> {
    FieldAccess {
        shape: T::SHAPE,
        from_value: T::from_value,
        from_option: T::from_option,
        from_options: T::from_options,
        to_value: T::to_value,
        absent: T::absent,
    }
}

/// What `#[derive(Elicit)]` asks of a field's type: its [`Kind`](AsField::Kind), through which
/// [`field`] reaches the accessor. Every [`FormField`] is one, of the kind [`FieldValue`]; the
/// derive implements it for each struct it makes a form too, of the kind [`WholeForm`], which no
/// accessor takes. So such a struct, written as a field, fails at [`FieldOf`], whose message
/// speaks of `flatten`, and any other type at [`FormField`], whose message speaks of the rest (an
/// enum that does not derive `Elicit`, say): each with the words that fit.
#[doc(hidden)]
pub trait AsField {
    /// [`FieldValue`] or [`WholeForm`].
    type Kind;
}

impl<T: FormField> AsField for T {
    type Kind = FieldValue;
}

/// The kind of a field type that implements [`FormField`].
#[doc(hidden)]
pub enum FieldValue {}

/// The kind of a struct deriving `Elicit`: a whole form, which is no field.
#[doc(hidden)]
pub enum WholeForm {}

/// The accessors of a field of type `T` in the form `Form` (named so that the message can say
/// which form), by the type's kind: there are some for a [`FieldValue`], none for a [`WholeForm`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{T}` is a form of its own, not a field of `{Form}`",
    label = "a struct deriving `Elicit` is a whole form",
    note = "MCP elicitation forms are flat: to bring the fields of `{T}` into `{Form}`, write `#[elicit(flatten)]` on this field, its type `{T}` itself (not an `Option` of it)"
)]
pub trait FieldOf<T, Form> {
    /// The accessor of a field of type `T`.
    const ACCESS: FieldAccess<T>;
    /// The accessor of a field of type `Option<T>`.
    const OPTIONAL: FieldAccess<Option<T>>;
}

#[diagnostic::do_not_recommend]
impl<T: FormField, Form> FieldOf<T, Form> for FieldValue {
    const ACCESS: FieldAccess<T> = access::<T>();
    const OPTIONAL: FieldAccess<Option<T>> = access::<Option<T>>();
}

/// The accessor of a field of type `T` in the form `Form`: [`access`], where a type that is not a
/// form field fails with the words its kind calls for.
#[doc(hidden)]
pub const fn field<T, Form>() -> FieldAccess<T>
where
    T: AsField,
    T::Kind: FieldOf<T, Form>,
{
    <T::Kind as FieldOf<T, Form>>::ACCESS
}

/// The accessor of a field of type `Option<T>` in the form `Form`: [`field`], for the type inside
/// the `Option` (so that an optional nested form fails with the words of a nested form).
#[doc(hidden)]
pub const fn optional_field<T, Form>() -> FieldAccess<Option<T>>
where
    T: AsField,
    T::Kind: FieldOf<T, Form>,
{
    <T::Kind as FieldOf<T, Form>>::OPTIONAL
}

impl<T> FieldAccess<T> {
    /// The accessor of a field that reads and writes its type its own way (not through the
    /// type's [`FormField`] implementation): what `#[elicit(from_str)]` uses.
    pub(crate) const fn with(
        shape: FieldShape,
        from_value: fn(&Value) -> Result<T, Refusal>,
        to_value: fn(&T) -> Option<Value>,
        absent: fn() -> Option<T>,
    ) -> Self {
        const fn no_option<T>(_: usize) -> Option<T> {
            None
        }
        const fn no_options<T>(_: &[usize]) -> Option<T> {
            None
        }
        FieldAccess {
            shape,
            from_value,
            from_option: no_option,
            from_options: no_options,
            to_value,
            absent,
        }
    }

    /// What the type contributes to the schema.
    pub const fn shape(&self) -> FieldShape {
        self.shape
    }

    /// The type's `from_value`: what a transparent newtype reads its inner value with, so that
    /// its inner type is checked once, at the accessor.
    #[inline(always)]
    pub fn from_value(&self, value: &Value) -> Result<T, Refusal> {
        (self.from_value)(value)
    }

    /// The type's `to_value`; see [`from_value`](Self::from_value).
    #[inline(always)]
    pub fn to_value(&self, value: &T) -> Option<Value> {
        (self.to_value)(value)
    }

    /// The value of this field, given its value in the content (if any): checked against the
    /// property's rules, then converted. A problem is recorded in `problems` and gives `None`.
    ///
    /// Always inlined into the generated `from_content` in optimized builds, where `property` is
    /// a `static`: the compiler then folds the rules of this very field and drops the others, so
    /// what is left is about what serde's generated code does, plus the checks this field has.
    /// Debug builds fold nothing, and inlining every rule into every field made a clean build of
    /// 200 forms take three times as long: there it is a call, one copy per field type.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read(
        &self,
        value: Option<&Value>,
        property: &'static Property,
        problems: &mut Problems,
    ) -> Option<T> {
        let report = |problems: &mut Problems, kind| problems.report(property, kind);
        // `null` is no value: an absent field and a `null` one are read alike.
        let Some(value) = value.filter(|v| !v.is_null()) else {
            // An `Option` is `None`: the user left it empty (a client shows the default, so an
            // absent optional field was cleared). Other fields take their default, or are missing.
            if let Some(absent) = (self.absent)() {
                return Some(absent);
            }
            let Some(default) = property.schema.default_value() else {
                report(problems, ErrorKind::Missing);
                return None;
            };
            return match (self.from_value)(&default) {
                Ok(value) => Some(value),
                Err(kind) => {
                    report(problems, *kind);
                    None
                }
            };
        };
        let mut passed = true;
        let mut fail = |kind| {
            passed = false;
            report(problems, kind);
        };
        // A select's rule finds the chosen options, and a derived enum takes its variants at
        // their positions: each option is looked up once.
        let chosen = match &property.schema {
            // Options supplied at run time: checked against those sent, where the answer is read
            // through its request; the type reads the value.
            PropertySchema::SingleSelect(select) if select.runtime => None,
            PropertySchema::MultiSelect(select) if select.runtime => None,
            PropertySchema::SingleSelect(select) => match rules::single_option(select, value) {
                Ok(index) => (self.from_option)(index),
                Err(kind) => {
                    fail(kind);
                    None
                }
            },
            PropertySchema::MultiSelect(select) => rules::multi_options(select, value, &mut fail)
                .and_then(|positions| (self.from_options)(positions.as_slice())),
            schema => {
                rules::check(schema, value, fail);
                None
            }
        };
        if !passed {
            return None;
        }
        if chosen.is_some() {
            return chosen;
        }
        match (self.from_value)(value) {
            Ok(value) => Some(value),
            Err(kind) => {
                report(problems, *kind);
                None
            }
        }
    }

    /// Writes this field into `content`, unless it is left out (`None`).
    pub fn write(&self, content: &mut Content, property: &Property, value: &T) {
        if let Some(value) = (self.to_value)(value) {
            content.insert(property.name().to_owned(), value);
        }
    }
}
