import Foundation

/// The one-line status a place screen shows: "Open · closes 19:30",
/// "Closed · opens Mon 08:30", "Closed · opens 24 Apr 09:00", "Hours unknown",
/// "Hours unknown · On request" (with the value's comment).
///
/// Times are the place's local 24-hour clock. A change later the same local
/// day shows only the time; within the next six days, the weekday too; further
/// away, the date. A closing at midnight reads as the end of today
/// ("closes 00:00"; on a later day "closes Sat 24:00"), not as the start of
/// the next day. English only, and built from integers, so no
/// `DateFormatter` is needed.
public struct OpeningStatusFormatter: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The status text of `state`, evaluated at `instant`.
    public func string(for state: OpeningState, at instant: Date) -> String {
        switch state.status {
        case .open:
            // Only a known closing is announced; `10:00-17:00+` does not close at 17:00.
            guard let change = state.nextChange, state.nextStatus == .closed else { return "Open" }
            return "Open · closes " + when(change, from: instant, isClosing: true)
        case .closed:
            guard let change = state.nextChange, state.nextStatus == .open else { return "Closed" }
            return "Closed · opens " + when(change, from: instant, isClosing: false)
        case .unknown:
            guard let comment = state.comment, !comment.isEmpty else { return "Hours unknown" }
            return "Hours unknown · " + comment
        }
    }

    /// Evaluates `hours` at `instant` and describes the result.
    public func string(for hours: OpeningHours, at instant: Date) -> String {
        string(for: hours.state(at: instant, in: timeZone), at: instant)
    }

    private func when(_ change: Date, from instant: Date, isClosing: Bool) -> String {
        let clock = LocalClock(timeZone: timeZone)
        let today = clock.local(instant).day
        var (day, minute) = clock.local(change)
        var clockText = OpeningStatusFormatter.clock(minute)
        if isClosing, minute == 0, day > today {
            day -= 1
            clockText = day == today ? "00:00" : "24:00"
        }
        let ahead = day - today
        if ahead <= 0 { return clockText }
        let date = LocalDay(number: day)
        if ahead < 7 { return OpeningStatusFormatter.weekdays[date.weekday] + " " + clockText }
        return "\(date.day) \(OpeningStatusFormatter.months[date.month - 1]) " + clockText
    }

    private static func clock(_ minute: Int) -> String {
        let hours = minute / 60, minutes = minute % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }
}
