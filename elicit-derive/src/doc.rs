//! Doc comments as descriptions: the text a person reads in rustdoc becomes the text a person
//! reads under the form field.
//!
//! Rustdoc renders doc comments as Markdown, so lines of one paragraph read as one line: they are
//! joined with a space, paragraphs are separated by a blank line, and list items, hard breaks
//! (two trailing spaces or a trailing `\`) and fenced code keep their line breaks. Indentation
//! common to all lines is removed, as rustdoc does, and so is the ` * ` margin of `/** */` comments.

/// The description a field's doc comments give, or `None` if it has none.
pub(crate) fn description(attrs: &[syn::Attribute]) -> Option<String> {
    let mut raw = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue; // `#[doc(hidden)]` and the like say nothing to a reader
        };
        // `#[doc = include_str!(..)]` cannot be read by a derive; it is skipped.
        if let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = &nv.value
        {
            raw.push(s.value());
        }
    }
    let text = join(&raw);
    (!text.is_empty()).then_some(text)
}

/// Joins the values of the `#[doc]` attributes as rustdoc renders them.
fn join(raw: &[String]) -> String {
    let lines: Vec<&str> = raw.iter().flat_map(|s| s.split('\n')).collect();
    let lines = strip_block_margin(lines);
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);

    let mut out = String::new();
    // What separates the next line from the text before it.
    let mut pending: Option<&str> = None;
    let mut in_code = false;
    for line in lines {
        let line = line.get(indent..).unwrap_or_else(|| line.trim_start());
        let trimmed = line.trim();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_code = !in_code;
            push(&mut out, &mut pending, "\n", line.trim_end());
            pending = Some("\n");
            continue;
        }
        if in_code {
            push(&mut out, &mut pending, "\n", line.trim_end());
            pending = Some("\n");
            continue;
        }
        if trimmed.is_empty() {
            if !out.is_empty() {
                pending = Some("\n\n");
            }
            continue;
        }
        let separator = if starts_list_item(trimmed) { "\n" } else { " " };
        let hard_break = line.ends_with("  ") || line.trim_end().ends_with('\\');
        let text = trimmed.strip_suffix('\\').map_or(trimmed, str::trim_end);
        push(&mut out, &mut pending, separator, text);
        pending = Some(if hard_break { "\n" } else { " " });
    }
    out
}

/// Appends `text` after the pending separator; the blank-line separator beats a weaker one.
fn push<'a>(out: &mut String, pending: &mut Option<&'a str>, weakest: &'a str, text: &str) {
    if !out.is_empty() {
        let sep = match *pending {
            Some("\n\n") => "\n\n",
            Some(" ") | None => weakest,
            Some(sep) => sep,
        };
        out.push_str(sep);
    }
    *pending = None;
    out.push_str(text);
}

/// Whether a line starts a Markdown list item (`- `, `* `, `+ `, `1. `, `1) `).
fn starts_list_item(line: &str) -> bool {
    if ["- ", "* ", "+ "].iter().any(|m| line.starts_with(m)) {
        return true;
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && (line[digits..].starts_with(". ") || line[digits..].starts_with(") "))
}

/// Drops the ` * ` margin of a `/** .. */` comment whose every line after the first (the first
/// may stand on the `/**` line itself) is blank or has one.
fn strip_block_margin(lines: Vec<&str>) -> Vec<&str> {
    let has_margin = |l: &&str| l.trim().is_empty() || l.trim_start().starts_with('*');
    if lines.len() < 2 || !lines[1..].iter().all(has_margin) {
        return lines;
    }
    let mut out = Vec::with_capacity(lines.len());
    out.push(lines[0]);
    out.extend(lines[1..].iter().map(|l| {
        let rest = l.trim_start();
        rest.strip_prefix('*').unwrap_or(rest)
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(lines: &[&str]) -> String {
        join(
            &lines
                .iter()
                .map(std::string::ToString::to_string)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn one_line() {
        assert_eq!(doc(&[" Your display name"]), "Your display name");
    }

    #[test]
    fn lines_of_a_paragraph_read_as_one() {
        assert_eq!(
            doc(&[" Your display name,", " shown to others."]),
            "Your display name, shown to others."
        );
    }

    #[test]
    fn paragraphs_stay_apart() {
        assert_eq!(
            doc(&[" First.", "", "", " Second", " part.", ""]),
            "First.\n\nSecond part."
        );
    }

    #[test]
    fn leading_and_trailing_blank_lines_are_dropped() {
        assert_eq!(doc(&["", " ", " Text", "  "]), "Text");
    }

    #[test]
    fn common_indentation_is_removed_but_relative_kept() {
        assert_eq!(doc(&["   a", "     b"]), "a b");
        assert_eq!(doc(&["no space", " one space"]), "no space one space");
    }

    #[test]
    fn list_items_keep_their_lines() {
        assert_eq!(
            doc(&[" Pick one:", " - red", " - green", "   and blue", " 2. two"]),
            "Pick one:\n- red\n- green and blue\n2. two"
        );
    }

    #[test]
    fn hard_breaks_keep_their_lines() {
        assert_eq!(doc(&[" one  ", " two\\", " three"]), "one\ntwo\nthree");
    }

    #[test]
    fn fenced_code_is_verbatim() {
        assert_eq!(
            doc(&[
                " Example:",
                " ```",
                " let x =",
                "     1;",
                " ```",
                " After."
            ]),
            "Example:\n```\nlet x =\n    1;\n```\nAfter."
        );
    }

    #[test]
    fn block_comments_lose_their_margin() {
        assert_eq!(
            doc(&["\n * The user's age.\n * In years.\n "]),
            "The user's age. In years."
        );
        assert_eq!(
            doc(&[" The user's age,\n     *  in whole years. "]),
            "The user's age, in whole years."
        );
        assert_eq!(
            doc(&["\n    Plain block\n    comment\n"]),
            "Plain block comment"
        );
    }

    #[test]
    fn nothing_is_nothing() {
        assert_eq!(doc(&[]), "");
        assert_eq!(doc(&["", "   "]), "");
    }
}
