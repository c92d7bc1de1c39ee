//! The body of a form's `Flatten` impl, from which `Elicit` is made: its `static` tables (its own
//! properties, and those of the forms it flattens in, in declaration order), `read` and
//! `write`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::accessor;
use crate::ast::Form;
use crate::attr::Attr;

/// The `static` tables: `__ELICIT_PROPERTIES`, the form's properties, and, when it flattens
/// others in, `__ELICIT_FIELDS`, its own, which `__ELICIT_PROPERTIES` puts together with theirs
/// in declaration order, checked for clashing names at each flattened field.
pub(super) fn tables(form: &Form<'_>, properties: &[TokenStream]) -> TokenStream {
    let count = form.fields.len();
    if form.flattened.is_empty() {
        return quote! {
            static __ELICIT_PROPERTIES: [_elicit::schema::Property; #count] = [#(#properties),*];
        };
    }
    let mut tokens = TokenStream::new();
    // One accessor per flattened field, where the compiler checks its type, once.
    for (j, flat) in form.flattened.iter().enumerate() {
        let name = flatten_accessor(j);
        let ty = flat.ty;
        tokens.extend(quote_spanned! {ty.span()=>
            const #name: _elicit::__private::FlattenAccess<#ty> =
                _elicit::__private::flatten_access::<#ty>();
        });
    }
    let brought = |j: usize| {
        let name = flatten_accessor(j);
        quote!(#name.properties().len())
    };
    let len = (0..form.flattened.len()).map(brought);
    let mut parts = Vec::new();
    let mut own = 0;
    for (j, flat) in form.flattened.iter().enumerate() {
        if flat.after > own {
            let run = flat.after - own;
            parts.push(quote!(_elicit::__private::run(&__ELICIT_FIELDS, #own, #run)));
            own = flat.after;
        }
        let name = flatten_accessor(j);
        parts.push(quote!(#name.properties()));
        // Where its properties start: after the own fields and the flattened ones before it.
        let before = (0..j).map(brought);
        let start = quote!(#own #(+ #before)*);
        let message = flat.ident.to_string();
        tokens.extend(quote_spanned! {flat.ident.span()=>
            const _: () = _elicit::__private::check_flattened(
                &__ELICIT_PROPERTIES,
                #start,
                #name.properties().len(),
                &__ELICIT_FIELDS,
                #message,
            );
        });
    }
    if count > own {
        let run = count - own;
        parts.push(quote!(_elicit::__private::run(&__ELICIT_FIELDS, #own, #run)));
    }
    tokens.extend(quote! {
        static __ELICIT_FIELDS: [_elicit::schema::Property; #count] = [#(#properties),*];
        static __ELICIT_PROPERTIES: [_elicit::schema::Property; #count #(+ #len)*] =
            _elicit::__private::compose(&[#(#parts),*]);
    });
    tokens
}

/// The table of the form's own properties, which reads and writes use.
fn fields_table(form: &Form<'_>) -> syn::Ident {
    if form.flattened.is_empty() {
        format_ident!("__ELICIT_PROPERTIES")
    } else {
        format_ident!("__ELICIT_FIELDS")
    }
}

/// `Flatten::read`: reads every field (recording every problem), a flattened one from the whole
/// content where it is declared (so problems come in form order), then builds the struct if none
/// failed, the skipped fields with their type's `Default` (spanned at the type, so a type without
/// one is an error there), and runs the form's own check.
pub(super) fn read(form: &Form<'_>, validate: Option<&Attr<syn::Path>>) -> TokenStream {
    let fields = &form.fields;
    let table = fields_table(form);
    let defaults = form.skipped.iter().map(|skip| {
        let ident = skip.ident;
        let ty = skip.ty;
        let default = quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default());
        quote!(#ident: #default)
    });
    let count = fields.len();
    let values: Vec<_> = (0..count)
        .map(|i| format_ident!("__elicit_value_{}", i))
        .collect();
    let flat_values: Vec<_> = (0..form.flattened.len())
        .map(|j| format_ident!("__elicit_flattened_{}", j))
        .collect();
    let wire_names = fields.iter().map(|f| &f.wire_name);
    let positions = 0..count;
    let own_reads = values
        .iter()
        .zip(fields)
        .enumerate()
        .map(|(i, (value, f))| {
            let field = accessor(i);
            // The field's own check, on a value its rules passed (an `Option`'s, when given).
            let validate = f.attrs.validate.as_ref().map(|check| {
                let path = &check.value;
                let check = quote_spanned!(path.span()=> #path);
                let helper = if f.known.optional {
                    quote!(validate_optional_field)
                } else {
                    quote!(validate_field)
                };
                quote! {
                    let #value = _elicit::__private::#helper(
                        #value,
                        #check,
                        &#table[#i],
                        __elicit_problems,
                    );
                }
            });
            quote! {
                let #value = #field.read(__elicit_found[#i], &#table[#i], __elicit_problems);
                #validate
            }
        });
    let flat_reads = flat_values.iter().enumerate().map(|(j, value)| {
        let access = flatten_accessor(j);
        quote! {
            let #value = #access.read(__elicit_content, __elicit_problems);
        }
    });
    let reads = in_order(form, own_reads, flat_reads);
    // One pass over the content, each key matched to its field (keys the form does not have are
    // skipped), as serde does: no lookup per field.
    let pass = if count == 0 {
        quote!(let _ = __elicit_content;)
    } else {
        quote! {
            let mut __elicit_found: [::core::option::Option<&_elicit::__private::Value>; #count] =
                [::core::option::Option::None; #count];
            for (__elicit_key, __elicit_value) in __elicit_content {
                let __elicit_slot = match __elicit_key.as_str() {
                    #(#wire_names => #positions,)*
                    _ => continue,
                };
                if let ::core::option::Option::Some(__elicit_found) =
                    __elicit_found.get_mut(__elicit_slot)
                {
                    *__elicit_found = ::core::option::Option::Some(__elicit_value);
                }
            }
        }
    };
    let idents = fields.iter().map(|f| f.ident);
    let flat_idents = form.flattened.iter().map(|f| f.ident);
    let built = quote! {
        Self {
            #(#idents: #values,)*
            #(#flat_idents: #flat_values,)*
            #(#defaults,)*
        }
    };
    // The form's own check, once every field has been read.
    let built = if let Some(check) = validate {
        let path = &check.value;
        let check = quote_spanned!(path.span()=> #path);
        quote!(_elicit::__private::validate_form(#built, #check, __elicit_problems))
    } else {
        quote!(::core::option::Option::Some(#built))
    };
    // Inlined into `from_content` in optimized builds, so the form is built where the caller's
    // `Result` is: returned as an `Option` and moved, its fields were copied in wide loads of
    // words just stored, which the CPU cannot forward. Debug builds keep a plain `#[inline]`:
    // forcing it there costs compile time and buys nothing.
    quote! {
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn read(
            __elicit_content: &_elicit::Content,
            __elicit_problems: &mut _elicit::__private::Problems,
        ) -> ::core::option::Option<Self> {
            #pass
            #(#reads)*
            match (#(#values,)* #(#flat_values,)*) {
                (#(::core::option::Option::Some(#values),)* #(::core::option::Option::Some(#flat_values),)*) => {
                    #built
                }
                _ => ::core::option::Option::None,
            }
        }
    }
}

/// `Flatten::write`: writes every field that has a value, a flattened one's where it is declared.
pub(super) fn write(form: &Form<'_>) -> TokenStream {
    let table = fields_table(form);
    let own = form.fields.iter().enumerate().map(|(i, field)| {
        let ident = field.ident;
        let field = accessor(i);
        quote! {
            #field.write(__elicit_content, &#table[#i], &self.#ident);
        }
    });
    let flattened = form.flattened.iter().enumerate().map(|(j, flat)| {
        let ident = flat.ident;
        let access = flatten_accessor(j);
        quote! {
            #access.write(__elicit_content, &self.#ident);
        }
    });
    let writes = in_order(form, own, flattened);
    quote! {
        #[inline]
        fn write(&self, __elicit_content: &mut _elicit::Content) {
            let _ = &__elicit_content;
            #(#writes)*
        }
    }
}

/// The code of each own field and of each flattened one, in declaration order.
fn in_order(
    form: &Form<'_>,
    own: impl Iterator<Item = TokenStream>,
    flattened: impl Iterator<Item = TokenStream>,
) -> Vec<TokenStream> {
    let mut out = Vec::new();
    let mut flattened = form
        .flattened
        .iter()
        .map(|f| f.after)
        .zip(flattened)
        .peekable();
    for (i, code) in own.enumerate() {
        while let Some((_, flat)) = flattened.next_if(|(after, _)| *after == i) {
            out.push(flat);
        }
        out.push(code);
    }
    out.extend(flattened.map(|(_, flat)| flat));
    out
}

/// The name of the `const` through which generated code uses flattened field `index`'s type.
pub(super) fn flatten_accessor(index: usize) -> syn::Ident {
    format_ident!("__ELICIT_FLATTEN_{}", index)
}
