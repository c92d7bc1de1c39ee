//! The field types of the optional integrations (`chrono::NaiveDate`, `url::Url`, ...), as the
//! derive knows them by name: a field of such a type reaches its accessor through the trait of
//! its integration rather than through [`field`](super::field), and a `format` on it is checked
//! by the trait of the format it carries. Each trait holds for every type that implements what
//! it stands for, so with the feature on nothing changes (and a type of the user's own of the
//! same name, which implements `FormField`, is a field as any other); without it, the field fails
//! with a message that names the feature, rather than one that says the type is no field.

use super::access::{FieldAccess, access};
use crate::field::{FormField, TextField};

/// A trait per integration, implemented for every [`FormField`], whose message names the
/// feature that makes the integration's types fields.
macro_rules! feature_field {
    ($($trait:ident: $feature:literal, $message:literal, $label:literal, $note:literal;)*) => {$(
        #[doc = concat!("A field type of the `", $feature, "` integration, as the derive names it.")]
        #[diagnostic::on_unimplemented(message = $message, label = $label, note = $note)]
        pub trait $trait: Sized {
            /// The accessor of a field of this type.
            const ACCESS: FieldAccess<Self>;
            /// The accessor of a field of type `Option<Self>`.
            const OPTIONAL: FieldAccess<Option<Self>>;
        }

        #[diagnostic::do_not_recommend]
        impl<T: FormField> $trait for T {
            const ACCESS: FieldAccess<T> = access::<T>();
            const OPTIONAL: FieldAccess<Option<T>> = access::<Option<T>>();
        }
    )*};
}

feature_field! {
    ChronoField: "chrono",
        "`{Self}` cannot be a field of an elicitation form without the feature `chrono` of mcp-elicit",
        "`chrono`'s `NaiveDate`, `DateTime<Utc>` and `DateTime<FixedOffset>` are fields with the feature on",
        "turn the feature on where `mcp-elicit` is a dependency: `mcp-elicit = {{ version = \"0.1\", features = [\"chrono\"] }}`";
    JiffField: "jiff",
        "`{Self}` cannot be a field of an elicitation form without the feature `jiff` of mcp-elicit",
        "`jiff`'s `civil::Date` and `Timestamp` are fields with the feature on",
        "turn the feature on where `mcp-elicit` is a dependency: `mcp-elicit = {{ version = \"0.1\", features = [\"jiff\"] }}`";
    TimeField: "time",
        "`{Self}` cannot be a field of an elicitation form without the feature `time` of mcp-elicit",
        "`time`'s `Date` and `OffsetDateTime` are fields with the feature on",
        "turn the feature on where `mcp-elicit` is a dependency: `mcp-elicit = {{ version = \"0.1\", features = [\"time\"] }}`";
    UrlField: "url",
        "`{Self}` cannot be a field of an elicitation form without the feature `url` of mcp-elicit",
        "`url::Url` is a field with the feature on",
        "turn the feature on where `mcp-elicit` is a dependency: `mcp-elicit = {{ version = \"0.1\", features = [\"url\"] }}`";
    EmailAddressField: "email_address",
        "`{Self}` cannot be a field of an elicitation form without the feature `email_address` of mcp-elicit",
        "`email_address::EmailAddress` is a field with the feature on",
        "turn the feature on where `mcp-elicit` is a dependency: `mcp-elicit = {{ version = \"0.1\", features = [\"email_address\"] }}`";
    UuidField: "uuid",
        "`{Self}` cannot be a field of an elicitation form without the feature `uuid` of mcp-elicit",
        "`uuid::Uuid` is a field with the feature on",
        "turn the feature on where `mcp-elicit` is a dependency: `mcp-elicit = {{ version = \"0.1\", features = [\"uuid\"] }}`";
}

// The format an integration's type carries, one trait each, implemented for every `TextField`
// (which takes a `format`), with the check the derive calls, spanned at the attribute, in place of
// `require_text`: `format` on such a type repeats (or contradicts) the type's own, and the message
// names it. Written out, not by a macro: the compiler quotes the check's signature to the user.

/// A field type that takes a `format` attribute: not a type that carries `format: date`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` carries `format: date` already",
    label = "remove `format`: the type states its own",
    note = "a field of this type is sent with `\"format\": \"date\"` and read by its own crate's parser; the `format` attribute is for `String` fields"
)]
pub trait CarriesDate {}

#[diagnostic::do_not_recommend]
impl<T: TextField> CarriesDate for T {}

/// Compiles only if `T` takes a `format` attribute: spanned at one, on a field whose type is
/// named as one that carries `format: date`.
pub const fn require_no_date_format<T: CarriesDate>() {}

/// A field type that takes a `format` attribute: not a type that carries `format: date-time`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` carries `format: date-time` already",
    label = "remove `format`: the type states its own",
    note = "a field of this type is sent with `\"format\": \"date-time\"` and read by its own crate's parser; the `format` attribute is for `String` fields"
)]
pub trait CarriesDateTime {}

#[diagnostic::do_not_recommend]
impl<T: TextField> CarriesDateTime for T {}

/// Compiles only if `T` takes a `format` attribute: spanned at one, on a field whose type is
/// named as one that carries `format: date-time`.
pub const fn require_no_date_time_format<T: CarriesDateTime>() {}

/// A field type that takes a `format` attribute: not a type that carries `format: uri`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` carries `format: uri` already",
    label = "remove `format`: the type states its own",
    note = "a field of this type is sent with `\"format\": \"uri\"` and read by its own crate's parser; the `format` attribute is for `String` fields"
)]
pub trait CarriesUri {}

#[diagnostic::do_not_recommend]
impl<T: TextField> CarriesUri for T {}

/// Compiles only if `T` takes a `format` attribute: spanned at one, on a field whose type is
/// named as one that carries `format: uri`.
pub const fn require_no_uri_format<T: CarriesUri>() {}

/// A field type that takes a `format` attribute: not a type that carries `format: email`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` carries `format: email` already",
    label = "remove `format`: the type states its own",
    note = "a field of this type is sent with `\"format\": \"email\"` and read by its own crate's parser; the `format` attribute is for `String` fields"
)]
pub trait CarriesEmail {}

#[diagnostic::do_not_recommend]
impl<T: TextField> CarriesEmail for T {}

/// Compiles only if `T` takes a `format` attribute: spanned at one, on a field whose type is
/// named as one that carries `format: email`.
pub const fn require_no_email_format<T: CarriesEmail>() {}

/// A field type that takes a `format` attribute: not `uuid::Uuid`, which is read as a UUID.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is read as a UUID already",
    label = "remove `format`: the type checks its own",
    note = "a field of this type is text that its own crate's parser reads as a UUID (MCP forms have no UUID format); the `format` attribute is for `String` fields"
)]
pub trait CarriesUuid {}

#[diagnostic::do_not_recommend]
impl<T: TextField> CarriesUuid for T {}

/// Compiles only if `T` takes a `format` attribute: spanned at one, on a field whose type is
/// named as `uuid::Uuid` is.
pub const fn require_no_uuid_format<T: CarriesUuid>() {}
