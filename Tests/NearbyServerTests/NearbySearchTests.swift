import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Synchronization
import Testing

/// Nearby Search on the Monaco data, from the Casino gardens (43.7384, 7.4246).
struct NearbySearchTests {
    static let here = "location=43.7384,7.4246"

    @Test func nearestCafesFirstWithTheirDistances() async throws {
        let server = try await RunningServer.start()
        let (answer, response) = try await server.search("\(Self.here)&radius=1500&type=cafe")
        try await server.stop()

        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        #expect(response.status == .ok)
        #expect(response.results.prefix(3).map(\.placeID) == ["n3087468543", "n3087468610", "n4316767531"])
        #expect(response.results.allSatisfy { $0.types.first == "cafe" || $0.types.contains("cafe") })
        #expect(response.htmlAttributions == ["© OpenStreetMap contributors"])
        // Café de Paris reads 0.18 mi in the CLI.
        let cafeDeParis = try #require(response.results.first { $0.placeID == "n4316767531" })
        let miles = try #require(cafeDeParis.distanceMetres) / 1609.344
        #expect((0.175..<0.185).contains(miles))
        #expect(cafeDeParis.name == "Café de Paris")
        #expect(try cafeDeParis.place().categories == [.cafe])
        let distances = response.results.compactMap(\.distanceMetres)
        #expect(distances == distances.sorted() && distances.count == response.results.count)
    }

    /// keyword= searches names as typed; language= shows names in a language.
    @Test func aNameSearchRanksHowWellNamesMatchThenDistance() async throws {
        let server = try await RunningServer.start()
        let (_, paris) = try await server.search("\(Self.here)&radius=1500&keyword=caf%C3%A9%20par")
        let (_, typo) = try await server.search("\(Self.here)&radius=1500&keyword=restaurnt&type=food")
        let (_, english) = try await server.search("\(Self.here)&radius=5000&keyword=princess%20grace%20hospital&language=en")
        let (bad, refusal) = try await server.search("\(Self.here)&radius=1500&language=no%20such")
        try await server.stop()

        #expect(paris.results.map(\.placeID) == ["n4316767531", "w157719660"])
        #expect(!typo.results.isEmpty)
        #expect(try typo.results.allSatisfy { try $0.place().categories.contains(.restaurant) })
        #expect(english.results.first?.placeID == "w49209406")
        #expect(english.results.first?.name == "Princess Grace Hospital")
        #expect(bad.status == 200 && refusal.status == .invalidRequest)
    }

    /// 778 places lie within 1500 m: 39 pages of at most 20, each token
    /// usable at once, and together every place exactly once, in order.
    @Test func pagesThroughEveryMatchWithoutLossOrRepeat() async throws {
        let server = try await RunningServer.start()
        var ids: [String] = []
        var distances: [Double] = []
        var pages = 0
        var (_, page) = try await server.search("\(Self.here)&radius=1500")
        while true {
            pages += 1
            #expect(page.status == .ok)
            #expect(page.results.count <= 20)
            ids += page.results.map(\.placeID)
            distances += page.results.compactMap(\.distanceMetres)
            guard let token = page.nextPageToken else { break }
            #expect(page.results.count == 20)
            (_, page) = try await server.search("pagetoken=\(token)")
        }
        try await server.stop()

        #expect(ids.count == 778)
        #expect(Set(ids).count == 778)
        #expect(pages == 39)
        #expect(distances == distances.sorted())
        #expect(distances.allSatisfy { $0 <= 1500 })
        let expected = try await LocalPlaceService(dataURL: Repository.places)
            .fetchPlaces(PlaceQuery(center: Coordinate(latitude: 43.7384, longitude: 7.4246), radius: 1500))
        #expect(ids == expected.map(\.place.id))
    }

    /// Tokens carry their state, so another server process takes them.
    @Test func aPageTokenWorksOnAnotherServer() async throws {
        let first = try await RunningServer.start()
        let second = try await RunningServer.start()
        let (_, page1) = try await first.search("\(Self.here)&radius=1500&type=restaurant")
        let token = try #require(page1.nextPageToken)
        let (_, fromFirst) = try await first.search("pagetoken=\(token)")
        let (_, fromSecond) = try await second.search("pagetoken=\(token)")
        try await first.stop()
        try await second.stop()
        #expect(fromFirst.results.map(\.placeID) == fromSecond.results.map(\.placeID))
        #expect(!fromSecond.results.isEmpty)
        #expect(Set(fromSecond.results.map(\.placeID)).isDisjoint(with: page1.results.map(\.placeID)))
    }

