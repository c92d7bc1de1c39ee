//! The four string formats an MCP form may require, checked as JSON Schema defines them.
//!
//! Each check is linear in the input, allocates nothing, and is a `const fn`: the same code checks
//! an answer at run time and a field's `default` at compile time. Where JSON Schema leaves room,
//! the reading follows the validator the official TypeScript SDK runs on answers (Ajv with its
//! formats), so a value one side accepts the other does too.

use crate::schema::StringFormat;

/// Whether `value` has `format`.
pub(crate) const fn matches(format: StringFormat, value: &str) -> bool {
    let b = value.as_bytes();
    match format {
        StringFormat::Email => is_email(b),
        StringFormat::Uri => is_uri(b),
        StringFormat::Date => is_date(b),
        StringFormat::DateTime => is_date_time(b),
    }
}

/// The bytes `start..end` of `b`, as a slice (range indexing is not `const`).
const fn sub(b: &[u8], start: usize, end: usize) -> &[u8] {
    let (head, _) = b.split_at(end);
    head.split_at(start).1
}

/// The position of the first `c` in `b` at or after `from`, or `b.len()`.
const fn find(b: &[u8], from: usize, c: u8) -> usize {
    let mut i = from;
    while i < b.len() && b[i] != c {
        i += 1;
    }
    i
}

/// A table of the bytes in `set`, for one lookup per byte.
const fn table(set: &[u8], alphanumeric: bool) -> [bool; 256] {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = alphanumeric && (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    let mut i = 0;
    while i < set.len() {
        table[set[i] as usize] = true;
        i += 1;
    }
    table
}

/// RFC 5322 `atext`: what an atom of an e-mail address's local part is made of.
const ATEXT: [bool; 256] = table(b"!#$%&'*+/=?^_`{|}~-", true);
/// What a hostname label is made of.
const LABEL: [bool; 256] = table(b"-", true);
/// What an RFC 3986 `reg-name` is made of: `unreserved`, `sub-delims` and the `%` of escapes.
const REG_NAME: [bool; 256] = table(b"-._~!$&'()*+,;=%", true);
/// Every byte a URI may hold but `%`: unreserved, `gen-delims` and `sub-delims`.
const URI: [bool; 256] = table(b"-._~:/?#[]@!$&'()*+,;=", true);
/// What a URI scheme is made of after its first letter.
const SCHEME: [bool; 256] = table(b"+-.", true);

/// An e-mail address: `local@domain`, the local part dot-separated atoms of RFC 5322 `atext`, the
/// domain at least two dot-separated hostname labels (letters, digits, inner hyphens, 1 to 63
/// characters each). One pass over the bytes: the local part ends at the first `@` (`atext` has
/// none, so an address with two has one in its domain, which refuses it).
const fn is_email(b: &[u8]) -> bool {
    let n = b.len();
    // Atoms: non-empty runs of atext between dots.
    let mut after_dot = true;
    let mut i = 0;
    while i < n {
        let c = b[i];
        if c == b'@' {
            break;
        }
        let dot = c == b'.';
        if (dot && after_dot) || (!dot && !ATEXT[c as usize]) {
            return false;
        }
        after_dot = dot;
        i += 1;
    }
    if i == n || i == 0 || i > 64 || after_dot {
        return false;
    }
    is_hostname(b, i + 1, true)
}

/// Whether `b[start..]` is dot-separated labels of letters, digits and inner hyphens, 1 to 63
/// characters each, at most 253 in all; with `dotted`, at least two labels.
const fn is_hostname(b: &[u8], start: usize, dotted: bool) -> bool {
    let n = b.len();
    if start >= n || n - start > 253 {
        return false;
    }
    let mut label = 0;
    let mut dots = 0;
    let mut previous = b'.';
    let mut i = start;
    while i < n {
        let c = b[i];
        if c == b'.' {
            if label == 0 || previous == b'-' {
                return false;
            }
            dots += 1;
            label = 0;
        } else if LABEL[c as usize] {
            if label == 0 && c == b'-' {
                return false;
            }
            label += 1;
            if label > 63 {
                return false;
            }
        } else {
            return false;
        }
        previous = c;
        i += 1;
    }
    label > 0 && previous != b'-' && (dots > 0 || !dotted)
}

/// An absolute URI (RFC 3986): a scheme, `:`, then only characters a URI may hold (percent
/// escapes well formed), with a well-formed authority after `//`.
const fn is_uri(b: &[u8]) -> bool {
    // The scheme: a letter, then letters, digits, `+`, `-` and `.`, up to the `:`.
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return false;
    }
    let mut colon = 1;
    while colon < b.len() && SCHEME[b[colon] as usize] {
        colon += 1;
    }
    if colon == b.len() || b[colon] != b':' {
        return false;
    }
    let rest = sub(b, colon + 1, b.len());
    if !uri_chars(rest) {
        return false;
    }
    if rest.len() >= 2 && rest[0] == b'/' && rest[1] == b'/' {
        return is_authority(rest, 2);
    }
    true
}

