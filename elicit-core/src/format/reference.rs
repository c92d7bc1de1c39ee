//! Plain readings of the e-mail and URI formats, written to be read rather than to be fast: the
//! oracle the fast checks are compared with. The unit tests include this file, and so does the
//! fuzz target `formats`, which compares them on whatever text the fuzzer finds.

/// RFC 5322 `atext`.
fn atext(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~-".contains(&c)
}

/// `local@domain`: the local part (up to the first `@`) 1 to 64 bytes of dot-separated,
/// non-empty atoms; the domain at least two labels.
pub(crate) fn is_email(b: &[u8]) -> bool {
    let Some(at) = b.iter().position(|&c| c == b'@') else {
        return false;
    };
    let (local, domain) = (&b[..at], &b[at + 1..]);
    (1..=64).contains(&local.len())
        && local
            .split(|&c| c == b'.')
            .all(|atom| !atom.is_empty() && atom.iter().all(|&c| atext(c)))
        && is_domain(domain)
}

/// At most 253 bytes of at least two dot-separated labels, each 1 to 63 letters, digits and
/// hyphens, neither starting nor ending with a hyphen.
fn is_domain(d: &[u8]) -> bool {
    let label = |l: &[u8]| {
        (1..=63).contains(&l.len())
            && l.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
            && l[0] != b'-'
            && l[l.len() - 1] != b'-'
    };
    d.len() <= 253 && d.split(|&c| c == b'.').count() >= 2 && d.split(|&c| c == b'.').all(label)
}

/// RFC 3986 `unreserved` and `sub-delims`.
fn unreserved_or_sub_delim(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&c)
}

/// A scheme (a letter, then letters, digits, `+`, `-`, `.`), `:`, then URI characters and
/// well-formed escapes only, with a well-formed authority after `//`.
pub(crate) fn is_uri(b: &[u8]) -> bool {
    let Some(colon) = b.iter().position(|&c| c == b':') else {
        return false;
    };
    let (scheme, rest) = (&b[..colon], &b[colon + 1..]);
    let scheme_ok = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme[1..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || b"+-.".contains(&c));
    if !scheme_ok || !uri_text(rest) {
        return false;
    }
    match rest.strip_prefix(b"//") {
        Some(after) => {
            let end = after
                .iter()
                .position(|c| b"/?#".contains(c))
                .unwrap_or(after.len());
            is_authority(&after[..end])
        }
        None => true,
    }
}

/// Every byte `unreserved`, `gen-delims` or `sub-delims`, or the start of a `%` escape.
fn uri_text(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        if unreserved_or_sub_delim(b[i]) || b":/?#[]@".contains(&b[i]) {
            i += 1;
        } else if b[i] == b'%'
            && b.len() - i > 2
            && b[i + 1..i + 3].iter().all(u8::is_ascii_hexdigit)
        {
            i += 3;
        } else {
            return false;
        }
    }
    true
}

/// `[userinfo@]host[:port]`: userinfo (up to the first `@`) without brackets; the host a
/// bracketed literal of hex digits, `:`, `.` and `v`, or a registered name (possibly empty).
fn is_authority(a: &[u8]) -> bool {
    let host_port = match a.iter().position(|&c| c == b'@') {
        Some(at) if a[..at].iter().any(|c| b"[]".contains(c)) => return false,
        Some(at) => &a[at + 1..],
        None => a,
    };
    let port = |p: &[u8]| p.is_empty() || (p[0] == b':' && p[1..].iter().all(u8::is_ascii_digit));
    if let Some(literal) = host_port.strip_prefix(b"[") {
        let Some(close) = literal.iter().position(|&c| c == b']') else {
            return false;
        };
        let inside = &literal[..close];
        return !inside.is_empty()
            && inside
                .iter()
                .all(|&c| c.is_ascii_hexdigit() || b":.vV".contains(&c))
            && port(&literal[close + 1..]);
    }
    let name = host_port
        .iter()
        .position(|&c| !(unreserved_or_sub_delim(c) || c == b'%'))
        .unwrap_or(host_port.len());
    port(&host_port[name..])
}
