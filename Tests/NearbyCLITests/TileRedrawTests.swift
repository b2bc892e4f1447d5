import Foundation
import MapRender
import NearbyTestSupport
import Testing

/// Tiles follow an update: `nearby tiles render --since A` and `nearby update
/// --tiles` redraw only the tiles that changed from extract A to B
/// (`Tools/make-changed-extract`: places added, renamed, moved; a building's
/// nodes moved; a street renamed), and the tile set, folder or MBTiles, is
/// then byte for byte a whole rendering of B.
final class TileRedrawTests {
    static let extract = NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf")
    static let zooms = "14-16"
    let folder: URL
    let newer: URL
    let changes: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-redraw-\(UUID().uuidString)")
        newer = folder.appendingPathComponent("b.osm.pbf")
        changes = folder.appendingPathComponent("d.osc.gz")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try ChildProcess.run(
            NearbyBinary.repository.appendingPathComponent("Tools/make-changed-extract"),
            [Self.extract.path, newer.path, "--changes", changes.path])
        try #require(made.status == 0, "\(made.stderr)")
    }

    /// A whole rendering of B: what every redraw must equal.
    func renderingOfB() throws -> [String: Data] {
        let out = folder.appendingPathComponent("b-tiles")
        try succeed(["tiles", "render", "--from", newer.path, "--zoom", Self.zooms, "--out", out.path])
        return try tiles(under: out)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    func succeed(_ arguments: [String]) throws -> NearbyBinary.Run {
        let run = try NearbyBinary.run(arguments)
        try #require(run.status == 0, "nearby \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    /// The tiles under a folder, by `z/x/y.png`.
    func tiles(under folder: URL) throws -> [String: Data] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }
        return try Dictionary(uniqueKeysWithValues: paths.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    /// "Redrew N of M tiles": N and M.
    func counts(_ text: String) throws -> (redrawn: Int, total: Int) {
        let match = try #require(text.firstMatch(of: /[Rr]edrew (\d+) of (\d+) tiles/), "\(text)")
        return (Int(match.1)!, Int(match.2)!)
    }

    /// A server drawing the tiles its set lacks draws them, once the store is
    /// updated and reloaded, from the store's extract brought forward, not
    /// from the extract it was imported from (which lies beside it still).
    @Test func aServerDrawsMissingTilesFromTheUpdatedStore() throws {
        let store = folder.appendingPathComponent("places.gpkg")
        try succeed(["import", Self.extract.path, "--out", store.path])
        try FileManager.default.copyItem(at: Self.extract, to: folder.appendingPathComponent(Self.extract.lastPathComponent))
        try drawsMissingTilesFromTheUpdatedStore(["--data", store.path])
    }

    /// `serve` on `store` (its option and value) draws a tile its set lacks
    /// from A, and after `nearby update` and SIGHUP from B.
    func drawsMissingTilesFromTheUpdatedStore(_ store: [String]) throws {
        let (changed, before, after) = try changedTile()
        let empty = try emptyFolder()

        let (server, port) = try ServeCommandTests.serve(store + ["--tiles", empty.path])
        defer { server.stop() }
        let path = "/tiles/\(changed)"
        // The server's PNGs are deflated for speed, the tile set's for size: the pixels are what must agree.
        let (fromA, fromB) = (try Self.pixels(before[changed]), try Self.pixels(after[changed]))
        let first = try ServeCommandTests.getBytes(port, path)
        #expect(first.status == 200)
        let drawnFromA = try Self.pixels(Data(first.body)) == fromA
        #expect(drawnFromA, "\(changed) drawn from A")
        try succeed(["update"] + store + [changes.path])
        server.send(SIGHUP)
        #expect(
            server.waitUntil(seconds: 60) {
                (try? Self.pixels(Data(ServeCommandTests.getBytes(port, path).body))) == fromB
            },
            "\(changed) drawn from B after the update and the reload: \(server.stderr)")
    }

    /// `--png` draws the tiles its set lacks from the extract the GeoPackage
    /// keeps, which the update brought forward: the map of the updated store
    /// is that of B's places with B beside them (a GeoJSON, which keeps no
    /// extract), not that of A.
    @Test func aMapOfAnUpdatedStoreDrawsItsMissingTilesFromB() throws {
        let (changed, _, _) = try changedTile()
        let store = folder.appendingPathComponent("places.gpkg")
        try succeed(["import", Self.extract.path, "--out", store.path])
        try FileManager.default.copyItem(at: Self.extract, to: folder.appendingPathComponent(Self.extract.lastPathComponent))
        let reference = folder.appendingPathComponent("reference")
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: newer, to: reference.appendingPathComponent(newer.lastPathComponent))
        try succeed(["import", newer.path, "--out", reference.appendingPathComponent("places.geojson").path])
        // The middle of the tile that changed, and a map close around it.
        let parts = changed.dropLast(".png".count).split(separator: "/").compactMap { Double($0) }
        let (z, x, y) = (parts[0], parts[1], parts[2])
        let longitude = (x + 0.5) / pow(2, z) * 360 - 180
        let latitude = atan(sinh(Double.pi * (1 - 2 * (y + 0.5) / pow(2, z)))) * 180 / Double.pi
        let empty = try emptyFolder()
        func map(_ data: URL, _ name: String) throws -> [UInt8] {
            let png = folder.appendingPathComponent(name)
            try succeed([
                "list", "--data", data.path, "--lat", String(latitude), "--lon", String(longitude), "--radius", "100",
                "--tiles", empty.path, "--png", png.path,
            ])
            return try Self.pixels(Data(contentsOf: png))
        }
        let beforeUpdate = try map(store, "a.png")
        try succeed(["update", "--data", store.path, changes.path])
        let updated = try map(store, "updated.png")
        // Compared here, not in #expect, which would print a million numbers on a failure.
        let (asB, asA) = (updated == (try map(reference.appendingPathComponent("places.geojson"), "b.png")), updated == beforeUpdate)
        #expect(asB, "the map of the updated store is not that of B")
        #expect(!asA, "the map of the updated store is that of A")
    }

    /// A tile at zoom 16 that B draws differently from A: its `z/x/y.png`, and each rendering's bytes of it.
    func changedTile() throws -> (String, before: [String: Data], after: [String: Data]) {
        let (a, b) = (folder.appendingPathComponent("a16"), folder.appendingPathComponent("b16"))
        try succeed(["tiles", "render", "--from", Self.extract.path, "--zoom", "16", "--out", a.path])
        try succeed(["tiles", "render", "--from", newer.path, "--zoom", "16", "--out", b.path])
        let (before, after) = (try tiles(under: a), try tiles(under: b))
        let changed = try #require(after.keys.sorted().first { before[$0] != after[$0] }, "no tile at zoom 16 differs from A to B")
        return (changed, before, after)
    }

    /// A tile set that holds nothing: every tile is drawn on demand.
    func emptyFolder() throws -> URL {
        let empty = folder.appendingPathComponent("no-tiles")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        return empty
    }

    /// A PNG's pixels, row by row.
    static func pixels(_ png: Data?) throws -> [UInt8] {
        let image = try PNGDecoder.decode(try #require(png))
        var pixels: [UInt8] = []
        pixels.reserveCapacity(image.width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let (red, green, blue, alpha) = image.rgba(x: x, y: y) else { continue }
                pixels += [red, green, blue, alpha]
            }
        }
        return pixels
    }

    /// A folder's tiles are replaced one by one; an MBTiles file takes them
    /// in place, in one transaction, and keeps its metadata (the zooms are
    /// the set's own). Few tiles are drawn, but the set is B's all the same.
    @Test func aTileSetRedrawnSinceAIsAWholeRenderingOfB() throws {
        let (out, file) = (folder.appendingPathComponent("tiles"), folder.appendingPathComponent("monaco.mbtiles"))
        for set in [out, file] {
            try succeed(["tiles", "render", "--from", Self.extract.path, "--zoom", Self.zooms, "--out", set.path])
        }
        let before = try tiles(under: out)
        let identity = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        let runs = try [out, file].map { set in
            try succeed(["tiles", "render", "--from", newer.path, "--since", Self.extract.path, "--out", set.path]).stdout
        }
        let expected = try renderingOfB()
        #expect(try tiles(under: out) == expected)
        // What changed is a few streets and buildings: a small share of the set, but not none.
        let differing = expected.filter { before[$0.key] != $0.value }.count
        for run in runs {
            let (redrawn, total) = try counts(run)
            #expect(differing > 0 && redrawn >= differing && redrawn * 10 < total, "\(run); \(differing) tiles differ")
            #expect(total == expected.count)
        }

        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == identity, "written in place")
        let set = try MBTilesFile(url: file)
        #expect(set.coverage?.zooms == 14...16)
        #expect(set.coverage?.extractBounds?.minLongitude == 7.409205)
        for (path, png) in expected {
            let parts = path.dropLast(4).split(separator: "/").map { Int($0)! }
            #expect(set.read(TileKey(z: parts[0], x: parts[1], y: parts[2])) == .png([UInt8](png)), "\(path)")
        }
    }

    /// `nearby update --tiles`: the store and its tiles move on together.
    @Test func anUpdateRedrawsTheTilesOfItsStore() throws {
        let (store, out) = (folder.appendingPathComponent("a.gpkg"), folder.appendingPathComponent("store-tiles"))
        try succeed(["import", Self.extract.path, "--out", store.path, "--timezone", "Europe/Monaco"])
        try succeed(["tiles", "render", "--from", Self.extract.path, "--zoom", Self.zooms, "--out", out.path])
        let run = try succeed(["update", "--data", store.path, changes.path, "--tiles", out.path])
        #expect(run.stderr.contains("805 places"), "\(run.stderr)")
        #expect(run.stderr.contains("tiles in \(out.path)"), "\(run.stderr)")
        #expect(try counts(run.stderr).redrawn > 0)
        #expect(try tiles(under: out) == renderingOfB())
    }

    /// `serve --replication --redraw-tiles`: once the server answers from the
    /// next sequence, every tile it serves is the one redrawn on disk (a
    /// tile's ETag is its bytes' digest: the tiles the change did not reach
    /// keep theirs), and some did change.
    @Test func aServerFollowingItsFeedServesTheTilesRedrawn() async throws {
        // The feed stands where the store does (A's sequence, 2947) until the tiles have been read once.
        let feed = folder.appendingPathComponent("feed")
        let sequence = feed.appendingPathComponent("000/002/948.osc.gz")
        try FileManager.default.createDirectory(at: sequence.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("sequenceNumber=2947\ntimestamp=2021-04-21T20\\:21\\:46Z\n".utf8).write(to: feed.appendingPathComponent("state.txt"))
        let (store, out) = (folder.appendingPathComponent("a.gpkg"), folder.appendingPathComponent("served-tiles"))
        try succeed(["import", Self.extract.path, "--out", store.path, "--timezone", "Europe/Monaco"])
        try succeed(["tiles", "render", "--from", Self.extract.path, "--zoom", Self.zooms, "--out", out.path])
        let before = try tiles(under: out)

        let feedServer = try ReplicationFeedTests.FolderServer(feed)
        let (server, port) = try ServeCommandTests.serve([
            "--data", store.path, "--tiles", out.path, "--replication", "--replication-url", feedServer.url,
            "--replication-interval", "1", "--redraw-tiles",
        ])
        defer { server.stop() }
        func served() throws -> [String: String] {
            try Dictionary(uniqueKeysWithValues: before.keys.map { ($0, try ServeCommandTests.get(port, "/tiles/\($0)").body) })
        }
        func text(_ tiles: [String: Data]) -> [String: String] { tiles.mapValues { String(decoding: $0, as: UTF8.self) } }
        // Read once before, so that the server holds the old tiles in its cache; then the feed moves on.
        #expect(try served() == text(before))
        try FileManager.default.copyItem(at: changes, to: sequence)
        let state = folder.appendingPathComponent("d.state.txt")
        try FileManager.default.copyItem(at: state, to: feed.appendingPathComponent("000/002/948.state.txt"))
        try FileManager.default.copyItem(at: state, to: feed.appendingPathComponent("state.new"))
        #expect(rename(feed.appendingPathComponent("state.new").path, feed.appendingPathComponent("state.txt").path) == 0)
        #expect(
            try await server.pollUntil(seconds: 120) {
                let body = (try? ServeCommandTests.get(port, "/api/dataset").body) ?? ""
                return ((try? NearbyBinary.json(body))?["replication"] as? [String: Any])?["sequence"] as? Int == 2948
            }, "\(server.stderr)")
        let after = try tiles(under: out)
        #expect(after.keys == before.keys && after != before)
        #expect(try served() == text(after))
    }

    /// A tile set that is not there is refused before anything is read or
    /// written, the store's update included.
    @Test func aMissingTileSetIsOneLineBeforeAnyWork() throws {
        for out in ["no-such-folder", "no-such.mbtiles"].map({ folder.appendingPathComponent($0).path }) {
            let run = try NearbyBinary.run(["tiles", "render", "--from", newer.path, "--since", Self.extract.path, "--out", out])
            #expect(run.status == 66)
            #expect(
                run.stderr == "nearby: there is no \(out.hasSuffix(".mbtiles") ? "MBTiles file" : "tile folder") at \(out) "
                    + "to redraw: render it whole first (nearby tiles render --out \(out))\n")
        }
        let store = folder.appendingPathComponent("a.gpkg")
        try succeed(["import", Self.extract.path, "--out", store.path])
        let stamp = try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date
        let out = folder.appendingPathComponent("missing").path
        let run = try NearbyBinary.run(["update", "--data", store.path, changes.path, "--tiles", out])
        #expect(run.status == 66 && run.stderr.hasPrefix("nearby: there is no tile folder at \(out)"))
        #expect(try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date == stamp)
    }
}
