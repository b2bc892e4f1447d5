import Foundation
import Hummingbird
import HummingbirdTesting
import MapRender
import Testing

@testable import NearbyServer

/// `GET /maps/api/staticmap` on the committed Monaco tiles: the image, its
/// validators, Google-shaped errors and per-request tile warnings.
struct StaticMapRouteTests {
    static let tiles = Repository.tiles
    static let monaco = "center=43.7384,7.4246&zoom=15"

    /// An application with only the maps routes, over one shared snapshotter.
    static func application(tiles directory: URL = tiles) throws -> some ApplicationProtocol {
        let router = Router()
        let snapshotter = try MapSnapshotter(tiles: TileSource(directory: directory))
        MapsController(snapshotter: snapshotter, json: JSONBody(), drawing: DrawingPool(width: 2, queue: 64, metrics: ServerMetrics()))
            .addRoutes(to: router)
        return Application(router: router)
    }

    static func get(_ client: some TestClientProtocol, _ query: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: "/maps/api/staticmap?" + query, method: .get, headers: headers)
    }

    static func image(_ response: TestResponse) throws -> PixelBuffer {
        try PNGDecoder.decode(Data(buffer: response.body))
    }

    static func errorMessage(_ response: TestResponse) throws -> String {
        let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        #expect(body?["status"] as? String == "INVALID_REQUEST")
        return try #require(body?["error_message"] as? String)
    }

    @Test func drawsThePNGItWasAskedFor() async throws {
        try await Self.application().test(.router) { client in
            let plain = try await Self.get(client, Self.monaco + "&size=600x400")
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentType] == "image/png")
            #expect(plain.headers[.cacheControl] == "public, max-age=86400")
            #expect(plain.headers[MapsController<BasicRequestContext>.warningHeader] == nil)
            let image = try Self.image(plain)
            #expect((image.width, image.height) == (600, 400))

            let doubled = try Self.image(try await Self.get(client, Self.monaco + "&size=600x400&scale=2"))
            #expect((doubled.width, doubled.height) == (1200, 800))
        }
    }

    /// Google's `format=png8`: a palette PNG of the same map, smaller, under its own tag.
    @Test func png8IsAPaletteImageOfTheSameMap() async throws {
        try await Self.application().test(.router) { client in
            let query = Self.monaco + "&size=300x200&markers=color:red%7C43.7397159,7.4276948"
            let truecolour = try await Self.get(client, query + "&format=png32")
            let palette = try await Self.get(client, query + "&format=png8")
            #expect(palette.status == .ok)
            #expect(palette.headers[.contentType] == "image/png")
            #expect(Array(Data(buffer: palette.body))[25] == 3, "IHDR colour type 3, palette")
            #expect(Array(Data(buffer: truecolour.body))[25] == 2, "IHDR colour type 2, RGB")
            #expect(palette.body.readableBytes < truecolour.body.readableBytes)
            #expect(palette.headers[.eTag] != truecolour.headers[.eTag])
            let image = try Self.image(palette)
            #expect((image.width, image.height) == (300, 200))
        }
    }

    @Test func drawsPercentEncodedRepeatedMarkers() async throws {
        try await Self.application().test(.router) { client in
            // Café de Paris in red, and the user's corner in blue; `|` sent as %7C and as itself.
            let encoded = "size=400x300&markers=color:red%7Clabel:C%7C43.7397159,7.4276948&markers=color:0x0000ff%7C43.7384,7.4246"
            let response = try await Self.get(client, encoded)
            #expect(response.status == .ok)
            let image = try Self.image(response)
            #expect((image.width, image.height) == (400, 300))
            // The fitted map shows both pins: some pixels of each colour.
            var red = 0, blue = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    guard let pixel = image.rgba(x: x, y: y) else { continue }
                    if pixel.red > 200, pixel.green < 60, pixel.blue < 60 { red += 1 }
                    if pixel.blue > 200, pixel.red < 60, pixel.green < 60 { blue += 1 }
                }
            }
            #expect(red > 50)
            #expect(blue > 50)

            let literal = try await Self.get(client, encoded.replacingOccurrences(of: "%7C", with: "|"))
            #expect(literal.headers[.eTag] == response.headers[.eTag])
            #expect(literal.body == response.body)
        }
    }

    @Test func answersNotModifiedForItsOwnTag() async throws {
        try await Self.application().test(.router) { client in
            let first = try await Self.get(client, Self.monaco + "&size=200x100&markers=color:red%7C43.7397159,7.4276948")
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))

            let again = try await Self.get(
                client, Self.monaco + "&size=200x100&markers=color:red%7C43.7397159,7.4276948",
                headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            // Among other tags, and weak: still this image.
            let listed = try await Self.get(
                client, Self.monaco + "&size=200x100&markers=color:red%7C43.7397159,7.4276948",
                headers: [.ifNoneMatch: "\"other\", W/\(tag)"])
            #expect(listed.status == .notModified)

            // The same map spelt another way (the colour by value, the parameters reordered) has the same tag.
            let respelt = try await Self.get(
                client, "markers=color:0xFF0000%7C43.7397159,7.4276948&size=200x100&" + Self.monaco,
                headers: [.ifNoneMatch: tag])
            #expect(respelt.status == .notModified)

            // Another map does not.
            let other = try await Self.get(
                client, Self.monaco + "&size=200x101&markers=color:red%7C43.7397159,7.4276948",
                headers: [.ifNoneMatch: tag])
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] != tag)
        }
    }

    @Test func aMapsTagFollowsItsTilesNotTheProcess() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-staticmap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.tiles, to: directory)
        // On tile 15/17059/11948 alone; and on zoom 14's tiles, none of zoom 15's.
        let casino = "center=43.7384,7.4246&zoom=15&size=32x32"
        let wider = "center=43.7384,7.4246&zoom=14&size=32x32"
        let first = try Self.application(tiles: directory), second = try Self.application(tiles: directory)
        let before = try await first.test(.router) { client in
            (try await Self.get(client, casino), try await Self.get(client, wider))
        }
        let casinoTag = try #require(before.0.headers[.eTag]), widerTag = try #require(before.1.headers[.eTag])
        // Another server on the same tiles gives each map the same tag.
        try await second.test(.router) { client in
            let again = try await Self.get(client, casino)
            #expect(again.headers[.eTag] == casinoTag)
            let unchanged = try await Self.get(client, wider, headers: [.ifNoneMatch: widerTag])
            #expect(unchanged.status == .notModified)
        }

        // The casino's tile is drawn anew (another tile's image, renamed over it, as `nearby tiles` writes).
        let tile = directory.appendingPathComponent("15/17059/11948.png")
        let redrawn = directory.appendingPathComponent("15/17059/11948.png.new")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("15/17059/11949.png"), to: redrawn)
        #expect(rename(redrawn.path, tile.path) == 0)

        for application in [first, second] {
            try await application.test(.router) { client in
                let changed = try await Self.get(client, casino, headers: [.ifNoneMatch: casinoTag])
                #expect(changed.status == .ok)
                #expect(changed.headers[.eTag] != casinoTag)
                #expect(changed.body != before.0.body)
                // A map that does not show the tile keeps its tag.
                let unchanged = try await Self.get(client, wider, headers: [.ifNoneMatch: widerTag])
                #expect(unchanged.status == .notModified)
            }
        }
    }

    /// A request the route must refuse, and the parameter its message names.
    struct BadRequest: Sendable, CustomTestStringConvertible {
        let query: String
        let parameter: String
        let testDescription: String

        init(_ query: String, _ parameter: String, _ description: String? = nil) {
            self.query = query
            self.parameter = parameter
            testDescription = description ?? query
        }

        static func many(_ name: String, _ count: Int) -> BadRequest {
            let points = Array(repeating: "43.74,7.42", count: count).joined(separator: "%7C")
            return BadRequest("size=100x100&\(name)=\(points)", name, "\(count) \(name) points")
        }
    }

    @Test(arguments: [
        BadRequest("center=43.7384,7.4246&zoom=15", "size"),
        BadRequest("center=43.7384,7.4246&zoom=15&size=2049x100", "size"),
        BadRequest("center=43.7384,7.4246&zoom=15&size=100x2049", "size"),
        BadRequest("center=43.7384,7.4246&zoom=15&size=100x100&scale=4", "scale"),
        BadRequest("center=Monte+Carlo&zoom=15&size=100x100", "center"),
        BadRequest("size=100x100&markers=color:mauve%7C43.7384,7.4246", "markers"),
        BadRequest.many("markers", 1001),
        BadRequest.many("path", 1001),
        BadRequest("center=43.7384,7.4246&zoom=15&size=100x100&maptype=satellite", "maptype"),
        BadRequest("center=43.7384,7.4246&zoom=15&size=100x100&format=jpg", "format"),
    ])
    func refusesBadRequestsInGooglesShape(_ bad: BadRequest) async throws {
        try await Self.application().test(.router) { client in
            let response = try await Self.get(client, bad.query)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let message = try Self.errorMessage(response)
            #expect(message.contains(bad.parameter), "\(message)")
        }
    }

    @Test func acceptsTheLimitsThemselves() async throws {
        try await Self.application().test(.router) { client in
            #expect(try await Self.get(client, BadRequest.many("markers", 1000).query).status == .ok)
            let largest = try await Self.get(client, Self.monaco + "&size=2048x16&scale=1")
            #expect(largest.status == .ok)
            #expect(try Self.image(largest).width == 2048)
        }
    }

    @Test func refusesAMalformedEscape() async throws {
        try await Self.application().test(.router) { client in
            for query in ["size=100x100%G1", "size=100x100&markers=%", "size=100x100&visible=%FF%FE"] {
                let response = try await Self.get(client, query)
                #expect(response.status == .badRequest)
                #expect(try Self.errorMessage(response).contains("percent"))
            }
        }
    }

    @Test func warnsOfMissingTilesInItsOwnAnswerOnly() async throws {
        // A tile set with zoom 15 around the casino only: a map there is whole, one across the bay is not.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-staticmap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let column = directory.appendingPathComponent("15/17059")
        try FileManager.default.createDirectory(at: column, withIntermediateDirectories: true)
        for row in 11945...11949 {
            try FileManager.default.copyItem(
                at: Self.tiles.appendingPathComponent("15/17059/\(row).png"),
                to: column.appendingPathComponent("\(row).png"))
        }
        let whole = "center=43.7384,7.4246&zoom=15&size=64x64"
        let partial = "center=43.7384,7.4246&zoom=15&size=1200x200"
        try await Self.application(tiles: directory).test(.router) { client in
            // Concurrent requests share one tile source; none may see another's warnings.
            try await withThrowingTaskGroup(of: (Bool, String?).self) { group in
                for index in 0..<12 {
                    let isWhole = index.isMultiple(of: 2)
                    group.addTask {
                        let response = try await Self.get(client, isWhole ? whole : partial)
                        #expect(response.status == .ok)
                        return (isWhole, response.headers[MapsController<BasicRequestContext>.warningHeader])
                    }
                }
                // Twelve requests, two maps: most answers come from the image cache, which must keep each map's own warning.
                for try await (isWhole, warning) in group {
                    if isWhole {
                        #expect(warning == nil)
                    } else {
                        let warning = try #require(warning)
                        #expect(warning.contains("missing"))
                        #expect(warning.contains("plain land"))
                    }
                }
            }
        }
    }

    @Test func headerValuesAreVisibleASCII() {
        let safe = MapsController<BasicRequestContext>.headerSafe("tile 15/1/2 is missing under /tmp/caf\u{E9}\r\nSet-Cookie: x")
        #expect(safe == "tile 15/1/2 is missing under /tmp/caf???Set-Cookie: x")
    }
}
