use mcp_elicit::Elicit;

#[derive(Elicit)]
struct Setup {
    /// The name of the secret in the vault, not the secret.
    #[elicit(not_sensitive = true)]
    secret: String,
}

fn main() {}
