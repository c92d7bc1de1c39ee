use mcp_elicit::Elicit;

// A stand-in for `mcp_elicit::page::SecretString` (`secrecy::SecretString`), a field with the
// feature `page` (which this test package does not turn on): a secret, as mcp-elicit implements it.
mod secrecy {
    use mcp_elicit::field::{FieldKind, FieldShape, FormField, Refusal, TextField};
    use serde_json::Value;

    pub struct SecretString;

    impl FormField for SecretString {
        const SHAPE: FieldShape = FieldShape::required(FieldKind::Secret);

        fn from_value(_: &Value) -> Result<Self, Refusal> {
            Ok(SecretString)
        }

        fn to_value(&self) -> Option<Value> {
            None
        }
    }

    impl TextField for SecretString {}
}

use secrecy::SecretString;

#[derive(Elicit)]
struct Connect {
    #[elicit(title = "API key", default = "sk-test-0000")]
    api_key: SecretString,
    #[elicit(default = "")]
    passphrase: Option<SecretString>,
}

fn main() {}
