//! Date-times as a `datetime-local` input shows and sends them: in UTC, to the minute or the
//! millisecond, with no offset.

use std::fmt::Write as _;

use crate::schema::StringFormat;

/// The length of a `datetime-local` value to the minute, `2025-11-25T09:30`.
pub(in crate::page) const LOCAL_MINUTES: usize = 16;

/// Whether `text` is a `datetime-local` value as a browser sends it: `YYYY-MM-DDTHH:MM`,
/// optionally with seconds and a fraction of them, and no offset.
pub(in crate::page) fn is_local_date_time(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| b[range].iter().all(u8::is_ascii_digit);
    let minutes = b.len() >= LOCAL_MINUTES
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16);
    if !minutes {
        return false;
    }
    match &b[LOCAL_MINUTES..] {
        [] => true,
        [b':', s1, s2, rest @ ..] if s1.is_ascii_digit() && s2.is_ascii_digit() => match rest {
            [] => true,
            [b'.', fraction @ ..] => {
                !fraction.is_empty() && fraction.iter().all(u8::is_ascii_digit)
            }
            _ => false,
        },
        _ => false,
    }
}

/// An RFC 3339 date-time as a `datetime-local` input shows it, in UTC (as the page reads what
/// it sends): `2025-11-25T09:30:00+02:00` is `2025-11-25T07:30`. Seconds are kept when they are
/// not zero, a fraction to the millisecond (what the input holds). `None` for text that is no
/// date-time, or one whose UTC year has no four digits.
pub(super) fn local_date_time(text: &str) -> Option<String> {
    if !crate::format::matches(StringFormat::DateTime, text) {
        return None;
    }
    let b = text.as_bytes();
    let number = |range: std::ops::Range<usize>| -> i64 {
        b[range].iter().fold(0, |n, d| n * 10 + i64::from(d - b'0'))
    };
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let (hour, minute, second) = (number(11..13), number(14..16), number(17..19));
    let mut end = 19;
    let fraction_start = end;
    if b.get(end) == Some(&b'.') {
        end += 1;
        while b.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
    }
    let fraction = &text[fraction_start..end];
    let offset = match b.get(end) {
        Some(b'+' | b'-') => {
            let minutes = number(end + 1..end + 3) * 60 + number(end + 4..end + 6);
            if b[end] == b'-' { -minutes } else { minutes }
        }
        _ => 0,
    };
    let total = (days_from_civil(year, month, day) * 24 + hour) * 60 + minute - offset;
    let (days, minutes) = (total.div_euclid(24 * 60), total.rem_euclid(24 * 60));
    let (year, month, day) = civil_from_days(days);
    if !(1..=9999).contains(&year) {
        return None;
    }
    let mut local = format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}",
        minutes / 60,
        minutes % 60
    );
    let fraction = fraction.get(..4).unwrap_or(fraction).trim_end_matches('0');
    let fraction = if fraction == "." { "" } else { fraction };
    if second != 0 || !fraction.is_empty() {
        let _ = write!(local, ":{second:02}{fraction}");
    }
    Some(local)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
pub(super) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
pub(super) fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
