/// The wide selectors: years, months, dates and weeks (`2024`, `Nov 19-Dec 25`, `week 01-10`).
extension HoursParser {
    // MARK: Years, dates and weeks

    mutating func wideSelectors(into rule: inout HoursRule) throws(HoursSyntaxError) {
        var found = false
        loop: while true {
            switch kind {
            case .number(_, digits: 4):
                if isDateStart(at: 0) { try dateList(into: &rule) } else { try yearList(into: &rule) }
            case .month, .keyword(.easter):
                try dateList(into: &rule)
            case .keyword(.week):
                try weekList(into: &rule)
            default:
                break loop
            }
            found = true
        }
        if found, kind == .colon { advance() }
    }

    /// Whether a date (`Dec 25`, `2021 Apr 01`, `easter`) starts `ahead` tokens on.
    func isDateStart(at ahead: Int) -> Bool {
        switch peek(ahead) {
        case .month, .keyword(.easter):
            return true
        case .number(_, digits: 4):
            switch peek(ahead + 1) {
            case .month, .keyword(.easter): return true
            default: return false
            }
        default:
            return false
        }
    }

    mutating func yearList(into rule: inout HoursRule) throws(HoursSyntaxError) {
        while true {
            guard case .number(let year, digits: 4) = kind else { throw unexpected }
            advance()
            var range = HoursRule.YearRange(from: year, to: year)
            if kind == .dash, case .number(let last, digits: 4) = peek(1) {
                guard last >= year else { throw unexpected }
                advance(2)
                range.to = last
                if kind == .slash, case .number(let step, _) = peek(1), step > 0 {
                    advance(2)
                    range.step = step
                }
            } else if kind == .plus {
                advance()
                range.to = Int.max
            }
            rule.years.append(range)
            if kind == .comma, case .number(_, digits: 4) = peek(1), !isDateStart(at: 1) {
                advance()
                continue
            }
            return
        }
    }

    mutating func weekList(into rule: inout HoursRule) throws(HoursSyntaxError) {
        advance()
        while true {
            guard case .number(let first, let digits) = kind, digits <= 2, (1...53).contains(first) else {
                throw unexpected
            }
            advance()
            var range = HoursRule.WeekRange(from: first, to: first)
            if kind == .dash, case .number(let last, let digits) = peek(1), digits <= 2, (1...53).contains(last) {
                advance(2)
                range.to = last
                if kind == .slash, case .number(let step, _) = peek(1), step > 0 {
                    advance(2)
                    range.step = step
                }
            }
            rule.weeks.append(range)
            if kind == .comma, case .number(_, let digits) = peek(1), digits <= 2 {
                advance()
                continue
            }
            return
        }
    }

    mutating func dateList(into rule: inout HoursRule) throws(HoursSyntaxError) {
        while true {
            try dateRange(into: &rule)
            guard kind == .comma else { return }
            if isDateStart(at: 1) {
                advance()
                continue
            }
            // `Dec 24,26`: a bare day continues the month before it.
            while kind == .comma, case .number(let day, let digits) = peek(1), digits <= 2,
                let last = rule.dates.last, !last.from.isEaster, last.from.day != nil
            {
                guard (1...31).contains(day) else { throw .badTime(at: tokens[index + 1].offset) }
                try Self.checkDay(day, of: last.to.month, at: tokens[index + 1].offset)
                advance(2)
                let point = HoursRule.DatePoint(year: last.to.year ?? last.from.year, month: last.to.month, day: day)
                rule.dates.append(HoursRule.DateRange(from: point, to: point))
            }
            if kind == .comma, isDateStart(at: 1) {
                advance()
                continue
            }
            return
        }
    }

    mutating func dateRange(into rule: inout HoursRule) throws(HoursSyntaxError) {
        var from = try datePoint()
        guard from.day != nil || from.isEaster else {
            // Whole months: `Jan`, `Jan-Mar`, `2021 Nov-2022 Feb`.
            var to = from
            to.year = nil
            if kind == .dash, isDateStart(at: 1) {
                advance()
                to = try datePoint()
            }
            rule.dates.append(HoursRule.DateRange(from: from, to: to))
            return
        }
        from.offset = dayOffset()
        if kind == .dash {
            if isDateStart(at: 1) {
                advance()
                var to = try datePoint()
                to.offset = dayOffset()
                rule.dates.append(HoursRule.DateRange(from: from, to: to))
            } else if case .number(let day, let digits) = peek(1), digits <= 2, !from.isEaster {
                // `Apr 01-02`: the end day is in the start's month.
                guard (1...31).contains(day) else { throw .badTime(at: tokens[index + 1].offset) }
                try Self.checkDay(day, of: from.month, at: tokens[index + 1].offset)
                advance(2)
                let to = HoursRule.DatePoint(year: nil, month: from.month, day: day)
                rule.dates.append(HoursRule.DateRange(from: from, to: to))
            } else {
                throw unexpected
            }
        } else if kind == .plus {
            advance()
            rule.dates.append(HoursRule.DateRange(from: from, to: from, openEnded: true))
        } else {
            rule.dates.append(HoursRule.DateRange(from: from, to: from))
        }
    }

    /// `Dec`, `Dec 25`, `2021 Dec 25`, `easter`.
    mutating func datePoint() throws(HoursSyntaxError) -> HoursRule.DatePoint {
        var year: Int?
        if case .number(let value, digits: 4) = kind {
            year = value
            advance()
        }
        if kind == .keyword(.easter) {
            advance()
            return HoursRule.DatePoint(year: year, month: 0, day: nil, isEaster: true)
        }
        guard case .month(let month) = kind else { throw unexpected }
        advance()
        if case .number(let day, let digits) = kind, digits <= 2 {
            guard (1...31).contains(day) else { throw .badTime(at: offset) }
            try Self.checkDay(day, of: month, at: offset)
            advance()
            return HoursRule.DatePoint(year: year, month: month, day: day)
        }
        return HoursRule.DatePoint(year: year, month: month, day: nil)
    }

    /// `Apr 31` and `Feb 30` name no day in any year; opening_hours.js
    /// rejects them as errors too ("Feb 29" is valid: a leap day).
    static func checkDay(_ day: Int, of month: Int, at offset: Int) throws(HoursSyntaxError) {
        guard day <= HoursRule.DatePoint.longestMonth(month) else {
            throw .noSuchDay(day: day, month: month, at: offset)
        }
    }

    /// `+1 day`, `-2 days` after a date, a weekday occurrence or a holiday; 0 when absent.
    mutating func dayOffset() -> Int {
        guard kind == .plus || kind == .dash, case .number(let days, let digits) = peek(1), digits <= 3,
            peek(2) == .keyword(.day)
        else { return 0 }
        let sign = kind == .plus ? 1 : -1
        advance(3)
        return sign * days
    }
}
