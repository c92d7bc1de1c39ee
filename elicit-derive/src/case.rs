//! `rename_all` rules, with serde's names and serde's results, so that a struct deriving both
//! `Elicit` and `Deserialize` has one set of wire names.

use self::RenameRule::{Camel, Kebab, Lower, Pascal, ScreamingKebab, ScreamingSnake, Snake, Upper};

/// A naming convention for fields (or variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// Every rule, by the name `rename_all` takes.
pub(crate) const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", Lower),
    ("UPPERCASE", Upper),
    ("PascalCase", Pascal),
    ("camelCase", Camel),
    ("snake_case", Snake),
    ("SCREAMING_SNAKE_CASE", ScreamingSnake),
    ("kebab-case", Kebab),
    ("SCREAMING-KEBAB-CASE", ScreamingKebab),
];

impl RenameRule {
    pub(crate) fn from_name(name: &str) -> Option<Self> {
        RULES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, rule)| *rule)
    }

    /// The wire name of a field written in Rust's `snake_case`.
    pub(crate) fn apply_to_field(self, field: &str) -> String {
        match self {
            Lower | Snake => field.to_owned(),
            Upper | ScreamingSnake => field.to_ascii_uppercase(),
            Pascal => pascal_from_snake(field),
            Camel => {
                let pascal = pascal_from_snake(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => pascal,
                }
            }
            Kebab => field.replace('_', "-"),
            ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// The wire name of an enum variant written in Rust's `Pascal`.
    pub(crate) fn apply_to_variant(self, variant: &str) -> String {
        match self {
            Pascal => variant.to_owned(),
            Lower => variant.to_ascii_lowercase(),
            Upper => variant.to_ascii_uppercase(),
            Camel => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            Snake => snake_from_pascal(variant),
            ScreamingSnake => snake_from_pascal(variant).to_ascii_uppercase(),
            Kebab => snake_from_pascal(variant).replace('_', "-"),
            ScreamingKebab => snake_from_pascal(variant)
                .to_ascii_uppercase()
                .replace('_', "-"),
        }
    }
}

/// `first_name` → `FirstName`: each `_` is dropped and the letter after it capitalized.
fn pascal_from_snake(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut capitalize = true;
    for ch in field.chars() {
        if ch == '_' {
            capitalize = true;
        } else if capitalize {
            out.push(ch.to_ascii_uppercase());
            capitalize = false;
        } else {
            out.push(ch);
        }
    }
    out
}

/// `FirstName` → `first_name`: an `_` before every uppercase letter but the first.
fn snake_from_pascal(variant: &str) -> String {
    let mut out = String::with_capacity(variant.len() + 4);
    for (i, ch) in variant.char_indices() {
        if i > 0 && ch.is_uppercase() {
            out.push('_');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks `apply` against rows of "input: the result under each rule, in `RULES` order".
    fn check(apply: fn(RenameRule, &str) -> String, rows: &[(&str, &str)]) {
        for (input, expected) in rows {
            let expected: Vec<&str> = expected.split_whitespace().collect();
            assert_eq!(expected.len(), RULES.len());
            for ((name, rule), want) in RULES.iter().zip(expected) {
                assert_eq!(apply(*rule, input), want, "{name} of {input}");
            }
        }
    }

    #[test]
    fn fields_follow_serde() {
        check(
            RenameRule::apply_to_field,
            &[
                (
                    "outcome",
                    "outcome OUTCOME Outcome outcome outcome OUTCOME outcome OUTCOME",
                ),
                (
                    "very_tasty",
                    "very_tasty VERY_TASTY VeryTasty veryTasty very_tasty VERY_TASTY very-tasty VERY-TASTY",
                ),
                ("a", "a A A a a A a A"),
                ("z42", "z42 Z42 Z42 z42 z42 Z42 z42 Z42"),
            ],
        );
    }

    #[test]
    fn variants_follow_serde() {
        check(
            RenameRule::apply_to_variant,
            &[
                (
                    "Outcome",
                    "outcome OUTCOME Outcome outcome outcome OUTCOME outcome OUTCOME",
                ),
                (
                    "VeryTasty",
                    "verytasty VERYTASTY VeryTasty veryTasty very_tasty VERY_TASTY very-tasty VERY-TASTY",
                ),
                ("A", "a A A a a A a A"),
                ("Z42", "z42 Z42 Z42 z42 z42 Z42 z42 Z42"),
            ],
        );
    }

    #[test]
    fn names_round_trip() {
        for (name, rule) in RULES {
            assert_eq!(RenameRule::from_name(name), Some(*rule));
        }
        assert_eq!(RenameRule::from_name("camelcase"), None);
    }
}
