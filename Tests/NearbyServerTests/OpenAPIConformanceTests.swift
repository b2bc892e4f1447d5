import Foundation
import MapRender
import NearbyServer
import NearbyService
import NearbyTestSupport
import Testing

/// The running server checked against docs/openapi.yaml by
/// Tests/OpenAPI/conformance.py (openapi-spec-validator and jsonschema,
/// which scripts/setup installs): every documented route, parameter, status
/// and response schema, on the Monaco data; the maps' and tiles' 503 on a
/// second server whose drawing queue is full at once, and the places'
/// 503 on a third whose store cannot be read.
struct OpenAPIConformanceTests {
    static let script = Repository.root.appendingPathComponent("Tests/OpenAPI/conformance.py")
    static let document = Repository.root.appendingPathComponent("docs/openapi.yaml")

    @Test func theServerConformsToTheDocument() async throws {
        let server = try await RunningServer.start(data: Repository.store, tiles: Repository.tiles)
        // The maps' and tiles' 503: a server that draws one at a time, queues none, and holds no tile drawn.
        let scratch = try ScratchFolder()
        var busyConfiguration = NearbyServer.ServerConfiguration(
            service: LocalPlaceService(dataURL: Repository.places), tiles: TileFolder(directory: scratch.url),
            basemap: try #require(OnDemandBasemap(extract: Repository.extract)))
        busyConfiguration.drawingThreads = 1
        busyConfiguration.drawingQueue = 0
        let busy = try await RunningServer.start(busyConfiguration)
        // The store-outage 503: a store that answers as PostgreSQL stopped does.
        let outage = Outage()
        let unavailable = try await RunningServer.start(
            NearbyServer.ServerConfiguration(service: FailingService(base: LocalPlaceService(dataURL: Repository.places), failing: outage)))
        outage.started.withLock { $0 = true }
        let run = try await PythonRun(
            Self.script.path, "http://127.0.0.1:\(server.port)", "--spec", Self.document.path, "--busy", "http://127.0.0.1:\(busy.port)",
            "--unavailable", "http://127.0.0.1:\(unavailable.port)")
        try await server.stop()
        try await busy.stop()
        try await unavailable.stop()
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("conforms"), "\(run.output)")
    }

    /// The check can fail: the same server against a document that has
    /// drifted from it (a field renamed, a status code it never answers).
    @Test func aDriftedDocumentFails() async throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: "        distance_m:\n", with: "        distance_metres:\n")
        let extraStatus = text.replacingOccurrences(
            of: "        \"503\": {$ref: '#/components/responses/Unavailable'}\n  /maps/api/place/details/json:",
            with: "        \"503\": {$ref: '#/components/responses/Unavailable'}\n"
                + "        \"429\": {$ref: '#/components/responses/URITooLong'}\n  /maps/api/place/details/json:")
        #expect(renamed != text)
        #expect(extraStatus != text)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let server = try await RunningServer.start(data: Repository.store, tiles: Repository.tiles)
        var runs: [(name: String, complaint: String, run: PythonRun)] = []
        for (name, drifted, complaint) in [("renamed", renamed, "distance_m"), ("extra-status", extraStatus, "HTTP 429")] {
            let file = directory.appendingPathComponent("\(name).yaml")
            try drifted.write(to: file, atomically: true, encoding: .utf8)
            runs.append((name, complaint, try await PythonRun(Self.script.path, "http://127.0.0.1:\(server.port)", "--spec", file.path)))
        }
        try await server.stop()
        for (name, complaint, run) in runs {
            #expect(run.status == 1, "\(name): \(run.output)")
            #expect(run.output.contains(complaint), "\(name): \(run.output)")
        }
    }
}

/// A python3 script run to its end (ChildProcess), its stdout and stderr together.
struct PythonRun {
    let status: Int32
    let output: String

    init(_ arguments: String...) async throws {
        let run = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments).finished()
        status = run.status
        output = run.stdout + run.stderr
    }
}
