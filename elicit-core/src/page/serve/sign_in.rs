//! What the application's own sign-in page must check, whatever its sessions are: that a sign-in
//! was posted from this site ([`same_origin`]), and that it sends the person back to a path of
//! this site only ([`local_path`]).

use axum::http::HeaderMap;
use axum::http::header;

/// `return_to` if it is a path of this site, and nothing a browser could read as another site;
/// `None` for anything else (send the person to `/` then). [`Identity::sign_in`] is given the
/// page's own path, but the link to the sign-in page can be written by anyone: a sign-in that
/// sends the person wherever `return_to` says sends a freshly signed-in person to a page that
/// looks like this site's (an open redirect).
///
/// A path of this site here is one leading `/`, then printable ASCII only: no control character
/// (a browser drops tab, CR and LF from a URL, so `/<tab>/evil.example` is `//evil.example`), no
/// space, no DEL, nothing outside ASCII (a real path is percent-encoded); no backslash anywhere
/// (a browser reads `\` as `/`), and no second `/` at the start (`//evil.example` is another
/// host). Percent-encoded, the same is refused where a later decoding could be fooled: any
/// `%00`-`%1F`, `%7F` or `%5C`, and `%2F` right after the leading `/`.
///
/// ```
/// use mcp_elicit::page::serve::local_path;
///
/// assert_eq!(local_path("/pages/AAAAAAAAAAAAAAAAAAAAAA"), Some("/pages/AAAAAAAAAAAAAAAAAAAAAA"));
/// assert_eq!(local_path("/search?q=a%20b#top"), Some("/search?q=a%20b#top"));
/// for other_site in ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example"] {
///     assert_eq!(local_path(other_site), None);
/// }
/// // Where the sign-in sends the person once signed in:
/// let back = local_path("//evil.example").unwrap_or("/");
/// assert_eq!(back, "/");
/// ```
///
/// [`Identity::sign_in`]: super::Identity::sign_in
pub fn local_path(return_to: &str) -> Option<&str> {
    let bytes = return_to.as_bytes();
    let hostile_escape = |at: usize| {
        let hex = |i: usize| bytes.get(i).map(u8::to_ascii_lowercase);
        match (hex(at + 1), hex(at + 2)) {
            (Some(b'0' | b'1'), _) | (Some(b'7'), Some(b'f')) | (Some(b'5'), Some(b'c')) => true,
            (Some(b'2'), Some(b'f')) => at == 1,
            _ => false,
        }
    };
    let local = bytes.first() == Some(&b'/')
        && !matches!(bytes.get(1), Some(b'/' | b'\\'))
        && bytes.iter().all(|&b| b.is_ascii_graphic() && b != b'\\')
        && !bytes
            .iter()
            .enumerate()
            .any(|(at, &b)| b == b'%' && hostile_escape(at));
    local.then_some(return_to)
}

/// Whether a browser's request was sent by a page of `origin`, this site's own origin as a
/// browser writes it (scheme, host and port, no path: `https://mcp.example.com`): its `Origin`
/// header is `origin`, or, the browser having sent none, its `Sec-Fetch-Site` header says
/// `same-origin`. Anything else is not: another origin, an opaque one (`Origin: null`), and a
/// request with neither header.
///
/// A sign-in page checks it before it signs anyone in (a CSRF token is the other way). Without
/// it, another site can post its own account's credentials to the sign-in in the person's
/// browser (login CSRF): the person, signed in as the attacker, then types their secret into a
/// page the attacker will open. Browsers send `Origin` with every POST.
///
/// ```
/// use axum::http::{HeaderMap, HeaderValue};
/// use mcp_elicit::page::serve::same_origin;
///
/// let posted_from = |origin: &'static str| {
///     HeaderMap::from_iter([(axum::http::header::ORIGIN, HeaderValue::from_static(origin))])
/// };
/// let ours = "https://mcp.example.com";
/// assert!(same_origin(&posted_from("https://mcp.example.com"), ours));
/// assert!(!same_origin(&posted_from("https://evil.example"), ours));
/// assert!(!same_origin(&posted_from("null"), ours));
/// assert!(!same_origin(&HeaderMap::new(), ours));
/// ```
pub fn same_origin(headers: &HeaderMap, origin: &str) -> bool {
    // An opaque origin is unlike every other, itself included.
    if origin.is_empty() || origin == "null" {
        return false;
    }
    match headers.get(header::ORIGIN) {
        Some(sent) => sent.as_bytes() == origin.as_bytes(),
        None => headers
            .get("sec-fetch-site")
            .is_some_and(|site| site.as_bytes() == b"same-origin"),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn return_to_is_a_path_of_this_site_or_nothing() {
        let hostile = [
            "",
            "evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            "//evil.example",
            "///evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "/pages/\\..\\..\\evil",
            "/\t/evil.example",
            "/\r\n/evil.example",
            "/\n/evil.example",
            "\t//evil.example",
            " //evil.example",
            "/ /evil.example",
            "/\u{0}/evil.example",
            "/\u{1f}/evil.example",
            "/\u{7f}/evil.example",
            "/\u{3000}/evil.example",
            "/pages/é",
            "/%09/evil.example",
            "/%0d%0a/evil.example",
            "/%0A/evil.example",
            "/%00",
            "/%1F/evil.example",
            "/%7f/evil.example",
            "/%5c/evil.example",
            "/%5Cevil.example",
            "/pages/%5c",
            "/%2f/evil.example",
            "/%2F%2Fevil.example",
        ];
        for value in hostile {
            assert_eq!(
                local_path(value),
                None,
                "{value:?} was taken as a local path"
            );
        }
        let local = [
            "/",
            "/pages/AAAAAAAAAAAAAAAAAAAAAA",
            "/pages/a-b_c?x=1&y=%2F#top",
            "/a/%2f/b",
            "/a%20b",
            "/a/b//c",
            "/100%",
        ];
        for value in local {
            assert_eq!(local_path(value), Some(value), "{value:?} was refused");
        }
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for &(name, value) in pairs {
            map.append(name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn a_request_is_of_this_origin_by_its_origin_or_its_fetch_site() {
        let ours = "http://127.0.0.1:8000";
        assert!(same_origin(&headers(&[("origin", ours)]), ours));
        assert!(same_origin(
            &headers(&[("sec-fetch-site", "same-origin")]),
            ours
        ));
        for refused in [
            &[][..],
            &[("origin", "https://evil.example")],
            &[("origin", "null")],
            &[("origin", "http://127.0.0.1:8000.evil.example")],
            &[("origin", "http://127.0.0.1:8001")],
            &[("origin", "http://127.0.0.1:8000/")],
            &[("origin", "")],
            &[("sec-fetch-site", "same-site")],
            &[("sec-fetch-site", "cross-site")],
            &[("sec-fetch-site", "none")],
            &[
                ("origin", "https://evil.example"),
                ("sec-fetch-site", "same-origin"),
            ],
        ] {
            assert!(!same_origin(&headers(refused), ours), "{refused:?}");
        }
    }

    #[test]
    fn an_opaque_or_empty_origin_is_no_one_s() {
        for ours in ["null", ""] {
            let sent = [("origin", "null"), ("origin", "")];
            for pair in sent {
                assert!(!same_origin(&headers(&[pair]), ours), "{ours:?} {pair:?}");
            }
            let fetch = headers(&[("sec-fetch-site", "same-origin")]);
            assert!(!same_origin(&fetch, ours), "{ours:?}");
        }
    }
}
