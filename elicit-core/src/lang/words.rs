//! The crate's own words ([`Words`]): every text it shows a person, as Project Fluent messages,
//! in each language of `elicit-core/locales/`, and in any an application adds.

use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
#[cfg(feature = "page")]
use intl_memoizer::Memoizable;
#[cfg(feature = "page")]
use intl_memoizer::concurrent::IntlLangMemoizer;
use unic_langid::LanguageIdentifier;

use super::Preference;

/// The languages the crate speaks out of the box, each with its messages: the first is the
/// default, and the one every other falls back to for a message it lacks.
const BUILT_IN: &[(&str, &str)] = &[
    ("en", include_str!("../../locales/en/elicit.ftl")),
    ("zh-Hans", include_str!("../../locales/zh-Hans/elicit.ftl")),
    ("zh-Hant", include_str!("../../locales/zh-Hant/elicit.ftl")),
    ("ja", include_str!("../../locales/ja/elicit.ftl")),
    ("ko", include_str!("../../locales/ko/elicit.ftl")),
    ("fr", include_str!("../../locales/fr/elicit.ftl")),
    ("de", include_str!("../../locales/de/elicit.ftl")),
    ("es", include_str!("../../locales/es/elicit.ftl")),
    ("pt-BR", include_str!("../../locales/pt-BR/elicit.ftl")),
    ("ar", include_str!("../../locales/ar/elicit.ftl")),
];

/// The crate's own words in one language: the problems of an answer, the note of a form asked
/// again, the pages and the terminal form.
///
/// The crate chooses them for each request from the person's [`Preference`]
/// ([`Words::choose`]); an application adds a language, or changes any message, with
/// [`Words::add`], without forking:
///
/// ```
/// use mcp_elicit::lang::{Preference, Words};
///
/// // Welsh, which the crate does not speak: a message it lacks falls back to English.
/// Words::add("cy", "page-submit = Cyflwyno\n").unwrap();
/// let words = Words::choose(&Preference::parse("cy-GB, en;q=0.5"));
/// assert_eq!(words.language(), "cy");
/// // And one English message changed.
/// Words::add("en", "page-submit = Send\n").unwrap();
/// ```
// The page's words are said with the feature `page`.
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub struct Words {
    /// Different for every `Words` ever built: what a page's kept fields are kept under.
    id: u64,
    tag: String,
    bundle: FluentBundle<FluentResource>,
    right_to_left: bool,
    /// The default language's words, for the messages an added language lacks.
    fallback: Option<Arc<Words>>,
    /// The page's fixed words, said once.
    page: OnceLock<PageWords>,
}

/// The words of a page's frame, said once per language: a page is written in the time a
/// hand-written template takes, not looking up a message for each.
#[derive(Debug)]
#[cfg_attr(not(feature = "page"), allow(dead_code))]
pub(crate) struct PageWords {
    pub(crate) default_title: String,
    pub(crate) submit: String,
    pub(crate) decline: String,
    pub(crate) error_prefix: String,
    pub(crate) problem_heading: String,
    pub(crate) optional: String,
    pub(crate) yes: String,
    pub(crate) no: String,
    pub(crate) no_answer: String,
    pub(crate) choose_an_option: String,
    /// "Signed in as NAME" around the name: the text before it and after it.
    pub(crate) signed_in_as: (String, String),
}

#[expect(
    clippy::missing_fields_in_debug,
    reason = "the messages follow from the language"
)]
impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Words")
            .field("language", &self.tag)
            .finish()
    }
}

