import Foundation
import NearbyKit

/// Whether a place is open at an instant, as rows and the detail screen show
/// it, evaluated from its OpenStreetMap `opening_hours` in its own time zone.
public struct OpenStatus: Equatable, Sendable {
    /// nil when it cannot be known (no hours, holidays, "on request", …).
    public var isOpen: Bool?
    /// "Open · closes 19:30", "Closed · opens Mon 08:30", "Hours unknown".
    public var text: String
    public var nextChange: Date?
    /// The time zone the hours were read in, for showing `nextChange`.
    public var timeZone: TimeZone
    /// Why it is unknown, or a note (a comment in the value, holidays not known).
    public var note: String?

    public init(isOpen: Bool?, text: String, nextChange: Date? = nil, timeZone: TimeZone, note: String? = nil) {
        self.isOpen = isOpen
        self.text = text
        self.nextChange = nextChange
        self.timeZone = timeZone
        self.note = note
    }

    /// `defaultTimeZone` serves places whose dataset names no zone.
    public init(place: Place, at instant: Date, defaultTimeZone: TimeZone) {
        let zone = place.timeZone.flatMap(TimeZone.init(identifier:)) ?? defaultTimeZone
        guard let raw = place.openingHours else {
            self.init(isOpen: nil, text: "Hours unknown", timeZone: zone, note: "no opening_hours in the data")
            return
        }
        let state = OpeningHours(raw).state(at: instant, in: zone)
        self.init(
            isOpen: state.isOpen, text: OpeningStatusFormatter(timeZone: zone).string(for: state, at: instant),
            nextChange: state.nextChange, timeZone: zone, note: state.reason ?? state.comment)
    }
}
