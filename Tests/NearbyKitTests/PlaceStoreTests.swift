import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

struct PlaceStoreTests {
    static let store = PlaceStore(dataset: try! PlacesDataset.load(from: Repository.places))
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    /// The nearest cafés to the Casino gardens, ranked independently: every
    /// café of Data/places.geojson measured with GeographicLib's GeodSolve
    /// (`echo "43.7384 7.4246 LAT LON" | GeodSolve -i -p 6`) and sorted.
    static let nearestCafes: [(PlaceID, Double)] = [
        ("n3087468543", 89.311921), ("n3087468610", 174.713205), ("n4316767531", 289.016190),
        ("n1306034043", 326.949443), ("n7822143687", 456.291083), ("n4344161790", 523.851649),
    ]

    @Test func nearestCafesInOrder() {
        let hits = Self.store.places(near: Self.casinoGardens, within: 1500, in: [.cafe], limit: 6)
        #expect(hits.map(\.place.id) == Self.nearestCafes.map(\.0))
        for (hit, reference) in zip(hits, Self.nearestCafes) {
            #expect(abs(hit.distance - reference.1) < 1e-5)
        }
        #expect(hits.first(where: { $0.place.id == "n4316767531" })?.place.name == "Café de Paris")
    }

    @Test func radiusIsAHardLimit() {
        let hits = Self.store.places(near: Self.casinoGardens, within: 289.0, in: [.cafe])
        #expect(hits.map(\.place.id) == ["n3087468543", "n3087468610"])
        #expect(Self.store.places(near: Self.casinoGardens, within: 289.02, in: [.cafe]).count == 3)
    }

    @Test func aBankWithAnATMAnswersAsBoth() {
        let atms = Self.store.places(near: Self.casinoGardens, within: 5000, in: [.atm])
        #expect(atms.contains { $0.place.category == .bank })
        #expect(atms.contains { $0.place.category == .atm })
        #expect(Set(atms.map(\.place.id)).count == atms.count)
    }

    @Test func findsByID() {
        #expect(Self.store.place(id: "n2391676637")?.name == "Jimmy’z Monte-Carlo")
        #expect(Self.store.place(id: "n0") == nil)
    }

    /// The index must give exactly what measuring every place gives, for
    /// queries anywhere: random places over the globe (poles and the
    /// antimeridian included), random radii, limits and categories.
    @Test func agreesWithMeasuringEveryPlace() async throws {
        var rng = SeededGenerator(seed: 42)
        var places: [Place] = []
        for i in 0..<3000 {
            let cluster = i % 3 == 0 ? (lat: 89.5, lon: 179.0) : i % 3 == 1 ? (lat: 0.0, lon: -179.9) : (lat: 43.7, lon: 7.4)
            let lat = max(-90, min(90, cluster.lat + Double.random(in: -1...1, using: &rng)))
            var lon = cluster.lon + Double.random(in: -1...1, using: &rng)
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            let category = PlaceCategory.allCases[Int.random(in: 0..<PlaceCategory.allCases.count, using: &rng)]
            places.append(Place(id: "n\(i)", name: "P\(i)", category: category, coordinate: try Coordinate(latitude: lat, longitude: lon)))
        }
        let store = PlaceStore(places: places)
        for _ in 0..<300 {
            await Task.yield()  // seconds in all: the suite's servers share the threads
            let anchor = places[Int.random(in: 0..<places.count, using: &rng)].coordinate
            let center = try Coordinate(
                latitude: max(-90, min(90, anchor.latitude + Double.random(in: -0.05...0.05, using: &rng))), longitude: anchor.longitude)
            let radius = Double.random(in: 100...60_000, using: &rng)
            let limit: Int? = Bool.random(using: &rng) ? Int.random(in: 1...30, using: &rng) : nil
            let categories: Set<PlaceCategory>? = Bool.random(using: &rng) ? [.cafe, .atm] : nil
            let expected =
                places
                .filter { categories == nil || !categories!.isDisjoint(with: $0.categories) }
                .map { PlaceHit(place: $0, distance: Geodesic.distance(from: center, to: $0.coordinate)) }
                .filter { $0.distance <= radius }
                .sorted { ($0.distance, $0.place.name, $0.place.id) < ($1.distance, $1.place.name, $1.place.id) }
                .prefix(limit ?? .max)
            let got = store.places(near: center, within: radius, in: categories, limit: limit)
            #expect(got.map(\.place.id) == expected.map(\.place.id))
        }
    }

    /// Found by the store contract tests: a place whose kinds repeat (`other_categories`
    /// naming its main one) sat in a category's tree twice, filled the k nearest with
    /// copies, and the fewer-than-k distinct places were taken for all there are.
    @Test func aKindRepeatedInTheDataDoesNotHideOtherPlaces() throws {
        let center = try Coordinate(latitude: 0, longitude: 0)
        var places = try (0..<5).map {
            Place(id: "n\($0)", name: "P\($0)", category: .atm, coordinate: try Coordinate(latitude: 0, longitude: Double($0) * 0.001))
        }
        #expect(
            Place(id: "n9", name: "B", category: .bank, otherCategories: [.atm, .bank, .atm], coordinate: center).otherCategories == [.atm])
        places[0].otherCategories = [.atm, .atm]  // set after init, which would have dropped the repeats
        let store = PlaceStore(places: places)
        #expect(store.places(near: center, within: 10_000, in: [.atm], limit: 3).map(\.place.id) == ["n0", "n1", "n2"])
    }
}
