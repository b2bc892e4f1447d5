import NearbyKit

/// "Places near here": what a place service is asked, and what every store
/// answers alike (the store contract suite holds them to it). It is made
/// from a `PlaceSearch` (`placeQuery`), once, on the way to a service; it
/// maps one to one onto Google's nearbysearch parameters (`location`,
/// `radius`, `type`, `exclude_type`, `keyword`), which is how the HTTP
/// service sends it.
public struct PlaceQuery: Hashable, Sendable {
    public static let defaultRadius = SearchRadius.default.metres
    public static let maximumRadius = SearchRadius.maximumMetres

    public var center: Coordinate
    /// Metres.
    public var radius: Double
    /// Empty means every category.
    public var categories: Set<PlaceCategory>
    /// Places in any of these are left out, even when they are in `categories` too.
    public var excludedCategories: Set<PlaceCategory>
    /// A name search (`NameQuery`): every word must match the place's
    /// names or kind; the answer is then ranked by how well they match.
    public var keyword: String?
    public var limit: Int?

    public init(
        center: Coordinate, radius: Double = defaultRadius, categories: Set<PlaceCategory> = [],
        excludedCategories: Set<PlaceCategory> = [], keyword: String? = nil, limit: Int? = nil
    ) {
        self.center = center
        self.radius = radius
        self.categories = categories
        self.excludedCategories = excludedCategories
        self.keyword = keyword
        self.limit = limit
    }

    /// Checks what the type cannot, by the rules a `PlaceSearch` keeps (a
    /// service may be handed a query that came from elsewhere, over HTTP):
    /// the radius rule and a positive limit.
    public func validated() throws(NearbyAPIError) -> PlaceQuery {
        guard (try? SearchRadius(metres: radius)) != nil else { throw .invalidRadius(radius) }
        if let limit, limit < 1 { throw .invalidLimit(limit) }
        return self
    }

    /// The answer from places in range ranked nearest first: those of the
    /// kinds asked for, matching the keyword if there is one — then ranked
    /// by how well they match (`NameMatch`), nearest first within each —
    /// and at most the limit. Every store ends its answer here.
    public func answer(_ ranked: some Sequence<PlaceHit>) -> [PlaceHit] {
        let name = keyword.map(NameQuery.init).flatMap { $0.isEmpty ? nil : $0 }
        var kept: [(match: NameMatch, hit: PlaceHit)] = []
        for hit in ranked where admitsKinds(hit.place) {
            if let name {
                if let match = name.match(hit.place) { kept.append((match, hit)) }
            } else {
                kept.append((.word, hit))
                if kept.count == limit { break }
            }
        }
        if name != nil {
            kept = kept.enumerated().sorted { ($0.element.match, $0.offset) < ($1.element.match, $1.offset) }.map(\.element)
        }
        let hits = kept.map(\.hit)
        return limit.map { Array(hits.prefix($0)) } ?? hits
    }

    /// Whether a place is of a kind asked for and of none left out.
    public func admitsKinds(_ place: Place) -> Bool {
        let kinds = place.categories
        if !excludedCategories.isEmpty, kinds.contains(where: excludedCategories.contains) { return false }
        return categories.isEmpty || kinds.contains(where: categories.contains)
    }
}
