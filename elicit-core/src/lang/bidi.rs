//! Text set among other text in either direction: [`balanced`] keeps the bidi controls a text
//! holds from reaching past its end, and [`isolated`] sets it apart with FSI and PDI, so that a
//! Latin name in an Arabic sentence (or a Hebrew one in an English sentence) keeps the punctuation
//! around it where the sentence puts it.

use std::borrow::Cow;

/// FIRST STRONG ISOLATE: the text up to the matching PDI runs in its own direction, the one its
/// first strong letter has.
pub(crate) const FSI: char = '\u{2068}';

/// POP DIRECTIONAL ISOLATE: ends the isolate an FSI (or LRI, RLI) opened.
pub(crate) const PDI: char = '\u{2069}';

/// POP DIRECTIONAL FORMATTING: ends the embedding or override an LRE, RLE, LRO or RLO opened.
const PDF: char = '\u{202c}';

/// How many embeddings and isolates a text may hold open at once, as the Unicode Bidirectional
/// Algorithm counts them (its `max_depth`): an opener past them is dropped.
const MAX_DEPTH: usize = 125;

/// What a bidi control does to the text after it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Control {
    /// LRE, RLE, LRO, RLO: an embedding or override, until a PDF.
    Embedding,
    /// LRI, RLI, FSI: an isolate, until a PDI.
    Isolate,
    /// PDF.
    EndEmbedding,
    /// PDI.
    EndIsolate,
}

fn control(c: char) -> Option<Control> {
    match c {
        '\u{202a}' | '\u{202b}' | '\u{202d}' | '\u{202e}' => Some(Control::Embedding),
        '\u{2066}' | '\u{2067}' | '\u{2068}' => Some(Control::Isolate),
        '\u{202c}' => Some(Control::EndEmbedding),
        '\u{2069}' => Some(Control::EndIsolate),
        _ => None,
    }
}

/// `text` with its bidi controls balanced: an end that closes nothing the text opened is dropped,
/// and whatever the text leaves open is closed at its end. What a control does then stays within
/// the text (a RIGHT-TO-LEFT OVERRIDE in a name reverses the name, never the words after it), and
/// a text set in an isolate cannot end the isolate early. A text without controls (nearly every
/// one) is borrowed as it is; the rest cost time and memory linear in their length.
pub(crate) fn balanced(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| control(c).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut open: Vec<Control> = Vec::new();
    let mut out = String::with_capacity(text.len() + 3);
    for c in text.chars() {
        match control(c) {
            None => out.push(c),
            Some(opener @ (Control::Embedding | Control::Isolate)) => {
                if open.len() < MAX_DEPTH {
                    open.push(opener);
                    out.push(c);
                }
            }
            // A PDF ends the innermost embedding, and nothing past an isolate.
            Some(Control::EndEmbedding) => {
                if open.last() == Some(&Control::Embedding) {
                    open.pop();
                    out.push(c);
                }
            }
            // A PDI ends the innermost isolate and every embedding opened inside it.
            Some(Control::EndIsolate) => {
                if let Some(at) = open.iter().rposition(|&o| o == Control::Isolate) {
                    open.truncate(at);
                    out.push(c);
                }
            }
        }
    }
    for opener in open.iter().rev() {
        out.push(if *opener == Control::Isolate {
            PDI
        } else {
            PDF
        });
    }
    Cow::Owned(out)
}

/// `text` ([`balanced`]) between FSI and PDI: set among other text, it runs in its own
/// direction, and the text around it keeps its order.
pub(crate) fn isolated(text: &str) -> String {
    let text = balanced(text);
    let mut out = String::with_capacity(text.len() + 2 * FSI.len_utf8());
    out.push(FSI);
    out.push_str(&text);
    out.push(PDI);
    out
}

#[cfg(test)]
mod tests {
    use super::{balanced, isolated};

    #[test]
    fn text_without_controls_is_borrowed() {
        assert!(matches!(
            balanced("Ada Lovelace"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert!(matches!(balanced("עדה"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn what_a_text_opens_it_closes() {
        // An override left open is closed at the end.
        assert_eq!(balanced("evil\u{202e}moc"), "evil\u{202e}moc\u{202c}");
        // An isolate ended early: the stray PDI is dropped, the RLO closed.
        assert_eq!(balanced("\u{2069}\u{202e}x"), "\u{202e}x\u{202c}");
        // A stray PDF closes nothing of the text's: dropped.
        assert_eq!(balanced("a\u{202c}b"), "ab");
        // A PDF does not reach past an isolate; a PDI ends the embeddings inside it.
        assert_eq!(
            balanced("\u{2067}\u{202b}a\u{2069}\u{202c}b"),
            "\u{2067}\u{202b}a\u{2069}b"
        );
        // Balanced text stays as it is.
        assert_eq!(
            balanced("\u{2068}API\u{2069} key"),
            "\u{2068}API\u{2069} key"
        );
        // Openers past the depth are dropped; what is kept is closed.
        let deep = "\u{202e}".repeat(200);
        let kept = balanced(&deep);
        assert_eq!(kept.chars().filter(|&c| c == '\u{202e}').count(), 125);
        assert_eq!(kept.chars().filter(|&c| c == '\u{202c}').count(), 125);
    }

    /// In Arabic, each text given to a message is isolated, and its controls balanced; numbers
    /// are not; English says its messages without marks.
    #[test]
    fn right_to_left_words_isolate_the_texts_they_are_given() {
        use crate::lang::{Word, Words, args};
        let arabic = Words::get("ar").unwrap();
        assert_eq!(
            arabic.say_with(
                Word::ProblemLine,
                &args!("field" => "C#", "problem" => "x\u{2069}\u{202e}y"),
            ),
            "\u{2068}C#\u{2069}: \u{2068}x\u{202e}y\u{202c}\u{2069}"
        );
        let too_short =
            arabic.say_with(Word::ProblemTooShort, &args!("minimum" => 3, "found" => 1));
        assert!(!too_short.contains(['\u{2068}', '\u{2069}']), "{too_short}");
        let english = Words::english();
        assert_eq!(
            english.say_with(
                Word::ProblemLine,
                &args!("field" => "C#", "problem" => "is short")
            ),
            "C#: is short"
        );
    }

    #[test]
    fn an_isolated_text_is_between_fsi_and_pdi() {
        assert_eq!(isolated("C#"), "\u{2068}C#\u{2069}");
        assert_eq!(isolated("a\u{2069}b"), "\u{2068}ab\u{2069}");
    }
}
