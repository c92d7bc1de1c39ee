//! The generated code names nothing the user might shadow: it compiles in a module that redefines
//! the prelude's names, under strict lints.
#![deny(
    unused_qualifications,
    unused_imports,
    non_upper_case_globals,
    missing_docs
)]
#![deny(clippy::all, clippy::pedantic)]
#![allow(dead_code, clippy::struct_excessive_bools)]

mod shadowed {
    #![allow(non_camel_case_types, clippy::upper_case_acronyms)]

    pub struct Result;
    pub struct Option;
    pub struct Vec;
    pub struct String;
    pub struct Box;
    pub struct Property;
    pub struct RequestedSchema;
    pub struct Elicit;
    pub struct core;
    pub struct std;
    pub struct u8;
    pub struct str;
    pub struct i128;
    pub struct Cow;
    pub struct Map;
    pub struct Value;
    pub struct Content;
    pub struct ContentError;
    pub struct usize;
    pub struct Choice;
    pub struct SelectOption;
    #[allow(non_snake_case)]
    pub fn Ok() {}
    #[allow(non_snake_case)]
    pub fn Some() {}
    #[allow(non_snake_case)]
    pub fn None() {}
    pub const PROPERTIES: () = ();
    pub const SCHEMA: () = ();
    pub const OPTIONS: () = ();
    #[allow(non_upper_case_globals)]
    pub const content: () = ();
    #[allow(non_upper_case_globals)]
    pub const problems: () = ();
    #[allow(non_upper_case_globals)]
    pub const value: () = ();
    #[allow(non_upper_case_globals)]
    pub const index: () = ();
    pub const DISCRIMINANTS: () = ();
    pub mod _elicit {}
}

mod user {
    #[allow(unused_imports)]
    use super::shadowed::*;

    /// A select declared where every common name means something else.
    #[derive(mcp_elicit::Elicit, PartialEq, Eq, Hash)]
    #[elicit(rename_all = "lowercase")]
    pub enum Level {
        /// Low
        Low,
        /// High
        #[elicit(title = "High!")]
        High,
    }

    /// A form declared where every common name means something else.
    #[derive(mcp_elicit::Elicit)]
    #[elicit(rename_all = "camelCase")]
    pub struct Form {
        /// A name
        #[elicit(min_length = 1, default = "x")]
        pub first_name: ::std::string::String,
        /// A number
        #[elicit(minimum = 1, maximum = 9)]
        pub count: ::core::option::Option<::core::primitive::u8>,
        /// A flag
        #[elicit(default = true)]
        pub flag: bool,
        /// A ratio
        #[elicit(minimum = -0.5)]
        pub ratio: f64,
        /// One level
        #[elicit(default = Level::High)]
        pub level: Level,
        /// Some levels
        #[elicit(min_items = 1, default = [Level::Low])]
        pub levels: ::std::collections::HashSet<Level>,
    }
}

#[test]
fn compiles_and_renders_among_shadowed_names() {
    use mcp_elicit::Elicit;
    let json = serde_json::to_string(user::Form::requested_schema()).unwrap();
    let form = user::Form::from_content(
        &serde_json::from_str(
            r#"{"firstName": "y", "count": 2, "ratio": 0.0, "levels": ["high", "low"]}"#,
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        (form.first_name.as_str(), form.count, form.flag),
        ("y", Some(2), true)
    );
    assert!(form.level == user::Level::High);
    let written = serde_json::to_string(&form.to_content()).unwrap();
    assert_eq!(
        written,
        r#"{"firstName":"y","count":2,"flag":true,"ratio":0.0,"level":"high","levels":["low","high"]}"#
    );
    assert_eq!(
        json,
        r#"{"type":"object","properties":{"firstName":{"type":"string","description":"A name","minLength":1,"default":"x"},"count":{"type":"integer","description":"A number","minimum":1,"maximum":9},"flag":{"type":"boolean","description":"A flag","default":true},"ratio":{"type":"number","description":"A ratio","minimum":-0.5},"level":{"type":"string","description":"One level","oneOf":[{"const":"low","title":"low"},{"const":"high","title":"High!"}],"default":"high"},"levels":{"type":"array","description":"Some levels","minItems":1,"items":{"anyOf":[{"const":"low","title":"low"},{"const":"high","title":"High!"}]},"default":["low"]}},"required":["ratio"]}"#
    );
}

/// `#[elicit(crate = "..")]` reaches the runtime through a re-export.
mod reexport {
    pub use mcp_elicit as forms;
}

/// A form whose derive goes through the re-export.
#[derive(mcp_elicit::Elicit)]
#[elicit(crate = "crate::reexport::forms")]
pub struct ThroughReexport {
    /// A field
    pub field: String,
}

#[test]
fn crate_path_override() {
    use mcp_elicit::Elicit;
    assert_eq!(
        serde_json::to_string(ThroughReexport::requested_schema()).unwrap(),
        r#"{"type":"object","properties":{"field":{"type":"string","description":"A field"}},"required":["field"]}"#
    );
}
