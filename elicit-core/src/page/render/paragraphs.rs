//! Text as paragraphs: a form's message, a description, a notice.

use maud::Render;

use super::text::Text;

/// Text as paragraphs: a blank line starts a new one, another line break is a `<br>`; each line
/// escaped. Written straight into the page (no buffer of its own).
pub(super) struct Paragraphs<'a>(pub(super) &'a str);

impl Render for Paragraphs<'_> {
    fn render_to(&self, out: &mut String) {
        // One line (most messages): one paragraph, unless it is blank.
        if !self.0.contains('\n') {
            if !self.0.trim().is_empty() {
                out.push_str("<p>");
                Text(self.0).render_to(out);
                out.push_str("</p>");
            }
            return;
        }
        for block in blocks(self.0) {
            out.push_str("<p>");
            for (i, line) in block.lines().enumerate() {
                if i > 0 {
                    out.push_str("<br>");
                }
                Text(line).render_to(out);
            }
            out.push_str("</p>");
        }
    }
}

/// The blocks of lines of `text` between blank lines (lines of nothing but white space).
fn blocks(text: &str) -> impl Iterator<Item = &str> {
    let blank = |line: &str| line.trim().is_empty();
    let line_end =
        |text: &str, from: usize| text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            let end = line_end(rest, 0);
            if !blank(&rest[..end]) {
                break;
            }
            rest = &rest[end..];
        }
        let mut end = 0;
        while end < rest.len() {
            let next = line_end(rest, end);
            if blank(&rest[end..next]) {
                break;
            }
            end = next;
        }
        let (block, tail) = rest.split_at(end);
        rest = tail;
        Some(block)
    })
}
