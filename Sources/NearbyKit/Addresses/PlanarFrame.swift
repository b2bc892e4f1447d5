import Foundation

/// Metres east and north of a position, on the plane tangent there. Within
/// the few kilometres an address is looked for, the plane is off the
/// ellipsoid by well under 1 %, which is enough to tell the nearest street
/// from the next; nothing measured here is shown as a distance.
struct PlanarFrame {
    /// Mean Earth radius (IUGG) × π/180.
    static let metresPerDegree = 111_195.08
    let origin: LonLat
    private let east: Double

    init(_ origin: LonLat) {
        self.origin = origin
        east = Self.metresPerDegree * cos(origin.latitude * .pi / 180)
    }

    func point(_ p: LonLat) -> (x: Double, y: Double) {
        var dx = p.longitude - origin.longitude
        if dx > 180 { dx -= 360 } else if dx < -180 { dx += 360 }
        return (dx * east, (p.latitude - origin.latitude) * Self.metresPerDegree)
    }

    /// The position this many metres east and north of the origin.
    func position(x: Double, y: Double) -> LonLat {
        var longitude = origin.longitude + x / max(east, 1e-9)
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return LonLat(longitude, origin.latitude + y / Self.metresPerDegree)
    }

    /// The degrees of latitude and longitude that `metres` spans here.
    func degrees(_ metres: Double) -> (latitude: Double, longitude: Double) {
        (metres / Self.metresPerDegree, min(180, metres / max(east, 1)))
    }

    /// The distance from the origin to segment ab, and the nearest point of it.
    static func nearest(onSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (distance: Double, x: Double, y: Double) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length2 = dx * dx + dy * dy
        let t = length2 == 0 ? 0 : max(0, min(1, -(a.x * dx + a.y * dy) / length2))
        let (x, y) = (a.x + t * dx, a.y + t * dy)
        return ((x * x + y * y).squareRoot(), x, y)
    }

    /// Whether segments pq and rs cross (touching counts).
    static func crosses(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ r: (x: Double, y: Double), _ s: (x: Double, y: Double))
        -> Bool
    {
        func side(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double)) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        let (d1, d2) = (side(r, s, p), side(r, s, q))
        let (d3, d4) = (side(p, q, r), side(p, q, s))
        return ((d1 <= 0 && d2 >= 0) || (d1 >= 0 && d2 <= 0)) && ((d3 <= 0 && d4 >= 0) || (d3 >= 0 && d4 <= 0))
    }
}
