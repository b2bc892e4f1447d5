import Foundation
import NearbyTestSupport
import Testing

/// `nearby serve` as a user runs it: it says where it listens, answers the
/// API, reloads on SIGHUP (keeping good data over a bad file), and stops
/// with status 0 on SIGTERM, removing its pidfile.
@Suite(.serialized)
struct ServeCommandTests {
    /// Starts `serve` on a free port and returns it with the port it chose.
    static func serve(_ arguments: [String], openFiles: Int? = nil) throws -> (RunningNearby, Int) {
        let server = try RunningNearby(["serve", "--port", "0"] + arguments, openFiles: openFiles)
        var port: Int?
        server.waitUntil(seconds: 60) {
            port = Self.listeningPort(in: server.stderr)
            return port != nil || !server.isRunning
        }
        guard let port else {
            Issue.record("serve did not say where it listens: \(server.stderr)")
            throw CancellationError()
        }
        return (server, port)
    }

    /// The port of the whole announcement line: stderr is read from a file
    /// as the child writes it, and a read can end inside the line (a port
    /// cut to its first digits once had a test connect to nothing).
    static func listeningPort(in stderr: String) -> Int? {
        guard let range = stderr.range(of: "nearby: serving on http://127.0.0.1:") else { return nil }
        let rest = stderr[range.upperBound...]
        let digits = rest.prefix { $0.isNumber }
        guard rest.dropFirst(digits.count).first == "\n" else { return nil }
        return Int(digits)
    }

    /// One GET over a fresh connection: the status and the body.
    static func get(_ port: Int, _ path: String) throws -> (status: Int, body: String) {
        let (status, body) = try getBytes(port, path)
        return (status, String(decoding: body, as: UTF8.self))
    }

    /// One GET over a fresh connection: the status and the body's bytes.
    static func getBytes(_ port: Int, _ path: String) throws -> (status: Int, body: [UInt8]) {
        let fd = try LoopbackPort.connect(port)
        defer { close(fd) }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        let status = Int(String(decoding: received.dropFirst("HTTP/1.1 ".count).prefix(3), as: UTF8.self)) ?? 0
        let end = Array("\r\n\r\n".utf8)
        let head = received.indices.first { received[$0...].starts(with: end) }
        return (status, head.map { Array(received[($0 + end.count)...]) } ?? [])
    }

    static func placeCount(_ port: Int) -> Int? {
        guard let (status, body) = try? get(port, "/api/dataset"), status == 200 else { return nil }
        return (try? NearbyBinary.json(body))?["place_count"] as? Int
    }

    @Test(arguments: ["https://app.example/path", "app.example", "ftp://files.example", "https://", "https://app.example?x=1"])
    func anOriginThatIsNotOneIsAUsageError(_ origin: String) throws {
        let run = try NearbyBinary.run(["serve", "--allow-origin", origin])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--allow-origin takes an origin"), "\(run.stderr)")
    }

    @Test func answersTheAPIAndStopsOnSIGTERM() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pidfile = scratch.appendingPathComponent("serve.pid").path
        let (server, port) = try Self.serve(["--pidfile", pidfile, "--verbose"])
        defer { server.stop() }

        let (status, body) = try Self.get(port, "/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=1500&type=cafe")
        #expect(status == 200)
        let results = try NearbyBinary.json(body)["results"] as? [[String: Any]] ?? []
        #expect(results.prefix(3).compactMap { $0["place_id"] as? String } == ["n3087468543", "n3087468610", "n4316767531"])
        #expect(try Self.get(port, "/healthz").status == 200)
        #expect(try Self.get(port, "/tiles/10/532/372.png").status == 200)
        let refused = try Self.get(port, "/maps/api/place/nearbysearch/json?location=nowhere")
        #expect(refused.status == 200 && refused.body.contains(#""status":"INVALID_REQUEST""#))
        #expect(FileManager.default.fileExists(atPath: pidfile))
        // --verbose logs each request.
        #expect(server.waitUntil(seconds: 10) { server.stderr.contains("/healthz") })

