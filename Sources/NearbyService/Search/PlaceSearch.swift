import Foundation
import NearbyKit

/// What someone asks for when they look for places, whichever way they ask:
/// the CLI's options, the legacy API's nearbysearch query, its page tokens,
/// the web pages' query. Each of those only translates its syntax into this
/// value, through the one reader of each text form (`DecimalText`,
/// `SearchRadius(text:)`, `KindList`, `InstantParser`); the view models take
/// it, and `placeQuery` translates it, once, into what a service receives.
///
/// Equal questions are equal values (the instant in whole seconds), so a
/// search is also the API's answer cache key.
public struct PlaceSearch: Hashable, Sendable {
    /// Where places are looked for. The Places API (New) brings a rectangle
    /// and, for a text search, no area, with the ranking that needs (relevance).
    public enum Area: Hashable, Sendable {
        /// Within `radius` of `center`; distances are measured from the centre.
        case circle(center: Coordinate, radius: SearchRadius)
    }

    /// The order of the answer. Relevance (a text search with no origin) is to come.
    public enum Ranking: Hashable, Sendable {
        /// Nearest first (or, with a name, best match first and nearest first among equals).
        case distance
        /// Best known first (`Place.prominence`), nearest first among equals:
        /// Google's POPULARITY, the default of the Places API (New)'s searchNearby.
        case prominence
    }

    public var area: Area
    public var ranking: Ranking
    /// Empty means every kind.
    public var kinds: Set<PlaceCategory>
    /// Places of any of these are left out, even when they are of `kinds` too.
    public var excludedKinds: Set<PlaceCategory>
    /// Words of a name or a kind (`NameQuery`); nil: no name search.
    public var name: String?
    /// At most this many places; nil: all of them.
    public var limit: Int?
    /// Only places open at `instant`.
    public var openNow: Bool
    /// When opening hours are read; nil: the clock's now. Whole seconds.
    public var instant: Date? {
        didSet { instant = instant.map(Self.wholeSeconds) }
    }
    /// Names in this language where places have them (`name:fr`).
    public var language: String?

    public init(
        area: Area, ranking: Ranking = .distance, kinds: Set<PlaceCategory> = [], excludedKinds: Set<PlaceCategory> = [],
        name: String? = nil, limit: Int? = nil, openNow: Bool = false, instant: Date? = nil, language: String? = nil
    ) {
        self.area = area
        self.ranking = ranking
        self.kinds = kinds
        self.excludedKinds = excludedKinds
        self.name = name
        self.limit = limit
        self.openNow = openNow
        self.instant = instant.map(Self.wholeSeconds)
        self.language = language
    }

    /// Around a position, within a radius.
    public init(around center: Coordinate, radius: SearchRadius = .default) {
        self.init(area: .circle(center: center, radius: radius))
    }

    /// Where distances are measured from.
    public var center: Coordinate {
        switch area {
        case .circle(let center, _): center
        }
    }

    public var radius: SearchRadius {
        switch area {
        case .circle(_, let radius): radius
        }
    }

    /// The same search from another position (the user moved).
    public func moved(to center: Coordinate) -> PlaceSearch {
        var moved = self
        moved.area = .circle(center: center, radius: radius)
        return moved
    }

    /// What a service is asked. Open-now is decided after the fetch (the
    /// service does not read opening hours), so then the limit applies after it too.
    public var placeQuery: PlaceQuery {
        PlaceQuery(
            center: center, radius: radius.metres, categories: kinds, excludedCategories: excludedKinds, keyword: name,
            limit: openNow ? nil : limit)
    }

    /// The service's hits (nearest or best matching first) in this search's order.
    public func ranked(_ hits: [PlaceHit]) -> [PlaceHit] {
        switch ranking {
        case .distance:
            return hits
        case .prominence:
            // Scores computed once; the sort is stable in effect (ties keep the service's order).
            let scored = hits.enumerated().map { (score: $0.element.place.prominence, order: $0.offset, hit: $0.element) }
            return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.order < $1.order }.map(\.hit)
        }
    }

    private static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
