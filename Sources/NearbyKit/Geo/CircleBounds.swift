import Foundation

/// Longitude/latitude boxes that together hold every point within a
/// geodesic distance of a centre: what a spatial index of boxes (an R*Tree)
/// is asked for before the candidates are measured exactly.
///
/// A geodesic of length s joins two points whose geodetic positions, taken
/// as directions on a unit sphere, are at most s / R_min apart, R_min being
/// WGS84's smallest radius of curvature (see `PlaceStore`). So the spherical
/// cap of that angle holds the circle, and the cap's bounding box is
/// standard spherical trigonometry. Near a pole the cap holds every
/// longitude; across the antimeridian the box is split in two.
public struct CircleBounds: Equatable, Sendable {
    public struct Box: Equatable, Sendable {
        public var minLongitude, maxLongitude, minLatitude, maxLatitude: Double
    }

    /// One box, or two when the circle crosses the antimeridian.
    public let boxes: [Box]

    /// A margin in degrees for rounding in the boxes and in what they are compared with.
    static let slackDegrees = 1e-7

    public init(center: Coordinate, radius metres: Double) {
        let angle = metres / PlaceStore.minRadiusOfCurvature + PlaceStore.roundingSlack
        let degrees = angle * 180 / .pi + Self.slackDegrees
        let latitude = center.latitude
        let minLatitude = max(latitude - degrees, -90), maxLatitude = min(latitude + degrees, 90)
        // A cap reaching a pole, or wider than a hemisphere, spans every longitude.
        guard angle < .pi / 2, abs(latitude) + degrees < 90 else {
            boxes = [Box(minLongitude: -180, maxLongitude: 180, minLatitude: minLatitude, maxLatitude: maxLatitude)]
            return
        }
        let ratio = sin(angle) / cos(latitude * .pi / 180)
        let halfWidth = ratio >= 1 ? 180 : asin(ratio) * 180 / .pi + Self.slackDegrees
        let west = center.longitude - halfWidth, east = center.longitude + halfWidth
        if halfWidth >= 180 {
            boxes = [Box(minLongitude: -180, maxLongitude: 180, minLatitude: minLatitude, maxLatitude: maxLatitude)]
        } else if west < -180 {
            boxes = [
                Box(minLongitude: west + 360, maxLongitude: 180, minLatitude: minLatitude, maxLatitude: maxLatitude),
                Box(minLongitude: -180, maxLongitude: east, minLatitude: minLatitude, maxLatitude: maxLatitude),
            ]
        } else if east > 180 {
            boxes = [
                Box(minLongitude: west, maxLongitude: 180, minLatitude: minLatitude, maxLatitude: maxLatitude),
                Box(minLongitude: -180, maxLongitude: east - 360, minLatitude: minLatitude, maxLatitude: maxLatitude),
            ]
        } else {
            boxes = [Box(minLongitude: west, maxLongitude: east, minLatitude: minLatitude, maxLatitude: maxLatitude)]
        }
    }
}
