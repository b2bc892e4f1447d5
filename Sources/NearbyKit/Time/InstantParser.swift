import Foundation

/// Reads an instant written in ISO 8601 / RFC 3339, as `--at` and the
/// server's `at=` take it:
///
///     2021-04-19T20:00:00+02:00   2021-04-19T18:00:00Z   2021-04-19T20:00:00.250+0200
///     2021-04-19T20:00:00         2021-04-19T20:00       2021-04-19 20:00   (local to a zone)
///
/// Hand-written rather than Foundation's formatters because those are
/// lenient: they roll 30 February over into March and take `+99:00`. Here a
/// field out of range, a date the calendar does not have and a wall-clock
/// time the zone skips (a spring-forward gap) are each an error that says so.
public enum InstantParser {
    /// The widest UTC offset any zone has used or may use (RFC 3339 and
    /// Foundation both stop at ±18:00).
    public static let maximumOffsetSeconds = 18 * 3600

    /// The instant `text` names; a form without an offset is read as wall-clock
    /// time in `localZone`.
    public static func parse(_ text: String, localZone: TimeZone) throws(InstantError) -> Date {
        let fields = try InstantFields(text)
        let dayNumber = LocalDay.number(year: fields.year, month: fields.month, day: fields.day)
        let wallSeconds = dayNumber * 86_400 + fields.hour * 3600 + fields.minute * 60 + fields.second
        if let offset = fields.offsetSeconds {
            return Date(timeIntervalSince1970: TimeInterval(wallSeconds - offset) + fields.fraction)
        }
        guard let utc = utcSeconds(wall: wallSeconds, in: localZone) else {
            throw .skippedByZone(text, zone: localZone.identifier)
        }
        return Date(timeIntervalSince1970: TimeInterval(utc) + fields.fraction)
    }

    /// An instant as RFC 3339 with milliseconds, a form `parse` reads back:
    /// in UTC, or, for the few instants `parse` reads whose UTC date is
    /// outside years 1 to 9999 (`0001-01-01T00:00:00+18:00`), at the widest
    /// offset that brings the date inside.
    public static func string(for date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let utcSeconds = Int((milliseconds / 1000).rounded(.down))
        let millis = Int(milliseconds - Double(utcSeconds) * 1000)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        func fields(offset: Int) -> (day: LocalDay, secondOfDay: Int) {
            let totalSeconds = utcSeconds + offset
            let dayNumber = totalSeconds >= 0 ? totalSeconds / 86_400 : (totalSeconds - 86_399) / 86_400
            return (LocalDay(number: dayNumber), totalSeconds - dayNumber * 86_400)
        }
        var offset = 0
        if fields(offset: 0).day.year < 1 { offset = maximumOffsetSeconds }
        if fields(offset: 0).day.year > 9999 { offset = -maximumOffsetSeconds }
        let (day, secondOfDay) = fields(offset: offset)
        let zone = offset == 0 ? "Z" : "\(offset > 0 ? "+" : "-")\(pad(abs(offset) / 3600, 2)):00"
        return "\(pad(day.year, 4))-\(pad(day.month, 2))-\(pad(day.day, 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
            + ".\(pad(millis, 3))\(zone)"
    }

    /// The UTC second at which `zone`'s clock shows `wall`, or nil when the
    /// clock jumps over it. Of a time shown twice (autumn), the earlier.
    static func utcSeconds(wall: Int, in zone: TimeZone) -> Int? {
        // The offset in force is one of those a day either side; try each.
        let candidates = [wall - 86_400, wall, wall + 86_400].map { probe in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(probe)))
        }
        let matches = Set(candidates).compactMap { offset -> Int? in
            let utc = wall - offset
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))) == offset ? utc : nil
        }
        return matches.min()
    }
}

/// Why a text is not an instant; each sentence quotes the text, escaped.
public enum InstantError: Error, Equatable, Sendable, LocalizedError {
    case malformed(String)
    /// `field` says which and why: "month 13 (1 to 12)", "30 February 2021".
    case outOfRange(String, field: String)
    case offsetTooLarge(String)
    case skippedByZone(String, zone: String)

    public var errorDescription: String? {
        switch self {
        case .malformed(let text):
            "\(Self.quoted(text)) is not an ISO 8601 time (e.g. 2021-04-19T20:00:00+02:00)"
        case .outOfRange(let text, let field):
            "\(Self.quoted(text)) is not a real time: \(field)"
        case .offsetTooLarge(let text):
            "\(Self.quoted(text)) has a UTC offset beyond ±18:00"
        case .skippedByZone(let text, let zone):
            "\(Self.quoted(text)) does not exist in \(Self.quoted(zone)): the clocks skip it"
        }
    }

    static func quoted(_ text: String) -> String {
        TerminalSafeText.escaped(text, limit: 80)
    }
}
