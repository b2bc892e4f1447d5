import NearbyKit
import NearbyService
import Testing

/// What `PlaceSearch.arranged` does to a service's hits: a rectangle's
/// corners of the circle left out, and the three orders.
struct PlaceSearchOrderTests {
    static func place(_ id: String, at latitude: Double, _ longitude: Double, tags: [String: String] = [:]) throws -> Place {
        Place(
            id: id, name: id, category: .cafe, coordinate: try Coordinate(latitude: latitude, longitude: longitude), tags: tags)
    }

    @Test func aRectangleKeepsWhatLiesBetweenItsCornersAcrossTheAntimeridianToo() throws {
        let low = try Coordinate(latitude: -17, longitude: 179.5)
        let high = try Coordinate(latitude: -16, longitude: -179.5)
        let search = PlaceSearch(area: .rectangle(low: low, high: high))
        #expect(search.contains(try Coordinate(latitude: -16.5, longitude: 179.9)))
        #expect(search.contains(try Coordinate(latitude: -16.5, longitude: -179.9)))
        #expect(!search.contains(try Coordinate(latitude: -16.5, longitude: 0)))
        #expect(!search.contains(try Coordinate(latitude: -15.9, longitude: 180)))
        // The services' circle holds every corner.
        #expect(abs(search.center.longitude) == 180 && search.center.latitude == -16.5)
        for corner in [low, high, try Coordinate(latitude: -17, longitude: -179.5), try Coordinate(latitude: -16, longitude: 179.5)] {
            #expect(Geodesic.distance(from: search.center, to: corner) <= search.radius.metres)
        }
        let hits = [
            PlaceHit(place: try Self.place("n1", at: -16.5, 179.9), distance: 10),
            PlaceHit(place: try Self.place("n2", at: -16.5, 170), distance: 20),
        ]
        #expect(search.arranged(hits).map(\.place.id) == ["n1"])
    }

    @Test func prominenceFirstThenTheServicesOrder() throws {
        let plain = try Self.place("n1", at: 43.7, 7.4)
        let known = try Self.place("n2", at: 43.7, 7.4, tags: ["wikidata": "Q1", "wikipedia": "fr:X"])
        let branded = try Self.place("n3", at: 43.7, 7.4, tags: ["brand": "Costa", "name:en": "Costa"])
        let alsoPlain = try Self.place("n4", at: 43.7, 7.4)
        #expect(known.prominence == 7 && branded.prominence == 2 && plain.prominence == 0)
        let hits = [plain, known, alsoPlain, branded].enumerated().map { PlaceHit(place: $0.element, distance: Double($0.offset)) }
        var search = PlaceSearch(around: try Coordinate(latitude: 43.7, longitude: 7.4))
        search.ranking = .prominence
        #expect(search.arranged(hits).map(\.place.id) == ["n2", "n3", "n1", "n4"])
        search.ranking = .relevance
        #expect(search.arranged(hits).map(\.place.id) == ["n1", "n2", "n4", "n3"])
        // With a name the services rank by match; distance puts the nearest first anyway.
        search.ranking = .distance
        search.name = "cafe"
        #expect(search.arranged(hits.reversed()).map(\.place.id) == ["n1", "n2", "n4", "n3"])
    }
}
