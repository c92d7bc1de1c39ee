//! The model of what the user wrote: a struct and its fields, or an enum and its variants, each
//! keeping a reference to the syn node it came from, so every error points at the right tokens.

use syn::ext::IdentExt;

use crate::attr::{self, Level};
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
    Struct(Form<'a>),
    /// The options of a select: a fieldless enum.
    Enum(Vec<Variant<'a>>),
    /// A newtype with `#[elicit(transparent)]`: a field type standing for its one field (named
    /// in messages by the struct), reached through `member`.
    Transparent(Box<Field<'a>>, syn::Member),
}

/// A field of a form.
pub(crate) struct Field<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) ty: &'a syn::Type,
    /// What the derive can tell of the type from its name alone.
    pub(crate) known: FieldType,
    /// Why the type cannot be a field, when its shape or name says so.
    pub(crate) unsupported: Option<String>,
    pub(crate) attrs: attr::Field,
    /// The key in the schema and in the answer, after every rename.
    pub(crate) wire_name: String,
}

/// The fields of a form: its own, the forms it flattens in, and those it leaves off.
pub(crate) struct Form<'a> {
    /// The fields on the form, in declaration order.
    pub(crate) fields: Vec<Field<'a>>,
    /// The fields whose forms join this one, in declaration order.
    pub(crate) flattened: Vec<Flattened<'a>>,
    pub(crate) skipped: Vec<Skipped<'a>>,
}

/// A field with `#[elicit(flatten)]`: its type's properties join the form where it is declared.
pub(crate) struct Flattened<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) ty: &'a syn::Type,
    /// How many of the form's own fields are declared before it.
    pub(crate) after: usize,
}

/// A field `#[elicit(skip)]` leaves off the form: filled with its type's `Default`.
pub(crate) struct Skipped<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) ty: &'a syn::Type,
}

/// An option of a select.
pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a syn::Ident,
    pub(crate) attrs: attr::Variant,
    /// The value in the schema and in the answer, after every rename.
    pub(crate) wire_name: String,
}

impl<'a> Input<'a> {
    /// Reads the input; `None` if its shape cannot be a form or a select (the reason is in `cx`).
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let data = match &input.data {
            syn::Data::Struct(data) => {
                let attrs = attr::Container::from_ast(cx, &input.attrs, Level::Struct);
                if attrs.transparent.is_some() {
                    let (field, member) = transparent_field(cx, input, data)?;
                    return Some(Input {
                        original: input,
                        attrs,
                        data: Data::Transparent(Box::new(field), member),
                    });
                }
                let mut form = Form {
                    fields: Vec::new(),
                    flattened: Vec::new(),
                    skipped: Vec::new(),
                };
                for field in struct_fields(cx, input, data)? {
                    match Field::from_ast(cx, field, attrs.rename_all) {
                        Some(Member::Field(field)) => form.fields.push(*field),
                        Some(Member::Flattened(ident, ty)) => form.flattened.push(Flattened {
                            ident,
                            ty,
                            after: form.fields.len(),
                        }),
                        Some(Member::Skipped(skip)) => form.skipped.push(skip),
                        None => {}
                    }
                }
                return Some(Input {
                    original: input,
                    attrs,
                    data: Data::Struct(form),
                });
            }
            syn::Data::Enum(data) => data,
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "a form cannot be a union: use a struct with named fields for a form, or a fieldless enum for the options of a select",
                );
                return None;
            }
        };
        let attrs = attr::Container::from_ast(cx, &input.attrs, Level::Enum);
        if data.variants.is_empty() {
            cx.error_spanned_by(
                &input.ident,
                format!(
                    "a select needs at least one option: add a variant to `{}`",
                    input.ident
                ),
            );
            return None;
        }
        let mut fieldless = true;
        for variant in &data.variants {
            if !matches!(variant.fields, syn::Fields::Unit) {
                fieldless = false;
                cx.error_spanned_by(
                    &variant.fields,
                    format!(
                        "the options of a select are unit variants, and `{}` carries data, which a form cannot hold: remove its fields",
                        variant.ident
                    ),
                );
            }
        }
        let variants = data
            .variants
            .iter()
            .map(|variant| Variant::from_ast(cx, variant, attrs.rename_all))
            .collect();
        fieldless.then_some(Input {
            original: input,
            attrs,
            data: Data::Enum(variants),
        })
    }
}

/// The one field of a `transparent` struct, named or not, with the attributes a type can carry
/// (bounds and `format`); `None` (with the reason in `cx`) for another number of fields.
fn transparent_field<'a>(
    cx: &Ctxt,
    input: &'a syn::DeriveInput,
    data: &'a syn::DataStruct,
) -> Option<(Field<'a>, syn::Member)> {
    let mut fields = data.fields.iter();
    let (Some(field), None) = (fields.next(), fields.next()) else {
        cx.error_spanned_by(
            &input.ident,
            format!(
                "`transparent` makes `{}` stand for its one field, and it has {}: give it exactly one",
                input.ident,
                data.fields.len()
            ),
        );
        return None;
    };
    let attrs = attr::Field::from_ast(cx, &field.attrs);
    // A type carries bounds and a format; labels, defaults and how a field is read belong where
    // the type is used.
    let misplaced = attrs
        .written_keys()
        .into_iter()
        .filter(|(key, _)| !crate::attr::symbol::CARRIED.contains(&key.as_str()));
    for (key, tokens) in misplaced {
        cx.error_spanned_by(
            tokens,
            format!(
                "`{key}` does nothing on the field of a transparent type, which carries only bounds and `format`: write it where `{}` is used",
                input.ident
            ),
        );
    }
    let member = match &field.ident {
        Some(ident) => syn::Member::Named(ident.clone()),
        None => syn::Member::Unnamed(syn::Index::from(0)),
    };
    Some((
        Field {
            ident: &input.ident,
            ty: &field.ty,
            known: FieldType::classify(&field.ty),
            unsupported: crate::ty::unsupported(&field.ty),
            attrs,
            wire_name: String::new(),
        },
        member,
    ))
}