/// Why [`Words::add`] refused a language or its messages.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WordsError {
    /// The tag is not a language tag CLDR knows a language of (`fr`, `zh-Hant`, `pt-BR`).
    UnknownLanguage(String),
    /// The messages are not valid Fluent: the first errors, as the parser says them.
    Syntax(String),
    /// Messages the crate never says, whose ids are not those of its `locales/en/elicit.ftl` (a
    /// misspelt `page-sumbit`, which would be ignored without a word): each id, with the crate's
    /// nearest id when one is at most two edits away (`page-submit`).
    UnknownMessages(Vec<(String, Option<&'static str>)>),
    /// A message without text (`page-submit = { "" }`, or attributes only), which would leave
    /// a blank where the crate says it.
    EmptyMessage(String),
}

impl fmt::Display for WordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordsError::UnknownLanguage(tag) => write!(
                f,
                "unknown language tag `{tag}`: give a BCP 47 tag such as `fr`, `zh-Hant` or `pt-BR`"
            ),
            WordsError::Syntax(reason) => write!(f, "the messages are not valid Fluent: {reason}"),
            WordsError::UnknownMessages(unknown) => {
                // A few are enough to see the mistake; a resource of another program's messages
                // would otherwise list them all.
                const SHOWN: usize = 5;
                let s = if unknown.len() == 1 { "" } else { "s" };
                write!(f, "unknown message id{s} ")?;
                for (i, (id, nearest)) in unknown.iter().take(SHOWN).enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{id}`")?;
                    if let Some(nearest) = nearest {
                        write!(f, " (did you mean `{nearest}`?)")?;
                    }
                }
                if unknown.len() > SHOWN {
                    write!(f, " and {} more", unknown.len() - SHOWN)?;
                }
                f.write_str(
                    ": give the ids of the crate's `locales/en/elicit.ftl`, or write text of your own as a term (`-name = ...`)",
                )
            }
            WordsError::EmptyMessage(id) => {
                write!(
                    f,
                    "the message `{id}` has no text: give it one, or leave it out"
                )
            }
        }
    }
}

impl std::error::Error for WordsError {}

/// Every language's words: built on first use from [`BUILT_IN`], replaced whole by
/// [`Words::add`].
static CATALOG: RwLock<Option<Arc<[Arc<Words>]>>> = RwLock::new(None);

/// The resources each language was built from, so that [`Words::add`] can build it again with
/// more.
static SOURCES: RwLock<Vec<(String, Vec<String>)>> = RwLock::new(Vec::new());

impl Words {
    /// The words in the language `preference` chooses among those the crate speaks (and those
    /// added), or in English.
    pub fn choose(preference: &Preference) -> Arc<Words> {
        let catalog = catalog();
        let tags: Vec<&str> = catalog.iter().map(|words| words.tag.as_str()).collect();
        let index = preference.choose(&tags).unwrap_or(0);
        catalog[index].clone()
    }

    /// The words of exactly the language `tag` (as the crate or [`Words::add`] spells it), if
    /// the crate speaks it.
    pub fn get(tag: &str) -> Option<Arc<Words>> {
        catalog().iter().find(|words| words.tag == tag).cloned()
    }

    /// The words of the language `tag`: exactly that language if the crate speaks it, else the
    /// nearest it speaks ([`Words::choose`]), else English.
    pub fn nearest(tag: &str) -> Arc<Words> {
        Words::get(tag).unwrap_or_else(|| Words::choose(&Preference::for_tag(tag)))
    }

    /// The words of the default language, English.
    pub fn english() -> Arc<Words> {
        catalog()[0].clone()
    }

    /// The tags of the languages the crate speaks: built in, then added.
    pub fn languages() -> Vec<String> {
        catalog().iter().map(|words| words.tag.clone()).collect()
    }

    /// Adds the language `tag` with `ftl` (Project Fluent messages, ids as in the crate's
    /// `locales/en/elicit.ftl`), or, for a language the crate speaks already, changes the
    /// messages `ftl` gives. A message an added language lacks is said in English.
    ///
    /// # Errors
    ///
    /// An unknown language tag, messages that are not valid Fluent, a message id the crate does
    /// not have, or a message without text. Terms (`-brand = ...`), which messages may use,
    /// are the resource's own.
    ///
    /// ```
    /// use mcp_elicit::lang::{Words, WordsError};
    ///
    /// let misspelt = Words::add("cy", "page-sumbit = Cyflwyno\n").unwrap_err();
    /// assert_eq!(
    ///     misspelt,
    ///     WordsError::UnknownMessages(vec![("page-sumbit".into(), Some("page-submit"))])
    /// );
    /// ```
    pub fn add(tag: &str, ftl: &str) -> Result<(), WordsError> {
        if !super::is_known_tag(tag) {
            return Err(WordsError::UnknownLanguage(tag.to_owned()));
        }
        let resource = FluentResource::try_new(ftl.to_owned()).map_err(|(_, errors)| {
            let reasons: Vec<String> = errors.iter().take(3).map(ToString::to_string).collect();
            WordsError::Syntax(reasons.join("; "))
        })?;
        check_messages(&resource)?;
        let mut sources = SOURCES.write().unwrap_or_else(PoisonError::into_inner);
        if sources.is_empty() {
            *sources = built_in_sources();
        }
        match sources.iter_mut().find(|(known, _)| known == tag) {
            Some((_, resources)) => resources.push(ftl.to_owned()),
            None => sources.push((tag.to_owned(), vec![ftl.to_owned()])),
        }
        let built = build(&sources);
        *CATALOG.write().unwrap_or_else(PoisonError::into_inner) = Some(built);
        Ok(())
    }

    /// The language's tag, as reported in `contentLanguage` and `<html lang>`.
    pub fn language(&self) -> &str {
        &self.tag
    }

    /// Whether the language is written right to left (`dir="rtl"` on a page).
    pub fn is_right_to_left(&self) -> bool {
        self.right_to_left
    }

    /// Different for every `Words` ever built (an added message builds them all anew).
    #[cfg(feature = "page")]
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The smallest id of the words in use. Every `Words` the crate chooses now has an id at
    /// least this; the ones an added message replaced, never chosen again, have smaller ids.
    #[cfg(feature = "page")]
    pub(crate) fn oldest_in_use() -> u64 {
        catalog().iter().map(|words| words.id).min().unwrap_or(0)
    }

    /// The fixed words of a page.
    #[cfg(feature = "page")]
    pub(crate) fn page(&self) -> &PageWords {
        self.page.get_or_init(|| {
            let say = |word| self.say(word).into_owned();
            PageWords {
                default_title: say(Word::PageDefaultTitle),
                submit: say(Word::PageSubmit),
                decline: say(Word::PageDecline),
                error_prefix: say(Word::PageErrorPrefix),
                problem_heading: say(Word::PageProblemHeading),
                optional: say(Word::PageOptional),
                yes: say(Word::PageYes),
                no: say(Word::PageNo),
                no_answer: say(Word::PageNoAnswer),
                choose_an_option: say(Word::PageChooseAnOption),
                signed_in_as: {
                    // The name said as a mark no message holds, then the text around it kept
                    // (without the marks that isolate it: the page sets the name in a `<bdi>`).
                    const MARK: &str = "\u{fffc}";
                    let said = self.say_with(Word::PageSignedInAs, &args!("name" => MARK));
                    let (before, after) = said.split_once(MARK).unwrap_or((&said, ""));
                    let before = before.strip_suffix(super::bidi::FSI).unwrap_or(before);
                    let after = after.strip_prefix(super::bidi::PDI).unwrap_or(after);
                    (before.to_owned(), after.to_owned())
                },
            }
        })
    }

    /// Whether the language writes numbers its own way (all but English, with the feature
    /// `page`, which brings CLDR's number data): then a float is given to a message as a
    /// number, else as the text Rust writes (`2.0`, which Fluent would say `2`). Integers are
    /// given as [`integer`] says, in every language.
    pub(crate) fn writes_numbers(&self) -> bool {
        cfg!(feature = "page") && self.tag != "en"
    }

    /// The message `word`, without arguments.
    pub(crate) fn say(&self, word: Word) -> Cow<'_, str> {
        self.format(word, None)
    }

    /// The message `word` with `args`.
    pub(crate) fn say_with(&self, word: Word, args: &FluentArgs<'_>) -> Cow<'_, str> {
        self.format(word, Some(args))
    }

    fn format(&self, word: Word, args: Option<&FluentArgs<'_>>) -> Cow<'_, str> {
        // In a language written right to left, each text given to a message (a field's title, a
        // value, a provider's name) is isolated, so that a Latin title beside `:` or `(` keeps
        // the punctuation on the side the sentence puts it. Numbers are not: the language writes
        // them itself. Left-to-right languages say their messages without the marks.
        let isolated;
        let args = match args {
            Some(args) if self.right_to_left => {
                isolated = isolate_text(args);
                Some(&isolated)
            }
            args => args,
        };
        if let Some(pattern) = self.bundle.get_message(word.id()).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let said = self.bundle.format_pattern(pattern, args, &mut errors);
            if errors.is_empty() {
                return said;
            }
        }
        match &self.fallback {
            Some(fallback) => fallback.format(word, args),
            // The default language has every message (a test says so): this is never reached,
            // and says the message's id rather than nothing.
            None => Cow::Borrowed(word.id()),
        }
    }
}

/// Refuses a resource that gives a message the crate never says (its id misspelt, it would be
/// ignored without a word) or a message without text (a blank where the crate says it).
fn check_messages(resource: &FluentResource) -> Result<(), WordsError> {
    use fluent_syntax::ast;

    let mut unknown = Vec::new();
    let mut empty = None;
    for entry in resource.entries() {
        // Terms and comments are the resource's own.
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let id = message.id.name;
        if !Word::ALL.iter().any(|word| word.id() == id) {
            unknown.push((id.to_owned(), nearest_id(id)));
            continue;
        }
        // The parser writes no empty text element: a text is empty when it is nothing but
        // empty string literals (`{ "" }`).
        let has_text = message.value.as_ref().is_some_and(|pattern| {
            pattern.elements.iter().any(|element| {
                !matches!(
                    element,
                    ast::PatternElement::Placeable {
                        expression: ast::Expression::Inline(ast::InlineExpression::StringLiteral {
                            value: ""
                        }),
                    }
                )
            })
        });
        if !has_text {
            empty.get_or_insert(id);
        }
    }
    if !unknown.is_empty() {
        return Err(WordsError::UnknownMessages(unknown));
    }
    match empty {
        Some(id) => Err(WordsError::EmptyMessage(id.to_owned())),
        None => Ok(()),
    }
}

/// The crate's message id nearest `id`, if one is at most two edits away (a letter added, left
/// out, changed, or two swapped count two).
fn nearest_id(id: &str) -> Option<&'static str> {
    const CLOSE: usize = 2;
    let id: Vec<char> = id.chars().collect();
    let mut nearest = None;
    for word in Word::ALL {
        let known: Vec<char> = word.id().chars().collect();
        // Further apart in length than `CLOSE` is further apart in edits: skipped, so that a
        // long id costs no more than a short one.
        if known.len().abs_diff(id.len()) > CLOSE {
            continue;
        }
        let distance = edit_distance(&id, &known);
        if distance <= CLOSE && nearest.is_none_or(|(best, _)| distance < best) {
            nearest = Some((distance, word.id()));
        }
    }
    nearest.map(|(_, id)| id)
}

