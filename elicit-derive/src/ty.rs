//! What the derive can tell of a field's type from its name alone.
//!
//! This is the first of two nets: for the types it recognizes (`String`, `bool`, the integers and
//! floats, `Option` of them) the derive checks attributes against the type itself and says what
//! is wrong in the field's words. Every other type (an alias, a type from another crate) is still
//! checked, by trait bounds in the generated code; the schema itself always comes from the field
//! trait, never from this guess.

/// What the derive recognized of a field type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct FieldType {
    /// `Option<_>` around the base type.
    pub(crate) optional: bool,
    /// The base type, when its name is one the derive knows.
    pub(crate) base: Option<Base>,
    /// The base type, when its name is that of a field type of an optional integration.
    pub(crate) integration: Option<Integration>,
}

/// A field type of one of the optional integrations (`chrono::NaiveDate`, `url::Url`, ...), known
/// by its path: a field only with its feature on, and one that carries its own format. The derive
/// reaches its accessor through the trait of its feature, whose message names the feature, and
/// checks a `format` on it with the trait of its format; both hold for every field type, so a type
/// of the user's own of the same name is a field as any other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Integration {
    /// The trait of the integration, in the runtime's hidden module (`ChronoField`).
    pub(crate) field_trait: &'static str,
    /// The check of a `format` attribute, whose message names the format the type carries
    /// (`require_no_date_format`).
    pub(crate) format_check: &'static str,
}

impl Integration {
    /// The integration whose fields go through `field_trait` and whose `format` is checked by
    /// `format_check`.
    const fn of(field_trait: &'static str, format_check: &'static str) -> Self {
        Integration {
            field_trait,
            format_check,
        }
    }
}

/// The paths of the integrations' field types, as they are written: in full, from the crate's
/// root (`chrono::NaiveDate`, `civil::Date` after `use jiff::civil`), or by a name no other
/// integration has (`NaiveDate`; not `Date`, which is `time`'s and `jiff`'s). `DateTime` is
/// chrono's only with its time zone argument (jiff's `civil::DateTime` takes none, and is no
/// field).
const INTEGRATIONS: &[(&str, Integration)] = {
    const CHRONO_DATE: Integration = Integration::of("ChronoField", "require_no_date_format");
    const CHRONO_DATE_TIME: Integration =
        Integration::of("ChronoField", "require_no_date_time_format");
    const JIFF_DATE: Integration = Integration::of("JiffField", "require_no_date_format");
    const JIFF_TIMESTAMP: Integration = Integration::of("JiffField", "require_no_date_time_format");
    const TIME_DATE: Integration = Integration::of("TimeField", "require_no_date_format");
    const TIME_OFFSET_DATE_TIME: Integration =
        Integration::of("TimeField", "require_no_date_time_format");
    const URL: Integration = Integration::of("UrlField", "require_no_uri_format");
    const EMAIL_ADDRESS: Integration =
        Integration::of("EmailAddressField", "require_no_email_format");
    const UUID: Integration = Integration::of("UuidField", "require_no_uuid_format");
    &[
        ("chrono::NaiveDate", CHRONO_DATE),
        ("chrono::naive::NaiveDate", CHRONO_DATE),
        ("NaiveDate", CHRONO_DATE),
        ("chrono::DateTime<_>", CHRONO_DATE_TIME),
        ("DateTime<_>", CHRONO_DATE_TIME),
        ("jiff::civil::Date", JIFF_DATE),
        ("civil::Date", JIFF_DATE),
        ("jiff::Timestamp", JIFF_TIMESTAMP),
        ("time::Date", TIME_DATE),
        ("time::OffsetDateTime", TIME_OFFSET_DATE_TIME),
        ("OffsetDateTime", TIME_OFFSET_DATE_TIME),
        ("url::Url", URL),
        ("Url", URL),
        ("email_address::EmailAddress", EMAIL_ADDRESS),
        ("EmailAddress", EMAIL_ADDRESS),
        ("uuid::Uuid", UUID),
        ("Uuid", UUID),
    ]
};

