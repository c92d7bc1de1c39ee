use mcp_elicit::Elicit;

// A stand-in for `chrono::NaiveDate`, a field with the feature `chrono` (which this test package
// does not turn on): text of `format: date`, as mcp-elicit implements it.
mod chrono {
    use mcp_elicit::field::{FieldKind, FieldShape, FormField, Refusal, TextDefault};
    use mcp_elicit::schema::StringFormat;
    use serde_json::Value;

    pub struct NaiveDate;

    impl FormField for NaiveDate {
        const SHAPE: FieldShape = FieldShape::required(FieldKind::Text {
            format: Some(StringFormat::Date),
        });

        fn from_value(_: &Value) -> Result<Self, Refusal> {
            Ok(NaiveDate)
        }

        fn to_value(&self) -> Option<Value> {
            None
        }
    }

    impl TextDefault for NaiveDate {}
}

#[derive(Elicit)]
struct Signup {
    #[elicit(format = "date")]
    birthday: chrono::NaiveDate,
    #[elicit(format = "email")]
    renewal: Option<chrono::NaiveDate>,
}

fn main() {}