/// Levenshtein's distance between `a` and `b`: the fewest characters added, removed or changed
/// that make one the other.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, x) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let changed = previous[j] + usize::from(x != y);
            current[j + 1] = changed.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// `args` with each text between FSI and PDI ([`isolated`](super::bidi::isolated)); numbers
/// and the rest as they are.
fn isolate_text<'a>(args: &'a FluentArgs<'_>) -> FluentArgs<'a> {
    let mut isolated = FluentArgs::with_capacity(args.iter().count());
    for (name, value) in args.iter() {
        match value {
            FluentValue::String(text) => {
                isolated.set(
                    name,
                    FluentValue::String(super::bidi::isolated(text).into()),
                );
            }
            value => isolated.set(name, value.clone()),
        }
    }
    isolated
}

/// The built-in languages' sources.
fn built_in_sources() -> Vec<(String, Vec<String>)> {
    BUILT_IN
        .iter()
        .map(|(tag, ftl)| ((*tag).to_owned(), vec![(*ftl).to_owned()]))
        .collect()
}

/// The catalog, built from the built-in languages on first use.
fn catalog() -> Arc<[Arc<Words>]> {
    if let Some(catalog) = &*CATALOG.read().unwrap_or_else(PoisonError::into_inner) {
        return catalog.clone();
    }
    let mut slot = CATALOG.write().unwrap_or_else(PoisonError::into_inner);
    slot.get_or_insert_with(|| build(&built_in_sources()))
        .clone()
}

