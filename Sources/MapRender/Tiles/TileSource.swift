import Foundation
import NearbyKit

/// Basemap tiles decoded for drawing: read from a tile set (a folder of
/// `{z}/{x}/{y}.png`, or an MBTiles file), decoded with libpng and kept in
/// memory. A tile that is missing, unreadable or too large is drawn from
/// `onDemand` when one is given, and otherwise left out (the snapshot shows
/// plain land there); the snapshot that needed it says why in its own
/// `warnings`. A kept tile is checked against the set's version of it on
/// each use (a `stat`), so that tiles drawn anew under a running server are
/// drawn fresh.
///
/// One source is meant to be shared by every request of a server: the cache
/// is bounded by bytes, not by a tile count, so a tile set of huge images
/// cannot grow it past `byteBudget` (the least recently used tiles go
/// first), and nothing a request learns is kept per caller.
public final class TileSource: Sendable {
    public let tiles: any TileSet
    public let onDemand: (any TileRendering)?
    /// Decoded pixels kept in memory at most, in bytes.
    public let byteBudget: Int
    /// Tiles wider or taller than this are refused before they are decoded:
    /// a tile set's tiles are 256 or 512 pixels, and one 8000-pixel "tile"
    /// would cost a quarter of a gigabyte.
    public let maximumTileSide: Int

    public static let defaultByteBudget = 128 << 20
    public static let defaultMaximumTileSide = 1024
    /// What a remembered failure costs in the budget, so that failures are
    /// bounded too.
    static let failureCost = 256

    /// A failure is remembered so that a missing tile is not looked for
    /// again by every request; it carries the reason each request reports.
    ///
    /// Only pixels and failures are charged, as `byteBudget` says: a decoded
    /// tile's key and bookkeeping, a hundred bytes or so, are lost beside its
    /// quarter of a megabyte, and `failureCost` stands for a failure's whole
    /// entry.
    private let cache: LRUCache<TileKey, Cached>

    private struct Cached: Sendable {
        /// The set's version of the tile when it was read (`TileSet.version(of:)`).
        let version: FileStamp?
        /// For a tile drawn on demand, the drawing's generation (`TileRendering.generation`) when it began.
        let generation: UInt64?
        let result: Result<PixelBuffer, TileWarning>
        /// What the pixels were made from (`digest(of:)`).
        let digest: UInt64
    }

    /// - Parameters:
    ///   - byteBudget: decoded pixels kept in memory at most (default 128 MB).
    ///   - maximumTileSide: larger tiles are refused and drawn as plain land.
    public init(
        tiles: any TileSet, onDemand: (any TileRendering)? = nil,
        byteBudget: Int = TileSource.defaultByteBudget,
        maximumTileSide: Int = TileSource.defaultMaximumTileSide
    ) {
        self.tiles = tiles
        self.onDemand = onDemand
        self.byteBudget = max(byteBudget, 0)
        self.maximumTileSide = min(max(maximumTileSide, 1), PNGDecoder.maximumSide)
        cache = LRUCache(budget: self.byteBudget, entryOverhead: 0, keyBytes: { _ in 0 }, valueBytes: { Self.cost($0.result) })
    }

    /// Tiles from a folder of `{z}/{x}/{y}.png`.
    public convenience init(
        directory: URL, onDemand: (any TileRendering)? = nil,
        byteBudget: Int = TileSource.defaultByteBudget,
        maximumTileSide: Int = TileSource.defaultMaximumTileSide
    ) {
        self.init(tiles: TileFolder(directory: directory), onDemand: onDemand, byteBudget: byteBudget, maximumTileSide: maximumTileSide)
    }

    /// The credit every map drawn from these tiles carries (the set's metadata).
    public var attribution: TileSetAttribution { tiles.attribution }

    private static func cost(_ result: Result<PixelBuffer, TileWarning>) -> Int {
        switch result {
        case .success(let pixels): pixels.byteCount
        case .failure: failureCost
        }
    }

    /// The tile's pixels, or why it has to be drawn as plain land.
    public func lookup(_ key: TileKey) -> Result<PixelBuffer, TileWarning> {
        cached(key).result
    }

