//! One language's `.ftl` files, read when the form compiles: every message of every file in the
//! language's folder, parsed with Fluent's own parser.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

use crate::ctxt::Ctxt;

/// The messages of one language: what its folder's files say, by message id.
pub(super) struct Catalog {
    /// The folder as the user names it: `locales/fr/`.
    pub(super) folder: String,
    pub(super) messages: HashMap<String, Message>,
    /// Every file read, for the generated code to include so that cargo rebuilds on a change.
    pub(super) files: Vec<PathBuf>,
}

/// One Fluent message: its value and attributes, each as plain text or `Err` when it holds a
/// placeable.
pub(super) struct Message {
    /// The file as the user names it: `locales/fr/main.ftl`.
    pub(super) file: String,
    pub(super) value: Option<Text>,
    pub(super) attributes: Vec<(String, Text)>,
}

/// A pattern's text, or `Err(())` when it fills something in (`{ $name }`, `{ -term }`).
pub(super) type Text = Result<String, ()>;

/// Reads every `*.ftl` file of `<root>/<path>/<tag>/`, in name order. Problems (no folder, a file
/// that cannot be read, a Fluent syntax error, a message given twice) are reported at `lit`, the
/// language as the attribute writes it; `None` when the folder cannot be read at all.
pub(super) fn read(cx: &Ctxt, lit: &syn::LitStr, root: &Path, path: &str) -> Option<Catalog> {
    let tag = lit.value();
    let folder = format!("{}/{tag}/", path.trim_end_matches('/'));
    let dir = root.join(path).join(&tag);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        cx.error_spanned_by(
            lit,
            format!(
                "there is no folder `{folder}` beside Cargo.toml for the language `{tag}`: create it, with the `.ftl` files of the `{tag}` translation"
            ),
        );
        return None;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|file| file.extension().is_some_and(|ext| ext == "ftl") && file.is_file())
        .collect();
    files.sort();
    let mut catalog = Catalog {
        folder: folder.clone(),
        messages: HashMap::new(),
        files: Vec::new(),
    };
    for file in files {
        let name = file
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = format!("{folder}{name}");
        let Ok(source) = std::fs::read_to_string(&file) else {
            cx.error_spanned_by(
                lit,
                format!("cannot read `{shown}` as UTF-8 text: a `.ftl` file is UTF-8"),
            );
            continue;
        };
        catalog.files.push(file);
        let resource = match fluent_syntax::parser::parse(source.as_str()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                for error in errors {
                    let line = source[..error.pos.start.min(source.len())]
                        .matches('\n')
                        .count()
                        + 1;
                    cx.error_spanned_by(
                        lit,
                        format!(
                            "`{shown}`, line {line}: {}: fix the Fluent syntax",
                            error.kind
                        ),
                    );
                }
                resource
            }
        };
        for entry in resource.body {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name.to_owned();
            if let Some(first) = catalog.messages.get(&id) {
                cx.error_spanned_by(
                    lit,
                    format!(
                        "`{id}` is given twice in `{folder}`, in `{}` and in `{shown}`: keep one",
                        first.file
                    ),
                );
                continue;
            }
            let value = message.value.as_ref().map(text);
            let attributes = message
                .attributes
                .iter()
                .map(|attribute| (attribute.id.name.to_owned(), text(&attribute.value)))
                .collect();
            catalog.messages.insert(
                id,
                Message {
                    file: shown.clone(),
                    value,
                    attributes,
                },
            );
        }
    }
    Some(catalog)
}

/// A pattern as plain text: its text elements, and string literals in braces (`{ "{" }`, how
/// Fluent writes a brace); `Err` for anything filled in.
fn text(pattern: &ast::Pattern<&str>) -> Text {
    let mut out = String::new();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }),
            } => out.push_str(&unescape(value)?),
            ast::PatternElement::Placeable { .. } => return Err(()),
        }
    }
    Ok(out)
}

/// A Fluent string literal's escapes: `\"`, `\\`, `\uXXXX` and `\UXXXXXX`.
fn unescape(literal: &str) -> Text {
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(c @ ('"' | '\\')) => out.push(c),
            Some(u @ ('u' | 'U')) => {
                let digits: String = chars.by_ref().take(if u == 'u' { 4 } else { 6 }).collect();
                let c = u32::from_str_radix(&digits, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or(())?;
                out.push(c);
            }
            _ => return Err(()),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(source: &str) -> Text {
        let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
        let Some(ast::Entry::Message(message)) = resource.body.first() else {
            panic!("no message in {source:?}");
        };
        text(message.value.as_ref().unwrap())
    }

    #[test]
    fn reads_plain_text() {
        assert_eq!(
            value("a = Réserver une table\n"),
            Ok("Réserver une table".into())
        );
        assert_eq!(
            value("a =\n    line one\n    line two\n"),
            Ok("line one\nline two".into())
        );
        assert_eq!(
            value("a = braces { \"{\" }x{ \"}\" } \\u00e9\n"),
            Ok("braces {x} \\u00e9".into())
        );
        assert_eq!(value("a = { \"\\u00e9\" }\n"), Ok("é".into()));
    }

    #[test]
    fn refuses_what_is_filled_in() {
        assert_eq!(value("a = Hello { $name }\n"), Err(()));
        assert_eq!(value("a = { -brand }\n"), Err(()));
        assert_eq!(value("a = { 3 }\n"), Err(()));
    }
}