/// The integration whose field type `ty` names, if any.
fn integration(ty: &syn::Type) -> Option<Integration> {
    let path = plain_path(ty)?;
    let mut written: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    // Arguments only on the last segment, and only one type (`DateTime<Utc>`), or none.
    let last = path.segments.last()?;
    let len = path.segments.len();
    if path
        .segments
        .iter()
        .take(len - 1)
        .any(|s| !s.arguments.is_none())
    {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::None => {}
        syn::PathArguments::AngleBracketed(args)
            if args.args.len() == 1
                && matches!(args.args.first(), Some(syn::GenericArgument::Type(_))) =>
        {
            if let Some(name) = written.last_mut() {
                name.push_str("<_>");
            }
        }
        _ => return None,
    }
    let written = written.join("::");
    INTEGRATIONS
        .iter()
        .find(|(known, _)| *known == written)
        .map(|&(_, integration)| integration)
}

/// The field types the derive knows by name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Base {
    Text,
    Boolean,
    Integer {
        name: &'static str,
        /// The type's range, for the types whose width is the same on every target; `None` for
        /// `isize` and `usize`, whose range is the target's and not the macro's host's: their
        /// bounds are checked by a `const` evaluation in the generated code.
        range: Option<(i128, i128)>,
    },
    Float {
        name: &'static str,
        max: f64,
    },
    /// `Vec<_>`, `HashSet<_>` or `BTreeSet<_>`: a multi-select if the element is a choice (the
    /// field trait checks that).
    MultiSelect {
        container: &'static str,
    },
}

impl Base {
    /// The kind of field, in words, for messages: "a text field", ...
    pub(crate) fn describe(self) -> String {
        match self {
            Base::Text => "a text field".to_owned(),
            Base::Boolean => "a boolean field".to_owned(),
            Base::Integer { name, .. } => format!("an integer field (`{name}`)"),
            Base::Float { name, .. } => format!("a number field (`{name}`)"),
            Base::MultiSelect { container } => format!("a multi-select (`{container}`)"),
        }
    }
}

macro_rules! integers {
    ($($ty:ident)*; $($target_width:ident)*) => {
        &[
            $((stringify!($ty), Some(($ty::MIN as i128, $ty::MAX as i128))),)*
            $((stringify!($target_width), None),)*
        ]
    };
}

const INTEGERS: &[(&str, Option<(i128, i128)>)] =
    integers!(i8 i16 i32 i64 u8 u16 u32 u64; isize usize);

impl FieldType {
    pub(crate) fn classify(ty: &syn::Type) -> Self {
        match option_inner(ty) {
            Some(inner) => FieldType {
                optional: true,
                base: base(inner),
                integration: integration(inner),
            },
            None => FieldType {
                optional: false,
                base: base(ty),
                integration: integration(ty),
            },
        }
    }
}

/// Why a field type a form cannot hold, when the derive can tell from the type's shape or name:
/// reported at the type, with what to use instead. Anything else it cannot tell is left to the
/// field trait.
pub(crate) fn unsupported(ty: &syn::Type) -> Option<String> {
    let reason = match peel(ty) {
        syn::Type::Tuple(t) if t.elems.is_empty() => {
            "the unit type `()` holds nothing a form could ask for: remove the field"
        }
        syn::Type::Tuple(_) => {
            "a form is flat, so a field cannot be a tuple: give each part its own field"
        }
        syn::Type::Array(_) | syn::Type::Slice(_) => {
            "a field cannot be an array: for several choices use a `Vec` of an enum deriving `Elicit`, and for several values give each its own field"
        }
        syn::Type::Reference(r) => {
            return Some(if is_named(&r.elem, "str") {
                "a field cannot be a reference: the parsed answer owns its values, so use `String`"
                    .to_owned()
            } else {
                "a field cannot be a reference: the parsed answer owns its values, so use the type itself".to_owned()
            });
        }
        syn::Type::Ptr(_) => "a field cannot be a raw pointer",
        syn::Type::FnPtr(_) => "a field cannot be a function",
        syn::Type::TraitObject(_) | syn::Type::ImplTrait(_) => {
            "a field needs a concrete type: text, a number, a `bool`, or an enum deriving `Elicit`"
        }
        syn::Type::Never(_) => "the never type `!` cannot be a form field",
        syn::Type::Path(_) => return unsupported_path(ty),
        _ => return None,
    };
    Some(reason.to_owned())
}