    /// The tile's pixels with the names that overlap `clearance` left out:
    /// drawn again from the extract when the tile is nearby's own drawing
    /// (drawn here, or from a tile set whose metadata says nearby drew it) and
    /// a name on it overlaps; else, or when the drawing fails, the tile as it
    /// is. Not kept: a clearance is one map's.
    public func lookup(_ key: TileKey, clearOf clearance: LabelClearance) -> Result<PixelBuffer, TileWarning> {
        let plain = cached(key)
        guard !clearance.isEmpty, let onDemand, case .success = plain.result,
            plain.generation != nil || tiles.coverage?.drawnByNearby == true,
            let cleared = try? onDemand.renderTile(key, clearOf: clearance)
        else { return plain.result }
        return .success(cleared)
    }

    /// A digest of what the tile's pixels are made from, equal wherever the
    /// tile is: the set's PNG bytes, the pixels of a tile drawn on demand,
    /// or why the tile is plain land. What a map's entity tag is made from,
    /// so that two servers on the same tiles give one map one tag, and a tile
    /// drawn anew changes the tags of exactly the maps that show it. Reads
    /// and decodes the tile if it is not kept yet (as drawing it would).
    public func digest(of key: TileKey) -> UInt64 {
        cached(key).digest
    }

    private func cached(_ key: TileKey) -> Cached {
        let version = tiles.version(of: key)
        // Read before drawing: a tile drawn while the basemap moves on is kept as out of date.
        let generation = onDemand?.generation
        let isCurrent = { (cached: Cached) in cached.version == version && (cached.generation == nil || cached.generation == generation) }
        if let cached = cache.value(for: key, isCurrent: isCurrent) { return cached }
        let (result, digest, drawn) = load(key)
        // A tile larger than the whole budget is handed out but not kept.
        let entry = Cached(version: version, generation: drawn ? generation : nil, result: result, digest: digest)
        cache.store(entry, for: key)
        return entry
    }

    /// The tile's pixels, or nil when it has to be drawn as plain land.
    public func tile(_ key: TileKey) -> PixelBuffer? {
        try? lookup(key).get()
    }

    /// Bytes the cache holds now (never more than `byteBudget`).
    public var cachedBytes: Int {
        cache.bytes
    }

    /// Tiles the cache holds now, failures included.
    public var cachedTileCount: Int {
        cache.count
    }

    /// One line for stderr about `warnings`, or nil when there is nothing to say.
    public func warningSummary(_ warnings: [TileWarning]) -> String? {
        guard let first = warnings.first else { return nil }
        let others = warnings.count > 1 ? " and \(warnings.count - 1) more" : ""
        return "\(first)\(others) in \(tiles.path); drawn as plain land"
    }

    /// The tile's pixels and digest, and whether `onDemand` drew them (or failed to).
    private func load(_ key: TileKey) -> (Result<PixelBuffer, TileWarning>, digest: UInt64, drawn: Bool) {
        var digest = FNV1a()
        let problem: TileWarning
        switch tiles.read(key) {
        case .missing:
            problem = .missing(key)
        case .unreadable(let reason):
            problem = .corrupt(key, reason: reason)
        case .oversized(let reason):
            problem = .oversized(key, reason: reason)
        case .png(let bytes):
            digest.combine("png\n".utf8)
            digest.combine(bytes)
            do {
                return (.success(try PNGDecoder.decode(Data(bytes), maximumSide: maximumTileSide)), digest.value, false)
            } catch {
                if case .tooLarge(let width, let height, _) = error {
                    problem = .oversized(key, reason: "\(width)×\(height) pixels, more than \(maximumTileSide) a side")
                } else {
                    problem = .corrupt(key, reason: error.localizedDescription)
                }
            }
        }
        digest.combine("\(problem)\n".utf8)
        guard let onDemand else { return (.failure(problem), digest.value, false) }
        do {
            let pixels = try onDemand.renderTile(key)
            digest.combine("drawn\n".utf8)
            pixels.combineBytes(into: &digest)
            return (.success(pixels), digest.value, true)
        } catch BasemapError.extractMissing {
            // No extract to draw from (yet): the tile is missing, as without a basemap.
            return (.failure(problem), digest.value, true)
        } catch {
            let warning = TileWarning.renderFailed(key, reason: error.localizedDescription)
            digest.combine("\(warning)".utf8)
            return (.failure(warning), digest.value, true)
        }
    }
}
