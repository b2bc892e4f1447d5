import Foundation

/// Evaluates parsed rules at an instant: builds the plan of each local day
/// the answer needs (the day before, for nights that run past midnight, the
/// day itself, and the following days until the status changes).
struct HoursEvaluator {
    let rules: [HoursRule]
    let clock: LocalClock
    /// How many days after the instant to look for the next change.
    let horizon: Int

    /// A span left open at its end (`17:00+`) is unknown for this long after
    /// its last certain minute, and at least until midnight: long enough to
    /// cover a late night (`22:00+`), short enough not to reach the next
    /// day's opening.
    private static let openEndAllowance = 6 * 60

    struct Answer {
        /// The segment in force; nil is the default, closed.
        var segment: HoursSegment?
        var status: OpeningState.Status
        var nextChange: Date?
        var nextStatus: OpeningState.Status?
    }

    func state(at instant: Date) -> Answer {
        let (today, minute) = clock.local(instant)
        var previous = plan(for: today - 1)
        var current = plan(for: today)
        let segment = HoursEvaluator.segment(at: minute, own: current, previous: previous)
        let status = segment?.status ?? .closed
        var day = today
        var time = minute
        while true {
            if let boundary = HoursEvaluator.boundary(after: time, own: current, previous: previous) {
                time = boundary
            } else {
                day += 1
                guard day - today <= horizon else { return Answer(segment: segment, status: status) }
                previous = current
                current = plan(for: day)
                time = 0
            }
            let next = HoursEvaluator.segment(at: time, own: current, previous: previous)?.status ?? .closed
            if next != status {
                return Answer(
                    segment: segment, status: status, nextChange: clock.instant(day: day, minute: time),
                    nextStatus: next)
            }
        }
    }

    /// The segments the rules give one local day, later ones taking precedence.
    func plan(for dayNumber: Int) -> [HoursSegment] {
        let day = LocalDay(number: dayNumber)
        var segments: [HoursSegment] = []
        var selectedAny = false
        for (index, rule) in rules.enumerated() {
            if rule.separator == .fallback, selectedAny { continue }
            guard rule.selects(day) else { continue }
            selectedAny = true
            if rule.modifier == .closed, rule.times.isEmpty {
                segments.removeAll(keepingCapacity: true)
                segments.append(HoursSegment(start: 0, end: 1440, status: .closed, rule: index, yieldsToPreviousDay: true))
                continue
            }
            // `;` replaces what earlier rules said about this day; `off` with times only cuts them.
            if rule.separator != .additional, rule.modifier != .closed {
                segments.removeAll(keepingCapacity: true)
            }
            let status: OpeningState.Status =
                switch rule.modifier {
                case .open: .open
                case .closed: .closed
                case .unknown: .unknown
                }
            let cause: HoursSegment.Cause? = status == .unknown ? .stated : nil
            if rule.times.isEmpty {
                segments.append(HoursSegment(start: 0, end: 1440, status: status, cause: cause, rule: index))
            }
            for span in rule.times {
                HoursEvaluator.append(span, status: status, cause: cause, rule: index, to: &segments)
            }
        }
        return segments
    }

    private static func append(
        _ span: HoursRule.TimeSpan, status: OpeningState.Status, cause: HoursSegment.Cause?, rule: Int,
        to segments: inout [HoursSegment]
    ) {
        if span.variableStart || span.variableEnd {
            // Without sun times only the fixed end of the span is certain.
            let start = span.variableStart ? 0 : span.start
            let end = span.variableEnd ? 1440 : span.end
            if start < end {
                segments.append(HoursSegment(start: start, end: end, status: .unknown, cause: .sunTimes, rule: rule))
            }
            return
        }
        if span.end > span.start {
            segments.append(HoursSegment(start: span.start, end: span.end, status: status, cause: cause, rule: rule))
        }
        if span.openEnd, status != .closed {
            let from = max(span.start, span.end)
            let until = min(max(1440, from + openEndAllowance), 2880)
            if from < until {
                segments.append(HoursSegment(start: from, end: until, status: .unknown, cause: .openEnd, rule: rule))
            }
        }
    }

    /// The segment in force at `minute` of a day: the day's own rules first,
    /// then the night spilling over from the previous day, then a whole-day `off`.
    static func segment(at minute: Int, own: [HoursSegment], previous: [HoursSegment]) -> HoursSegment? {
        for segment in own.reversed() where !segment.yieldsToPreviousDay && segment.covers(minute) {
            return segment
        }
        for segment in previous.reversed() where !segment.yieldsToPreviousDay && segment.covers(minute + 1440) {
            return segment
        }
        return own.last { $0.yieldsToPreviousDay && $0.covers(minute) }
    }

    /// The first minute after `minute` and before midnight at which some segment starts or ends.
    static func boundary(after minute: Int, own: [HoursSegment], previous: [HoursSegment]) -> Int? {
        var best = 1440
        for segment in own {
            if segment.start > minute, segment.start < best { best = segment.start }
            if segment.end > minute, segment.end < best { best = segment.end }
        }
        for segment in previous where segment.end > 1440 {
            let start = segment.start - 1440, end = segment.end - 1440
            if start > minute, start < best { best = start }
            if end > minute, end < best { best = end }
        }
        return best < 1440 ? best : nil
    }
}
