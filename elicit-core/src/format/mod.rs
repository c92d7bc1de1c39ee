//! The four string formats an MCP form may require, checked as JSON Schema defines them.
//!
//! Each check is linear in the input, allocates nothing, and is a `const fn`: the same code checks
//! an answer at run time and a field's `default` at compile time. Where JSON Schema leaves room,
//! the reading follows the validator the official TypeScript SDK runs on answers (Ajv with its
//! formats), so a value one side accepts the other does too.
//!
//! The text checks are written for speed over answers: which bytes a part of an address may hold
//! is one bit of a byte's class, so each byte costs one lookup; a URI's long runs are looked up
//! eight bytes at a time ([`run`]), and only the few bytes that decide (a dot, an `@`, a `:`, an
//! escape) are looked at on their own. Dates are read at their fixed places.

use crate::schema::StringFormat;

/// Whether `value` has `format`.
#[inline(always)]
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
        #[expect(clippy::cast_possible_truncation, reason = "c < 256")]
        let byte = c as u8;
        table[c] = alphanumeric && byte.is_ascii_alphanumeric();
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

/// The classes of bytes, one bit each, that the parts of these formats are made of.
mod class {
    /// An atom of an e-mail address's local part: RFC 5322 `atext`.
    pub(super) const ATEXT: u8 = 1;
    /// A hostname label: letters, digits and hyphens.
    pub(super) const LABEL: u8 = 1 << 1;
    /// A URI, but for the `%` of escapes.
    pub(super) const URI: u8 = 1 << 2;
    /// A URI's authority (escapes included): it ends at the first byte of a URI that is not.
    pub(super) const AUTHORITY: u8 = 1 << 3;
    /// A URI's userinfo: `unreserved`, `sub-delims`, `:` and escapes; it ends at an `@`.
    pub(super) const USERINFO: u8 = 1 << 4;
    /// An RFC 3986 `reg-name`.
    pub(super) const REG_NAME: u8 = 1 << 5;
    /// A URI scheme after its first letter.
    pub(super) const SCHEME: u8 = 1 << 6;
    /// A `reg-name` without escapes: a host that needs no further look.
    pub(super) const PLAIN_HOST: u8 = 1 << 7;
}

/// Each byte's classes.
const CLASS: [u8; 256] = {
    let mut classes = [0; 256];
    let mut c = 0;
    while c < 256 {
        #[expect(clippy::cast_possible_truncation, reason = "c < 256")]
        let byte = c as u8;
        let uri = URI[c] || byte == b'%';
        let mut bits = 0;
        if ATEXT[c] {
            bits |= class::ATEXT;
        }
        if LABEL[c] {
            bits |= class::LABEL;
        }
        if URI[c] {
            bits |= class::URI;
        }
        if uri && !matches!(byte, b'/' | b'?' | b'#') {
            bits |= class::AUTHORITY;
        }
        if REG_NAME[c] || byte == b':' {
            bits |= class::USERINFO;
        }
        if REG_NAME[c] {
            bits |= class::REG_NAME;
        }
        if SCHEME[c] {
            bits |= class::SCHEME;
        }
        if REG_NAME[c] && byte != b'%' {
            bits |= class::PLAIN_HOST;
        }
        classes[c] = bits;
        c += 1;
    }
    classes
};

/// The end of the run of bytes of `class` that starts at `start`: eight bytes at a time while
/// all eight are of the class (their classes `ANDed`, no branch per byte), then one at a time.
const fn run(b: &[u8], start: usize, class: u8) -> usize {
    let mut i = start;
    while let Some(w) = b.split_at(i).1.first_chunk::<8>() {
        let all = CLASS[w[0] as usize]
            & CLASS[w[1] as usize]
            & CLASS[w[2] as usize]
            & CLASS[w[3] as usize]
            & CLASS[w[4] as usize]
            & CLASS[w[5] as usize]
            & CLASS[w[6] as usize]
            & CLASS[w[7] as usize];
        if all & class == 0 {
            break;
        }
        i += 8;
    }
    while i < b.len() && CLASS[b[i] as usize] & class != 0 {
        i += 1;
    }
    i
}

