import Foundation
import NearbyKit
import Testing

@testable import MapRender

@Suite struct TileSourceTests {
    static let options = MapSnapshotOptions(
        region: Region(center: TestSupport.cafeDeParis, span: .placeDetail), width: 300, height: 200, scale: 1)

    @Test func decodesACommittedTile() throws {
        let tile = try #require(TileSource(directory: TestSupport.tiles).tile(TileKey(z: 16, x: 34119, y: 23897)))
        #expect(tile.width == 256 && tile.height == 256)
    }

    @Test func missingTilesAreLandAndReportedInEverySnapshot() throws {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let snapshotter = try TestSupport.snapshotter(tiles: empty)
        let first = try snapshotter.snapshot(Self.options)
        // The second snapshot finds the failures in the cache and still says them.
        let second = try snapshotter.snapshot(Self.options)

        #expect(!first.landOnlyTiles.isEmpty)
        #expect(first.warnings.count == first.landOnlyTiles.count, "one warning per tile")
        #expect(second.warnings == first.warnings)
        #expect(first.warnings.allSatisfy { if case .missing = $0 { true } else { false } })
        #expect(snapshotter.tiles.warningSummary(first.warnings)?.contains("drawn as plain land") == true)
        #expect(TestSupport.isLand(first.image.rgba(x: 10, y: 10)))
    }

    @Test func corruptTileIsLandAndReported() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = TileFolder(directory: TestSupport.tiles)
        let viewport = try MapViewport(
            region: Region(center: TestSupport.cafeDeParis, span: .placeDetail),
            width: 300, height: 200, scale: 1, projection: TestSupport.projection)
        // Copy the real tiles, then truncate the one under the image's centre.
        var centreKey: TileKey?
        for (key, x, y) in viewport.visibleTiles() {
            let target = directory.appendingPathComponent("\(key.z)/\(key.x)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            var bytes = try Data(contentsOf: source.file(of: key))
            if (x...(x + 256)).contains(150), (y...(y + 256)).contains(100) {
                centreKey = key
                bytes = bytes.prefix(200)
            }
            try bytes.write(to: target.appendingPathComponent("\(key.y).png"))
        }
        let corrupt = try #require(centreKey)
        let snapshotter = try TestSupport.snapshotter(tiles: directory)
        let snapshot = try snapshotter.snapshot(Self.options)
        #expect(snapshot.landOnlyTiles == [corrupt])
        let warnings = snapshot.warnings
        #expect(warnings.count == 1)
        if case .corrupt(let key, let reason)? = warnings.first {
            #expect(key == corrupt)
            #expect(!reason.isEmpty)
        } else {
            Issue.record("expected a corrupt-tile warning, got \(warnings)")
        }
    }

    @Test func garbageIsUnreadableNotACrash() {
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Data("not a png".utf8)) }
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Data()) }
    }

    @Test func missingTilesAreDrawnOnDemandFromTheExtract() throws {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let renderer = try BasemapTileRenderer(extract: TestSupport.extract, projection: TestSupport.projection)
        let snapshotter = try MapSnapshotter(tiles: TileSource(directory: empty, onDemand: renderer), projection: TestSupport.projection)
        let snapshot = try snapshotter.snapshot(Self.options)
        #expect(snapshot.landOnlyTiles.isEmpty)
        #expect(snapshot.warnings.isEmpty)
    }
}

@Suite struct OnDemandBasemapTests {
    @Test func readsTheExtractOnlyWhenATileIsMissing() throws {
        let basemap = try #require(OnDemandBasemap(extract: TestSupport.extract, projection: TestSupport.projection))
        let snapshotter = try MapSnapshotter(
            tiles: TileSource(directory: TestSupport.tiles, onDemand: basemap),
            projection: TestSupport.projection)
        _ = try snapshotter.snapshot(TileSourceTests.options)
        #expect(!basemap.isLoaded, "every tile was in Tiles/")

        // Zoom 17 at 2x needs zoom-18 tiles, which Tiles/ does not have.
        let close = MapSnapshotOptions(
            region: Region(center: TestSupport.cafeDeParis, span: .init(latitudeDelta: 0.001, longitudeDelta: 0.001)),
            width: 300, height: 200, scale: 2)
        let snapshot = try snapshotter.snapshot(close)
        #expect(snapshot.viewport.tileZoom == 18)
        #expect(basemap.isLoaded)
        #expect(snapshot.landOnlyTiles.isEmpty)
        #expect(snapshot.warnings.isEmpty)
    }

    @Test func noExtractMeansNoOnDemandRenderer() {
        #expect(OnDemandBasemap(extract: URL(fileURLWithPath: "/nonexistent.osm.pbf")) == nil)
    }
}

@Suite struct ForeignTileSetTests {
    /// A tile set with 512-pixel tiles (as some servers make for retina
    /// screens) covers the same ground per tile: the whole tile is drawn,
    /// shrunk, not its top-left quarter.
    @Test func largerTilesAreScaledToTheirSquare() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let viewport = try MapViewport(
            region: Region(center: TestSupport.cafeDeParis, span: .placeDetail),
            width: 300, height: 200, scale: 1, projection: TestSupport.projection)
        // Every tile: 512 × 512, the left half red and the right half blue.
        let tile = PixelBuffer(width: 512, height: 512)
        for y in 0..<512 {
            for x in 0..<512 {
                let word: UInt32 = x < 256 ? 0xFFFF_0000 : 0xFF00_00FF
                (UnsafeMutableRawPointer(tile.bytes) + y * tile.stride + x * 4).storeBytes(of: word, as: UInt32.self)
            }
        }
        let png = try PNGEncoder().encode(tile)
        for (key, _, _) in viewport.visibleTiles() {
            let folder = directory.appendingPathComponent("\(key.z)/\(key.x)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(png).write(to: folder.appendingPathComponent("\(key.y).png"))
        }
        let snapshot = try TestSupport.snapshotter(tiles: directory).snapshot(TileSourceTests.options)
        var red = 0, blue = 0
        for y in 0..<150 {
            for x in 0..<300 {
                guard let p = snapshot.image.rgba(x: x, y: y) else { continue }
                if p.red > 200 && p.blue < 50 { red += 1 }
                if p.blue > 200 && p.red < 50 { blue += 1 }
            }
        }
        #expect(red > 10_000 && blue > 10_000, "red \(red), blue \(blue)")
    }
}
