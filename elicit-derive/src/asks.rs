//! `#[asks]`: a `#[tool]` or `#[prompt]` method of rmcp's routers that asks forms with `?`.
//!
//! It reads the method's `Call` before any other parameter (rmcp's extractors run in the order of
//! the parameters, and `Parameters` takes the arguments away), makes the method return what
//! rmcp's router takes, and runs the body through the runtime's `Pending`, which makes its
//! `Handled` result rmcp's response and returns a form asked and swallowed. For a tool whose call
//! is a `Call<Args>`, the tool's `inputSchema` is `Args`' requested schema.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{
    Attribute, FnArg, GenericArgument, Ident, ImplItemFn, Meta, PathArguments, ReturnType, Type,
};

/// Which of rmcp's attributes the method carries.
#[derive(Clone, Copy, PartialEq)]
enum Surface {
    Tool,
    Prompt,
}

/// The expansion of `#[asks]` on `item`, or the errors that say what to write instead.
pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        return syn::Error::new(
            attr.span(),
            "`#[asks]` takes no arguments: the call's arguments are the `A` of its `call: Call<A>` parameter",
        )
        .to_compile_error();
    }
    let Ok(mut method) = syn::parse2::<ImplItemFn>(item.clone()) else {
        return with_item(
            syn::Error::new(
                Span::call_site(),
                "`#[asks]` goes on an `async fn` method of a `#[tool_router]` or `#[prompt_router]` impl, above its `#[tool]` or `#[prompt]`",
            ),
            item,
        );
    };
    let surface = surface(&method.attrs);
    match rewrite(&mut method) {
        Ok(()) => method.into_token_stream(),
        Err(error) => match surface {
            Ok(surface) => with_stub(error, &method, surface),
            Err(_) => with_item(error, item),
        },
    }
}