        // A second server on the same pidfile, or on the same port, says why in one sentence and never starts.
        let samePidfile = try NearbyBinary.run(["serve", "--port", "0", "--pidfile", pidfile])
        #expect(samePidfile.status == 75)
        #expect(
            samePidfile.stderr
                == "nearby: a server is already running as pid \(server.pid) (\(pidfile)); stop it, or give another --pidfile\n")
        let samePort = try NearbyBinary.run(["serve", "--port", String(port)])
        #expect(samePort.status == 69)
        #expect(
            samePort.stderr
                == "nearby: cannot listen on 127.0.0.1:\(port): the address is already in use (another server is listening there)\n")

        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0)
        #expect(!FileManager.default.fileExists(atPath: pidfile))
    }

    /// Without Leaflet where `--leaflet` says, the server says so as it
    /// starts and serves the pages with their static maps.
    @Test func aMissingLeafletIsSaidAtStartAndThePagesKeepTheirStaticMaps() throws {
        let (server, port) = try Self.serve(["--leaflet", "/nonexistent/leaflet"])
        defer { server.stop() }
        #expect(
            server.stderr.contains(
                "the pages' maps stay static (no moving map): images/layers-2x.png is not in /nonexistent/leaflet "
                    + "(Debian's libjs-leaflet puts Leaflet there; scripts/setup installs it)\n"),
            "\(server.stderr)")
        let page = try Self.get(port, "/places?category=cafe&lat=43.7384&lon=7.4246")
        #expect(page.status == 200 && page.body.contains("<input class=\"map\" type=\"image\"") && !page.body.contains("/leaflet/"))
        #expect(try Self.get(port, "/leaflet/leaflet.min.js").status == 404)
    }

    /// An IPv6 address is written as a URL writes it, in brackets.
    @Test func anIPv6HostIsAnnouncedInBrackets() throws {
        let server = try RunningNearby(["serve", "--host", "::1", "--port", "0"])
        defer { server.stop() }
        #expect(
            server.waitUntil(seconds: 60) { server.stderr.contains("nearby: serving on http://[::1]:") || !server.isRunning },
            "\(server.stderr)")
        #expect(server.isRunning)
    }

    @Test func reloadsOnSIGHUPAndKeepsGoodDataOverABadFile() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent("places.geojson")
        let original = try Data(contentsOf: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"))
        try original.write(to: data, options: .atomic)
        let (server, port) = try Self.serve(["--data", data.path])
        defer { server.stop() }
        #expect(Self.placeCount(port) == 803)

        // The same data less its last feature.
        var json = try NearbyBinary.json(String(decoding: original, as: UTF8.self))
        json["features"] = Array((json["features"] as? [Any] ?? []).dropLast())
        try JSONSerialization.data(withJSONObject: json).write(to: data, options: .atomic)
        server.send(SIGHUP)
        #expect(server.waitUntil(seconds: 30) { Self.placeCount(port) == 802 })

        try Data("{broken".utf8).write(to: data, options: .atomic)
        server.send(SIGHUP)
        #expect(server.waitUntil(seconds: 30) { server.stderr.contains("still serving the previous data") })
        #expect(Self.placeCount(port) == 802)
        #expect(server.isRunning)

        server.send(SIGINT)
        #expect(server.waitForExit(seconds: 30) == 0)
    }

    /// A store file is outside input. One whose places is a recursive view froze
    /// the server on SIGHUP (SQLite's sorter filling the disk, SIGTERM unheeded);
    /// one holding a 2 MB name was read into memory whole. Both are refused at
    /// once, the server goes on answering from the old data, and stops on SIGTERM.
    @Test func aHostileStoreIsRefusedOnReloadAndTheServerGoesOn() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = scratch.appendingPathComponent("places.gpkg")
        try FileManager.default.copyItem(at: NearbyBinary.repository.appendingPathComponent("Data/places.gpkg"), to: store)
        let (server, port) = try Self.serve(["--data", store.path])
        defer { server.stop() }
        #expect(Self.placeCount(port) == 803)

        let columns =
            "fid, geom, id, name, category, other_categories, address, opening_hours, phone, website, cuisine, image, timezone, tags"
        let hostile: [(sql: String, says: String)] = [
            (
                "ALTER TABLE places RENAME TO stored; CREATE VIEW places(\(columns)) AS "
                    + "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
                    + "SELECT x, NULL, 'n' || x, 'loop', 'cafe', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL "
                    + "FROM n ORDER BY random();",
                "its places is a view, not a table"
            ),
            // (GeoPackage's R*Tree triggers call SpatiaLite's functions, which the sqlite3 tool lacks.)
            (
                (1...4).map { "DROP TRIGGER rtree_places_geom_update\($0);" }.joined()
                    + "UPDATE places SET name = printf('%.*c', 2000000, 'x') WHERE fid = (SELECT min(fid) FROM places);",
                "it holds a value longer than 1 MiB, which no place has"
            ),
        ]
        for (number, (sql, says)) in hostile.enumerated() {
            let file = scratch.appendingPathComponent("hostile-\(number).gpkg")
            try FileManager.default.copyItem(at: NearbyBinary.repository.appendingPathComponent("Data/places.gpkg"), to: file)
            // As another import's: a store of the revision the server holds is the same store, and a reload keeps what
            // it has without reading it (GeoPackagePlaces.bringingForward).
            let revision = "UPDATE nearby_dataset SET value = 'hostile-\(number)' WHERE key = 'revision';"
            let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", file.path, revision + sql])
            try #require(made.status == 0, "\(made.stderr)")
            let listed = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--data", file.path, "--radius", "20000"])
            #expect(listed.status == 65, "\(listed.stderr)")
            #expect(listed.stderr.contains(says), "\(listed.stderr)")

            try #require(rename(file.path, store.path) == 0)
            let failures = server.stderr.components(separatedBy: "still serving the previous data").count
            server.send(SIGHUP)
            #expect(
                server.waitUntil(seconds: 60) { server.stderr.components(separatedBy: "still serving the previous data").count > failures },
                "\(server.stderr)")
            #expect(server.stderr.contains(says), "\(server.stderr)")
            #expect(try Self.get(port, "/healthz").status == 200)
            #expect(Self.placeCount(port) == 803)
        }
        server.send(SIGTERM)
        #expect(server.waitForExit(seconds: 30) == 0, "\(server.stderr)")
    }

    /// The embedded store: `nearby import` renames a new GeoPackage over the one
    /// served; SIGHUP loads it; a store that is no nearby store keeps the old one.
    @Test func reloadsAnImportedGeoPackageOnSIGHUP() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = scratch.appendingPathComponent("places.gpkg")
        let fewer = scratch.appendingPathComponent("fewer.geojson")
        var json = try NearbyBinary.json(
            String(decoding: try Data(contentsOf: NearbyBinary.repository.appendingPathComponent("Data/places.geojson")), as: UTF8.self))
        json["features"] = Array((json["features"] as? [Any] ?? []).prefix(200))
        try JSONSerialization.data(withJSONObject: json).write(to: fewer)
        #expect(try NearbyBinary.run(["export", "--data", "Data/places.geojson", "--format", "gpkg", "--out", store.path]).status == 0)
        let (server, port) = try Self.serve(["--data", store.path])
        defer { server.stop() }
        #expect(Self.placeCount(port) == 803)

        #expect(try NearbyBinary.run(["export", "--data", fewer.path, "--format", "gpkg", "--out", store.path]).status == 0)
        #expect(Self.placeCount(port) == 803)  // not before it is told
        server.send(SIGHUP)
        #expect(server.waitUntil(seconds: 30) { Self.placeCount(port) == 200 })

        try Data("SQLite format 3\u{0}".utf8 + Data(count: 100)).write(to: store, options: .atomic)
        server.send(SIGHUP)
        #expect(server.waitUntil(seconds: 30) { server.stderr.contains("still serving the previous data") })
        #expect(Self.placeCount(port) == 200)
        server.send(SIGINT)
        #expect(server.waitForExit(seconds: 30) == 0)
    }

    @Test func missingOrBrokenDataStopsItAtStart() throws {
        let missing = try NearbyBinary.run(["serve", "--port", "0", "--data", "/nonexistent/places.geojson"])
        #expect(missing.status == 66)
        #expect(missing.stderr.split(separator: "\n").count == 1)

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("{broken".utf8).write(to: scratch)
        let broken = try NearbyBinary.run(["serve", "--port", "0", "--data", scratch.path])
        #expect(broken.status == 65)
        #expect(broken.stderr.split(separator: "\n").count == 1)
    }
}