/// The name-based part of [`unsupported`].
fn unsupported_path(ty: &syn::Type) -> Option<String> {
    let path = plain_path(ty)?;
    let last = path.segments.last()?;
    let name = last.ident.to_string();
    let args: Vec<&syn::Type> = match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|arg| match arg {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    if let Some(inner) = option_inner(ty) {
        if option_inner(inner).is_some() {
            return Some("`Option<Option<_>>` says no more than `Option<_>`: a field is given or not, so use one `Option`".to_owned());
        }
        return unsupported(inner);
    }
    let bare = path.segments.len() == 1 && path.leading_colon.is_none();
    match name.as_str() {
        "Box" | "Rc" | "Arc" | "Cow" | "RefCell" | "Cell" | "Mutex" | "RwLock" => Some(format!(
            "`{name}<_>` cannot be a form field: use the value itself, like `String` rather than `{name}<String>`"
        )),
        "HashMap" | "BTreeMap" | "IndexMap" => Some(
            "a map cannot be a form field: an MCP form has a fixed set of fields, each declared in the struct"
                .to_owned(),
        ),
        "Value" if path.segments.len() == 2 && path.segments[0].ident == "serde_json" => Some(
            "free-form JSON cannot be a form field: declare each field with its type".to_owned(),
        ),
        "VecDeque" | "LinkedList" | "BinaryHeap" => Some(format!(
            "`{name}` cannot be a multi-select: use a `Vec`, `HashSet` or `BTreeSet` of an enum deriving `Elicit`"
        )),
        "str" if bare => Some("a field cannot be an unsized `str`: use `String`".to_owned()),
        "char" if bare => Some(
            "a `char` cannot be a form field (MCP forms have text, not characters): use `String` with `max_length = 1`"
                .to_owned(),
        ),
        "i128" | "u128" if bare => Some(format!(
            "`{name}` cannot be a form field: numbers in MCP answers fit in 64 bits, so use `{}`",
            if name == "i128" { "i64" } else { "u64" }
        )),
        _ => {
            let container = CONTAINERS
                .iter()
                .find(|(module, n)| is_std(path, module, n))
                .map(|(_, n)| *n)?;
            let element = args.first()?;
            multi_select_element(container, element)
        }
    }
}

/// Why `element` cannot be the element of a multi-select `container`, when the derive can tell.
fn multi_select_element(container: &str, element: &syn::Type) -> Option<String> {
    if option_inner(element).is_some() {
        return Some(format!(
            "the choices of a multi-select cannot be empty: use `{container}<Enum>` without `Option`"
        ));
    }
    let nested = matches!(
        peel(element),
        syn::Type::Tuple(_) | syn::Type::Array(_) | syn::Type::Slice(_)
    ) || matches!(base(element), Some(Base::MultiSelect { .. }));
    if nested {
        return Some("a list of lists cannot be a form field: MCP forms are flat".to_owned());
    }
    let what = match base(element)? {
        Base::Text => "free text",
        Base::Boolean => "booleans",
        Base::Integer { .. } | Base::Float { .. } => "free numbers",
        Base::MultiSelect { .. } => return None,
    };
    Some(format!(
        "a multi-select chooses among options, so it is a `{container}` of an enum deriving `Elicit`: an MCP form cannot hold a list of {what}; make the options the variants of an enum"
    ))
}

/// Whether `ty` is the bare name `name`.
fn is_named(ty: &syn::Type, name: &str) -> bool {
    plain_path(ty).is_some_and(|p| p.is_ident(name))
}

/// Looks through the invisible groups and parentheses a `macro_rules!` may leave around a type.
fn peel(ty: &syn::Type) -> &syn::Type {
    match ty {
        syn::Type::Group(g) => peel(&g.elem),
        syn::Type::Paren(p) => peel(&p.elem),
        _ => ty,
    }
}

/// The path of a type, when it is a plain path (no `<T as Trait>::` qualification).
fn plain_path(ty: &syn::Type) -> Option<&syn::Path> {
    match peel(ty) {
        syn::Type::Path(p) if p.qself.is_none() => Some(&p.path),
        _ => None,
    }
}

/// Whether `path` is `name` or one of the standard paths to it (`std::option::Option`, ...).
fn is_std(path: &syn::Path, module: &str, name: &str) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match segments.as_slice() {
        [only] => only == name && path.leading_colon.is_none(),
        [krate, m, n] => {
            ["std", "core", "alloc"].contains(&krate.as_str()) && m == module && n == name
        }
        _ => false,
    }
}

