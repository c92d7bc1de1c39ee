//! The accessors through which generated code uses each field's type: `const`s the compiler
//! checks once, at the field's type.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::Field;

/// `const __ELICIT_FIELD_i: FieldAccess<Type> = field::<Type, Form>();`, where the compiler
/// checks, once and at the field's type, that the type is a field of the form `Form`. An `Option`
/// is checked by the type inside it (`optional_field`), so that a nested form is reported as
/// such in an `Option` too; a type of an optional integration, by its integration's trait, whose
/// message names the feature.
pub(super) fn field_accessor(form: &syn::Ident, index: usize, field: &Field<'_>) -> TokenStream {
    let name = accessor(index);
    let ty = field.ty;
    if let Some(with) = &field.attrs.with {
        return with_accessor(index, field, &with.value);
    }
    let inner = field.value_ty();
    let optional = field.known.optional;
    let access = match (&field.attrs.from_str, field.known.integration) {
        (None, Some(integration)) => {
            let field_trait = format_ident!("{}", integration.field_trait);
            let access = format_ident!("{}", if optional { "OPTIONAL" } else { "ACCESS" });
            quote_spanned!(ty.span()=> <#inner as _elicit::__private::#field_trait>::#access)
        }
        (None, None) => {
            let field = format_ident!(
                "{}",
                if optional { "optional_field" } else { "field" },
                span = ty.span()
            );
            let mut form = form.clone();
            form.set_span(ty.span());
            // The call ends at the type's last token, so that an error reported at the call
            // underlines the whole type (`Option<Plan>`, not `Option`).
            let end = quote_spanned!(last_span(ty)=> >());
            quote_spanned!(ty.span()=> _elicit::__private::#field::<#inner, #form #end)
        }
        // The type's `FromStr` and `Display`, checked here at the field's type.
        (Some(_), _) if !optional => {
            quote_spanned!(ty.span()=> _elicit::__private::from_str_access())
        }
        (Some(_), _) => {
            quote_spanned!(ty.span()=> _elicit::__private::from_str_optional_access())
        }
    };
    quote_spanned! {ty.span()=>
        const #name: _elicit::__private::FieldAccess<#ty> = #access;
    }
}

/// The span of the last token of `ty`, where an expression meant to span the type ends.
pub(super) fn last_span(ty: &syn::Type) -> Span {
    quote!(#ty)
        .into_iter()
        .last()
        .map_or_else(|| ty.span(), |token| token.span())
}

/// The accessor of a `with = module` field: the module, handed over as a `WithModule` (for an
/// `Option` field, the module reads the type inside it), each item spanned at the path so that a
/// module that lacks one, or gives it another type, is an error there.
fn with_accessor(index: usize, field: &Field<'_>, module: &syn::Path) -> TokenStream {
    let name = accessor(index);
    let marker = format_ident!("__ElicitWith{}", index);
    let ty = field.ty;
    let inner = field.value_ty();
    let access = if field.known.optional {
        quote!(with_optional_access)
    } else {
        quote!(with_access)
    };
    let span = module.span();
    let shape = quote_spanned!(span=> #module::SHAPE);
    let from_value = quote_spanned!(span=> #module::from_value(__elicit_value));
    let to_value = quote_spanned!(span=> #module::to_value(__elicit_value));
    quote! {
        enum #marker {}

        impl _elicit::__private::WithModule for #marker {
            type Value = #inner;
            const SHAPE: _elicit::field::FieldShape = #shape;

            fn from_value(
                __elicit_value: &_elicit::__private::Value,
            ) -> ::core::result::Result<#inner, _elicit::field::Refusal> {
                #from_value
            }

            fn to_value(
                __elicit_value: &#inner,
            ) -> ::core::option::Option<_elicit::__private::Value> {
                #to_value
            }
        }

        const #name: _elicit::__private::FieldAccess<#ty> =
            _elicit::__private::#access::<#marker>();
    }
}

/// The name of the `const` through which generated code uses field `index`'s type.
pub(super) fn accessor(index: usize) -> syn::Ident {
    format_ident!("__ELICIT_FIELD_{}", index)
}
