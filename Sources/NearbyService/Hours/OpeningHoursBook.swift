import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// Evaluates places' `opening_hours` in their zones. Values are parsed once
/// and kept (a dataset repeats a few hundred distinct values), because
/// parsing on every request would dominate a search's cost. A server keeps
/// one, for every route that shows hours.
public final class OpeningHoursBook: Sendable {
    private let parsed = NIOLockedValueBox<[String: OpeningHours]>([:])
    /// Bounds memory across many reloads of changing data.
    private let capacity = 50_000

    public init() {}

    public func hours(_ raw: String) -> OpeningHours {
        if let known = parsed.withLockedValue({ $0[raw] }) { return known }
        let hours = OpeningHours(raw)
        parsed.withLockedValue { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[raw] = hours
        }
        return hours
    }

    /// The place's state at `instant`; unknown when it gives no hours.
    /// Read in the place's zone, else `fallbackZone` (the dataset's).
    public func state(of place: Place, at instant: Date, fallbackZone: TimeZone) -> OpeningState {
        guard let raw = place.openingHours, !raw.isEmpty else { return OpeningState(status: .unknown) }
        let zone = place.timeZone.flatMap(zone(named:)) ?? fallbackZone
        return hours(raw).state(at: instant, in: zone)
    }

    private let zones = NIOLockedValueBox<[String: TimeZone]>([:])

    /// `TimeZone(identifier:)` reads the zone database; done once per name.
    public func zone(named identifier: String) -> TimeZone? {
        if let known = zones.withLockedValue({ $0[identifier] }) { return known }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        zones.withLockedValue { table in
            if table.count < 1000 { table[identifier] = zone }
        }
        return zone
    }
}
