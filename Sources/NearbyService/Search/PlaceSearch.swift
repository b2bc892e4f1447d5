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
    /// Where places are looked for.
    public enum Area: Hashable, Sendable {
        /// Within `radius` of `center`; distances are measured from the centre.
        case circle(center: Coordinate, radius: SearchRadius)
        /// Between two corners (`low` south-west, `high` north-east; a `low`
        /// longitude above the `high` one crosses the antimeridian), as the
        /// Places API (New)'s searchText restricts; distances are measured
        /// from its middle.
        case rectangle(low: Coordinate, high: Coordinate)
        /// Anywhere in the data (a text search with no restriction);
        /// distances are measured from `origin`, where the search leans, if any.
        case anywhere(origin: Coordinate?)
    }

    /// The order of the answer.
    public enum Ranking: Hashable, Sendable {
        /// The services' own order: with a name, best match first and
        /// nearest first among equals; without one, nearest first. What every
        /// surface but the Places API (New) asks for.
        case relevance
        /// Nearest first, whatever the name (the Places API (New)'s DISTANCE).
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
    /// The longest `name` a search takes, in UTF-8 bytes: the server's
    /// `keyword`, `textQuery`, `input` and `q`, and `nearby search`'s words
    /// alike. One limit for every text, a question's (`Question.maximumBytes`):
    /// a search may say where, and an address with a long street and town
    /// needs more than a name.
    public static let maximumNameBytes = Question.maximumBytes
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
        area: Area, ranking: Ranking = .relevance, kinds: Set<PlaceCategory> = [], excludedKinds: Set<PlaceCategory> = [],
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
        case .rectangle(let low, let high): Self.middle(low, high)
        case .anywhere(let origin): origin ?? Self.nullIsland
        }
    }

    /// The radius of the circle the services search: a rectangle's is the
    /// one around its corners, and anywhere is half the equator from anywhere.
    public var radius: SearchRadius {
        switch area {
        case .circle(_, let radius):
            return radius
        case .rectangle(let low, let high):
            let middle = Self.middle(low, high)
            let corners = [
                low, high, try? Coordinate(latitude: low.latitude, longitude: high.longitude),
                try? Coordinate(latitude: high.latitude, longitude: low.longitude),
            ].compactMap { $0 }
            // A metre beyond the farthest corner, so that a place on an edge is not lost to rounding.
            let farthest = corners.map { Geodesic.distance(from: middle, to: $0) }.max() ?? 0
            return (try? SearchRadius(metres: min(SearchRadius.maximumMetres, farthest + 1))) ?? .maximum
        case .anywhere:
            return .maximum
        }
    }

    /// Whether a position lies in the area: what the services' circle holds
    /// besides the rectangle is left out by `arranged`.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard case .rectangle(let low, let high) = area else { return true }
        guard (low.latitude...high.latitude).contains(coordinate.latitude) else { return false }
        return low.longitude <= high.longitude
            ? (low.longitude...high.longitude).contains(coordinate.longitude)
            : coordinate.longitude >= low.longitude || coordinate.longitude <= high.longitude
    }

    static let nullIsland = try! Coordinate(latitude: 0, longitude: 0)  // 0 and 0 are in range: cannot throw

    /// The middle of a rectangle, across the antimeridian when it crosses it.
    private static func middle(_ low: Coordinate, _ high: Coordinate) -> Coordinate {
        var longitude = (low.longitude + high.longitude) / 2
        if low.longitude > high.longitude { longitude += longitude > 0 ? -180 : 180 }
        return (try? Coordinate(latitude: (low.latitude + high.latitude) / 2, longitude: longitude)) ?? low
    }

    /// The same search from another position (the user moved).
    public func moved(to center: Coordinate) -> PlaceSearch {
        var moved = self
        moved.area = .circle(center: center, radius: radius)
        return moved
    }

    /// The same search, measured from `middle` (the data's, `DatasetInfo.center`)
    /// when it is anywhere and leans nowhere: as Google leans to where the
    /// asker seems to be, equally good matches come from the middle of the
    /// map outwards, not from 0° 0°.
    public func leaning(to middle: Coordinate?) -> PlaceSearch {
        guard case .anywhere(nil) = area, let middle else { return self }
        var leaning = self
        leaning.area = .anywhere(origin: middle)
        return leaning
    }

    /// What a service is asked. Open-now is decided after the fetch (the
    /// service does not read opening hours), so then the limit applies after it too.
    public var placeQuery: PlaceQuery {
        PlaceQuery(
            center: center, radius: radius.metres, categories: kinds, excludedCategories: excludedKinds, keyword: name,
            limit: openNow ? nil : limit)
    }

    /// The service's hits as this search answers them: those in its area
    /// (`contains`), in its order.
    public func arranged(_ hits: [PlaceHit]) -> [PlaceHit] {
        var hits = hits
        if case .rectangle = area { hits.removeAll { !contains($0.place.coordinate) } }
        switch ranking {
        case .relevance:
            return hits
        case .distance:
            // Without a name the services already answer nearest first.
            guard name != nil else { return hits }
            return hits.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }.map(\.element)
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
