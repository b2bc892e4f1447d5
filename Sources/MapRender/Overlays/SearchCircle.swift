import Foundation
import NearbyKit

/// The circle a list searched: every place within `radius` metres of
/// `centre`, measured on the ellipsoid, as the stores measure.
public struct SearchCircle: Hashable, Sendable {
    public var centre: Coordinate
    public var radius: Double

    public init(centre: Coordinate, radius: Double) {
        self.centre = centre
        self.radius = radius
    }

    /// Points on the circle, a geodesic's end at each of `count` bearings
    /// (PROJ's geodesic direct); nil when the circle reaches past Web
    /// Mercator's edge or across the antimeridian, where no closed outline
    /// can be drawn.
    func outline(count: Int = 144) -> [Coordinate]? {
        guard radius > 0, radius.isFinite else { return nil }
        let points = (0..<count).map { step in
            Geodesic.destination(from: centre, azimuth: 360 * Double(step) / Double(count), metres: radius)
        }
        guard points.allSatisfy({ abs($0.latitude) < WebMercatorProjection.maximumLatitude }),
            zip(points, points.dropFirst() + points.prefix(1)).allSatisfy({ abs($0.longitude - $1.longitude) < 180 })
        else { return nil }
        return points
    }
}