/// The named fields of a struct, or `None` (with the reason in `cx`) for other shapes.
fn struct_fields<'a>(
    cx: &Ctxt,
    input: &syn::DeriveInput,
    data: &'a syn::DataStruct,
) -> Option<&'a syn::punctuated::Punctuated<syn::Field, syn::Token![,]>> {
    match &data.fields {
        syn::Fields::Named(named) => Some(&named.named),
        syn::Fields::Unnamed(unnamed) => {
            cx.error_spanned_by(
                unnamed,
                "a form's fields need names, which become the form's keys: use a struct with named fields, like `struct Signup { name: String }`",
            );
            None
        }
        syn::Fields::Unit => {
            cx.error_spanned_by(
                &input.ident,
                format!(
                    "a form needs a struct with named fields; for a form with no fields write `struct {} {{}}`",
                    input.ident
                ),
            );
            None
        }
    }
}

/// What one field of a struct is to its form.
enum Member<'a> {
    Field(Box<Field<'a>>),
    Flattened(&'a syn::Ident, &'a syn::Type),
    Skipped(Skipped<'a>),
}

impl<'a> Field<'a> {
    /// The type of the field's value: the type inside its `Option` if the field is optional,
    /// otherwise its type.
    pub(crate) fn value_ty(&self) -> &'a syn::Type {
        match crate::ty::option_inner(self.ty) {
            Some(inner) if self.known.optional => inner,
            _ => self.ty,
        }
    }

    /// A field of the form, one whose form `#[elicit(flatten)]` brings in, or one
    /// `#[elicit(skip)]` leaves off.
    fn from_ast(
        cx: &Ctxt,
        field: &'a syn::Field,
        rename_all: Option<RenameRule>,
    ) -> Option<Member<'a>> {
        let ident = field.ident.as_ref()?;
        let attrs = attr::Field::from_ast(cx, &field.attrs);
        // A field that is not on the form as itself takes no other key.
        let alone = [
            (&attrs.skip, "a field that `skip` leaves off the form"),
            (
                &attrs.flatten,
                "a flattened field, whose properties keep their own",
            ),
        ];
        if let Some((attr, what)) = alone
            .into_iter()
            .find_map(|(a, what)| Some((a.as_ref()?, what)))
        {
            let own = attr.key_name();
            for (key, tokens) in attrs.written_keys().into_iter().filter(|(k, _)| *k != own) {
                cx.error_spanned_by(
                    tokens,
                    format!("`{key}` does nothing on {what}: remove it, or remove `{own}`"),
                );
            }
            return Some(if attrs.skip.is_some() {
                Member::Skipped(Skipped {
                    ident,
                    ty: &field.ty,
                })
            } else {
                Member::Flattened(ident, &field.ty)
            });
        }
        let wire_name = wire_name(ident, attrs.rename.as_ref(), |name| {
            rename_all.map_or_else(|| name.to_owned(), |rule| rule.apply_to_field(name))
        });
        let mut known = FieldType::classify(&field.ty);
        let mut unsupported = crate::ty::unsupported(&field.ty);
        if let (Some(from_str), Some(_)) = (&attrs.from_str, &attrs.with) {
            cx.error_spanned_by(
                from_str.whole(),
                "`from_str` and `with` each say how the field is read: keep one",
            );
        }
        if attrs.from_str.is_some() {
            // Text, whatever the type: its `FromStr` reads it (an `Option` of it stays optional).
            known.base = Some(crate::ty::Base::Text);
            known.integration = None;
            unsupported = None;
        } else if attrs.with.is_some() {
            // Whatever the module's `SHAPE` says: checked by the compiler, not by name.
            known.base = None;
            known.integration = None;
            unsupported = None;
        }
        Some(Member::Field(Box::new(Field {
            ident,
            ty: &field.ty,
            known,
            unsupported,
            attrs,
            wire_name,
        })))
    }
}

impl<'a> Variant<'a> {
    fn from_ast(cx: &Ctxt, variant: &'a syn::Variant, rename_all: Option<RenameRule>) -> Self {
        let attrs = attr::Variant::from_ast(cx, &variant.attrs);
        let wire_name = wire_name(&variant.ident, attrs.rename.as_ref(), |name| {
            rename_all.map_or_else(|| name.to_owned(), |rule| rule.apply_to_variant(name))
        });
        Variant {
            ident: &variant.ident,
            attrs,
            wire_name,
        }
    }
}

/// An explicit rename, or the identifier (without `r#`) under the container's rule.
fn wire_name(
    ident: &syn::Ident,
    rename: Option<&String>,
    rule: impl FnOnce(&str) -> String,
) -> String {
    match rename {
        Some(name) => name.clone(),
        None => rule(&ident.unraw().to_string()),
    }
}
