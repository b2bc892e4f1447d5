import Foundation
import NearbyKit
import Testing

@testable import MapRender

@Suite(.serialized) struct BasemapTests {
    static let renderer: BasemapTileRenderer? = try? BasemapTileRenderer(extract: TestSupport.extract, projection: TestSupport.projection)

    /// The colour at a coordinate on a freshly drawn tile at `zoom`.
    static func colour(at coordinate: Coordinate, zoom: Int) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let renderer = try #require(renderer)
        let world = try TestSupport.projection.project(coordinate).worldPixel(zoom: Double(zoom))
        let key = TileKey(z: zoom, x: Int(world.x / 256), y: Int(world.y / 256))
        let tile = try renderer.renderTile(key)
        return try #require(tile.rgba(x: Int(world.x) % 256, y: Int(world.y) % 256))
    }

    static func isWater(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        pixel.red == 0xAA && pixel.green == 0xD3 && pixel.blue == 0xDF
    }

    // Positions read off the map of Monaco by hand.
    @Test(arguments: [
        (43.7350, 7.4240, "Port Hercule, the harbour basin"),
        (43.7280, 7.4330, "open sea south of the harbour"),
        (43.7440, 7.4400, "sea off Larvotto"),
    ])
    func seaIsWater(latitude: Double, longitude: Double, place: String) throws {
        for zoom in [14, 16, 17] {
            #expect(Self.isWater(try Self.colour(at: TestSupport.coordinate(latitude, longitude), zoom: zoom)), "\(place) at zoom \(zoom)")
        }
    }

    @Test(arguments: [
        (43.7395, 7.4270, "Place du Casino"),
        (43.7310, 7.4200, "Monaco-Ville, the Rock"),
        (43.7460, 7.4300, "Boulevard d'Italie, inland"),
    ])
    func landIsNotWater(latitude: Double, longitude: Double, place: String) throws {
        #expect(!Self.isWater(try Self.colour(at: TestSupport.coordinate(latitude, longitude), zoom: 16)), "\(place)")
    }

    @Test func committedTilesAreThisRenderersOutput() throws {
        let renderer = try #require(Self.renderer)
        for key in [TileKey(z: 16, x: 34119, y: 23897), TileKey(z: 12, x: 2132, y: 1493)] {
            let fresh = try PNGEncoder(favoursSpeed: false).encode(renderer.renderTile(key))
            let committed = try Data(contentsOf: TileFolder(directory: TestSupport.tiles).file(of: key))
            #expect(Data(fresh) == committed, "Tiles/\(key).png differs: rerun `nearby tiles render` (see Tiles/README.md)")
        }
    }

    @Test func coversTheExtractAtEveryZoom() throws {
        let renderer = try #require(Self.renderer)
        let keys = renderer.tileKeys(zooms: 10...17, margin: 1)
        #expect(keys.count == 521)
        let tiles = Set(keys)
        #expect(tiles.contains(TileKey(z: 17, x: 68240, y: 47791)))  // Café de Paris
        for key in keys {
            #expect(FileManager.default.fileExists(atPath: TileFolder(directory: TestSupport.tiles).file(of: key).path), "Tiles/\(key).png")
        }
    }

    @Test func writesTilesAsXYZFiles() throws {
        let renderer = try #require(Self.renderer)
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = renderer.tileKeys(zooms: 12...13, margin: 0)
        let summary = try renderer.renderTiles(keys, into: directory)
        #expect(summary.tiles == keys.count)
        for key in keys {
            let tile = try PNGDecoder.decode(contentsOf: directory.appendingPathComponent("\(key.z)/\(key.x)/\(key.y).png"))
            #expect(tile.width == 256)
        }
    }

    @Test func readsZoomRanges() throws {
        #expect(try BasemapTileRenderer.parseZoomRange("10-17") == 10...17)
        #expect(try BasemapTileRenderer.parseZoomRange("15") == 15...15)
        for bad in ["17-10", "a-b", "-3", "10-", "10-30", ""] {
            #expect(throws: BasemapError.invalidZoomRange(bad)) { try BasemapTileRenderer.parseZoomRange(bad) }
        }
    }

    @Test func missingExtractIsMissingInput() {
        #expect(throws: BasemapError.extractMissing("/nonexistent/monaco.osm.pbf")) {
            try BasemapTileRenderer(extract: URL(fileURLWithPath: "/nonexistent/monaco.osm.pbf"))
        }
        #expect(BasemapError.extractMissing("x").exitCode == 66)
    }
}
