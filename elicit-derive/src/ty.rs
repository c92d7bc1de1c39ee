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
}

/// The field types the derive knows by name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Base {
    Text,
    Boolean,
    Integer {
        name: &'static str,
        min: i128,
        max: i128,
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
    ($($ty:ident)*) => {
        &[$((stringify!($ty), $ty::MIN as i128, $ty::MAX as i128)),*]
    };
}

const INTEGERS: &[(&str, i128, i128)] = integers!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl FieldType {
    pub(crate) fn classify(ty: &syn::Type) -> Self {
        match option_inner(ty) {
            Some(inner) => FieldType {
                optional: true,
                base: base(inner),
            },
            None => FieldType {
                optional: false,
                base: base(ty),
            },
        }
    }
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
        .find(|(n, _, _)| *n == name)
        .map(|&(name, min, max)| Base::Integer { name, min, max })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify(src: &str) -> FieldType {
        FieldType::classify(&syn::parse_str(src).unwrap())
    }

    #[test]
    fn recognizes_primitives() {
        assert_eq!(classify("String").base, Some(Base::Text));
        assert_eq!(classify("std::string::String").base, Some(Base::Text));
        assert_eq!(classify("bool").base, Some(Base::Boolean));
        assert_eq!(
            classify("u8").base,
            Some(Base::Integer {
                name: "u8",
                min: 0,
                max: 255
            })
        );
        assert!(matches!(
            classify("f32").base,
            Some(Base::Float { name: "f32", .. })
        ));
    }

    #[test]
    fn sees_through_option() {
        let t = classify("Option<i16>");
        assert!(t.optional);
        assert_eq!(
            t.base,
            Some(Base::Integer {
                name: "i16",
                min: -32768,
                max: 32767
            })
        );
        let t = classify("::core::option::Option<String>");
        assert!(t.optional);
        assert_eq!(t.base, Some(Base::Text));
        assert!(classify("Option<Option<String>>").base.is_none());
    }

    #[test]
    fn recognizes_multi_select_containers() {
        for (src, container) in [
            ("Vec<Color>", "Vec"),
            ("std::vec::Vec<Color>", "Vec"),
            ("HashSet<Color>", "HashSet"),
            ("HashSet<Color, MyHasher>", "HashSet"),
            ("std::collections::BTreeSet<Color>", "BTreeSet"),
            ("Option<BTreeSet<Color>>", "BTreeSet"),
        ] {
            assert_eq!(
                classify(src).base,
                Some(Base::MultiSelect { container }),
                "{src}"
            );
        }
        assert_eq!(classify("Vec<Color, A>").base, None);
        assert_eq!(classify("my::Vec<Color>").base, None);
    }

    #[test]
    fn leaves_the_rest_to_the_trait() {
        for src in [
            "Name",
            "my::u8",
            "Map<String>",
            "(u8, u8)",
            "&'static str",
            "Option<Plan>",
        ] {
            assert_eq!(classify(src).base, None, "{src}");
        }
    }
}
