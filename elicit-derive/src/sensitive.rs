//! The sensitive-information guard. The MCP specification says servers MUST NOT use form
//! elicitation to request sensitive information (passwords, API keys, access tokens, payment
//! credentials) and MUST use URL mode for it: a form's answer passes through the client, and
//! often the model's context.
//!
//! A field name is read as words (`apiKey`, `api_key` and `API-KEY` are the words `api key`), and
//! it looks sensitive when it names such a thing: `password`, `new_password`, `refresh_token`.
//! Words, not substrings: `passwordless` is no password. A name that is *about* the thing rather
//! than the thing itself (`token_count`, `password_hint`, `has_password`) is not flagged: a name
//! that goes on past the sensitive words to end in a word like `count`, `hint` or `type` is about
//! something else, and so is one where a word like `has` or `is` comes before them.

/// Sensitive words and phrases, with what a field named so looks like.
const TERMS: &[(&[&str], &str)] = &[
    (&["password"], "a password"),
    (&["passwd"], "a password"),
    (&["passphrase"], "a passphrase"),
    (&["passcode"], "a passcode"),
    (&["secret"], "a secret"),
    (&["api", "key"], "an API key"),
    (&["apikey"], "an API key"),
    (&["private", "key"], "a private key"),
    (&["secret", "key"], "a secret key"),
    (&["token"], "a token"),
    (&["otp"], "a one-time password"),
    (&["credit", "card"], "payment card details"),
    (&["card", "number"], "payment card details"),
    (&["cvv"], "payment card details"),
    (&["cvv2"], "payment card details"),
    (&["cvc"], "payment card details"),
    (&["ssn"], "a social security number"),
    (
        &["social", "security", "number"],
        "a social security number",
    ),
    (&["pin"], "a PIN"),
];

/// Words after a sensitive term that make the name about something else: `token_count`.
const ABOUT_AFTER: &[&str] = &[
    // What a token count of a language model is about, too: `token_budget`, `token_limit`.
    "budget",
    "cost",
    "estimate",
    "limit",
    "usage",
    "age",
    "at",
    "changed",
    "count",
    "created",
    "date",
    "enabled",
    "expiration",
    "expired",
    "expires",
    "expiry",
    "format",
    "hint",
    "id",
    "issuer",
    "kind",
    "label",
    "len",
    "length",
    "link",
    "mode",
    "name",
    "policy",
    "prefix",
    "provider",
    "required",
    "reset",
    "rotation",
    "scope",
    "scopes",
    "set",
    "status",
    "strength",
    "suffix",
    "ttl",
    "type",
    "updated",
    "uri",
    "url",
    "valid",
    "validity",
    "verified",
    "version",
];

/// Words before a sensitive term that make the name about something else: `has_password`.
const ABOUT_BEFORE: &[&str] = &[
    "allow", "has", "hide", "is", "needs", "remember", "requires", "save", "show", "use", "uses",
];

/// What the field name looks like, if it looks like sensitive information.
pub(crate) fn looks_sensitive(name: &str) -> Option<&'static str> {
    let words = words(name);
    for start in 0..words.len() {
        for (term, what) in TERMS {
            let end = start + term.len();
            if end > words.len() || words[start..end] != **term {
                continue;
            }
            // `token_count`, `password_reset_url`: the name ends in what it is about.
            let about_after = end < words.len()
                && words
                    .last()
                    .is_some_and(|w| ABOUT_AFTER.contains(&w.as_str()));
            let about_before = words[..start]
                .iter()
                .any(|w| ABOUT_BEFORE.contains(&w.as_str()));
            if !about_after && !about_before {
                return Some(what);
            }
        }
    }
    None
}

/// The lowercase words of a name in any case convention: `newAPIKey2` is `new api key2`.
fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1);
        // A new word starts at an uppercase letter after a lowercase one (`apiKey`), or at the
        // last uppercase letter of a run followed by a lowercase one (`APIKey`).
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase() || (p.is_uppercase() && next.is_some_and(|n| n.is_lowercase()))
            });
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_every_convention() {
        assert_eq!(words("api_key"), ["api", "key"]);
        assert_eq!(words("apiKey"), ["api", "key"]);
        assert_eq!(words("APIKey"), ["api", "key"]);
        assert_eq!(words("API-KEY"), ["api", "key"]);
        assert_eq!(words("newAPIKey2"), ["new", "api", "key2"]);
        assert_eq!(words("Password"), ["password"]);
        assert_eq!(words("__x__"), ["x"]);
    }

    #[test]
    fn sensitive_names() {
        for name in [
            "password",
            "Password",
            "new_password",
            "confirmPassword",
            "password_confirmation",
            "passwd",
            "passphrase",
            "client_secret",
            "secret",
            "api_key",
            "apiKey",
            "OPENAI_API_KEY",
            "apikey",
            "access_token",
            "refreshToken",
            "auth-token",
            "token",
            "bearer_token",
            "private_key",
            "ssh-private-key",
            "credit_card",
            "credit_card_number",
            "cardNumber",
            "cvv",
            "cvc",
            "ssn",
            "social_security_number",
            "pin",
            "otp",
        ] {
            assert!(looks_sensitive(name).is_some(), "{name}");
        }
    }

    #[test]
    fn names_about_sensitive_things_or_merely_alike() {
        for name in [
            "token_count",
            "tokenCount",
            "max_tokens",
            "password_hint",
            "passwordStrength",
            "has_password",
            "is_secret",
            "remember_password",
            "token_type",
            "api_key_name",
            "secret_name",
            "passwordless",
            "tokens",
            "secretary",
            "pinned",
            "spinner",
            "keyboard",
            "card_holder",
            "username",
            "email",
            "display_name",
            "birthday",
            "pin_code_length",
            "token_budget",
            "token_limit",
        ] {
            assert_eq!(looks_sensitive(name), None, "{name}");
        }
    }

    #[test]
    fn says_what_it_looks_like() {
        assert_eq!(looks_sensitive("apiKey"), Some("an API key"));
        assert_eq!(looks_sensitive("cvv"), Some("payment card details"));
        assert_eq!(looks_sensitive("user_password"), Some("a password"));
    }
}
