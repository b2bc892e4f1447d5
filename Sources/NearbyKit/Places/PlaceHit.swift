/// A place and how far it is from where the question was asked.
public struct PlaceHit: Hashable, Sendable {
    public var place: Place
    /// Metres on the WGS84 ellipsoid.
    public var distance: Double

    public init(place: Place, distance: Double) {
        self.place = place
        self.distance = distance
    }
}
