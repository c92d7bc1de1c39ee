//! The code of `#[elicit(translations(..))]` and `#[elicit(language = "..")]`: for a form, one
//! `static` schema per language, built as the default one is, and `Elicit::translation`; for a
//! select, its options in each language (`Choice::TRANSLATIONS`). Each `.ftl` file read is
//! included, so that cargo rebuilds the form when a translation changes.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::accessor::last_span;
use super::{accessor, option_tokens, optional_str};
use crate::ast::{Form, Input, Variant};
use crate::translate::{FormTexts, Labels, Language};

/// The language of the texts in the code: `language = ".."`, or English.
fn default_language(input: &Input<'_>) -> String {
    input
        .attrs
        .language
        .as_ref()
        .map_or_else(|| "en".to_owned(), |lit| lit.value.value())
}

/// `include_bytes!` of every file read, so that a change to one rebuilds the form.
fn includes<T>(languages: &[Language<T>]) -> TokenStream {
    let files = languages
        .iter()
        .flat_map(|language| &language.files)
        .map(|file| file.to_string_lossy().into_owned());
    quote! {
        #(const _: &[::core::primitive::u8] = ::core::include_bytes!(#files);)*
    }
}

/// The items beside a form's impl (each language's schema, the checks that each select field's
/// enum is translated too), and the items of its `Elicit` impl (`LANGUAGES`, `translation`).
pub(super) fn form(
    input: &Input<'_>,
    form: &Form<'_>,
    languages: &[Language<FormTexts>],
) -> (TokenStream, TokenStream) {
    if input.attrs.language.is_none() && input.attrs.translations.is_none() {
        return (TokenStream::new(), TokenStream::new());
    }
    let default = default_language(input);
    let mut items = includes(languages);
    let mut arms = TokenStream::new();
    for (i, language) in languages.iter().enumerate() {
        let tag = &language.tag;
        let properties_table = format_ident!("__ELICIT_PROPERTIES_LANG_{}", i + 1);
        let schema_static = format_ident!("__ELICIT_SCHEMA_LANG_{}", i + 1);
        let properties: Vec<TokenStream> = form.fields.iter().zip(&language.texts.fields).enumerate().map(
            |(k, (field, labels))| {
                let access = accessor(k);
                let attrs = format_ident!("__ELICIT_ATTRS_{}", k);
                let (title, description) = labels_tokens(labels);
                let ty = field.ty;
                let shown = quote!(#ty).to_string().replace(' ', "");
                let message = format!(
                    "the options of the field `{}` (`{shown}`) are not translated into `{tag}`: add \"{tag}\" to the `languages` of the `translations` of its enum",
                    field.ident
                );
                // The call ends at the type's last token, so that the error underlines the whole
                // type (`Vec<Seating>`, not `Vec`).
                let mut arguments = proc_macro2::Group::new(
                    proc_macro2::Delimiter::Parenthesis,
                    quote!(#access.shape(), #tag, #message),
                );
                arguments.set_span(last_span(ty));
                items.extend(quote_spanned! {ty.span()=>
                    const _: () = _elicit::__private::check_translated #arguments;
                });
                quote! {
                    _elicit::__private::property(
                        _elicit::__private::shape_in(#access.shape(), #tag),
                        #attrs.labels(#title, #description),
                    )
                }
            },
        ).collect();
        let count = form.fields.len();
        let schema = schema_tokens(&properties_table, &language.texts.labels);
        items.extend(quote! {
            static #properties_table: [_elicit::schema::Property; #count] = [#(#properties),*];
            static #schema_static: _elicit::RequestedSchema = #schema;
        });
        let index = i + 1;
        let message = &language.texts.message;
        arms.extend(quote! {
            #index => _elicit::Translation::new(#tag, #message, &#schema_static),
        });
    }
    let tags = languages.iter().map(|language| &language.tag);
    let impl_items = quote! {
        const LANGUAGES: &'static [&'static ::core::primitive::str] = &[#default #(, #tags)*];

        fn translation(__elicit_index: ::core::primitive::usize) -> _elicit::Translation {
            match __elicit_index {
                #arms
                _ => _elicit::Translation::new(
                    #default,
                    <Self as _elicit::Elicit>::message(),
                    &__ELICIT_SCHEMA,
                ),
            }
        }
    };
    (items, impl_items)
}

/// `Some("..")` or `None` for a title and a description.
fn labels_tokens(labels: &Labels) -> (TokenStream, TokenStream) {
    (
        optional_str(labels.title.as_deref()),
        optional_str(labels.description.as_deref()),
    )
}

/// A language's schema over its table of properties, labelled when it has a title or a
/// description, as the default one is.
fn schema_tokens(table: &syn::Ident, labels: &Labels) -> TokenStream {
    if labels.title.is_none() && labels.description.is_none() {
        return quote!(_elicit::__private::schema(&#table));
    }
    let (title, description) = labels_tokens(labels);
    quote!(_elicit::__private::labelled_schema(&#table, #title, #description))
}

/// The includes of the files read, and `Choice::TRANSLATIONS` of a select: its options in its
/// own language, then in each declared one; nothing for a select without `language` or
/// `translations`.
pub(super) fn select(
    input: &Input<'_>,
    variants: &[Variant<'_>],
    languages: &[Language<Vec<Labels>>],
) -> (TokenStream, TokenStream) {
    if input.attrs.language.is_none() && input.attrs.translations.is_none() {
        return (TokenStream::new(), TokenStream::new());
    }
    let default = default_language(input);
    let includes = includes(languages);
    let translated = languages.iter().map(|language| {
        let tag = &language.tag;
        let labels: Vec<(Option<&str>, Option<&str>)> = language
            .texts
            .iter()
            .map(|l| (l.title.as_deref(), l.description.as_deref()))
            .collect();
        let options = option_tokens(variants, &labels);
        quote!((#tag, &[#(#options),*]))
    });
    let translations = quote! {
        const TRANSLATIONS: &'static [_elicit::__private::ChoiceLanguage] = &[
            (#default, <Self as _elicit::field::Choice>::OPTIONS),
            #(#translated,)*
        ];
    };
    (includes, translations)
}
