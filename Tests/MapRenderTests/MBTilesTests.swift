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
            (text, "it is not an SQLite database"), (empty, "it has no metadata table"),
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

    /// A metadata table that says PNG, for the hostile files below.
    static let pngMetadata = "CREATE TABLE metadata (name TEXT, value TEXT); INSERT INTO metadata VALUES ('format', 'png');"
    /// A `WITH RECURSIVE` that never ends, as a view's body.
    static func endless(_ columns: String) -> String {
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT \(columns) FROM r"
    }

    /// An endless recursive view as `metadata` or `tiles` is refused when the
    /// file is opened, in one line, without running it; so is a virtual table.
    @Test func aRecursiveViewOrAVirtualTableIsRefusedUnread() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let metadata = directory.appendingPathComponent("metadata.mbtiles")
        try Self.run("sqlite3", [metadata.path, "CREATE VIEW metadata AS \(Self.endless("'k' || n AS name, 'v' AS value"))"])
        let tiles = directory.appendingPathComponent("tiles.mbtiles")
        try Self.run(
            "sqlite3",
            [
                tiles.path,
                Self.pngMetadata
                    + "CREATE VIEW tiles AS \(Self.endless("0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'00' AS tile_data"))",
            ])
        let virtual = directory.appendingPathComponent("virtual.mbtiles")
        let fts = "CREATE VIRTUAL TABLE tiles USING fts5(zoom_level, tile_column, tile_row, tile_data)"
        try Self.run("sqlite3", [virtual.path, Self.pngMetadata + fts])
        for (file, reason) in [
            (metadata, "its metadata is a recursive query (WITH RECURSIVE), which can run without end"),
            (tiles, "its tiles is a recursive query (WITH RECURSIVE), which can run without end"),
            (virtual, "its tiles is a virtual table, which MBTiles does not allow"),
        ] {
            #expect(throws: MBTilesError(path: file.path, reason: reason)) { try MBTilesFile(url: file) }
        }
    }

    /// A `tiles` view that computes for seconds (a join of a table with
    /// itself, four times over: 10^8 rows) is given up on at the read's bound, and not
    /// read again until the file changes; a view over real tables (the
    /// `map`/`images` layout of mbutil and TileMill) is read as a table is.
    @Test func aTileReadIsBoundedAndAViewOfTablesIsRead() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("slow.mbtiles")
        try Self.run(
            "sqlite3",
            [
                file.path,
                Self.pngMetadata
                    + """
                    CREATE TABLE t (x INTEGER);
                    WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100) INSERT INTO t SELECT n FROM r;
                    CREATE VIEW tiles AS SELECT a.x + b.x + c.x + d.x AS zoom_level, (a.x + b.x + c.x + d.x) * 0 AS tile_column,
                      (a.x + b.x + c.x + d.x) * 0 AS tile_row, x'00' AS tile_data FROM t a, t b, t c, t d;
                    """,
            ])
        let slow = try MBTilesFile(url: file, readSeconds: 0.2)
        // Row 0 at zoom 1: the view's rows match it in all but the zoom, found only at the innermost of four loops.
        let key = TileKey(z: 1, x: 0, y: 1)
        let read = slow.read(key)
        guard case .unreadable(let reason) = read else {
            Issue.record("the read was not given up on: \(read)")
            return
        }
        #expect(reason == "reading a tile took more than 0.2 s; tiles are not read from it for 2.4 s, or until it changes")
        #expect(slow.read(key) == .unreadable(reason: reason))

        // Renamed over it, a file of `map` and `images` behind a `tiles` view serves at once.
        let png = [UInt8](try Data(contentsOf: TestSupport.tiles.appendingPathComponent("10/532/372.png")))
        let views = directory.appendingPathComponent("views.mbtiles")
        try Self.run(
            "sqlite3",
            [
                views.path,
                Self.pngMetadata
                    + """
                    CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
                    CREATE TABLE images (tile_data BLOB, tile_id TEXT);
                    CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row);
                    CREATE UNIQUE INDEX images_id ON images (tile_id);
                    CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
                      map.tile_row AS tile_row, images.tile_data AS tile_data FROM map JOIN images ON images.tile_id = map.tile_id;
                    INSERT INTO map VALUES (1, 0, 0, 'a');
                    INSERT INTO images VALUES (x'\(png.map { String(format: "%02x", $0) }.joined())', 'a');
                    """,
            ])
        #expect(rename(views.path, file.path) == 0)
        #expect(slow.read(key) == .png(png))
        #expect(slow.read(TileKey(z: 1, x: 1, y: 1)) == .missing)
    }

    /// What `tiles render --out` may replace: nothing, an empty file, or a
    /// file nearby wrote; not a text file, a GeoPackage, or another tool's tiles.
    @Test func onlyAFileNearbyWroteIsReplaced() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (ours, _) = try Self.render(12...12, in: directory)
        let empty = directory.appendingPathComponent("empty.mbtiles")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        let text = directory.appendingPathComponent("notes.mbtiles")
        try Data("my notes\n".utf8).write(to: text)
        let other = directory.appendingPathComponent("other.mbtiles")
        try Self.run(
            "sqlite3",
            [
                other.path,
                "PRAGMA application_id = \(MBTilesSchema.applicationID);" + Self.pngMetadata
                    + "INSERT INTO metadata VALUES ('description', 'drawn by hand');"
                    + "CREATE TABLE tiles (zoom_level, tile_column, tile_row, tile_data)",
            ])
        #expect(MBTilesWriter.reasonNotToReplace(ours) == nil)
        #expect(MBTilesWriter.reasonNotToReplace(empty) == nil)
        #expect(MBTilesWriter.reasonNotToReplace(directory.appendingPathComponent("none.mbtiles")) == nil)
        #expect(MBTilesWriter.reasonNotToReplace(text) == "it is not an SQLite database")
        #expect(
            MBTilesWriter.reasonNotToReplace(TestSupport.repository.appendingPathComponent("Data/places.gpkg"))
                == "it is an SQLite database but not an MBTiles file")
        #expect(MBTilesWriter.reasonNotToReplace(other) == "its description does not say that nearby drew it")
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
