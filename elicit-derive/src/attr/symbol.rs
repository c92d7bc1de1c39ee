//! Every key `#[elicit(..)]` takes, spelled once (`serde_derive`'s `symbol.rs` habit): the parsers,
//! the lists of keys each level takes (which the "did you mean" suggestions read), the keys a
//! transparent type carries, and the expansion's setters all name these.

pub(crate) const RENAME_ALL: &str = "rename_all";
pub(crate) const CRATE: &str = "crate";
pub(crate) const MESSAGE: &str = "message";
pub(crate) const VALIDATE: &str = "validate";
pub(crate) const TRANSPARENT: &str = "transparent";
pub(crate) const ENUM_NAMES: &str = "enum_names";
pub(crate) const RENAME: &str = "rename";
pub(crate) const TITLE: &str = "title";
pub(crate) const DESCRIPTION: &str = "description";
pub(crate) const MIN_LENGTH: &str = "min_length";
pub(crate) const MAX_LENGTH: &str = "max_length";
pub(crate) const FORMAT: &str = "format";
pub(crate) const PATTERN: &str = "pattern";
pub(crate) const MINIMUM: &str = "minimum";
pub(crate) const MAXIMUM: &str = "maximum";
pub(crate) const MIN_ITEMS: &str = "min_items";
pub(crate) const MAX_ITEMS: &str = "max_items";
pub(crate) const DEFAULT: &str = "default";
pub(crate) const NOT_SENSITIVE: &str = "not_sensitive";
pub(crate) const SKIP: &str = "skip";
pub(crate) const FROM_STR: &str = "from_str";
pub(crate) const WITH: &str = "with";
pub(crate) const FLATTEN: &str = "flatten";
pub(crate) const LANGUAGE: &str = "language";
pub(crate) const TRANSLATIONS: &str = "translations";
pub(crate) const FTL: &str = "ftl";

/// The keys a struct takes.
pub(crate) const STRUCT: &[&str] = &[
    RENAME_ALL,
    CRATE,
    MESSAGE,
    TITLE,
    DESCRIPTION,
    VALIDATE,
    TRANSPARENT,
    LANGUAGE,
    TRANSLATIONS,
    FTL,
];
/// The keys an enum takes.
pub(crate) const ENUM: &[&str] = &[RENAME_ALL, CRATE, ENUM_NAMES, LANGUAGE, TRANSLATIONS, FTL];
/// The keys a field takes, in the order `Field::written_keys` gives them (`rename` aside).
pub(crate) const FIELD: &[&str] = &[
    RENAME,
    TITLE,
    DESCRIPTION,
    MIN_LENGTH,
    MAX_LENGTH,
    FORMAT,
    PATTERN,
    MINIMUM,
    MAXIMUM,
    MIN_ITEMS,
    MAX_ITEMS,
    DEFAULT,
    NOT_SENSITIVE,
    SKIP,
    VALIDATE,
    FROM_STR,
    WITH,
    FLATTEN,
    FTL,
];
/// The keys a variant takes.
pub(crate) const VARIANT: &[&str] = &[RENAME, TITLE, DESCRIPTION, FTL];
/// The keys the field of a transparent type carries to wherever the type is used: bounds and a
/// format. Labels, defaults and how a field is read belong where the type is used.
pub(crate) const CARRIED: &[&str] = &[
    MIN_LENGTH, MAX_LENGTH, MINIMUM, MAXIMUM, FORMAT, MIN_ITEMS, MAX_ITEMS,
];
