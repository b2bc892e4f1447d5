import Foundation
import NearbyTestSupport
import Testing

/// `nearby serve` as a user starts it, checked against docs/openapi.yaml by
/// Tests/OpenAPI/conformance.py (with a second server whose drawing queue is
/// full at once, for the maps' and tiles' 503), then stopped with SIGTERM.
struct ServeConformanceTests {
    @Test func theServedAPIConformsToTheDocument() throws {
        let (server, port) = try ServeCommandTests.serve(["--data", "Data/places.gpkg", "--tiles", "Tiles"])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(port)"
        // The maps' and tiles' 503: a server that draws one at a time, queues none, and holds no tile drawn.
        let tiles = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-busy-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tiles, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tiles) }
        let (busy, busyPort) = try ServeCommandTests.serve([
            "--data", "Data/places.gpkg", "--tiles", tiles.path, "--drawing-threads", "1", "--drawing-queue", "0",
        ])
        defer { busy.stop() }

        let script = NearbyBinary.repository.appendingPathComponent("Tests/OpenAPI/conformance.py")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, url, "--busy", "http://127.0.0.1:\(busyPort)"])
        let text = run.stdout + run.stderr
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("conforms"), "\(text)")

        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0, "\(server.stderr)")
    }
}