/// `error`, beside a stub of the method that rmcp's router takes (as serde's derive writes a
/// dummy impl): the router's own error, which would name none of this, is not added to it.
fn with_stub(error: syn::Error, method: &ImplItemFn, surface: Surface) -> TokenStream {
    let error = error.to_compile_error();
    let attrs = &method.attrs;
    let vis = &method.vis;
    let ident = &method.sig.ident;
    let receiver = method.sig.receiver().map(|r| quote!(#r));
    let runtime = quote!(::mcp_elicit::__private::rmcp);
    let response = match surface {
        Surface::Tool => quote!(#runtime::CallToolResponse),
        Surface::Prompt => quote!(#runtime::PromptResponse),
    };
    // The types the method named, named again, so that the imports of them are still used and
    // the error stands alone.
    let named = method
        .sig
        .inputs
        .iter()
        .filter_map(|input| match input {
            FnArg::Typed(typed) => Some(&*typed.ty),
            FnArg::Receiver(_) => None,
        })
        .chain(match &method.sig.output {
            ReturnType::Type(_, returned) => Some(&**returned),
            ReturnType::Default => None,
        })
        .filter(|ty| !matches!(ty, Type::ImplTrait(_)));
    quote! {
        #error
        #(#attrs)*
        #vis fn #ident(#receiver) -> ::core::result::Result<#response, #runtime::ErrorData> {
            let _: ::core::marker::PhantomData<(#(#named,)*)>;
            ::core::unimplemented!()
        }
    }
}

/// `error`, beside the item as it was written (so that the method's other errors still show and
/// its uses still resolve).
fn with_item(error: syn::Error, item: TokenStream) -> TokenStream {
    let error = error.to_compile_error();
    quote!(#error #item)
}

fn rewrite(method: &mut ImplItemFn) -> syn::Result<()> {
    let surface = surface(&method.attrs)?;
    if method.sig.asyncness.is_none() {
        return Err(syn::Error::new(
            method.sig.fn_token.span(),
            "`#[asks]` goes on an `async fn`, above `#[tool]` or `#[prompt]`: below them, it meets the method they have already rewritten",
        ));
    }
    let ReturnType::Type(_, returned) = &method.sig.output else {
        return Err(syn::Error::new(
            method.sig.ident.span(),
            "a method marked `#[asks]` returns `mcp_elicit::rmcp::Handled<T>`: write `-> Handled` (a `CallToolResult`) or `-> Handled<String>` for a tool, `-> Handled<GetPromptResult>` for a prompt",
        ));
    };
    let returned = (**returned).clone();

    let (index, call_pattern, call_type, arguments) = call_parameter(method)?;
    if let Some(arguments) = &arguments {
        if surface == Surface::Prompt {
            return Err(syn::Error::new(
                arguments.span(),
                "a prompt's arguments are strings, not a form: take `call: Call` and read them with `call.raw_arguments()`",
            ));
        }
        if let Some(parameters) = parameters_argument(method) {
            return Err(syn::Error::new(
                parameters.span(),
                "this tool's arguments are the `A` of its `Call<A>`: read them with `call.arguments().await?` and drop rmcp's `Parameters`",
            ));
        }
        add_input_schema(&mut method.attrs, arguments)?;
    }

    // The call is read first, whatever the order the method wrote its parameters in.
    let part = Ident::new("__mcp_elicit_call", Span::mixed_site());
    let pending = Ident::new("__mcp_elicit_pending", Span::mixed_site());
    let arguments_type = arguments.map_or_else(|| quote!(()), ToTokens::into_token_stream);
    method.sig.inputs = method
        .sig
        .inputs
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != index)
        .map(|(_, input)| input.clone())
        .collect();
    let first = usize::from(method.sig.receiver().is_some());
    let runtime = quote!(::mcp_elicit::__private::rmcp);
    method.sig.inputs.insert(
        first,
        syn::parse_quote!(#part: #runtime::CallPart<#arguments_type>),
    );
    let span = returned.span();
    let (response, finish) = match surface {
        Surface::Tool => (
            quote!(#runtime::CallToolResponse),
            quote!(#runtime::ToolReturn),
        ),
        Surface::Prompt => (
            quote!(#runtime::PromptResponse),
            quote!(#runtime::PromptReturn),
        ),
    };
    method.sig.output = syn::parse_quote_spanned! {span=>
        -> ::core::result::Result<#response, #runtime::ErrorData>
    };
    let body = &method.block;
    let finish =
        quote_spanned! {span=> <#returned as #finish>::finish(#pending, async move #body).await };
    method.block = syn::parse_quote!({
        let #part = #part.into_call();
        let #pending = #runtime::Pending::of(&#part);
        let #call_pattern: #call_type = #part;
        #finish
    });
    Ok(())
}

/// `#[tool]` or `#[prompt]`, among the method's other attributes.
fn surface(attrs: &[Attribute]) -> syn::Result<Surface> {
    let found = attrs.iter().find_map(|attr| {
        let last = attr.path().segments.last()?;
        if last.ident == "tool" {
            Some(Surface::Tool)
        } else if last.ident == "prompt" {
            Some(Surface::Prompt)
        } else {
            None
        }
    });
    found.ok_or_else(|| {
        syn::Error::new(
            Span::call_site(),
            "`#[asks]` goes above rmcp's `#[tool]` or `#[prompt]` (it reads which of them the method is; below them, it meets the method they have already rewritten)",
        )
    })
}

/// The method's `Call` parameter: its position, pattern, type, and the tool's arguments (`A` of
/// `Call<A>`, when not `()`).
fn call_parameter(method: &ImplItemFn) -> syn::Result<(usize, syn::Pat, Type, Option<Type>)> {
    let mut calls = method
        .sig
        .inputs
        .iter()
        .enumerate()
        .filter_map(|(i, input)| match input {
            FnArg::Typed(typed) => call_arguments(&typed.ty).map(|a| (i, typed, a.0)),
            FnArg::Receiver(_) => None,
        });
    let Some((index, typed, arguments)) = calls.next() else {
        return Err(syn::Error::new(
            method.sig.inputs.span(),
            "a method marked `#[asks]` takes the call it handles: add `call: Call` to its parameters (`call: Call<Args>` for a tool whose arguments are the derived `Args`), and ask with `call.ask::<Form>().await?`",
        ));
    };
    if let Some((_, second, _)) = calls.next() {
        return Err(syn::Error::new(
            second.ty.span(),
            "a method marked `#[asks]` takes its call once",
        ));
    }
    Ok((index, (*typed.pat).clone(), (*typed.ty).clone(), arguments))
}

/// The `A` of a `Call<A>`: `None` for `Call` and `Call<()>`.
struct Arguments(Option<Type>);

/// `Some` when `ty` is a `Call`, with its arguments.
fn call_arguments(ty: &Type) -> Option<Arguments> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Call" {
        return None;
    }
    let PathArguments::AngleBracketed(generics) = &last.arguments else {
        return Some(Arguments(None));
    };
    let arguments = generics.args.iter().find_map(|argument| match argument {
        GenericArgument::Type(Type::Tuple(unit)) if unit.elems.is_empty() => None,
        GenericArgument::Type(ty) => Some(ty.clone()),
        _ => None,
    });
    Some(Arguments(arguments))
}

/// rmcp's `Parameters<..>` among the method's parameters.
fn parameters_argument(method: &ImplItemFn) -> Option<&Type> {
    method.sig.inputs.iter().find_map(|input| match input {
        FnArg::Typed(typed) => match &*typed.ty {
            Type::Path(path)
                if path
                    .path
                    .segments
                    .last()
                    .is_some_and(|last| last.ident == "Parameters") =>
            {
                Some(&*typed.ty)
            }
            _ => None,
        },
        FnArg::Receiver(_) => None,
    })
}

/// `input_schema = <A's requested schema>` added to the method's `#[tool]`.
fn add_input_schema(attrs: &mut [Attribute], arguments: &Type) -> syn::Result<()> {
    let schema = quote!(input_schema = ::mcp_elicit::__private::rmcp::input_schema::<#arguments>());
    let Some(tool) = attrs.iter_mut().find(|attr| {
        attr.path()
            .segments
            .last()
            .is_some_and(|last| last.ident == "tool")
    }) else {
        return Ok(());
    };
    match &mut tool.meta {
        Meta::Path(path) => {
            let path = path.clone();
            tool.meta = syn::parse_quote!(#path(#schema));
        }
        Meta::List(list) => {
            if list
                .tokens
                .clone()
                .into_iter()
                .any(|token| token.to_string() == "input_schema")
            {
                return Err(syn::Error::new(
                    list.tokens.span(),
                    "this tool's `inputSchema` is the requested schema of the `A` of its `Call<A>`: drop `input_schema` here",
                ));
            }
            let tokens = &list.tokens;
            list.tokens = if tokens.is_empty() {
                schema
            } else {
                quote!(#tokens, #schema)
            };
        }
        Meta::NameValue(_) => {}
    }
    Ok(())
}
