//! The form: [`Elicit`], a whole struct as a form. How the code `#[derive(Elicit)]` generates
//! reads and writes it field by field is hidden, in `private/access.rs`.

use crate::error::ContentError;
use crate::lang::Preference;
use crate::schema::{Content, RequestedSchema};

/// Fails to compile, naming the secret field, when `T` holds one: called in a `const` block by
/// every way of sending `T`'s form to a client (`Ask::new`, `FormRequest::of`, `input_schema`),
/// so that asking a page-only form in form mode is refused when the program is built.
pub(crate) const fn sendable<T: Elicit>() {
    if let Some(message) = T::PAGE_ONLY {
        panic!("{}", message);
    }
}

/// The message of a form whose struct gives none with `#[elicit(message = "...")]`.
pub const DEFAULT_MESSAGE: &str = "Please fill in this form.";

/// A form in one language: see [`Elicit::in_language`].
///
/// It may gain fields, so code outside this crate makes one with [`Translation::new`] (in an
/// [`Elicit::translation`] written by hand), not with a struct literal.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Translation {
    /// The language tag, as the form declares it: what a server reports as the
    /// `contentLanguage` of its answer.
    pub language: &'static str,
    /// The message shown above the form.
    pub message: &'static str,
    /// The form's schema in that language.
    pub schema: &'static RequestedSchema,
}

impl Translation {
    /// The form in `language` (a language tag): its `message` and its `schema`.
    ///
    /// ```
    /// use mcp_elicit::{Elicit, Translation};
    ///
    /// #[derive(Elicit)]
    /// #[elicit(message = "Créez votre compte")]
    /// struct SignupFr {
    ///     #[elicit(title = "Âge")]
    ///     age: u8,
    /// }
    ///
    /// let french = Translation::new("fr", SignupFr::message(), SignupFr::requested_schema());
    /// assert_eq!(french.message, "Créez votre compte");
    /// ```
    pub const fn new(
        language: &'static str,
        message: &'static str,
        schema: &'static RequestedSchema,
    ) -> Self {
        Translation {
            language,
            message,
            schema,
        }
    }
}

/// A form a server can ask a client to fill in: a flat struct whose fields are text, numbers,
/// booleans and selects.
///
/// Derive it with `#[derive(Elicit)]` (from the `mcp-elicit` crate); the derive checks at compile
/// time that every field fits an MCP elicitation form and builds the schema then.
pub trait Elicit: Sized {
    /// The form's `requestedSchema`, built at compile time: calling this allocates nothing and
    /// returns the same reference every time.
    fn requested_schema() -> &'static RequestedSchema;

    /// The message a client shows above the form: `#[elicit(message = "...")]` on the struct,
    /// or [`DEFAULT_MESSAGE`].
    fn message() -> &'static str {
        DEFAULT_MESSAGE
    }

    /// The languages the form is written in, as language tags: first the language of its own
    /// texts (`"en"` unless the derive is told otherwise), then each language it is translated
    /// into. See [`Elicit::in_language`].
    const LANGUAGES: &'static [&'static str] = &["en"];

    /// The form in `LANGUAGES[index]`: its message, and its schema with every title and
    /// description (of the fields and of the options) in that language. Keys, option values,
    /// formats and bounds are the same in every language. Index 0, and any index out of range,
    /// gives [`Elicit::message`] and [`Elicit::requested_schema`]. Allocates nothing: each
    /// language's schema is built at compile time.
    fn translation(index: usize) -> Translation {
        let _ = index;
        Translation::new(
            Self::LANGUAGES[0],
            Self::message(),
            Self::requested_schema(),
        )
    }

    /// The form in the language `preference` chooses among [`Elicit::LANGUAGES`], or in its
    /// first when none matches (see [`Preference::choose`]).
    fn in_language(preference: &Preference) -> Translation {
        Self::translation(preference.choose(Self::LANGUAGES).unwrap_or(0))
    }

    /// Why the form may be asked through a page only, if it may: it holds a secret field (a
    /// `SecretString`), which a form would send through the client. The derive writes it, naming
    /// the field; every way of sending the form to a client refuses to compile for such a form.
    const PAGE_ONLY: Option<&'static str> = None;

    /// The form's value from the `content` of an accepted answer, with everything checked: every
    /// constraint the schema states, and what the Rust types imply (`300` is no `u8`). Every
    /// problem is reported, each naming its field. Keys the form does not have are ignored; an
    /// absent field takes its default, or is `None` if it is an `Option`.
    ///
    /// # Errors
    ///
    /// Every problem of the content, each naming its field.
    fn from_content(content: &Content) -> Result<Self, ContentError>;

    /// The content that answers the form with this value; `from_content` gives it back. `None`
    /// fields are left out (`null` is not a valid value for the official TypeScript SDK), and a
    /// set's choices are written in the enum's declaration order. A date or time that RFC 3339
    /// cannot write (a year before 0 or after 9999, which the date types of the optional
    /// integrations can hold) is left out too.
    fn to_content(&self) -> Content;
}
