//! [`Text`]: text escaped into a page by runs, for the page's frame (its title, message and
//! hidden fields), which every page writes: maud's own escape, which the fields use, looks at
//! each byte on its own; and [`Isolated`], text set apart in a `<bdi>`.

use maud::Render;

/// Text, escaped as maud escapes it (`&`, `<`, `>` and `"`; the same bytes out, a test checks),
/// a run of plain bytes copied at once.
pub(super) struct Text<'a>(pub(super) &'a str);

impl Render for Text<'_> {
    fn render_to(&self, out: &mut String) {
        let mut rest = self.0;
        while let Some(at) = rest
            .bytes()
            .position(|b| matches!(b, b'&' | b'<' | b'>' | b'"'))
        {
            // `at` is an ASCII byte's: a char boundary on both sides.
            let (plain, special) = rest.split_at(at);
            out.push_str(plain);
            out.push_str(match special.as_bytes()[0] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                _ => "&quot;",
            });
            rest = &special[1..];
        }
        out.push_str(rest);
    }
}

/// Text set apart from the text around it in a `<bdi>`, its bidi controls balanced (a name, a
/// field's title beside the crate's words): it runs in its own direction, and nothing in it
/// reorders the text after it, not even a RIGHT-TO-LEFT OVERRIDE or an early end of the isolate.
pub(super) struct Isolated<'a>(pub(super) &'a str);

impl Render for Isolated<'_> {
    fn render_to(&self, out: &mut String) {
        out.push_str("<bdi>");
        Text(&crate::lang::bidi::balanced(self.0)).render_to(out);
        out.push_str("</bdi>");
    }
}