/// Each language's words from its resources; the first language is the default.
fn build(sources: &[(String, Vec<String>)]) -> Arc<[Arc<Words>]> {
    let mut languages: Vec<Arc<Words>> = Vec::with_capacity(sources.len());
    for (tag, resources) in sources {
        let id: LanguageIdentifier = tag.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // No isolation marks around every placeable (Fluent's, which wraps numbers and the
        // variants of a plural too): in a language written right to left, `Words::format`
        // isolates the texts given to a message, and left-to-right languages need none.
        bundle.set_use_isolating(false);
        // Numbers as the language writes them; English keeps the digits as they are (what the
        // errors' `Display`, read by programs and logs too, has always said).
        #[cfg(feature = "page")]
        if tag != "en" {
            bundle.set_formatter(Some(format_number));
        }
        for ftl in resources {
            // Checked by `Words::add` (and the built-in ones by a test): a resource that does not
            // parse is skipped whole rather than half taken.
            if let Ok(resource) = FluentResource::try_new(ftl.clone()) {
                bundle.add_resource_overriding(resource);
            }
        }
        static BUILT: AtomicU64 = AtomicU64::new(0);
        languages.push(Arc::new(Words {
            id: BUILT.fetch_add(1, Ordering::Relaxed),
            tag: tag.clone(),
            bundle,
            right_to_left: super::is_right_to_left(tag),
            fallback: languages.first().cloned(),
            page: OnceLock::new(),
        }));
    }
    languages.into()
}

