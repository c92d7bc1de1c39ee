//! The sensitive-information guard refuses fields named like secrets (see `tests/ui/sensitive`);
//! these compile: names merely alike, names about a secret rather than the secret, fields that
//! cannot hold one, and fields the author marks `not_sensitive`.

use mcp_elicit::Elicit;

#[derive(Elicit)]
#[allow(dead_code)]
struct NotSecrets {
    token_count: u32,
    max_tokens: Option<u32>,
    password_hint: Option<String>,
    has_password: bool,
    secretary: String,
    /// A yes/no holds no secret, whatever it is called.
    password: Option<bool>,
    /// The name of the secret in the vault, not the secret.
    #[elicit(not_sensitive)]
    secret: String,
}

#[test]
fn names_about_secrets_and_opted_out_fields_compile() {
    let names: Vec<&str> = NotSecrets::requested_schema()
        .properties()
        .iter()
        .map(mcp_elicit::schema::Property::name)
        .collect();
    assert_eq!(
        names,
        [
            "token_count",
            "max_tokens",
            "password_hint",
            "has_password",
            "secretary",
            "password",
            "secret"
        ]
    );
}
