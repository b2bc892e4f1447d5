import NearbyTestSupport
import Testing

@testable import NearbyKit

/// The walk among some positions only (a word's places) against measuring
/// each of those positions: the same nearest and the same within a bound,
/// from inside the points and from far outside them (an origin of 0° 0°).
struct SphereKDTreeTests {
    static let tree: SphereKDTree = {
        var generator = SeededGenerator(seed: 7)
        // A city's worth of points, with a crowd on one spot as real data has.
        let points = (0..<5000).map { n -> (coordinate: Coordinate, item: Int32) in
            let spot = n % 10 == 0
            let latitude = spot ? 43.7384 : Double.random(in: 43.5...44.0, using: &generator)
            let longitude = spot ? 7.4246 : Double.random(in: 7.0...7.8, using: &generator)
            return (Coordinate(validLatitude: latitude, longitude: longitude), Int32(n))
        }
        var tree = SphereKDTree(points: points)
        tree.numberItemsByPosition()
        return tree
    }()

    static let origins = [
        SurfaceNormal(Coordinate(validLatitude: 43.74, longitude: 7.42)),
        SurfaceNormal(Coordinate(validLatitude: 43.7384, longitude: 7.4246)),
        SurfaceNormal(Coordinate(validLatitude: 0, longitude: 0)),
    ]

    @Test(arguments: [1, 9, 300, 4999])
    func walkingAmongPositionsFindsWhatMeasuringThemFinds(count: Int) async {
        var generator = SeededGenerator(seed: UInt64(count))
        let positions = Array((0..<Int32(5000)).shuffled(using: &generator).prefix(count)).sorted()
        let odd: (Int32) -> Bool = { $0 % 2 == 1 }
        for origin in Self.origins {
            for admits in [nil, odd] {
                await Task.yield()  // a few seconds in all: the suite's servers share the threads
                let measured = positions.filter { admits?($0) ?? true }
                    .map { (SphereKDTree.chordSquared(Self.tree.normal(at: Int($0)), origin), $0) }.sorted { $0 < $1 }
                for k in [1, 5, 40] {
                    let nearest = Self.tree.nearest(to: origin, k: k, maxChordSquared: 4, among: positions[...], admits: admits)
                    #expect(nearest.sorted().map(\.item) == measured.prefix(k).map(\.1))
                }
                let bound = measured.isEmpty ? 1e-6 : measured[measured.count / 2].0
                let within = Self.tree.within(bound, of: origin, among: positions[...], admits: admits)
                #expect(Set(within.map(\.item)) == Set(measured.filter { $0.0 <= bound }.map(\.1)))
                #expect(within.count == measured.filter { $0.0 <= bound }.count)
            }
        }
    }
}
