//! What the derive emits when the input has errors: the errors, and a dummy impl so the rest of
//! the crate still type-checks and the user sees our message instead of a cascade of "trait not
//! implemented".

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn dummy(input: &syn::DeriveInput, krate: &TokenStream, err: syn::Error) -> TokenStream {
    let errors = err.to_compile_error();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #errors
        #[doc(hidden)]
        const _: () = {
            use #krate as _elicit;

            #[automatically_derived]
            impl #impl_generics _elicit::Elicit for #ident #ty_generics #where_clause {
                fn requested_schema() -> &'static _elicit::RequestedSchema {
                    ::core::unimplemented!("`#[derive(Elicit)]` reported errors for this type")
                }
            }
        };
    }
}
