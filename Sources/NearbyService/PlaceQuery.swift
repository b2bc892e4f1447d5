import NearbyKit

/// "Places near here": what a place service is asked. It maps one to one
/// onto Google's nearbysearch parameters (`location`, `radius`, `type`,
/// `exclude_type`, `keyword`), which is how the HTTP service sends it.
public struct PlaceQuery: Hashable, Sendable {
    public static let defaultRadius = 1500.0
    /// Half the equator: no two places on Earth are further apart.
    public static let maximumRadius = 20_037_508.0

    public var center: Coordinate
    /// Metres.
    public var radius: Double
    /// Empty means every category.
    public var categories: Set<PlaceCategory>
    /// Places in any of these are left out, even when they are in `categories` too.
    public var excludedCategories: Set<PlaceCategory>
    /// Words a place's name, kind or cuisine must contain (case and accents ignored).
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

    /// Checks what the type cannot: a finite radius no larger than the Earth
    /// allows, and a positive limit.
    public func validated() throws(NearbyAPIError) -> PlaceQuery {
        guard radius.isFinite, radius > 0, radius <= Self.maximumRadius else { throw .invalidRadius(radius) }
        if let limit, limit < 1 { throw .invalidLimit(limit) }
        return self
    }

    /// Whether a place passes the category and keyword filters (not the radius).
    public func admits(_ place: Place) -> Bool {
        let kinds = place.categories
        if !excludedCategories.isEmpty, kinds.contains(where: excludedCategories.contains) { return false }
        if !categories.isEmpty, !kinds.contains(where: categories.contains) { return false }
        guard let keyword, !keyword.isEmpty else { return true }
        let haystack = ([place.name, place.cuisine ?? ""] + kinds.flatMap { [$0.rawValue, $0.displayName, $0.singularName] })
            .map(Self.folded)
        return Self.folded(keyword).split(separator: " ").allSatisfy { word in haystack.contains { $0.contains(word) } }
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
