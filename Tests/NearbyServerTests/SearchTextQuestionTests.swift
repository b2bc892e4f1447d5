import Foundation
import NearbyKit
import NearbyService
import Testing

/// searchText reads its text as a question in words: a kind and a place
/// named after "in" are that kind in that place, answered exactly as the
/// same search asked with `includedType` and the place's rectangle; a place
/// the data does not know leaves the text a name, as before.
struct SearchTextQuestionTests {
    static let text = "/v1/places:searchText"

    @Test func aKindInAPlaceIsThatKindInItsRectangle() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let district = try await server.get("/maps/api/geocode/json?address=Monte-Carlo")
        let bounds = try #require(try district.decode(GeocodeResponse.self).results.first?.geometry.bounds)
        let asked = try await PlacesAPINewTests.everyPage(server, Self.text, #"{"textQuery": "restaurants in Monte-Carlo"}"#)
        let rectangle = """
            {"includedType": "restaurant", "textQuery": "restaurant", "locationRestriction": {"rectangle": {\
            "low": {"latitude": \(bounds.southwest.lat), "longitude": \(bounds.southwest.lng)}, \
            "high": {"latitude": \(bounds.northeast.lat), "longitude": \(bounds.northeast.lng)}}}}
            """
        let explicit = try await PlacesAPINewTests.everyPage(server, Self.text, rectangle)
        let pharmacies = try await PlacesAPINewTests.everyPage(server, Self.text, #"{"textQuery": "pharmacy near 43.7384,7.4246"}"#)
        let unknownPlace = try await server.post(
            Self.text, json: #"{"textQuery": "restaurant in Nowhereville"}"#, headers: [("X-Goog-FieldMask", "places.id")])
        let byName = try await server.post(
            Self.text, json: #"{"textQuery": "cafe de paris"}"#, headers: [("X-Goog-FieldMask", "places.id")])
        try await server.stop()
        #expect(asked.count > 5)
        #expect(asked.map(\.id) == explicit.map(\.id))
        for place in asked {
            let (lat, lng) = (place.at["latitude"] ?? 0, place.at["longitude"] ?? 0)
            #expect((bounds.southwest.lat...bounds.northeast.lat).contains(lat), "\(place.id)")
            #expect((bounds.southwest.lng...bounds.northeast.lng).contains(lng), "\(place.id)")
        }
        // Within the default radius of the position.
        let here = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        #expect(!pharmacies.isEmpty)
        for place in pharmacies {
            let at = try Coordinate(latitude: place.at["latitude"] ?? 0, longitude: place.at["longitude"] ?? 0)
            #expect(Geodesic.distance(from: here, to: at) <= SearchRadius.default.metres, "\(place.id)")
        }
        #expect(unknownPlace.status == 200 && unknownPlace.text == "{}")
        #expect(try PlacesAPINewTests.places(byName).first?["id"] as? String == "n4316767531")
    }
}
