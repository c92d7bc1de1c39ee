//! Date, time, URL and e-mail types of other crates as form fields, each behind a feature named
//! after its crate. A field of such a type is text with the format its values have
//! (`"format": "date"` for a date type), read with the type's own crate's parser (the form's format
//! rule runs first, then the parser, whose refusal is reported as the field's format error), and
//! written in the canonical form of that crate, which reads back to the same value.

/// A field written as text in `format`, read by its own crate's parser (`None`: not a valid one).
fn formatted<T>(
    value: &serde_json::Value,
    format: crate::schema::StringFormat,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<T, crate::error::ErrorKind> {
    let serde_json::Value::String(text) = value else {
        return Err(crate::error::ErrorKind::wrong_type(
            crate::error::Expected::Text,
            value,
        ));
    };
    parse(text).ok_or_else(|| crate::error::ErrorKind::BadFormat {
        format,
        found: crate::error::excerpt(text),
    })
}

/// Implements the field traits for a type written as text in a format: `parse` reads a string
/// (`None`: not a valid value), `write` gives the canonical string (`None`: not representable;
/// a string the format refuses is not representable either).
macro_rules! text_field {
    ($(#[$doc:meta])* $ty:ty, $format:ident, parse: $parse:expr, write: $write:expr $(,)?) => {
        $(#[$doc])*
        #[diagnostic::do_not_recommend]
        impl $crate::field::FormField for $ty {
            const SHAPE: $crate::field::FieldShape =
                $crate::field::FieldShape::required($crate::field::FieldKind::Text {
                    format: Some($crate::schema::StringFormat::$format),
                });

            fn from_value(
                value: &serde_json::Value,
            ) -> Result<Self, $crate::field::Refusal> {
                $crate::field::ecosystem::formatted(value, $crate::schema::StringFormat::$format, $parse)
                    .map_err(Box::new)
            }

            fn to_value(&self) -> Option<serde_json::Value> {
                let write: fn(&Self) -> Option<String> = $write;
                // What the form's own format refuses (a year past 9999, written `+10000-...`) is
                // not written: the field is left out rather than sent as an answer no one accepts.
                write(self)
                    .filter(|text| {
                        $crate::format::matches($crate::schema::StringFormat::$format, text)
                    })
                    .map(serde_json::Value::String)
            }
        }

        #[diagnostic::do_not_recommend]
        impl $crate::field::TextDefault for $ty {}
    };
}

/// `YYYY-MM-DD` for the years a `full-date` can write (0 to 9999).
#[cfg(any(feature = "chrono", feature = "jiff", feature = "time"))]
fn full_date(year: i32, month: u8, day: u8) -> Option<String> {
    (0..=9999)
        .contains(&year)
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

#[cfg(feature = "chrono")]
mod chrono_fields {
    use super::full_date;
    use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, SecondsFormat, Utc};

    text_field!(
        /// `"format": "date"`, read with `NaiveDate::parse_from_str(_, "%Y-%m-%d")`.
        NaiveDate,
        Date,
        parse: |s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok(),
        write: |d| full_date(d.year(), u8::try_from(d.month()).ok()?, u8::try_from(d.day()).ok()?),
    );

    text_field!(
        /// `"format": "date-time"`, read with `DateTime::parse_from_rfc3339`, written in UTC.
        DateTime<Utc>,
        DateTime,
        parse: |s| DateTime::parse_from_rfc3339(s).ok().map(|d| d.with_timezone(&Utc)),
        write: |d| Some(d.to_rfc3339_opts(SecondsFormat::AutoSi, true)),
    );

    text_field!(
        /// `"format": "date-time"`, read with `DateTime::parse_from_rfc3339`, keeping the offset.
        DateTime<FixedOffset>,
        DateTime,
        parse: |s| DateTime::parse_from_rfc3339(s).ok(),
        write: |d| Some(d.to_rfc3339_opts(SecondsFormat::AutoSi, true)),
    );
}

#[cfg(feature = "jiff")]
mod jiff_fields {
    use super::full_date;

    text_field!(
        /// `"format": "date"`, read with jiff's own parser.
        jiff::civil::Date,
        Date,
        parse: |s| s.parse().ok(),
        write: |d| {
            full_date(i32::from(d.year()), u8::try_from(d.month()).ok()?, u8::try_from(d.day()).ok()?)
        },
    );

    text_field!(
        /// `"format": "date-time"`: an instant, read with jiff's RFC 3339 parser (an offset is
        /// required), written in UTC. (`Zoned` is not a field: RFC 3339 carries an offset, not a
        /// time zone, so a `Zoned` could not read back as itself.)
        jiff::Timestamp,
        DateTime,
        parse: |s| s.parse().ok(),
        write: |t| Some(t.to_string()),
    );
}

#[cfg(feature = "time")]
mod time_fields {
    use super::full_date;
    use time::format_description::well_known::{Iso8601, Rfc3339};

    text_field!(
        /// `"format": "date"`, read with `Date::parse` (ISO 8601 calendar date).
        time::Date,
        Date,
        parse: |s| time::Date::parse(s, &Iso8601::DATE).ok(),
        write: |d| full_date(d.year(), u8::from(d.month()), d.day()),
    );

    text_field!(
        /// `"format": "date-time"`, read and written with `Rfc3339`, keeping the offset.
        time::OffsetDateTime,
        DateTime,
        parse: |s| time::OffsetDateTime::parse(s, &Rfc3339).ok(),
        write: |t| t.format(&Rfc3339).ok(),
    );
}

#[cfg(feature = "url")]
mod url_fields {
    text_field!(
        /// `"format": "uri"`, read with `Url::parse` (absolute URLs only), written normalized.
        url::Url,
        Uri,
        parse: |s| url::Url::parse(s).ok(),
        write: |u| Some(u.as_str().to_owned()),
    );
}

#[cfg(feature = "email_address")]
mod email_fields {
    text_field!(
        /// `"format": "email"`, read with `EmailAddress`'s parser.
        email_address::EmailAddress,
        Email,
        parse: |s| s.parse().ok(),
        write: |e| Some(e.as_str().to_owned()),
    );
}