/// The largest integer an `f64` holds exactly, with every integer below it: 2^53.
const EXACT_IN_F64: i128 = 1 << 53;

/// An integer as a message is given it, written exactly however large.
///
/// Fluent holds a number as an `f64` (`FluentNumber::value`), which holds every integer up to
/// 2^53 and few beyond: `9007199254740993` would be said `9007199254740992`. An integer within
/// 2^53 is given as Fluent's own number, so that a message selects its plural form as Fluent does
/// (`{ $minimum -> [one] ... }`); a larger one as an [`Integer`], which the language's formatter
/// (or, for English, Rust) writes from its exact digits. Fluent selects plural forms on its own
/// numbers only, so a message that selects on such an integer says its default variant (CLDR's
/// `other`): the crate's messages select only on lengths and counts, where such a number can be
/// no more than a bound that no answer reaches, and never on the bounds and values of number
/// fields.
pub(crate) fn integer(value: impl Into<i128>) -> fluent_bundle::FluentValue<'static> {
    let value = value.into();
    if value.abs() <= EXACT_IN_F64 {
        #[expect(clippy::cast_precision_loss, reason = "exact within 2^53")]
        let number = value as f64;
        fluent_bundle::FluentValue::from(number)
    } else {
        fluent_bundle::FluentValue::Custom(Box::new(Integer(value)))
    }
}

