import Foundation
import NearbyKit
import NearbyService

extension PlacesAPINewPlace {
    /// Google's week (day 0 = Sunday) where the hours are one, and whether
    /// the place is open now, with the next change either way.
    static func hours(of place: Place, _ context: Context) -> OpeningHours? {
        guard let raw = place.openingHours, !raw.isEmpty else { return nil }
        let state = context.hours.state(of: place, at: context.now, fallbackZone: context.zone)
        var hours = OpeningHours(openNow: state.isOpen)
        if let week = context.hours.hours(raw).weeklySchedule {
            hours.periods = week.periods.map { Period(open: moment($0.open), close: $0.close.map(moment)) }
            hours.weekdayDescriptions = week.weekdayText
        }
        if let change = state.nextChange {
            let time = change.formatted(.iso8601)
            switch (state.status, state.nextStatus) {
            case (.open, _): hours.nextCloseTime = time
            case (.closed, .open?): hours.nextOpenTime = time
            default: break
            }
        }
        return hours.openNow == nil && hours.periods == nil ? nil : hours
    }

    /// The seven days from today, dated (Google's `currentOpeningHours`):
    /// what the regular week says, less what dated rules take away or add.
    static func currentHours(of place: Place, in zone: TimeZone, _ context: Context) -> OpeningHours? {
        guard let raw = place.openingHours, !raw.isEmpty, var hours = Self.hours(of: place, context),
            let dated = context.hours.hours(raw).dated(from: context.now, in: zone)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func moment(_ date: Date, truncated: Bool) -> Moment {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
            return Moment(
                day: (parts.weekday ?? 1) - 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0,
                date: .init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0),
                truncated: truncated ? true : nil)
        }
        hours.periods = dated.spans.map { span in
            Period(
                open: moment(span.open, truncated: span.openTruncated),
                close: span.close.map { moment($0, truncated: span.closeTruncated) })
        }
        hours.weekdayDescriptions = Self.descriptions(of: dated, calendar)
        return hours
    }

    private static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// One line a day of the window, Monday first, as the regular week's
    /// (`Monday: 08:30–19:00`, `Closed`, `Open 24 hours`).
    private static func descriptions(of dated: DatedHours, _ calendar: Calendar) -> [String] {
        var lines: [(weekday: Int, text: String)] = []
        var day = dated.start
        for _ in 0..<7 {
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            let weekday = calendar.component(.weekday, from: day) - 1
            let times = dated.spans.compactMap { span -> (Date, Date)? in
                let from = max(span.open, day), to = min(span.close ?? next, next)
                return from < to ? (from, to) : nil
            }
            let text: String
            if times.isEmpty {
                text = "Closed"
            } else if times.count == 1, times[0].0 == day, times[0].1 == next {
                text = "Open 24 hours"
            } else {
                text = times.map { "\(clock($0.0, calendar))–\(clock($0.1, calendar))" }.joined(separator: ", ")
            }
            lines.append((weekday, "\(dayNames[weekday]): \(text)"))
            day = next
        }
        return lines.sorted { ($0.weekday + 6) % 7 < ($1.weekday + 6) % 7 }.map(\.text)
    }

    private static func clock(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let h = parts.hour ?? 0, m = parts.minute ?? 0
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    private static func moment(_ moment: WeeklyHours.Moment) -> Moment {
        let digits = Array(moment.time.utf8).map { Int($0) - 48 }
        return Moment(day: moment.day, hour: digits[0] * 10 + digits[1], minute: digits[2] * 10 + digits[3])
    }
}
