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
/// characters each). One pass over the bytes.
const fn is_email(b: &[u8]) -> bool {
    let n = b.len();
    // The last `@` splits local part and domain.
    let mut at = n;
    let mut i = n;
    while i > 0 {
        i -= 1;
        if b[i] == b'@' {
            at = i;
            break;
        }
    }
    if at == n || at == 0 || at > 64 {
        return false;
    }
    // Atoms: non-empty runs of atext between dots.
    let mut after_dot = true;
    let mut i = 0;
    while i < at {
        let c = b[i];
        if c == b'.' {
            if after_dot {
                return false;
            }
            after_dot = true;
        } else if ATEXT[c as usize] {
            after_dot = false;
        } else {
            return false;
        }
        i += 1;
    }
    if after_dot {
        return false;
    }
    is_hostname(b, at + 1, true)
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
        // The authority runs to the first `/`, `?` or `#`.
        let mut end = 2;
        while end < rest.len() && !matches!(rest[end], b'/' | b'?' | b'#') {
            end += 1;
        }
        return is_authority(sub(rest, 2, end));
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

/// `[userinfo@]host[:port]`, the host a name, an IPv4 address or a bracketed IP literal (empty
/// for `file:///`). The bytes are known to be URI characters with well-formed escapes.
const fn is_authority(b: &[u8]) -> bool {
    // Userinfo cannot hold an `@`: the first one ends it. It holds no brackets either.
    let at = find(b, 0, b'@');
    let host_start = if at == b.len() { 0 } else { at + 1 };
    let mut i = 0;
    while host_start > 0 && i < at {
        if matches!(b[i], b'[' | b']') {
            return false;
        }
        i += 1;
    }
    let host_port = sub(b, host_start, b.len());
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
    let mut end = 0;
    while end < host_port.len() && REG_NAME[host_port[end] as usize] {
        end += 1;
    }
    end == host_port.len()
        || (host_port[end] == b':' && all_digits(sub(host_port, end + 1, host_port.len())))
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
mod tests {
    use super::*;

    fn email(s: &str) -> bool {
        matches(StringFormat::Email, s)
    }
    fn uri(s: &str) -> bool {
        matches(StringFormat::Uri, s)
    }
    fn date(s: &str) -> bool {
        matches(StringFormat::Date, s)
    }
    fn date_time(s: &str) -> bool {
        matches(StringFormat::DateTime, s)
    }

    #[test]
    fn emails() {
        for ok in [
            "ada@example.com",
            "first.last+tag@sub.example.co.uk",
            "o'brien@example.ie",
            "x@a-b.io",
            "UPPER@EXAMPLE.COM",
            "1234@example.com",
            "a@b.c",
        ] {
            assert!(email(ok), "{ok}");
        }
        for bad in [
            "",
            "plainaddress",
            "@example.com",
            "ada@",
            "ada@localhost",
            "ada@@example.com",
            "ada example@example.com",
            ".ada@example.com",
            "ada.@example.com",
            "a..b@example.com",
            "ada@-example.com",
            "ada@example-.com",
            "ada@example..com",
            "ada@.example.com",
            "ada@example.com.",
            "ada@exa_mple.com",
            "adä@example.com",
            "ada@example.com ",
        ] {
            assert!(!email(bad), "{bad}");
        }
        assert!(!email(&format!("{}@example.com", "a".repeat(65))));
        assert!(email(&format!("{}@example.com", "a".repeat(64))));
        assert!(!email(&format!("a@{}.com", "b".repeat(64))));
    }

    #[test]
    fn uris() {
        for ok in [
            "https://example.com",
            "https://example.com/path?q=1#frag",
            "http://user:pw@example.com:8080/",
            "mailto:ada@example.com",
            "urn:isbn:0451450523",
            "file:///etc/hosts",
            "https://[2001:db8::1]:443/",
            "https://[::1]",
            "https://127.0.0.1/",
            "https://example.com/a%20b",
            "custom+scheme.v2:thing",
            "https://example.com:/",
            "https://user@[::1]:8080/",
            "https://a:b:c@example.com",
        ] {
            assert!(uri(ok), "{ok}");
        }
        for bad in [
            "",
            "example.com",
            "/relative/path",
            "//example.com",
            "1http://example.com",
            "ht tp://example.com",
            "https://example.com/a b",
            "https://example.com/%zz",
            "https://example.com/%2",
            "https://example.com/%",
            "https://exa mple.com",
            "https://example.com:80a/",
            "https://[::1/",
            "https://[]/",
            "https://[::1]x/",
            "https://us[er@example.com/",
            "https://example.com/ö",
            ":nothing",
            "https://a@b@example.com/",
            "https://example.com:80:90/",
            "https://exa:mple.com:80/",
        ] {
            assert!(!uri(bad), "{bad}");
        }
    }

    #[test]
    fn dates() {
        for ok in [
            "2025-11-25",
            "2024-02-29",
            "2000-02-29",
            "0001-01-01",
            "9999-12-31",
        ] {
            assert!(date(ok), "{ok}");
        }
        for bad in [
            "2023-02-29",
            "1900-02-29",
            "2025-13-01",
            "2025-00-10",
            "2025-04-31",
            "2025-01-00",
            "2025-1-01",
            "25-01-01",
            "2025/01/01",
            "2025-01-01T00:00:00Z",
            "２０２５-01-01",
            "",
        ] {
            assert!(!date(bad), "{bad}");
        }
    }

    #[test]
    fn date_times() {
        for ok in [
            "2025-11-25T09:30:00Z",
            "2025-11-25t09:30:00z",
            "2025-11-25T09:30:00.123456Z",
            "2025-11-25T09:30:00+02:00",
            "2025-11-25T09:30:00-05:30",
            "2016-12-31T23:59:60Z",
            "2016-12-31T18:59:60-05:00",
        ] {
            assert!(date_time(ok), "{ok}");
        }
        for bad in [
            "2025-11-25T09:30:00",
            "2025-11-25 09:30:00Z",
            "2025-11-25T24:00:00Z",
            "2025-11-25T09:60:00Z",
            "2025-11-25T09:30:61Z",
            "2025-11-25T09:30:60Z",
            "2025-11-25T09:30:00.Z",
            "2025-11-25T09:30:00+2:00",
            "2025-11-25T09:30:00+24:00",
            "2025-11-25T09:30:00+02:60",
            "2025-11-25T09:30Z",
            "2023-02-29T09:30:00Z",
            "2025-11-25T09:30:00ZZ",
            "2025-11-25T",
            "2025-11-25T09:30:00.5",
            "",
        ] {
            assert!(!date_time(bad), "{bad}");
        }
    }

    /// The checks run in `const` contexts: a default is checked at compile time.
    #[test]
    fn checks_are_const() {
        const {
            assert!(matches(StringFormat::DateTime, "2025-11-25T09:30:00Z"));
            assert!(!matches(StringFormat::Email, "nope"));
        }
    }
}
