import Foundation
import Logging
import NearbyClient
import NearbyGeoPackage
import NearbyKit
import NearbyServer
import NearbyService
import NearbyTestSupport
import Testing

/// The HTTP service against nearby's own server on the Monaco data: every
/// answer must be the one the local service gives on the same file — the
/// same places, in the same order, at the same distances to the bit.
struct RoundTripTests {
    static let places = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/places.geojson")
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    let local = LocalPlaceService(dataURL: Self.places)

    /// Runs `body` against a server on a free loopback port, serving the
    /// Monaco data through a local service of its own.
    func withServer<T: Sendable>(
        served: LocalPlaceService = LocalPlaceService(dataURL: Self.places),
        _ body: @Sendable (HTTPPlaceService) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "nearby.serve")
        logger.logLevel = .warning
        // An idle connection the server closes races the client's next request on it
        // (RunningServer in NearbyServerTests says more): not what these tests are about.
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, service: served, logger: logger, idleTimeout: .seconds(1800),
            reloadSignals: [], shutdownSignals: [])
        let app = try await buildApplication(configuration)
        return try await withTaskExecutorPreference(ServerExecutor.shared) {
            try await app.test(.live) { client in
                // These tests are about the answers, not the deadlines (HTTPFailureTests): under a
                // sanitizer on two busy cores a page took more than the default 10 s between reads.
                let service = try HTTPPlaceService(
                    baseURL: "http://127.0.0.1:\(client.port!)", timeouts: HTTPTimeouts(connect: 60, read: 120))
                do {
                    let value = try await body(service)
                    await service.shutdown()
                    return value
                } catch {
                    await service.shutdown()
                    throw error
                }
            }
        }
    }

    /// Same places, same order, same distances bit for bit.
    static func expectSame(_ remote: [PlaceHit], _ local: [PlaceHit], _ what: String) {
        #expect(remote.map(\.place.id) == local.map(\.place.id), "\(what): ids")
        #expect(remote.map(\.distance.bitPattern) == local.map(\.distance.bitPattern), "\(what): distances")
        #expect(remote.map(\.place) == local.map(\.place), "\(what): places")
    }

    @Test func everyCategoryComesBackAsTheLocalServiceGivesIt() async throws {
        let local = self.local
        try await withServer { remote in
            for category in PlaceCategory.allCases {
                let query = PlaceQuery(center: Self.casinoGardens, radius: 5000, categories: [category])
                Self.expectSame(try await remote.fetchPlaces(query), try await local.fetchPlaces(query), category.rawValue)
            }
        }
    }

    /// All places within 1500 m: 778 (geographiclib agrees), 39 pages of twenty, none lost or repeated.
    @Test func pagesThroughMoreThanTwentyResults() async throws {
        let local = self.local
        try await withServer { remote in
            let query = PlaceQuery(center: Self.casinoGardens)
            let expected = try await local.fetchPlaces(query)
            #expect(expected.count == 778)
            let hits = try await remote.fetchPlaces(query)
            Self.expectSame(hits, expected, "all within 1500 m")
            #expect(Set(hits.map(\.place.id)).count == hits.count)
            // A limit across a page boundary, and one inside the first page.
            for limit in [1, 20, 21, 45] {
                let limited = PlaceQuery(center: Self.casinoGardens, limit: limit)
                Self.expectSame(try await remote.fetchPlaces(limited), try await local.fetchPlaces(limited), "limit \(limit)")
            }
        }
    }

    /// Several kinds, kinds left out, words, and a far position: the filters
    /// mean the same on both sides.
    @Test func filtersMeanTheSame() async throws {
        let local = self.local
        try await withServer { remote in
            let queries = [
                PlaceQuery(center: Self.casinoGardens, categories: [.cafe, .bar, .restaurant], limit: 30),
                PlaceQuery(center: Self.casinoGardens, radius: 800, excludedCategories: [.restaurant, .hotel]),
                PlaceQuery(center: Self.casinoGardens, radius: 3000, categories: [.restaurant], keyword: "pizza"),
                PlaceQuery(center: Self.casinoGardens, keyword: "café de"),
                PlaceQuery(center: Self.casinoGardens, radius: 20_037_508, categories: [.bank]),
                PlaceQuery(center: try Coordinate(latitude: -33.8568, longitude: 151.2153), radius: 1000),
                PlaceQuery(center: try Coordinate(latitude: 43.7300001, longitude: 7.4200000000001), radius: 0.5),
            ]
            for query in queries {
                Self.expectSame(try await remote.fetchPlaces(query), try await local.fetchPlaces(query), "\(query)")
            }
        }
    }

    @Test func everyPlaceInDetail() async throws {
        let local = self.local
        try await withServer { remote in
            let everything = try await local.fetchPlaces(PlaceQuery(center: Self.casinoGardens, radius: PlaceQuery.maximumRadius))
            #expect(everything.count > 200)
            for hit in everything {
                #expect(try await remote.fetchPlace(id: hit.place.id) == hit.place)
            }
            let cafe = try await remote.fetchPlace(id: "n4316767531")
            #expect(cafe.name == "Café de Paris")
        }
    }

    @Test func anUnknownPlaceIsNamed() async throws {
        try await withServer { remote in
            do throws(NearbyAPIError) {
                _ = try await remote.fetchPlace(id: "n42")
                Issue.record("n42 is not in the Monaco data")
            } catch {
                #expect(error == .unknownPlace("n42"))
                #expect(error.localizedDescription == "no place with id n42 in the dataset")
            }
        }
    }

    /// What the data is, as the served service says it: the same values,
    /// the load time to the second (the server writes whole-second ISO 8601).
    /// Reverse geocoding through the Geocoding API: the address and where
    /// each part came from, as the served store resolves them, at 100
    /// seeded positions in and around Monaco, in two languages.
    @Test func addressesComeBackAsTheStoreResolvesThem() async throws {
        let store = Self.places.deletingLastPathComponent().appendingPathComponent("places.gpkg")
        let served = LocalPlaceService(dataURL: store, open: PlacesFile.readIntoMemory)
        try await withServer(served: served) { remote in
            var random = SeededGenerator(seed: 2028)
            var known = 0
            for index in 0..<100 {
                let position = try Coordinate(
                    latitude: Double.random(in: 43.70...43.78, using: &random), longitude: Double.random(in: 7.37...7.48, using: &random))
                let language = index % 2 == 0 ? nil : "mk"
                let expected = try await served.address(at: position, language: language)
                #expect(try await remote.address(at: position, language: language) == expected, "\(position)")
                if expected != nil { known += 1 }
            }
            #expect(known > 50)
        }
    }

    @Test func datasetInfo() async throws {
        let served = LocalPlaceService(dataURL: Self.places)
        try await withServer(served: served) { remote in
            var remoteInfo = try await remote.datasetInfo()
            var servedInfo = try await served.datasetInfo()
            #expect(remoteInfo.placeCount == 803)
            #expect(remoteInfo.loadedAt.timeIntervalSinceReferenceDate == servedInfo.loadedAt.timeIntervalSinceReferenceDate.rounded(.down))
            remoteInfo.loadedAt = .distantPast
            servedInfo.loadedAt = .distantPast
            #expect(remoteInfo == servedInfo)
        }
    }
}
