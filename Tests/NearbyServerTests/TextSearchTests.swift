import Foundation
import NearbyKit
import NearbyService
import Testing

/// Google's legacy Text Search on the Monaco store: the query read as a
/// question in words, answered exactly as the Places API (New)'s searchText
/// answers the same text, in nearbysearch's shape and pages.
struct TextSearchTests {
    static let path = "/maps/api/place/textsearch/json"
    static let here = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    /// Every page of a text search, following its tokens as Google's clients do (the token alone).
    static func everyPage(_ server: RunningServer, _ parameters: String) async throws -> [PlaceResult] {
        var found: [PlaceResult] = []
        var query = parameters
        for _ in 0..<100 {
            let page = try await server.get("\(path)?\(query)").decode(NearbySearchResponse.self)
            #expect(page.status == .ok)
            found += page.results
            guard let token = page.nextPageToken else { break }
            query = "pagetoken=\(token)"
        }
        return found
    }

    static func search(_ server: RunningServer, _ parameters: String) async throws -> NearbySearchResponse {
        let answer = try await server.get("\(path)?\(parameters)")
        #expect(answer.status == 200)
        return try answer.decode(NearbySearchResponse.self)
    }

    @Test func aKindInAPlaceIsWhatSearchTextAnswers() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let legacy = try await Self.everyPage(server, "query=restaurants%20in%20Monte-Carlo&minprice=None&maxprice=None")
        let new = try await PlacesAPINewTests.everyPage(
            server, SearchTextQuestionTests.text, #"{"textQuery": "restaurants in Monte-Carlo"}"#)
        let district = try await server.get("/maps/api/geocode/json?address=Monte-Carlo")
        try await server.stop()
        let bounds = try #require(try district.decode(GeocodeResponse.self).results.first?.geometry.bounds)
        #expect(legacy.count > 20, "more than one page")
        #expect(legacy.map(\.placeID) == new.map(\.id))
        for place in legacy {
            #expect(place.types.contains("restaurant"), "\(place.placeID)")
            #expect((bounds.southwest.lat...bounds.northeast.lat).contains(place.geometry.location.lat), "\(place.placeID)")
            #expect((bounds.southwest.lng...bounds.northeast.lng).contains(place.geometry.location.lng), "\(place.placeID)")
        }
    }

    /// "Monte-Carlo restaurants", as Nominatim reads it: the restaurants in
    /// Monte-Carlo; a kind's word beside what is no town stays a name ("Paris café").
    @Test func aTownBesideAKindIsWhereToLook() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let inTown = try await Self.everyPage(server, "query=restaurants%20in%20Monte-Carlo")
        let beside = try await Self.everyPage(server, "query=Monte-Carlo%20restaurants")
        let after = try await Self.everyPage(server, "query=restaurants%20Monte-Carlo")
        let name = try await Self.search(server, "query=Paris%20caf%C3%A9&location=43.7384,7.4246")
        try await server.stop()
        #expect(inTown.count > 20 && beside.map(\.placeID) == inTown.map(\.placeID) && after.map(\.placeID) == inTown.map(\.placeID))
        #expect(name.results.first?.placeID == "n4316767531")
    }

    @Test func aKindNearAPositionIsNearestFirstWithinTheDefaultRadius() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let cafes = try await Self.everyPage(server, "query=cafe%20near%2043.7384,7.4246")
        let byName = try await Self.search(server, "query=caf%C3%A9%20de%20paris")
        try await server.stop()
        // As nearbysearch answers location=43.7384,7.4246&radius=1500&type=cafe (NearbySearchTests).
        #expect(cafes.prefix(3).map(\.placeID) == ["n3087468543", "n3087468610", "n4316767531"])
        for cafe in cafes {
            #expect(cafe.types.contains("cafe"), "\(cafe.placeID)")
            #expect(try #require(cafe.distanceMetres) <= SearchRadius.default.metres, "\(cafe.placeID)")
        }
        #expect(byName.status == .ok && byName.results.first?.placeID == "n4316767531")
        #expect(byName.results.first?.formattedAddress?.isEmpty == false)
    }

    /// location (and radius) lean the answer: equal matches nearest first from there, none left out.
    @Test func locationBiasesTypeRestrictsOpenNowFilters() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let leaning = try await Self.everyPage(server, "query=pharmacy&location=43.7384,7.4246&radius=500")
        let anywhere = try await Self.everyPage(server, "query=pharmacy")
        let typed = try await Self.everyPage(server, "query=paris&type=cafe")
        let untyped = try await Self.everyPage(server, "query=paris")
        let open = try await Self.everyPage(server, "query=restaurant&opennow=true&at=2021-04-19T20:00:00%2B02:00")
        let all = try await Self.everyPage(server, "query=restaurant&at=2021-04-19T20:00:00%2B02:00")
        try await server.stop()
        #expect(!leaning.isEmpty && Set(leaning.map(\.placeID)) == Set(anywhere.map(\.placeID)))
        let distances = leaning.compactMap(\.distanceMetres)
        #expect(distances == distances.sorted() && distances.count == leaning.count)
        #expect(leaning.map(\.placeID) != anywhere.map(\.placeID))
        #expect(!typed.isEmpty && typed.allSatisfy { $0.types.contains("cafe") })
        #expect(untyped.contains { !$0.types.contains("cafe") })
        #expect(!open.isEmpty && open.count < all.count)
        #expect(open.allSatisfy { $0.openingHours?.openNow == true })
    }

    @Test func nothingFoundIsZeroResults() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let answer = try await Self.search(server, "query=restaurant%20in%20Nowhereville")
        try await server.stop()
        #expect(answer.status == .zeroResults && answer.results.isEmpty)
    }

    @Test(arguments: [
        "", "query=", "query=%20%20", "query=\(String(repeating: "a", count: Question.maximumBytes + 1))", "query=cafe%01",
        "query=!!!", "query=the%20of", "query=cafe&location=91,7", "query=cafe&radius=100", "query=cafe&location=43.7,7.4&radius=-1",
        "query=cafe&type=volcano", "query=cafe&opennow=maybe", "query=cafe&language=English", "pagetoken=not-a-token",
    ])
    func badInputIsInvalidRequest(_ parameters: String) async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let answer = try await Self.search(server, parameters)
        try await server.stop()
        #expect(answer.status == .invalidRequest && answer.errorMessage?.isEmpty == false, "\(parameters)")
    }

    /// A token stands for its route's search: nearbysearch's and textsearch's are not each other's.
    @Test func eachRouteRefusesTheOthersTokens() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let text = try await Self.search(server, "query=restaurant&location=43.7384,7.4246&radius=1500")
        let (_, nearby) = try await server.search("location=43.7384,7.4246&radius=1500&keyword=restaurant")
        let textToken = try #require(text.nextPageToken)
        let nearbyToken = try #require(nearby.nextPageToken)
        let crossedText = try await Self.search(server, "pagetoken=\(nearbyToken)")
        let (_, crossedNearby) = try await server.search("pagetoken=\(textToken)")
        let second = try await Self.search(server, "pagetoken=\(textToken)&query=ignored")
        try await server.stop()
        #expect(crossedText.status == .invalidRequest && crossedNearby.status == .invalidRequest)
        #expect(second.status == .ok && Set(second.results.map(\.placeID)).isDisjoint(with: text.results.map(\.placeID)))
    }
}
