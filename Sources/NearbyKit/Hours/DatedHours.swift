import Foundation

/// Opening hours over the days ahead, dated, as Google's
/// `currentOpeningHours` states them (the seven days from the start of
/// today): read from the same evaluation as `state(at:in:)`, so dates,
/// exceptions and spans past midnight count as they do there.
public struct DatedHours: Sendable, Equatable {
    /// A time the place is open. `truncated` ends lie on the window's edge:
    /// the place was already open at its start, or is still open at its end.
    public struct Span: Sendable, Equatable {
        public var open: Date
        public var openTruncated: Bool
        /// nil: open without end (`24/7`).
        public var close: Date?
        public var closeTruncated: Bool
    }

    public var spans: [Span]
    /// The window's first instant (a midnight in the zone it was read in).
    public var start: Date
}

extension OpeningHours {
    /// The hours from the start of `instant`'s day for `days` days, in
    /// `zone`; nil when some time in them is unknown (an unreadable value,
    /// a comment, an open end, sun times): then there are no dated hours to state.
    public func dated(from instant: Date, days: Int = 7, in zone: TimeZone) -> DatedHours? {
        guard isReadable else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.startOfDay(for: instant)
        guard let end = calendar.date(byAdding: .day, value: days, to: start) else { return nil }
        var spans: [DatedHours.Span] = []
        var moment = start
        // Each state holds until its next change; a week has a few dozen at most.
        for _ in 0..<1000 where moment < end {
            let state = state(at: moment, in: zone)
            guard state.status != .unknown else { return nil }
            let next = state.nextChange.map { min($0, end) } ?? end
            if state.status == .open {
                let endless = state.nextChange == nil
                // Open at the window's first instant is truncated only if it was open the minute before too.
                let before = moment == start && self.state(at: start.addingTimeInterval(-60), in: zone).status == .open
                spans.append(
                    DatedHours.Span(
                        open: moment, openTruncated: before, close: endless ? nil : next,
                        closeTruncated: !endless && next == end && state.nextChange != end))
            }
            guard next > moment else { break }
            moment = next
        }
        return DatedHours(spans: spans, start: start)
    }
}
