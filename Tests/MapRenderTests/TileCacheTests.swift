import Foundation
import NearbyKit
import Synchronization
import Testing

@testable import MapRender

/// The tile cache a server shares between requests: bounded by bytes,
/// refusing huge tiles from their header, and keeping warnings per snapshot.
@Suite struct TileCacheTests {
    /// A PNG whose IHDR announces `width` × `height` pixels, followed by a
    /// token IDAT: libpng reads the header and stops, as a decoder that
    /// checks the size first must.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
                + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", []))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, reflected, 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func write(_ data: Data, at key: TileKey, in directory: URL) throws {
        let folder = directory.appendingPathComponent("\(key.z)/\(key.x)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: folder.appendingPathComponent("\(key.y).png"))
    }

    @Test func theDecoderRefusesHugeImagesFromTheirHeader() throws {
        #expect(throws: PNGError.tooLarge(width: 30_000, height: 30_000, maximumSide: 4096)) {
            try PNGDecoder.decode(Self.pngHeader(width: 30_000, height: 30_000))
        }
        #expect(throws: PNGError.tooLarge(width: 8000, height: 256, maximumSide: 1024)) {
            try PNGDecoder.decode(Self.pngHeader(width: 8000, height: 256), maximumSide: 1024)
        }
        // The same header at an accepted size gets as far as the (token) pixels.
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Self.pngHeader(width: 256, height: 256)) }
        #expect(PNGError.tooLarge(width: 1, height: 2, maximumSide: 3).exitCode == 65)
    }

    @Test func theCacheStaysWithinItsByteBudget() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 512-pixel tiles: 1 MB each once decoded.
        let png = Data(try PNGEncoder().encode(PixelBuffer(width: 512, height: 512)))
        let keys = (0..<10).map { TileKey(z: 16, x: $0, y: 0) }
        for key in keys { try Self.write(png, at: key, in: directory) }
        let tileBytes = PixelBuffer(width: 512, height: 512).byteCount
        let source = TileSource(directory: directory, byteBudget: 3 * tileBytes + 100)

        var first: PixelBuffer?
        for key in keys {
            let tile = try source.lookup(key).get()
            if first == nil { first = tile }
            #expect(source.cachedBytes <= source.byteBudget)
        }
        #expect(source.cachedBytes == 3 * tileBytes)
        #expect(source.cachedTileCount == 3)
        // The last tile is still cached (the same buffer); the first was evicted.
        #expect(try source.lookup(keys[9]).get() === source.lookup(keys[9]).get())
        #expect(try source.lookup(keys[0]).get() !== first)

        // Least recently used goes first: keys[9], inserted before keys[0], 1 and 2
        // but used since, outlives them all (a first-in-first-out cache would drop it).
        _ = source.tile(keys[9])
        _ = source.tile(keys[1])
        let nine = try source.lookup(keys[9]).get()
        _ = source.tile(keys[2])
        #expect(try source.lookup(keys[9]).get() === nine)
    }

    @Test func aTileLargerThanTheBudgetIsUsedButNotKept() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = TileKey(z: 16, x: 1, y: 1)
        try Self.write(Data(try PNGEncoder().encode(PixelBuffer(width: 256, height: 256))), at: key, in: directory)
        let source = TileSource(directory: directory, byteBudget: 1000)
        #expect(source.tile(key)?.width == 256)
        #expect(source.cachedBytes == 0)
    }

    @Test func oversizedTilesAreWarnedAboutAndDrawnAsLand() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = TileSourceTests.options
        let viewport = try MapViewport(
            region: Region(center: TestSupport.cafeDeParis, span: .placeDetail),
            width: 300, height: 200, scale: 1, projection: TestSupport.projection)
        // Every tile claims to be 8000 × 8000: decoding them would take 256 MB each.
        for (key, _, _) in viewport.visibleTiles() {
            try Self.write(Self.pngHeader(width: 8000, height: 8000), at: key, in: directory)
        }
        let source = TileSource(directory: directory)
        let snapshot = try MapSnapshotter(tiles: source, projection: TestSupport.projection).snapshot(options)
        #expect(snapshot.warnings.count == viewport.visibleTiles().count)
        for warning in snapshot.warnings {
            guard case .oversized(_, let reason) = warning else {
                Issue.record("\(warning)")
                continue
            }
            #expect(reason == "8000×8000 pixels, more than 1024 a side")
        }
        #expect(snapshot.warnings.first?.description.contains("is too large (8000×8000 pixels") == true)
        #expect(TestSupport.isLand(snapshot.image.rgba(x: 150, y: 50)))
        #expect(source.cachedBytes == snapshot.warnings.count * TileSource.failureCost)

        // A smaller limit refuses real tiles the same way.
        let strict = TileSource(directory: TestSupport.tiles, maximumTileSide: 128)
        guard case .failure(.oversized) = strict.lookup(TileKey(z: 16, x: 34119, y: 23897)) else {
            Issue.record("a 256-pixel tile passed a 128-pixel limit")
            return
        }
    }

    @Test func aFifoInTheTileSetIsNotReadFrom() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = TileKey(z: 16, x: 2, y: 3)
        let folder = directory.appendingPathComponent("16/2")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("3.png").path, 0o600) == 0)
        // Reading would block for ever; the source must not even open it.
        guard case .failure(let warning) = TileSource(directory: directory).lookup(key) else {
            Issue.record("a FIFO decoded as a tile")
            return
        }
        #expect(warning == .corrupt(key, reason: "not a regular file"))
    }

    /// One source shared by concurrent snapshots: each snapshot's warnings
    /// are its own tiles', never another request's.
    @Test func concurrentSnapshotsKeepTheirOwnWarnings() throws {
        let snapshotter = try MapSnapshotter(tiles: TileSource(directory: TestSupport.tiles), projection: TestSupport.projection)
        let covered = TileSourceTests.options
        // Zoom 8 is not in Tiles/ (10–17), and there is no extract to draw it from.
        let uncovered = MapSnapshotOptions(framing: .centred(TestSupport.cafeDeParis, zoom: 8), width: 300, height: 200, scale: 1)
        let results = Mutex([(Bool, [TileWarning])]())
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let isCovered = index % 2 == 0
            let warnings = (try? snapshotter.snapshot(isCovered ? covered : uncovered).warnings) ?? [.missing(TileKey(z: -1, x: 0, y: 0))]
            results.withLock { $0.append((isCovered, warnings)) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 8)
        let expected = all.first { !$0.0 }?.1 ?? []
        #expect(!expected.isEmpty && expected.allSatisfy { $0.tile.z == 8 })
        for (isCovered, warnings) in all {
            #expect(warnings == (isCovered ? [] : expected))
        }
    }
}
