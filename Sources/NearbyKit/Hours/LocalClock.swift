import Foundation

/// Converts between instants and wall-clock minutes of a time zone.
///
/// Opening hours are written in local wall-clock time, so a DST day simply
/// has a skipped or repeated hour; only the two conversions at the edges
/// of an evaluation need the time zone.
struct LocalClock: Sendable {
    let timeZone: TimeZone

    /// The local day and the minute of that day (0 ... 1439) holding `instant`.
    func local(_ instant: Date) -> (day: Int, minute: Int) {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e13 else { return (0, 0) }
        let utc = Int(seconds.rounded(.down))
        let local = utc + timeZone.secondsFromGMT(for: instant)
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (day, (local - day * 86_400) / 60)
    }

    /// The instant at which the wall clock shows `minute` on local `day`.
    ///
    /// A time the clock skips (02:30 on a spring-forward night) is reached
    /// when the clock jumps past it; of a time shown twice, the later is taken.
    func instant(day: Int, minute: Int) -> Date {
        let local = day * 86_400 + minute * 60
        let firstOffset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
        var utc = local - firstOffset
        let secondOffset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
        if secondOffset != firstOffset {
            utc = local - secondOffset
            let roundTrip = utc + timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
            if roundTrip != local {
                let before = Date(timeIntervalSince1970: TimeInterval(min(local - firstOffset, local - secondOffset)))
                if let jump = timeZone.nextDaylightSavingTimeTransition(after: before) { return jump }
            }
        }
        return Date(timeIntervalSince1970: TimeInterval(utc))
    }
}
