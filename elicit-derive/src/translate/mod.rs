//! `#[elicit(translations(..))]`: each declared language's texts of a form or a select, read
//! from its `.ftl` files when the form compiles and checked there, so that a translation that
//! lacks a text, translates what must not change, or fills something in is a compile error.
//!
//! The message ids come from the names: the form `BookTable` is `book-table` (its value the
//! form's message, `.title` and `.description` its own), its field `party_size` is
//! `book-table-party-size` (the value its title, `.description` its description); the option
//! `Window` of the enum `Seating` is `seating-window`. `#[elicit(ftl = "..")]` names another id
//! (on the type, the prefix of its fields' and options' ids too).

use std::path::PathBuf;

use syn::ext::IdentExt;

use crate::ast::{Form, Input, Variant};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;

mod ftl;

/// What one declared language gives.
pub(crate) struct Language<T> {
    /// The tag, as written in `languages(..)`.
    pub(crate) tag: String,
    pub(crate) texts: T,
    /// Every file read, for the generated code to include.
    pub(crate) files: Vec<PathBuf>,
}

/// A title and a description, in one language.
pub(crate) struct Labels {
    pub(crate) title: Option<String>,
    pub(crate) description: Option<String>,
}

/// A form's texts in one language.
pub(crate) struct FormTexts {
    pub(crate) message: String,
    /// The form's own title and description.
    pub(crate) labels: Labels,
    /// Each field's, in declaration order.
    pub(crate) fields: Vec<Labels>,
}

/// The form's texts in each declared language (none without `translations`).
pub(crate) fn form(cx: &Ctxt, input: &Input<'_>, form: &Form<'_>) -> Vec<Language<FormTexts>> {
    let ident = &input.original.ident;
    let prefix = prefix(input);
    let form_owner = format!("the form `{ident}`");
    let description = input.attrs.description.as_ref().map(|d| &d.value);
    let mut slots = vec![
        Slot::value(&prefix, &form_owner, "message", true),
        Slot::attribute(&prefix, "title", &form_owner, input.attrs.title.is_some()),
        Slot::attribute(
            &prefix,
            "description",
            &form_owner,
            description.or(input.attrs.doc.as_ref()).is_some(),
        ),
    ];
    for field in &form.fields {
        let name = field.ident.unraw().to_string();
        let id = child_id(
            &prefix,
            field.attrs.ftl.as_ref(),
            &RenameRule::Kebab.apply_to_field(&name),
        );
        let owner = format!("the field `{name}`");
        let described = field.attrs.description.is_some() || field.attrs.doc.is_some();
        slots.push(Slot::value(
            &id,
            &owner,
            "title",
            field.attrs.title.is_some(),
        ));
        slots.push(Slot::attribute(&id, "description", &owner, described));
    }
    languages(cx, input, &slots)
        .into_iter()
        .map(|language| {
            let mut texts = language.texts.into_iter();
            let mut next = || texts.next().flatten();
            let message = next().unwrap_or_default();
            let labels = Labels {
                title: next(),
                description: next(),
            };
            let fields = form
                .fields
                .iter()
                .map(|_| Labels {
                    title: next(),
                    description: next(),
                })
                .collect();
            Language {
                tag: language.tag,
                texts: FormTexts {
                    message,
                    labels,
                    fields,
                },
                files: language.files,
            }
        })
        .collect()
}

/// The options' titles and descriptions in each declared language (none without
/// `translations`).
pub(crate) fn select(
    cx: &Ctxt,
    input: &Input<'_>,
    variants: &[Variant<'_>],
) -> Vec<Language<Vec<Labels>>> {
    let ident = &input.original.ident;
    let prefix = prefix(input);
    let mut slots = Vec::new();
    for variant in variants {
        let name = variant.ident.unraw().to_string();
        let id = child_id(
            &prefix,
            variant.attrs.ftl.as_ref(),
            &RenameRule::Kebab.apply_to_variant(&name),
        );
        let owner = format!("the option `{name}` of `{ident}`");
        slots.push(Slot::value(
            &id,
            &owner,
            "title",
            variant.attrs.title.is_some(),
        ));
        slots.push(Slot::attribute(
            &id,
            "description",
            &owner,
            variant.attrs.description().is_some(),
        ));
    }
    languages(cx, input, &slots)
        .into_iter()
        .map(|language| {
            let mut texts = language.texts.into_iter();
            let labels = variants
                .iter()
                .map(|_| Labels {
                    title: texts.next().flatten(),
                    description: texts.next().flatten(),
                })
                .collect();
            Language {
                tag: language.tag,
                texts: labels,
                files: language.files,
            }
        })
        .collect()
}

/// The type's message id: `ftl = ".."`, or its name in kebab-case.
fn prefix(input: &Input<'_>) -> String {
    match &input.attrs.ftl {
        Some(ftl) => ftl.value.value(),
        None => RenameRule::Kebab.apply_to_variant(&input.original.ident.unraw().to_string()),
    }
}

/// A field's or an option's message id: its `ftl = ".."`, or `<prefix>-<its name in kebab-case>`.
fn child_id(prefix: &str, ftl: Option<&crate::attr::Attr<syn::LitStr>>, kebab: &str) -> String {
    match ftl {
        Some(ftl) => ftl.value.value(),
        None => format!("{prefix}-{kebab}"),
    }
}

/// One text a translation may give: the value (`attribute: None`) or an attribute of a message.
struct Slot {
    id: String,
    attribute: Option<&'static str>,
    /// What has the text, in words: "the field `party_size`".
    owner: String,
    /// What the text is: "title", "message", "description".
    noun: &'static str,
    /// Whether the code gives the text, so every language must.
    required: bool,
}

impl Slot {
    fn value(id: &str, owner: &str, noun: &'static str, required: bool) -> Self {
        Slot {
            id: id.to_owned(),
            attribute: None,
            owner: owner.to_owned(),
            noun,
            required,
        }
    }

    fn attribute(id: &str, attribute: &'static str, owner: &str, required: bool) -> Self {
        Slot {
            id: id.to_owned(),
            attribute: Some(attribute),
            owner: owner.to_owned(),
            noun: attribute,
            required,
        }
    }

    /// What to write to give the text, where: "add `book-table = ...` to a `.ftl` file in
    /// `locales/fr/`".
    fn fix(&self, folder: &str) -> String {
        match self.attribute {
            None => format!("add `{} = ...` to a `.ftl` file in `{folder}`", self.id),
            Some(attribute) => format!(
                "add `.{attribute} = ...` under `{}` in a `.ftl` file in `{folder}`",
                self.id
            ),
        }
    }

    fn name(&self) -> String {
        match self.attribute {
            None => self.id.clone(),
            Some(attribute) => format!("{}.{attribute}", self.id),
        }
    }
}

/// Each declared language, with the text of each slot (in order) that its files give.
fn languages(cx: &Ctxt, input: &Input<'_>, slots: &[Slot]) -> Vec<Language<Vec<Option<String>>>> {
    let Some(translations) = &input.attrs.translations else {
        return Vec::new();
    };
    let Some(root) = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from) else {
        cx.error_spanned_by(
            &translations.value.path,
            "`translations` reads its folder beside Cargo.toml, and `CARGO_MANIFEST_DIR` is not set: build with cargo",
        );
        return Vec::new();
    };
    let path = translations.value.path.value();
    let mut out = Vec::new();
    for lit in &translations.value.languages {
        let Some(catalog) = ftl::read(cx, lit, &root, &path) else {
            continue;
        };
        let tag = lit.value();
        check_attributes(cx, lit, &catalog, slots);
        let texts = slots
            .iter()
            .map(|slot| text(cx, lit, &catalog, slot))
            .collect();
        out.push(Language {
            tag,
            texts,
            files: catalog.files,
        });
    }
    out
}

