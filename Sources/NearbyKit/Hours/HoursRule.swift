/// One rule of an `opening_hours` value: selectors that pick days, the time
/// spans on those days, and what those spans mean (open, closed, unknown).
struct HoursRule: Sendable {
    /// How the rule joins the one before it.
    enum Separator: Sendable {
        /// `;` — replaces what earlier rules said about the days it names.
        case normal
        /// `,` — adds to earlier rules without replacing them.
        case additional
        /// `||` — applies only to days no earlier rule named.
        case fallback
    }

    enum Modifier: Sendable {
        case open, closed, unknown
    }

    var separator: Separator = .normal
    var years: [YearRange] = []
    var dates: [DateRange] = []
    var weeks: [WeekRange] = []
    var weekdays: [WeekdayRange] = []
    /// Names `PH`; no holiday calendar is known, so this part never matches.
    var namesPublicHolidays = false
    /// Names `SH`; likewise never matches.
    var namesSchoolHolidays = false
    /// Empty means the whole day.
    var times: [TimeSpan] = []
    var modifier: Modifier = .open
    var comment: String?

    /// Whether the rule selects `day`. Its holiday part never does: without a
    /// calendar every day is taken as an ordinary day.
    func selects(_ day: LocalDay) -> Bool {
        if !years.isEmpty, !years.contains(where: { $0.contains(day.year) }) { return false }
        if !dates.isEmpty, !dates.contains(where: { $0.contains(day) }) { return false }
        if !weeks.isEmpty {
            let week = day.isoWeek
            if !weeks.contains(where: { $0.contains(week) }) { return false }
        }
        if weekdays.isEmpty { return !namesPublicHolidays && !namesSchoolHolidays }
        return weekdays.contains { $0.contains(day) }
    }

    /// Whether the rule depends on the date beyond the weekday (`Su[1]` is
    /// monthly), so that the next change may be months away.
    var hasDateSelectors: Bool {
        !years.isEmpty || !dates.isEmpty || !weeks.isEmpty
            || weekdays.contains { !$0.occurrences.isEmpty }
    }
}

extension HoursRule {
    /// `2021`, `2020-2025`, `2020-2030/2`, `2021+`.
    struct YearRange: Sendable {
        var from: Int
        var to: Int
        var step = 1

        func contains(_ year: Int) -> Bool {
            year >= from && year <= to && (year - from) % step == 0
        }
    }

    /// `week 01-10`, `week 1-53/2`, `week 05`.
    struct WeekRange: Sendable {
        var from: Int
        var to: Int
        var step = 1

        func contains(_ week: Int) -> Bool {
            from <= to
                ? week >= from && week <= to && (week - from) % step == 0
                : week >= from || week <= to
        }
    }

    /// `Mo`, `Mo-Fr`, `Sa-Mo` (wraps), `Th[3]`, `Su[-1]`, `Su[1,3]`, `Su[-1] -2 days`.
    struct WeekdayRange: Sendable {
        var from: Int
        var to: Int
        /// Occurrences in the month, as inclusive ranges: 1 ... 5 from the start, -1 ... -5 from the end.
        var occurrences: [ClosedRange<Int>] = []
        /// Days to move the selected day by (`Su[-1] +1 day` is the Monday after).
        var offset = 0

        func contains(_ day: LocalDay) -> Bool {
            let target = offset == 0 ? day : LocalDay(number: day.number - offset)
            let w = target.weekday
            let inRange = from <= to ? (w >= from && w <= to) : (w >= from || w <= to)
            guard inRange else { return false }
            guard !occurrences.isEmpty else { return true }
            let first = target.weekdayOccurrence, last = target.weekdayOccurrenceFromEnd
            return occurrences.contains { $0.contains(first) || $0.contains(last) }
        }
    }

    /// A point of the calendar that a date range starts or ends at.
    struct DatePoint: Sendable {
        var year: Int?
        var month: Int
        /// nil for a whole month (`Jan-Mar`): the first day at a start, the last at an end.
        var day: Int?
        var isEaster = false
        /// Days after the point (`easter +1 day`).
        var offset = 0

        /// Day number of this point in `year` (its own year when it has one).
        ///
        /// `Feb 29` in a year without one (the parser lets no other missing
        /// day through) is not moved onto a day that exists: a range starting
        /// there starts on 1 March, one ending there ends on 28 February, and
        /// the day alone therefore selects nothing, as in opening_hours.js.
        func number(in year: Int, isEnd: Bool) -> Int {
            let y = self.year ?? year
            if isEaster {
                let easter = LocalDay.easter(in: y)
                return LocalDay.number(year: y, month: easter.month, day: easter.day) + offset
            }
            let length = LocalDay.daysIn(month: month, year: y)
            let d = day ?? (isEnd ? length : 1)
            let last = LocalDay.number(year: y, month: month, day: min(d, length))
            return (d > length && !isEnd ? last + 1 : last) + offset
        }

        /// Days in `month` in a leap year: the most a written date may name.
        static func longestMonth(_ month: Int) -> Int {
            LocalDay.daysIn(month: month, year: 2000)
        }

        /// Where the point falls in any year, for telling whether a range
        /// runs into the next year; nil for easter, which moves.
        func calendarPosition(isEnd: Bool) -> Int? {
            isEaster ? nil : month * 100 + (day ?? (isEnd ? 31 : 1))
        }
    }

    /// `Dec 25`, `Apr 07-Oct 30`, `Jan-Mar`, `Oct 17-Mar 25` (wraps the year),
    /// `2021 Apr 01-02`, `easter -2 days-easter +1 day`, `2021 Jan 23+`.
    struct DateRange: Sendable {
        var from: DatePoint
        var to: DatePoint
        /// `+`: from the start on, for ever.
        var openEnded = false

        func contains(_ day: LocalDay) -> Bool {
            if let startYear = from.year {
                let start = from.number(in: startYear, isEnd: false)
                if openEnded { return day.number >= start }
                let endYear = to.year ?? (wrapsYear(startingIn: startYear) ? startYear + 1 : startYear)
                return day.number >= start && day.number <= to.number(in: endYear, isEnd: true)
            }
            if openEnded {
                return day.number >= from.number(in: day.year, isEnd: false)
            }
            // A yearless range that wraps (Oct 17-Mar 25) is checked in both years it touches.
            for year in (day.year - 1)...day.year {
                let start = from.number(in: year, isEnd: false)
                let end = to.number(in: wrapsYear(startingIn: year) ? year + 1 : year, isEnd: true)
                if day.number >= start && day.number <= end { return true }
            }
            return false
        }

        /// Whether the range ends in the year after it starts. Judged on the
        /// dates as written, so a missing `Feb 29` (which starts on 1 March
        /// and ends on 28 February) does not make `Feb 29` a year long.
        private func wrapsYear(startingIn year: Int) -> Bool {
            if let start = from.calendarPosition(isEnd: false), let end = to.calendarPosition(isEnd: true),
                from.offset == 0, to.offset == 0
            {
                return end < start
            }
            return to.number(in: year, isEnd: true) < from.number(in: year, isEnd: false)
        }
    }

    /// A span of wall-clock minutes from the start of the day the rule selects.
    struct TimeSpan: Sendable {
        /// Minutes since midnight, 0 ... 1439.
        var start: Int
        /// After `start`; past 1440 when the span runs into the next day (at most 2880).
        var end: Int
        /// `17:00+` or `10:00-17:00+`: the closing time is not given.
        var openEnd = false
        /// Starts or ends at sunrise, sunset, dawn or dusk, which are not computed.
        var variableStart = false
        var variableEnd = false
    }
}
