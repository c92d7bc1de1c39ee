//! The four string formats an MCP form may require, checked as JSON Schema defines them.
//!
//! Each check is linear in the input and allocates nothing. Where JSON Schema leaves room, the
//! reading follows the validator the official TypeScript SDK runs on answers (Ajv with its formats),
//! so a value one side accepts the other does too.

use crate::schema::StringFormat;

/// Whether `value` has `format`.
pub(crate) fn matches(format: StringFormat, value: &str) -> bool {
    match format {
        StringFormat::Email => is_email(value),
        StringFormat::Uri => is_uri(value),
        StringFormat::Date => is_date(value),
        StringFormat::DateTime => is_date_time(value),
    }
}

/// An e-mail address: `local@domain`, the local part dot-separated atoms of RFC 5322 `atext`, the
/// domain at least two dot-separated hostname labels (letters, digits, inner hyphens, 1 to 63
/// characters each).
fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    let atext = |c: u8| c.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~-".contains(&c);
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local
            .split('.')
            .all(|atom| !atom.is_empty() && atom.bytes().all(atext));
    local_ok && domain.contains('.') && is_hostname(domain)
}

/// Dot-separated labels of letters, digits and inner hyphens, 1 to 63 characters each, at most
/// 253 in all.
fn is_hostname(host: &str) -> bool {
    host.len() <= 253
        && host.split('.').all(|label| {
            let bytes = label.as_bytes();
            !bytes.is_empty()
                && bytes.len() <= 63
                && bytes
                    .iter()
                    .all(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && bytes[0] != b'-'
                && bytes[bytes.len() - 1] != b'-'
        })
}

/// An absolute URI (RFC 3986): a scheme, `:`, then only characters a URI may hold (percent
/// escapes well formed), with a well-formed authority after `//`.
fn is_uri(value: &str) -> bool {
    let Some((scheme, rest)) = value.split_once(':') else {
        return false;
    };
    let mut scheme_bytes = scheme.bytes();
    let scheme_ok = scheme_bytes.next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme_bytes.all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
    if !scheme_ok || !uri_chars(rest) {
        return false;
    }
    match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            is_authority(&after[..end])
        }
        None => true,
    }
}

/// Whether every character may stand in a URI: unreserved, reserved, or a `%` escape.
fn uri_chars(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'%' {
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
            continue;
        }
        let allowed = c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&c);
        if !allowed {
            return false;
        }
        i += 1;
    }
    true
}

/// `[userinfo@]host[:port]`, the host a name, an IPv4 address or a bracketed IP literal (empty
/// for `file:///`).
fn is_authority(authority: &str) -> bool {
    let host_port = match authority.rsplit_once('@') {
        Some((userinfo, host_port)) => {
            if userinfo.contains(['/', '?', '#', '[', ']']) {
                return false;
            }
            host_port
        }
        None => authority,
    };
    let (host, port) = if let Some(literal) = host_port.strip_prefix('[') {
        let Some((inside, after)) = literal.split_once(']') else {
            return false;
        };
        let inside_ok = !inside.is_empty()
            && inside
                .bytes()
                .all(|c| c.is_ascii_hexdigit() || matches!(c, b':' | b'.' | b'v' | b'V'));
        if !inside_ok {
            return false;
        }
        match after {
            "" => ("", None),
            _ => match after.strip_prefix(':') {
                Some(port) => ("", Some(port)),
                None => return false,
            },
        }
    } else {
        match host_port.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (host_port, None),
        }
    };
    let host_ok = host
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=%".contains(&c));
    let port_ok = port.is_none_or(|p| p.bytes().all(|c| c.is_ascii_digit()));
    host_ok && port_ok
}

/// An RFC 3339 `full-date` that exists: `2024-02-29`, not `2023-02-29`.
fn is_date(value: &str) -> bool {
    parse_date(value.as_bytes()).is_some()
}

/// `YYYY-MM-DD` as year, month, day, when that day exists.
fn parse_date(b: &[u8]) -> Option<(u32, u32, u32)> {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&day).then_some((year, month, day))
}

/// ASCII digits as a number.
fn digits(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |n, c| {
        c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
    })
}

/// An RFC 3339 `date-time`: a real date, `T`, `HH:MM:SS` with an optional fraction, and an
/// offset (`Z` or `±HH:MM`). A leap second (`:60`) is accepted only where it can fall: at
/// 23:59 UTC.
fn is_date_time(value: &str) -> bool {
    let b = value.as_bytes();
    if b.len() < 20 || !matches!(b[10], b'T' | b't') || parse_date(&b[..10]).is_none() {
        return false;
    }
    let t = &b[11..];
    if t[2] != b':' || t[5] != b':' {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) =
        (digits(&t[0..2]), digits(&t[3..5]), digits(&t[6..8]))
    else {
        return false;
    };
    let mut rest = &t[8..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let n = fraction.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        rest = &fraction[n..];
    }
    let offset_minutes: i64 = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (Some(h), Some(m)) = (digits(&[*h1, *h2]), digits(&[*m1, *m2])) else {
                return false;
            };
            if h > 23 || m > 59 {
                return false;
            }
            let minutes = i64::from(h * 60 + m);
            if *sign == b'-' { -minutes } else { minutes }
        }
        _ => return false,
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    if second == 60 {
        let utc = (i64::from(hour * 60 + minute) - offset_minutes).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        for ok in [
            "ada@example.com",
            "first.last+tag@sub.example.co.uk",
            "o'brien@example.ie",
            "x@a-b.io",
            "UPPER@EXAMPLE.COM",
            "1234@example.com",
        ] {
            assert!(is_email(ok), "{ok}");
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
            "ada@exa_mple.com",
            "adä@example.com",
            "ada@example.com ",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert!(!is_email(&long_local));
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
            "https://127.0.0.1/",
            "https://example.com/a%20b",
            "custom+scheme.v2:thing",
        ] {
            assert!(is_uri(ok), "{ok}");
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
            "https://exa mple.com",
            "https://example.com:80a/",
            "https://[::1/",
            "https://example.com/ö",
            ":nothing",
        ] {
            assert!(!is_uri(bad), "{bad}");
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
            assert!(is_date(ok), "{ok}");
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
            assert!(!is_date(bad), "{bad}");
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
            assert!(is_date_time(ok), "{ok}");
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
            "",
        ] {
            assert!(!is_date_time(bad), "{bad}");
        }
    }
}
