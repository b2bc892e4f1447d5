import Foundation
import NearbyKit
import NearbyService
import Testing

struct LocalPlaceServiceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let places = root.appendingPathComponent("Data/places.geojson")
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    static func result<T>(_ call: () async throws(NearbyAPIError) -> T) async -> Result<T, NearbyAPIError> {
        do { return .success(try await call()) } catch { return .failure(error) }
    }

    @Test func fetchesNearestFirstWithTheDistanceItMeasured() async throws {
        let service = LocalPlaceService(dataURL: Self.places)
        let cafes = try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, categories: [.cafe], limit: 3))
        #expect(cafes.map(\.place.id) == ["n3087468543", "n3087468610", "n4316767531"])
        for hit in cafes {
            #expect(hit.distance == Geodesic.distance(from: Self.casinoGardens, to: hit.place.coordinate))
        }
        #expect(cafes.map(\.distance) == cafes.map(\.distance).sorted())
    }

    @Test func fetchesOnePlace() async throws {
        let service = LocalPlaceService(dataURL: Self.places)
        #expect(try await service.fetchPlace(id: "n4316767531").name == "Café de Paris")
        #expect(
            await Self.result { () async throws(NearbyAPIError) in try await service.fetchPlace(id: "n42") }.failure == .unknownPlace("n42")
        )
    }

    @Test func describesItsDataset() async throws {
        let info = try await LocalPlaceService(dataURL: Self.places).datasetInfo()
        #expect(info.attribution == "© OpenStreetMap contributors")
        #expect(info.timeZone == "Europe/Monaco")
        #expect(info.source == "monaco.osm.pbf")
        #expect(info.placeCount == 803)
        #expect(info.categoryCounts["cafe"] == 18)
    }

    @Test(arguments: [0, -.infinity, .nan, 1e19, PlaceQuery.maximumRadius.nextUp])
    func rejectsARadiusNoPlaceOnEarthHas(radius: Double) async {
        let service = LocalPlaceService(dataURL: Self.places)
        let result = await Self.result { () async throws(NearbyAPIError) in
            try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, radius: radius))
        }
        guard case .invalidRadius = result.failure else {
            Issue.record("radius \(radius) must be refused")
            return
        }
    }

    @Test func rejectsALimitBelowOne() async {
        let service = LocalPlaceService(dataURL: Self.places)
        let result = await Self.result { () async throws(NearbyAPIError) in
            try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, limit: 0))
        }
        #expect(result.failure == .invalidLimit(0))
    }

    @Test func filtersByExcludedKindAndKeyword() async throws {
        let service = LocalPlaceService(dataURL: Self.places)
        let all = try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, categories: [.cafe, .bar]))
        let noBars = try await service.fetchPlaces(
            PlaceQuery(center: Self.casinoGardens, categories: [.cafe, .bar], excludedCategories: [.bar]))
        #expect(!noBars.isEmpty && noBars.count < all.count)
        #expect(noBars.allSatisfy { !$0.place.categories.contains(.bar) })
        let paris = try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, keyword: "cafe de PARIS"))
        #expect(paris.map(\.place.id).contains("n4316767531"))
        #expect(paris.allSatisfy { $0.place.name.localizedCaseInsensitiveContains("paris") })
    }

    @Test func aMissingFileFailsWithItsPath() async {
        let service = LocalPlaceService(dataURL: URL(fileURLWithPath: "/nonexistent/places.geojson"))
        let result = await Self.result { () async throws(NearbyAPIError) in try await service.fetchPlace(id: "n1") }
        #expect(result.failure == .dataMissing(path: "/nonexistent/places.geojson"))
    }

    /// The file is read once and again only on reload: a changed file is
    /// served after a reload; a broken one fails that reload and the last
    /// good data goes on serving.
    @Test func reloadsOnRequestAndKeepsTheLastGoodData() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-service-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("places.geojson")
        let original = try PlacesDataset.load(from: Self.places)
        try original.encoded().write(to: file)
        let service = LocalPlaceService(dataURL: file)
        let missing = await Self.result { () async throws(NearbyAPIError) in try await service.fetchPlace(id: "n99") }
        #expect(missing.failure == .unknownPlace("n99"))

        var grown = original
        grown.places.append(Place(id: "n99", name: "Nouveau Café", category: .cafe, coordinate: Self.casinoGardens))
        try grown.encoded().write(to: file)
        let beforeReload = await Self.result { () async throws(NearbyAPIError) in try await service.fetchPlace(id: "n99") }
        #expect(beforeReload.failure == .unknownPlace("n99"))
        #expect(try await service.reload().placeCount == 804)
        #expect(try await service.fetchPlace(id: "n99").name == "Nouveau Café")

        try Data("{broken".utf8).write(to: file)
        let broken = await Self.result { () async throws(NearbyAPIError) in try await service.reload() }
        guard case .invalidData = broken.failure else {
            Issue.record("a broken file must fail the reload")
            return
        }
        #expect(try await service.fetchPlace(id: "n99").name == "Nouveau Café")
        #expect(try await service.datasetInfo().placeCount == 804)
    }

    /// What `nearby feed` uses: every fetch reads the file as it is now.
    @Test func theReloadingServiceReadsTheFileOnEveryFetch() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-service-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("places.geojson")
        var dataset = try PlacesDataset.load(from: Self.places)
        try dataset.encoded().write(to: file)
        let service = ReloadingPlaceService(LocalPlaceService(dataURL: file))
        #expect(try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, categories: [.cafe])).count == 18)
        // The same size and the same mtime: only re-reading can tell.
        let stamp = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as! Date
        let renamed = dataset.places.firstIndex { $0.id == "n4316767531" }!
        dataset.places[renamed].name = "Café de Pariz"
        try dataset.encoded().write(to: file)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: file.path)
        #expect(try await service.fetchPlace(id: "n4316767531").name == "Café de Pariz")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
