use mcp_elicit::Elicit;

type Age = u8;

#[derive(Elicit)]
struct Address {
    street: String,
}

// The derive's own finding (an unknown attribute) and the compiler's (a field type that is no form
// field, an attribute that does not fit an alias) are reported by one compile.
#[derive(Elicit)]
struct Form {
    #[elicit(titel = "Name")]
    name: String,
    address: Address,
    #[elicit(format = "email")]
    age: Age,
}

fn main() {}
