import Foundation
import NearbyKit
import NearbyTestSupport
import Testing

@testable import MapRender

/// MBTiles as nearby writes it: the same tiles as a folder holds, read back
/// by nearby and by GDAL, whose MBTiles driver is the reference for the
/// format's row order and metadata (GDAL is what QGIS opens it with).
struct MBTilesTests {
    static let renderer = try! BasemapTileRenderer(extract: TestSupport.extract, projection: TestSupport.projection)

    /// Renders `zooms` of Monaco into a new MBTiles file in `directory`.
    static func render(_ zooms: ClosedRange<Int>, in directory: URL, named name: String = "monaco.mbtiles") throws -> (URL, [TileKey]) {
        let keys = Array(renderer.tileKeys(zooms: zooms, margin: 0))
        let file = directory.appendingPathComponent(name)
        let written = try MBTilesWriter.build(file, inputs: renderer.inputs) { writer in
            _ = try renderer.renderTiles(keys, into: writer)
            return try renderer.metadata(zooms: zooms)
        }
        #expect(written)
        return (file, keys)
    }

    @Test func aRenderReadsBackAsTheFolderHoldsIt() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, keys) = try Self.render(13...14, in: directory)
        let folder = directory.appendingPathComponent("tiles")
        _ = try Self.renderer.renderTiles(keys, into: folder)

        let mbtiles = try MBTilesFile(url: file)
        let tiles = TileFolder(directory: folder)
        for key in keys {
            let read = mbtiles.read(key)
            guard case .png = read else {
                Issue.record("tile \(key): \(read)")
                continue
            }
            #expect(read == tiles.read(key), "tile \(key)")
        }
        #expect(mbtiles.read(TileKey(z: 15, x: 17059, y: 11948)) == .missing)
        #expect(mbtiles.coverage?.zooms == 13...14)
        let box = try Self.renderer.metadata(zooms: 13...14).bounds.map(TileSetMetadata.rounded)
        #expect(
            mbtiles.coverage?.bounds == BoundingBox(minLongitude: box[0], minLatitude: box[1], maxLongitude: box[2], maxLatitude: box[3]))
        #expect(mbtiles.attribution == TileSetAttribution(text: "© OpenStreetMap contributors"))
        // Drawn from it, a map is the map drawn from the folder.
        let options = MapSnapshotOptions(
            region: Region(center: TestSupport.cafeDeParis, span: .init(latitudeDelta: 0.02, longitudeDelta: 0.02)),
            width: 300, height: 200, scale: 1, annotations: [])
        let fromFile = try MapSnapshotter(tiles: TileSource(tiles: mbtiles), projection: TestSupport.projection).snapshot(options)
        let fromFolder = try MapSnapshotter(tiles: TileSource(tiles: tiles), projection: TestSupport.projection).snapshot(options)
        #expect(fromFile.warnings.isEmpty)
        #expect(try PNGEncoder().encode(fromFile.image) == PNGEncoder().encode(fromFolder.image))
    }

    /// `gdalinfo` reads the file as MBTiles, its zooms and bounds those of the
    /// metadata (within a tile: GDAL snaps the extent to the tiles), and
    /// `gdallocationinfo` finds at a position the pixel the tile holds there —
    /// which it would not if the rows were not counted from the south.
    @Test func gdalReadsTheTilesWhereTheyAre() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, keys) = try Self.render(14...15, in: directory)
        let metadata = try Self.renderer.metadata(zooms: 14...15)

        let info = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.run("gdalinfo", ["-json", file.path]).utf8)) as? [String: Any])
        #expect(info["driverShortName"] as? String == "MBTiles")
        let fields = try #require((info["metadata"] as? [String: Any])?[""] as? [String: String])
        #expect(fields["minzoom"] == "14" && fields["maxzoom"] == "15" && fields["format"] == "png")
        #expect(fields["attribution"] == "© OpenStreetMap contributors")
        let ring = try #require(((info["wgs84Extent"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.first)
        let (west, east) = (ring.map { $0[0] }.min()!, ring.map { $0[0] }.max()!)
        let (south, north) = (ring.map { $0[1] }.min()!, ring.map { $0[1] }.max()!)
        let tile = 360.0 / Double(1 << 15)  // a tile's width in degrees at the top zoom; taller than it is wide here
        for (gdal, ours) in zip([west, south, east, north], metadata.bounds) {
            #expect(abs(gdal - ours) <= tile, "GDAL's extent \([west, south, east, north]), the metadata's \(metadata.bounds)")
        }

        let mbtiles = try MBTilesFile(url: file)
        var seen = Set<[UInt8]>()
        var compared = 0
        for key in keys where key.z == 15 {
            // The middle of pixel (128, 128), by the slippy-map formulas.
            let n = Double(1 << key.z)
            let longitude = (Double(key.x) + 128.5 / 256) / n * 360 - 180
            let latitude = atan(sinh(Double.pi * (1 - 2 * (Double(key.y) + 128.5 / 256) / n))) * 180 / .pi
            // Tiles at the edge reach past the metadata's bounds, where GDAL's raster ends.
            guard (west...east).contains(longitude), (south...north).contains(latitude) else { continue }
            let gdal = try Self.run("gdallocationinfo", ["-valonly", "-wgs84", file.path, "\(longitude)", "\(latitude)"])
                .split(separator: "\n").compactMap { UInt8($0) }
            guard case .png(let bytes) = mbtiles.read(key) else {
                Issue.record("no tile \(key)")
                continue
            }
            let pixels = try PNGDecoder.decode(Data(bytes))
            let around = (127...129).flatMap { y in
                (127...129).compactMap { x in pixels.rgba(x: x, y: y).map { [$0.red, $0.green, $0.blue, $0.alpha] } }
            }
            #expect(around.contains(gdal), "tile \(key): GDAL read \(gdal) at \(longitude), \(latitude)")
            seen.insert(gdal)
            compared += 1
        }
        #expect(seen.count > 3, "the tiles differ where they were read, so the comparison compared something")
        #expect(compared >= 10)
    }

    @Test func whatIsNotAnMBTilesFileIsSaidInOneLine() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("text.mbtiles")
        try Data("not a database\n".utf8).write(to: text)
        let empty = directory.appendingPathComponent("empty.mbtiles")
        try Self.run("sqlite3", [empty.path, "CREATE TABLE other (x)"])
        let jpeg = directory.appendingPathComponent("jpeg.mbtiles")
        try Self.run("sqlite3", [jpeg.path, "CREATE TABLE metadata (name, value); INSERT INTO metadata VALUES ('format', 'jpg')"])
        for (file, reason) in [
            (text, "it is not an SQLite database"), (empty, "it has no metadata table (no such table: metadata)"),
            (jpeg, "its tiles are jpg, and nearby draws from PNG tiles"),
            (directory.appendingPathComponent("none.mbtiles"), "there is no such file"), (directory, "it is not a regular file"),
        ] {
            #expect(throws: MBTilesError(path: file.path, reason: reason)) { try MBTilesFile(url: file) }
        }
    }

    /// A file renamed over the open one is read from the next tile on; a
    /// replacement that cannot be read leaves the old one serving.
    @Test func aReplacedFileIsReopened() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, keys) = try Self.render(13...13, in: directory)
        let mbtiles = try MBTilesFile(url: file)
        let key = try #require(keys.first)
        let before = mbtiles.version(of: key)
        #expect(mbtiles.read(key) != .missing)
        let deeper = try #require(Self.renderer.tileKeys(zooms: 14...14, margin: 0).first)
        #expect(mbtiles.read(deeper) == .missing)

        _ = try Self.render(14...14, in: directory)
        #expect(mbtiles.version(of: key) != before)
        #expect(mbtiles.read(key) == .missing)
        #expect(mbtiles.read(deeper) != .missing)
        #expect(mbtiles.coverage?.zooms == 14...14)

        let broken = directory.appendingPathComponent("broken")
        try Data("garbage".utf8).write(to: broken)
        #expect(rename(broken.path, file.path) == 0)
        #expect(mbtiles.read(deeper) != .missing, "the last good file goes on serving")
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
        guard run.status == 0 else {
            throw CommandFailed(description: "\(tool) exited \(run.status) (scripts/setup installs it): \(run.stderr)")
        }
        return run.stdout
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }
}
