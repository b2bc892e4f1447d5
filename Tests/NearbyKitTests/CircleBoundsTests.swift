import CProj
import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

/// Every point at the circle's edge — found with PROJ's direct geodesic
/// problem, an independent computation — lies in one of its boxes, near
/// the poles and across the antimeridian too; and the boxes are not much
/// larger than they must be.
@Suite struct CircleBoundsTests {
    private static let wgs84: geod_geodesic = {
        var g = geod_geodesic()
        PROJ.functions.geod_init(&g, Geodesic.equatorialRadius, Geodesic.flattening)
        return g
    }()

    /// The point `metres` from `center` along `azimuth` (degrees from north).
    private static func destination(from center: Coordinate, metres: Double, azimuth: Double) -> (latitude: Double, longitude: Double) {
        var g = wgs84
        var latitude = 0.0, longitude = 0.0
        PROJ.functions.geod_direct(&g, center.latitude, center.longitude, azimuth, metres, &latitude, &longitude, nil)
        var wrapped = longitude.truncatingRemainder(dividingBy: 360)
        if wrapped > 180 { wrapped -= 360 } else if wrapped < -180 { wrapped += 360 }
        return (latitude, wrapped)
    }

    private static func contains(_ bounds: CircleBounds, _ point: (latitude: Double, longitude: Double)) -> Bool {
        bounds.boxes.contains {
            ($0.minLatitude...$0.maxLatitude).contains(point.latitude) && ($0.minLongitude...$0.maxLongitude).contains(point.longitude)
        }
    }

    @Test func holdsEveryPointOfTheCircle() throws {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2000 {
            let center = try Coordinate(
                latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator))
            let radius = [1.0, 100, 1500, 50_000, 1_000_000, 8_000_000][Int.random(in: 0..<6, using: &generator)]
            let bounds = CircleBounds(center: center, radius: radius)
            for step in 0..<72 {
                let edge = Self.destination(from: center, metres: radius, azimuth: Double(step) * 5)
                #expect(Self.contains(bounds, edge), "\(center) r=\(radius) azimuth \(step * 5)")
            }
        }
    }

    @Test func splitsAtTheAntimeridianAndSpansEveryLongitudeAtAPole() throws {
        let east = CircleBounds(center: try Coordinate(latitude: 0, longitude: 179.99), radius: 5000)
        #expect(east.boxes.count == 2)
        #expect(east.boxes.contains { $0.maxLongitude == 180 } && east.boxes.contains { $0.minLongitude == -180 })
        let pole = CircleBounds(center: try Coordinate(latitude: 89.99, longitude: 20), radius: 5000)
        #expect(pole.boxes.count == 1)
        #expect(pole.boxes[0].minLongitude == -180 && pole.boxes[0].maxLongitude == 180 && pole.boxes[0].maxLatitude == 90)
    }

    @Test func isTightInMidLatitudes() throws {
        // 1500 m around Monaco: about 0.0135° of latitude each way; the margin
        // for the ellipsoid's curvature costs at most about 1%.
        let bounds = CircleBounds(center: try Coordinate(latitude: 43.7384, longitude: 7.4246), radius: 1500)
        let box = try #require(bounds.boxes.first)
        #expect(bounds.boxes.count == 1)
        #expect((box.maxLatitude - box.minLatitude) / 2 < 0.0136)
        #expect((box.maxLongitude - box.minLongitude) / 2 < 0.0188)
    }
}
