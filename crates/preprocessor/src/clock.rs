//! The texts of `__DATE__`, `__TIME__` and `__TIMESTAMP__`, from the build
//! time the caller gives ([`crate::Config::build_time`], seconds since
//! the Unix epoch, read as UTC). Without one they are the placeholders
//! GCC documents for an unknown time, so that output stays a function of
//! the input.

use crate::macros::BuiltinMacro;

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];

/// The text (without quotes) of the date or time macro `which`.
pub(crate) fn format(which: BuiltinMacro, build_time: Option<u64>) -> String {
    let Some(seconds) = build_time else {
        return match which {
            BuiltinMacro::Date => "??? ?? ????",
            BuiltinMacro::Time => "??:??:??",
            _ => "??? ??? ?? ??:??:?? ????",
        }
        .to_string();
    };
    let days = seconds / 86_400;
    let of_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    let month = MONTHS[(month - 1) as usize];
    let time = format!(
        "{:02}:{:02}:{:02}",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    );
    match which {
        BuiltinMacro::Date => format!("{month} {day:>2} {year}"),
        BuiltinMacro::Time => time,
        _ => {
            let weekday = WEEKDAYS[(days % 7) as usize];
            format!("{weekday} {month} {day:>2} {time} {year}")
        }
    }
}

/// The proleptic Gregorian (year, month 1–12, day 1–31) of `days` since
/// 1970-01-01 (the well-known era-based conversion).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_read_as_clang_writes_them() {
        // 2026-11-05 07:08:09 UTC, a Thursday.
        let t = Some(1_793_862_489);
        assert_eq!(format(BuiltinMacro::Date, t), "Nov  5 2026");
        assert_eq!(format(BuiltinMacro::Time, t), "07:08:09");
        assert_eq!(
            format(BuiltinMacro::Timestamp, t),
            "Thu Nov  5 07:08:09 2026"
        );
        assert_eq!(format(BuiltinMacro::Date, Some(0)), "Jan  1 1970");
        // A leap day.
        assert_eq!(format(BuiltinMacro::Date, Some(951_782_400)), "Feb 29 2000");
        assert_eq!(format(BuiltinMacro::Time, None), "??:??:??");
    }
}
