import Foundation
import NearbyTestSupport
import Testing

/// `--store postgresql://…` end to end, against the server at
/// `$NEARBY_TEST_POSTGRES_URL` (scripts/test starts one with
/// scripts/postgres): an import into it, `list` and `show` (and its map)
/// from it byte for byte as from the file, and two `serve` processes on it
/// answering alike.
/// Skipped without a server, except in CI (`$CI` set), where it fails.
@Suite(
    .serialized,
    .enabled(
        if: PostGISTestServer.baseURL != nil || PostGISTestServer.inCI,
        "no PostgreSQL: run `export NEARBY_TEST_POSTGRES_URL=$(scripts/postgres start)` first (or scripts/test, which does)"))
struct PostGISStoreCommandTests {

    /// A schema of this run's own, so that parallel runs on one cluster do not meet.
    static func storeURL() throws -> String {
        guard let baseURL = PostGISTestServer.baseURL else {
            Issue.record("NEARBY_TEST_POSTGRES_URL is not set in CI: the PostGIS tests must run")
            throw CancellationError()
        }
        return baseURL + (baseURL.contains("?") ? "&" : "?") + "schema=nearby_cli_\(UInt32.random(in: 0...UInt32.max))"
    }

    @Test func importListAndServeFromTheStore() throws {
        let store = try Self.storeURL()
        let imported = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--to", store, "--timezone", "Europe/Monaco"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("loaded 803 places into"))

        for arguments in [
            ["list", "--lat", "43.7384", "--lon", "7.4246"],
            ["list", "--lat", "43.7384", "--lon", "7.4246", "--category", "cafe", "--json"],
            [
                "list", "--lat", "43.7384", "--lon", "7.4246", "--radius", "20037508", "--category", "bar", "--category", "atm", "--limit",
                "7",
            ],
            ["show", "n4316767531", "--lat", "43.7384", "--lon", "7.4246"],
        ] {
            let fromStore = try NearbyBinary.run(arguments + ["--store", store])
            let fromFile = try NearbyBinary.run(arguments + ["--data", "Data/places.gpkg"])
            #expect(fromStore.status == 0, "\(fromStore.stderr)")
            #expect(fromStore.stdout == fromFile.stdout, "\(arguments)")
            #expect(!fromStore.stdout.isEmpty)
        }
        // A map over a tile folder that lacks its tiles draws them from the extract the store keeps, as
        // from a file's: the same bytes (before, a database store's map was plain land).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-store-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tiles"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var maps: [Data?] = []
        for source in [["--store", store], ["--data", "Data/places.gpkg"]] {
            let png = folder.appendingPathComponent("map-\(maps.count).png")
            let drawn = try NearbyBinary.run(
                ["show", "n4316767531", "--tiles", folder.appendingPathComponent("tiles").path, "--png", png.path] + source)
            #expect(drawn.status == 0 && !drawn.stderr.contains("plain land"), "\(source): \(drawn.stderr)")
            maps.append(FileManager.default.contents(atPath: png.path))
        }
        #expect(maps[0] != nil && maps[0] == maps[1])

        let (first, firstPort) = try ServeCommandTests.serve(["--store", store])
        defer { first.stop() }
        let (second, secondPort) = try ServeCommandTests.serve(["--store", store])
        defer { second.stop() }
        for path in [
            "/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=1500&type=cafe",
            "/maps/api/place/nearbysearch/json?location=43.7384,7.4246&rankby=distance&keyword=bar",
            "/maps/api/place/details/json?place_id=n4316767531",
            "/api/dataset",
        ] {
            let a = try ServeCommandTests.get(firstPort, path), b = try ServeCommandTests.get(secondPort, path)
            #expect(a.status == 200, "\(path): \(a.body)")
            #expect(a.body == b.body, "\(path)")
        }
        let cafes = try ServeCommandTests.get(firstPort, "/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=1500&type=cafe")
        let results = try NearbyBinary.json(cafes.body)["results"] as? [[String: Any]] ?? []
        #expect(results.prefix(3).compactMap { $0["place_id"] as? String } == ["n3087468543", "n3087468610", "n4316767531"])
        first.send(SIGTERM)
        second.send(SIGTERM)
        #expect(first.waitForExit(seconds: 30) == 0)
        #expect(second.waitForExit(seconds: 30) == 0)
    }

    @Test func storeErrorsAreOneLineWithTheirCode() async throws {
        // Usage: a malformed URL, and two sources at once.
        let malformed = try NearbyBinary.run(["list", "--lat", "43.7", "--lon", "7.4", "--store", "postgresql://nopassword:s3cret@host"])
        #expect(malformed.status == 64)
        #expect(!malformed.stderr.contains("s3cret"))
        let both = try NearbyBinary.run([
            "list", "--lat", "43.7", "--lon", "7.4", "--store", "postgresql://a@b/c", "--data", "Data/places.geojson",
        ])
        #expect(both.status == 64)

        // Unavailable: nothing listens on the port.
        let store = try Self.storeURL()
        try await LoopbackPort.refusing { port in
            let unreachable = "postgresql://nearby@127.0.0.1:\(port)/nearby"
            let refused = try NearbyBinary.run(["list", "--lat", "43.7", "--lon", "7.4", "--store", unreachable])
            #expect(refused.status == 69)
            #expect(refused.stderr == "nearby: the store at \(unreachable) refused the connection\n")
            let importRefused = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--to", unreachable])
            #expect(importRefused.status == 69)
        }

        // Nothing imported into this schema yet.
        let empty = try NearbyBinary.run(["list", "--lat", "43.7", "--lon", "7.4", "--store", store])
        #expect(empty.status == 66)
        #expect(empty.stderr.split(separator: "\n").count == 1)
    }

}

/// What needs no PostgreSQL: a database that never answers.
struct PostGISConnectTimeoutTests {
    @Test func aStoreThatNeverAnswersTimesOutAsItsURLSays() throws {
        let silent = try LoopbackPort.Unanswering()
        let url = "postgresql://nearby@127.0.0.1:\(silent.port)/nearby?connect_timeout=1"
        let run = try withExtendedLifetime(silent) {
            try NearbyBinary.run(["list", "--lat", "43.7", "--lon", "7.4", "--store", url])
        }
        #expect(run.status == 69)
        #expect(run.stderr == "nearby: the store at \(url) did not answer within 1 s\n")
    }
}

enum PostGISTestServer {
    static let baseURL = ProcessInfo.processInfo.environment["NEARBY_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let inCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
}