/// An e-mail address: `local@domain`, the local part dot-separated atoms of RFC 5322 `atext`, the
/// domain at least two dot-separated hostname labels (letters, digits, inner hyphens, 1 to 63
/// characters each). The local part ends at the first `@` (`atext` has none, so an address with
/// two has one in its domain, which refuses it).
const fn is_email(b: &[u8]) -> bool {
    let n = b.len();
    // Atom by atom: a run of `atext` that is not empty, then a dot and the next atom, or the `@`.
    let mut i = 0;
    loop {
        let atom = i;
        while i < n && CLASS[b[i] as usize] & class::ATEXT != 0 {
            i += 1;
        }
        if i == atom || i == n {
            return false;
        }
        if b[i] == b'@' {
            break;
        }
        if b[i] != b'.' {
            return false;
        }
        i += 1;
    }
    i <= 64 && is_domain(b, i + 1)
}

/// Whether `b[start..]` is at least two dot-separated labels of letters, digits and inner
/// hyphens, 1 to 63 characters each, at most 253 in all.
const fn is_domain(b: &[u8], start: usize) -> bool {
    let n = b.len();
    if start >= n || n - start > 253 {
        return false;
    }
    // Label by label: a run of letters, digits and hyphens, 1 to 63 long, with no hyphen first
    // or last, then a dot and the next label, or the end.
    let mut i = start;
    let mut labels = 0;
    loop {
        let label = i;
        while i < n && CLASS[b[i] as usize] & class::LABEL != 0 {
            i += 1;
        }
        if i == label || i - label > 63 || b[label] == b'-' || b[i - 1] == b'-' {
            return false;
        }
        labels += 1;
        if i == n {
            return labels >= 2;
        }
        if b[i] != b'.' {
            return false;
        }
        i += 1;
    }
}

/// An absolute URI (RFC 3986): a scheme, `:`, then only characters a URI may hold (percent
/// escapes well formed), with a well-formed authority after `//`.
const fn is_uri(b: &[u8]) -> bool {
    // The scheme: a letter, then letters, digits, `+`, `-` and `.`, up to the `:`. Most URIs
    // start with `https://` or `http://`, known good as a whole word.
    let colon = match word_at(b, 0) {
        Some(w) if w == u64::from_le_bytes(*b"https://") => 5,
        Some(w) if w & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"http://\0") => 4,
        _ => {
            if b.is_empty() || !b[0].is_ascii_alphabetic() {
                return false;
            }
            let colon = run(b, 1, class::SCHEME);
            if colon == b.len() || b[colon] != b':' {
                return false;
            }
            colon
        }
    };
    let start = colon + 1;
    let authority = b.len() - start >= 2 && b[start] == b'/' && b[start + 1] == b'/';
    // Most often the authority is a plain host (no userinfo, port or escape): once it is read,
    // the authority is known good and its bytes known to be URI characters.
    let mut i = start;
    let mut authority_read = false;
    if authority {
        let host_end = run(b, start + 2, class::PLAIN_HOST);
        if host_end == b.len() || matches!(b[host_end], b'/' | b'?' | b'#') {
            i = host_end;
            authority_read = true;
        }
    }
    // Runs of URI characters, each run ended by a well-formed escape or the end.
    loop {
        i = run(b, i, class::URI);
        if i == b.len() {
            break;
        }
        if b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            i += 3;
        } else {
            return false;
        }
    }
    !authority || authority_read || is_authority(b, start + 2)
}