    @Test func severalTypesGoogleNamesAndExclusions() async throws {
        let server = try await RunningServer.start()
        let (_, both) = try await server.search("\(Self.here)&radius=1500&type=cafe,bar")
        let (_, cafes) = try await server.search("\(Self.here)&radius=1500&type=cafe")
        let (_, googleNames) = try await server.search("\(Self.here)&radius=1500&type=night_club&type=lodging")
        let (_, ownNames) = try await server.search("\(Self.here)&radius=1500&type=nightclub,hotel")
        let (_, noBars) = try await server.search("\(Self.here)&radius=1500&type=cafe&exclude_type=bar")
        try await server.stop()

        func kinds(_ result: PlaceResult) -> Set<String> { Set(result.osm.categories) }
        #expect(!both.results.isEmpty && both.results.allSatisfy { !kinds($0).isDisjoint(with: ["cafe", "bar"]) })
        let expected = try await LocalPlaceService(dataURL: Repository.places).fetchPlaces(
            PlaceQuery(center: Coordinate(latitude: 43.7384, longitude: 7.4246), categories: [.cafe, .bar], limit: 20))
        #expect(both.results.map(\.placeID) == expected.map(\.place.id))
        #expect(both.results.contains { kinds($0).contains("bar") } && both.results.contains { kinds($0).contains("cafe") })
        #expect(googleNames.results.map(\.placeID) == ownNames.results.map(\.placeID))
        #expect(!googleNames.results.isEmpty)
        #expect(googleNames.results.allSatisfy { !kinds($0).isDisjoint(with: ["nightclub", "hotel"]) })
        #expect(noBars.results.allSatisfy { kinds($0).contains("cafe") && !kinds($0).contains("bar") })
        #expect(noBars.results.count <= cafes.results.count)
    }

    /// Google's rankby=distance takes no radius; nearby answers it without a keyword too.
    @Test func rankByDistanceSearchesEverywhereNearestFirst() async throws {
        let server = try await RunningServer.start()
        let (answer, ranked) = try await server.search("\(Self.here)&rankby=distance&type=cafe")
        let (refused, refusal) = try await server.search("\(Self.here)&rankby=distance&radius=100")
        try await server.stop()
        #expect(answer.status == 200)
        #expect(ranked.results.prefix(3).map(\.placeID) == ["n3087468543", "n3087468610", "n4316767531"])
        #expect(refused.status == 200 && refusal.status == .invalidRequest)
    }

    /// The README's open-now example: restaurants open at 20:00 on 19 April 2021.
    @Test func openNowAtAnInstant() async throws {
        let server = try await RunningServer.start()
        let (_, open) = try await server.search("\(Self.here)&radius=1500&type=restaurant&opennow&at=2021-04-19T20:00:00%2B02:00")
        let (_, all) = try await server.search("\(Self.here)&radius=1500&type=restaurant&at=2021-04-19T18:00:00Z")
        // Without an offset, `at` is wall-clock time in the dataset's zone (Europe/Monaco).
        let (_, local) = try await server.search("\(Self.here)&radius=1500&type=restaurant&opennow&at=2021-04-19T20:00:00")
        try await server.stop()
        #expect(open.results.prefix(3).map(\.placeID) == ["n7857077111", "n4413997053", "n4893574386"])
        #expect(open.results.allSatisfy { $0.openingHours?.openNow == true })
        #expect(local.results.map(\.placeID) == open.results.map(\.placeID))
        let openInAll = all.results.filter { $0.openingHours?.openNow == true }.map(\.placeID)
        #expect(open.results.map(\.placeID).starts(with: openInAll.prefix(open.results.count)))
        #expect(all.results.contains { $0.openingHours?.openNow == false })
        #expect(all.results.contains { $0.openingHours?.openNow == nil })
    }

    /// Answers at the present moment are cached only until a place in them
    /// opens or closes: Le Vistamar closes at midnight (README).
    @Test func openNowFollowsTheClockThroughTheCache() async throws {
        let clock = Mutex(testInstant("2021-04-19T23:59:00+02:00"))
        let server = try await RunningServer.start(now: { clock.withLock { $0 } })
        let query = "\(Self.here)&radius=1500&type=restaurant&opennow"
        let (_, beforeMidnight) = try await server.search(query)
        let (_, again) = try await server.search(query)
        clock.withLock { $0 = testInstant("2021-04-20T00:01:00+02:00") }
        let (_, afterMidnight) = try await server.search(query)
        try await server.stop()
        #expect(beforeMidnight.results.map(\.placeID).contains("n7857077111"))
        #expect(again.results.map(\.placeID) == beforeMidnight.results.map(\.placeID))
        #expect(!afterMidnight.results.map(\.placeID).contains("n7857077111"))
    }

    @Test func keywordsAndEmptyAnswers() async throws {
        let server = try await RunningServer.start()
        let (_, paris) = try await server.search("\(Self.here)&radius=1500&keyword=caf%C3%A9+de+paris")
        let (_, none) = try await server.search("\(Self.here)&radius=1500&keyword=zzzzzz")
        let (answer, farAway) = try await server.search("location=0,0&radius=1000")
        try await server.stop()
        #expect(paris.results.map(\.placeID).contains("n4316767531"))
        #expect(none.status == .zeroResults && none.results.isEmpty && none.nextPageToken == nil)
        #expect(answer.status == 200)
        #expect(farAway.status == .zeroResults)
    }
}

/// An ISO 8601 instant written in a test.
func testInstant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text) ?? .distantPast
}