/// The text the catalog gives for `slot`, reporting it when the code has the text and the
/// catalog does not, when it fills something in, or when it is empty: a client shows a title as
/// the label and a description as help, and an empty one in one language hides what the code
/// says in its own (the check the code's own texts pass, in `valid.rs`).
fn text(cx: &Ctxt, lit: &syn::LitStr, catalog: &ftl::Catalog, slot: &Slot) -> Option<String> {
    let message = catalog.messages.get(&slot.id);
    let given = message.and_then(|message| match slot.attribute {
        None => message.value.as_ref(),
        Some(attribute) => message
            .attributes
            .iter()
            .find(|(name, _)| name == attribute)
            .map(|(_, text)| text),
    });
    match given {
        Some(Ok(text)) if text.trim().is_empty() => {
            let file = message.map(|m| m.file.as_str()).unwrap_or_default();
            let fix = if slot.required {
                "give a text".to_owned()
            } else {
                format!("give a text, or leave `{}` out", slot.name())
            };
            cx.error_spanned_by(
                lit,
                format!(
                    "{} has an empty {} in `{}` (`{}` in `{file}`): {fix}",
                    slot.owner,
                    slot.noun,
                    lit.value(),
                    slot.name()
                ),
            );
            None
        }
        Some(Ok(text)) => Some(text.clone()),
        Some(Err(())) => {
            let file = message.map(|m| m.file.as_str()).unwrap_or_default();
            cx.error_spanned_by(
                lit,
                format!(
                    "`{}` in `{file}` fills something in with `{{ ... }}`, and a form's texts are plain text: write the text out (a brace is written `{{ \"{{\" }}`)",
                    slot.name()
                ),
            );
            None
        }
        None if slot.required => {
            cx.error_spanned_by(
                lit,
                format!(
                    "{} has no {} in `{}`: {}",
                    slot.owner,
                    slot.noun,
                    lit.value(),
                    slot.fix(&catalog.folder)
                ),
            );
            None
        }
        None => None,
    }
}

/// Refuses an attribute of one of the form's messages that is not one of its texts (`.minimum`,
/// `.const`, `.key`): a value, key, format or bound is the same in every language.
fn check_attributes(cx: &Ctxt, lit: &syn::LitStr, catalog: &ftl::Catalog, slots: &[Slot]) {
    let mut seen: Vec<&str> = Vec::new();
    for slot in slots {
        if seen.contains(&slot.id.as_str()) {
            continue;
        }
        seen.push(&slot.id);
        let Some(message) = catalog.messages.get(&slot.id) else {
            continue;
        };
        let allowed: Vec<&str> = slots
            .iter()
            .filter(|s| s.id == slot.id)
            .filter_map(|s| s.attribute)
            .collect();
        for (name, _) in &message.attributes {
            if allowed.contains(&name.as_str()) {
                continue;
            }
            let noun = slots
                .iter()
                .find(|s| s.id == slot.id && s.attribute.is_none())
                .map_or("title", |s| s.noun);
            let mut texts: Vec<String> = vec![format!("the {noun} (the message's value)").replace(
                "the message (the message's value)",
                "the message (its value)",
            )];
            texts.extend(allowed.iter().map(|a| format!("`.{a}`")));
            let last = texts.pop().unwrap_or_default();
            cx.error_spanned_by(
                lit,
                format!(
                    "`{}.{name}` in `{}`: a value, key, format or bound is never translated, so that what the server reads back is the same in every language; translate {} and {last} only",
                    slot.id,
                    message.file,
                    texts.join(", ")
                ),
            );
        }
    }
}