/// The authority starting at `start` (it runs to the first `/`, `?` or `#`):
/// `[userinfo@]host[:port]`, the host a name, an IPv4 address or a bracketed IP literal (empty
/// for `file:///`). The bytes are known to be URI characters with well-formed escapes.
const fn is_authority(b: &[u8], start: usize) -> bool {
    // Most often the whole authority is a registered name: nothing else to look at.
    let name_end = run(b, start, class::REG_NAME);
    if name_end == b.len() || matches!(b[name_end], b'/' | b'?' | b'#') {
        return true;
    }
    let end = run(b, name_end, class::AUTHORITY);
    // Userinfo holds no `@` and no bracket: if the run of its bytes stops at an `@`, that is
    // the first one and the host follows it. If it stops elsewhere, the host is the whole
    // authority, and an `@` or bracket in it (a bracket before an `@` among them) refuses it.
    let userinfo_end = run(b, start, class::USERINFO);
    let host_start = if userinfo_end < end && b[userinfo_end] == b'@' {
        userinfo_end + 1
    } else {
        start
    };
    if host_start < end && b[host_start] == b'[' {
        let close = find(sub(b, 0, end), host_start + 1, b']');
        if close == end || close == host_start + 1 {
            return false;
        }
        let mut i = host_start + 1;
        while i < close {
            let c = b[i];
            if !(c.is_ascii_hexdigit() || matches!(c, b':' | b'.' | b'v' | b'V')) {
                return false;
            }
            i += 1;
        }
        let after = close + 1;
        return after == end || (b[after] == b':' && all_digits(sub(b, after + 1, end)));
    }
    // A registered name (or an IPv4 address, which is one): unreserved, sub-delims and escapes,
    // up to the `:` of the port, if any.
    let name_end = run(b, host_start, class::REG_NAME);
    name_end == end || (b[name_end] == b':' && all_digits(sub(b, name_end + 1, end)))
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

/// Eight bytes of `b` from `i` as a word (the first byte lowest), if there are eight.
const fn word_at(b: &[u8], i: usize) -> Option<u64> {
    match b.split_at(i).1.first_chunk::<8>() {
        Some(w) => Some(u64::from_le_bytes(*w)),
        None => None,
    }
}

/// A byte's worth of ones in each byte of a word.
const ONES: u64 = u64::from_le_bytes([1; 8]);

/// The digits of `w`, in the bytes where `layout` has `0` (each byte its value, 0 to 9), if
/// those are ASCII digits and every other byte equals `layout`'s: the fixed places of a date or
/// a time checked all at once.
#[expect(clippy::verbose_bit_mask, reason = "reads as the byte test it is")]
const fn fixed_digits(w: u64, layout: [u8; 8]) -> Option<u64> {
    let layout = u64::from_le_bytes(layout);
    // The digit places: each byte of `layout` that is 0 becomes 0xFF.
    let mut places = 0;
    let mut k = 0;
    while k < 8 {
        if (layout >> (8 * k)) & 0xFF == 0 {
            places |= 0xFF << (8 * k);
        }
        k += 1;
    }
    let d = w & places;
    // A digit is 0x30 to 0x39: its high nibble is 3, and still 3 once 6 is added. (A byte that
    // carries into the next when 6 is added has a high nibble of F, refused by the first test.)
    let high = places & (ONES * 0xF0);
    let is_digits = d & high == places & (ONES * 0x30)
        && (d + (places & (ONES * 6))) & high == places & (ONES * 0x30);
    if w & !places == layout && is_digits {
        Some(d - (places & (ONES * 0x30)))
    } else {
        None
    }
}

/// The number of two digits that are bytes `k` and `k + 1` of a word of digit values.
const fn two_at(v: u64, k: u32) -> u32 {
    ((v >> (8 * k)) & 0xFF) as u32 * 10 + ((v >> (8 * (k + 1))) & 0xFF) as u32
}

/// Whether `b` starts with `YYYY-MM-DD` naming a day that exists.
const fn date_ok(b: &[u8]) -> bool {
    let Some(w) = word_at(b, 0) else {
        return false;
    };
    if b.len() < 10 {
        return false;
    }
    let Some(v) = fixed_digits(w, [0, 0, 0, 0, b'-', 0, 0, b'-']) else {
        return false;
    };
    let (century, year, month, day) = (two_at(v, 0), two_at(v, 2), two_at(v, 5), two(b, 8));
    let leap = if year == 0 {
        century % 4 == 0
    } else {
        year % 4 == 0
    };
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    day >= 1 && day <= days
}

/// The two ASCII digits at `i` of `b` as a number, or 100 (more than any two digits, so that
/// every range check refuses it) if they are not two digits.
const fn two(b: &[u8], i: usize) -> u32 {
    let (tens, ones) = (b[i].wrapping_sub(b'0'), b[i + 1].wrapping_sub(b'0'));
    if (tens > 9) || (ones > 9) {
        100
    } else {
        tens as u32 * 10 + ones as u32
    }
}

/// An RFC 3339 `date-time`: a real date, `T`, `HH:MM:SS` with an optional fraction, and an
/// offset (`Z` or `±HH:MM`). A leap second (`:60`) is accepted only where it can fall: at
/// 23:59 UTC.
#[expect(
    clippy::many_single_char_names,
    reason = "the fields of a date-time, as RFC 3339 names them"
)]
const fn is_date_time(b: &[u8]) -> bool {
    if b.len() < 20 || !matches!(b[10], b'T' | b't') || !date_ok(b) {
        return false;
    }
    let Some(w) = word_at(b, 11) else {
        return false;
    };
    let Some(v) = fixed_digits(w, [0, 0, b':', 0, 0, b':', 0, 0]) else {
        return false;
    };
    let (hour, minute, second) = (two_at(v, 0), two_at(v, 3), two_at(v, 6));
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
        let (h, m) = (two(rest, 1), two(rest, 4));
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
