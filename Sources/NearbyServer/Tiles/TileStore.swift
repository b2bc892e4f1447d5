import Foundation
import Hummingbird
import MapRender
import NearbyKit

/// The PNG bytes of basemap tiles: the tile set's (a folder or an MBTiles
/// file), and tiles drawn from the extract where the set has none, kept in
/// memory up to a byte budget, least recently used out first; a tile over an
/// eighth of the budget is served but not kept. An entry is checked against
/// the set's version of the tile on each use (a `stat`), and a drawn one
/// against the basemap's generation, so a tile set rendered anew under a
/// running server, or a basemap that follows updated data, is served fresh.
/// Drawing is a core's work for tens of milliseconds, so it runs in the
/// drawing pool, never on the thread that answers the request.
final class TileStore: Sendable {
    struct Tile: Sendable {
        let bytes: ByteBuffer
        let etag: String
        /// Drawn here from the extract, not read from the tile set.
        var drawn = false
    }

    enum Failure: Error {
        case missing
        case unreadable(String)
        /// The set's bytes are not a PNG (an HTML page in a tile's place): 404,
        /// with why the first time (nil when it was said before).
        case notPNG(String?)
        /// The drawing pool and its queue are full.
        case busy
    }

    let tiles: (any TileSet)?
    let basemap: (any TileRendering)?
    private let drawing: DrawingPool
    private let cache: LRUCache<TileKey, Cached>
    /// Tiles drawn again without the names under a moving map's pins, by the
    /// boxes asked; each checked against the basemap's generation.
    private let cleared: LRUCache<ClearedKey, (generation: UInt64, tile: Tile)>

    private struct ClearedKey: Hashable, Sendable {
        let key: TileKey
        let clearance: LabelClearance
    }

    private struct Cached: Sendable {
        /// The set's version of the tile when it was read or found missing (`TileSet.version(of:)`).
        let version: FileStamp?
        /// For a tile drawn here, the basemap's generation (`TileRendering.generation`) when the drawing began.
        let generation: UInt64?
        /// Nil for the set's bytes that are not a PNG: kept so that they are refused, and said, once.
        let tile: Tile?
    }

    /// How every PNG begins (ISO/IEC 15948, 5.2).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    init(tiles: (any TileSet)?, basemap: (any TileRendering)?, drawing: DrawingPool, budget: Int = 64 << 20) {
        self.tiles = tiles
        self.basemap = basemap
        self.drawing = drawing
        cache = LRUCache(
            budget: budget, largestEntry: budget / 8, keyBytes: { _ in MemoryLayout<TileKey>.size },
            valueBytes: { $0.tile.map { $0.bytes.readableBytes + $0.etag.utf8.count } ?? 16 })
        cleared = LRUCache(
            budget: budget / 4, largestEntry: budget / 32, keyBytes: { MemoryLayout<TileKey>.size + $0.clearance.byteCount },
            valueBytes: { $0.tile.bytes.readableBytes + $0.tile.etag.utf8.count })
    }

    /// The tile without the names that overlap `clearance`
    /// (`BasemapTileRenderer.renderTile(_:clearOf:)`), drawn in the pool when
    /// the tile is nearby's own drawing and a name on it does; else the tile
    /// as `tile(_:)` serves it.
    func tile(_ key: TileKey, clearOf clearance: LabelClearance) async throws(Failure) -> Tile {
        let plain = try await tile(key)
        guard !clearance.isEmpty, let basemap, plain.drawn || tiles?.coverage?.drawnByNearby == true else { return plain }
        let generation = basemap.generation
        let clearedKey = ClearedKey(key: key, clearance: clearance)
        if let kept = cleared.value(for: clearedKey, isCurrent: { $0.generation == generation }) { return kept.tile }
        guard
            let drawn = await drawing.draw({ () -> [UInt8]? in
                (try? basemap.renderTile(key, clearOf: clearance)).flatMap { $0 }.flatMap { try? PNGEncoder().encode($0) }
            })
        else { throw .busy }
        // No name on it overlaps (or the extract cannot be read now): the tile as it is.
        guard let bytes = drawn else { return plain }
        var hash = FNV1a()
        hash.combine(bytes)
        let tile = Tile(bytes: ByteBuffer(bytes: bytes), etag: "\"c\(hash.hex)\"", drawn: true)
        cleared.store((generation, tile), for: clearedKey)
        return tile
    }

    func tile(_ key: TileKey) async throws(Failure) -> Tile {
        let version = tiles?.version(of: key)
        // Read before drawing: a tile drawn while the basemap moves on is kept as out of date.
        let generation = basemap?.generation
        let isCurrent = { (cached: Cached) in cached.version == version && (cached.generation == nil || cached.generation == generation) }
        if let cached = cache.value(for: key, isCurrent: isCurrent) {
            guard let tile = cached.tile else { throw .notPNG(nil) }
            return tile
        }
        let bytes: [UInt8]
        let drawn: Bool
        switch tiles?.read(key) ?? .missing {
        case .png(let png):
            // The tile set's format is PNG (an MBTiles file of another is refused): bytes that are not one are not served.
            guard png.starts(with: Self.pngSignature) else {
                cache.store(Cached(version: version, generation: nil, tile: nil), for: key)
                throw .notPNG("tile \(key) of \(tiles?.path ?? "the tile set") is not a PNG (\(png.count) bytes); answered 404")
            }
            (bytes, drawn) = (png, false)
        case .unreadable(let reason), .oversized(let reason):
            throw .unreadable("cannot read tile \(key) from \(tiles?.path ?? "the tile set"): \(reason)")
        case .missing:
            guard let basemap else { throw .missing }
            guard let png = await drawing.draw({ Self.draw(key, basemap) }) else { throw .busy }
            (bytes, drawn) = (try png.get(), true)
        }
        var hash = FNV1a()
        hash.combine(bytes)
        // "r": drawn here; "f": the set's. A tag names the bytes, whichever file they came from.
        let tile = Tile(bytes: ByteBuffer(bytes: bytes), etag: "\"\(drawn ? "r" : "f")\(hash.hex)\"", drawn: drawn)
        cache.store(Cached(version: version, generation: drawn ? generation : nil, tile: tile), for: key)
        return tile
    }

    private static func draw(_ key: TileKey, _ basemap: any TileRendering) -> Result<[UInt8], Failure> {
        do {
            return .success(try PNGEncoder().encode(basemap.renderTile(key)))
        } catch BasemapError.extractMissing {
            return .failure(.missing)
        } catch {
            return .failure(.unreadable("cannot draw tile \(key): \(error.localizedDescription)"))
        }
    }
}
