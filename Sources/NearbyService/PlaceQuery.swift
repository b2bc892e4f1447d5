import NearbyKit

/// "Places near here": what a place service is asked. It maps one to one
/// onto a request of the HTTP service (`GET /places?lat=&lon=&radius=&category=&limit=`).
public struct PlaceQuery: Hashable, Sendable {
    public static let defaultRadius = 1500.0

    public var center: Coordinate
    /// Metres.
    public var radius: Double
    /// Empty means every category.
    public var categories: Set<PlaceCategory>
    public var limit: Int?

    public init(center: Coordinate, radius: Double = defaultRadius, categories: Set<PlaceCategory> = [], limit: Int? = nil) {
        self.center = center
        self.radius = radius
        self.categories = categories
        self.limit = limit
    }

    /// Checks what the type cannot: a positive, finite radius and limit.
    public func validated() -> Result<PlaceQuery, NearbyAPIError> {
        guard radius.isFinite, radius > 0 else { return .failure(.invalidRadius(radius)) }
        if let limit, limit < 1 { return .failure(.invalidLimit(limit)) }
        return .success(self)
    }
}
