import Foundation
import NearbyKit
import NearbyTestSupport
import Testing

/// Google's own client libraries against `nearby serve`, as a new user
/// would point them at it (Tests/GoogleClients; scripts/setup installs
/// them from PyPI). One at a time, and waiting without holding a thread:
/// a client script runs for seconds, and the suite's in-process servers
/// need Swift's few threads meanwhile.
@Suite(.serialized)
struct GoogleClientTests {
    @Test func theLegacyPythonClientReverseGeocodes() async throws {
        try await run("reverse_geocode.py", saying: "as Google's Geocoding API")
    }

    @Test func theLegacyPythonClientGeocodes() async throws {
        try await run("geocode.py", saying: "as Google's Geocoding API, forward")
    }

    @Test func theLegacyPythonClientSearchesPagesDetailsAndMaps() async throws {
        try await run("places_legacy.py", saying: "as Google's Places API, 778 places in 39 pages")
    }

    @Test func theLegacyPythonClientSearchesText() async throws {
        try await run("places_text.py", saying: "as Google's Places Text Search")
    }

    @Test func theLegacyPythonClientFindsPlaces() async throws {
        try await run("find_place.py", saying: "as Google's Places Find Place")
    }

    @Test func theLegacyPythonClientAutocompletes() async throws {
        try await run("places_autocomplete.py", saying: "as Google's Place Autocomplete")
    }

    /// On Monaco and a museum whose OSM tags name an image and a Commons file (Monaco's name none).
    @Test func theLegacyPythonClientFetchesPhotos() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var dataset = try PlacesDataset.load(from: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"))
        dataset.places.append(
            Place(
                id: "n99", name: "Musée", category: .museum, coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246),
                imageURL: "https://example.org/musee.jpg", tags: ["wikimedia_commons": "File:Musée de Monaco.jpg"]))
        let file = folder.appendingPathComponent("places.geojson")
        try dataset.encoded().write(to: file, options: .atomic)
        try await run("places_photo.py", saying: "as Google's Place Photos", data: file.path)
    }

    @Test func thePlacesAPINewPythonClientSearchesAndReadsDetails() async throws {
        try await run("places_new.py", saying: "as Google's Places API (New)")
    }

    /// Runs one script of Tests/GoogleClients against a fresh server; it
    /// prints what failed, or one line ending in `saying` when all held.
    private func run(_ script: String, saying: String, data: String = ServiceEquivalenceTests.store) async throws {
        let server = try RunningNearby(["serve", "--port", "0", "--data", data])
        defer { server.stop() }
        var port: Int?
        try await server.pollUntil(seconds: 60) {
            port = ServeCommandTests.listeningPort(in: server.stderr)
            return port != nil || !server.isRunning
        }
        let url = "http://127.0.0.1:\(try #require(port, "serve did not say where it listens: \(server.stderr)"))"
        let path = NearbyBinary.repository.appendingPathComponent("Tests/GoogleClients/\(script)").path
        let run = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", path, url]).finished()
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("reads \(url) \(saying)"), "\(run.stdout)\(run.stderr)")
    }
}
