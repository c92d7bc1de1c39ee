//! Writes the code: for a struct, one `static` schema built by `const` helpers of the runtime
//! crate; for an enum, the table of its options.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::ast::{Data, Field, Form, Input, Variant};
use crate::attr::{self, DefaultLit, Format, symbol};
use crate::ctxt::Ctxt;
use crate::translate::{self, FormTexts, Labels, Language};
use crate::ty::Base;
use crate::{ast, fallback, valid};

mod accessor;
mod body;
mod checks;
mod tokens;
mod translations;

use accessor::{accessor, field_accessor};
use body::{read, tables, write};
use checks::{kind_checks, min_items_check};
use tokens::{number, respan};

/// The whole derive: parse, validate, then expand, or report every error with a dummy impl.
pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let parsed = ast::Input::from_ast(&cx, input);
    if let Some(parsed) = &parsed {
        valid::check(&cx, parsed);
    }
    // Each declared language's texts, read from its files and checked against the type's.
    let mut form_languages = Vec::new();
    let mut select_languages = Vec::new();
    match parsed.as_ref().map(|p| (p, &p.data)) {
        Some((parsed, Data::Struct(form))) => form_languages = translate::form(&cx, parsed, form),
        Some((parsed, Data::Enum(variants))) => {
            select_languages = translate::select(&cx, parsed, variants);
        }
        _ => {}
    }
    let krate = runtime_path(parsed.as_ref());
    match (cx.check(), parsed) {
        (Ok(()), Some(parsed)) => match &parsed.data {
            Data::Struct(form) => expand_struct(&parsed, form, &form_languages, &krate),
            Data::Transparent(field, member) => expand_transparent(&parsed, field, member, &krate),
            Data::Enum(variants) => expand_enum(&parsed, variants, &select_languages, &krate),
        },
        (Err(err), parsed) => {
            // The checks the compiler runs (trait bounds, `const` checks) still run for the fields
            // the derive found no fault with, so one compile reports every mistake.
            let checks = match parsed.as_ref().map(|p| &p.data) {
                Some(Data::Struct(form)) if input.generics.params.is_empty() => {
                    compiler_checks(&input.ident, &form.fields)
                }
                _ => TokenStream::new(),
            };
            fallback::dummy(input, &krate, err, checks)
        }
        // `from_ast` gives `None` only after reporting why; this arm keeps the derive total.
        (Ok(()), None) => fallback::dummy(
            input,
            &krate,
            syn::Error::new_spanned(&input.ident, "`#[derive(Elicit)]` cannot read this type"),
            TokenStream::new(),
        ),
    }
}