/// `T` of `Option<T>`.
pub(crate) fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let path = plain_path(ty)?;
    if !is_std(path, "option", "Option") {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &path.segments.last()?.arguments else {
        return None;
    };
    match args.args.iter().collect::<Vec<_>>().as_slice() {
        [syn::GenericArgument::Type(inner)] => Some(inner),
        _ => None,
    }
}

/// Whether `ty` (or the type in its `Option`) names a secret: `SecretString`, bare or by one of
/// the paths that reach it (`secrecy::SecretString`, `mcp_elicit::page::SecretString`). Only the
/// derive's own rules by name need to know (the guard of sensitive fields, the attributes a
/// secret takes no use of): the schema and the refusal of a form holding a secret follow the
/// type's `FormField` shape.
pub(crate) fn is_secret(ty: &syn::Type) -> bool {
    let ty = option_inner(ty).unwrap_or(ty);
    let Some(path) = plain_path(ty) else {
        return false;
    };
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    matches!(
        names.as_slice(),
        ["SecretString"]
            | ["secrecy" | "page", "SecretString"]
            | ["mcp_elicit" | "mcp_elicit_core", "page", "SecretString"]
    )
}

/// The multi-select containers, by module and name.
const CONTAINERS: &[(&str, &str)] = &[
    ("vec", "Vec"),
    ("collections", "HashSet"),
    ("collections", "BTreeSet"),
];

fn base(ty: &syn::Type) -> Option<Base> {
    let path = plain_path(ty)?;
    let last = path.segments.last()?;
    if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
        let types = args
            .args
            .iter()
            .filter(|a| matches!(a, syn::GenericArgument::Type(_)))
            .count();
        let container = CONTAINERS
            .iter()
            .find(|(module, name)| is_std(path, module, name))
            .map(|(_, name)| *name);
        return match container {
            Some(container) if types == 1 || (container == "HashSet" && types == 2) => {
                Some(Base::MultiSelect { container })
            }
            _ => None,
        };
    }
    if !last.arguments.is_none() {
        return None;
    }
    if is_std(path, "string", "String") {
        return Some(Base::Text);
    }
    // Primitive names only count bare: `u8`, not `my::u8`.
    if path.segments.len() != 1 || path.leading_colon.is_some() {
        return None;
    }
    let name = last.ident.to_string();
    if name == "bool" {
        return Some(Base::Boolean);
    }
    if name == "f32" {
        return Some(Base::Float {
            name: "f32",
            max: f64::from(f32::MAX),
        });
    }
    if name == "f64" {
        return Some(Base::Float {
            name: "f64",
            max: f64::MAX,
        });
    }
    INTEGERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(name, range)| Base::Integer { name, range })
}

#[cfg(test)]
mod tests;