/// Whether every byte may stand in a URI: unreserved, reserved, or a `%` escape.
const fn uri_chars(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if URI[c as usize] {
            i += 1;
        } else if c == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            i += 3;
        } else {
            return false;
        }
    }
    true
}

/// The authority starting at `start` of `rest` (it runs to the first `/`, `?` or `#`):
/// `[userinfo@]host[:port]`, the host a name, an IPv4 address or a bracketed IP literal (empty
/// for `file:///`). The bytes are known to be URI characters with well-formed escapes.
const fn is_authority(rest: &[u8], start: usize) -> bool {
    // One pass to the end of the authority, noting its first `@` and whether a bracket comes
    // before it (userinfo holds none), and whether every byte after the last `@` seen so far
    // may stand in a registered name.
    let mut at = usize::MAX;
    let mut bracket_before_at = false;
    let mut bracket = false;
    let mut end = start;
    while end < rest.len() {
        let c = rest[end];
        match c {
            b'/' | b'?' | b'#' => break,
            b'@' if at == usize::MAX => {
                at = end;
                bracket_before_at = bracket;
            }
            b'[' | b']' => bracket = true,
            _ => {}
        }
        end += 1;
    }
    let host_start = if at == usize::MAX {
        start
    } else {
        if bracket_before_at {
            return false;
        }
        at + 1
    };
    let host_port = sub(rest, host_start, end);
    if !host_port.is_empty() && host_port[0] == b'[' {
        let close = find(host_port, 1, b']');
        if close == host_port.len() || close == 1 {
            return false;
        }
        let mut i = 1;
        while i < close {
            let c = host_port[i];
            if !(c.is_ascii_hexdigit() || matches!(c, b':' | b'.' | b'v' | b'V')) {
                return false;
            }
            i += 1;
        }
        let after = close + 1;
        if after == host_port.len() {
            return true;
        }
        if host_port[after] != b':' {
            return false;
        }
        return all_digits(sub(host_port, after + 1, host_port.len()));
    }
    // A registered name (or an IPv4 address, which is one): unreserved, sub-delims and escapes,
    // up to the `:` of the port, if any.
    let mut i = 0;
    while i < host_port.len() && REG_NAME[host_port[i] as usize] {
        i += 1;
    }
    i == host_port.len()
        || (host_port[i] == b':' && all_digits(sub(host_port, i + 1, host_port.len())))
}

const fn all_digits(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            return false;
        }
        i += 1;
    }
    true
}

/// An RFC 3339 `full-date` that exists: `2024-02-29`, not `2023-02-29`.
const fn is_date(b: &[u8]) -> bool {
    b.len() == 10 && date_ok(b)
}

/// Whether `b` starts with `YYYY-MM-DD` naming a day that exists.
const fn date_ok(b: &[u8]) -> bool {
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(b, 0, 4), digits(b, 5, 7), digits(b, 8, 10))
    else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    day >= 1 && day <= days
}

/// The ASCII digits `start..end` of `b` as a number.
const fn digits(b: &[u8], start: usize, end: usize) -> Option<u32> {
    let mut n = 0;
    let mut i = start;
    while i < end {
        if !b[i].is_ascii_digit() {
            return None;
        }
        n = n * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    Some(n)
}

/// An RFC 3339 `date-time`: a real date, `T`, `HH:MM:SS` with an optional fraction, and an
/// offset (`Z` or `±HH:MM`). A leap second (`:60`) is accepted only where it can fall: at
/// 23:59 UTC.
const fn is_date_time(b: &[u8]) -> bool {
    if b.len() < 20 || !matches!(b[10], b'T' | b't') || !date_ok(b) {
        return false;
    }
    if b[13] != b':' || b[16] != b':' {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) =
        (digits(b, 11, 13), digits(b, 14, 16), digits(b, 17, 19))
    else {
        return false;
    };
    let mut i = 19;
    if b[i] == b'.' {
        let start = i + 1;
        i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    let rest = sub(b, i, b.len());
    let offset_minutes: i64 = if rest.len() == 1 && matches!(rest[0], b'Z' | b'z') {
        0
    } else if rest.len() == 6 && matches!(rest[0], b'+' | b'-') && rest[3] == b':' {
        let (Some(h), Some(m)) = (digits(rest, 1, 3), digits(rest, 4, 6)) else {
            return false;
        };
        if h > 23 || m > 59 {
            return false;
        }
        let minutes = (h * 60 + m) as i64;
        if rest[0] == b'-' { -minutes } else { minutes }
    } else {
        return false;
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    if second == 60 {
        let utc = ((hour * 60 + minute) as i64 - offset_minutes).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

#[cfg(test)]
mod tests;