/// What the compiler checks of the fields whose types the derive found no fault with: that each
/// type is a form field, and that its attributes fit it.
fn compiler_checks(form: &syn::Ident, fields: &[Field<'_>]) -> TokenStream {
    fields
        .iter()
        .enumerate()
        .filter(|(_, field)| field.unsupported.is_none())
        .map(|(i, field)| {
            let mut checks = field_accessor(form, i, field);
            checks.extend(kind_checks(field));
            checks.extend(min_items_check(field));
            checks
        })
        .collect()
}

/// The path generated code reaches the runtime through: `::mcp_elicit`, or `#[elicit(crate = "..")]`.
fn runtime_path(input: Option<&Input<'_>>) -> TokenStream {
    if let Some(path) = input.and_then(|i| i.attrs.crate_path.as_ref()) {
        quote!(#path)
    } else {
        quote!(::mcp_elicit)
    }
}

fn expand_struct(
    input: &Input<'_>,
    form: &Form<'_>,
    languages: &[Language<FormTexts>],
    krate: &TokenStream,
) -> TokenStream {
    let ident = &input.original.ident;
    let fields = &form.fields;
    // Items beside the impl: multi-select defaults and the checks of each field.
    let mut items = TokenStream::new();
    let properties: Vec<TokenStream> = fields
        .iter()
        .enumerate()
        .map(|(index, field)| property(field, index, &mut items))
        .collect();
    for field in fields {
        items.extend(kind_checks(field));
        items.extend(min_items_check(field));
    }
    let read = read(form, input.attrs.validate.as_ref());
    let write = write(form);
    let message = input.attrs.message.as_ref().map(|m| {
        let text = &m.value;
        quote! {
            fn message() -> &'static ::core::primitive::str {
                #text
            }
        }
    });
    let accessors = fields
        .iter()
        .enumerate()
        .map(|(i, field)| field_accessor(ident, i, field));
    let tables = tables(form, &properties);
    let schema = labelled_schema(&input.attrs);
    let page_only = page_only(ident, form);
    let (translated, translation) = translations::form(input, form, languages);
    quote! {
        #[doc(hidden)]
        const _: () = {
            use #krate as _elicit;

            #(#accessors)*

            #tables
            static __ELICIT_SCHEMA: _elicit::RequestedSchema = #schema;

            #[automatically_derived]
            impl _elicit::Elicit for #ident {
                fn requested_schema() -> &'static _elicit::RequestedSchema {
                    &__ELICIT_SCHEMA
                }

                #message

                #translation

                #page_only

                fn from_content(
                    __elicit_content: &_elicit::Content,
                ) -> ::core::result::Result<Self, _elicit::ContentError> {
                    _elicit::__private::read_form(__elicit_content)
                }

                fn to_content(&self) -> _elicit::Content {
                    _elicit::__private::write_form(self)
                }
            }

            // A whole form, which is no field: written as one, it fails with words about
            // `flatten`.
            #[automatically_derived]
            #[diagnostic::do_not_recommend]
            impl _elicit::__private::AsField for #ident {
                type Kind = _elicit::__private::WholeForm;
            }

            #[automatically_derived]
            #[diagnostic::do_not_recommend]
            impl _elicit::__private::Flatten for #ident {
                const PROPERTIES: &'static [_elicit::schema::Property] = &__ELICIT_PROPERTIES;

                #read

                #write
            }

            #items

            #translated
        };
    }
}

