import Foundation
import NearbyTestSupport
import Testing

@testable import MapRender

/// The grid a tile finds its features through must miss none and keep the
/// drawing order, whatever the sizes of the features and of the boxes asked.
@Suite struct FeatureGridTests {
    @Test(arguments: [1, 2, 3])
    func findsEveryFeatureMeetingABoxInDrawingOrder(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let world = MercatorPoint.halfWorld
        func coordinate(_ centre: Double, _ spread: Double) -> Double {
            min(max(centre + Double.random(in: -spread...spread, using: &random), -world), world)
        }
        // Points, streets and areas up to 200 km across, around Monaco and anywhere.
        let features = (0..<2000).map { index -> BasemapFeature in
            let near = index % 4 != 0
            let x = near ? coordinate(826_000, 20_000) : coordinate(0, world),
                y = near ? coordinate(5_423_000, 20_000) : coordinate(0, world)
            let size = [10.0, 500, 5_000, 200_000][index % 4]
            let corners = [MercatorPoint(x: x, y: y), MercatorPoint(x: coordinate(x, size), y: coordinate(y, size))]
            return BasemapFeature(kind: .road, parts: [corners])
        }
        let grid = FeatureGrid(features)
        for _ in 0..<300 {
            let zoom = Int.random(in: 5...18, using: &random)
            let side = 2 * world / Double(1 << zoom)
            let minX = coordinate(826_000, 50_000), minY = coordinate(5_423_000, 50_000)
            let box = (minX: minX, minY: minY, maxX: minX + side, maxY: minY + side)
            let found = grid.candidates(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
            #expect(found == found.sorted() && Set(found).count == found.count)
            let meeting = features.indices.filter {
                features[$0].intersects(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
            }
            #expect(Set(meeting).isSubset(of: Set(found)), "zoom \(zoom): \(Set(meeting).subtracting(found).count) missed")
        }
    }
}
