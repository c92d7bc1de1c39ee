//! The four formats, case by case, and the one-pass checks against the readings they replaced.

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

/// Every day of every year from 0000 to 9999 against the Gregorian calendar, and a
/// non-digit in each place of a date.
#[test]
fn every_date_of_ten_thousand_years() {
    for year in 0..=9999u32 {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        for month in 0..=13u32 {
            let days = match month {
                1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
                4 | 6 | 9 | 11 => 30,
                2 if leap => 29,
                2 => 28,
                _ => 0,
            };
            for day in 0..=32u32 {
                let text = format!("{year:04}-{month:02}-{day:02}");
                let exists = day >= 1 && day <= days;
                assert_eq!(date(&text), exists, "{text}");
                assert_eq!(date_time(&format!("{text}T12:00:00Z")), exists, "{text}");
            }
        }
    }
    for place in [0, 1, 2, 3, 5, 6, 8, 9] {
        for c in [b'/', b':', b'a', b' '] {
            let mut text = *b"2024-02-29";
            text[place] = c;
            assert!(!date(std::str::from_utf8(&text).unwrap()), "{text:?}");
        }
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

/// The plain readings the fast checks are compared with.
#[path = "reference.rs"]
mod reference;

/// Strings made of the bytes that matter to these formats, from a fixed pseudo-random sequence:
/// a third of them dense with those bytes, the rest mostly letters, digits, dots and hyphens (where addresses that
/// pass are common), every length up to 90 (across many eight-byte words, and labels over 63).
/// The fast checks agree with the plain readings.
#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a random index, reduced below a length first"
)]
fn fast_checks_agree_with_their_references() {
    const SPECIAL: &[u8] = b"a.@-_:/?#[]%0F+eZ!~ \xe9";
    const PLAIN: &[u8] = b"abz09AZ.-b";
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let stems: [&[u8]; 8] = [
        b"",
        b"a@",
        b"mailto:",
        b"https://",
        b"http://",
        b"x://u@",
        b"file:///",
        b"https://[::1]",
    ];
    let (mut emails, mut uris) = (0, 0);
    for _ in 0..300_000 {
        let stem = stems[(next() % stems.len() as u64) as usize];
        let len = (next() % 91) as usize;
        let dense = next() % 3 == 0;
        let mut bytes = stem.to_vec();
        for _ in 0..len {
            let r = next();
            let from = if dense || r % 24 == 0 { SPECIAL } else { PLAIN };
            bytes.push(from[((r >> 8) % from.len() as u64) as usize]);
        }
        let (email, uri) = (is_email(&bytes), is_uri(&bytes));
        assert_eq!(
            email,
            reference::is_email(&bytes),
            "e-mail {:?}",
            String::from_utf8_lossy(&bytes)
        );
        assert_eq!(
            uri,
            reference::is_uri(&bytes),
            "URI {:?}",
            String::from_utf8_lossy(&bytes)
        );
        emails += usize::from(email);
        uris += usize::from(uri);
    }
    // Both answers are common, so agreeing is not agreeing on `false` alone.
    assert!(
        emails > 1_000 && uris > 30_000,
        "{emails} e-mails, {uris} URIs"
    );
}

/// The checks run in `const` contexts: a default is checked at compile time.
#[test]
fn checks_are_const() {
    const {
        assert!(matches(StringFormat::DateTime, "2025-11-25T09:30:00Z"));
        assert!(!matches(StringFormat::Email, "nope"));
    }
}

/// Every byte value (control characters, DEL and every byte from 0x80 up among them) at every
/// place of e-mail addresses and URIs that pass, short and long (3 to 63 bytes: runs read eight
/// bytes at a time and one at a time, and the `https://` and `http://` words whole and broken):
/// the fast checks agree with the plain readings on each.
#[test]
fn every_byte_at_every_place() {
    let addresses: [&[u8]; 14] = [
        b"a@b.cd",
        b"ab@c.de",
        b"abc@d.ef",
        b"ada@example.com",
        b"ad@example.com",
        b"ada.lovelace+backup@mail.example-one.org",
        b"h:x",
        b"http:xy",
        b"https://a.b",
        b"http://a.b",
        b"http://example.com/a?b#c",
        b"https://example.com/ada?tab=notes#top",
        b"https://u:p@docs.example.org:8080/analytical-engine/notes/g%20h",
        b"file:///etc/hosts",
    ];
    let mut checked = 0;
    for address in addresses {
        for place in 0..address.len() {
            for byte in 0..=u8::MAX {
                let mut bytes = address.to_vec();
                bytes[place] = byte;
                let shown = String::from_utf8_lossy(&bytes);
                assert_eq!(
                    is_email(&bytes),
                    reference::is_email(&bytes),
                    "e-mail {shown:?}"
                );
                assert_eq!(is_uri(&bytes), reference::is_uri(&bytes), "URI {shown:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(
        checked,
        256 * addresses.iter().map(|a| a.len()).sum::<usize>()
    );
}
