import Foundation
import Hummingbird
import MapRender
import NearbyKit

/// The PNG bytes of basemap tiles: files of the tile folder, and tiles drawn
/// from the extract where the folder has none, kept in memory up to a byte
/// budget, least recently used out first; a tile over an eighth of the
/// budget is served but not kept. A file's entry is checked against the
/// file's stamp on each use, so a tile set re-rendered under a running
/// server is served fresh.
final class TileStore: Sendable {
    struct Tile: Sendable {
        let bytes: ByteBuffer
        let etag: String
    }

    enum Failure: Error {
        case missing
        case unreadable(String)
    }

    /// The folder, symlinks resolved, so that a tile's real path can be checked to lie inside it.
    let directory: String?
    let basemap: (any TileRendering)?
    private let cache: LRUCache<TileKey, Cached>

    private struct Cached: Sendable {
        /// The file's when it came from one; nil for a tile drawn from the extract.
        let stamp: FileStamp?
        let tile: Tile
    }

    init(directory: URL?, basemap: (any TileRendering)?, budget: Int = 64 << 20) {
        self.directory = directory.flatMap { Self.realPath($0.path) }
        self.basemap = basemap
        cache = LRUCache(
            budget: budget, largestEntry: budget / 8, keyBytes: { _ in MemoryLayout<TileKey>.size },
            valueBytes: { $0.tile.bytes.readableBytes + $0.tile.etag.utf8.count })
    }

    func tile(_ key: TileKey) throws(Failure) -> Tile {
        let file = directory.map { "\($0)/\(key.z)/\(key.x)/\(key.y).png" }
        if let file, let stamp = FileStamp(atPath: file), stamp.isRegularFile {
            if let cached = cache.value(for: key, isCurrent: { $0.stamp == stamp }) { return cached.tile }
            let tile = try read(file, stamp: stamp)
            cache.store(Cached(stamp: stamp, tile: tile), for: key)
            return tile
        }
        guard let basemap else { throw .missing }
        if let cached = cache.value(for: key, isCurrent: { $0.stamp == nil }) { return cached.tile }
        let bytes: [UInt8]
        do {
            bytes = try PNGEncoder().encode(basemap.renderTile(key))
        } catch {
            throw .unreadable("cannot draw tile \(key): \(error.localizedDescription)")
        }
        var hash = FNV1a()
        hash.combine(bytes)
        let tile = Tile(bytes: ByteBuffer(bytes: bytes), etag: "\"r\(hash.hex)\"")
        cache.store(Cached(stamp: nil, tile: tile), for: key)
        return tile
    }

    private func read(_ file: String, stamp: FileStamp) throws(Failure) -> Tile {
        // Never read outside the folder, whatever symlinks inside it say.
        guard let directory, let real = Self.realPath(file), real.hasPrefix(directory + "/") else { throw .missing }
        guard let data = FileManager.default.contents(atPath: real) else { throw .unreadable("cannot read \(file)") }
        // The file's identity, size and time: cheap, and changed by any new rendering.
        var hash = FNV1a()
        hash.combine("\(stamp.identity.inode) \(stamp.size) \(stamp.modified)".utf8)
        return Tile(bytes: ByteBuffer(data: data), etag: "\"f\(hash.hex)\"")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
