import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// Basemap tiles from a directory laid out as `{z}/{x}/{y}.png` (the
/// OpenStreetMap/XYZ convention), decoded with libpng and kept in memory.
/// A tile that is missing, unreadable or too large is drawn from `onDemand`
/// when one is given, and otherwise left out (the snapshot shows plain land
/// there); the snapshot that needed it says why in its own `warnings`.
///
/// One source is meant to be shared by every request of a server: the cache
/// is bounded by bytes, not by a tile count, so a tile set of huge images
/// cannot grow it past `byteBudget` (the least recently used tiles go
/// first), and nothing a request learns is kept per caller.
public final class TileSource: Sendable {
    public let directory: URL
    public let onDemand: (any TileRendering)?
    /// Decoded pixels kept in memory at most, in bytes.
    public let byteBudget: Int
    /// Tiles wider or taller than this are refused before they are decoded:
    /// a tile set's tiles are 256 or 512 pixels, and one 8000-pixel "tile"
    /// would cost a quarter of a gigabyte.
    public let maximumTileSide: Int
    /// The credit every map drawn from these tiles carries (`metadata.json`).
    public let attribution: TileSetAttribution

    public static let defaultByteBudget = 128 << 20
    public static let defaultMaximumTileSide = 1024
    /// Larger files are not read at all (a 1024-pixel tile is a few MB).
    static let maximumFileBytes = 32 << 20
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
    private let cache: LRUCache<TileKey, Result<PixelBuffer, TileWarning>>
    private let legacyLog = NIOLockedValueBox([TileWarning]())

    /// - Parameters:
    ///   - byteBudget: decoded pixels kept in memory at most (default 128 MB).
    ///   - maximumTileSide: larger tiles are refused and drawn as plain land.
    public init(
        directory: URL, onDemand: (any TileRendering)? = nil,
        byteBudget: Int = TileSource.defaultByteBudget,
        maximumTileSide: Int = TileSource.defaultMaximumTileSide
    ) {
        self.directory = directory
        self.onDemand = onDemand
        self.byteBudget = max(byteBudget, 0)
        self.maximumTileSide = min(max(maximumTileSide, 1), PNGDecoder.maximumSide)
        attribution = TileSetAttribution(directory: directory)
        cache = LRUCache(budget: self.byteBudget, entryOverhead: 0, keyBytes: { _ in 0 }, valueBytes: Self.cost)
    }

    private static func cost(_ result: Result<PixelBuffer, TileWarning>) -> Int {
        switch result {
        case .success(let pixels): pixels.byteCount
        case .failure: failureCost
        }
    }

    /// The tile's pixels, or why it has to be drawn as plain land.
    public func lookup(_ key: TileKey) -> Result<PixelBuffer, TileWarning> {
        if let cached = cache.value(for: key) { return cached }
        let result = load(key)
        if case .failure(let warning) = result {
            legacyLog.withLockedValue { log in
                // Bounded: a server that never takes the old log must not grow it.
                if log.count < 1024, !log.contains(where: { $0.tile == key }) { log.append(warning) }
            }
        }
        // A tile larger than the whole budget is handed out but not kept.
        cache.store(result, for: key)
        return result
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

    /// Every tile that could not be had since the source was made (or last
    /// taken), at most 1024. Shared by all callers: a server must use
    /// `MapSnapshot.warnings`, which belong to one snapshot.
    @available(*, deprecated, message: "use MapSnapshot.warnings, which belong to one snapshot")
    public var warnings: [TileWarning] {
        legacyLog.withLockedValue { $0 }
    }

    /// Hands the shared log over and forgets it.
    @available(*, deprecated, message: "use MapSnapshot.warnings, which belong to one snapshot")
    public func takeWarnings() -> [TileWarning] {
        legacyLog.withLockedValue { log in
            defer { log.removeAll() }
            return log
        }
    }

    /// One line for stderr about `warnings`, or nil when there is nothing to say.
    public func warningSummary(_ warnings: [TileWarning]) -> String? {
        guard let first = warnings.first else { return nil }
        let others = warnings.count > 1 ? " and \(warnings.count - 1) more" : ""
        return "\(first)\(others) under \(directory.path); drawn as plain land"
    }

    public func path(of key: TileKey) -> URL {
        directory.appendingPathComponent("\(key.z)/\(key.x)/\(key.y).png")
    }

    private func load(_ key: TileKey) -> Result<PixelBuffer, TileWarning> {
        let url = path(of: key)
        let problem: TileWarning
        switch Self.regularFileSize(url.path) {
        case nil:
            problem = .missing(key)
        case .some(let size) where size < 0:
            problem = .corrupt(key, reason: "not a regular file")
        case .some(let size) where size > Self.maximumFileBytes:
            problem = .oversized(key, reason: "the file is \(size / (1 << 20)) MB")
        default:
            do {
                return .success(try PNGDecoder.decode(contentsOf: url, maximumSide: maximumTileSide))
            } catch {
                if case .tooLarge(let width, let height, _) = error {
                    problem = .oversized(key, reason: "\(width)×\(height) pixels, more than \(maximumTileSide) a side")
                } else {
                    problem = .corrupt(key, reason: error.localizedDescription)
                }
            }
        }
        guard let onDemand else { return .failure(problem) }
        do {
            return .success(try onDemand.renderTile(key))
        } catch {
            return .failure(.renderFailed(key, reason: error.localizedDescription))
        }
    }

    /// The file's size; -1 for something that is not a regular file (a FIFO
    /// would block the read forever); nil when nothing is there.
    private static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return -1 }
        return Int(info.st_size)
    }
}
