import Foundation
import NearbyKit

/// One page of a search's answer: the hits from an offset, each with its
/// opening state where it was evaluated, and until when the page holds.
/// Every paged search route (the legacy nearbysearch, the Places API (New)'s
/// searchNearby and searchText) is answered through `AnswerPage.of`, so that
/// open-now, paging and expiry mean one thing everywhere.
public struct AnswerPage: Sendable {
    public struct Entry: Sendable {
        public let hit: PlaceHit
        /// The place's state at the search's instant; nil where it was not asked for.
        public let opening: OpeningState?
    }

    public let entries: [Entry]
    /// How many hits the whole answer has, across its pages.
    public let total: Int
    /// Where the next page starts; nil on the last page.
    public let nextOffset: Int?
    /// When an answer at the present moment stops holding: the first time a
    /// place evaluated for it opens or closes, an hour at most. nil: for as
    /// long as the data holds (a fixed instant, or no hours evaluated).
    public let expires: Date?

    /// An answer that no place can be in (a circle of no size, only types OSM cannot express).
    public static let empty = AnswerPage(entries: [], total: 0, nextOffset: nil, expires: nil)

    /// A longest cache life for an answer that shows the present moment.
    public static var longestLife: TimeInterval { 3600 }

    /// The page of `search` from `offset`, at most `size` hits, of those the
    /// service finds that `admits` lets through (what `PlaceSearch` cannot
    /// say, such as the Places API (New)'s primary types) and, for an
    /// open-now search, that are open at the search's instant (else `now`).
    /// The states of the page's hits are evaluated when `withOpeningStates`,
    /// in the place's zone or else `zone` (the dataset's).
    public static func of(
        _ search: PlaceSearch, from service: any PlaceWebService, hours: OpeningHoursBook,
        admitting admits: (Place) -> Bool = { _ in true },
        offset: Int, size: Int, withOpeningStates: Bool, now: Date, zone: TimeZone
    ) async throws(NearbyAPIError) -> AnswerPage {
        let hits = try await service.fetchPlaces(search.placeQuery)
        let instant = search.instant ?? now
        var expires: Date?
        func state(of place: Place) -> OpeningState {
            let state = hours.state(of: place, at: instant, fallbackZone: zone)
            // Only an answer at the present moment turns over with the clock.
            if search.instant == nil {
                expires = min(expires ?? now.addingTimeInterval(longestLife), state.nextChange ?? .distantFuture)
            }
            return state
        }

        var matches: [Entry] = []
        for hit in search.arranged(hits) where admits(hit.place) {
            if search.openNow {
                // Which places are open decides the pages, so every hit is evaluated.
                let opening = state(of: hit.place)
                if opening.isOpen == true { matches.append(Entry(hit: hit, opening: opening)) }
            } else {
                matches.append(Entry(hit: hit, opening: nil))
            }
        }
        let end = min(matches.count, offset + size)
        var entries: [Entry] = []
        if offset < end {
            entries = matches[offset..<end].map { entry in
                guard withOpeningStates, entry.opening == nil else { return entry }
                return Entry(hit: entry.hit, opening: state(of: entry.hit.place))
            }
        }
        return AnswerPage(entries: entries, total: matches.count, nextOffset: end < matches.count ? end : nil, expires: expires)
    }
}
