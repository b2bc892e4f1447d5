import Foundation
import NearbyTestSupport
import Testing

/// `nearby serve` as a user starts it, checked against docs/openapi.yaml by
/// Tests/OpenAPI/conformance.py, then stopped with SIGTERM.
struct ServeConformanceTests {
    @Test func theServedAPIConformsToTheDocument() throws {
        let server = try RunningNearby(["serve", "--port", "0", "--data", "Data/places.gpkg", "--tiles", "Tiles"])
        defer { server.stop() }
        let announced = server.waitUntil(seconds: 30) { server.stderr.contains("nearby: serving on http://") }
        try #require(announced, "serve did not say where it listens: \(server.stderr)")
        let line = try #require(server.stderr.split(separator: "\n").first { $0.contains("serving on http://") })
        let url = try #require(line.split(separator: " ").last.map(String.init))

        let script = NearbyBinary.repository.appendingPathComponent("Tests/OpenAPI/conformance.py")
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, url])
        let text = run.stdout + run.stderr
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("conforms"), "\(text)")

        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0, "\(server.stderr)")
    }
}
