//! `#[elicit(from_str)]`: a type the crate does not know, as a text field read with its `FromStr`
//! and written with its `Display`.

use std::net::{IpAddr, Ipv4Addr};

use mcp_elicit::{Elicit, ErrorKind};
use serde_json::json;

mod common;
use common::assert_schema;

#[derive(Elicit, Debug, PartialEq)]
struct Server {
    /// Where the server listens
    #[elicit(from_str, min_length = 7, max_length = 15)]
    address: Ipv4Addr,
    #[elicit(from_str)]
    backup: Option<IpAddr>,
    #[elicit(from_str, default = "127.0.0.1")]
    admin: Ipv4Addr,
}

#[test]
fn renders_as_text_with_the_text_constraints() {
    assert_schema::<Server>(json!({
        "type": "object",
        "properties": {
            "address": {"type": "string", "description": "Where the server listens", "minLength": 7, "maxLength": 15},
            "backup": {"type": "string"},
            "admin": {"type": "string", "default": "127.0.0.1"}
        },
        "required": ["address"]
    }));
}

#[test]
fn reads_with_from_str_and_writes_with_display() {
    let answer = json!({"address": "10.0.0.1", "backup": "::1"});
    let server = Server::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(
        server,
        Server {
            address: Ipv4Addr::new(10, 0, 0, 1),
            backup: Some("::1".parse().unwrap()),
            admin: Ipv4Addr::LOCALHOST,
        }
    );
    assert_eq!(
        server.to_content(),
        *json!({"address": "10.0.0.1", "backup": "::1", "admin": "127.0.0.1"})
            .as_object()
            .unwrap()
    );
    assert_eq!(Server::from_content(&server.to_content()).unwrap(), server);
}

#[test]
fn the_parsers_error_is_the_fields_problem() {
    let answer = json!({"address": "10.0.0.300", "backup": "nope", "admin": 7});
    let err = Server::from_content(answer.as_object().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`address`: invalid IPv4 address syntax\n\
         `backup`: invalid IP address syntax\n\
         `admin`: must be text, not a number"
    );
    assert_eq!(
        err.errors()[0].kind(),
        &ErrorKind::Invalid {
            reason: "invalid IPv4 address syntax".to_owned()
        }
    );
    // The text rules run first.
    let short = json!({"address": "1.1.1"});
    let err = Server::from_content(short.as_object().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`address`: must be at least 7 characters long, got 5"
    );
}
