use mcp_elicit::Elicit;

fn positive(n: &i64) -> Result<(), String> {
    if *n > 0 { Ok(()) } else { Err("must be positive".into()) }
}

fn whole_form(_: &Order) -> Result<(), String> {
    Ok(())
}

#[derive(Elicit)]
#[elicit(validate = whole_form)]
struct Order {
    #[elicit(validate = positive)]
    quantity: u32,
}

fn main() {}
