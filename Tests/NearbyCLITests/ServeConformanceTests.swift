import Foundation
import NearbyTestSupport
import Testing

/// `nearby serve` as a user starts it, checked against docs/openapi.yaml by
/// Tests/OpenAPI/conformance.py, then stopped with SIGTERM.
struct ServeConformanceTests {
    @Test func theServedAPIConformsToTheDocument() throws {
        let (server, port) = try ServeCommandTests.serve(["--data", "Data/places.gpkg", "--tiles", "Tiles"])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(port)"

        let script = NearbyBinary.repository.appendingPathComponent("Tests/OpenAPI/conformance.py")
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, url])
        let text = run.stdout + run.stderr
        #expect(run.status == 0, "\(text)")
        #expect(text.contains("conforms"), "\(text)")

        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0, "\(server.stderr)")
    }
}
