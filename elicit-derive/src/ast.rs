//! The model of what the user wrote: a struct and its fields, each keeping a reference to the syn
//! node it came from, so every error points at the right tokens.

use syn::ext::IdentExt;

use crate::attr;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::ty::FieldType;

/// The type `#[derive(Elicit)]` was put on.
pub(crate) struct Input<'a> {
    pub(crate) original: &'a syn::DeriveInput,
    pub(crate) attrs: attr::Container,
    pub(crate) data: Data<'a>,
}

pub(crate) enum Data<'a> {
    /// A form: a struct with named fields.
    Struct(Vec<Field<'a>>),
}

/// A field of a form.
pub(crate) struct Field<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) ty: &'a syn::Type,
    /// What the derive can tell of the type from its name alone.
    pub(crate) known: FieldType,
    pub(crate) attrs: attr::Field,
    /// The key in the schema and in the answer, after every rename.
    pub(crate) wire_name: String,
}

impl<'a> Input<'a> {
    /// Reads the input; `None` if its shape cannot be a form (the reason is in `cx`).
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let attrs = attr::Container::from_ast(cx, &input.attrs);
        let fields = match &input.data {
            syn::Data::Struct(data) => match &data.fields {
                syn::Fields::Named(named) => &named.named,
                syn::Fields::Unnamed(unnamed) => {
                    cx.error_spanned_by(
                        unnamed,
                        "a form's fields need names, which become the form's keys: use a struct with named fields, like `struct Signup { name: String }`",
                    );
                    return None;
                }
                syn::Fields::Unit => {
                    cx.error_spanned_by(
                        &input.ident,
                        format!(
                            "a form needs a struct with named fields; for a form with no fields write `struct {} {{}}`",
                            input.ident
                        ),
                    );
                    return None;
                }
            },
            syn::Data::Enum(data) => {
                cx.error_spanned_by(
                    data.enum_token,
                    "`#[derive(Elicit)]` on enums is not supported yet: a form is a struct with named fields",
                );
                return None;
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "a form cannot be a union: use a struct with named fields",
                );
                return None;
            }
        };
        let fields = fields
            .iter()
            .filter_map(|field| Field::from_ast(cx, field, attrs.rename_all))
            .collect();
        Some(Input {
            original: input,
            attrs,
            data: Data::Struct(fields),
        })
    }
}

impl<'a> Field<'a> {
    fn from_ast(cx: &Ctxt, field: &'a syn::Field, rename_all: Option<RenameRule>) -> Option<Self> {
        let ident = field.ident.as_ref()?;
        let attrs = attr::Field::from_ast(cx, &field.attrs);
        let wire_name = match &attrs.rename {
            Some(name) => name.clone(),
            None => {
                let name = ident.unraw().to_string();
                match rename_all {
                    Some(rule) => rule.apply_to_field(&name),
                    None => name,
                }
            }
        };
        Some(Field {
            ident,
            ty: &field.ty,
            known: FieldType::classify(&field.ty),
            attrs,
            wire_name,
        })
    }
}