/// `Elicit::PAGE_ONLY`: the message naming the first secret field (a field whose type's shape is
/// a secret), or a flattened form's own; `None` for a form that any client may be sent.
fn page_only(ident: &syn::Ident, form: &Form<'_>) -> TokenStream {
    let fields = form.fields.iter().enumerate().map(|(i, field)| {
        let access = accessor(i);
        let message = format!(
            "`{ident}` holds the secret field `{}`, which a form would send through the client: ask for `{ident}` through a page of the server's own (`mcp_elicit::page::serve::Pages::ask`), never in a form",
            field.wire_name
        );
        quote!((#access.shape(), #message))
    });
    let flattened = (0..form.flattened.len()).map(|j| {
        let access = body::flatten_accessor(j);
        quote!(#access.page_only())
    });
    quote! {
        const PAGE_ONLY: ::core::option::Option<&'static ::core::primitive::str> =
            _elicit::__private::page_only(&[#(#fields),*], &[#(#flattened),*]);
    }
}

/// A newtype with `#[elicit(transparent)]`: a field type of its inner field's kind, carrying the
/// inner field's bounds (and `format`) as constraints of its own, read and written as the inner
/// value is. No `Elicit`: it is a field, not a form.
fn expand_transparent(
    input: &Input<'_>,
    field: &Field<'_>,
    member: &syn::Member,
    krate: &TokenStream,
) -> TokenStream {
    let ident = &input.original.ident;
    let mut items = TokenStream::new();
    // The inner field's attributes as `__ELICIT_ATTRS_0`, and their checks.
    let _ = property(field, 0, &mut items);
    items.extend(kind_checks(field));
    items.extend(min_items_check(field));
    let access = accessor(0);
    let access_const = field_accessor(ident, 0, field);
    let wrap = match member {
        syn::Member::Named(name) => quote!(Self { #name: __elicit_inner }),
        syn::Member::Unnamed(_) => quote!(Self(__elicit_inner)),
    };
    // The kind traits, so that the attributes of the inner field's kind apply where the newtype
    // is used; the derive knows them for the types it knows by name.
    let kinds: Vec<TokenStream> = match field.known.base {
        Some(Base::Text) => vec![quote!(TextField), quote!(TextDefault)],
        Some(Base::Integer { .. } | Base::Float { .. }) => vec![quote!(NumberField)],
        Some(Base::Boolean) => vec![quote!(BooleanField)],
        Some(Base::MultiSelect { .. }) | None => Vec::new(),
    };
    let kinds = kinds.iter().map(|kind| {
        quote! {
            #[automatically_derived]
            impl _elicit::field::#kind for #ident {}
        }
    });
    quote! {
        #[doc(hidden)]
        const _: () = {
            use #krate as _elicit;

            #access_const

            #[automatically_derived]
            impl _elicit::FormField for #ident {
                const SHAPE: _elicit::field::FieldShape =
                    _elicit::__private::transparent(#access.shape(), __ELICIT_ATTRS_0);

                // Through the accessor, where the inner type was checked.
                fn from_value(
                    __elicit_value: &_elicit::__private::Value,
                ) -> ::core::result::Result<Self, _elicit::field::Refusal> {
                    #access.from_value(__elicit_value).map(|__elicit_inner| #wrap)
                }

                fn to_value(&self) -> ::core::option::Option<_elicit::__private::Value> {
                    #access.to_value(&self.#member)
                }
            }

            #(#kinds)*

            #items
        };
    }
}

/// `property(FIELD.shape(), ATTRS)`, with `ATTRS = FieldAttrs::new("wire").title(..)..` a `const`
/// in `items`, beside the table of a multi-select default and the check of a text default's
/// format.
fn property(field: &Field<'_>, index: usize, items: &mut TokenStream) -> TokenStream {
    let attrs = &field.attrs;
    let ty = field.ty;
    let wire = &field.wire_name;
    let mut setters = TokenStream::new();
    if let Some(title) = &attrs.title {
        let title = &title.value;
        setters.extend(quote!(.title(#title)));
    }
    let description = attrs
        .description
        .as_ref()
        .map(|d| &d.value)
        .or(attrs.doc.as_ref());
    if let Some(description) = description {
        setters.extend(quote!(.description(#description)));
    }
    // The schema builder's setters are named as the keys.
    let counts = [
        (&attrs.min_length, symbol::MIN_LENGTH),
        (&attrs.max_length, symbol::MAX_LENGTH),
        (&attrs.min_items, symbol::MIN_ITEMS),
        (&attrs.max_items, symbol::MAX_ITEMS),
    ];
    for (attr, setter) in counts {
        if let Some(n) = attr {
            let setter = format_ident!("{setter}");
            let n = n.value;
            setters.extend(quote!(.#setter(#n)));
        }
    }
    if let Some(format) = &attrs.format {
        let variant = match format.value {
            Format::Email => quote!(Email),
            Format::Uri => quote!(Uri),
            Format::Date => quote!(Date),
            Format::DateTime => quote!(DateTime),
        };
        setters.extend(quote!(.format(_elicit::schema::StringFormat::#variant)));
    }
    if let Some(pattern) = &attrs.pattern {
        let pattern = &pattern.value;
        setters.extend(quote!(.pattern(#pattern)));
    }
    if let Some(n) = &attrs.minimum {
        let n = number(n.value);
        setters.extend(quote!(.minimum(#n)));
    }
    if let Some(n) = &attrs.maximum {
        let n = number(n.value);
        setters.extend(quote!(.maximum(#n)));
    }
    if let Some(default) = &attrs.default {
        let span = default.key_span();
        setters.extend(match &default.value {
            DefaultLit::Text(text) => quote!(.default_text(#text)),
            DefaultLit::Number(n) => {
                let n = number(*n);
                quote!(.default_number(#n))
            }
            DefaultLit::Bool(b) => quote!(.default_bool(#b)),
            DefaultLit::Choice(expr) => {
                let choice = choice_type(ty, span, quote!(SelectField));
                let discriminant = discriminant(&choice, expr);
                quote!(.default_choice(_elicit::__private::choice::<#choice>(#discriminant)))
            }
            DefaultLit::Choices(exprs) => {
                let choice = choice_type(ty, span, quote!(MultiSelectField));
                let discriminants = format_ident!("__ELICIT_DEFAULT_{}", index);
                let values = format_ident!("__ELICIT_DEFAULT_VALUES_{}", index);
                let len = exprs.len();
                let each = exprs.iter().map(|e| discriminant(&choice, e));
                let positions = 0..len;
                let message = format!(
                    "the default of `{}` selects one option twice: list each once",
                    field.ident
                );
                items.extend(quote_spanned! {span=>
                    const #discriminants: [::core::primitive::i128; #len] = [#(#each),*];
                    static #values: [_elicit::__private::WireValue; #len] = [
                        #(_elicit::__private::choice_cow::<#choice>(#discriminants[#positions])),*
                    ];
                    const _: () = _elicit::__private::check_distinct(&#discriminants, #message);
                });
                quote!(.default_choices(&#values))
            }
        });
    }
    let access = accessor(index);
    let attrs_const = format_ident!("__ELICIT_ATTRS_{}", index);
    items.extend(quote! {
        const #attrs_const: _elicit::__private::FieldAttrs =
            _elicit::__private::FieldAttrs::new(#wire) #setters;
    });
    if let Some(default) = &attrs.default
        && let DefaultLit::Text(text) = &default.value
        && (attrs.format.is_some() || field.known.base.is_none())
    {
        let span = default.key_span();
        let message = format!(
            "`default = {text:?}` does not have the format of field `{}`",
            field.ident
        );
        items.extend(quote_spanned! {span=>
            const _: () = _elicit::__private::check_default_format(
                #access.shape(),
                #attrs_const,
                #message,
            );
        });
    }
    // A type the derive does not know may bring bounds of its own (a newtype with
    // `#[elicit(transparent)]`): the field's bounds and default must agree with them.
    let bounded = [
        attrs.min_length.as_ref().map(super::attr::Attr::key_span),
        attrs.max_length.as_ref().map(super::attr::Attr::key_span),
        attrs.minimum.as_ref().map(super::attr::Attr::key_span),
        attrs.maximum.as_ref().map(super::attr::Attr::key_span),
        attrs.min_items.as_ref().map(super::attr::Attr::key_span),
        attrs.max_items.as_ref().map(super::attr::Attr::key_span),
        attrs.default.as_ref().map(super::attr::Attr::key_span),
    ];
    if field.known.base.is_none()
        && let Some(span) = bounded.into_iter().flatten().next()
    {
        let ty = quote!(#ty).to_string().replace(' ', "");
        let message = format!(
            "the bounds or default of field `{}` contradict those of its type `{ty}`: no answer could satisfy both; keep them within the type's own",
            field.ident
        );
        items.extend(quote_spanned! {span=>
            const _: () = _elicit::__private::check_consistent(
                #access.shape(),
                #attrs_const,
                #message,
            );
        });
    }
    quote! {
        _elicit::__private::property(#access.shape(), #attrs_const)
    }
}

/// `<Type as SelectField>::Choice`: the enum of a select field, spanned at its `default` so a
/// field that is not a select is reported there.
fn choice_type(ty: &syn::Type, span: Span, kind: TokenStream) -> TokenStream {
    let ty = respan(ty, span);
    quote_spanned! {span=> <#ty as _elicit::field::#kind>::Choice }
}

/// The discriminant of a typed default, checked to be a value of the select's enum.
fn discriminant(choice: &TokenStream, expr: &syn::Expr) -> TokenStream {
    quote! {{
        let __elicit_choice: #choice = #expr;
        __elicit_choice as ::core::primitive::i128
    }}
}

/// The form's `static` schema: with its own title and description when it has them (the
/// attributes, or the doc comment as its description).
fn labelled_schema(attrs: &attr::Container) -> TokenStream {
    let title = attrs.title.as_ref().map(|t| t.value.as_str());
    let description = attrs
        .description
        .as_ref()
        .map(|d| d.value.as_str())
        .or(attrs.doc.as_deref());
    if title.is_none() && description.is_none() {
        return quote!(_elicit::__private::schema(&__ELICIT_PROPERTIES));
    }
    let (title, description) = (optional_str(title), optional_str(description));
    quote!(_elicit::__private::labelled_schema(&__ELICIT_PROPERTIES, #title, #description))
}

/// `Some("..")` or `None`, as a `const` argument.
fn optional_str(text: Option<&str>) -> TokenStream {
    text.map_or_else(
        || quote!(::core::option::Option::None),
        |text| quote!(::core::option::Option::Some(#text)),
    )
}

/// Each option of a select, with the title and description of each variant in one language
/// (`labels`, in declaration order). Titled as soon as one variant has a title; then every option
/// carries one (its wire value when it has none of its own), as the schema is written and read
/// back.
fn option_tokens(
    variants: &[Variant<'_>],
    labels: &[(Option<&str>, Option<&str>)],
) -> Vec<TokenStream> {
    let titled = labels.iter().any(|(title, _)| title.is_some());
    variants
        .iter()
        .zip(labels)
        .map(|(v, (title, description))| {
            let wire = &v.wire_name;
            let title = title.or(titled.then_some(wire.as_str()));
            match (title, description) {
                // Written where a protocol has option descriptions (ACP).
                (title, Some(description)) => {
                    let title = optional_str(title);
                    quote!(_elicit::__private::described_option(#wire, #title, #description))
                }
                (Some(title), None) => quote!(_elicit::__private::titled_option(#wire, #title)),
                (None, None) => quote!(_elicit::__private::option(#wire)),
            }
        })
        .collect()
}

fn expand_enum(
    input: &Input<'_>,
    variants: &[Variant<'_>],
    languages: &[Language<Vec<Labels>>],
    krate: &TokenStream,
) -> TokenStream {
    let ident = &input.original.ident;
    let labels: Vec<(Option<&str>, Option<&str>)> = variants
        .iter()
        .map(|v| {
            (
                v.attrs.title.as_ref().map(|t| t.value.as_str()),
                v.attrs.description(),
            )
        })
        .collect();
    let options = option_tokens(variants, &labels);
    let (includes, translations) = translations::select(input, variants, languages);
    let names: Vec<&syn::Ident> = variants.iter().map(|v| v.ident).collect();
    let positions: Vec<usize> = (0..variants.len()).collect();
    let enum_names = input.attrs.enum_names.is_some().then(|| {
        quote!(
            const ENUM_NAMES: ::core::primitive::bool = true;
        )
    });
    quote! {
        #[doc(hidden)]
        const _: () = {
            use #krate as _elicit;

            #[automatically_derived]
            impl _elicit::field::Choice for #ident {
                const OPTIONS: &'static [_elicit::schema::SelectOption] = &[#(#options),*];
                const DISCRIMINANTS: &'static [::core::primitive::i128] =
                    &[#(Self::#names as ::core::primitive::i128),*];
                #enum_names
                #translations

                fn index(&self) -> ::core::primitive::usize {
                    match *self {
                        #(Self::#names => #positions,)*
                    }
                }

                fn from_index(
                    __elicit_index: ::core::primitive::usize,
                ) -> ::core::option::Option<Self> {
                    match __elicit_index {
                        #(#positions => ::core::option::Option::Some(Self::#names),)*
                        _ => ::core::option::Option::None,
                    }
                }
            }

            #[automatically_derived]
            #[diagnostic::do_not_recommend]
            impl _elicit::FormField for #ident {
                const SHAPE: _elicit::__private::FieldShape =
                    _elicit::__private::single_select::<Self>();

                fn from_value(
                    __elicit_value: &_elicit::__private::Value,
                ) -> ::core::result::Result<Self, _elicit::field::Refusal> {
                    _elicit::__private::single_from_value(__elicit_value)
                }

                fn from_option(
                    __elicit_index: ::core::primitive::usize,
                ) -> ::core::option::Option<Self> {
                    <Self as _elicit::field::Choice>::from_index(__elicit_index)
                }

                fn to_value(&self) -> ::core::option::Option<_elicit::__private::Value> {
                    _elicit::__private::single_to_value(self)
                }
            }

            #[automatically_derived]
            impl _elicit::field::SelectField for #ident {
                type Choice = Self;
            }

            #includes
        };
    }
}
