/// A calendar day in a place's own time zone, as plain integers.
///
/// The evaluator looks at several days per call; deriving them from a day
/// number with integer arithmetic keeps `Calendar` off the hot path.
struct LocalDay: Equatable, Sendable {
    /// Days since 1970-01-01 in local time.
    let number: Int
    let year: Int
    /// 1 (January) ... 12.
    let month: Int
    /// 1 ... 31.
    let day: Int
    /// 0 (Monday) ... 6 (Sunday), the order OSM's `Mo-Su` uses.
    let weekday: Int

    init(number: Int) {
        self.number = number
        // Howard Hinnant's civil_from_days: exact for the proleptic Gregorian calendar.
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // 1970-01-01 was a Thursday (3 when Monday is 0).
        weekday = ((number % 7) + 7 + 3) % 7
    }

    init(year: Int, month: Int, day: Int) {
        self.init(number: LocalDay.number(year: year, month: month, day: day))
    }

    /// Days since 1970-01-01 of a civil date (Hinnant's days_from_civil).
    static func number(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    var daysInMonth: Int { LocalDay.daysIn(month: month, year: year) }

    /// 1 for the first such weekday of the month ... 5.
    var weekdayOccurrence: Int { (day - 1) / 7 + 1 }

    /// -1 for the last such weekday of the month ... -5.
    var weekdayOccurrenceFromEnd: Int { -((daysInMonth - day) / 7 + 1) }

    /// The ISO 8601 week number (1 ... 53), which OSM's `week` selector uses.
    var isoWeek: Int {
        let dayOfYear = number - LocalDay.number(year: year, month: 1, day: 1) + 1
        let week = (dayOfYear - (weekday + 1) + 10) / 7
        if week < 1 { return LocalDay.isoWeeks(in: year - 1) }
        if week > LocalDay.isoWeeks(in: year) { return 1 }
        return week
    }

    /// 53 when the year starts on a Thursday, or on a Wednesday in a leap year.
    static func isoWeeks(in year: Int) -> Int {
        let januaryFirst = LocalDay(number: number(year: year, month: 1, day: 1)).weekday
        return januaryFirst == 3 || (januaryFirst == 2 && isLeap(year)) ? 53 : 52
    }

    /// Western (Gregorian) Easter Sunday of a year, by the anonymous Gregorian computus.
    static func easter(in year: Int) -> (month: Int, day: Int) {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return (month, day)
    }
}
