import Foundation
import Logging
import MapRender
import NearbyServer
import NearbyService
import Testing

struct TilesTests {
    @Test func servesTilesWithValidators() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        let tile = try await server.get("/tiles/10/532/372.png")
        let etag = try #require(tile.headers["etag"])
        let again = try await server.get("/tiles/10/532/372.png", headers: [("If-None-Match", etag)])
        let weak = try await server.get("/tiles/10/532/372.png", headers: [("If-None-Match", "\"other\", W/\(etag)")])
        let stale = try await server.get("/tiles/10/532/372.png", headers: [("If-None-Match", "\"other\"")])
        try await server.stop()

        #expect(tile.status == 200)
        #expect(tile.headers["content-type"] == "image/png")
        #expect(tile.headers["cache-control"] == "public, max-age=86400")
        #expect(tile.body == Array(try Data(contentsOf: Repository.tiles.appendingPathComponent("10/532/372.png"))))
        #expect(again.status == 304 && again.body.isEmpty && again.headers["etag"] == etag)
        #expect(weak.status == 304)
        #expect(stale.status == 200 && stale.body == tile.body)
    }

    static let refused: [(path: String, status: Int)] = [
        ("/tiles/10/532/abc.png", 400),
        ("/tiles/10/-1/372.png", 400),
        ("/tiles/10/532/372.5.png", 400),
        ("/tiles/1e1/532/372.png", 400),
        ("/tiles/10/%2E%2E/372.png", 400),
        ("/tiles/10/532/%2E%2E%2F%2E%2E%2Fplaces.png", 400),
        ("/tiles/23/0/0.png", 404),
        ("/tiles/10/1024/0.png", 404),
        ("/tiles/10/0/1024.png", 404),
        ("/tiles/999999999/0/0.png", 404),
        ("/tiles/10/532/372.jpg", 404),
        ("/tiles/../Data/places.geojson", 404),
        ("/tiles/0/0/0.png", 404),  // in range, not in the Monaco set, no extract to draw it from
    ]

    @Test func refusesWhatIsNoTile() async throws {
        let server = try await RunningServer.start(tiles: Repository.tiles)
        var answers: [(String, Int, RunningServer.Answer)] = []
        for (path, status) in Self.refused {
            answers.append((path, status, try await server.get(path)))
        }
        try await server.stop()
        for (path, status, answer) in answers {
            #expect(answer.status == status, "\(path)")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
        }
    }

    /// A tile whose bytes are not a PNG (a page with a script) is not served:
    /// 404, said once in the log however often it is asked for. Every answer,
    /// whatever its route or status, tells browsers not to guess its type.
    @Test func aTileThatIsNotAPNGIsNotServedAndNothingIsSniffed() async throws {
        let scratch = try ScratchFolder()
        let tiles = scratch.url.appendingPathComponent("tiles")
        try FileManager.default.createDirectory(at: tiles.appendingPathComponent("1/0"), withIntermediateDirectories: true)
        try Data("<html><script>alert(document.cookie)</script></html>".utf8).write(to: tiles.appendingPathComponent("1/0/0.png"))
        try FileManager.default.copyItem(
            at: Repository.tiles.appendingPathComponent("10/532/372.png"), to: tiles.appendingPathComponent("1/0/1.png"))
        let lines = LogLines()
        let server = try await RunningServer.start(
            NearbyServer.ServerConfiguration(service: LocalPlaceService(dataURL: Repository.places), tiles: TileFolder(directory: tiles)),
            logger: Logger(label: "nearby.serve.test") { _ in lines })
        let page = try await server.get("/tiles/1/0/0.png")
        let again = try await server.get("/tiles/1/0/0.png")
        let tile = try await server.get("/tiles/1/0/1.png")
        let unchanged = try await server.get("/tiles/1/0/1.png", headers: [("If-None-Match", tile.headers["etag"] ?? "")])
        var others: [(String, RunningServer.Answer)] = []
        for path in ["/healthz", "/api/dataset", "/nowhere", "/tiles/1/0/x.png", "/", "/maps/api/place/nearbysearch/json?location=x"] {
            others.append((path, try await server.get(path)))
        }
        try await server.stop()

        for answer in [page, again] {
            #expect(answer.status == 404)
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
            #expect(!answer.text.contains("<script"))
        }
        let said = lines.messages.filter { $0.text.contains("is not a PNG") }
        #expect(said.count == 1, "\(said.map(\.text))")
        #expect(said.first?.text == "tile 1/0/0 of \(tiles.path) is not a PNG (52 bytes); answered 404")
        #expect(tile.status == 200 && unchanged.status == 304)
        for (path, answer) in [("the HTML tile", page), ("a tile", tile), ("a 304", unchanged)] + others {
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(path): \(answer.status)")
        }
    }

    /// A symlink in the tile folder that leads out of it is not followed.
    @Test func neverReadsOutsideTheFolder() async throws {
        let scratch = try ScratchFolder()
        let tiles = scratch.url.appendingPathComponent("tiles")
        try FileManager.default.createDirectory(at: tiles.appendingPathComponent("1/0"), withIntermediateDirectories: true)
        let secret = scratch.url.appendingPathComponent("secret.png")
        try Data("not for you".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(at: tiles.appendingPathComponent("1/0/0.png"), withDestinationURL: secret)
        try FileManager.default.copyItem(
            at: Repository.tiles.appendingPathComponent("10/532/372.png"),
            to: tiles.appendingPathComponent("1/0/1.png"))
        let server = try await RunningServer.start(tiles: tiles)
        let outside = try await server.get("/tiles/1/0/0.png")
        let inside = try await server.get("/tiles/1/0/1.png")
        try await server.stop()
        #expect(outside.status == 404)
        #expect(!outside.text.contains("not for you"))
        #expect(inside.status == 200)
    }

    /// A tile the set lacks is drawn from the extract when the server has it.
    @Test func drawsMissingTilesOnDemand() async throws {
        let scratch = try ScratchFolder()
        let basemap = try #require(OnDemandBasemap(extract: Repository.extract))
        let server = try await RunningServer.start(tiles: scratch.url, basemap: basemap)
        let drawn = try await server.get("/tiles/14/8529/5974.png")
        let etag = try #require(drawn.headers["etag"])
        let again = try await server.get("/tiles/14/8529/5974.png", headers: [("If-None-Match", etag)])
        try await server.stop()
        #expect(drawn.status == 200)
        #expect(drawn.headers["content-type"] == "image/png")
        #expect(drawn.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(again.status == 304)
    }

    /// `clear=`: a moving map's pins over a tile of names (the Casino's, at
    /// zoom 16) get the tile drawn again without the names under them; boxes
    /// far from every name, the tile as it is; boxes that are not boxes, 400.
    @Test func clearKeepsTheNamesOutOfTheBoxesAsked() async throws {
        let basemap = try #require(OnDemandBasemap(extract: Repository.extract))
        let server = try await RunningServer.start(tiles: Repository.tiles, basemap: basemap)
        let path = "/tiles/16/34120/23895.png"
        let plain = try await server.get(path)
        let cleared = try await server.get(path + "?clear=0,0,256,256")
        let again = try await server.get(path + "?clear=0,0,256,256", headers: [("If-None-Match", cleared.headers["etag"] ?? "")])
        let far = try await server.get(path + "?clear=-2000,-2000,-1990,-1990")
        var refused: [(String, RunningServer.Answer)] = []
        for clear in [
            "1,2,3", "0,0,0,10", "a,b,c,d", "0,0,10,10;", "0,0,9999,10", "0x1,0,10,10",
            String(repeating: "0,0,1,1;", count: 64) + "0,0,1,1",
        ] {
            refused.append((clear, try await server.get(path + "?clear=" + clear)))
        }
        try await server.stop()
        #expect(plain.status == 200 && cleared.status == 200)
        #expect(cleared.body != plain.body)
        #expect(cleared.headers["etag"]?.hasPrefix("\"c") == true)
        #expect(again.status == 304)
        #expect(far.status == 200 && far.body == plain.body && far.headers["etag"] == plain.headers["etag"])
        for (clear, answer) in refused {
            #expect(answer.status == 400, "\(clear)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("clear="), "\(clear)")
        }
    }

    /// From an MBTiles file: the bytes it holds; and once a render is renamed
    /// over it, the new file's, without a restart.
    @Test func servesAnMBTilesFileAndFollowsItsReplacement() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.url.appendingPathComponent("monaco.mbtiles")
        let renderer = try BasemapTileRenderer(extract: Repository.extract)
        func render(_ zoom: Int) throws {
            try MBTilesWriter.build(file) { writer in
                _ = try renderer.renderTiles(Array(renderer.tileKeys(zooms: zoom...zoom, margin: 0)), into: writer)
                return try renderer.metadata(zooms: zoom...zoom)
            }
        }
        let (monaco13, monaco14) = (TileKey(z: 13, x: 4264, y: 2987), TileKey(z: 14, x: 8529, y: 5974))
        try render(13)
        guard case .png(let stored) = try MBTilesFile(url: file).read(monaco13) else {
            Issue.record("no tile \(monaco13) in the file")
            return
        }
        let server = try await RunningServer.start(tiles: file)
        let first = try await server.get("/tiles/13/4264/2987.png")
        let missing = try await server.get("/tiles/14/8529/5974.png")
        try render(14)
        let gone = try await server.get("/tiles/13/4264/2987.png")
        let replaced = try await server.get("/tiles/14/8529/5974.png")
        try await server.stop()

        #expect(first.status == 200 && first.body == stored)
        #expect(first.headers["content-type"] == "image/png" && first.headers["etag"] != nil)
        #expect(missing.status == 404)
        #expect(gone.status == 404)
        guard case .png(let new) = try MBTilesFile(url: file).read(monaco14) else {
            Issue.record("no tile \(monaco14) in the new file")
            return
        }
        #expect(replaced.status == 200 && replaced.body == new)
    }
}
