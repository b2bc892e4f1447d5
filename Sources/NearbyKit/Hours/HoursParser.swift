/// Reads the tokens of an `opening_hours` value into rules, following the
/// OSM specification's grammar where the real data does, and its common
/// misspellings where they are unambiguous (`Mo-Fr: 9:00-18:00`,
/// `Mo-Tu, Fr`, a wide selector without its colon).
///
/// A `,` is read by what follows it: another item of the same list
/// (`Sa,Su`, `12:00-14:00,19:00-22:00`, `Nov 19,Dec 25`) or else the start
/// of an additional rule (`Mo-Sa 07:00-00:30, Su 07:00-24:00`).
struct HoursParser {
    private let tokens: [HoursToken]
    private var index = 0

    private init(tokens: [HoursToken]) {
        self.tokens = tokens
    }

    static func rules(of raw: String) -> Result<[HoursRule], HoursSyntaxError> {
        switch HoursTokenizer.tokens(of: raw) {
        case .failure(let error):
            return .failure(error)
        case .success(let tokens):
            var parser = HoursParser(tokens: tokens)
            do {
                return .success(try parser.value())
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: Token access (the token list always ends with `.end`)

    private var kind: HoursToken.Kind { tokens[index].kind }
    private var offset: Int { tokens[index].offset }

    private func peek(_ ahead: Int) -> HoursToken.Kind {
        let at = index + ahead
        return at < tokens.count ? tokens[at].kind : .end
    }

    private mutating func advance(_ count: Int = 1) {
        index = min(index + count, tokens.count - 1)
    }

    private var unexpected: HoursSyntaxError { .unexpected(at: offset) }

    // MARK: Rules

    private mutating func value() throws(HoursSyntaxError) -> [HoursRule] {
        var rules: [HoursRule] = []
        var separator = HoursRule.Separator.normal
        while true {
            while kind == .semicolon { advance() }
            if kind == .end { break }
            var rule = try rule()
            rule.separator = separator
            rules.append(rule)
            switch kind {
            case .end: return rules
            case .semicolon: separator = .normal
            case .comma: separator = .additional
            case .fallback: separator = .fallback
            default: throw unexpected
            }
            advance()
        }
        if rules.isEmpty { throw .empty }
        return rules
    }

    private mutating func rule() throws(HoursSyntaxError) -> HoursRule {
        let start = index
        var rule = HoursRule()
        if case .number(24, _) = kind, peek(1) == .slash, case .number(7, _) = peek(2) {
            advance(3)
        } else {
            try wideSelectors(into: &rule)
            try weekdaySelector(into: &rule)
            try timeSelector(into: &rule)
        }
        modifier(into: &rule)
        if index == start { throw unexpected }
        return rule
    }

    private mutating func modifier(into rule: inout HoursRule) {
        var explicit = true
        switch kind {
        case .keyword(.off): rule.modifier = .closed
        case .keyword(.open): rule.modifier = .open
        case .keyword(.unknown): rule.modifier = .unknown
        default: explicit = false
        }
        if explicit { advance() }
        if case .comment(let text) = kind {
            rule.comment = text
            advance()
            // `Sa,Su "On request"`: a comment in place of hours says nothing certain.
            if !explicit, rule.times.isEmpty { rule.modifier = .unknown }
        }
    }

    // MARK: Years, dates and weeks

    private mutating func wideSelectors(into rule: inout HoursRule) throws(HoursSyntaxError) {
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
    private func isDateStart(at ahead: Int) -> Bool {
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

    private mutating func yearList(into rule: inout HoursRule) throws(HoursSyntaxError) {
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

    private mutating func weekList(into rule: inout HoursRule) throws(HoursSyntaxError) {
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

    private mutating func dateList(into rule: inout HoursRule) throws(HoursSyntaxError) {
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

    private mutating func dateRange(into rule: inout HoursRule) throws(HoursSyntaxError) {
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
    private mutating func datePoint() throws(HoursSyntaxError) -> HoursRule.DatePoint {
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
    private static func checkDay(_ day: Int, of month: Int, at offset: Int) throws(HoursSyntaxError) {
        guard day <= HoursRule.DatePoint.longestMonth(month) else {
            throw .noSuchDay(day: day, month: month, at: offset)
        }
    }

    /// `+1 day`, `-2 days` after a date, a weekday occurrence or a holiday; 0 when absent.
    private mutating func dayOffset() -> Int {
        guard kind == .plus || kind == .dash, case .number(let days, let digits) = peek(1), digits <= 3,
            peek(2) == .keyword(.day)
        else { return 0 }
        let sign = kind == .plus ? 1 : -1
        advance(3)
        return sign * days
    }

    // MARK: Weekdays and holidays

    private static func startsWeekday(_ kind: HoursToken.Kind) -> Bool {
        switch kind {
        case .weekday, .publicHoliday, .schoolHoliday: return true
        default: return false
        }
    }

    private mutating func weekdaySelector(into rule: inout HoursRule) throws(HoursSyntaxError) {
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
    private mutating func occurrences() throws(HoursSyntaxError) -> [ClosedRange<Int>] {
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

    private mutating func occurrence() throws(HoursSyntaxError) -> Int {
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

    // MARK: Times

    private static func startsTime(_ kind: HoursToken.Kind) -> Bool {
        switch kind {
        case .time, .openParenthesis, .keyword(.sunrise), .keyword(.sunset), .keyword(.dawn), .keyword(.dusk):
            return true
        default:
            return false
        }
    }

    private mutating func timeSelector(into rule: inout HoursRule) throws(HoursSyntaxError) {
        guard HoursParser.startsTime(kind) else { return }
        while true {
            rule.times.append(try timeSpan())
            if kind == .comma, HoursParser.startsTime(peek(1)) {
                advance()
                continue
            }
            return
        }
    }

    private mutating func timeSpan() throws(HoursSyntaxError) -> HoursRule.TimeSpan {
        let startOffset = offset
        let start = try timePoint()
        var span = HoursRule.TimeSpan(start: start.minutes, end: start.minutes, variableStart: start.isVariable)
        if kind == .dash {
            advance()
            let end = try timePoint()
            span.end = end.minutes
            span.variableEnd = end.isVariable
            if kind == .plus {
                advance()
                span.openEnd = true
            }
            if kind == .slash { throw .unsupported("repeating times (`10:00-16:00/01:30`)", at: offset) }
            if span.end <= span.start { span.end += 1440 }
        } else if kind == .plus {
            advance()
            span.openEnd = true
        } else {
            throw .unsupported("times without an end (`Mo 12:00`)", at: startOffset)
        }
        guard span.start < 1440 else { throw .badTime(at: startOffset) }
        span.end = min(span.end, 2880)
        return span
    }

    /// A clock time, or a sun event (`sunset`, `(sunset-01:00)`) whose minutes are only a placeholder.
    private mutating func timePoint() throws(HoursSyntaxError) -> (minutes: Int, isVariable: Bool) {
        switch kind {
        case .time(let minutes):
            advance()
            return (minutes, false)
        case .keyword(.sunrise), .keyword(.dawn):
            advance()
            return (6 * 60, true)
        case .keyword(.sunset), .keyword(.dusk):
            advance()
            return (18 * 60, true)
        case .openParenthesis:
            advance()
            let event = try timePoint()
            guard event.isVariable, kind == .plus || kind == .dash, case .time = peek(1),
                peek(2) == .closeParenthesis
            else { throw unexpected }
            advance(3)
            return event
        default:
            throw unexpected
        }
    }
}
