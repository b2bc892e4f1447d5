import Foundation
import NearbyServer
import NearbyService
import Testing

/// The data is loaded before the server listens: a missing or broken file
/// stops `serve` with the service's error (the CLI exits 66 or 65).
struct StartupTests {
    @Test func aMissingFileStopsTheServerBeforeItListens() async throws {
        let configuration = NearbyServer.ServerConfiguration(
            port: 0, service: LocalPlaceService(dataURL: URL(fileURLWithPath: "/nonexistent/places.geojson")),
            reloadSignals: [], shutdownSignals: [])
        await #expect(throws: ServerError.self) {
            try await runServer(configuration) { _ in Issue.record("a server without data must not listen") }
        }
        do {
            _ = try await buildApplication(configuration)
            Issue.record("built an application without data")
        } catch {
            #expect(error == .dataMissing(path: "/nonexistent/places.geojson"))
        }
    }

    @Test func aBrokenFileStopsTheServerBeforeItListens() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.url.appendingPathComponent("places.geojson")
        try Data("{broken".utf8).write(to: file)
        let configuration = NearbyServer.ServerConfiguration(
            port: 0, service: LocalPlaceService(dataURL: file), reloadSignals: [], shutdownSignals: [])
        do {
            try await runServer(configuration) { _ in Issue.record("a server without data must not listen") }
            Issue.record("ran a server on broken data")
        } catch {
            guard case .data(.invalidData(let path, _, _)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == file.path)
        }
    }
}
