//! A schema's `pattern` as an HTML `pattern` attribute, where a browser reads it the same way.

/// The HTML `pattern` that checks what the schema's `pattern` checks, or `None` where a browser
/// could read it otherwise.
///
/// A schema's pattern matches anywhere in the text (JSON Schema's `pattern` is not anchored: its
/// author writes `^..$` to match the whole text); an HTML `pattern` must match the whole value
/// (the browser compiles `^(?:pattern)$`, with JavaScript's `v` flag). So the pattern is wrapped
/// in `[\s\S]*(?:..)[\s\S]*`: whatever comes before and after.
///
/// The two engines read most patterns alike. Where a pattern the browser cannot compile (`(?i)`,
/// `(?P<name>..)`, `\pL`, a `-` unescaped in a class under the `v` flag), the browser ignores the
/// attribute and only the server checks: harmless. Where both compile it but mean different
/// things, the browser could refuse an answer the rules accept, and a person without JavaScript
/// could not send it at all; so the pattern is left out when it has a class that means Unicode
/// in the `regex` crate and ASCII in JavaScript (`\d`, `\w`, `\b` and their negations, and `\s`,
/// whose sets differ), or a POSIX class (`[[:alpha:]]`, a set of letters in JavaScript).
pub(super) fn html_pattern(pattern: &str) -> Option<String> {
    let b = pattern.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if matches!(
                    b.get(i + 1),
                    Some(b'd' | b'D' | b'w' | b'W' | b'b' | b'B' | b's' | b'S')
                ) {
                    return None;
                }
                i += 2;
            }
            b'[' if b.get(i + 1) == Some(&b':') => return None,
            _ => i += 1,
        }
    }
    Some(format!("[\\s\\S]*(?:{pattern})[\\s\\S]*"))
}
