/// Times and time spans (`09:00-18:00`, `sunrise-sunset`, `10:00+`).
extension HoursParser {
    // MARK: Times

    static func startsTime(_ kind: HoursToken.Kind) -> Bool {
        switch kind {
        case .time, .openParenthesis, .keyword(.sunrise), .keyword(.sunset), .keyword(.dawn), .keyword(.dusk):
            return true
        default:
            return false
        }
    }

    mutating func timeSelector(into rule: inout HoursRule) throws(HoursSyntaxError) {
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

    mutating func timeSpan() throws(HoursSyntaxError) -> HoursRule.TimeSpan {
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
    mutating func timePoint() throws(HoursSyntaxError) -> (minutes: Int, isVariable: Bool) {
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
