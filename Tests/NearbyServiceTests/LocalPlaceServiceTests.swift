import Foundation
import NearbyKit
import NearbyService
import Testing

struct LocalPlaceServiceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let places = root.appendingPathComponent("Data/places.geojson")
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    /// Publishers from the local service finish synchronously on subscription.
    static func result<T>(_ publisher: AnyPublisher<T, NearbyAPIError>) -> Result<T, NearbyAPIError>? {
        var result: Result<T, NearbyAPIError>?
        _ = publisher.sink(receiveCompletion: { if case .failure(let e) = $0 { result = .failure(e) } },
                           receiveValue: { result = .success($0) })
        return result
    }

    @Test func fetchesNearestFirst() throws {
        let service = LocalPlaceService(dataURL: Self.places)
        let cafes = try #require(Self.result(service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, categories: [.cafe], limit: 3))))
        #expect(try cafes.get().map(\.id) == ["n3087468543", "n3087468610", "n4316767531"])
    }

    @Test func fetchesOnePlace() throws {
        let service = LocalPlaceService(dataURL: Self.places)
        #expect(try Self.result(service.fetchPlace(id: "n4316767531"))?.get().name == "Café de Paris")
        #expect(Self.result(service.fetchPlace(id: "n42")) == .failure(.unknownPlace("n42")))
    }

    @Test func rejectsABadQuery() {
        let service = LocalPlaceService(dataURL: Self.places)
        #expect(Self.result(service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, radius: 0))) == .failure(.invalidRadius(0)))
        #expect(Self.result(service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, radius: -.infinity))) == .failure(.invalidRadius(-.infinity)))
        #expect(Self.result(service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, limit: 0))) == .failure(.invalidLimit(0)))
    }

    @Test func aMissingFileFailsWithItsPath() {
        let service = LocalPlaceService(dataURL: URL(fileURLWithPath: "/nonexistent/places.geojson"))
        #expect(Self.result(service.fetchPlace(id: "n1")) == .failure(.dataMissing(path: "/nonexistent/places.geojson")))
    }

    /// A changed file is reloaded on the next fetch; a broken one fails that
    /// fetch, and a repaired one serves again.
    @Test func reloadsWhenTheFileChanges() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-service-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("places.geojson")
        let original = try PlacesDataset.load(from: Self.places)
        try original.encoded().write(to: file)
        let service = LocalPlaceService(dataURL: file)
        #expect(Self.result(service.fetchPlace(id: "n99")) == .failure(.unknownPlace("n99")))

        var grown = original
        grown.places.append(Place(id: "n99", name: "Nouveau Café", category: .cafe, coordinate: Self.casinoGardens))
        try grown.encoded().write(to: file)
        #expect(try Self.result(service.fetchPlace(id: "n99"))?.get().name == "Nouveau Café")

        try Data("{broken".utf8).write(to: file)
        guard case .failure(.invalidData)? = Self.result(service.fetchPlace(id: "n99")) else {
            Issue.record("a broken file must fail the fetch")
            return
        }
        try grown.encoded().write(to: file)
        #expect(try Self.result(service.fetchPlace(id: "n99"))?.get().name == "Nouveau Café")
    }
}
