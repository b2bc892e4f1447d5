import Foundation
import Hummingbird
import MapRender
import NIOConcurrencyHelpers
import NearbyKit

/// The PNG bytes of basemap tiles: files of the tile folder, and tiles drawn
/// from the extract where the folder has none, kept in memory up to a byte
/// budget. A file's entry is checked against the file's stamp on each use,
/// so a tile set re-rendered under a running server is served fresh.
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
    private let cache = NIOLockedValueBox(Cache())
    private let budget: Int

    private struct Cache {
        var tiles: [TileKey: (stamp: FileStamp?, tile: Tile)] = [:]
        var bytes = 0
    }

    init(directory: URL?, basemap: (any TileRendering)?, budget: Int = 64 << 20) {
        self.directory = directory.flatMap { Self.realPath($0.path) }
        self.basemap = basemap
        self.budget = budget
    }

    func tile(_ key: TileKey) throws(Failure) -> Tile {
        let file = directory.map { "\($0)/\(key.z)/\(key.x)/\(key.y).png" }
        if let file, let stamp = FileStamp(atPath: file), stamp.isRegularFile {
            if let cached = cache.withLockedValue({ $0.tiles[key] }), cached.stamp == stamp { return cached.tile }
            let tile = try read(file, stamp: stamp)
            keep(tile, for: key, stamp: stamp)
            return tile
        }
        guard let basemap else { throw .missing }
        if let cached = cache.withLockedValue({ $0.tiles[key] }), cached.stamp == nil { return cached.tile }
        let bytes: [UInt8]
        do {
            bytes = try PNGEncoder().encode(basemap.renderTile(key))
        } catch {
            throw .unreadable("cannot draw tile \(key): \(error.localizedDescription)")
        }
        var hash = FNV1a()
        hash.combine(bytes)
        let tile = Tile(bytes: ByteBuffer(bytes: bytes), etag: "\"r\(hash.hex)\"")
        keep(tile, for: key, stamp: nil)
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

    private func keep(_ tile: Tile, for key: TileKey, stamp: FileStamp?) {
        let size = tile.bytes.readableBytes
        guard size <= budget / 8 else { return }
        cache.withLockedValue { cache in
            if cache.bytes + size > budget {
                cache.tiles.removeAll(keepingCapacity: true)
                cache.bytes = 0
            }
            if let old = cache.tiles[key] { cache.bytes -= old.tile.bytes.readableBytes }
            cache.tiles[key] = (stamp, tile)
            cache.bytes += size
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
