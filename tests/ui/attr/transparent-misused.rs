use mcp_elicit::Elicit;

#[derive(Elicit)]
#[elicit(transparent)]
struct Pair(String, String);

#[derive(Elicit)]
#[elicit(transparent)]
struct Username(#[elicit(title = "Name", min_length = 3, max_length = 20)] String);

#[derive(Elicit)]
#[elicit(transparent)]
struct Handle(#[elicit(min_length = 3, max_length = 20)] String);

#[derive(Elicit)]
struct Team {
    owner: Username,
    #[elicit(min_length = 30)]
    deputy: Handle,
    #[elicit(default = "ab")]
    guest: Handle,
}

fn main() {}