/// An integer beyond 2^53 in a message ([`integer`]): its exact value, which Fluent's `f64` would
/// round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Integer(i128);

impl fluent_bundle::types::FluentType for Integer {
    fn duplicate(&self) -> Box<dyn fluent_bundle::types::FluentType + Send> {
        Box::new(*self)
    }

    /// The digits as Rust writes them (as English says numbers); a language that writes
    /// numbers its own way says it with [`format_number`] instead.
    fn as_string(&self, _: &intl_memoizer::IntlLangMemoizer) -> Cow<'static, str> {
        self.0.to_string().into()
    }

    fn as_string_threadsafe(
        &self,
        _: &intl_memoizer::concurrent::IntlLangMemoizer,
    ) -> Cow<'static, str> {
        self.0.to_string().into()
    }
}

/// A language's decimal formatter (ICU4X, CLDR's data), kept by the bundle's memoizer.
#[cfg(feature = "page")]
struct DecimalFormat(icu_decimal::DecimalFormatter);

#[cfg(feature = "page")]
impl Memoizable for DecimalFormat {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, (): ()) -> Result<Self, ()> {
        let locale: icu_locale_core::Locale = lang.to_string().parse().map_err(drop)?;
        icu_decimal::DecimalFormatter::try_new(
            (&locale).into(),
            icu_decimal::options::DecimalFormatterOptions::default(),
        )
        .map(DecimalFormat)
        .map_err(drop)
    }
}

/// A number in a message, as the bundle's language writes it: its digits, its decimal separator,
/// its grouping. An integer goes to ICU4X as an integer, from its exact value.
#[cfg(feature = "page")]
fn format_number(
    value: &fluent_bundle::FluentValue<'_>,
    memoizer: &IntlLangMemoizer,
) -> Option<String> {
    use icu_decimal::input::Decimal;

    let decimal = match value {
        fluent_bundle::FluentValue::Number(number) => {
            let value = number.value;
            // A whole `f64` within 2^53 is exactly that integer.
            #[expect(clippy::cast_precision_loss, reason = "2^53 is exact")]
            let exact = EXACT_IN_F64 as f64;
            if value.fract() == 0.0 && value.abs() <= exact {
                #[expect(
                    clippy::cast_possible_truncation,
                    reason = "a whole number within 2^53"
                )]
                Decimal::from(value as i64)
            } else {
                Decimal::try_from_f64(value, icu_decimal::input::FloatPrecision::RoundTrip).ok()?
            }
        }
        fluent_bundle::FluentValue::Custom(custom) => {
            // The value inside the box, not the box.
            let custom: &dyn fluent_bundle::types::FluentType = &**custom;
            Decimal::from(custom.as_any().downcast_ref::<Integer>()?.0)
        }
        _ => return None,
    };
    memoizer
        .with_try_get::<DecimalFormat, _, _>((), |format| format.0.format(&decimal).to_string())
        .ok()
}

/// `FluentArgs` from `name => value` pairs.
macro_rules! args {
    ($($name:literal => $value:expr),* $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $(args.set($name, $value);)*
        args
    }};
}
pub(crate) use args;

/// Declares [`Word`]: each message the code says, by its id.
macro_rules! words {
    ($($word:ident = $id:literal,)*) => {
        /// A message of the crate's own words, by its id in the `.ftl` files.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        // The pages', the accounts' and the terminal's messages are said with their features.
        #[cfg_attr(
            not(all(
                feature = "page",
                feature = "account",
                feature = "terminal",
                feature = "rmcp"
            )),
            allow(dead_code)
        )]
        pub(crate) enum Word {
            $($word,)*
        }

        impl Word {
            /// Every message: what [`Words::add`] takes, and what each language has.
            pub(crate) const ALL: &[Word] = &[$(Word::$word,)*];

            /// The message's id in the `.ftl` files.
            pub(crate) const fn id(self) -> &'static str {
                match self {
                    $(Word::$word => $id,)*
                }
            }
        }
    };
}

