//! The `const` helpers of a derived form's translations: each language's schema is built as the
//! default one is, from the same shapes, with the select options of the field's enum in that
//! language.

use super::flatten::same;
use crate::field::{ChoiceLanguage, FieldKind, FieldShape};
use crate::schema::SelectOption;

/// The shape of a field in `language`: a select whose enum is written or translated in it gets
/// its options in it; any other shape, and a select whose enum is not, is as it is (the check
/// [`check_translated`] refuses the second when its options have texts).
pub const fn shape_in(shape: FieldShape, language: &str) -> FieldShape {
    let kind = match shape.kind {
        FieldKind::SingleSelect {
            options,
            enum_names,
            translations,
        } => FieldKind::SingleSelect {
            options: options_in(options, translations, language),
            enum_names,
            translations,
        },
        FieldKind::MultiSelect {
            options,
            translations,
        } => FieldKind::MultiSelect {
            options: options_in(options, translations, language),
            translations,
        },
        other => other,
    };
    FieldShape { kind, ..shape }
}

/// Fails the compile with `message`, which names the field and the language, when the field is
/// a select whose options have titles or descriptions and whose enum is not translated into
/// `language`: its options would stay in the enum's own language.
pub const fn check_translated(shape: FieldShape, language: &str, message: &'static str) {
    if let FieldKind::SingleSelect {
        options,
        translations,
        ..
    }
    | FieldKind::MultiSelect {
        options,
        translations,
    } = shape.kind
        && has_texts(options)
        && find(translations, language).is_none()
    {
        panic!("{}", message);
    }
}

/// The options in `language`, or `options` when the enum has none in it.
const fn options_in(
    options: &'static [SelectOption],
    translations: &'static [ChoiceLanguage],
    language: &str,
) -> &'static [SelectOption] {
    match find(translations, language) {
        Some(translated) => translated,
        None => options,
    }
}

/// The options of the language tagged exactly `language` (the derive writes tags in their
/// canonical form, so equal tags are equal strings).
const fn find(
    translations: &'static [ChoiceLanguage],
    language: &str,
) -> Option<&'static [SelectOption]> {
    let mut i = 0;
    while i < translations.len() {
        if same(translations[i].0, language) {
            return Some(translations[i].1);
        }
        i += 1;
    }
    None
}

/// Whether any option has a title or a description: a text a person reads.
const fn has_texts(options: &[SelectOption]) -> bool {
    let mut i = 0;
    while i < options.len() {
        if options[i].title.is_some() || options[i].description.is_some() {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::{option, single_select, titled_option};
    use super::*;

    static FR: [SelectOption; 1] = [titled_option("window", "Fenêtre")];
    static LANGUAGES: [ChoiceLanguage; 1] = [("fr", &FR)];

    #[test]
    fn a_select_takes_the_options_of_its_language() {
        let shape = FieldShape::required(FieldKind::SingleSelect {
            options: &[],
            enum_names: false,
            translations: &LANGUAGES,
        });
        let FieldKind::SingleSelect { options, .. } = shape_in(shape, "fr").kind else {
            panic!("a select stays a select");
        };
        assert_eq!(options[0].title.as_deref(), Some("Fenêtre"));
        let FieldKind::SingleSelect { options, .. } = shape_in(shape, "de").kind else {
            panic!("a select stays a select");
        };
        assert!(options.is_empty());
    }

    #[test]
    fn untitled_options_need_no_translation() {
        enum Bare {}
        impl crate::field::Choice for Bare {
            const OPTIONS: &'static [SelectOption] = &[option("a")];
            const DISCRIMINANTS: &'static [i128] = &[0];
            fn index(&self) -> usize {
                0
            }
            fn from_index(_: usize) -> Option<Self> {
                None
            }
        }
        check_translated(single_select::<Bare>(), "fr", "never");
    }

    #[test]
    #[should_panic(expected = "not in fr")]
    fn titled_options_need_their_language() {
        let shape = FieldShape::required(FieldKind::MultiSelect {
            options: &FR,
            translations: &[],
        });
        check_translated(shape, "fr", "not in fr");
    }
}
