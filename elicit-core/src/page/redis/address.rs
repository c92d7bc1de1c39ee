//! A store address as it may be shown: its credentials hidden.

/// `address` (a Redis URL, or several separated by commas, as cluster seeds are given) as it
/// may be printed or logged: the password of each, and a user given alone (which some write for
/// a password), replaced by `***`. What is not a URL is shown as it is.
///
/// ```
/// use mcp_elicit_core::page::redis::redacted;
///
/// assert_eq!(redacted("redis://ada:s3cr3t@cache:6379/0"), "redis://ada:***@cache:6379/0");
/// assert_eq!(redacted("rediss://:s3cr3t@cache"), "rediss://:***@cache");
/// assert_eq!(
///     redacted("redis://s3cr3t@a:7000,redis://b:7001"),
///     "redis://***@a:7000,redis://b:7001"
/// );
/// assert_eq!(redacted("redis://cache:6379"), "redis://cache:6379");
/// ```
#[must_use]
pub fn redacted(address: &str) -> String {
    address.split(',').map(one).collect::<Vec<_>>().join(",")
}

/// One URL, its credentials hidden.
fn one(address: &str) -> String {
    let Some((scheme, rest)) = address.split_once("://") else {
        return address.to_owned();
    };
    // The last `@`: a password may hold `/`, `@` or `?` when it was not percent-encoded, and
    // hiding too much is the safe side.
    let Some((credentials, place)) = rest.rsplit_once('@') else {
        return address.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{place}"),
        None => format!("{scheme}://***@{place}"),
    }
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn no_password_is_shown_however_it_is_written() {
        for (address, shown) in [
            ("redis://u:p@h:1/2", "redis://u:***@h:1/2"),
            ("redis://u:p/a@ss@h", "redis://u:***@h"),
            ("redis://u:p?x=1@h", "redis://u:***@h"),
            ("redis://:p@h", "redis://:***@h"),
            ("redis://p@h", "redis://***@h"),
            ("redis://h:6379", "redis://h:6379"),
            ("h:6379", "h:6379"),
            ("", ""),
            (
                "redis://a:p@h,redis://b:q@i",
                "redis://a:***@h,redis://b:***@i",
            ),
        ] {
            assert_eq!(redacted(address), shown, "{address}");
            for secret in ["p", "q", "p/a@ss", "p?x=1"] {
                assert!(
                    !shown.contains(&format!(":{secret}@")),
                    "{address} shows {secret}"
                );
            }
        }
    }
}