words! {
    ExpectedText = "expected-text",
    ExpectedInteger = "expected-integer",
    ExpectedNumber = "expected-number",
    ExpectedBoolean = "expected-boolean",
    ExpectedOption = "expected-option",
    ExpectedOptions = "expected-options",
    FoundNull = "found-null",
    FoundBoolean = "found-boolean",
    FoundNumber = "found-number",
    FoundText = "found-text",
    FoundList = "found-list",
    FoundObject = "found-object",
    FormatEmail = "format-email",
    FormatUri = "format-uri",
    FormatDate = "format-date",
    FormatDateTime = "format-date-time",
    ProblemMissing = "problem-missing",
    ProblemWrongType = "problem-wrong-type",
    ProblemWrongTypeQuiet = "problem-wrong-type-quiet",
    ProblemNotAnInteger = "problem-not-an-integer",
    ProblemTooSmall = "problem-too-small",
    ProblemTooLarge = "problem-too-large",
    ProblemTooShort = "problem-too-short",
    ProblemTooLong = "problem-too-long",
    ProblemPattern = "problem-pattern",
    ProblemPatternQuiet = "problem-pattern-quiet",
    ProblemBadPattern = "problem-bad-pattern",
    ProblemBadFormat = "problem-bad-format",
    ProblemBadFormatQuiet = "problem-bad-format-quiet",
    ProblemNotAnOption = "problem-not-an-option",
    ProblemNotAnOptionMore = "problem-not-an-option-more",
    ProblemTooFewChoices = "problem-too-few-choices",
    ProblemTooManyChoices = "problem-too-many-choices",
    ProblemRepeatedChoice = "problem-repeated-choice",
    ProblemSentTwice = "problem-sent-twice",
    ListSeparator = "list-separator",
    RetryNote = "retry-note",
    ProblemLine = "problem-line",
    PageProblem = "page-problem",
    RuleLengthRange = "rule-length-range",
    RuleLengthExact = "rule-length-exact",
    RuleLengthMin = "rule-length-min",
    RuleLengthMax = "rule-length-max",
    RulePattern = "rule-pattern",
    RuleWholeNumber = "rule-whole-number",
    RuleNumber = "rule-number",
    RuleWholeNumberRange = "rule-whole-number-range",
    RuleNumberRange = "rule-number-range",
    RuleWholeNumberMin = "rule-whole-number-min",
    RuleNumberMin = "rule-number-min",
    RuleWholeNumberMax = "rule-whole-number-max",
    RuleNumberMax = "rule-number-max",
    RuleChooseExact = "rule-choose-exact",
    RuleChooseRange = "rule-choose-range",
    RuleChooseMin = "rule-choose-min",
    RuleChooseMax = "rule-choose-max",
    RuleUtc = "rule-utc",
    RuleSeparator = "rule-separator",
    PageDefaultTitle = "page-default-title",
    PageSubmit = "page-submit",
    PageDecline = "page-decline",
    PageErrorTitle = "page-error-title",
    PageErrorPrefix = "page-error-prefix",
    PageProblemHeading = "page-problem-heading",
    PageSignedInAs = "page-signed-in-as",
    PageOptional = "page-optional",
    PageYes = "page-yes",
    PageNo = "page-no",
    PageNoAnswer = "page-no-answer",
    PageChooseAnOption = "page-choose-an-option",
    PageNotFoundTitle = "page-not-found-title",
    PageNotFound = "page-not-found",
    PageExpiredTitle = "page-expired-title",
    PageExpired = "page-expired",
    PageClosedTitle = "page-closed-title",
    PageClosed = "page-closed",
    PageAnsweredTitle = "page-answered-title",
    PageAnswered = "page-answered",
    PageForbiddenTitle = "page-forbidden-title",
    PageForbidden = "page-forbidden",
    PageSignInTitle = "page-sign-in-title",
    PageSignIn = "page-sign-in",
    PageUnavailableTitle = "page-unavailable-title",
    PageUnavailable = "page-unavailable",
    PageNotAFormTitle = "page-not-a-form-title",
    PageNotAForm = "page-not-a-form",
    PageTooLongTitle = "page-too-long-title",
    PageTooLong = "page-too-long",
    PageNotFromPageTitle = "page-not-from-page-title",
    PageNotFromPage = "page-not-from-page",
    PageNotThisFormTitle = "page-not-this-form-title",
    PageDoneTitle = "page-done-title",
    PageDone = "page-done",
    PageDeclinedTitle = "page-declined-title",
    PageDeclined = "page-declined",
    ConnectTitle = "connect-title",
    ConnectSubmit = "connect-submit",
    ConnectContinue = "connect-continue",
    ConnectContinueHint = "connect-continue-hint",
    ConnectAlreadyTitle = "connect-already-title",
    ConnectAlready = "connect-already",
    ConnectNotConnectedTitle = "connect-not-connected-title",
    ConnectDoneTitle = "connect-done-title",
    ConnectDone = "connect-done",
    ConnectDoneAs = "connect-done-as",
    ConnectDeclined = "connect-declined",
    ConnectFailed = "connect-failed",
    ConnectNotYoursTitle = "connect-not-yours-title",
    ConnectNotYours = "connect-not-yours",
    ConnectUsedTitle = "connect-used-title",
    ConnectUsed = "connect-used",
    ConnectOtherBrowserTitle = "connect-other-browser-title",
    ConnectOtherBrowser = "connect-other-browser",
    ConnectNotASignInTitle = "connect-not-a-sign-in-title",
    ConnectNotASignIn = "connect-not-a-sign-in",
    TerminalFill = "terminal-fill",
    TerminalDecline = "terminal-decline",
    TerminalCancel = "terminal-cancel",
    TerminalEscCancels = "terminal-esc-cancels",
    TerminalCorrect = "terminal-correct",
    TerminalOpenPage = "terminal-open-page",
    TerminalOpenPageHelp = "terminal-open-page-help",
    TerminalOpened = "terminal-opened",
    TerminalOpenYourself = "terminal-open-yourself",
    TerminalEmptyUnanswered = "terminal-empty-unanswered",
    TerminalYes = "terminal-yes",
    TerminalNo = "terminal-no",
    TerminalNoAnswer = "terminal-no-answer",
    TerminalYOrN = "terminal-y-or-n",
    TerminalSelectHelp = "terminal-select-help",
    TerminalMultiHelp = "terminal-multi-help",
    TerminalMultiHelpNone = "terminal-multi-help-none",
    TerminalChooseMin = "terminal-choose-min",
    TerminalChooseMax = "terminal-choose-max",
    ProgressWaiting = "progress-waiting",
    ErrorStillInvalid = "error-still-invalid",
    ErrorStillInvalidUntitled = "error-still-invalid-untitled",
    ErrorInvalidArguments = "error-invalid-arguments",
    ErrorNoForm = "error-no-form",
    ErrorNoUrl = "error-no-url",
    ErrorStateExpired = "error-state-expired",
    ErrorStateUsed = "error-state-used",
    ErrorStateRefused = "error-state-refused",
    ErrorStateTooLarge = "error-state-too-large",
    ErrorStoreUnreachable = "error-store-unreachable",
    ErrorPageNotAnswered = "error-page-not-answered",
    ErrorAccountFailed = "error-account-failed",
    ErrorAccountBusy = "error-account-busy",
    ErrorAccountUnavailable = "error-account-unavailable",
    LinkOpen = "link-open",
    LinkAgain = "link-again",
    ErrorNoCaller = "error-no-caller",
    ErrorFormNotAnswered = "error-form-not-answered",
    ErrorTooOften = "error-too-often",
}
