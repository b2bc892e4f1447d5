/// What a map shows: a centre and a span in degrees, as MapKit's
/// `MKCoordinateRegion` does. The original detail screen used 0.01° × 0.01°.
public struct Region: Hashable, Sendable, Codable {
    public struct Span: Hashable, Sendable, Codable {
        public var latitudeDelta: Double
        public var longitudeDelta: Double

        public init(latitudeDelta: Double, longitudeDelta: Double) {
            self.latitudeDelta = latitudeDelta
            self.longitudeDelta = longitudeDelta
        }

        public static let placeDetail = Span(latitudeDelta: 0.01, longitudeDelta: 0.01)
    }

    public var center: Coordinate
    public var span: Span

    public init(center: Coordinate, span: Span) {
        self.center = center
        self.span = span
    }

    /// The smallest region holding every coordinate, widened by `padding`
    /// (a fraction of the span on each side) so that pins are not cut at the edge.
    /// A single coordinate gets `minimumSpan`.
    public init?(fitting coordinates: [Coordinate], padding: Double = 0.1, minimumSpan: Span = .placeDetail) {
        guard let first = coordinates.first else { return nil }
        var minLat = first.latitude, maxLat = first.latitude
        var minLon = first.longitude, maxLon = first.longitude
        for c in coordinates.dropFirst() {
            minLat = min(minLat, c.latitude)
            maxLat = max(maxLat, c.latitude)
            minLon = min(minLon, c.longitude)
            maxLon = max(maxLon, c.longitude)
        }
        let latDelta = max((maxLat - minLat) * (1 + 2 * padding), minimumSpan.latitudeDelta)
        let lonDelta = max((maxLon - minLon) * (1 + 2 * padding), minimumSpan.longitudeDelta)
        center = Coordinate(validLatitude: (minLat + maxLat) / 2, longitude: (minLon + maxLon) / 2)
        span = Span(latitudeDelta: min(latDelta, 180), longitudeDelta: min(lonDelta, 360))
    }
}
