//! What the derive emits when the input has errors: the errors, and dummy impls so the rest of the
//! crate still type-checks and the user sees our message instead of a cascade of "trait not
//! implemented".

use proc_macro2::TokenStream;
use quote::quote;

/// The errors, dummy impls, and `checks`: what the compiler should still check of the input.
pub(crate) fn dummy(
    input: &syn::DeriveInput,
    krate: &TokenStream,
    err: syn::Error,
    checks: TokenStream,
) -> TokenStream {
    let errors = err.to_compile_error();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // A field type's dummy, of the given shape.
    let field = |shape: TokenStream| {
        quote! {
            impl #impl_generics _elicit::FormField for #ident #ty_generics #where_clause {
                const SHAPE: _elicit::field::FieldShape = #shape;
                fn from_value(
                    _: &_elicit::__private::Value,
                ) -> ::core::result::Result<Self, _elicit::field::Refusal> {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
                fn to_value(&self) -> ::core::option::Option<_elicit::__private::Value> {
                    ::core::option::Option::None
                }
            }
        }
    };
    let select_field = field(quote!(_elicit::__private::single_select::<Self>()));
    let text_field = field(quote! {
        _elicit::field::FieldShape::required(
            _elicit::field::FieldKind::Text { format: ::core::option::Option::None },
        )
    });
    // A whole form, which is no field, as `expand_struct` says it (for a type without generics,
    // the only kind a form can be).
    let whole_form = input.generics.params.is_empty().then(|| {
        quote! {
            #[diagnostic::do_not_recommend]
            impl _elicit::__private::AsField for #ident {
                type Kind = _elicit::__private::WholeForm;
            }
        }
    });
    let impls = match &input.data {
        // What a select enum would have implemented, with no options.
        syn::Data::Enum(_) => quote! {
            impl #impl_generics _elicit::field::Choice for #ident #ty_generics #where_clause {
                const OPTIONS: &'static [_elicit::schema::SelectOption] = &[];
                const DISCRIMINANTS: &'static [::core::primitive::i128] = &[];
                fn index(&self) -> ::core::primitive::usize {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
                fn from_index(_: ::core::primitive::usize) -> ::core::option::Option<Self> {
                    ::core::option::Option::None
                }
            }
            #select_field
            impl #impl_generics _elicit::field::SelectField for #ident #ty_generics #where_clause {
                type Choice = Self;
            }
        },
        // A transparent newtype is a field type, not a form.
        syn::Data::Struct(_) if is_transparent(input) => text_field,
        syn::Data::Struct(_) | syn::Data::Union(_) => quote! {
            impl #impl_generics _elicit::Elicit for #ident #ty_generics #where_clause {
                fn requested_schema() -> &'static _elicit::RequestedSchema {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
                fn from_content(
                    _: &_elicit::Content,
                ) -> ::core::result::Result<Self, _elicit::ContentError> {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
                fn to_content(&self) -> _elicit::Content {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
            }
            #whole_form
            // A form that flattens this one brings in no properties.
            impl #impl_generics _elicit::__private::Flatten for #ident #ty_generics #where_clause {
                const PROPERTIES: &'static [_elicit::schema::Property] = &[];
                fn read(
                    _: &_elicit::Content,
                    _: &mut _elicit::__private::Problems,
                ) -> ::core::option::Option<Self> {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
                fn write(&self, _: &mut _elicit::Content) {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
            }
        },
    };
    quote! {
        #errors
        #[doc(hidden)]
        const _: () = {
            use #krate as _elicit;
            #impls
            #checks
        };
    }
}

/// Whether the input says `#[elicit(transparent)]`, read from the tokens (the input may not have
/// parsed).
fn is_transparent(input: &syn::DeriveInput) -> bool {
    input.attrs.iter().any(|attr| {
        attr.path().is_ident("elicit")
            && attr.meta.require_list().is_ok_and(|list| {
                list.tokens
                    .clone()
                    .into_iter()
                    .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == crate::attr::symbol::TRANSPARENT))
            })
    })
}
