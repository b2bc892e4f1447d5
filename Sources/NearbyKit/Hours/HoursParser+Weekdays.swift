/// Weekdays, their ranges and nths (`Mo-Fr`, `Su[1]`), and holidays (`PH`, `SH`).
extension HoursParser {
    // MARK: Weekdays and holidays

    static func startsWeekday(_ kind: HoursToken.Kind) -> Bool {
        switch kind {
        case .weekday, .publicHoliday, .schoolHoliday: return true
        default: return false
        }
    }

    mutating func weekdaySelector(into rule: inout HoursRule) throws(HoursSyntaxError) {
        guard HoursParser.startsWeekday(kind) else { return }
        while true {
            switch kind {
            case .weekday(let first):
                advance()
                var range = HoursRule.WeekdayRange(from: first, to: first)
                if kind == .dash, case .weekday(let last) = peek(1) {
                    advance(2)
                    range.to = last
                }
                if kind == .openBracket {
                    range.occurrences = try occurrences()
                    range.offset = dayOffset()
                }
                rule.weekdays.append(range)
            case .publicHoliday:
                advance()
                rule.namesPublicHolidays = true
                _ = dayOffset()
            case .schoolHoliday:
                advance()
                rule.namesSchoolHolidays = true
            default:
                throw unexpected
            }
            if kind == .comma, HoursParser.startsWeekday(peek(1)) {
                advance()
                continue
            }
            break
        }
        if kind == .colon { advance() }
    }

    /// `[1]`, `[-1]`, `[1,3]`, `[1-2]`.
    mutating func occurrences() throws(HoursSyntaxError) -> [ClosedRange<Int>] {
        advance()
        var list: [ClosedRange<Int>] = []
        while true {
            let first = try occurrence()
            var last = first
            if kind == .dash, case .number = peek(1) {
                advance()
                last = try occurrence()
            }
            guard first <= last else { throw unexpected }
            list.append(first...last)
            if kind == .comma {
                advance()
                continue
            }
            guard kind == .closeBracket else { throw unexpected }
            advance()
            return list
        }
    }

    mutating func occurrence() throws(HoursSyntaxError) -> Int {
        var sign = 1
        if kind == .dash {
            sign = -1
            advance()
        }
        guard case .number(let value, let digits) = kind, digits == 1, (1...5).contains(value) else {
            throw unexpected
        }
        advance()
        return sign * value
    }
}
