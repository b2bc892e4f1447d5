import Foundation

/// Opening hours stated as one week, as Google's Place Details gives them
/// (`periods`, days 0 = Sunday, times `HHmm`; `weekday_text` from Monday).
/// Only values that mean the same every week can be stated so: no dates,
/// weeks, nth weekdays, holidays, sun times, open ends or unknown spans.
public struct WeeklyHours: Sendable, Equatable {
    public struct Moment: Sendable, Equatable {
        /// 0 Sunday ... 6 Saturday.
        public var day: Int
        /// `0830`.
        public var time: String
    }

    public struct Period: Sendable, Equatable {
        public var open: Moment
        /// nil when the place never closes (`24/7`).
        public var close: Moment?
    }

    public var periods: [Period]
    /// `Monday: 08:30–19:00`, `Tuesday: Closed`, `Sunday: Open 24 hours`, Monday first.
    public var weekdayText: [String]
}

extension OpeningHours {
    private static let minutesPerWeek = 7 * 1440
    private static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The hours as a plain week, or nil when they cannot be stated so.
    public var weeklySchedule: WeeklyHours? {
        guard isReadable, !rules.isEmpty else { return nil }
        for rule in rules {
            guard !rule.hasDateSelectors, !rule.namesPublicHolidays, !rule.namesSchoolHolidays,
                rule.modifier != .unknown, rule.comment == nil,
                rule.times.allSatisfy({ !$0.openEnd && !$0.variableStart && !$0.variableEnd })
            else { return nil }
        }
        // The evaluator's own plans for one week (day 4 of the epoch is a Monday),
        // read minute by minute so the week means exactly what `state(at:in:)` says.
        let evaluator = HoursEvaluator(rules: rules, clock: LocalClock(timeZone: .gmt), horizon: 8)
        let plans = (3...10).map { evaluator.plan(for: $0) }
        var open = [Bool](repeating: false, count: Self.minutesPerWeek)
        for weekday in 0..<7 {
            for minute in 0..<1440 {
                let segment = HoursEvaluator.segment(at: minute, own: plans[weekday + 1], previous: plans[weekday])
                switch segment?.status {
                case .open?: open[weekday * 1440 + minute] = true
                case .unknown?: return nil
                case .closed?, nil: break
                }
            }
        }
        // A Sunday night running into Monday morning: the plan for the Sunday
        // before the week (index 0) carries it, so the scan above saw it.
        guard let closedMinute = open.firstIndex(of: false) else {
            return WeeklyHours(
                periods: [WeeklyHours.Period(open: WeeklyHours.Moment(day: 0, time: "0000"), close: nil)],
                weekdayText: Self.dayNames.map { "\($0): Open 24 hours" })
        }
        var spans: [(start: Int, end: Int)] = []  // minutes of the week from Monday 00:00; end may pass the week
        var start: Int?
        for step in 1...Self.minutesPerWeek {
            let minute = (closedMinute + step) % Self.minutesPerWeek
            let absolute = closedMinute + step
            if open[minute], start == nil { start = absolute }
            if !open[minute], let begun = start {
                spans.append((begun % Self.minutesPerWeek, begun % Self.minutesPerWeek + (absolute - begun)))
                start = nil
            }
        }
        spans.sort { $0.start < $1.start }
        let periods = spans.map { WeeklyHours.Period(open: Self.moment($0.start), close: Self.moment($0.end % Self.minutesPerWeek)) }
        let text = (0..<7).map { weekday -> String in
            let today = spans.filter { $0.start / 1440 == weekday }
            if today.isEmpty { return "\(Self.dayNames[weekday]): Closed" }
            if today.count == 1, today[0].start == weekday * 1440, today[0].end - today[0].start >= 1440 {
                return "\(Self.dayNames[weekday]): Open 24 hours"
            }
            let ranges = today.map { "\(Self.clock($0.start % 1440))–\(Self.clock($0.end % 1440))" }
            return "\(Self.dayNames[weekday]): \(ranges.joined(separator: ", "))"
        }
        return WeeklyHours(periods: periods, weekdayText: text)
    }

    /// A minute of the Monday-based week as Google's day (0 Sunday) and time.
    private static func moment(_ minuteOfWeek: Int) -> WeeklyHours.Moment {
        let weekday = minuteOfWeek / 1440, minute = minuteOfWeek % 1440
        let time = clock(minute).replacingOccurrences(of: ":", with: "")
        return WeeklyHours.Moment(day: (weekday + 1) % 7, time: time)
    }

    private static func clock(_ minute: Int) -> String {
        let h = minute / 60, m = minute % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}
